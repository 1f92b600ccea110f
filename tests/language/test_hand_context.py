"""What a bonus rule knows of the hand around its play: `last`, `last_deal`, `stock`.

Rule case from the sources: in Scopa, clearing the floor with the last card of the hand is
no scopa ('Scopa', Wikipedia; pagat's Scopa: the last capture never counts as a sweep);
written `scopa: 1 when cleared and not last`.
"""

from __future__ import annotations

import pytest
from basra_dsl import Game
from basra_dsl.engine import Deal
from basra_dsl.engine.fast import why_not
from helpers import play_both
from tests.helpers import FORTY_CARDS, cards, house_variant, load_house, run_cli

BASE = '''variant hand "Hand"
''' + FORTY_CARDS + '''capture:
  sum: any takes sums
  choose one
basra:
  scopa: 1 when RULE
score:
  most cards 1 tie nobody
game:
  first to 11
'''


def rules_with(tmp_path, rule: str):
    return load_house(tmp_path, BASE.replace("RULE", rule))


def clearing_plays(rules) -> list[float]:
    """Plays a hand of three deals of one card each; returns each play's bonus. Player 1
    clears the floor in the first two deals (5H takes 5C, 4D takes 4S), player 2 with the
    hand's last card (3D takes 2C and AH); the other plays are trails."""
    deals = [Deal((cards("5H"), cards("4S")), cards("5C")),
             Deal((cards("4D"), cards("2C")), ()),
             Deal((cards("AH"), cards("3D")), ())]
    state = Game(rules).hand_from_deals(deals, first=0)
    bonuses = []
    while state.turn >= 0:
        move = next((m for m in state.legal_moves() if m.capture), state.legal_moves()[0])
        bonuses.append(state.play_move(move).bonus)
    return bonuses


def test_the_last_play_of_the_hand_scores_no_sweep(tmp_path):
    assert clearing_plays(rules_with(tmp_path, "cleared")) == [1, 0, 1, 0, 0, 1]
    assert clearing_plays(rules_with(tmp_path, "cleared and not last")) == [1, 0, 1, 0, 0, 0]


def test_the_last_deal_and_the_stock_are_known(tmp_path):
    assert clearing_plays(rules_with(tmp_path, "cleared and last_deal")) == [0, 0, 0, 0, 0, 1]
    assert clearing_plays(rules_with(tmp_path, "cleared and stock >= 2")) == [1, 0, 1, 0, 0, 0]
    assert clearing_plays(rules_with(tmp_path, "cleared and stock == 4")) == [1, 0, 0, 0, 0, 0]


def test_rules_reading_the_hand_are_played_alike_on_both_tiers(tmp_path):
    for condition in ("cleared and not last", "cleared and last_deal", "cleared and stock > 10"):
        rules = rules_with(tmp_path, condition)
        assert why_not(rules) is None and play_both(rules, 100, seed=5) > 100, condition


def test_the_page_says_it_in_words_and_the_check_knows_last_plays_happen(tmp_path):
    rules_with(tmp_path, "cleared and last")
    result = run_cli("check", tmp_path / "hand.basra", "--simulate", "100")
    assert "B701" not in result.output and result.exit_code == 0, result.output
    rules_with(tmp_path, "cleared and not last")
    page = run_cli("docs", "show", tmp_path / "hand.basra").output
    assert "it is not the last play of the hand" in page


@pytest.mark.parametrize("rule", ["last == 3", "stock and cleared"])
def test_a_misused_hand_name_is_a_type_error(tmp_path, rule):
    result = run_cli("check", house_variant(tmp_path, BASE.replace("RULE", rule)))
    assert "error[B205]" in result.output and result.exit_code == 1, result.output
