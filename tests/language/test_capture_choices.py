"""`pairs first` and `choose fewest`: which of several possible captures a card may make.

Rule cases from the sources: in Scopa a card that matches a single floor card must take it
rather than a sum; with a 2, a 5 and a 7 on the floor and a 7 played, the 7 is taken, not
the 5 and 2 ('Scopa', Wikipedia; pagat's Scopa). Cirulla's simple captures take the group
with the fewest cards (regoledelgioco, 'Cirulla'). Where no single card matches, a Scopa
player chooses any group: on a floor of 2, 5, 7, 4 a nine takes 5 + 4 or 7 + 2.
"""

from __future__ import annotations

import pytest
from basra_dsl import Game, load_variant
from basra_dsl.engine.fast import why_not
from tests.helpers import FORTY_CARDS, cards, load_house, run_cli, takes

SCOPA_LIKE = '''variant single "Single first"
''' + FORTY_CARDS + '''capture:
  sum: any takes sums
  pairs first
  choose one
basra:
  scopa: 1 when cleared
score:
  most cards 1 tie nobody
game:
  first to 11
'''


def test_a_single_card_of_the_same_value_must_be_taken_first(tmp_path):
    rules = load_house(tmp_path, SCOPA_LIKE)
    assert takes(rules, "2C 5D 7H", "7S") == [["7H"]]
    assert takes(rules, "7C 5D 2H 7H", "7S") == [["7C"], ["7H"]]  # either seven, but only a seven
    assert Game(rules).resolver.allows(cards("7S")[0], cards("2C 5D 7H"), cards("7H"))
    assert not Game(rules).resolver.allows(cards("7S")[0], cards("2C 5D 7H"), cards("2C 5D"))


def test_without_a_single_match_the_player_chooses_any_group(tmp_path):
    rules = load_house(tmp_path, SCOPA_LIKE)
    assert takes(rules, "2C 5D 7H 4S", "QS") == [["2C", "7H"], ["4S", "5D"]]  # the cavallo counts 9


def test_without_pairs_first_a_sum_may_be_taken_instead(tmp_path):
    rules = load_house(tmp_path, SCOPA_LIKE.replace("  pairs first\n", ""))
    assert takes(rules, "2C 5D 7H", "7S") == [["2C", "5D"], ["7H"]]


def test_choose_fewest_keeps_only_the_smallest_groups(tmp_path):
    rules = load_house(tmp_path, SCOPA_LIKE.replace("  pairs first\n", "").replace("choose one", "choose fewest"))
    assert takes(rules, "2C 5D 7H", "7S") == [["7H"]]
    assert takes(rules, "AC 2D 4H 3S 5C", "6S") == [["2D", "4H"], ["5C", "AC"]]  # not A + 2 + 3


def test_pairs_first_and_fewest_are_said_and_played_on_the_fast_tier(tmp_path):
    # the fast tier asks the checked resolver for such cards (tests/engine/test_fast_tier.py
    # plays Scopa, Scopone and Cirulla hand by hand on both tiers)
    rules = load_house(tmp_path, SCOPA_LIKE)
    assert rules.to_json()["capture"]["pairs_first"] is True
    assert why_not(rules) is None
    page = run_cli("docs", "show", tmp_path / "single.basra").output
    assert "**Pairs first**" in page
    assert "must take such a card, not a group of cards adding up to it" in page
    fewest = SCOPA_LIKE.replace("choose one", "choose fewest")
    (tmp_path / "single.basra").write_text(fewest, encoding="utf-8")
    page = run_cli("docs", "show", tmp_path / "single.basra").output
    assert "it must be one with the fewest cards" in page


@pytest.mark.parametrize("variant", ["egyptian", "pishti"])
def test_bundled_variants_keep_their_choices(variant):
    rules = load_variant(variant)
    assert rules.pairs_first is False and rules.choose in ("largest", "one")
