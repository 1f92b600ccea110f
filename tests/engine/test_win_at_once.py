"""A game won during play (issue 28, mechanism 6: Cuarenta's caída and limpia, Spade Casino's
pegging): 'win at once' stops the hand the moment a side's points scored during play bring
its game total to the target; the hand then counts only those points."""

from __future__ import annotations

import random

import pytest

from basra_dsl import Game
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.engine import Deal, IllegalMove, Move, Scoreboard
from basra_dsl.engine.fast import supports, why_not
from basra_dsl.play.simulate import simulate_games

from helpers import load_house, play_both

QUICK = 'variant quick "Quick" extends egyptian\ngame:\n  first to 30\n  win at once\n'
SLOW = 'variant slow "Slow" extends egyptian\ngame:\n  first to 30\n'


def position(rules, standing=None):
    deal = Deal((parse_cards(["7C", "2C"]), parse_cards(["9D", "3D"])), parse_cards(["7H"]))
    later = Deal((parse_cards(["4C", "5C"]), parse_cards(["4D", "5D"])))
    return Game(rules).hand_from_deals([deal, later], 0, (), standing)


def test_a_basra_that_reaches_the_target_ends_the_hand_and_the_game(tmp_path):
    rules = load_house(tmp_path, QUICK)
    board = Scoreboard(rules)
    board.totals = [25.0, 28.0]
    state = position(rules, board.standing)
    play = state.apply(Move(parse_card("7C"), parse_cards(["7H"])))  # a basra: 10 points, 35 in all
    assert play.bonus == 10
    assert state.is_terminal() and state.stopped
    result = state.result()
    assert result.points == (10, 0)  # the cards taken count for nothing: the hand stopped
    board.add(result)
    assert board.over and board.winner == 0
    with pytest.raises(IllegalMove, match="already over"):
        state.apply(Move(parse_card("9D")))


def test_a_side_short_of_the_target_plays_on(tmp_path):
    rules = load_house(tmp_path, QUICK)
    state = position(rules, ((10.0, 0.0), 30))
    state.apply(Move(parse_card("7C"), parse_cards(["7H"])))
    assert not state.is_terminal() and not state.stopped


def test_without_the_clause_the_hand_is_played_out_and_scored_at_its_end(tmp_path):
    rules = load_house(tmp_path, SLOW)
    state = position(rules, ((25.0, 0.0), 30))
    state.apply(Move(parse_card("7C"), parse_cards(["7H"])))
    assert not state.is_terminal()
    assert state.standing is None


def test_a_hand_dealt_without_a_game_is_played_out(tmp_path):
    rules = load_house(tmp_path, QUICK)
    state = position(rules)  # a position, or a hand simulated on its own: no game to win
    state.apply(Move(parse_card("7C"), parse_cards(["7H"])))
    assert not state.is_terminal()


def test_games_won_during_play_end_short_of_their_hands(tmp_path):
    quick = load_house(tmp_path, QUICK)
    stopped = []
    game = Game(quick)
    for seed in range(30):
        board = Scoreboard(quick)
        rng = random.Random(seed)
        while not board.over:
            state = game.new_hand(rng, 0, board.carry, board.standing)
            while not state.is_terminal():
                state.apply(state.legal_moves()[0])
            stopped.append(state.stopped)
            board.add(state.result())
        assert max(board.totals) >= 30
    assert any(stopped) and not all(stopped)
    assert simulate_games(quick, 20, seed=3).games == 20  # simulate plays games with their standing


def test_the_state_round_trips_its_standing(tmp_path):
    rules = load_house(tmp_path, QUICK)
    state = position(rules, ((25.0, 28.0), 30))
    again = Game(rules).state_from_json(state.to_json())
    assert again.standing == state.standing and not again.stopped


def test_hands_on_their_own_play_on_the_fast_tier_and_games_on_state(tmp_path):
    rules = load_house(tmp_path, QUICK)
    assert supports(rules) and why_not(rules) is None
    assert play_both(rules, hands=30, seed=5) > 0  # no standing: identical hand by hand
    fast, slow = simulate_games(rules, 15, seed=2), _on_state(simulate_games, rules, 15, seed=2)
    assert (fast.hands, fast.points) == (slow.hands, slow.points)  # a game's hands are State's


def _on_state(run, rules, *args, **kwargs):
    from unittest import mock

    with mock.patch("basra_dsl.play.simulate.supports", return_value=False):
        return run(rules, *args, **kwargs)
