"""`choose single` (issue 28, item 9): a card takes one group adding up to it, the one of
the most cards, as a public Basra game does (xAdamQ/Basra, `RoomManager.Eat`: its own test
plays a nine on A 5 9 3, which takes A 5 3 and leaves the nine)."""

from __future__ import annotations

from pathlib import Path

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.cards import card_name, parse_card, parse_cards
from basra_dsl.check.checker import check_paths
from basra_dsl.engine.deal import Deal
from basra_dsl.rulebook import render_variant

SINGLE = 'variant one-group "One group" extends egyptian\ncapture:\n  choose single\n'


@pytest.fixture
def rules(tmp_path: Path):
    path = tmp_path / "one-group.basra"
    path.write_text(SINGLE, encoding="utf-8")
    return load_variant(str(path))


def captures(rules, floor: str, card: str) -> list[tuple[str, ...]]:
    deal = Deal(((parse_card(card),), (parse_card("KC"),)), tuple(parse_cards(floor.split())), (), ())
    state = Game(rules).hand_from_deals([deal], 0, ())
    return [tuple(card_name(c) for c in capture) for capture in state.captures(parse_card(card))]


def test_the_peers_example_takes_the_largest_group_and_leaves_the_nine(rules):
    assert captures(rules, "AH 5C 9S 3D", "9D") == [("AH", "5C", "3D")]


def test_groups_of_as_many_cards_are_the_players_choice(rules):
    assert sorted(captures(rules, "AH 4C 2S 3D", "5S")) == [("2S", "3D"), ("AH", "4C")]


def test_a_lone_card_of_its_value_is_a_group_of_one(rules):
    assert captures(rules, "7H KD", "7S") == [("7H",)]


def test_egyptian_takes_every_group_where_single_takes_one(rules):
    assert captures(load_variant("egyptian"), "AH 5C 9S 3D", "9D") == [("AH", "5C", "9S", "3D")]


def test_it_checks_and_the_page_says_one_group(rules, tmp_path):
    path = tmp_path / "one-group.basra"
    assert check_paths([path], examples=False).errors == 0
    page = render_variant(path, {}).markdown
    assert "A card takes a single group of floor cards adding up to it, never two" in page
    assert "A card takes one group only: the one of the most cards" in page  # play in a minute
