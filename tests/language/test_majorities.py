"""Majorities of a rank or a suit, and points for every card of a suit.

Rule cases from the sources: Escoba scores a point for the most sevens (melele, 'Escoba de
15'), Chkobba one for the most diamonds ('dinari', chkobba.online); the issue's house rule
of a point for every diamond taken is written `points diamonds 1`.
"""

from __future__ import annotations

import pytest
from basra_dsl.engine.scoring import score_hand
from tests.helpers import cards, house_variant, load_house, run_cli

TEXT = '''variant counts "Counts"
setup:
  deck 40
  players 2
  hand 3
  start floor 4
capture:
  sum: numeral takes sums
  pair: picture takes rank
score:
  most cards 1 tie nobody
  most sevens 1 tie nobody
  most diamonds 1 tie nobody
  points diamonds 1, 7D 1
game:
  first to 21
'''


@pytest.fixture
def rules(tmp_path):
    return load_house(tmp_path, TEXT)


def test_the_most_sevens_and_the_most_diamonds_each_score(rules):
    piles = [list(cards("7C 7H 2C 3C")), list(cards("7D 2D 3D"))]
    result = score_hand(rules, piles, [[], []], ())
    # side 0: most cards (4 to 3) and most sevens (2 to 1); side 1: most diamonds (3 to 0)
    assert [side.majority_points for side in result.sides] == [2, 1]
    # side 1's diamonds score a point each, and the seven of diamonds one more
    assert [side.card_points for side in result.sides] == [0, 4]


def test_a_tie_on_sevens_pays_nobody(rules):
    piles = [list(cards("7C 7H")), list(cards("7D 7S"))]
    result = score_hand(rules, piles, [[], []], ())
    assert [side.majority_points for side in result.sides] == [0, 1]  # only the diamonds are won


def test_the_pages_say_the_new_counts(tmp_path, rules):
    page = run_cli("docs", "show", tmp_path / "counts.basra").output
    assert "Most sevens" in page and "diamonds 1 point each" in page


def test_an_unknown_count_names_what_can_be_counted(tmp_path):
    result = run_cli("check", house_variant(tmp_path, TEXT.replace("most sevens", "most sevns")))
    assert "error[B209]: 'most sevns' counts nothing" in result.output
    assert "did you mean 'sevens'" in result.output.lower()
    assert result.exit_code == 1
