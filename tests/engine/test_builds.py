"""Builds (Casino): made, raised, gathered and taken whole, with the owner's duties.

Rule cases from the sources the Casino variant cites: Foster's raise of a nine to a ten,
Britannica's threes against a six, pagat's whole builds and the builder's kept card.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from basra_dsl.engine import Game, IllegalMove, Move
from basra_dsl.engine.random_play import random_move
from basra_dsl.language.compiler import load_variant
import json

from basra_dsl.play.records import replay_file
from basra_dsl.play.simulate import play_hand
from tests.helpers import cards, names, position


def casino(**options):
    return Game(load_variant("casino", **options))


def build(state, card, onto, value):
    return state.apply(Move(cards(card)[0], (), cards(onto), value))


def test_a_build_is_listed_among_the_moves_of_a_player_holding_its_value():
    state = position(casino(), "7D KH", "2S 9C", "QD")
    moves = {str(m) for m in state.legal_moves()}
    assert "2S builds 9 on 7D" in moves
    assert not any("builds" in m and m.startswith("9C") for m in moves)  # nothing adds up to a held value


def test_the_raiser_owns_the_build_and_the_first_builder_is_free_of_it():
    state = position(casino(), "7D", "2S 9C 4H", "AH TC 3D")
    build(state, "2S", "7D", 9)
    assert state.builds[0].owner == 0
    build(state, "AH", "7D 2S", 10)
    assert [(b.value, b.owner, b.multiple) for b in state.builds] == [(10, 1, False)]
    # seat 0 owns nothing now, so it may lay its nine down
    assert state.resolve(cards("9C")[0], ()).capture == ()


def test_a_table_that_forbids_raising_your_own_build_still_lets_others_raise_it():
    state = position(casino(raise_own=False), "7D 5H", "2S 9C TC AS", "AH TH 3D")
    build(state, "2S", "7D", 9)
    state.apply(Move(cards("3D")[0], ()))  # seat 1 trails (it owns no build)
    with pytest.raises(IllegalMove, match="may not raise"):
        build(state, "AS", "7D 2S", 10)
    open_state = position(casino(), "7D 5H", "2S 9C TC AS", "AH TH 3D")
    build(open_state, "2S", "7D", 9)
    open_state.apply(Move(cards("3D")[0], ()))
    build(open_state, "AS", "7D 2S", 10)
    assert open_state.builds[0].value == 10 and open_state.builds[0].owner == 0


def test_gathering_units_of_one_value_makes_a_multiple_build_that_cannot_be_raised():
    state = position(casino(), "4D 5H 9S", "5C 9C", "AH TH")
    build(state, "5C", "4D 9S", 9)  # 5 + 4 and the loose nine: two units of nine
    assert state.builds[0].multiple and names(state.builds[0].cards) == names(cards("4D 9S 5C"))
    with pytest.raises(IllegalMove, match="value is fixed"):
        build(state, "AH", "4D 9S 5C", 10)


def test_a_capture_takes_a_build_of_its_value_with_loose_cards_that_add_up():
    state = position(casino(), "7D 5H 4S", "2S 9C", "9H")
    build(state, "2S", "7D", 9)
    assert state.captures(cards("9H")[0]) == [cards("7D 5H 4S 2S"), ()]
    play = state.apply(Move(cards("9H")[0], cards("7D 5H 4S 2S")))
    assert play.bonus == 1 and state.builds == []  # the table is clear: a sweep


def test_a_build_cannot_be_split_by_a_card_of_one_of_its_parts():
    state = position(casino(), "7D 3C", "2S 9C", "7H")
    build(state, "2S", "7D", 9)
    assert state.captures(cards("7H")[0]) == [()]
    with pytest.raises(IllegalMove, match="taken only whole"):
        state.apply(Move(cards("7H")[0], cards("7D")))


def test_the_owner_keeps_a_card_of_the_builds_value_and_may_not_trail():
    state = position(casino(), "7D KD", "2S 9C 4H", "QH QC")
    build(state, "2S", "7D", 9)
    state.apply(Move(cards("QH")[0], ()))
    moves = {str(m) for m in state.legal_moves()}
    assert moves == {"9C takes 7D 2S"}  # neither trail, nor lay the nine down
    with pytest.raises(IllegalMove, match="must take, build or add"):
        state.apply(Move(cards("4H")[0], ()))


def test_the_owner_may_trail_where_the_table_allows_it():
    state = position(casino(owner_may_trail=True), "7D KD", "2S 9C 4H", "QH QC")
    build(state, "2S", "7D", 9)
    state.apply(Move(cards("QH")[0], ()))
    moves = {str(m) for m in state.legal_moves()}
    assert "4H trails" in moves and "9C trails" not in moves


def test_leftover_builds_go_to_the_last_taker_as_cards():
    state = position(casino(), "7D 3H", "2S 9C", "3C 8H")
    build(state, "2S", "7D", 9)
    state.apply(Move(cards("3C")[0], cards("3H")))
    state.apply(Move(cards("9C")[0], cards("7D 2S")))
    state.apply(Move(cards("8H")[0], ()))
    assert state.is_terminal() and names(state.piles[0]) == names(cards("7D 2S 9C 8H"))


def test_a_state_with_builds_survives_json():
    game = casino()
    state = position(game, "7D 3H", "2S 9C", "3C 8H")
    build(state, "2S", "7D", 9)
    again = game.state_from_json(state.to_json())
    assert again.builds == state.builds and again.legal_moves() == state.legal_moves()


def test_a_clone_keeps_its_own_builds():
    state = position(casino(), "7D 3H", "2S 9C", "3C 8H")
    copy = state.clone()
    build(copy, "2S", "7D", 9)
    assert state.builds == [] and copy.builds
    assert state.captures(cards("3C")[0]) == [cards("3H"), ()]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_hand_with_builds_replays_exactly_from_its_record(players, tmp_path):
    game = casino(players=players)
    for seed in range(6):
        result, record = play_hand(game, random.Random(seed), 0, (), random_move, keep_record=True)
        if any("build" in p for p in record["plays"]):
            break
    assert any("build" in p for p in record["plays"])
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"variant": "casino", "players": players, "hands": [record]}))
    assert replay_file(path).hands[0].result == result


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]),
       owner_trails=st.booleans(), raise_own=st.booleans())
def test_builds_hold_together_through_random_hands(seed, players, owner_trails, raise_own):
    """Every build lies on the floor, builds share no card, each adds up to a whole number
    of units of its value, single builds to exactly one; and every card ends in one place."""
    game = casino(players=players, owner_may_trail=owner_trails, raise_own=raise_own)
    rng = random.Random(seed)
    state = game.new_hand(rng)
    worth = state.resolver.worth
    while not state.is_terminal():
        state.apply(random_move(state, rng))
        built = [c for b in state.builds for c in b.cards]
        assert len(built) == len(set(built)) and set(built) <= set(state.floor)
        for b in state.builds:
            total = sum(worth[c] for c in b.cards)
            assert total % b.value == 0 and (b.multiple or total == b.value)
    dealt = sorted(c for p in state.piles for c in p) + sorted(state.unclaimed)
    assert sorted(dealt) == sorted(game.rules.deck)
