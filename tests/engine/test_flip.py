"""Turning the stock's top card and playing it (issue 28, mechanism 3, second part: Chinese
Ten's oriental turn): after a play from the hand the same player turns the top card of the
stock and plays it as if from the hand; a capture takes one floor card only (``choose
pair``). The turned card in positions, records, seat views, worked examples and pages."""

from __future__ import annotations

import json
import random

import pytest

from basra_dsl import Game
from basra_dsl.bots import move_of
from basra_dsl.bots.greedy import GreedyBot
from basra_dsl.cards import card_name, parse_card, parse_cards
from basra_dsl.engine import Deal, IllegalMove, Move
from basra_dsl.engine.fast import supports, why_not
from basra_dsl.engine.random_play import random_move
from basra_dsl.play.records import record_of_hands, replay_file
from basra_dsl.play.simulate import simulate_hands

from helpers import editor_words, load_house, play_both, takes

TEN = """variant tens "Tens"
setup:
  deck 52
  players 2, 3, 4
  hand 24 / players
  start floor 4
  flip 1
capture:
  ten: A | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 takes sums to 10
  same: 10 | J | Q | K takes rank
  choose pair
  compulsory
score:
  points hearts 1, diamonds 1
game:
  hands 1
"""


@pytest.fixture()
def rules(tmp_path):
    return load_house(tmp_path, TEN)


def hand(rules, hands, floor, stock, first=0):
    deal = Deal(tuple(parse_cards(h) for h in hands), parse_cards(floor), stock=parse_cards(stock))
    return Game(rules).hand_from_deals([deal], first)


def test_the_deal_leaves_the_rest_of_the_pack_as_the_stock(rules):
    state = Game(rules).new_hand(random.Random(5))
    assert [len(h) for h in state.hands] == [12, 12] and len(state.floor) == 4 and len(state.stock) == 24


def test_after_a_play_from_the_hand_the_same_player_turns_and_plays_the_stocks_top(rules):
    state = hand(rules, [["3C", "KC"], ["4D", "QD"]], ["7S", "5H"], ["5S", "9H"])
    play = state.apply(Move(parse_card("3C"), parse_cards(["7S"])))
    assert not play.turned
    assert state.turn == 0 and state.turned == parse_card("5S") and state.stock == [parse_card("9H")]
    assert {m.card for m in state.legal_moves()} == {parse_card("5S")}
    assert state.moves(parse_card("KC")) == []
    with pytest.raises(IllegalMove, match="5S was turned from the stock: play it before KC"):
        state.apply(Move(parse_card("KC")))
    turned = state.apply(Move(parse_card("5S"), parse_cards(["5H"])))
    assert turned.turned and turned.to_json()["turned"] is True
    assert state.turn == 1 and state.turned is None
    assert sorted(state.piles[0]) == sorted(parse_cards(["3C", "7S", "5S", "5H"]))


def test_a_turned_card_that_takes_nothing_stays_on_the_floor(rules):
    state = hand(rules, [["3C", "KC"], ["4D", "QD"]], ["7S"], ["JS", "9H"])
    state.apply(Move(parse_card("KC")))
    assert state.legal_moves() == [Move(parse_card("JS"))]
    state.apply(Move(parse_card("JS")))
    assert state.floor == list(parse_cards(["7S", "KC", "JS"])) and state.turn == 1


def test_a_capture_takes_one_floor_card_of_the_players_choice(rules):
    assert takes(rules, "3C AD 2H", "7S") == [["3C"]]
    assert takes(rules, "3C 3D 2H", "7S") == [["3C"], ["3D"]]
    assert takes(rules, "AD 2H", "7S") == []
    assert takes(rules, "KD KH", "KS") == [["KD"], ["KH"]]


def test_once_the_stock_is_empty_the_hands_are_played_out(rules):
    state = hand(rules, [["3C", "KC"], ["4D", "QD"]], ["7S"], ["JS"])
    plays = []
    while not state.is_terminal():
        plays.append(state.apply(state.legal_moves()[0]))
    assert [card_name(p.card) for p in plays] == ["3C", "JS", "4D", "KC", "QD"]
    assert [p.turned for p in plays] == [False, True, False, False, False]


def test_random_and_greedy_players_only_ever_play_the_turned_card(rules):
    for seed in range(20):
        state = Game(rules).new_hand(random.Random(seed), seed % 2)
        rng = random.Random(seed)
        while not state.is_terminal():
            turned = state.turned
            move = random_move(state, rng) if seed % 2 else move_of(GreedyBot(), state, rng)
            assert turned is None or move.card == turned
            state.apply(move)
        assert sum(len(p) for p in state.piles) + len(state.unclaimed) == 52


def test_a_position_mid_turn_keeps_the_turned_card(rules):
    state = hand(rules, [["3C", "KC"], ["4D", "QD"]], ["7S", "5H"], ["5S", "9H"])
    state.apply(Move(parse_card("3C"), parse_cards(["7S"])))
    data = json.loads(json.dumps(state.to_json()))
    assert data["turned"] == "5S"
    again = Game(rules).state_from_json(data)
    assert again.turned == parse_card("5S") and again.legal_moves() == state.legal_moves()


def test_a_recorded_hand_replays_with_its_turned_cards(rules, tmp_path):
    hands = simulate_hands(rules, 3, seed=4, keep_records=True).records
    assert len(hands[0]["deals"][0]["stock"]) == 24
    record = record_of_hands(rules, hands) | {"variant": "./tens.basra"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    replay = replay_file(path)
    again = []
    for index, recorded in enumerate(hands):
        deal = recorded["deals"][0]
        state = hand(rules, deal["hands"], deal["floor"], deal["stock"], recorded["first"])
        for play in recorded["plays"]:
            state.apply(Move(parse_card(play["card"]), parse_cards(play["capture"])))
        again.append(state.result().points)
    assert [h.result.points for h in replay.hands] == again


def test_the_fast_tier_plays_the_turn_as_the_checked_tier_does(rules, tmp_path):
    assert supports(rules), why_not(rules)
    for players in (2, 3, 4):
        assert play_both(load_house(tmp_path, TEN, players=players), 40, seed=players) > 40 * 24 // players


def test_the_editor_offers_and_explains_the_clause():
    offered, said = editor_words("casino", "setup", "hand 4", "flip 1")
    assert "flip" in offered
    assert "turns the top card of the stock and plays it as if from the hand" in said
    offered, said = editor_words("casino", "capture", "compulsory", "choose pair")
    assert "pair" in offered or "choose" in offered
    assert "takes one floor card only" in said
