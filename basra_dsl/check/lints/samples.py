"""The plays the checks try rules on: a seeded sample of floors, each with every card played
on it, first as a probe for capture rules, then with every capture the engine allows, and
the hand around the play turning floor by floor (the middle of a hand, its last deal, its
last play). Worked out once for all the option choices whose rules take cards alike.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from ...engine.capture import NO_PREVIOUS, CaptureResolver
from ...engine.rules import Rules
from ...language.merge import SAMPLE_SEED
from .combinations import FAILURES
Play = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], Any, tuple]


_SAMPLES: dict[tuple, "_Sample"] = {}


def sampled_plays(rules: Rules) -> Iterator[Play]:
    """Yields ``sample_plays(rules)``, worked out once (and only as far as asked) for all the
    option choices whose rules take cards alike (the same deck, floor, choice and capture rules,
    a condition told by its words and by its body with the options bound): most options change
    only bonuses or the score, and every check reads the same plays."""
    key = (rules.deck, tuple(sorted(rules.values.items(), key=str)), rules.floor_kind, rules.choose,
           rules.pairs_first, tuple(
        (r.name, r.cards, r.kind, r.condition_source, getattr(r.condition, "source", None)) for r in rules.capture_rules))
    if key not in _SAMPLES:
        if len(_SAMPLES) >= 8:
            _SAMPLES.pop(next(iter(_SAMPLES)))
        _SAMPLES[key] = _Sample(sample_plays(rules))
    return iter(_SAMPLES[key])


class _Sample:
    """The plays of a generator, kept as they are first asked for."""

    def __init__(self, source: Iterator[Play]):
        self.source, self.plays = source, []

    def __iter__(self) -> Iterator[Play]:
        index = 0
        while True:
            if index == len(self.plays):
                play = next(self.source, None)
                if play is None:
                    return
                self.plays.append(play)
            yield self.plays[index]
            index += 1


# the hands around sampled plays, in turn: the middle of a hand, the last deal, the last play
HANDS = ((False, False, 40), (False, False, 8), (False, False, 2), (False, True, 0), (True, True, 0))


def sample_plays(rules: Rules) -> Iterator[Play]:
    """Yields (played, floor, captured, left, previous, hand) plays: for each played card and
    floor, first a capture-rule probe (captured ``()``), then every capture the engine allows;
    the hand around the play turns floor by floor (``HANDS``)."""
    rng = random.Random(SAMPLE_SEED)
    deck = list(rules.deck)
    if not deck:
        return
    resolver = CaptureResolver(rules)
    for index, floor in enumerate(_sample_floors(rules, deck, rng)):
        previous = _previous(floor, index, rng, deck, NO_PREVIOUS)
        hand = HANDS[index % len(HANDS)]
        # every card is played on a floor of one rank (so the rank's last card meets the others)
        players = deck if len(floor) <= 1 or len({c >> 2 for c in floor}) == 1 else rng.sample(deck, min(12, len(deck)))
        for p in players:
            if p in floor:
                continue
            yield p, floor, (), (), previous, hand
            try:
                options = resolver.captures(p, floor, previous)
            except FAILURES:
                continue
            for capture in options[:8]:
                if capture:
                    taken = set(capture)
                    yield p, floor, tuple(capture), tuple(x for x in floor if x not in taken), previous, hand


def _sample_floors(rules: Rules, deck: list[int], rng: random.Random) -> list[tuple[int, ...]]:
    """Returns the floors to play on: empty, each single card, random floors of many sizes
    (of numerals alone, too, for sums), and every card of one rank."""
    numerals = [c for c in deck if rules.values.get(c) is not None]
    floors: list[tuple[int, ...]] = [()]
    floors += [(x,) for x in deck]
    for size in (2, 2, 3, 3, 4, 5, 6, 8, 10, 12, 16) * 30:
        floors.append(tuple(rng.sample(deck, min(size, len(deck)))))
    for size in (2, 3, 4, 5) * 30:
        if numerals:
            floors.append(tuple(rng.sample(numerals, min(size, len(numerals)))))
    for rank in range(13):  # every card of one rank, and pairs of it
        same = [c for c in deck if c >> 2 == rank]
        for k in range(1, len(same) + 1):
            floors.append(tuple(same[:k]))
    return floors


def _previous(floor: tuple[int, ...], index: int, rng: random.Random, deck: list[int], none):
    """Returns the play before this one: none, a trail, or a capture that left this floor."""
    kind = index % 3
    if kind == 0 or not floor:
        return none
    last = floor[-1]
    before = floor[:-1]
    if kind == 1:  # the last floor card was trailed
        return (last, before, (), floor)
    taker, taken = rng.choice(deck), rng.choice(deck)  # a capture that left this floor
    return (taker, floor + (taken,), (taken,), floor)


