"""`takes sums to N`: the played card counts toward a fixed total (Escoba's 15, Pasur's 11).

Rule cases from the sources: in Escoba a king (10) on a floor of 2 and 3 takes both, and a
jack (sota, 8) on a floor of 3, 2, A, A takes all four (Naipes Casino, 'Escoba de 15'); in
Pasur, on a pool of A, 2, 2, 4, 10 a ten takes the ace, an eight takes A and 2, a seven
takes the 4 or both 2s (Wikipedia, 'Pasur (card game)').
"""

from __future__ import annotations

import json

import jsonschema
import pytest
from basra_dsl import Game
from basra_dsl.engine.fast import why_not
from basra_dsl.resources import schema_path
from helpers import play_both
from tests.helpers import FORTY_CARDS, cards, house_variant, load_house, run_cli, takes

ESCOBA_LIKE = '''variant fifteen "Fifteen"
''' + FORTY_CARDS + '''capture:
  fifteen: any takes sums to 15
  choose one
  optional
basra:
  escoba: 1 when cleared
score:
  most cards 1 tie nobody
game:
  first to 21
'''

PASUR_LIKE = '''variant eleven "Eleven"
setup:
  deck 52
  players 2
  hand 4
  start floor 4
capture:
  eleven: numeral takes sums to 11
  pictures: Q | K takes rank
  choose one
basra:
  sur: 5 when cleared
score:
  most clubs 7 tie nobody
game:
  first to 62
'''


def test_escoba_cards_make_fifteen_with_the_card_played(tmp_path):
    rules = load_house(tmp_path, ESCOBA_LIKE)
    assert takes(rules, "2C 3D", "KS") == [["2C", "3D"]]
    assert takes(rules, "3C 2D AH AS", "JS") == [["2D", "3C", "AH", "AS"]]
    assert takes(rules, "6C 4D 2H 5S AS", "QS") == [["2H", "4D"], ["5S", "AS"], ["6C"]]  # a caballo (9)
    assert takes(rules, "7C", "7D") == []  # no pairing: 7 + 7 is not 15


def test_pasur_numerals_make_eleven_and_pictures_pair(tmp_path):
    rules = load_house(tmp_path, PASUR_LIKE)
    pool = "AC 2D 2H 4S TC"
    assert takes(rules, pool, "TD") == [["AC"]]
    assert takes(rules, pool, "8D") == [["2D", "AC"], ["2H", "AC"]]
    assert takes(rules, pool, "7D") == [["2D", "2H"], ["4S"]]
    assert takes(rules, pool, "2C") == [["2D", "2H", "4S", "AC"]]
    assert takes(rules, "KC 5D", "KD") == [["KC"]]


def test_a_named_capture_is_checked_against_the_total(tmp_path):
    rules = load_house(tmp_path, ESCOBA_LIKE)
    resolver = Game(rules).resolver
    seven = cards("7S")[0]
    assert resolver.allows(seven, cards("5C 3D 4H"), cards("5C 3D"))
    assert not resolver.allows(seven, cards("5C 3D 4H"), cards("5C 4H"))  # 7 + 5 + 4 is 16


def test_the_fast_tier_plays_totals_as_state_does(tmp_path):
    rules = load_house(tmp_path, ESCOBA_LIKE)
    assert why_not(rules) is None and play_both(rules, 100, seed=5) > 100
    result = run_cli("simulate", tmp_path / "fifteen.basra", "--hands", "50", "--seed", "3")
    assert result.exit_code == 0, result.output


def test_the_total_is_in_the_compiled_rules_and_on_the_page(tmp_path):
    rules = load_house(tmp_path, ESCOBA_LIKE)
    data = rules.to_json()
    jsonschema.Draft202012Validator(json.loads(schema_path("rules").read_text())).validate(data)
    assert data["capture"]["rules"][0]["total"] == 15
    page = run_cli("docs", "show", tmp_path / "fifteen.basra").output
    assert "**Adding up to 15**" in page
    assert "Any card takes one group of cards whose values, added to its own, make 15." in page


@pytest.mark.parametrize("rule,message", [
    ("fifteen: any takes rank to 15", "error[B210]: 'takes rank' adds nothing up, so it cannot have a total"),
    ("fifteen: any takes sums to 1", "error[B705]: a total of 1 is out of range"),
    ("fifteen: any takes sums to 61", "error[B705]: a total of 61 is out of range"),
])
def test_a_total_that_cannot_be_is_refused_at_its_place(tmp_path, rule, message):
    text = ESCOBA_LIKE.replace("fifteen: any takes sums to 15", rule)
    result = run_cli("check", house_variant(tmp_path, text))
    assert message in result.output and "fifteen.basra:9:" in result.output, result.output
    assert result.exit_code == 1
