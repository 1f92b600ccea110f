"""Declarations (issue 28, mechanism 10): a move that plays no card. A player dealt cards that
meet a dealing rule 'to declarer' may declare them at their first turn after the deal,
showing them, and scores its points (Cirulla's accusi: a hand of nine or less, three of a
kind). The engine, records, positions, bots' views, the terminal game and the room know it."""

from __future__ import annotations

import json
import random

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.bots import GreedyBot, move_of
from basra_dsl.bots.view import SeatView
from basra_dsl.cards import parse_cards
from basra_dsl.engine import Deal, IllegalMove, Move
from basra_dsl.engine.random_play import random_move
from basra_dsl.play.records import record_of_hands, replay_file
from basra_dsl.play.simulate import simulate_hands

from helpers import editor_words, play_both


@pytest.fixture(scope="module")
def rules():
    return load_variant("cirulla")


def hand(rules, hands, floor=("KD", "QH", "JS", "6C")):  # Cirulla's 40-card pack: no eights to tens
    return Game(rules).hand_from_deals([Deal(tuple(parse_cards(h) for h in hands), parse_cards(list(floor)))], 0)


def test_a_qualifying_hand_may_be_declared_before_the_first_card(rules):
    state = hand(rules, [["2C", "3D", "4S"], ["6D", "6H", "7S"]])
    assert state.declarations() == (("cirulla", 3),)
    assert state.legal_moves()[0] == Move.declaring("cirulla")
    play = state.declare("cirulla")
    assert play.declared == "cirulla" and play.bonus == 3 and play.to_json() == {"seat": 0, "declare": "cirulla",
                                                                                 "basra": 3}
    assert state.turn == 0 and state.bonuses[0] == [3] and state.shown[0] == tuple(parse_cards(["2C", "3D", "4S"]))
    assert state.declarations() == () and all(m.declare is None for m in state.legal_moves())
    with pytest.raises(IllegalMove, match="once"):
        state.declare("cirulla")


def card_move(state):
    """The first legal move that plays a card."""
    return next(m for m in state.legal_moves() if m.declare is None)


def test_the_chance_is_gone_once_the_player_has_played_a_card(rules):
    state = hand(rules, [["2C", "3D", "4S"], ["5C", "5D", "5H"]])
    state.apply(card_move(state))
    assert state.turn == 1 and state.declarations() == (("decino", 10),)  # seat 2's three of a kind
    state.apply(card_move(state))
    assert state.turn == 0 and not state.may_declare[0] and state.declarations() == ()
    with pytest.raises(IllegalMove, match="first turn after the deal"):
        state.declare("cirulla")


def test_cards_that_do_not_qualify_cannot_be_declared(rules):
    state = hand(rules, [["6D", "6H", "7S"], ["2C", "3D", "4S"]])
    assert state.declarations() == () and all(m.declare is None for m in state.legal_moves())
    with pytest.raises(IllegalMove, match="do not meet it"):
        state.declare("cirulla")


def test_every_player_declares_the_best_first_and_the_tiers_agree(rules):
    state = hand(rules, [["AC", "AD", "AS"], ["6D", "6H", "7S"]])
    assert random_move(state, random.Random(1)) == Move.declaring("decino")  # 10 beats the cirulla's 3
    assert move_of(GreedyBot(), state, random.Random(1)) == Move.declaring("decino")
    for players in (2, 4):
        assert play_both(load_variant("cirulla", players=players), 60, seed=players) > 60


def test_shown_cards_are_known_to_the_other_seats(rules):
    state = hand(rules, [["2C", "3D", "4S"], ["6D", "6H", "7S"]])
    state.declare("cirulla")
    played = card_move(state)
    state.apply(played)
    kept = set(parse_cards(["2C", "3D", "4S"])) - {played.card}
    view = SeatView.of(state)  # seat 2's view
    assert not kept & set(view.unseen)
    for seed in range(5):
        assert kept <= set(view.sample(random.Random(seed)).hands[0])


def test_records_and_positions_keep_declarations(rules, tmp_path):
    hands = simulate_hands(rules, 30, seed=2, keep_records=True).records
    declared = [p for h in hands for p in h["plays"] if "declare" in p]
    assert declared, "no hand of 30 declared anything"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record_of_hands(rules, hands)), encoding="utf-8")
    replay = replay_file(path)
    assert sum(1 for h in replay.hands for p in h.plays if p.declared) == len(declared)
    state = hand(rules, [["2C", "3D", "4S"], ["6D", "6H", "7S"]])
    state.declare("cirulla")
    again = Game(rules).state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.shown == state.shown and again.plays == state.plays and not again.may_declare[0]


def test_a_record_declaring_what_the_cards_do_not_meet_is_refused_at_its_play(rules, tmp_path):
    record = {"variant": "cirulla", "players": 2, "hands": [{"first": 0, "deals": [
        {"floor": ["KD", "QH", "JS", "6C"], "hands": [["6D", "6H", "7S"], ["2C", "3D", "4S"]]}],
        "plays": [{"declare": "cirulla"}]}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    from basra_dsl.diagnostics import DiagnosticError
    with pytest.raises(DiagnosticError) as caught:
        replay_file(path)
    assert "hand 1, play 1, seat 1: 'cirulla' cannot be declared now: the cards dealt do not meet it" in \
        caught.value.diagnostics[0].message


def test_the_editor_offers_declarer_and_says_the_rule():
    _, said = editor_words("cirulla", "dealing", "redeal when floor.count(A) >= 2",
                                 "low: 3 to declarer when hand.sum <= 9")
    assert "You may declare 3 points" in said and "first turn after the deal" in said


def test_the_room_offers_declarations_and_plays_them(tmp_path):
    from basra_dsl.room.catalog import Catalog
    from basra_dsl.room.model import Room
    from basra_dsl.room.views import view_for
    catalog = Catalog()
    for seed in range(200):
        room = Room("r1", "cirulla", catalog.offers["cirulla"].title, catalog.rules("cirulla", {}, 2), seed)
        seats = [room.join(f"P{i}")[0] for i in range(2)]
        room.start(seats[0])
        turn = room.table.to_move
        offered = view_for(room, turn)["game"]["declarations"]
        if offered:
            break
    else:
        raise AssertionError("no deal of 200 seeds offered a declaration")
    assert view_for(room, 1 - turn)["game"]["declarations"] == []  # only to the seat to move
    room.apply({"do": "declare", "seat": turn, "name": offered[0]["name"]})
    game = view_for(room, 1 - turn)["game"]
    assert game["plays"][-1]["declare"] == offered[0]["name"] and game["shown"][turn]
    assert view_for(room, turn)["game"]["declarations"] == []
