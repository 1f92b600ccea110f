"""The 40-card pack and the `values` clause: what cards count when adding up.

Rule cases from the sources: in Scopa the pictures count fante (jack) 8, cavallo (queen) 9
and re (king) 10, so a king takes a seven and a three ('Scopa', Wikipedia); in Chkobba the
queen counts 8 and the jack 9 ('Chkobba', French Wikipedia).
"""

from __future__ import annotations

import json

import jsonschema
import pytest
from click.testing import CliRunner

from basra_dsl import Game, load_variant
from basra_dsl.cli import main
from basra_dsl.resources import schema_path
from tests.helpers import cards, names, position

SCOPA_LIKE = '''variant tryout "Tryout"
option ace: 1 | 14 = 1 "what an ace counts"
setup:
  deck 40
  players 2
  hand 3
  start floor 4
  values J 8, Q 9, K 10, A ace
capture:
  sum: any takes sums
  choose one
basra:
  sweep: 1 when cleared
score:
  most cards 1 tie nobody
game:
  first to 11
'''


def write(tmp_path, text: str, name: str = "tryout"):
    path = tmp_path / f"{name}.basra"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_40_card_pack_has_no_eights_nines_or_tens(tmp_path):
    rules = load_variant(write(tmp_path, SCOPA_LIKE))
    assert len(rules.deck) == 40
    assert not {name[0] for name in names(rules.deck)} & {"8", "9", "T"}


def test_pictures_count_what_the_values_say_and_add_up(tmp_path):
    rules = load_variant(write(tmp_path, SCOPA_LIKE))
    assert [rules.values[c] for c in cards("JC QD KH 7S AC")] == [8, 9, 10, 7, 1]
    state = position(Game(rules), "7C 3D 5H", "KS")
    assert [names(capture) for capture in state.captures(cards("KS")[0])] == [["3D", "7C"]]


def test_values_follow_an_option(tmp_path):
    rules = load_variant(write(tmp_path, SCOPA_LIKE), ace=14)
    assert rules.values[cards("AH")[0]] == 14
    state = position(Game(rules), "7C 7D", "AS")
    assert [names(capture) for capture in state.captures(cards("AS")[0])] == [["7C", "7D"]]


def test_chkobba_counts_the_queen_below_the_jack(tmp_path):
    text = SCOPA_LIKE.replace("values J 8, Q 9, K 10", "values Q 8, J 9, K 10")
    assert text != SCOPA_LIKE
    rules = load_variant(write(tmp_path, text))
    state = position(Game(rules), "QC", "JS", "5D")
    assert not any(state.captures(cards("JS")[0]))  # a jack (9) neither pairs nor adds up to a queen (8)
    assert rules.values[cards("QC")[0]] == 8


def test_the_compiled_rules_carry_the_values_and_pass_their_schema(tmp_path):
    data = load_variant(write(tmp_path, SCOPA_LIKE)).to_json()
    jsonschema.Draft202012Validator(json.loads(schema_path("rules").read_text())).validate(data)
    assert data["capture"]["values"]["KD"] == 10 and data["capture"]["values"]["7S"] == 7
    assert load_variant("egyptian").to_json()["capture"]["values"].get("JD") is None  # Basra pictures never add up


@pytest.mark.parametrize("line,code,where,exit_code", [
    ("  values J -1", "error[B705]", "a card value of -1 is out of range", 1),  # 0 adds up to nothing: accepted
    ("  values J 2.5", "error[B705]", "a card value of 2.5 is not a whole number", 1),
    ("  values K 31", "error[B705]", "a card value of 31 is out of range", 1),
    ("  values 9 3", "warning[B702]", "'values 9' matches no card of the deck", 0),
    ("  deck 36", "error[B405]", "only the 52-card pack and the 40-card pack are known, not 36", 1),
])
def test_a_value_or_pack_that_cannot_be_is_refused_with_its_place(tmp_path, line, code, where, exit_code):
    text = SCOPA_LIKE.replace("  values J 8, Q 9, K 10, A ace\n", line + "\n") if "values" in line else \
        SCOPA_LIKE.replace("  deck 40\n", line + "\n")
    path = write(tmp_path, text)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert f"{code}: {where}" in result.output, result.output
    lines = text.splitlines()
    row = next(i for i, text_line in enumerate(lines, 1) if text_line == line)
    assert f"tryout.basra:{row}:" in result.output
    assert result.exit_code == exit_code


def test_the_rulebook_says_what_the_cards_count(tmp_path):
    result = CliRunner().invoke(main, ["docs", "show", str(write(tmp_path, SCOPA_LIKE))])
    page = result.output
    assert "When adding up, each jack counts 8, each queen 9, each king 10 and each ace" in page
    assert "Numerals, ace (1) to seven, count their pips; jacks count 8, queens 9 and kings 10." in page
    assert "A 40-card pack (the standard pack without its eights, nines and tens)." in page
    assert "takes one group of cards whose values add up to its own value" in page  # not "numerals": kings add up


def test_the_values_line_is_highlighted_as_a_keyword():
    from basra_dsl.language.highlight import KEYWORDS
    assert "values" in KEYWORDS
