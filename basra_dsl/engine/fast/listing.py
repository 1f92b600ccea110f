"""The fast tier's listing of builds: ``Builder.plays`` written out as one routine, giving
the same builds in the same order (``tests/engine/test_fast_listing.py`` holds the two
together), so both tiers still draw the same move.

Listing builds is a third of a building game's time. The checked tier's ``Builder`` makes
an object for the floor's sums, a set for the player's targets and a frozenset key for
each build, and calls a method for each group; here the targets are bits of one integer,
the sums a list, and the walk over groups ``builds.walk_subsets``, shared with ``Builder``.
Stacks (Zwicker) are listed by ``Builder`` itself: one card laid on one unit, cheap already.

May import: the rest of ``engine`` (never ``language``).
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..builds import Build, Builder, walk_subsets
from ..capture import MAX_OPTIONS


class BuildListing:
    """``Builder.plays`` for a builder without stacks, gathering loose groups with ``gather``
    (the fast tier's ``BuildingHands._gather``, which looks them up in the sums tables)."""

    def __init__(self, builder: Builder, gather: Callable[[int, list[int]], Sequence[int]]):
        self.worth = builder.worth
        # by card: its played values as bits of one integer (bit x: it counts as x)
        self.played_bits = [sum(1 << x for x in set(values)) for values in builder.played_of]
        self.builds_with = builder.builds_with
        self.multiple = builder.rules.multiple
        self.raise_any = builder.rules.raising == "any"
        self.raise_others = builder.rules.raising == "others"
        self.gather = gather

    def plays(self, card: int, hand: Sequence[int], seat: int, loose: Sequence[int],
              builds: Sequence[Build]) -> list[tuple[tuple[int, ...], int]]:
        """The builds ``card`` may make, as ``Builder.plays`` lists them."""
        worth, played = self.worth, self.played_bits
        v = worth[card]
        if not self.builds_with[card] or not (loose or builds):
            return []
        wanted = 0  # bit x: the player holds another card that counts as x
        for h in hand:
            if h != card:
                wanted |= played[h]
        wanted &= -1 << v  # ... at least v
        if not wanted:
            return []
        usable = [x for x in loose if worth[x]]
        vals = [worth[x] for x in usable]
        limit = (1 << (wanted.bit_length() - v)) - 1  # sums up to the largest target less v
        after = [1] * (len(usable) + 1)  # bit n of after[i]: the cards from i on make n
        reach = 1
        for i in range(len(usable) - 1, -1, -1):
            reach = after[i] = (reach | reach << vals[i]) & limit
        total = sum(vals)
        multiple = self.multiple
        values, raisable = self._build_values(builds, seat)
        found: dict[tuple, tuple[tuple[int, ...], int]] = {}
        target, bits = v, wanted >> v
        while bits:
            if bits & 1:
                rest = target - v
                if multiple if rest == 0 else (reach >> rest & 1 or rest in raisable):
                    owns: list[tuple[int, ...]] = [()] if rest == 0 else []
                    if rest:
                        if reach >> rest & 1:
                            walk_subsets(usable, vals, after, 0, rest, [], owns)
                        if rest in raisable:
                            owns += [b.cards for b in builds if b.value == rest and self._may_raise(b, seat)]
                    for own in owns:
                        if own:
                            found.setdefault((target, frozenset(own)), (own, target))
                        if multiple and (target in values or total - (rest if own and own[0] in loose else 0) >= target):
                            whole = own + self._gathered(own, target, loose, builds)
                            if whole:
                                found.setdefault((target, frozenset(whole)), (whole, target))
                        if len(found) >= MAX_OPTIONS:
                            return list(found.values())
            bits >>= 1
            target += 1
        return list(found.values())

    def _build_values(self, builds: Sequence[Build], seat: int) -> tuple[set[int], set[int]]:
        """The values of the builds on the floor, and of those the seat may raise."""
        if not builds:
            return set(), set()
        return {b.value for b in builds}, {b.value for b in builds if self._may_raise(b, seat)}

    def _may_raise(self, build: Build, seat: int) -> bool:
        return not build.multiple and (self.raise_any or (self.raise_others and build.owner != seat))

    def _gathered(self, own: tuple[int, ...], target: int, loose, builds) -> tuple[int, ...]:
        """``Builder._gathered``: every other unit worth the target."""
        taken, worth = set(own), self.worth
        extra = [c for b in builds if b.value == target and taken.isdisjoint(b.cards) for c in b.cards]
        rest = [x for x in loose if x not in taken and 0 < worth[x] <= target]
        return (*extra, *self.gather(target, rest)) if rest else tuple(extra)

