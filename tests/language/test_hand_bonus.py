"""Bonuses for the cards a player is dealt (`NAME: POINTS to holder when ...`, reading
`hand`), judged at every deal: Cirulla's declarations.

Rule cases from the sources: a hand adding up to 9 or less is a cirulla worth 3 scope, three
of a kind a decino worth 10 (regoledelgioco.com); the seven of hearts is wild for them
(Parlett, 'The Penguin Book of Card Games').
"""

from __future__ import annotations

import random

import pytest
from basra_dsl import Game, load_variant
from basra_dsl.diagnostics import DiagnosticError
from basra_dsl.engine.deal import deal_hand, declarable, hand_bonus, shuffled_pack
from basra_dsl.engine.fast import why_not
from basra_dsl.engine.random_play import random_move
from helpers import play_both
from tests.helpers import FORTY_CARDS, cards, load_house

TEXT = f'''variant declare "Declare"
{FORTY_CARDS}
dealing:
  low "A low hand": 3 to holder when hand.sum <= 9
  triple "Three of a kind": 10 to holder when hand.ranks == 1
capture:
  take: any takes sums
basra:
  sweep: 1 when cleared
game:
  first to 21
'''


def test_hand_bonuses_compile_apart_from_the_first_floors(tmp_path):
    rules = load_house(tmp_path, TEXT)
    assert [b.name for b in rules.hand_bonuses] == ["low", "triple"] and not rules.floor_bonuses
    assert rules.to_json()["deal"]["floor_bonuses"][0]["to"] == "holder"


@pytest.mark.parametrize("hand, points", [("AC 2D 5S", 3), ("5C 5D 5S", 10), ("AC AD AS", 10), ("KC 2D 3S", 0)])
def test_the_largest_bonus_that_holds_is_scored(tmp_path, hand, points):
    assert hand_bonus(load_house(tmp_path, TEXT), cards(hand)) == points


def test_every_deal_scores_each_players_hand(tmp_path):
    rules = load_house(tmp_path, TEXT)
    rng = random.Random(5)
    for _ in range(30):
        deals = deal_hand(rules, shuffled_pack(rules, rng), 0, rng)
        for deal in deals:
            expected = [hand_bonus(rules, hand) for hand in deal.hands]
            assert list(deal.bonus or [0] * rules.players) == expected


def test_the_bonuses_reach_the_score_of_the_hand(tmp_path):
    rules = load_house(tmp_path, TEXT)
    game, rng = Game(rules), random.Random(11)
    for _ in range(40):
        state = game.new_hand(rng)
        dealt = sum(b for deal in state.deals for b in deal.bonus)
        while not state.is_terminal():
            state.play_move(random_move(state, rng))
        assert sum(side.basra_points for side in state.result().sides) >= dealt
        if dealt:
            return
    raise AssertionError("no hand bonus in 40 hands")


def test_hand_is_read_only_by_a_holders_bonus(tmp_path):
    text = TEXT.replace("3 to holder when hand.sum <= 9", "3 to dealer when hand.sum <= 9")
    with pytest.raises(DiagnosticError) as caught:
        load_house(tmp_path, text)
    assert any("hand" in d.message for d in caught.value.diagnostics)
    text = TEXT.replace("3 to holder when hand.sum <= 9", "3 to holder when floor.sum <= 9")
    with pytest.raises(DiagnosticError) as caught:
        load_house(tmp_path, text)
    assert any("floor" in d.message for d in caught.value.diagnostics)


def test_the_fast_tier_scores_hand_bonuses_as_state_does(tmp_path):
    rules = load_house(tmp_path, TEXT)
    assert why_not(rules) is None and play_both(rules, 100, seed=5) > 100


def test_cirullas_wild_seven_helps_both_declarations():
    rules = load_variant("cirulla")  # declared by the player (to declarer), not scored on their own
    assert hand_bonus(rules, cards("7H 3D 4S")) == 0
    assert declarable(rules, cards("7H 3D 4S")) == (("cirulla", 3),)  # the seven as an ace: 1 + 3 + 4
    assert declarable(rules, cards("7H KC KS")) == (("decino", 10),)  # the seven as a king
    assert declarable(rules, cards("7H 7C 5D")) == ()  # neither low nor three of a kind
    assert declarable(rules, cards("AC AD AS")) == (("decino", 10), ("cirulla", 3))  # the most points first


def test_cirullas_wild_seven_on_the_first_floor_and_its_sentence():
    from basra_dsl.engine import judge_first_floor
    from basra_dsl.rulebook.pages.page import render_variant
    rules = load_variant("cirulla")
    assert judge_first_floor(rules, cards("7H 3C 2D AS")).bonus == 1  # the seven as a nine
    assert judge_first_floor(rules, cards("7H KC QD JS")).bonus == 2  # the seven as a three
    assert judge_first_floor(rules, cards("7H AC 2D AS")).taker is None  # 4 + at most 10 is short of fifteen
    page = render_variant("cirulla").markdown
    assert "This happens when either the first floor adds up to exactly 15, or it holds the seven of hearts and it adds up to between 12 and 21." in page


def test_a_holder_rule_that_fails_on_a_dealt_hand_is_reported_where_it_stands(tmp_path):
    from basra_dsl.check.checker import check_paths
    from tests.helpers import house_variant
    text = TEXT.replace("3 to holder when hand.sum <= 9", "3 to holder when 10 / (hand.sum - hand.sum) > 1")
    found = [d for d in check_paths([house_variant(tmp_path, text)]).diagnostics if d.code == "B710"]
    assert found and "'low' cannot be worked out for a dealt hand" in found[0].message
    assert found[0].span.line == text.splitlines().index(next(line for line in text.splitlines() if "low" in line)) + 1
