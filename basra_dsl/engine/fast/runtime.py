"""Helpers the generated play routine calls: the table of sums captures, filled as floors
are met (and kept as plain data between runs), and scoring.

They use the checked tier's own capture search (``covers``, ``sums``), so both tiers list the same
captures in the same order; the rare captures that leave a choice among cards of one value
are expanded by ``capture.expand_takes`` itself.
"""

from __future__ import annotations

from itertools import islice, product
from typing import NamedTuple

from ..capture import across_readings, chosen_takes, first_distinct
from ..scoring import award_majorities, rule_points

class HandFigures(NamedTuple):
    """What the fast tier reports of a hand: each side's points, the majority points
    carried over, each side's bonus count, the floor nobody took, and whether it was void."""

    points: tuple[float, ...]
    carry_out: tuple[float, ...]
    basras: tuple[int, ...]
    unclaimed: tuple[int, ...]
    void: bool


MISS = object()  # a floor not met yet in a sums table
KEPT_TAKES = 64  # an entry with more takes than this is worked out again each time, not kept


def sums_entry(value: int, key: int, fields: tuple[tuple[int, int], ...], choose: str, table: dict | None = None):
    """Returns what a card of ``value`` takes from a floor whose numerals are counted in
    ``key`` (4 bits per rank), as the choice rule ``choose`` keeps them: None for nothing, a frozenset of the values taken whole (the
    usual case, no choice), or the takes as counts per value (cards of a value to choose).
    With ``table``, keeps the entry there under ``key`` (unless it holds more than
    KEPT_TAKES takes, so a table's size stays in proportion to the floors met)."""
    counts = [0] * (value + 1)
    for shift, worth in fields:  # (bit offset of a rank, its value), ranks worth <= value
        counts[worth] += (key >> shift) & 15
    key_counts = tuple(counts)
    takes = chosen_takes(value, key_counts, choose)
    if not takes:
        entry = None
    elif len(takes) == 1 and all(k == 0 or k == counts[v] for v, k in enumerate(takes[0])):
        entry = frozenset(v for v, k in enumerate(takes[0]) if k)
    else:
        entry = takes
    if table is not None and (entry.__class__ is not tuple or len(entry) <= KEPT_TAKES):
        table[key] = entry
    return entry


def multi_captures(tables: list[dict], vmask: list[int], fields: list, pmask: list[int], worth: list[int],
                   expand, most: int):
    """Returns the routine's function listing the captures of a card that adds up to several
    targets (``CaptureResolver._group_captures``): each target's, from the sums tables (a
    floor card worth the target first, under 'pairs first'), in turn, each capture once, at
    most ``most``."""
    of_target = _target_captures(tables, vmask, fields, pmask, expand)

    def captures(targets, floor, rc, pairs: bool, choose: str) -> list:
        return first_distinct((of_target(t, floor, rc, pairs, choose, worth) for t in targets), most)
    return captures


def reading_captures(tables: list[dict], vmask: list[int], fields: list, pmask: list[int], worth: list[int],
                     expand, most: int, readings: dict, unit: list[int], read_unit: dict):
    """Returns the routine's function listing the captures of a card adding up on a floor that
    holds cards of several values (Tablanette's ace, 1 or 11), as ``CaptureResolver`` lists
    them across the floor's readings: each reading in turn (the first card's values first),
    its counts packed with each such card moved to a field worth what it is read as, every
    target of the card looked up in the sums tables; each capture once, and under 'largest',
    'single' or 'fewest' only those of the best size over all readings."""
    of_target = _target_captures(tables, vmask, fields, pmask, expand)

    def captures(targets, floor, rc, pairs: bool, choose: str) -> list:
        several = [x for x in floor if x in readings]
        found = []
        for values in product(*(readings[x] for x in several)):
            read, key = {x: worth[x] for x in floor}, rc
            for x, v in zip(several, values):
                read[x] = v
                key += read_unit.get(v, 0) - unit[x]  # a value past every target counts in no field
            found.append(first_distinct((of_target(t, floor, key, pairs, choose, read) for t in targets), most))
        return across_readings(found, choose, most)
    return captures


def _target_captures(tables: list[dict], vmask: list[int], fields: list, pmask: list[int], expand):
    """The captures adding up to one target, from its sums table, the cards read as ``worth`` says."""
    def of_target(t: int, floor, rc, pairs: bool, choose: str, worth) -> list:
        if pairs and rc & pmask[t]:
            return ([tuple([x for x in floor if worth[x] == t])] if choose == "largest"
                    else [(x,) for x in floor if worth[x] == t])
        key = rc & vmask[t]
        entry = tables[t].get(key, MISS)
        if entry is MISS:
            entry = sums_entry(t, key, fields[t], choose, tables[t])
        if entry is None:
            return []
        return [tuple([x for x in floor if worth[x] in entry])] if entry.__class__ is frozenset \
            else expand(floor, t, entry, worth)
    return of_target


