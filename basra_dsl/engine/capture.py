"""Works out which captures a played card may make, from the compiled capture rules.

Sweeping rules take the whole floor. Group rules take cards of the played card's rank, or
groups of cards adding up to its value (or, with a total, to what the played card lacks
of that total: Escoba's 15). Under "largest" the player takes the largest
set of floor cards that splits into such groups; the search runs over counts of values
(a floor holds at most a few cards of each value), never over subsets of the floor.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import Iterable

from .errors import RULE_FAILURES, RuleError
from .rules import Rules

NO_PREVIOUS = (None, (), (), ())
# what a play rule is told of the hand when the caller does not know it (a bot weighing a
# move, a check on sampled plays): not the last play, not the last deal, cards still to deal
MID_HAND = (False, False, 1)
# Listing stops after this many equally allowed captures of one card (a huge floor can
# hold more); a capture named by a player is checked by ``allows``, not looked up in a list.
MAX_OPTIONS = 4096


class CaptureResolver:
    """Lists the legal captures of a card on a floor; one per Game, caching by value counts."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.values = rules.values
        # a card's value for adding up, 0 for a picture, as a list: read several times a play
        self.worth = [rules.values.get(card) or 0 for card in range(max(rules.deck, default=0) + 1)]
        self.stack = rules.floor_kind == "stack"
        self.largest = rules.choose == "largest"
        self.fewest = rules.choose == "fewest"
        self.pairs_first = rules.pairs_first
        self.sweeps: dict[int, tuple] = {}
        self.groups: dict[int, tuple] = {}
        self.fixed_kinds: dict[int, frozenset | None] = {}  # None: some group rule has a condition
        # by card: each kind of sums it takes and what that adds up to, plain sums first
        self.targets: dict[int, tuple[tuple[str, int], ...]] = {}
        for card in rules.deck:
            self.sweeps[card] = tuple(r for r in rules.capture_rules if r.takes == "all" and card in r.cards)
            groups = tuple(r for r in rules.capture_rules if r.takes != "all" and card in r.cards)
            self.groups[card] = groups
            unconditional = all(r.condition is None for r in groups)
            self.fixed_kinds[card] = frozenset(r.kind for r in groups) if unconditional else None
            # a card with no value adds up to nothing; with a total, its value counts toward
            # it; a card that may count several values as the card played adds up to each
            targets = {(r.kind, value if r.total is None else r.total - value)
                       for r in groups if r.takes == "sums" for value in rules.played(card)}
            self.targets[card] = tuple(sorted((k, t) for k, t in targets if t > 0))

    def _active(self, card: int, floor: tuple[int, ...], previous) -> tuple:
        """Returns the sweeping rule that applies (None if none does), and the kinds of group
        rule that do."""
        for rule in self.sweeps[card]:
            if rule.condition is None or _holds(rule, card, floor, previous):
                return rule, frozenset()
        kinds = self.fixed_kinds[card]
        if kinds is None:
            kinds = frozenset(r.kind for r in self.groups[card]
                              if r.condition is None or _holds(r, card, floor, previous))
        return None, kinds

    def captures(self, card: int, floor: list[int] | tuple[int, ...], previous=NO_PREVIOUS) -> list[tuple[int, ...]]:
        """Returns every capture the card may make (each a tuple of floor cards); [] if none."""
        if not floor:
            return []
        if self.sweeps[card] or self.fixed_kinds[card] is None:
            sweep, kinds = self._active(card, tuple(floor), previous)
            if sweep is not None:
                taken = tuple(x for x in floor if x not in sweep.spared) if sweep.spared else tuple(floor)
                return [taken] if taken else []
        else:
            kinds = self.fixed_kinds[card]  # the common case, without building a tuple
        if not kinds:
            return []
        if self.stack:
            return [tuple(floor)] if self._group_captures(card, floor[-1:], kinds) else []
        return self._group_captures(card, floor, kinds)

    def allows(self, card: int, floor: list[int] | tuple[int, ...], capture: tuple[int, ...],
               previous=NO_PREVIOUS) -> bool:
        """Returns whether taking exactly ``capture`` (a non-empty set of floor cards) is legal."""
        taken = set(capture)
        if not capture or len(taken) != len(capture) or not taken <= set(floor):
            return False
        floor = tuple(floor)
        sweep, kinds = self._active(card, floor, previous)
        if sweep is not None:
            return taken == {x for x in floor if x not in sweep.spared}
        if self.stack:
            return taken == set(floor) and bool(kinds and self._group_captures(card, floor[-1:], kinds))
        sums = [target for kind, target in self.targets[card] if kind in kinds]
        if sums:
            return any(self._takes_sum(floor, capture, target) for target in sums)
        if "rank" in kinds:
            same = {x for x in floor if x >> 2 == card >> 2}
            return taken == same if self.largest else (len(taken) == 1 and taken <= same)
        return False

    def _takes_sum(self, floor: tuple[int, ...], capture: tuple[int, ...], target: int) -> bool:
        """Returns whether ``capture`` is one of the sets adding up to ``target`` the card may take."""
        worth, took = self.worth, [0] * (target + 1)
        for x in capture:
            if not 0 < (v := worth[x]) <= target:
                return False
            took[v] += 1
        return tuple(took) in self._ways(target, self._counts(floor, target))

    def _counts(self, floor, target: int) -> tuple[int, ...]:
        """Returns how many floor cards there are of each value from 0 to ``target`` (0: none
        that can add up)."""
        worth, counts = self.worth, [0] * (target + 1)
        for x in floor:
            if 0 < (v := worth[x]) <= target:
                counts[v] += 1
        return tuple(counts)

    def _ways(self, target: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...] | frozenset:
        """Returns the takes (counts per value) the choice rules allow from a floor's counts."""
        if self.pairs_first and counts[target]:
            # a card of the target value must be taken on its own (all of them, under "largest")
            return (tuple(counts[target] if self.largest and v == target else int(v == target)
                          for v in range(target + 1)),)
        if self.largest:
            return best_covers(target, counts)
        ways = single_groups(target, counts)
        if self.fewest and ways:
            least = min(map(sum, ways))
            ways = tuple(w for w in ways if sum(w) == least)
        return ways

    def _group_captures(self, card: int, floor, kinds) -> list[tuple[int, ...]]:
        sums = [target for kind, target in self.targets[card] if kind in kinds]
        if sums:
            # A single card of the target value is a group of one, so sums include pairing.
            if len(sums) == 1:
                return self._sums(floor, sums[0])
            found: list[tuple[int, ...]] = []
            for target in sums:
                found += [take for take in self._sums(floor, target) if take not in found]
            return found
        if "rank" in kinds:
            rank = card >> 2
            same = tuple(x for x in floor if x >> 2 == rank)
            if not same:
                return []
            return [same] if self.largest else [(x,) for x in same]
        return []

    def _sums(self, floor, target: int) -> list[tuple[int, ...]]:
        """Returns the sets of floor cards adding up to ``target`` (in groups) the card may take."""
        worth = self.worth
        counts = self._counts(floor, target)
        takes = self._ways(target, counts)
        if not takes:
            return []
        if len(takes) == 1 and all(k == 0 or k == counts[v] for v, k in enumerate(takes[0])):
            take = takes[0]  # the usual case: whole values are taken, so there is no choice
            return [tuple(x for x in floor if 0 < (v := worth[x]) <= target and take[v])]
        return expand_takes(floor, target, takes, worth)


