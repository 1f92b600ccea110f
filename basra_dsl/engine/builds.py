"""Builds: floor cards gathered into one unit that only a card of its value can take.

A build is made by playing a card onto floor cards so that they add up to a value the
player holds another card of (Casino's "building nine"). It is owned by the last player
who set its value; any player may raise a single build with one more card, and several
units of one value gathered together make a multiple build, whose value is fixed. This
module lists and checks such plays and works out the floor they leave; ``State`` calls it
only for variants with a build rule, so no other variant pays for it.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from .capture import MAX_OPTIONS, expand_takes
from .covers import best_covers, splits_whole
from .rules import BuildRules


class Build(NamedTuple):
    """A unit on the floor: its cards (in the order they came), value, owner and kind."""

    value: int
    cards: tuple[int, ...]
    owner: int
    multiple: bool  # gathered from several units of its value: it can no longer be raised


class Builder:
    """Lists, checks and applies build plays for one variant (one per State's resolver)."""

    def __init__(self, rules: BuildRules, worth: Sequence[int], played=None):
        self.rules = rules
        self.worth = worth  # what a card counts on the floor (in a build)
        # what a held card may count when played to take a build (Royal Cassino's ace 1 or 14)
        self.played = played or (lambda card: (worth[card],) if worth[card] else ())
        self.played_of = [self.played(c) for c in range(len(worth))]  # by card, once
        self.builds_with = [c in rules.cards and bool(worth[c]) for c in range(len(worth))]

    # ------------------------------------------------------------ listing
    def plays(self, card: int, hand: Sequence[int], seat: int, loose: Sequence[int],
              builds: Sequence[Build]) -> list[tuple[tuple[int, ...], int]]:
        """Returns the builds ``card`` may make as (floor cards it joins, value announced):
        each way of making or raising a build, alone and with every other unit of its
        value gathered in (where multiple builds are played). A player naming another
        gathering is checked by ``allows``."""
        worth = self.worth
        v = worth[card]
        if not self.builds_with[card] or not (loose or builds):
            return []
        if self.rules.stack_limit:
            return self._stacks(v, loose, builds)
        played = self.played_of
        targets = sorted({x for h in hand if h != card for x in played[h] if x >= v})
        if not targets:
            return []
        multiple = self.rules.multiple
        sums = _Sums(loose, worth, targets[-1] - v)  # what the loose cards add up to, once for every target
        values = {b.value for b in builds}
        raisable = {b.value for b in builds if self._may_raise(b, seat)}
        found: dict[frozenset, tuple[tuple[int, ...], int]] = {}
        for target in targets:
            rest = target - v
            if not (multiple if rest == 0 else sums.reach >> rest & 1 or rest in raisable):
                continue  # the card has no group of its own to make (``_own_groups``): nothing to search
            for own in self._own_groups(card, v, target, seat, sums, builds):
                self._add(found, own, target)
                # other units to gather: a build of the target, or loose cards adding up to it
                if multiple and (target in values or sums.total - (rest if own and own[0] in loose else 0) >= target):
                    self._add(found, own + self._gathered(own, target, loose, builds), target)
                if len(found) >= MAX_OPTIONS:
                    return list(found.values())
        return list(found.values())

    def stacks_with(self, moves) -> bool:
        """Whether a card whose other moves are ``moves`` may build: always, but a stack
        (Zwicker) only where the card may be laid down (its moves hold a trail)."""
        return not self.rules.stack_limit or any(not m.capture and m.steal is None for m in moves)

    def _stacks(self, v: int, loose, builds) -> list[tuple[tuple[int, ...], int]]:
        """Stacks (Zwicker): the card laid on one loose card with a value, or on one build,
        making their sum, at most the limit; nobody need hold a card of it."""
        limit, worth = self.rules.stack_limit, self.worth
        found = [((x,), v + worth[x]) for x in loose if worth[x] and v + worth[x] <= limit]
        return found + [(b.cards, v + b.value) for b in builds if v + b.value <= limit]

    @staticmethod
    def _add(found: dict, onto: tuple[int, ...], target: int) -> None:
        if onto:
            found.setdefault(frozenset(onto) | {-target}, (onto, target))

    def _own_groups(self, card: int, v: int, target: int, seat: int, sums: "_Sums", builds) -> list[tuple[int, ...]]:
        """The floor cards joining the played card's own group: loose cards adding up with
        it to the target (found in their ``sums``), a single build it raises to the target,
        or none (a card of the target value laid on other units of that value)."""
        groups: list[tuple[int, ...]] = [()] if v == target and self.rules.multiple else []
        if target > v:
            groups += sums.subsets(target - v)
            groups += [b.cards for b in builds if b.value == target - v and self._may_raise(b, seat)]
        return groups

    def _may_raise(self, build: Build, seat: int) -> bool:
        raising = self.rules.raising
        return not build.multiple and (raising == "any" or (raising == "others" and build.owner != seat))

    def _gathered(self, own: tuple[int, ...], target: int, loose, builds) -> tuple[int, ...]:
        """Every other unit worth the target: builds of that value and the largest set of
        loose cards that splits into groups adding up to it."""
        taken, worth = set(own), self.worth
        extra = [c for b in builds if b.value == target and taken.isdisjoint(b.cards) for c in b.cards]
        rest = [x for x in loose if x not in taken and 0 < worth[x] <= target]
        return (*extra, *self.gather(target, rest)) if rest else tuple(extra)

    def gather(self, target: int, rest: list[int]) -> Sequence[int]:
        """The most of ``rest`` (loose cards worth at most the target, in floor order) that
        split into groups adding up to the target: the first of ``best_covers``, in floor
        order; none when no group adds up. (The fast tier looks it up in its sums tables.)"""
        worth = self.worth
        counts, reach, limit = [0] * (target + 1), 1, (1 << (target + 1)) - 1
        for x in rest:
            counts[worth[x]] += 1
            reach = (reach | reach << worth[x]) & limit
        if not reach >> target & 1:  # no loose group adds up to it: the search would find none
            return ()
        covers = best_covers(target, tuple(counts))
        return expand_takes(rest, target, covers[:1], worth, most=1)[0] if covers and any(covers[0]) else ()

    # ------------------------------------------------------------ checking
    def groups(self, card: int, onto: Sequence[int], target: int, hand: Sequence[int], seat: int,
               loose: Sequence[int], builds: Sequence[Build]) -> int:
        """Returns how many units of the target value the play makes (2 or more: a multiple
        build), or 0 when the rules do not allow it."""
        worth, taken = self.worth, set(onto)
        v = worth[card]
        if self.rules.stack_limit:
            found = self._stacks(v, loose, builds) if card in self.rules.cards and v else []
            return int(any(set(o) == taken and t == target for o, t in found))
        holds = any(h != card and target in self.played(h) for h in hand)
        if (card not in self.rules.cards or not v or not onto or len(taken) != len(onto) or not holds
                or target < v):
            return 0
        touched = [b for b in builds if taken & set(b.cards)]
        if any(not set(b.cards) <= taken for b in touched):
            return 0  # a build goes whole or not at all
        mine = [x for x in onto if x in set(loose)]
        if len(mine) + sum(len(b.cards) for b in touched) != len(onto):
            return 0  # a card that is not on the floor
        total = self._total(card, mine, touched)
        if total % target or not all(worth[x] for x in mine):
            return 0
        count = total // target
        if count > 1 and not self.rules.multiple:
            return 0
        for own in self._own_groups(card, v, target, seat, _Sums(mine, worth, max(target - v, 0)), touched):
            if set(own) <= taken and self._rest_splits(taken - set(own), target, mine, touched):
                return count
        return 0

    def units(self, card: int, onto: Sequence[int], target: int, builds: Sequence[Build]) -> int:
        """How many units of the target value a listed play makes (what ``groups`` finds, without
        checking again a play ``plays`` listed): one for a stack."""
        if self.rules.stack_limit:
            return 1
        taken = set(onto)
        touched = [b for b in builds if not taken.isdisjoint(b.cards)]
        built = {x for b in touched for x in b.cards}
        return self._total(card, [x for x in onto if x not in built], touched) // target

    def _total(self, card: int, loose: Sequence[int], touched: Sequence[Build]) -> int:
        """What a build adds up to: the card played, the loose cards it joins, the builds it takes in."""
        return self.worth[card] + sum(self.worth[x] for x in loose) + sum(b.value for b in touched)

    def why_not(self, card: int, onto: Sequence[int], target: int, hand: Sequence[int], seat: int,
                builds: Sequence[Build]) -> str:
        """Says in words why a build the rules refuse is refused (``groups`` returned 0)."""
        worth, taken = self.worth, set(onto)
        if card not in self.rules.cards or not worth[card]:
            return "this card cannot build"
        if self.rules.stack_limit:
            return (f"a card is laid on one floor card or stack, making at most {self.rules.stack_limit} "
                    "with it")
        if not any(h != card and target in self.played(h) for h in hand):
            return f"the player holds no other card of value {target} to take the build later"
        for b in builds:
            if taken & set(b.cards) and not set(b.cards) <= taken:
                return f"the build of {b.value} goes whole or not at all"
            if set(b.cards) <= taken and b.value != target and b.multiple:
                return f"the build of {b.value} gathers several units: its value is fixed"
            if set(b.cards) <= taken and b.value != target and not self._may_raise(b, seat):
                return f"this player may not raise the build of {b.value}"
        if any(not worth[x] for x in onto if not any(x in b.cards for b in builds)):
            return "a card without a number cannot be built"
        return f"the cards do not add up to {target}, nor split into units of {target}"

    def _rest_splits(self, rest: set[int], target: int, loose, builds) -> bool:
        """Whether the units outside the played card's group are each worth the target."""
        if any(set(b.cards) <= rest and b.value != target for b in builds):
            return False
        counts = [0] * (target + 1)
        for x in loose:
            if x in rest:
                if self.worth[x] > target:
                    return False
                counts[self.worth[x]] += 1
        return splits_whole(target, tuple(counts))

    # ------------------------------------------------------------ duties
    def keeps_duties(self, seat: int, hand_after: Sequence[int], builds_after: Sequence[Build]) -> bool:
        """Whether a player still holds a card to take each build they own after a play."""
        if self.rules.stack_limit:
            return True  # a stack is nobody's to take
        values = {x for h in hand_after for x in self.played(h)}
        return all(b.value in values for b in builds_after if b.owner == seat)


def loose_of(floor: Sequence[int], builds: Sequence[Build]) -> list[int]:
    """The floor cards that lie in no build (the floor itself where there are none)."""
    built = {x for b in builds for x in b.cards}
    return [x for x in floor if x not in built] if built else list(floor)


def captures_with_builds(resolver, played, card: int, floor: Sequence[int], builds: Sequence[Build],
                         previous) -> list[tuple[int, ...]]:
    """The captures of a card where builds may lie on the floor: loose cards as the capture
    rules allow (``resolver``), and every build of a value the card counts as (``played``),
    which only goes whole, each capture in floor order."""
    if not builds:
        return resolver.captures(card, floor, previous)
    found = resolver.captures(card, loose_of(floor, builds), previous)
    return with_builds(found, played(card), floor, builds, resolver.largest) if resolver.groups[card] else found


def with_builds(found: list[tuple[int, ...]], counts: Sequence[int], floor: Sequence[int], builds: Sequence[Build],
                largest: bool) -> list[tuple[int, ...]]:
    """The captures ``found`` on the loose floor, with each build of a value in ``counts`` (what
    the card played counts as) taken whole: added to every capture under 'largest', else each
    its own capture; in floor order."""
    matching = [b.cards for b in builds if b.value in counts]
    if not matching:
        return found
    order = {x: i for i, x in enumerate(floor)}.__getitem__
    if largest:
        every = tuple(x for cards in matching for x in cards)
        return [tuple(sorted(option + every, key=order)) for option in found] or [tuple(sorted(every, key=order))]
    return found + [tuple(sorted(cards, key=order)) for cards in matching]


def after_build(builds: Sequence[Build], card: int, onto: Sequence[int], target: int, seat: int,
                floor: Sequence[int], count: int) -> list[Build]:
    """Returns the builds once ``card`` is built onto ``onto``: the units it gathers become
    one build of the target value, owned by the player, in floor order."""
    taken = set(onto)
    kept = [b for b in builds if not taken & set(b.cards)]
    cards = tuple(x for x in floor if x in taken) + (card,)
    return kept + [Build(target, cards, seat, count > 1)]


def after_capture(builds: Sequence[Build], capture: Sequence[int]) -> list[Build]:
    """Returns the builds a capture leaves (it takes builds whole)."""
    taken = set(capture)
    return [b for b in builds if not taken & set(b.cards)]


class _Sums:
    """The loose cards with a value, and the sums the cards from each on can make up to a
    limit (as bits: bit n of ``after[i]``, the cards from i on make n), worked out once for
    every target a play is tried at; ``reach`` is what some of them make, ``total`` all."""

    __slots__ = ("usable", "after", "reach", "total", "worth")

    def __init__(self, cards: Sequence[int], worth: Sequence[int], most: int):
        self.worth = worth
        self.usable = usable = [x for x in cards if worth[x]]
        limit = (1 << (most + 1)) - 1
        self.after = after = [1] * (len(usable) + 1)
        for i in range(len(usable) - 1, -1, -1):
            after[i] = (after[i + 1] | after[i + 1] << worth[usable[i]]) & limit
        self.reach = after[0]
        self.total = sum(worth[x] for x in usable)

    def subsets(self, target: int) -> list[tuple[int, ...]]:
        """Returns the sets of the cards (in floor order) whose values add up to the target
        (at most the limit), at most MAX_OPTIONS of them. The walk follows only choices
        after which the cards still to come can make up the rest, so its steps grow with
        the sets it finds."""
        found: list[tuple[int, ...]] = []
        if self.after[0] >> target & 1:
            walk_subsets(self.usable, [self.worth[x] for x in self.usable], self.after, 0, target, [], found)
        return found


def walk_subsets(usable: list[int], vals: list[int], after: list[int], start: int, remaining: int,
                 chosen: list[int], found: list) -> None:
    """The walk of ``_Sums.subsets`` (the fast tier's listing walks it too): the sets of
    ``usable`` (worth ``vals``) from ``start`` on adding up to ``remaining``, in floor order,
    following only choices the cards still to come can complete (``after``); at most
    MAX_OPTIONS in ``found``, which may hold others already."""
    if remaining == 0:
        found.append(tuple(chosen))
        return
    for i in range(start, len(usable)):
        if len(found) >= MAX_OPTIONS or not after[i] >> remaining & 1:
            return
        x = vals[i]
        if x <= remaining and after[i + 1] >> (remaining - x) & 1:
            chosen.append(usable[i])
            walk_subsets(usable, vals, after, i + 1, remaining - x, chosen, found)
            chosen.pop()


def _subsets_summing(cards: Sequence[int], worth: Sequence[int], target: int) -> list[tuple[int, ...]]:
    """Returns the sets of the cards (in floor order) whose values add up to the target, at most MAX_OPTIONS."""
    return _Sums(cards, worth, target).subsets(target)
