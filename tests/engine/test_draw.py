"""Drawing from the stock after each play (issue 28, mechanism 3, first part: Draw Casino):
one deal, the rest of the pack a stock drawn from after every play, hands kept full until
it runs out; the stock in records, positions, seat views and worked examples."""

from __future__ import annotations

import json
import random

import pytest

from basra_dsl import Game
from basra_dsl.bots.view import SeatView
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.engine import Deal, Move
from basra_dsl.engine.fast import supports, why_not
from basra_dsl.engine.random_play import random_move
from basra_dsl.play.records import record_of_hands, replay_file
from basra_dsl.play.simulate import simulate_hands

from helpers import editor_words, load_house, play_both

DRAW = 'variant drawing "Drawing" extends casino\nsetup:\n  draw 1\n'


@pytest.fixture()
def rules(tmp_path):
    return load_house(tmp_path, DRAW)


def test_one_deal_leaves_the_rest_of_the_pack_as_the_stock(rules):
    state = Game(rules).new_hand(random.Random(3))
    assert len(state.deals) == 1
    assert [len(h) for h in state.hands] == [4, 4] and len(state.floor) == 4
    assert len(state.stock) == 52 - 12
    dealt = [c for part in (*state.hands, state.floor, state.stock) for c in part]
    assert sorted(dealt) == sorted(rules.deck)


def test_the_player_draws_the_stocks_top_card_after_each_play(rules):
    deal = Deal((parse_cards(["2C", "3C", "4C", "5C"]), parse_cards(["2D", "3D", "4D", "5D"])),
                parse_cards(["KS"]), stock=parse_cards(["9H", "8H", "7H"]))
    state = Game(rules).hand_from_deals([deal], 0)
    state.apply(Move(parse_card("2C")))
    assert sorted(state.hands[0]) == sorted(parse_cards(["3C", "4C", "5C", "9H"]))
    assert state.stock == list(parse_cards(["8H", "7H"]))
    state.apply(Move(parse_card("2D"), parse_cards(["2C"])))
    assert parse_card("8H") in state.hands[1] and len(state.hands[1]) == 4


def test_once_the_stock_is_empty_play_goes_on_until_the_hands_are_played(rules):
    deal = Deal((parse_cards(["2C", "3C"]), parse_cards(["2D", "3D"])), parse_cards(["KS"]), stock=parse_cards(["9H"]))
    state = Game(rules).hand_from_deals([deal], 0)
    plays = 0
    while not state.is_terminal():
        state.apply(state.legal_moves()[0])
        plays += 1
    assert plays == 5  # four cards dealt and the one drawn
    places = [c for pile in state.piles for c in pile] + list(state.unclaimed)
    assert sorted(places) == sorted(parse_cards(["2C", "3C", "2D", "3D", "KS", "9H"]))


def test_a_seat_sees_how_big_the_stock_is_never_its_order(rules):
    state = Game(rules).new_hand(random.Random(5))
    view = SeatView.of(state)
    assert set(state.stock) <= set(view.unseen)
    sample = view.sample(random.Random(1))
    assert len(sample.stock) == len(state.stock)
    assert sorted(sample.stock + [c for s, h in enumerate(sample.hands) if s != 0 for c in h]) == list(view.unseen)


def test_positions_and_records_keep_the_stock(rules, tmp_path):
    game = Game(rules)
    state = game.new_hand(random.Random(7))
    state.apply(random_move(state, random.Random(0)))
    again = game.state_from_json(state.to_json())
    assert again.stock == state.stock and again.hands == state.hands
    hands = simulate_hands(rules, 2, seed=4, keep_records=True).records
    assert len(hands[0]["deals"]) == 1 and len(hands[0]["deals"][0]["stock"]) == 40
    record = record_of_hands(rules, hands) | {"variant": "./drawing.basra"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    replay = replay_file(path)
    assert [h.result.points for h in replay.hands] == [s.result().points for s in _played(rules, hands)]


def _played(rules, hands):
    """The hands of a record played again on State, move by move as recorded."""
    game = Game(rules)
    for hand in hands:
        deal = hand["deals"][0]
        state = game.hand_from_deals([Deal(tuple(parse_cards(h) for h in deal["hands"]), parse_cards(deal["floor"]),
                                           stock=parse_cards(deal["stock"]))], hand["first"])
        for play in hand["plays"]:
            state.apply(Move(parse_card(play["card"]), parse_cards(play["capture"]),
                             parse_cards(play.get("build", [])), play.get("value", 0)))
        yield state


def test_the_fast_tier_plays_the_draw_as_the_checked_tier_does(tmp_path):
    drawn = load_house(tmp_path, 'variant basra_draw "Basra, drawn" extends egyptian\nsetup:\n  draw 1\n')
    assert supports(drawn), why_not(drawn)
    assert play_both(drawn, 60, seed=1) > 60 * 40
    assert simulate_hands(drawn, 20, seed=1).hands == 20


def test_the_editor_offers_draw_and_says_it_as_the_page_does():
    offered, said = editor_words("casino", "setup", "hand 4", "draw 1")
    assert "draw" in offered
    assert "After each play the player draws 1 card from the top of the stock" in said
