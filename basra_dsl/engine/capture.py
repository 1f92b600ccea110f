"""Works out which captures a played card may make, from the compiled capture rules.

Sweeping rules take the whole floor. Group rules take cards of the played card's rank, or
groups of cards adding up to its value (or, with a total, to what the played card lacks
of that total: Escoba's 15). Under "largest" the player takes the largest set of floor
cards that splits into such groups.

The groups are found over counts of values (how many floor cards there are of each value),
never over subsets of the floor, by the bounded searches of ``sums`` (single groups) and
``covers`` (the largest set). Here they become sets of cards: where a take leaves a choice
among cards of one value, the choices are made one at a time and the list stops at
MAX_OPTIONS (``limits.CAPTURES``, B808), so no more are ever made; a capture a player
names is checked by ``allows`` without a list.
"""

from __future__ import annotations

import math
from itertools import combinations, product
from typing import Iterator

from .. import limits
from .errors import RULE_FAILURES, RuleError
from .rules import Rules
from .covers import SearchTooLong, best_covers, splits_whole
from .sums import fewest_size, largest_size, single_groups

NO_PREVIOUS = (None, (), (), ())
# what a play rule is told of the hand when the caller does not know it (a bot weighing a
# move, a check on sampled plays): not the last play, not the last deal, cards still to deal
MID_HAND = (False, False, 1)
# Listing stops after this many equally allowed captures of one card (a huge floor can
# hold more); a capture named by a player is checked by ``allows``, not looked up in a list.
MAX_OPTIONS = limits.CAPTURES


