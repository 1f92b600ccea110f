"""The largest set of floor cards that splits into groups adding up to a value ("choose
largest"), found over counts of values and bounded (``limits``, B808).

The search is memoised over the floor's counts, largest card first: that card either joins
a group, or is left out with every card of its value. Its positions are the sub-counts of
the floor reached that way, and a floor holding more cards never reaches fewer: a position
of the smaller floor's search is one of the larger's with the extra cards below its largest
card added back (the larger search leaves out the extra cards above it), and the groups
tried there are those of the larger floor or fewer. So the floor holding every card of the
pack that can add up to the value needs the longest search of all; ``search_cost`` counts
its steps and positions, the checker refuses a variant where they exceed
``limits.CAPTURE_STEPS`` or ``limits.CAPTURE_POSITIONS``, and the search stops with
``SearchTooLong``, rather than run on, should a floor ever need more.
"""

from __future__ import annotations

from typing import Iterable

from .. import limits
from .errors import RuleError
from .sums import _GROUPS, _Memo, _reach

# At most this many largest sets are kept for one floor: each is a capture.
MAX_OPTIONS = limits.CAPTURES
# The most steps one search for the largest capture may take, and the most positions it may
# keep (B808): a step is a group of cards tried on a position, or a position met.
MAX_STEPS = limits.CAPTURE_STEPS
MAX_POSITIONS = limits.CAPTURE_POSITIONS
# Steps the quick search for the largest capture (a few cards left behind, on a large
# floor) may take before the full search takes over: each finds the same captures.
QUICK_STEPS = 20_000
MAX_LEFTOVER = 4  # past this many cards left behind, a full search over groups is cheaper
SMALL_FLOOR = 20  # up to this many candidate cards, the group search is cheapest outright (measured)


class SearchTooLong(RuleError):
    """Raised when finding a capture would take more than ``MAX_STEPS`` steps; the resolver
    raises it again naming the capture rule. A variant the checker accepts never meets it."""

    def __init__(self, value: int, rule: str = "capture", span=None):
        super().__init__(rule, span, f"finding the largest capture adding up to {value} on this floor takes more "
                         f"than {MAX_STEPS:,} steps or {MAX_POSITIONS:,} positions, the most a capture search may "
                         "take (B808)")
        self.value = value


class _Steps:
    """Counts the steps of a search and the positions it keeps, and stops it past ``most``
    steps or ``positions`` positions (``SearchTooLong``)."""

    __slots__ = ("taken", "most", "kept", "positions", "value")

    def __init__(self, value: int, most: int, positions: int | None = None):
        self.taken, self.most, self.value = 0, most, value
        self.kept, self.positions = 0, MAX_POSITIONS if positions is None else positions

    def add(self, steps: int) -> None:
        self.taken += steps
        if self.taken > self.most:
            raise SearchTooLong(self.value)

    def keep(self, tried: int) -> None:
        """Counts a position met, with the groups tried on it."""
        self.kept += 1
        if self.kept > self.positions:
            raise SearchTooLong(self.value)
        self.add(1 + tried)


