"""Cards of several values on the floor (issue 28, mechanism 2: Tablanette's ace, 1 or 11 on
the table as in hand): every reading of the floor is tried, the choice rule keeps the largest
over them all, a capture named is checked against them, and a pack with too many readings is
refused (B808)."""

from __future__ import annotations

import pytest

from basra_dsl import Game, load_variant
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.check.checker import check_paths
from basra_dsl.engine import Deal, IllegalMove, Move
from basra_dsl.engine.capture import CaptureResolver


def cards(*names):
    return tuple(parse_cards(list(names)))


def test_a_floor_ace_is_read_as_1_or_11_and_the_largest_capture_over_both_is_taken():
    resolver = CaptureResolver(load_variant("tablanette"))
    king, seven = parse_card("KC"), parse_card("7C")
    assert resolver.captures(king, cards("AH", "3C", "8D")) == [cards("AH", "3C")]  # 11 + 3
    assert resolver.captures(seven, cards("6S", "AD", "QH")) == [cards("6S", "AD")]  # 6 + 1
    # a queen (13): the ace as 1 gives one group (1 + 9 + 3); as 11, two (11 + 2, 10 + 3): the most cards win
    found = resolver.captures(parse_card("QS"), cards("AD", "9C", "2H", "10S", "3C"))
    assert found == [cards("AD", "2H", "10S", "3C")]


def test_a_named_capture_is_allowed_under_some_reading_only_if_it_is_among_the_largest():
    resolver = CaptureResolver(load_variant("tablanette"))
    king = parse_card("KC")
    assert resolver.allows(king, cards("AH", "3C", "8D"), cards("AH", "3C"))
    assert not resolver.allows(king, cards("AH", "3C", "8D"), cards("3C"))


def test_the_state_refuses_a_capture_no_reading_makes():
    rules = load_variant("tablanette")
    state = Game(rules).hand_from_deals([Deal((cards("KC", "2S"), cards("5D", "6D")), cards("AH", "3C", "8D"))], 0)
    with pytest.raises(IllegalMove, match="cannot take"):
        state.apply(Move(parse_card("KC"), cards("AH", "8D")))  # 11 + 8 or 1 + 8: never 14
    assert state.apply(Move(parse_card("KC"), cards("AH", "3C"))).captured == cards("AH", "3C")


def test_more_readings_than_a_play_may_try_are_refused(tmp_path):
    path = tmp_path / "wide.basra"
    path.write_text('variant wide "Wide" extends tablanette\nsetup:\n  floor values A 1, A 11, 2 2, 2 12\n',
                    encoding="utf-8")
    found = check_paths([path]).diagnostics
    assert [d.code for d in found] == ["B808"] and "256 ways" in found[0].message
    assert found[0].span.line == 3
