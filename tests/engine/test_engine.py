"""The generic engine on Egyptian Basra: dealing, turns, end of hand, scoring, game flow."""

from __future__ import annotations

import json
import random

import pytest
from helpers import cards, names, position

from basra_dsl import Scoreboard, load_variant
from basra_dsl.cards import parse_card
from basra_dsl.engine import TERMINAL, Deal, IllegalMove, Move
from basra_dsl.engine.game import MatchScore
from basra_dsl.engine.random_play import random_move
from basra_dsl.engine.scoring import HandResult, SideResult
from basra_dsl.play.simulate import play_hand, simulate_match


def test_deal_gives_four_each_and_a_clean_floor(egyptian):
    for seed in range(40):
        state = egyptian.new_hand(random.Random(seed))
        first = state.deals[0]
        assert [len(h) for h in first.hands] == [4, 4]
        assert len(first.floor) == 4
        assert not set(first.floor) & set(cards("JC JD JH JS 7D"))
        assert len(state.deals) == 6  # 4 to the floor, then 48 cards in deals of 8
        dealt = [c for d in state.deals for h in d.hands for c in h] + list(first.floor)
        assert sorted(dealt) == list(range(52))


def test_four_players_play_in_partnerships(egyptian4):
    rules = egyptian4.rules
    assert rules.sides == ((0, 2), (1, 3))
    state = egyptian4.new_hand(random.Random(3), first=1)
    assert len(state.deals) == 3
    seats = []
    while not state.is_terminal():
        seats.append(state.current_player)
        state.play_move(random_move(state, random.Random(len(seats))))
    assert seats[:5] == [1, 2, 3, 0, 1]
    assert len(seats) == 48
    assert sum(side.cards for side in state.result().sides) == 52


def test_turn_passes_and_next_deal_follows(egyptian):
    state = position(egyptian, "KC", "2C 3C", "4D 5D")
    deals = state.deals + [Deal((cards("6C"), cards("8D"))), ]
    state.deals = deals
    order = []
    for card in ("2C", "4D", "3C", "5D", "6C", "8D"):
        order.append(state.current_player)
        state.apply(state.resolve(parse_card(card)))
    assert order == [0, 1, 0, 1, 0, 1]
    assert state.is_terminal() and state.current_player == TERMINAL


def test_last_capturer_takes_the_leftover_without_basra(egyptian):
    state = position(egyptian, "KC 9D", "9S 2H", "3D QH")
    for card in ("9S", "3D", "2H", "QH"):
        state.apply(state.resolve(parse_card(card)))
    assert state.is_terminal()
    assert names(state.piles[0]) == names(cards("9S 9D KC 3D 2H QH"))
    assert names(state.piles[1]) == [] and state.bonuses[0] == []
    state = position(egyptian, "KC 9D 4S", "9S 2H", "KD QH")
    for card in ("9S", "KD", "2H", "QH"):
        state.apply(state.resolve(parse_card(card)))
    assert names(state.piles[1]) == names(cards("KC KD 4S 2H QH"))
    assert state.bonuses[1] == []


def test_moves_are_validated(egyptian):
    state = position(egyptian, "5C", "5D", "6H")
    with pytest.raises(IllegalMove, match="not in this player"):
        state.apply(Move(parse_card("6H"), ()))
    with pytest.raises(IllegalMove, match="not on the floor"):
        state.apply(Move(parse_card("5D"), cards("5H")))
    assert state.legal_moves() == [Move(parse_card("5D"), cards("5C"))]


def test_state_json_round_trip(egyptian):
    rng = random.Random(11)
    state = egyptian.new_hand(rng)
    for _ in range(13):
        state.play_move(random_move(state, rng))
    data = json.loads(json.dumps(state.to_json()))
    copy = egyptian.state_from_json(data)
    assert copy.to_json() == data
    for _ in range(100):
        if state.is_terminal():
            break
        move = random_move(state, random.Random(len(state.plays)))
        state.play_move(move)
        copy.play_move(move)
    assert copy.result() == state.result()


def test_clone_is_independent(egyptian):
    state = egyptian.new_hand(random.Random(2))
    copy = state.clone()
    state.play_move(random_move(state, random.Random(0)))
    assert len(copy.plays) == 0 and len(state.plays) == 1


def test_same_seed_same_game(egyptian):
    one, _ = play_hand(egyptian, random.Random(9), 0, (), random_move)
    two, _ = play_hand(egyptian, random.Random(9), 0, (), random_move)
    assert one == two


def _result(*points: float) -> HandResult:
    sides = tuple(SideResult((i,), 26, 0, 0, 0, 0, p) for i, p in enumerate(points))
    return HandResult(sides, (0.0,), ())


def test_game_to_101_higher_wins_and_ties_play_on():
    rules = load_variant("egyptian")
    board = Scoreboard(rules)
    board.add(_result(60, 50))
    assert not board.over
    board.add(_result(50, 60))
    assert not board.over and board.totals == [110, 110]  # a tie over the target: play on
    board.add(_result(5, 3))
    assert board.over and board.winner == 0
    assert Scoreboard(load_variant("egyptian", target=121)).target == 121


def test_match_best_of_five_with_decider_to_150():
    rules = load_variant("egyptian")
    match = MatchScore(rules)
    for winner in (0, 1, 0, 1):
        board = Scoreboard(rules)
        board.winner = winner
        match.add(board)
    assert match.next_target() == 150
    assert match.winner is None
    result = simulate_match(rules, seed=4)
    assert max(result.wins) == 3


def test_a_position_with_no_cards_in_hand_ends_at_once(egyptian):
    state = egyptian.hand_from_deals([Deal(((), ()), cards("5C 6D"))])
    assert state.is_terminal()
    assert names(state.unclaimed) == names(cards("5C 6D"))  # nobody captured: nobody takes them


def test_a_leader_without_cards_passes_the_lead(egyptian):
    state = egyptian.hand_from_deals([Deal(((), cards("5H")), cards("5C"))], first=0)
    assert state.current_player == 1
