"""min(...) and max(...): a bonus capped or kept above a floor (a sweep worth a point a card,
at most 5), typed, compiled on both tiers, said on the page, refused in words when misused."""

from __future__ import annotations

import pytest

from basra_dsl.cards import parse_card
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine.bonus import play_bonus
from basra_dsl.engine.capture import NO_PREVIOUS
from basra_dsl.language.loader import load_text

from helpers import load_house, play_both

CAPPED = ('variant capped "Capped" extends pasur\nbasra:\n'
          '  sur: min(5, captured.count) when cleared and played is numeral and not last_deal\n'
          '  big "Big": max(2, captured.count - 3) when captured.count >= 4 and played is J\n')


@pytest.mark.parametrize("floor, points", [(["6C"], 1), (["2C", "4D"], 2), (["AS", "AH", "4D"], 2),
                                           (["AS", "AH", "AD", "AC", "2S"], 2)])
def test_the_cap_scores_a_point_a_card_up_to_two(tmp_path, floor, points):
    rules = load_house(tmp_path, CAPPED.replace("min(5,", "min(2,"))
    cards = tuple(parse_card(c) for c in floor)
    assert play_bonus(rules, parse_card("5H"), cards, cards, (), NO_PREVIOUS) == points


def test_the_floor_keeps_a_bonus_above_two(tmp_path):
    rules = load_house(tmp_path, CAPPED)
    jack = parse_card("JS")
    four = tuple(parse_card(c) for c in ("2C", "4D", "5S", "9H"))
    seven = four + tuple(parse_card(c) for c in ("3C", "6D", "8S"))
    assert play_bonus(rules, jack, four + (parse_card("KH"),), four, (parse_card("KH"),), NO_PREVIOUS) == 2
    assert play_bonus(rules, jack, seven + (parse_card("KH"),), seven, (parse_card("KH"),), NO_PREVIOUS) == 4


def test_both_tiers_play_a_capped_bonus_alike(tmp_path):
    rules = load_house(tmp_path, CAPPED)
    assert play_both(rules, 60, seed=5) > 60


@pytest.mark.parametrize("call", ["min(taken.count)", "max(5, taken)", "min(5, yes)"])
def test_a_misused_min_or_max_is_refused_in_words(tmp_path, call):
    with pytest.raises(DiagnosticError) as caught:
        load_text(f'variant x "X" extends scopa\nscore:\n  r: {call}\n', tmp_path / "x.basra").merged
    assert {d.code for d in caught.value.diagnostics} <= {"B203", "B205"}
    assert all(d.help for d in caught.value.diagnostics if d.code == "B203")


def test_the_page_says_it_in_words(tmp_path):
    from basra_dsl.rulebook import render_variant
    load_house(tmp_path, CAPPED)
    page = render_variant(tmp_path / "capped.basra").markdown
    assert "the smaller of 5 and the number of cards" in page
    assert "the larger of 2 and" in page
