"""The value a card is played as (issue 28, item 2): ``played.value`` reads it.

A card with played values (Royal Casino's ace 1 or 14) counts, when it takes by adding up,
as the value its capture adds up to; a card with one played value (Kasino's ace, 14) as
that value; a card without, as its value. Where a capture adds up under two of a card's
values, the two are different moves and the move names its value (so does a record).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from basra_dsl import Game, load_variant
from basra_dsl.cards import parse_card, parse_cards
from basra_dsl.cli import main
from basra_dsl.engine.deal import Deal
from basra_dsl.engine.moves import IllegalMove, Move

ELEVENS = """\
variant elevens "Elevens" extends egyptian
setup:
  played values A 1, A 11
basra:
  sum_bonus "Sum": captured.sum + played.value when played is A
"""

TWO_WAYS = """\
variant two-ways "Two ways" extends egyptian
setup:
  played values 4 2, 4 4
basra:
  tenfold "Ten times the value played": 10 * played.value when played is 4
"""


def variant(tmp_path: Path, text: str, name: str) -> Path:
    path = tmp_path / f"{name}.basra"
    path.write_text(text, encoding="utf-8")
    return path


def hand(rules, floor, first_hand, second_hand):
    deal = Deal((tuple(parse_cards(first_hand)), tuple(parse_cards(second_hand))), tuple(parse_cards(floor)), (), ())
    return Game(rules).hand_from_deals([deal], 0, ())


def test_an_ace_played_as_11_counts_11(tmp_path):
    # the case: on 9S 2C an ace played as 11 takes both; the bonus reads 2 + 9 + 11
    rules = load_variant(str(variant(tmp_path, ELEVENS, "elevens")))
    state = hand(rules, ["9S", "2C"], ["AH", "5C"], ["KD", "6C"])
    assert state.legal_moves()[0] == Move(parse_card("AH"), tuple(parse_cards(["9S", "2C"])))
    play = state.play_move(state.resolve(parse_card("AH")))
    assert play.captured == tuple(parse_cards(["9S", "2C"])) and play.bonus == 22


def test_an_ace_taking_an_ace_counts_1(tmp_path):
    rules = load_variant(str(variant(tmp_path, ELEVENS, "elevens")))
    state = hand(rules, ["AS", "KC"], ["AH", "5C"], ["KD", "6C"])
    play = state.play_move(state.resolve(parse_card("AH")))
    assert play.captured == (parse_card("AS"),) and play.bonus == 1 + 1


def test_a_single_played_value_is_what_the_card_counts_as(tmp_path):
    # Kasino's ace is played as 14 (1 on the floor): played.value reads 14
    text = 'variant aces "Aces" extends kasino\nbasra:\n  ace "Ace": played.value when played is A\n'
    rules = load_variant(str(variant(tmp_path, text, "aces")))
    state = hand(rules, ["9S", "5C", "3H"], ["AH", "5D"], ["KD", "6C"])
    play = state.apply(Move(parse_card("AH"), tuple(parse_cards(["9S", "5C"]))))
    assert play.bonus == 14


def test_a_capture_adding_up_under_two_values_is_two_moves(tmp_path):
    rules = load_variant(str(variant(tmp_path, TWO_WAYS, "two-ways")))
    state = hand(rules, ["2C", "2D"], ["4H", "5C"], ["KD", "6C"])
    four = parse_card("4H")
    both = tuple(parse_cards(["2C", "2D"]))
    assert [m for m in state.legal_moves() if m.card == four] == [Move(four, both, (), 2), Move(four, both, (), 4)]
    with pytest.raises(IllegalMove, match="as 2 or as 4: name the value") as refused:
        state.resolve(four)
    assert refused.value.code == "B506"
    with pytest.raises(IllegalMove, match="cannot be played as 3"):
        state.resolve(four, both, value=3)
    assert state.clone().apply(Move(four, both, (), 2)).bonus == 20
    play = state.apply(Move(four, both, (), 4))
    assert play.bonus == 40 and play.to_json()["value"] == 4


def test_a_record_names_the_value_and_replays_it(tmp_path):
    variant(tmp_path, TWO_WAYS, "two-ways")
    record = {"variant": "two-ways.basra", "hands": [{
        "deals": [{"floor": ["2C", "2D"], "hands": [["4H", "5C"], ["KD", "6C"]]}],
        "plays": [{"card": "4H", "capture": ["2C", "2D"], "value": 4}, "KD", "5C", "6C"]}]}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    (first, *_) = json.loads(result.stdout)["hands"][0]["plays"]
    assert first["basra"] == 40 and first["value"] == 4
    del record["hands"][0]["plays"][0]["value"]
    path.write_text(json.dumps(record), encoding="utf-8")
    refused = CliRunner().invoke(main, ["replay", str(path)])
    assert refused.exit_code == 1 and "error[B506]" in refused.output and "name the value" in refused.output


def test_where_cards_are_built_each_value_is_one_move_too(tmp_path):
    # Casino lists a card's moves through State.moves: each value once, never twice
    text = 'variant two-builds "Two builds" extends casino\nsetup:\n  played values 4 2, 4 4\n'
    rules = load_variant(str(variant(tmp_path, text, "two-builds")))
    state = hand(rules, ["2C", "2D"], ["4H", "5C"], ["KD", "6C"])
    four, both = parse_card("4H"), tuple(parse_cards(["2C", "2D"]))
    takes = [m for m in state.legal_moves() if m.card == four and m.capture == both]
    assert takes == [Move(four, both, (), 2), Move(four, both, (), 4)]
    assert [m for m in state.moves(four) if m.capture == both] == takes
