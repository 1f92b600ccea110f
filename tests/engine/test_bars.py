"""A first-floor bar is never broken (issue 29's report: a bar of every card was accepted and
the engine then dealt barred cards): the checker refuses a bar that leaves too few cards that
may lie on the floor (B728), and the deal, once its redraws are spent, puts allowed cards of
the pack in place of barred ones."""

from __future__ import annotations

import random

from basra_dsl import Game
from basra_dsl.cards import parse_cards
from basra_dsl.engine.deal import _bar

from helpers import load_house


def test_a_bar_of_every_card_is_refused(tmp_path):
    text = 'variant bars "Bars" extends egyptian\nsetup:\n  start floor 4 without any: bury\n'
    from basra_dsl.check.checker import check_paths
    path = tmp_path / "bars.basra"
    path.write_text(text, encoding="utf-8")
    (found,) = check_paths([path]).diagnostics
    assert found.code == "B728" and "leaves 0 cards" in found.message and found.span.line == 3


def test_a_scarce_allowance_still_gives_floors_of_allowed_cards(tmp_path):
    rules = load_house(tmp_path, 'variant scarce "Scarce" extends egyptian\nsetup:\n'
                                 '  start floor 4 without any except K | Q: bury\n')
    for seed in range(200):
        floor = Game(rules).new_hand(random.Random(seed)).deals[0].floor
        assert not set(floor) & rules.bar_cards, seed


def test_the_redraws_spent_the_first_allowed_cards_of_the_pack_take_the_barred_places(tmp_path):
    rules = load_house(tmp_path, 'variant scarce "Scarce" extends egyptian\nsetup:\n'
                                 '  start floor 4 without any except K: bury\n')
    pack = list(parse_cards(["2C", "3C", "KD", "4C", "KH"]))
    floor = _bar(rules, list(parse_cards(["KC", "5C", "KS", "6C"])), pack, random.Random(1), [])
    assert not set(floor) & rules.bar_cards and len(floor) == 4
