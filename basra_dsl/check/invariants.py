"""Invariants every hand of every variant keeps, checked over seeded random hands."""

from __future__ import annotations

import random

from ..cards import card_name
from ..engine import Game
from ..engine.scoring import rule_points
from ..engine.random_play import random_move

MAX_PLAYS = 10_000


def check_hand_invariants(game: Game, rng: random.Random, first: int) -> str | None:
    """Returns a description of the first broken invariant in a random hand, or None."""
    rules = game.rules
    state = game.new_hand(rng, first)
    dealt = [c for d in state.deals for part in (*d.hands, d.floor, *d.won, d.stock) for c in part]
    if sorted(dealt) != sorted(rules.deck):
        return "the deal does not hand out the deck exactly once"
    plays = 0
    while not state.is_terminal():
        moves = state.legal_moves()
        if not moves:
            return f"play {plays}: seat {state.turn} has no legal move"
        state.apply(random_move(state, rng))
        plays += 1
        if plays > MAX_PLAYS:
            return "the hand does not end"
    places = [c for p in state.piles for c in p] + list(state.unclaimed) + state.floor + state.stock + [c for h in state.hands for c in h]
    if sorted(places) != sorted(rules.deck):
        missing = set(rules.deck) - set(places)
        return f"after the hand, cards are lost or doubled (missing: {' '.join(map(card_name, sorted(missing)))})"
    result = state.result()
    if result.void:
        return None if not any(result.points) else "a voided hand still scores points"
    card_points = sum(rules.card_points.get(c, 0) for c in rules.deck if c not in state.unclaimed)
    card_points += sum(rule_points(rules, [c for s in seats for c in state.piles[s]]) for seats in rules.sides)
    bonuses = sum(p.bonus for p in state.plays) + sum(b for deal in state.deals for b in deal.bonus)
    majority = sum(result.points) - card_points - bonuses
    allowed = _majority_totals(rules, state.carry_in)
    if not any(abs(majority - a) < 1e-9 for a in allowed):
        return (f"the points of the hand ({sum(result.points)}) do not add up: cards {card_points}, "
                f"bonuses {bonuses}, majorities {majority}")
    return None


def _majority_totals(rules, carry_in) -> set[float]:
    """Returns the totals the majority items may pay out together in one hand."""
    totals = {0.0}
    for index, item in enumerate(rules.majorities):
        carried = carry_in[index] if index < len(carry_in) else 0.0
        pays = {0.0, item.points + carried}
        if item.tie == "each":
            pays |= {(item.points + carried) * k for k in range(2, len(rules.sides) + 1)}
        totals = {t + p for t in totals for p in pays}
    return totals