def pile_takers(rules, resolver):
    """Returns the routine's function listing the seats whose pile a card may take
    (``Stealing.steals``): an opponent's pile topped by the card's rank, while one of the
    card's pile rules holds, and under 'floor first' only for a card that takes nothing
    from the floor (``floor_takes``)."""
    side_of = [rules.side_of(seat) for seat in range(rules.players)]
    rules_of, holds, first = resolver.pile_rules, resolver.takes_piles, rules.floor_first

    def steals(card: int, seat: int, piles: list, floor: list, prev, floor_takes: bool) -> list:
        if not rules_of[card] or first and floor_takes:
            return []
        rank, side = card >> 2, side_of[seat]
        found = [s for s, pile in enumerate(piles) if pile and pile[-1] >> 2 == rank and side_of[s] != side]
        return found if found and holds(card, floor, prev) else []
    return steals


def barring(rules):
    """Returns the routine's function giving the cards of a hand that a restriction bars
    now (``State.barred``)."""
    restrictions = rules.restrictions

    def barred(hand: list, floor: list, prev) -> set:
        held, laid = tuple(hand), tuple(floor)
        return {card for card in hand if any(
            card in rule.cards and (rule.condition is None or rule.condition(card, laid, held, (), prev))
            for rule in restrictions)}
    return barred


def declared(rules):
    """Returns the routine's function giving, for a deal's hands, the points each seat
    declares at its first turn after the deal (the declaration worth the most; 0 for none)."""
    from ..deal import declarable

    def best(hands) -> list[float]:
        found = []
        for hand in hands:
            options = declarable(rules, tuple(hand)) if hand else ()
            found.append(options[0][1] if options else 0)
        return found
    return best


def dealt(piles: list[list[int]], bonuses: list[list[float]], won, bonus) -> None:
    """Gives each seat what a deal hands it besides its cards, as ``State._deal_next`` does:
    the cards it wins at once (a cut card, a floor won at the deal) and its bonus."""
    for seat, cards in enumerate(won or ()):
        piles[seat].extend(cards)
    for seat, points in enumerate(bonus or ()):
        if points:
            bonuses[seat].append(points)


def tables_data(tables: list[dict], most: int | None = None) -> tuple:
    """Returns sums tables as plain data: for each value, (key, entry) pairs, where an entry
    is None (nothing to take), ("whole", values...) or ("takes", counts...). With ``most``,
    only that many entries, the floors met first (a table fills with the common ones first)."""
    def entry(found) -> tuple | None:
        if found is None:
            return None
        if found.__class__ is frozenset:
            return ("whole", *sorted(found))
        return ("takes", *found)
    room = sum(len(table) for table in tables) if most is None else most
    data = []
    for table in tables:
        pairs = tuple((key, entry(found)) for key, found in islice(table.items(), max(room, 0)))
        room -= len(pairs)
        data.append(pairs)
    return tuple(data)


def add_tables(tables: list[dict], data) -> bool:
    """Adds tables written by ``tables_data``; returns False, adding nothing, when the data
    does not have their shape."""
    try:
        if len(data) != len(tables):
            return False
        found = [{key: _entry(value) for key, value in pairs if type(key) is int} for pairs in data]
    except (TypeError, ValueError):
        return False
    for table, more in zip(tables, found):
        table.update(more)
    return True


def _entry(data):
    if data is None:
        return None
    kind, *rest = data
    if kind == "whole" and all(type(v) is int for v in rest):
        return frozenset(rest)
    if kind == "takes" and rest and all(type(t) is tuple and all(type(k) is int for k in t) for t in rest):
        return tuple(rest)
    raise ValueError("not a sums table entry")


def score(piles: list[list[int]], bonuses: list[list[float]], carry_in: tuple[float, ...],
          sides: tuple[tuple[int, ...], ...], majorities: tuple, card_points: list,
          unclaimed: tuple[int, ...], rules=None):
    """Returns a hand's figures, adding up exactly as ``scoring.score_hand`` does (the same
    numbers in the same order, so floating-point totals agree to the last bit); given the
    ``rules``, their score rules count too (Cirulla's Grande)."""
    side_cards = [piles[seats[0]] if len(seats) == 1 else [c for seat in seats for c in piles[seat]]
                  for seats in sides]
    majority, carry_out, void = award_majorities(majorities, side_cards, carry_in)
    totals, counts = [], []
    for index, seats in enumerate(sides):
        bonus = [b for seat in seats for b in bonuses[seat]]
        counted = sum(map(card_points.__getitem__, side_cards[index]))
        if rules is not None:
            counted += rule_points(rules, side_cards[index])
        total = counted + majority[index] + sum(bonus)
        totals.append(0 if void else total)
        counts.append(0 if void else len(bonus))
    return HandFigures(tuple(totals), tuple(carry_out), tuple(counts), unclaimed, void)
