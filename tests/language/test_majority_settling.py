"""Majorities settled by further counts (`then`) and won only from a threshold (`at least`).

Rule cases from the sources: Chkobba's *bermila* goes to the side with the most sevens, and
between sides level on sevens to the one with the most sixes; level on both, nobody scores
it (chkobba.online). Escoba's sevens point is settled by sixes, then aces, then fives
(entretodos' 'setenta'). Pasur's clubs score 7 only to a side holding seven or more of the
thirteen (the scribd Pasur rules), so with three players they may go to nobody.
"""

from __future__ import annotations

import json

import jsonschema
import pytest
from basra_dsl.engine.scoring import score_hand
from basra_dsl.resources import schema_path
from tests.helpers import cards, house_variant, load_house, run_cli, tiers_score_alike

TEXT = '''variant settling "Settling"
setup:
  deck 52
  players 2, 3
  hand 4
  start floor 4
capture:
  pair: any takes rank
score:
  most sevens 1 then sixes, aces tie nobody
  most clubs 7 at least 7 tie nobody
game:
  first to 21
'''


@pytest.fixture
def rules(tmp_path):
    return load_house(tmp_path, TEXT)


def points(rules, *piles: str) -> tuple[float, ...]:
    return score_hand(rules, [list(cards(p)) for p in piles], [[] for _ in piles], ()).points


def test_level_on_sevens_the_most_sixes_wins(rules):
    assert points(rules, "7C 7D 6H", "7H 7S 6C 6D 6S") == (0, 1)


def test_level_on_sevens_and_sixes_the_aces_decide(rules):
    assert points(rules, "7C 6H AH AD", "7H 6C AS") == (1, 0)


def test_level_on_every_count_nobody_scores(rules):
    assert points(rules, "7C 7D 6H 6D", "7H 7S 6C 6S") == (0, 0)


def test_clubs_score_only_from_seven(rules):
    seven = "2C 3C 4C 5C 8C 9C 10C"
    assert points(rules, seven, "JC QC KC") == (7, 0)
    assert points(rules, "2C 3C 4C 5C 8C 9C", "10C JC QC KC 4D") == (0, 0)


def test_with_three_players_the_clubs_can_go_to_nobody(tmp_path):
    rules = load_house(tmp_path, TEXT, players=3)
    assert points(rules, "2C 3C 4C 5C 8C", "9C 10C JC QC", "KC 4D") == (0, 0, 0)


def test_both_tiers_settle_alike(rules):
    tiers_score_alike(rules, seed=5)


def test_the_compiled_rules_and_the_page_say_it(tmp_path, rules):
    data = rules.to_json()
    jsonschema.Draft202012Validator(json.loads(schema_path("rules").read_text())).validate(data)
    assert data["score"]["majorities"][1]["at_least"] == 7
    assert data["score"]["majorities"][0]["then"][0] == ["6C", "6D", "6H", "6S"]
    page = run_cli("docs", "show", tmp_path / "settling.basra").output
    assert "Between sides level on sevens, the most sixes decides, then the most aces." in page
    assert "It scores them only with at least 7 clubs." in page


@pytest.mark.parametrize("line, message", [
    ("  most sevens 1 then sixs tie nobody", "error[B209]: 'then sixs' counts nothing to settle a tie with"),
    ("  most sevens 1 then cards tie nobody", "error[B209]: 'then cards'"),
    ("  most prime 1 then sixes tie nobody: 7 21", "error[B211]: the prime is compared by its total"),
    ("  most sevens 1 at least many tie nobody", "error[B201]: unknown name 'many'"),
])
def test_misused_settling_is_located(tmp_path, line, message):
    path = house_variant(tmp_path, TEXT.replace("  most sevens 1 then sixes, aces tie nobody", line))
    result = run_cli("check", path)
    assert result.exit_code == 1 and message in result.output
