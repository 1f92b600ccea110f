"""Acts after a capture and laying without holding (issue 28, mechanism 4: Zwicker): a card
that takes nothing may be stacked on one floor card or stack, worth their sum up to a limit,
held by nobody; the player who clears the floor lays a card on it at once."""

from __future__ import annotations

import json
import random

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.engine import Deal, IllegalMove, Move
from basra_dsl.engine.random_play import random_move

from helpers import editor_words, load_house, play_both


@pytest.fixture(scope="module")
def rules():
    return load_variant("zwicker")


def hand(rules, hands, floor):
    return Game(rules).hand_from_deals([Deal(tuple(parse_cards(h) for h in hands), parse_cards(floor))], 0)


def test_a_card_that_takes_nothing_may_be_stacked_on_one_unit_up_to_the_limit(rules):
    state = hand(rules, [["5C", "2C"], ["3D", "4H"]], ["4D", "8S"])
    stacks = [(m.build, m.value) for m in state.moves(parse_card("5C")) if m.build]
    assert stacks == [(parse_cards(["4D"]), 9), (parse_cards(["8S"]), 13)]  # on each floor card, in floor order
    state.apply(Move(parse_card("5C"), (), parse_cards(["4D"]), 9))
    assert state.builds[0].value == 9 and state.builds[0].cards == tuple(parse_cards(["4D", "5C"]))


def test_every_unit_within_the_limit_is_offered_and_none_beyond(rules):
    state = hand(rules, [["5C", "2C"], ["3D", "4H"]], ["4D", "8S", "KH"])
    stacks = sorted((m.value, m.build) for m in state.moves(parse_card("5C")) if m.build)
    assert stacks == [(9, parse_cards(["4D"])), (13, parse_cards(["8S"]))]  # on the king: 19, over 14
    with pytest.raises(IllegalMove, match="at most 14"):
        state.apply(Move(parse_card("5C"), (), parse_cards(["KH"]), 19))


def test_a_card_that_can_take_is_never_stacked(rules):
    state = hand(rules, [["5C", "2C"], ["3D", "4H"]], ["5D", "8S"])
    assert all(not m.build for m in state.moves(parse_card("5C")))
    with pytest.raises(IllegalMove, match="must"):
        state.apply(Move(parse_card("5C"), (), parse_cards(["8S"]), 13))


def test_a_stack_goes_whole_to_any_card_of_its_value(rules):
    state = hand(rules, [["5C", "2C"], ["9H", "4H"]], ["4D", "8S"])
    state.apply(Move(parse_card("5C"), (), parse_cards(["4D"]), 9))
    assert state.captures(parse_card("9H")) == [tuple(parse_cards(["4D", "5C"]))]


def test_the_sweeper_lays_a_card_at_once(rules):
    state = hand(rules, [["9H", "2C", "3C"], ["4D", "5D"]], ["6C", "3D"])
    play = state.apply(Move(parse_card("9H"), parse_cards(["6C", "3D"])))
    assert play.bonus == 3 and state.turn == 0 and state.laying  # a zwick is worth 3
    assert state.legal_moves() == [Move(parse_card("2C")), Move(parse_card("3C"))]
    assert state.captures(parse_card("2C")) == [()]
    with pytest.raises(IllegalMove, match="lays a card"):
        state.apply(Move(parse_card("2C"), (), parse_cards(["3D"]), 5))
    state.apply(Move(parse_card("3C")))
    assert state.turn == 1 and not state.laying and state.floor == [parse_card("3C")]
    again = Game(rules).state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.floor == state.floor and not again.laying


def test_random_play_and_the_fast_tier_agree(rules):
    for players in (2, 3, 4):
        assert play_both(load_variant("zwicker", players=players), 40, seed=players) > 40
    state = Game(rules).new_hand(random.Random(4))
    while not state.is_terminal():
        state.apply(random_move(state, random.Random(len(state.plays))))
    assert sum(len(p) for p in state.piles) + len(state.unclaimed) == 52


def test_lay_after_sweep_where_nothing_is_built_plays_on_the_checked_tier(tmp_path):
    from basra_dsl.engine.fast import why_not
    rules = load_house(tmp_path, 'variant layers "Layers" extends egyptian\ncapture:\n  sweeper lays\n')
    assert "lays a card after a sweep" in why_not(rules)
    state = Game(rules).new_hand(random.Random(1))
    while not state.is_terminal():
        state.apply(random_move(state, random.Random(len(state.plays))))


def test_the_editor_explains_the_new_clauses():
    _, said = editor_words("casino", "capture", "compulsory", "stacks to 14")
    assert "at most 14" in said
    _, said = editor_words("casino", "capture", "compulsory", "sweeper lays")
    assert "clears the floor lays one of their cards on it" in said
