"""Three readings of "must you capture?": capturing optional; the card played must capture
if it can (pagat's Egyptian account: you may still trail another card); a player who can
capture with any card must (Wikipedia's Bastra: you trail only when you cannot fish)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import cards, position

from basra_dsl import load_variant
from basra_dsl.cards import parse_card
from basra_dsl.engine import Game, IllegalMove, Move


def game(compulsion: str) -> Game:
    return Game(replace(load_variant("egyptian"), compulsion=compulsion))


def moves(state) -> set[tuple[str, str]]:
    return {(m.card, m.capture) for m in state.legal_moves()}


FLOOR, HAND = "3C 5D", "8H QS"  # the eight can take 3 + 5; the queen takes nothing


def test_optional_lets_either_card_be_trailed():
    state = position(game("optional"), FLOOR, HAND)
    assert moves(state) == {(parse_card("8H"), cards("3C 5D")), (parse_card("8H"), ()), (parse_card("QS"), ())}


def test_card_level_the_capturing_card_must_capture_but_another_may_be_trailed():
    state = position(game("card"), FLOOR, HAND)
    assert moves(state) == {(parse_card("8H"), cards("3C 5D")), (parse_card("QS"), ())}


def test_hand_level_a_player_who_can_capture_must():
    state = position(game("hand"), FLOOR, HAND)
    assert moves(state) == {(parse_card("8H"), cards("3C 5D"))}
    with pytest.raises(IllegalMove, match="QS takes nothing, and a player who can capture must: 8H can take 3C 5D"):
        state.apply(Move(parse_card("QS"), ()))
    with pytest.raises(IllegalMove, match="a player who can capture must"):
        state.resolve(parse_card("QS"))


def test_hand_level_trails_when_nothing_can_capture():
    state = position(game("hand"), FLOOR, "QS KH")
    assert moves(state) == {(parse_card("QS"), ()), (parse_card("KH"), ())}


@pytest.mark.parametrize("compulsion", ["optional", "card", "hand"])
def test_every_legal_move_is_accepted_and_captures_agree(compulsion):
    state = position(game(compulsion), "3C 5D 8C", "8H QS 3D")
    for move in state.legal_moves():
        assert move.capture in state.captures(move.card)
        state.clone().apply(move)
