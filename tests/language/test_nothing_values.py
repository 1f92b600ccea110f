"""A card that adds up to nothing (issue 28, item 2): `values A 0`, as Scopa d'Assi's ace.

Until now `values A 0` was refused (B705); it now says the card counts nothing when adding
up, as a picture card in Basra: it is never part of a sum, and a card played that counts
nothing takes nothing by adding up. A played value of 0 stays refused: a card is not
played as nothing.
"""

from __future__ import annotations

from pathlib import Path

from basra_dsl import Game, load_variant
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.check.checker import check_paths
from basra_dsl.engine.deal import Deal
from basra_dsl.rulebook import render_variant

ASSI = """\
variant assi "Assi" extends scopa
setup:
  values A 0, J 8, Q 9, K 10
capture:
  ace "The ace sweeps": A takes all
"""


def write(tmp_path: Path, text: str, name: str = "assi") -> Path:
    path = tmp_path / f"{name}.basra"
    path.write_text(text, encoding="utf-8")
    return path


def codes(path: Path) -> list[str]:
    return [d.code for d in check_paths([path], examples=False).diagnostics if d.is_error]


def test_a_value_of_0_is_accepted_and_a_played_value_of_0_is_not(tmp_path):
    assert codes(write(tmp_path, ASSI)) == []
    played = 'variant assi "Assi" extends scopa\nsetup:\n  played values A 0\n'
    found = [d for d in check_paths([write(tmp_path, played)], examples=False).diagnostics if d.is_error]
    assert [d.code for d in found] == ["B705"] and "from 1 to" in found[0].help


def test_the_card_is_never_part_of_a_sum(tmp_path):
    rules = load_variant(str(write(tmp_path, ASSI)))
    assert rules.values[parse_card("AS")] is None and rules.values[parse_card("JS")] == 8
    deal = Deal((tuple(parse_cards(["5H", "7H", "AH"])), tuple(parse_cards(["KD", "6C", "2C"]))),
                tuple(parse_cards(["AS", "4C", "3D"])), (), ())
    state = Game(rules).hand_from_deals([deal], 0, ())
    assert state.captures(parse_card("5H")) == [()]  # 4 + the ace would be 5 if the ace counted 1
    assert state.captures(parse_card("7H")) == [tuple(parse_cards(["4C", "3D"]))]
    assert state.captures(parse_card("AH")) == [tuple(parse_cards(["AS", "4C", "3D"]))]


def test_the_page_says_the_ace_counts_nothing_and_calls_it_no_picture(tmp_path):
    page = render_variant(write(tmp_path, ASSI), {}).markdown
    assert "When adding up, each ace counts nothing, each jack 8" in page
    assert "The picture cards (aces" not in page and "Aces have no number" in page
