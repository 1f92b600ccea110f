"""Groups of floor cards adding up to a value, found and counted over counts of values.

A floor is read as how many cards it holds of each value, never as its subsets. The single
groups adding up to a value are found by a search that follows only the branches that can
still add up (``_reach``), so its steps grow with what it finds, and it stops at
MAX_OPTIONS (``limits.CAPTURES``, B808); ``count_sets`` counts them, value by value,
without finding them. The largest set that splits into groups is searched in ``covers``.
"""

from __future__ import annotations

from math import comb
from typing import Iterator

from .. import limits

# At most this many groups are kept for one floor: each is a capture.
MAX_OPTIONS = limits.CAPTURES


def _reach(value: int, counts: tuple[int, ...]) -> list[int]:
    """Returns, for each p from 0 to value, the sums up to value that the cards of values 1
    to p can make (bit s set: s can be made)."""
    limit = (1 << (value + 1)) - 1
    reach = [1]
    for p in range(1, value + 1):
        made = more = reach[-1]
        for _ in range(counts[p] if p < len(counts) else 0):
            more = (more << p) & limit
            if not more:
                break
            made |= more
        reach.append(made)
    return reach


def _sizes(value: int, counts: tuple[int, ...]) -> list[list[int]]:
    """Returns, for each p from 0 to value and each sum s up to value, the numbers of cards
    of values 1 to p that can make s (bit k set: k cards can)."""
    table = [[1] + [0] * value]
    for p in range(1, value + 1):
        below, row = table[-1], list(table[-1])
        for k in range(1, (counts[p] if p < len(counts) else 0) + 1):
            if k * p > value:
                break
            for s in range(k * p, value + 1):
                if below[s - k * p]:
                    row[s] |= below[s - k * p] << k
        table.append(row)
    return table


def fewest_size(value: int, counts: tuple[int, ...]) -> int:
    """Returns the fewest cards of the counts that add up to value (0 when none do)."""
    sizes = _sizes(value, counts)[value][value]
    return (sizes & -sizes).bit_length() - 1 if sizes else 0


def largest_size(value: int, counts: tuple[int, ...]) -> int:
    """Returns the most cards of the counts that add up to value in one group (0 when none do)."""
    sizes = _sizes(value, counts)[value][value]
    return sizes.bit_length() - 1 if sizes else 0


def single_groups(value: int, counts: tuple[int, ...], size: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Returns each single group (as counts per value) summing to value that the floor holds
    (of ``size`` cards, if given), by largest card from the smallest, and for one largest
    card its other cards from the largest down; at most MAX_OPTIONS of them."""
    key = (value, counts, size)
    found = _GROUPS.entries.get(key)
    if found is None:
        found = _GROUPS.put(key, tuple(_single_groups(value, counts, size)))
    return found


def _single_groups(value: int, counts: tuple[int, ...], size: int | None) -> Iterator[tuple[int, ...]]:
    if size is None:
        reach = _reach(value, counts)

        def can(s: int, p: int, spare: int, k: int) -> bool:  # s from values below p and spare more p's
            return any(reach[p - 1] >> (s - j * p) & 1 for j in range(min(spare, s // p) + 1))
    else:
        sizes = _sizes(value, counts)

        def can(s: int, p: int, spare: int, k: int) -> bool:  # ... in exactly k cards
            return any(sizes[p - 1][s - j * p] >> (k - j) & 1 for j in range(min(spare, s // p, k) + 1))
    most, made = MAX_OPTIONS, 0
    taken = [0] * (value + 1)

    def walk(remaining: int, p: int, left: int) -> Iterator[tuple[int, ...]]:
        if remaining == 0:
            yield tuple(taken)
            return
        for q in range(min(remaining, p), 0, -1):
            spare = counts[q] - taken[q] if q < len(counts) else 0
            if spare > 0 and can(remaining - q, q, spare - 1, left - 1):
                taken[q] += 1
                yield from walk(remaining - q, q, left - 1)
                taken[q] -= 1

    for top in range(1, min(value, len(counts) - 1) + 1):
        if counts[top] and (size is None or size >= 1) and can(value - top, top, counts[top] - 1,
                                                                 (size or 0) - 1):
            taken[top] = 1
            for group in walk(value - top, top, (size or 0) - 1):
                yield group
                made += 1
                if made >= most:
                    return
            taken[top] = 0


def count_sets(most: int, counts: tuple[int, ...], by_size: bool = False) -> list[int]:
    """Returns, for each sum from 0 to ``most``, how many sets of cards with these counts
    per value add up to it (with ``by_size``, the most of them that hold one number of
    cards): what 'choose one' (or 'fewest') may offer on such a floor, counted value by
    value (so many ways to take k of the n cards of a value), never listed."""
    if not by_size:
        ways = [1] + [0] * most
        for v in range(1, min(most, len(counts) - 1) + 1):
            before = list(ways)
            for k in range(1, counts[v] + 1):
                if k * v > most:
                    break
                chosen = comb(counts[v], k)
                for total in range(k * v, most + 1):
                    if before[total - k * v]:
                        ways[total] += before[total - k * v] * chosen
        return [0] + ways[1:]
    sized = [[1]] + [[] for _ in range(most)]  # sized[sum][cards]
    for v in range(1, min(most, len(counts) - 1) + 1):
        before = [list(row) for row in sized]
        for k in range(1, counts[v] + 1):
            if k * v > most:
                break
            chosen = comb(counts[v], k)
            for total in range(k * v, most + 1):
                row, source = sized[total], before[total - k * v]
                for cards, found in enumerate(source):
                    if found:
                        while len(row) <= cards + k:
                            row.append(0)
                        row[cards + k] += found * chosen
    return [0] + [max(row[1:], default=0) for row in sized[1:]]


class _Memo:
    """A bounded memo of search results by their counts: the oldest go first once the
    results kept hold more than ``size`` counts vectors in all; a result too large to keep
    is worked out again when asked. (A test that changes MAX_OPTIONS or MAX_STEPS clears
    it: results are kept as those limits made them.)"""

    def __init__(self, size: int):
        self.size, self.held, self.entries = size, 0, {}

    def put(self, key, result: tuple):
        weight = len(result) + 1
        if weight <= self.size // 64:
            self.entries[key] = result
            self.held += weight
            while self.held > self.size:
                self.held -= len(self.entries.pop(next(iter(self.entries)))) + 1
        return result

    def clear(self) -> None:
        self.entries.clear()
        self.held = 0


_GROUPS = _Memo(1 << 17)
single_groups.cache_clear = _GROUPS.clear  # type: ignore[attr-defined]
