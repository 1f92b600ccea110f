"""The search bot: exact once every card is known, bounded, and sees the obvious.

Once nothing is left to deal in a two-player hand, the unseen cards are the opponent's
hand: one sample is the truth, and with no more plays left than its depth the search
must pick a move that is best against every reply. A plain minimax over the whole rest of the hand, written here without
pruning or ordering, says which moves those are.
"""

from __future__ import annotations

import random

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.bots import SearchBot, SeatView, move_of
from basra_dsl.bots.search import _hidden_places
from basra_dsl.engine.random_play import random_move


def margin(state, side: int) -> float:
    points = state.result().points
    return points[side] - max(p for s, p in enumerate(points) if s != side)


def minimax(state, side: int) -> float:
    """The side's margin at the end of the hand with best play by both (no pruning)."""
    if state.turn < 0:
        return margin(state, side)
    values = []
    for move in state.legal_moves():
        child = state.clone()
        child.play_move(move)
        values.append(minimax(child, side))
    return max(values) if state.rules.side_of(state.turn) == side else min(values)


def last_deal_positions(variant: str, seeds: range, within: int = SearchBot().depth):
    """Yields positions of the last deal (nothing left to deal) with a choice to make and
    at most ``within`` plays left (the search's depth)."""
    rules = load_variant(variant, players=2)
    for seed in seeds:
        rng = random.Random(seed)
        state = Game(rules).new_hand(rng, seed % 2)
        while state.turn >= 0:
            if (state.deal_index == len(state.deals) and sum(map(len, state.hands)) <= within
                    and len(state.legal_moves()) > 1):
                yield seed, state
                break
            state.play_move(random_move(state, rng))


@pytest.mark.parametrize("variant", ["egyptian", "pishti", "ashush", "dry"])  # adding up, stacks, compulsion
def test_the_search_plays_a_best_move_once_every_card_is_known(variant):
    checked = 0
    for seed, state in last_deal_positions(variant, range(12)):
        side = state.rules.side_of(state.turn)
        values = {}
        for move in state.legal_moves():
            child = state.clone()
            child.play_move(move)
            values[move] = minimax(child, side)
        chosen = move_of(SearchBot(samples=3), state.clone(), random.Random(seed))
        assert values[chosen] == max(values.values()), (seed, chosen, values)
        checked += 1
    assert checked >= 8


def test_one_sample_suffices_once_the_hidden_cards_lie_in_one_place():
    seed, state = next(last_deal_positions("egyptian", range(5)))
    assert _hidden_places(SeatView.of(state)) == 1
    rules = load_variant("egyptian", players=4)
    four = Game(rules).new_hand(random.Random(1), 0)
    assert _hidden_places(SeatView.of(four)) == 4  # three other hands and the pack


def test_a_search_stops_taking_samples_at_its_budget(monkeypatch):
    state = Game(load_variant("egyptian", players=4)).new_hand(random.Random(3), 0)
    taken = []
    dealt = SeatView._dealt
    monkeypatch.setattr(SeatView, "_dealt", lambda view, hidden: taken.append(1) or dealt(view, hidden))
    move_of(SearchBot(samples=40, budget=1), state, random.Random(0))
    assert len(taken) == 1
    move_of(SearchBot(samples=5), state, random.Random(0))
    assert len(taken) == 1 + 5


@pytest.mark.parametrize("arguments", [{"samples": 0}, {"depth": 0}])
def test_a_search_without_samples_or_depth_is_refused(arguments):
    with pytest.raises(ValueError):
        SearchBot(**arguments)


def test_samples_deal_every_unseen_card_to_the_opponents_in_turn():
    """Dealt in turn, the first samples put each unseen card in an opponent's hand once
    before any card comes back (a fresh order only after every card has been dealt there)."""
    state = Game(load_variant("egyptian")).new_hand(random.Random(3), 0)
    view = SeatView.of(state)
    samples = view.samples(random.Random(0))
    rounds = len(view.unseen) // view.hand_sizes[1]
    seen = [card for _ in range(rounds) for card in next(samples).hands[1]]
    assert len(seen) == len(set(seen)) == rounds * view.hand_sizes[1]
    assert set(seen) <= set(view.unseen)