def _holds(rule, card: int, floor: tuple[int, ...], previous) -> bool:
    """Returns whether a capture rule's condition holds, naming the rule if it fails."""
    try:
        return bool(rule.condition(card, floor, (), (), previous))
    except RULE_FAILURES as exc:
        raise RuleError(rule.name, rule.span, str(exc)) from None


def _expand(takes: Iterable[tuple[int, ...]], by_value: dict[int, list[int]]) -> list[tuple[int, ...]]:
    """Returns the card sets that take the given numbers of cards of each value."""
    found: list[tuple[int, ...]] = []
    for take in takes:
        choices = []
        for v, k in enumerate(take):
            if k:
                cards = by_value[v]
                choices.append([tuple(cards)] if k == len(cards) else list(combinations(cards, k)))
        for parts in product(*choices):
            found.append(tuple(x for part in parts for x in part))
            if len(found) >= MAX_OPTIONS:
                return found
    return found


def expand_takes(floor, value: int, takes, worth) -> list[tuple[int, ...]]:
    """Returns every card set of the floor that the takes (counts per value) allow, each in
    floor order: what a card of ``value`` may choose among (the fast tier calls it too)."""
    by_value: dict[int, list[int]] = {}
    for x in floor:
        if 0 < (v := worth[x]) <= value:
            by_value.setdefault(v, []).append(x)
    order = {x: i for i, x in enumerate(floor)}
    return [tuple(sorted(found, key=order.__getitem__)) for found in _expand(takes, by_value)]


