"""`played values`: what a card counts as the card played, where it differs from its count
on the floor, with a choice between several (Royal Casino's ace 1 or 14).

Rule cases from the sources: Royal Casino's ace takes other aces, or an 8, a 5 and an ace
making 14 (pagat.com, 'Royal Casino'); in Kasino an ace is 14 in the hand and 1 on the
table, so it never takes an ace (korttipelit.net, 'Kasino in English').
"""

from __future__ import annotations

import pytest
from basra_dsl import Game, load_variant
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine import Move
from basra_dsl.engine.fast import why_not
from basra_dsl.rulebook.pages.page import render_variant
from helpers import play_both
from tests.helpers import cards, load_house, names, position, takes

TEXT = '''variant twin "Twin aces"
setup:
  deck 52
  players 2
  hand 4
  start floor 4
  values J 11, Q 12, K 13
  played values A 1, A 14, 10D {ten}
capture:
  take: any takes sums
basra:
  sweep: 1 when cleared
game:
  first to 21
'''


def test_a_card_with_two_played_values_takes_either_way(tmp_path):
    rules = load_house(tmp_path, TEXT.format(ten=16))
    assert rules.played_values[cards("AS")[0]] == (1, 14)
    assert takes(rules, "8D 5H AC 9S", "AS") == sorted([["AC"], names(cards("8D 5H AC"))])


def test_a_floor_card_keeps_its_floor_value(tmp_path):
    rules = load_house(tmp_path, TEXT.format(ten=16))
    # the ten of diamonds counts 10 on the floor: a ten takes it; played, it takes 16
    assert takes(rules, "TD 3C", "TH") == [["TD"]]
    assert takes(rules, "TC 6H", "TD") == [["6H", "TC"]]


def test_kasino_aces_never_take_aces_but_take_fourteen():
    game = Game(load_variant("kasino"))
    state = position(game, "AD 6H", "AS 3C")
    assert state.captures(cards("AS")[0]) == [()]
    state = position(game, "KD AH 6C", "AS")
    assert names(state.captures(cards("AS")[0])[0]) == names(cards("KD AH"))


def test_a_held_ace_lets_a_royal_casino_player_build_fourteen():
    game = Game(load_variant("royal-casino"))
    state = position(game, "9D 4H", "5S AC", "2H 3D")
    moves = {str(m) for m in state.legal_moves()}
    assert "5S builds 14 on 9D" in moves
    state.apply(Move(cards("5S")[0], (), cards("9D"), 14))
    state.apply(Move(cards("2H")[0], ()))
    assert names(state.captures(cards("AC")[0])[0]) == names(cards("9D 5S"))


def test_the_fast_tier_plays_played_values_as_state_does(tmp_path):
    rules = load_house(tmp_path, TEXT.format(ten=16))
    assert why_not(rules) is None and play_both(rules, 100, seed=5) > 100


def test_a_played_value_out_of_range_is_refused_where_it_is_written(tmp_path):
    from basra_dsl.check.checker import check_paths
    path = tmp_path / "twin.basra"
    path.write_text(TEXT.format(ten=99), encoding="utf-8")
    found = [d for d in check_paths([path]).diagnostics if d.code == "B705"]
    assert found and found[0].span.line == 8 and "played card" in found[0].message


def test_the_page_says_what_a_played_card_counts():
    page = render_variant("royal-casino").markdown
    assert "As the card played, each ace counts 1 or 14, as its player chooses" in page
    kasino = render_variant("kasino").markdown
    assert "the two of spades 15 and the ten of diamonds 16" in kasino
    assert "Played from the hand, an ace counts 1 or 14." in page  # Play in a minute
    assert "Played from the hand, an ace counts 14, the two of spades 15 and the ten of diamonds 16." in kasino


def test_a_bad_played_values_line_is_a_syntax_error(tmp_path):
    with pytest.raises(DiagnosticError) as caught:
        load_house(tmp_path, TEXT.format(ten="| 16"))
    assert caught.value.diagnostics[0].span.line == 8
