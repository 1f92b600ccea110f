"""Score rules (`score: NAME "Title": POINTS when CONDITION`, reading `taken`), and
`CARDS.run(A | B | ...)`, the length of an unbroken run of cards.

Rule cases from the sources: Cirulla's Grande (king, queen and jack of diamonds) scores 5,
its Piccola (ace, two and three of diamonds) 3, or, with the four as well, as much as the
top diamond of the gapless run from the ace (fishingcardgames.com, 'Cirulla').
"""

from __future__ import annotations

import pytest
from basra_dsl import load_variant
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine.fast import why_not
from basra_dsl.engine.scoring import rule_points, score_hand
from basra_dsl.rulebook.pages.page import render_variant
from helpers import play_both
from tests.helpers import FORTY_CARDS, cards, load_house

TEXT = f'''variant runs "Runs"
{FORTY_CARDS}
capture:
  take: any takes sums
basra:
  sweep: 1 when cleared
score:
  most cards 1 tie nobody
  run "The run": taken.run(AD | 2D | 3D | 4D) when taken.run(AD | 2D) == 2
game:
  first to 21
'''


@pytest.mark.parametrize("taken, points", [
    ("AD 2D", 2), ("AD 2D 3D", 3), ("AD 2D 4D", 2), ("AD 3D 4D", 0), ("2D 3D 4D", 0), ("AD 2D 3D 4D", 4)])
def test_a_run_counts_the_cards_held_in_unbroken_order(tmp_path, taken, points):
    assert rule_points(load_house(tmp_path, TEXT), cards(taken)) == points


def test_score_rules_add_to_a_sides_points(tmp_path):
    rules = load_house(tmp_path, TEXT)
    result = score_hand(rules, [list(cards("AD 2D 3D 5C")), list(cards("4D 6C"))], [[], []], ())
    assert result.points == (1 + 3, 0)
    assert rules.to_json()["score"]["rules"][0]["name"] == "run"


@pytest.mark.parametrize("taken, points", [
    ("KD QD JD", 5), ("KD QD", 0), ("AD 2D 3D", 3), ("AD 2D 3D 4D 5D", 5), ("AD 2D 3D 5D", 3),
    ("AD 2D 3D 4D 5D 6D 7D JD QD KD", 12)])
def test_cirullas_grande_and_piccola(taken, points):
    assert rule_points(load_variant("cirulla"), cards(taken)) == points


def test_taken_is_read_only_by_a_score_rule(tmp_path):
    text = TEXT.replace("  sweep: 1 when cleared", "  sweep: 1 when taken.count(K) > 0")
    with pytest.raises(DiagnosticError) as caught:
        load_house(tmp_path, text)
    assert any("taken" in d.message for d in caught.value.diagnostics)


def test_run_counts_cards_only(tmp_path):
    with pytest.raises(DiagnosticError) as caught:
        load_house(tmp_path, TEXT.replace("when taken.run(AD | 2D) == 2", "when taken.top(AD) == 2"))
    assert any("'.count', '.sum' and '.run'" in d.message for d in caught.value.diagnostics)


def test_the_fast_tier_plays_score_rules_as_state_does(tmp_path):
    rules = load_house(tmp_path, TEXT)
    assert why_not(rules) is None and play_both(rules, 100, seed=5) > 100


def test_the_page_says_what_a_score_rule_is_worth():
    page = render_variant("cirulla").markdown
    assert "A side scores the Grande when" in page
    assert "the unbroken run (A, 2, 3, 4, 5, 6, 7 of diamonds)" in page