class CaptureResolver:
    """Lists the legal captures of a card on a floor; one per Game, caching by value counts."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.values = rules.values
        # a card's value for adding up, 0 for a picture, as a list: read several times a play
        self.worth = [rules.values.get(card) or 0 for card in range(max(rules.deck, default=0) + 1)]
        # a card's count on the floor where a 'floor values' line gives it: one value replaces
        # its worth; several are readings of the floor, each tried (Tablanette's ace: 1 or 11)
        self.readings: dict[int, tuple[int, ...]] = {}
        for card, counts in rules.floor_values.items():
            if len(counts) > 1:
                self.readings[card] = counts
            else:
                self.worth[card] = counts[0]
        self.stack = rules.floor_kind == "stack"
        self.largest = rules.choose == "largest"
        self.fewest = rules.choose == "fewest"
        self.single = rules.choose == "single"  # one group only, of the most cards (a public Basra's rule)
        self.pair = rules.choose == "pair"  # one floor card only, making a pair with the card (Chinese Ten)
        self.pairs_first = rules.pairs_first
        # a run: each rank's next in the climb (Cuarenta's escalera after a capture)
        self.run_next = dict(zip(rules.run, rules.run[1:]))
        self.sweeps: dict[int, tuple] = {}
        self.groups: dict[int, tuple] = {}
        self.pile_rules: dict[int, tuple] = {}  # by card: its rules that take an opponent's pile
        self.fixed_kinds: dict[int, frozenset | None] = {}  # None: some group rule has a condition
        # by card: each kind of sums it takes and what that adds up to, plain sums first
        self.targets: dict[int, tuple[tuple[str, int], ...]] = {}
        # by card with several played values: (kind, target, the value played as) for each sum
        self.played_targets: dict[int, tuple[tuple[str, int, int], ...]] = {}
        for card in rules.deck:
            self.sweeps[card] = tuple(r for r in rules.capture_rules if r.takes == "all" and card in r.cards)
            groups = tuple(r for r in rules.capture_rules if r.takes in ("rank", "sums") and card in r.cards)
            self.pile_rules[card] = tuple(r for r in rules.capture_rules if r.takes == "pile" and card in r.cards)
            self.groups[card] = groups
            unconditional = all(r.condition is None for r in groups)
            self.fixed_kinds[card] = frozenset(r.kind for r in groups) if unconditional else None
            # a card with no value adds up to nothing; with a total, its value counts toward
            # it; a card that may count several values as the card played adds up to each
            targets = {(r.kind, value if r.total is None else r.total - value)
                       for r in groups if r.takes == "sums" for value in rules.played(card)}
            self.targets[card] = tuple(sorted((k, t) for k, t in targets if t > 0))
            if len(rules.played(card)) > 1:
                self.played_targets[card] = tuple(
                    (r.kind, t, value) for value in rules.played(card) for r in groups if r.takes == "sums"
                    if (t := value if r.total is None else r.total - value) > 0)

    def names_values(self, card: int) -> bool:
        """Whether a capture of the card can add up under two of its played values at once,
        so that ``played_as`` may name more than one. Taking under a target asks for cards
        worth at most it adding up to it (to a multiple of it, under 'largest'): two targets
        at once ask for a common multiple of both from cards worth at most the smaller, which
        the deck's cards of that worth cannot always make (Royal Casino's ace, 1 or 14: four
        aces make 4, not 14)."""
        if card not in self.played_targets:
            return False
        if self.readings or self.stack:
            return True  # a floor card read two ways, or a stack's top: not bounded here
        targets = {(t, value) for _, t, value in self.played_targets[card]}
        for (t1, v1), (t2, v2) in combinations(sorted(targets), 2):
            if v1 == v2:
                continue
            low = min(t1, t2)
            if t1 == t2 or sum(w for c in self.rules.deck if 0 < (w := self.worth[c]) <= low) >= math.lcm(t1, t2):
                return True
        return False

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
        """Returns the captures the card may make (each a tuple of floor cards), at most
        MAX_OPTIONS of them; [] if none."""
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
        try:
            if self.readings and any(x in self.readings for x in floor):
                found = across_readings([self._read(worth, self._captures_on, card, floor, kinds)
                                         for worth in self._worths(floor)], self.rules.choose)
            else:
                found = self._captures_on(card, floor, kinds)
        except SearchTooLong as exc:
            raise self._too_long(card, exc) from None
        return self.with_runs(card, floor, found) if found and self.run_next else found

    # ---- runs: a capture goes on up the ranks (Cuarenta's escalera)
    def with_runs(self, card: int, floor, found: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        """Returns each capture with the run that follows it: the floor cards left that
        continue upward from the played card's rank, one of each rank, while unbroken (where
        two cards could continue it, each is a choice), at most MAX_OPTIONS in all."""
        order = {x: i for i, x in enumerate(floor)}.__getitem__
        climbs = (tuple(sorted(climbed, key=order)) if len(climbed) > len(capture) else capture
                  for capture in found for climbed in self._climbs(card >> 2, floor, capture))
        return first_distinct((climbs,), MAX_OPTIONS)

    def _climbs(self, rank: int, floor, capture: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Yields the capture with each way the run can climb from ``rank`` over the floor
        cards it has not taken (the run's cards after the capture's); the capture itself
        where the run is empty."""
        following = self.run_next.get(rank)
        steps = [x for x in floor if x >> 2 == following and x not in capture] if following is not None else []
        if not steps:
            yield capture
            return
        for step in steps:
            yield from self._climbs(following, floor, capture + (step,))

    def _captures_on(self, card: int, floor, kinds) -> list[tuple[int, ...]]:
        if self.stack:
            return [tuple(floor)] if self._group_captures(card, floor[-1:], kinds) else []
        return self._group_captures(card, floor, kinds)

    # ---- floors holding cards of several values: each reading of them is tried
    def _worths(self, floor) -> Iterator[list[int]]:
        """Yields the cards' worth under each reading of the floor's cards of several values
        (at most ``limits.FLOOR_READINGS``: the checker refuses a pack with more, B808)."""
        several = [x for x in floor if x in self.readings]
        for counts in product(*(self.readings[x] for x in several)):
            worth = list(self.worth)
            for x, value in zip(several, counts):
                worth[x] = value
            yield worth

    def _read(self, worth: list[int], work, *args):
        """Runs ``work`` with the cards worth as one reading of the floor says."""
        saved, self.worth = self.worth, worth
        try:
            return work(*args)
        finally:
            self.worth = saved

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
        if self.run_next or self.readings and any(x in self.readings for x in floor):
            return taken in [set(c) for c in self.captures(card, floor, previous)]
        try:
            if self.stack:
                return taken == set(floor) and bool(kinds and self._group_captures(card, floor[-1:], kinds))
            sums = [target for kind, target in self.targets[card] if kind in kinds]
            if sums:
                return any(self._takes_sum(floor, capture, target) for target in sums)
        except SearchTooLong as exc:
            raise self._too_long(card, exc) from None
        if "rank" in kinds:
            same = {x for x in floor if x >> 2 == card >> 2}
            return taken == same if self.largest else (len(taken) == 1 and taken <= same)
        return False

    def played_as(self, card: int, floor: list[int] | tuple[int, ...], capture: tuple[int, ...],
                  previous=NO_PREVIOUS) -> tuple[int, ...]:
        """Returns the values, among the several a card may be played as, under which taking
        exactly ``capture`` adds up, in the order the variant gives them; () for a card with
        one value, and for a capture by rank or by sweeping, which adds nothing up."""
        if card not in self.played_targets or not capture:
            return ()
        floor = tuple(floor)
        sweep, kinds = self._active(card, floor, previous)
        if sweep is not None:
            return ()
        found: list[int] = []
        try:
            for kind, target, value in self.played_targets[card]:
                if kind not in kinds or value in found:
                    continue
                top, taken = (floor[-1:], floor[-1:]) if self.stack else (floor, tuple(capture))
                if self.stack and set(capture) != set(floor):
                    added = False
                elif self.readings and any(x in self.readings for x in top):
                    added = any(self._read(worth, self._takes_sum, top, taken, target) for worth in self._worths(top))
                else:
                    added = self._takes_sum(top, taken, target)
                if added:
                    found.append(value)
        except SearchTooLong as exc:
            raise self._too_long(card, exc) from None
        return tuple(found)

    def value_played(self, card: int, floor, capture: tuple[int, ...], previous=NO_PREVIOUS,
                     value: int = 0) -> int | None:
        """Returns the value a card is played as: the value a move names, else the one its
        capture adds up under, else its first played value (a trail, a take by rank or
        sweep); None for a card without played values, which is played as its value."""
        choices = self.rules.played_values.get(card)
        if not choices:
            return None
        if value:
            return value
        found = self.played_as(card, floor, capture, previous) if card in self.played_targets else ()
        return found[0] if found else choices[0]

    def takes_piles(self, card: int, floor, previous=NO_PREVIOUS) -> bool:
        """Returns whether one of the card's rules that take a pile holds now."""
        return any(rule.condition is None or _holds(rule, card, tuple(floor), previous)
                   for rule in self.pile_rules[card])

    def _too_long(self, card: int, exc: SearchTooLong) -> RuleError:
        """The error of a search past MAX_STEPS, naming the card's rule that adds up."""
        rule = next((r for r in self.groups[card] if r.takes == "sums"), None)
        return SearchTooLong(exc.value, rule.name, rule.span) if rule is not None else exc

    def _takes_sum(self, floor: tuple[int, ...], capture: tuple[int, ...], target: int) -> bool:
        """Returns whether ``capture`` is one of the sets adding up to ``target`` the card may
        take, worked out from its counts per value without listing the others."""
        worth, took = self.worth, [0] * (target + 1)
        for x in capture:
            if not 0 < (v := worth[x]) <= target:
                return False
            took[v] += 1
        took = tuple(took)
        counts = self._counts(floor, target)
        if self.pairs_first and counts[target]:
            return took in self._ways(target, counts)
        total = sum(v * k for v, k in enumerate(took))
        if self.largest:  # the most cards there are in groups, in groups
            covers = best_covers(target, counts)
            if not covers or total % target or sum(took) != sum(covers[0]):
                return False
            return took in covers or splits_whole(target, took)
        if self.single:
            return total == target and sum(took) == largest_size(target, counts)
        if self.pair:
            return len(capture) == 1 and took[target] == 1
        return total == target and (not self.fewest or sum(took) == fewest_size(target, counts))

    def _counts(self, floor, target: int) -> tuple[int, ...]:
        """Returns how many floor cards there are of each value from 0 to ``target`` (0: none
        that can add up)."""
        worth, counts = self.worth, [0] * (target + 1)
        for x in floor:
            if 0 < (v := worth[x]) <= target:
                counts[v] += 1
        return tuple(counts)

    def _ways(self, target: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """Returns the takes (counts per value) the choice rules allow from a floor's counts."""
        if self.pair:  # one card of the target value, whichever the player picks
            return (tuple(int(v == target) for v in range(target + 1)),) if counts[target] else ()
        if self.pairs_first and counts[target]:
            # a card of the target value must be taken on its own (all of them, under "largest")
            return (tuple(counts[target] if self.largest and v == target else int(v == target)
                          for v in range(target + 1)),)
        return chosen_takes(target, counts, self.rules.choose)

    def _group_captures(self, card: int, floor, kinds) -> list[tuple[int, ...]]:
        sums = [target for kind, target in self.targets[card] if kind in kinds]
        if sums:
            # A single card of the target value is a group of one, so sums include pairing.
            if len(sums) == 1:
                return self._sums(floor, sums[0])
            return first_distinct((self._sums(floor, target) for target in sums), MAX_OPTIONS)
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


def across_readings(found: list[list[tuple[int, ...]]], choose: str, most: int = MAX_OPTIONS) -> list[tuple[int, ...]]:
    """The captures of every reading of a floor holding cards of several values, each once,
    kept as the choice rule ``choose`` keeps them: the largest (or, under 'fewest', the
    smallest) over all readings, else all. Both tiers ask it."""
    every = first_distinct(found, most)
    if not every or choose not in ("largest", "single", "fewest"):
        return every
    best = (min if choose == "fewest" else max)(len(c) for c in every)
    return [c for c in every if len(c) == best]


def chosen_takes(target: int, counts: tuple[int, ...], choose: str) -> tuple[tuple[int, ...], ...]:
    """Returns the takes (counts per value) of groups adding up to ``target`` that the choice
    rule ``choose`` keeps: the most cards in groups ('largest'), the single groups of the
    most or the fewest cards ('single', 'fewest'), else every single group. Both tiers ask
    it, so they keep the same takes in the same order."""
    if choose == "largest":
        return best_covers(target, counts)
    if choose == "single" or choose == "fewest":
        size = (largest_size if choose == "single" else fewest_size)(target, counts)
        return single_groups(target, counts, size) if size else ()
    return single_groups(target, counts)


def floor_after(floor: list[int], capture: tuple[int, ...]) -> tuple[list[int], tuple[int, ...]]:
    """The floor a capture leaves, as a new list and as a tuple (``left``)."""
    if len(capture) == len(floor):
        return [], ()
    taken = set(capture)
    kept = [x for x in floor if x not in taken]
    return kept, tuple(kept)


def _holds(rule, card: int, floor: tuple[int, ...], previous) -> bool:
    """Returns whether a capture rule's condition holds, naming the rule if it fails."""
    try:
        return bool(rule.condition(card, floor, (), (), previous))
    except RULE_FAILURES as exc:
        raise RuleError(rule.name, rule.span, str(exc)) from None


# ------------------------------------------------------------------ listing card sets

def first_distinct(groups, most: int) -> list[tuple[int, ...]]:
    """Returns the captures of ``groups`` (lists of captures, made one at a time), in order,
    each once, at most ``most`` of them: what a card adding up to several targets offers."""
    found: list[tuple[int, ...]] = []
    seen: set[tuple[int, ...]] = set()
    for takes in groups:
        for take in takes:
            if take not in seen:
                seen.add(take)
                found.append(take)
                if len(found) >= most:
                    return found
    return found


def _choices(parts: list[tuple[list[int], int]], index: int = 0) -> Iterator[tuple[int, ...]]:
    """Yields, in the order of ``itertools.product``, the card sets taking ``k`` of the
    cards of each part (cards of one value), one at a time: nothing is made in advance."""
    if index == len(parts):
        yield ()
        return
    cards, k = parts[index]
    for first in ((tuple(cards),) if k == len(cards) else combinations(cards, k)):
        for rest in _choices(parts, index + 1):
            yield first + rest


def expand_takes(floor, value: int, takes, worth, most: int | None = None) -> list[tuple[int, ...]]:
    """Returns the card sets of the floor that the takes (counts per value) allow, each in
    floor order, at most ``most`` (MAX_OPTIONS) of them, takes first to last: what a card of
    ``value`` may choose among (the fast tier calls it too)."""
    most = MAX_OPTIONS if most is None else most
    by_value: dict[int, list[int]] = {}
    for x in floor:
        if 0 < (v := worth[x]) <= value:
            by_value.setdefault(v, []).append(x)
    order = {x: i for i, x in enumerate(floor)}
    found: list[tuple[int, ...]] = []
    for take in takes:
        parts = [(by_value[v], k) for v, k in enumerate(take) if k]
        for chosen in _choices(parts):  # cards of one value come in floor order already
            found.append(chosen if len(parts) == 1 else tuple(sorted(chosen, key=order.__getitem__)))
            if len(found) >= most:
                return found
    return found
