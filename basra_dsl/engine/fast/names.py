"""The names the fast routine's source reads (``emit`` writes the source): the rules'
numbers and per-card tables, the checked tier's helpers it calls, and each bonus rule's
function or inlined source.
"""

from __future__ import annotations

from .emit import _inline_source
from .plan import COND_SWEEP, FIELD, Plan


def namespace(plan: Plan) -> dict:
    """Returns the names the source reads: the rules' numbers and per-card tables."""
    from ..capture import MAX_OPTIONS, NO_PREVIOUS, CaptureResolver, expand_takes
    from ..deal import _start_floor, deal_hand, shuffled_pack
    from ..errors import POINTS_LIMIT
    from . import runtime

    rules = plan.rules
    players, size = rules.players, len(plan.kinds)
    worth = [rules.values.get(c) or 0 for c in range(size)]
    unit = [1 << (FIELD * (c >> 2)) for c in range(size)]
    # a total (Escoba's 15) can ask for more than a card is worth
    top = max(worth + plan.targets + [t for found in plan.all_targets for t in found], default=0)
    ranks_worth = {c >> 2: worth[c] for c in rules.deck if worth[c]}
    # a value a floor card may be read as (Tablanette's ace, 1 or 11) that no rank is worth
    # gets a field of its own past the ranks, so a reading's counts pack like any floor's
    read_as = sorted({v for values in rules.floor_values.values() if len(values) > 1 for v in values
                      if 0 < v <= top} - set(ranks_worth.values()))
    spare = max((c >> 2 for c in rules.deck), default=-1) + 1
    ranks_worth |= {spare + i: v for i, v in enumerate(read_as)}
    read_unit = {v: 1 << (FIELD * r) for r, v in sorted(ranks_worth.items(), reverse=True)}  # a field worth v
    # by value: the packed counts of the ranks worth at most it (what adds up to it), of those
    # worth it exactly (a single card of it), and the fields of the first
    vmask = [sum(15 << (FIELD * r) for r, w in ranks_worth.items() if w <= v) for v in range(top + 1)]
    exactly = [sum(15 << (FIELD * r) for r, w in ranks_worth.items() if w == v) for v in range(top + 1)]
    fields = [tuple(sorted((FIELD * r, w) for r, w in ranks_worth.items() if w <= v)) for v in range(top + 1)]
    tables: list[dict] = [{} for _ in range(top + 1)]
    names = {
        "DECK": rules.deck, "INDEXES": range(len(rules.deck)), "RANGE_FLIP": range(rules.flip), "DRAW": rules.draw, "P": players, "H": rules.hand_size, "FULL": rules.hand_size * players,
        "RANGE_P": range(players), "RANGE_H": range(rules.hand_size), "START": rules.start_floor,
        "REDEAL": rules.redeal_floor, "RULES": rules, "DEAL_HAND": deal_hand, "SHUFFLED": shuffled_pack, "START_FLOOR": _start_floor, "CUT": rules.cut_cards, "BAR": rules.bar_cards,
        "SEATS": {first: [(first + i) % players for i in range(players)] for first in range(players)},
        "PLACE": {first: [(seat - first) % players for seat in range(players)] for first in range(players)},
        "BATCH_AT": {first: [(seat - first) % players * rules.hand_size for seat in range(players)]
                     for first in range(players)},
        "DEALER": [rules.dealer_of(first) for first in range(players)],
        "CUT_SEAT": [_cut_seat(rules, first) for first in range(players)],
        "NEXT": {seat: (seat + 1) % players for seat in range(-1, players)},
        "STEPS": range(1, players + 1), "KIND": plan.kinds, "SWEEPS": plan.sweep_conditions,
        "COND_SWEEP": COND_SWEEP, "W": worth, "RU": unit, "RMASK": [15 * u for u in unit],
        "VMASK": vmask, "FIELDS": fields, "TABLES": tables, "TGS": plan.all_targets, "TG": plan.targets,
        "PMASK": [exactly[t] for t in plan.targets], "TABLE_OF": [tables[t] for t in plan.targets],
        "SUMS_MASK": [vmask[t] for t in plan.targets], "MISS": runtime.MISS, "SUMS_ENTRY": runtime.sums_entry,
        "MULTI_CAPS": runtime.multi_captures(tables, vmask, fields, exactly, worth, expand_takes, MAX_OPTIONS),
        "READ_CAPS": runtime.reading_captures(tables, vmask, fields, exactly, worth, expand_takes, MAX_OPTIONS,
                                              {c: v for c, v in rules.floor_values.items() if len(v) > 1},
                                              unit, read_unit),
        "READ_TARGETS": [plan.all_targets[c] or (plan.targets[c],) for c in range(size)],
        "READ_MASK": sum({15 << (FIELD * (c >> 2)) for c, v in rules.floor_values.items() if len(v) > 1}),
        "EXPAND": expand_takes, "LARGEST": rules.choose == "largest", "CHOOSE": rules.choose, "DEALT": runtime.dealt,
        "DECLARED": runtime.declared(rules),
        "RESOLVER": (resolver := CaptureResolver(rules)).captures, "STEALS": runtime.pile_takers(rules, resolver),
        "BARRED": runtime.barring(rules), "VALUE_PLAYED": resolver.value_played, "WITH_RUNS": resolver.with_runs, "TRAIL": [()], "NO_PREVIOUS": NO_PREVIOUS,
        "LIMIT": POINTS_LIMIT, "SCORE": runtime.score, "SIDES": rules.sides,
        "MAJORITIES": rules.majorities,
        "CARD_POINTS": [rules.card_points.get(c, 0) for c in range(size)],
    }
    names["BONUS_CARDS"], names["BONUS_SURE"] = plan.bonus_cards, plan.bonus_sure
    for index, rule in enumerate(plan.bonuses):
        names[f"B{index}C"], names[f"B{index}P"] = rule.condition, rule.points
        for fn, part in ((rule.condition, "C"), (rule.points, "P")):
            names.update(_inline_source(fn, f"B{index}{part}", plan)[1])
    return names


def _cut_seat(rules, first: int) -> int:
    dealer = rules.dealer_of(first)
    return dealer if rules.cut_winner == "dealer" else (dealer + 1) % rules.players
