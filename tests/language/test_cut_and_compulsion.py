"""The `cut` clause (Pishti: a jack at the bottom of the cut goes to the non-dealer) and the
third compulsion, `compulsory hand` (Bastra: a player who can capture must), from the text
through the compiled rules to a game."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from basra_dsl import cards as C
from basra_dsl import load_variant
from basra_dsl.cli import main
from basra_dsl.play.simulate import simulate_hands


def house(tmp_path, text: str, parent: str = "egyptian"):
    path = tmp_path / "house.basra"
    path.write_text(f'variant house "House" extends {parent}\n{text}', encoding="utf-8")
    return path


def test_pishti_cuts_for_a_jack_and_dry_game_does_not():
    pishti = load_variant("pishti")
    assert {C.card_name(c) for c in pishti.cut_cards} == {"JC", "JD", "JH", "JS"} and pishti.cut_winner == "next"
    assert not load_variant("dry").cut_cards  # dropped: Parlett tells no cut for it


def test_a_cut_jack_is_won_in_about_one_hand_in_thirteen():
    """The card the cut shows is a random card of the pack: a jack 4 times in 52."""
    summary = simulate_hands(load_variant("pishti"), 400, seed=5, keep_records=True)
    cut = barred = 0
    for record in summary.records:
        won = record["deals"][0].get("won") or [[], []]
        leader = record["first"]  # the non-dealer: the cut's winner; the dealer wins a barred jack
        cut += sum(name.startswith("J") for name in won[leader])
        barred += sum(name.startswith("J") for name in won[1 - leader])
    assert 15 <= cut <= 50, cut  # 400 * 4/52 = 31 expected
    assert barred > 0


@pytest.mark.parametrize("text, cut, winner", [
    ("setup:\n  cut J: next\n", "JC JD JH JS", "next"),
    ("setup:\n  cut 7D, 10D: dealer\n", "7D TD", "dealer"),
])
def test_the_cut_compiles(tmp_path, text, cut, winner):
    rules = load_variant(house(tmp_path, text))
    assert sorted(C.card_name(c) for c in rules.cut_cards) == sorted(cut.split()) and rules.cut_winner == winner


@pytest.mark.parametrize("line, compulsion", [("compulsory", "card"), ("optional", "optional"),
                                              ("compulsory hand", "hand"), ("compulsory   hand", "hand")])
def test_three_compulsions(tmp_path, line, compulsion):
    assert load_variant(house(tmp_path, f"capture:\n  {line}\n")).compulsion == compulsion


def test_bastra_makes_a_player_who_can_capture_capture_and_lebanese_relaxes_it():
    assert load_variant("bastra").compulsion == "hand"
    assert load_variant("palestinian").compulsion == "hand"  # inherited from Bastra
    assert load_variant("lebanese").compulsion == "card"
    assert load_variant("ashush").compulsion == "hand"
    assert load_variant("egyptian").compulsion == "card"


@pytest.mark.parametrize("text, expected", [
    ("setup:\n  cut J: left\n", "expected 'next' or 'dealer'"),
    ("setup:\n  cut 7Z: next\n", "unknown rank '7Z'"),
    ("capture:\n  optional hand\n", "unexpected 'hand'"),
])
def test_mistakes_are_located(tmp_path, text, expected):
    result = CliRunner().invoke(main, ["check", str(house(tmp_path, text))])
    assert result.exit_code == 1 and expected in result.output and "house.basra:3:" in result.output


def test_a_cut_card_the_deck_leaves_out_is_flagged(tmp_path):
    result = CliRunner().invoke(main, ["check", str(house(tmp_path, "setup:\n  deck 52 without Q\n  cut Q: dealer\n"))])
    assert "B702" in result.output and "the cut card 'Q'" in result.output


def test_fmt_keeps_both(tmp_path):
    path = house(tmp_path, "setup:\n  cut J:   next\ncapture:\n  compulsory    hand\n")
    assert CliRunner().invoke(main, ["fmt", str(path)]).exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "  cut J: next\n" in text and "  compulsory hand\n" in text
    assert load_variant(path).compulsion == "hand"


def test_a_compulsion_can_depend_on_an_option(tmp_path):
    path = house(tmp_path, 'option strict: no | yes = no "a player who can capture must"\n'
                           "capture:\n  compulsory hand when strict\n  compulsory\n")
    assert load_variant(path).compulsion == "card"
    assert load_variant(path, strict=True).compulsion == "hand"
    assert load_variant("jordanian").compulsion == "hand"  # the Palestinian rule
    assert load_variant("jordanian", rest="egyptian").compulsion == "card"  # pagat's Egyptian rule
