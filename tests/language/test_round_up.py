"""round_up(NUMBER, STEP): a count rounded up to a whole multiple (Cuarenta's cartón goes up
to an even number), typed, compiled, said on the page, refused in words when misused."""

from __future__ import annotations

import pytest

from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine.scoring import rule_points
from basra_dsl.language.loader import load_text

from helpers import load_house

CARTON = ('variant counted "Counted" extends scopa\nscore:\n'
          '  carton "Cartón": round_up(taken.count - 14, 2) when taken.count >= 20\n')


@pytest.mark.parametrize("cards, points", [(19, 0), (20, 6), (21, 8), (22, 8), (23, 10), (24, 10), (40, 26)])
def test_the_carton_goes_up_to_an_even_number(tmp_path, cards, points):
    rules = load_house(tmp_path, CARTON)
    taken = list(rules.deck[:cards])
    assert rule_points(rules, taken) == points


@pytest.mark.parametrize("call", ["round_up(taken.count)", "round_up(taken, 2)", "round_up(taken.count, yes)"])
def test_a_misused_round_up_is_refused_in_words(tmp_path, call):
    with pytest.raises(DiagnosticError) as caught:
        load_text(f'variant x "X" extends scopa\nscore:\n  r: {call}\n', tmp_path / "x.basra").merged
    assert {d.code for d in caught.value.diagnostics} <= {"B203", "B205"}


def test_the_page_says_it_in_words(tmp_path):
    from basra_dsl.rulebook import render_variant
    load_house(tmp_path, CARTON)
    page = render_variant(tmp_path / "counted.basra").markdown
    assert "the number of cards in the side's pile minus 14, rounded up to an even number" in page
