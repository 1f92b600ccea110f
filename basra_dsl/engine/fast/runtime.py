"""Helpers the generated play routine calls: the table of sums captures, filled as floors
are met, and the rare captures that leave a choice among cards of one value.

Each mirrors the checked tier's ``capture`` module line for line, so both tiers list the
same captures in the same order.
"""

from __future__ import annotations

from ..capture import _best_covers_by_groups, _expand, _groups_by_top, single_groups

MISS = object()  # a floor not met yet in a sums table
# value -> counts per value -> (most cards covered, every cover taking that many): shared by
# every floor met, since the floors of a run share most of their sub-floors
_COVERS: dict[int, dict[tuple[int, ...], tuple[int, frozenset]]] = {}


def best_covers(value: int, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Returns what ``capture.best_covers`` returns (every way, as counts per value, to take
    the most cards in groups adding up to ``value``, largest first), by the same search
    over groups with its memo kept from floor to floor."""
    return _best_covers_by_groups(value, counts, _groups_by_top(value), _COVERS.setdefault(value, {}))


def sums_entry(value: int, key: int, fields: tuple[tuple[int, int], ...], largest: bool):
    """Returns what a card of ``value`` takes from a floor whose numerals are counted in
    ``key`` (4 bits per rank): None for nothing, a frozenset of the values taken whole (the
    usual case, no choice), or the takes as counts per value (cards of a value to choose)."""
    counts = [0] * (value + 1)
    for shift, worth in fields:  # (bit offset of a rank, its value), ranks worth <= value
        counts[worth] += (key >> shift) & 15
    key_counts = tuple(counts)
    takes = best_covers(value, key_counts) if largest else single_groups(value, key_counts)
    if not takes:
        return None
    if len(takes) == 1 and all(k == 0 or k == counts[v] for v, k in enumerate(takes[0])):
        return frozenset(v for v, k in enumerate(takes[0]) if k)
    return takes


def expand_sums(floor: list[int], value: int, takes, worth: list[int]) -> list[tuple[int, ...]]:
    """Returns every card set the takes allow, in floor order (``CaptureResolver`` does the same)."""
    by_value: dict[int, list[int]] = {}
    for x in floor:
        if 0 < (v := worth[x]) <= value:
            by_value.setdefault(v, []).append(x)
    order = {x: i for i, x in enumerate(floor)}
    return [tuple(sorted(found, key=order.__getitem__)) for found in _expand(takes, by_value)]


def score(piles: list[list[int]], bonuses: list[list[float]], carry_in: tuple[float, ...],
          sides: tuple[tuple[int, ...], ...], majorities: tuple, card_points: list,
          unclaimed: tuple[int, ...]):
    """Returns a hand's figures, adding up exactly as ``scoring.score_hand`` does (the same
    numbers in the same order, so floating-point totals agree to the last bit)."""
    from . import HandFigures  # the record type lives with the tier's public names

    side_cards = [piles[seats[0]] if len(seats) == 1 else [c for seat in seats for c in piles[seat]]
                  for seats in sides]
    majority = [0.0] * len(sides)
    carry_out = []
    void = False
    for index, (suit, points, tie, voids) in enumerate(majorities):
        carried = carry_in[index] if index < len(carry_in) else 0.0
        if suit is None:
            counts = [len(cards) for cards in side_cards]
        else:
            counts = [sum(1 for c in cards if c & 3 == suit) for cards in side_cards]
        best = max(counts)
        leaders = [i for i, count in enumerate(counts) if count == best]
        if len(leaders) == 1:
            majority[leaders[0]] += points + carried
            carry_out.append(0.0)
        elif tie == "carry":
            carry_out.append(carried + points)
            void = void or voids
        else:
            void = void or voids
            if tie == "each":
                for i in leaders:
                    majority[i] += points + carried
            carry_out.append(0.0)
    totals, counts = [], []
    for index, seats in enumerate(sides):
        bonus = [b for seat in seats for b in bonuses[seat]]
        total = sum([card_points[c] for c in side_cards[index]]) + majority[index] + sum(bonus)
        totals.append(0 if void else total)
        counts.append(0 if void else len(bonus))
    return HandFigures(tuple(totals), tuple(carry_out), tuple(counts), unclaimed, void)
