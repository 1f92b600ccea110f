"""Runs (issue 28, mechanism 8: Cuarenta's escalera): 'run RANK ...' makes a card that takes
also take the floor cards continuing upward from its rank, one of each, while unbroken; the
player chooses where two could continue it; B215 for what is not a climb of ranks."""

from __future__ import annotations

import pytest

from basra_dsl import Game
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine import IllegalMove, Move
from basra_dsl.engine.fast import supports
from basra_dsl.language.loader import load_text

from helpers import editor_words, load_house, play_both, position, refused_codes, takes

RUNNY = 'variant runny "Runny" extends scopa\ncapture:\n  run A 2 3 4 5 6 7 J Q K\n'


@pytest.fixture()
def rules(tmp_path):
    return load_house(tmp_path, RUNNY)


def test_a_pair_goes_on_up_the_run_and_stops_at_a_gap(rules):
    assert takes(rules, "5C 6D 7H JS 2C", "5H") == [["5C", "6D", "7H", "JS"]]  # 7 then the jack: no 8, 9, 10
    assert takes(rules, "5C 6D 2C", "5H") == [["5C", "6D"]]
    assert takes(rules, "5C 7D", "5H") == [["5C"]]  # no six: no run


def test_a_sum_goes_on_up_from_the_card_played(rules):
    assert takes(rules, "2C 3D 6H 7S", "5H") == [["2C", "3D", "6H", "7S"]]


def test_a_card_that_takes_nothing_takes_no_run(rules):
    assert takes(rules, "6D 7H", "5H") == []


def test_two_cards_that_continue_the_run_are_a_choice(rules):
    assert takes(rules, "5C 6D 6H 7H", "5H") == [["5C", "6D", "7H"], ["5C", "6H", "7H"]]
    state = position(Game(rules), "5C 6D 6H 7H", "5H")
    with pytest.raises(IllegalMove, match="name the capture"):
        state.resolve(parse_card("5H"))
    with pytest.raises(IllegalMove):
        state.apply(Move(parse_card("5H"), parse_cards(["5C"])))  # the run is part of the take
    play = state.apply(Move(parse_card("5H"), parse_cards(["5C", "6H", "7H"])))
    assert play.captured == parse_cards(["5C", "6H", "7H"])


def test_without_the_clause_nothing_more_is_taken(tmp_path):
    scopa = load_house(tmp_path, 'variant plain "Plain" extends scopa\n')
    assert takes(scopa, "5C 6D 7H", "5H") == [["5C"]]


def test_the_fast_tier_plays_runs_through_the_resolver_alike(rules):
    assert supports(rules)
    assert play_both(rules, hands=40, seed=11) > 0  # hand by hand, play by play


@pytest.mark.parametrize("line, message", [
    ("run A 2 7D", "'7D' is not a rank"),
    ("run A 2 2", "'2' comes twice"),
])
def test_a_run_lists_ranks_each_once(tmp_path, line, message):
    with pytest.raises(DiagnosticError) as caught:
        load_text(f'variant x "X" extends scopa\ncapture:\n  {line}\n', tmp_path / "x.basra").merged
    found = caught.value.diagnostics
    assert [d.code for d in found] == ["B215"] and message in found[0].message


def test_runs_do_not_go_with_builds(tmp_path):
    assert refused_codes(tmp_path, 'variant x "X" extends casino\ncapture:\n  run A 2 3\n') == ["B215"]


def test_the_editor_offers_run_and_says_it_as_the_page_does():
    offered, said = editor_words("scopa", "capture", "choose one", "run A 2 3 4 5 6 7 J Q K")
    assert "run" in offered
    assert "A card that takes also takes the run above it" in said