class _Floor:
    """A floor's counts of the values 1 to ``value`` packed in one int, the largest value in
    the most significant field (so the largest card left is read from the int's length),
    with a guard bit above each field: taking a group's counts away clears a guard bit
    exactly when the floor lacks one of its cards."""

    __slots__ = ("value", "values", "width", "shifts", "guard", "mask", "start", "groups")

    def __init__(self, value: int, counts: tuple[int, ...], steps: _Steps, reach: list[int] | None = None):
        self.value = value
        self.values = values = [v for v in range(min(value, len(counts) - 1), 0, -1) if counts[v]]
        self.width = width = max((counts[v] for v in values), default=0).bit_length() + 1
        self.shifts = shifts = [(len(values) - 1 - i) * width for i in range(len(values))]
        self.guard = sum(1 << (shift + width - 1) for shift in shifts)
        self.mask = (1 << (width - 1)) - 1
        self.start = sum(counts[v] << shift for v, shift in zip(values, shifts))
        self.groups = self._groups(counts, steps, _reach(value, counts) if reach is None else reach)

    def top(self, state: int) -> int:
        """Returns the field of the largest value the state holds a card of."""
        return len(self.values) - 1 - (state.bit_length() - 1) // self.width

    def pack(self, counts: tuple[int, ...]) -> int | None:
        """Returns counts per value packed as the floor is; None when a value has no field."""
        fields = dict(zip(self.values, self.shifts))
        packed = 0
        for v, k in enumerate(counts):
            if k:
                if v not in fields:
                    return None
                packed |= k << fields[v]
        return packed

    def unpack(self, state: int) -> tuple[int, ...]:
        counts = [0] * (self.value + 1)
        for v, shift in zip(self.values, self.shifts):
            counts[v] = (state >> shift) & self.mask
        return tuple(counts)

    def _groups(self, counts: tuple[int, ...], steps: _Steps, reach: list[int]) -> list[list[tuple[int, int]]]:
        """Returns, by field, the groups (packed, with their number of cards) adding up to
        the value whose largest card is that field's value; each found is a step."""
        values, shifts, value = self.values, self.shifts, self.value
        found: list[list[tuple[int, int]]] = []

        def walk(remaining: int, i: int, used: int, code: int, size: int, mine: list) -> None:
            if remaining == 0:
                steps.add(1)
                mine.append((code, size))
                return
            for j in range(i, len(values)):
                v = values[j]
                spare = counts[v] - (used if j == i else 0)
                if v > remaining or spare <= 0:
                    continue
                rest = remaining - v
                if any(reach[v - 1] >> (rest - k * v) & 1 for k in range(min(spare - 1, rest // v) + 1)):
                    walk(rest, j, used + 1 if j == i else 1, code + (1 << shifts[j]), size + 1, mine)

        for i, v in enumerate(values):
            mine: list[tuple[int, int]] = []
            rest = value - v
            if any(reach[v - 1] >> (rest - k * v) & 1 for k in range(min(counts[v] - 1, rest // v) + 1)):
                walk(rest, i, 1, 1 << shifts[i], 1, mine)
            found.append(mine)
        return found


def best_covers(value: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Returns every way (as counts per value, largest first) to take the most cards in
    groups summing to value; at most MAX_OPTIONS of them. Raises SearchTooLong past
    MAX_STEPS steps.

    A small floor is searched group by group. On a larger one, leave 0, 1, 2 ... cards
    behind, keeping the rests that split wholly into groups (a large floor usually leaves
    very few); past MAX_LEFTOVER cards left behind, or QUICK_STEPS steps, the group search
    takes over.
    """
    key = (value, counts)
    found = _COVERS.entries.get(key)
    if found is None:
        found = _COVERS.put(key, _best_covers(value, counts))
    return found


def _best_covers(value: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    reach = _reach(value, counts)
    if not reach[value] >> value & 1:  # no group adds up to the value: a quarter of the floors met in play
        return ()
    steps = _Steps(value, MAX_STEPS)
    floor = _Floor(value, counts, steps, reach)
    cards = sum(counts[v] for v in floor.values)
    if cards > SMALL_FLOOR:
        try:
            quick = _leaving_few(floor, counts, cards, _Steps(value, QUICK_STEPS))
        except SearchTooLong:
            quick = None
        if quick is not None:
            return quick
    return _covers_by_groups(floor, steps)


def _leaving_few(floor: _Floor, counts: tuple[int, ...], cards: int, steps: _Steps):
    """Returns the best covers found by leaving up to MAX_LEFTOVER cards behind, or None
    when more must be left."""
    value = floor.value
    total = sum(v * counts[v] for v in floor.values)
    failed: set[int] = set()
    for leftover in range(min(cards, MAX_LEFTOVER) + 1):
        found = []
        for rest, kept in _leave_out(counts, leftover, total):
            steps.add(1)
            if kept % value == 0:
                packed = floor.pack(rest)
                if _splits(floor, packed, failed, steps):
                    found.append(rest)
        if found:
            return _largest_first(found) if leftover < cards else ()
    return None


def _leave_out(counts: tuple[int, ...], leftover: int, total: int):
    """Yields (rest, value of rest) for each way to leave ``leftover`` cards out, by value."""
    def walk(index: int, remaining: int, rest: list[int], value: int):
        if index == 0:
            if remaining == 0:
                yield tuple(rest), value
            return
        for k in range(min(remaining, counts[index]) + 1):
            rest[index] = counts[index] - k
            yield from walk(index - 1, remaining - k, rest, value - k * index)
        rest[index] = counts[index]

    yield from walk(len(counts) - 1, leftover, list(counts), total)


def _splits(floor: _Floor, state: int, failed: set[int], steps: _Steps) -> bool:
    """Returns whether all the cards of the state split into groups summing to the value:
    its largest card must belong to some group."""
    if state == 0:
        return True
    if state in failed:
        return False
    guard = floor.guard
    held = state | guard
    groups = floor.groups[floor.top(state)]
    steps.keep(len(groups))
    for code, _ in groups:
        if (held - code) & guard == guard and _splits(floor, state - code, failed, steps):
            return True
    failed.add(state)
    return False


def splits_whole(value: int, counts: tuple[int, ...]) -> bool:
    """Returns whether all the cards counted split into groups summing to value (raises
    SearchTooLong past MAX_STEPS steps: no more than the largest-capture search of a
    floor holding them)."""
    if any(counts[v] for v in range(value + 1, len(counts))) or counts[0]:
        return False
    steps = _Steps(value, MAX_STEPS)
    floor = _Floor(value, counts, steps)
    return _splits(floor, floor.start, set(), steps)


def _covers_by_groups(floor: _Floor, steps: _Steps) -> tuple[tuple[int, ...], ...]:
    """Returns the best covers by the memoised search over the groups each card can join:
    first the most cards each position can cover, then the covers reaching that, along the
    positions where it is reached (these stop adding covers once MAX_POSITIONS have been
    gathered in all, or MAX_OPTIONS at one position: the list is then cut short, never
    wrong)."""
    groups, guard, shifts = floor.groups, floor.guard, floor.shifts
    best = {0: 0}

    def most(state: int) -> int:
        found = best.get(state)
        if found is not None:
            return found
        i = floor.top(state)
        tried = groups[i]
        steps.keep(len(tried))
        found = most(state & ((1 << shifts[i]) - 1))
        held = state | guard
        for code, size in tried:
            if (held - code) & guard == guard:
                size += most(state - code)
                if size > found:
                    found = size
        best[state] = found
        return found

    if not most(floor.start):
        return ()
    ways: dict[int, frozenset[int]] = {0: frozenset((0,))}
    spent = [0]
    limit = MAX_OPTIONS

    def covers(state: int) -> frozenset[int]:
        found = ways.get(state)
        if found is not None:
            return found
        i = floor.top(state)
        reached = best[state]
        out: set[int] = set()
        below = state & ((1 << shifts[i]) - 1)
        if best[below] == reached:
            out.update(covers(below))
        held = state | guard
        for code, size in groups[i]:
            if len(out) >= limit or spent[0] > MAX_POSITIONS:
                break
            if (held - code) & guard == guard and size + best[state - code] == reached:
                more = covers(state - code)
                spent[0] += len(more)
                out.update(code + cover for cover in more)
        found = ways[state] = frozenset(out) if len(out) <= limit else frozenset(sorted(out)[:limit])
        return found

    return _largest_first([floor.unpack(cover) for cover in covers(floor.start)])


def _largest_first(found: Iterable[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(found, reverse=True)[:MAX_OPTIONS])


def search_cost(value: int, counts: tuple[int, ...], most: int, positions: int) -> tuple[int, int]:
    """Returns the steps and positions the largest-capture search of the counts takes at
    most (the positions it may reach and the groups tried on each, as ``_covers_by_groups``
    counts them), counting no further than ``most`` steps and ``positions`` positions (then
    one past the one exceeded): what the checker asks of the floor holding every card that
    can add up to value, which no other floor exceeds."""
    steps = _Steps(value, most, positions)
    try:
        floor = _Floor(value, counts, steps)
    except SearchTooLong:  # more groups than steps
        return most + 1, 0
    guard, width, last = floor.guard, floor.width, len(floor.values) - 1
    codes = [tuple(code for code, _ in mine) for mine in floor.groups]
    masks = [(1 << shift) - 1 for shift in floor.shifts]
    taken, kept = steps.taken, 0
    seen, waiting = {floor.start}, [floor.start]
    while waiting:
        state = waiting.pop()
        if not state:
            continue
        i = last - (state.bit_length() - 1) // width  # the field of the largest card (``_Floor.top``)
        tried = codes[i]
        kept += 1
        taken += 1 + len(tried)
        if taken > most or kept > positions:
            return min(taken, most + 1), kept
        held = state | guard
        below = state & masks[i]
        if below not in seen:
            seen.add(below)
            waiting.append(below)
        for code in tried:
            if (held - code) & guard == guard:
                after = state - code
                if after not in seen:
                    seen.add(after)
                    waiting.append(after)
    return taken, kept


_COVERS = _Memo(1 << 17)
best_covers.cache_clear = _COVERS.clear  # type: ignore[attr-defined]


# ------------------------------------------------------------------ kept from run to run

def searches_data(most: int) -> tuple:
    """Returns the searches memoised so far (largest sets, single groups), the ones met first,
    at most ``most`` of them, as plain data: (memo, value, counts, size, results) with counts
    and each result as bytes (a count over 255 is not kept)."""
    data = []
    for memo, name in ((_COVERS, "covers"), (_GROUPS, "groups")):
        for key, results in memo.entries.items():
            if len(data) >= most:
                return tuple(data)
            value, counts, size = key if len(key) == 3 else (*key, None)
            try:
                data.append((name, value, bytes(counts), -1 if size is None else size, tuple(map(bytes, results))))
            except ValueError:
                continue
    return tuple(data)


def add_searches(data) -> bool:
    """Adds searches ``searches_data`` gave to the memos; returns False, adding nothing, when
    the data is not such searches."""
    try:
        found = [(name, value, tuple(counts), None if size == -1 else size, tuple(tuple(r) for r in results))
                 for name, value, counts, size, results in data
                 if name in ("covers", "groups") and type(value) is int and type(counts) is bytes
                 and type(size) is int and all(type(r) is bytes for r in results)]
    except (TypeError, ValueError):
        return False
    for name, value, counts, size, results in found:
        memo, key = (_COVERS, (value, counts)) if name == "covers" else (_GROUPS, (value, counts, size))
        if key not in memo.entries:
            memo.put(key, results)
    return True


def searches_met() -> int:
    """Returns how many searches the memos hold."""
    return len(_COVERS.entries) + len(_GROUPS.entries)