@lru_cache(maxsize=None)
def partitions(total: int, largest: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Returns the partitions of ``total`` into parts <= ``largest``, largest part first."""
    largest = total if largest is None else largest
    if total == 0:
        return ((),)
    found = []
    for part in range(min(total, largest), 0, -1):
        for rest in partitions(total - part, part):
            found.append((part,) + rest)
    return tuple(found)


@lru_cache(maxsize=None)
def _groups_by_top(value: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Returns, for each top part m, the partitions of value as count vectors (index = value)."""
    table: list[list[tuple[int, ...]]] = [[] for _ in range(value + 1)]
    for parts in partitions(value):
        vector = [0] * (value + 1)
        for p in parts:
            vector[p] += 1
        table[parts[0]].append(tuple(vector))
    return tuple(tuple(t) for t in table)


MAX_LEFTOVER = 4  # past this many cards left behind, a full search over groups is cheaper
SMALL_FLOOR = 8  # up to this many candidate cards, the group search is cheapest outright


@lru_cache(maxsize=65536)
def best_covers(value: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Returns every way (as counts per value) to take the most cards in groups summing to value.

    A small floor is searched group by group. On a larger one, leave 0, 1, 2 ... cards
    behind, keeping the rests that split wholly into groups (a large floor usually leaves
    very few); past MAX_LEFTOVER cards left behind, fall back to the group search.
    """
    groups = _groups_by_top(value)
    cards = sum(counts)
    if cards <= SMALL_FLOOR:
        return _best_covers_by_groups(value, counts, groups)
    total = sum(i * k for i, k in enumerate(counts))
    failed: dict = {}
    for leftover in range(min(cards, MAX_LEFTOVER) + 1):
        found = [rest for rest, kept_value in _leave_out(counts, leftover, total)
                 if kept_value % value == 0 and _splits_whole(value, rest, groups, failed)]
        if found:
            return tuple(sorted(found, reverse=True)) if leftover < cards else ()
    return _best_covers_by_groups(value, counts, groups)


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


def _best_covers_by_groups(value: int, counts: tuple[int, ...], groups,
                           memo: dict | None = None) -> tuple[tuple[int, ...], ...]:
    """Returns the best covers by a memoised search over the groups each card can join;
    a caller may keep ``memo`` from floor to floor (the fast tier does)."""
    memo = {} if memo is None else memo
    size, ways = _solve_covers(value, counts, memo, groups, (0,) * (value + 1))
    return tuple(sorted(ways, reverse=True)) if size else ()


def _solve_covers(value: int, c: tuple[int, ...], memo: dict, groups, zero: tuple[int, ...]) -> tuple[int, frozenset]:
    """Returns (most cards covered, every cover taking that many) for the counts ``c``."""
    found = memo.get(c)
    if found is not None:
        return found
    top = next((m for m in range(value, 0, -1) if c[m]), 0)
    if top == 0:
        result = (0, frozenset({zero}))
    else:
        skipped = list(c)
        skipped[top] = 0  # leave every card of this value out of all groups
        best, ways = _solve_covers(value, tuple(skipped), memo, groups, zero)
        ways = set(ways)
        for g in groups[top]:
            if all(g[i] <= c[i] for i in range(1, top + 1)):
                rest = tuple(c[i] - g[i] for i in range(value + 1))
                size, sub = _solve_covers(value, rest, memo, groups, zero)
                size += sum(g)
                if size > best:
                    best, ways = size, set()
                if size == best:
                    ways.update(tuple(w[i] + g[i] for i in range(value + 1)) for w in sub)
        result = (best, frozenset(ways))
    memo[c] = result
    return result


def _splits_whole(value: int, c: tuple[int, ...], groups, failed: dict) -> bool:
    """Returns whether all the cards counted in c split into groups summing to value."""
    top = next((m for m in range(value, 0, -1) if c[m]), 0)
    if top == 0:
        return True
    if c in failed:
        return False
    for g in groups[top]:  # the largest card left must belong to some group
        if all(g[i] <= c[i] for i in range(1, top + 1)):
            if _splits_whole(value, tuple(c[i] - g[i] for i in range(value + 1)), groups, failed):
                return True
    failed[c] = True
    return False


@lru_cache(maxsize=65536)
def single_groups(value: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Returns each single group (as counts per value) summing to value that the floor holds."""
    return tuple(g for table in _groups_by_top(value) for g in table
                 if all(g[i] <= counts[i] for i in range(value + 1)))
