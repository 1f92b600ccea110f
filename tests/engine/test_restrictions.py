"""Cards barred from play while a condition holds (issue 28, mechanism 5: Scopa d'Assi's rule
of the vile): the moves offered, the refusal in words, the exception for a hand holding
nothing else, the names a restriction reads, and the editor's words for it."""

from __future__ import annotations

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine import Deal, IllegalMove, Move
from basra_dsl.language.loader import load_text
from basra_dsl.lsp.complete import suggestions
from basra_dsl.lsp.hover import hover_text


def hand(rules, hands, floor=()):
    deal = Deal(tuple(tuple(parse_cards(h)) for h in hands), tuple(parse_cards(floor)))
    return Game(rules).hand_from_deals([deal], 0)


def test_an_ace_may_not_open_a_four_player_hand_of_scopa_dassi():
    state = hand(load_variant("scopa-dassi", players=4), [["AC", "3D"], ["5S"], ["6S"], ["7S"]])
    assert {m.card for m in state.legal_moves()} == {parse_card("3D")}
    assert state.moves(parse_card("AC")) == []
    with pytest.raises(IllegalMove, match=r"AC may not be played now \(the rule of the vile\): play another card"):
        state.apply(Move(parse_card("AC")))
    state.apply(Move(parse_card("3D")))
    assert parse_card("5S") in {m.card for m in state.legal_moves()}  # the rule is the opening's alone


def test_a_hand_of_only_barred_cards_plays_one():
    state = hand(load_variant("scopa-dassi", players=4), [["AC", "AS"], ["5S"], ["6S"], ["7S"]])
    assert {m.card for m in state.legal_moves()} == set(parse_cards(["AC", "AS"]))
    state.apply(Move(parse_card("AS")))


def test_two_players_may_open_with_an_ace_unless_the_option_says_otherwise():
    cards = [["AC", "3D"], ["5S"]]
    assert parse_card("AC") in {m.card for m in hand(load_variant("scopa-dassi"), cards, ["4C"]).legal_moves()}
    everywhere = hand(load_variant("scopa-dassi", vile_everywhere=True), cards, ["4C"])
    assert parse_card("AC") not in {m.card for m in everywhere.legal_moves()}


def test_a_restriction_reads_the_players_hand(tmp_path):
    path = tmp_path / "house.basra"
    path.write_text('variant house "House" extends egyptian\ncapture:\n'
                    '  hold_jacks "Keep a jack back": J barred when hand.count(J) == 1\n', encoding="utf-8")
    state = hand(load_variant(str(path)), [["JC", "3D"], ["5S", "6S"]], ["4C"])
    assert parse_card("JC") not in {m.card for m in state.legal_moves()}  # a lone jack is kept
    state = hand(load_variant(str(path)), [["JC", "JD"], ["5S", "6S"]], ["4C"])
    assert parse_card("JC") in {m.card for m in state.legal_moves()}


def test_opening_and_hand_are_known_only_to_restrictions(tmp_path):
    with pytest.raises(DiagnosticError) as caught:
        load_text('variant x "X" extends egyptian\nbasra:\n  first: 5 when opening\n', tmp_path / "x.basra").merged
    assert [d.code for d in caught.value.diagnostics] == ["B201"]


def test_the_editor_offers_barred_and_says_the_rule_as_the_page_does():
    head = 'variant mine "Mine" extends scopa-dassi\ncapture:\n'
    text = head + "  lead: K barred when opening\n"
    found = [s.label for s in suggestions(head + "  lead: K ", "/tmp/basra-lsp/mine.basra", 3, 12)]
    assert "barred" in found and "takes" in found
    said = hover_text(text, "/tmp/basra-lsp/mine.basra", 3, 5)
    assert "If it is the first play of the hand, a king may not be played unless nothing else can be." in said
