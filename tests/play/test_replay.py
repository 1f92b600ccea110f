"""`basra replay`: golden replays, a worked position, and every kind of refused record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from basra_dsl.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
RECORDS = FIXTURES / "records"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize("name", ["egyptian-seed7", "egyptian4-seed3"])
def test_golden_replays(name):
    result = run("replay", str(RECORDS / f"{name}.json"), "--json")
    assert result.exit_code == 0, result.output
    golden = json.loads((RECORDS / f"{name}.replay.json").read_text())
    assert json.loads(result.output) == golden


def test_position_worked_by_hand():
    result = run("replay", str(RECORDS / "position.yaml"), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    plays = data["hands"][0]["plays"]
    assert [(p["seat"], p["card"], p["captured"], p["basra"]) for p in plays] == [
        (0, "9H", ["5C", "4D"], 0),     # nine takes five and four
        (1, "KD", ["KS"], 10),          # king clears the floor: basra
        (0, "2S", [], 0),               # trailed onto the empty floor
        (1, "7D", ["2S"], 10),          # seven of diamonds on a lone 2: basra
    ]
    sides = data["hands"][0]["sides"]
    assert [(s["seats"], s["cards"], s["basras"], s["points"]) for s in sides] == [
        ([0], 3, 0, 0), ([1], 4, 2, 50)]
    assert data["totals"] == [0, 50] and data["winner"] is None


def test_text_output_names_plays_and_totals():
    result = run("replay", str(RECORDS / "position.yaml"))
    assert "seat 2: KD takes KS  basra +10" in result.output  # seats counted from 1, as people count them
    assert "totals: 0 for seat 1, 50 for seat 2; winner: none yet" in result.output


def _record(tmp_path: Path, hands: list, variant: str = "egyptian", **extra) -> str:
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"variant": variant, "hands": hands} | extra, indent=1))
    return str(path)


def _refused(tmp_path, hands, *expected: str, variant="egyptian", **extra):
    result = run("replay", _record(tmp_path, hands, variant, **extra))
    assert result.exit_code == 1, result.output
    for text in expected:
        assert text in result.output, result.output
    assert "Traceback" not in result.output
    return result.output


HAND = {"deals": [{"floor": ["5C", "4D"], "hands": [["9H", "2S"], ["KD", "3C"]]}]}


def test_refuses_a_repeated_card(tmp_path):
    hand = {"deals": [{"floor": ["5C", "4D"], "hands": [["9H", "5C"], ["KD", "3C"]]}], "plays": []}
    _refused(tmp_path, [hand], "error[B503]", "5C is dealt twice", "record.json:")


def test_refuses_a_card_outside_the_deck(tmp_path):
    (tmp_path / "no-pictures.basra").write_bytes((FIXTURES / "variants" / "no-pictures.basra").read_bytes())
    variant = "no-pictures.basra"  # beside the record: a record names no file outside its folder
    hand = {"deals": [{"floor": ["5C"], "hands": [["9H"], ["KD"]]}], "plays": ["9H", "KD"]}
    _refused(tmp_path, [hand], "error[B502]", "KD is not in the no-pictures deck", variant=variant)


def test_refused_first_seat_names_the_field_and_its_zero_based_range(tmp_path):
    # the record's own field keeps its documented 0-based seats; the message says so
    _refused(tmp_path, [HAND | {"first": 2, "plays": ["9H", "KD", "2S", "3C"]}], "error[B509]",
             'hand 1: "first" is 2, a seat that does not exist with 2 players',
             'a record counts seats from 0: "first" is 0 to 1')


def test_refuses_a_card_not_in_hand(tmp_path):
    _refused(tmp_path, [HAND | {"plays": ["KD"]}], "error[B504]", "hand 1, play 1, seat 1", "KD is not in this player's hand")


def test_refuses_a_smaller_capture(tmp_path):
    plays = [{"card": "9H", "capture": ["5C"]}]
    _refused(tmp_path, [HAND | {"plays": plays}], "error[B505]", "hand 1, play 1, seat 1", "cannot take 5C")


def test_refuses_trailing_a_card_that_captures(tmp_path):
    plays = ["2S", {"card": "3C", "capture": []}]
    hand = {"deals": [{"floor": ["3D"], "hands": [["2S"], ["3C"]]}], "plays": plays}
    _refused(tmp_path, [hand], "error[B505]", "hand 1, play 2, seat 2", "must capture")


def test_refuses_an_ambiguous_capture(tmp_path):
    hand = {"deals": [{"floor": ["5C", "5D", "4S"], "hands": [["9H"], ["KD"]]}], "plays": ["9H", "KD"]}
    _refused(tmp_path, [hand], "error[B506]", "hand 1, play 1, seat 1", "name the capture")
    hand["plays"] = [{"card": "9H", "capture": ["5D", "4S"]}, "KD"]
    assert run("replay", _record(tmp_path, [hand])).exit_code == 0


def test_refuses_unfinished_hand_and_extra_plays(tmp_path):
    output = _refused(tmp_path, [HAND | {"plays": ["9H"]}], "error[B507]", "stops before its cards are played")
    assert "seat 1 holds 2S; seat 2 holds KD 3C" in output  # seats counted as people count them
    _refused(tmp_path, [HAND | {"plays": ["9H", "KD", "2S", "3C", "2S"]}], "error[B507]", "already over")


def test_schema_errors_point_at_their_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("variant: egyptian\nhands:\n  - deals:\n      - hands: [[9H, Jak], [KD]]\n    plays: []\n")
    result = run("replay", str(path))
    assert result.exit_code == 1
    assert f"{path}:4:" in result.output and "'Jak' is not a card" in result.output


def test_unknown_option_and_player_count_are_refused(tmp_path):
    _refused(tmp_path, [HAND | {"plays": []}], "error[B301]", "no option 'targte'", "did you mean 'target'",
             options={"targte": 121})
    _refused(tmp_path, [HAND | {"plays": []}], "error[B302]", "not played by 3 players", players=3)


def test_ten_and_suit_symbols_are_accepted(tmp_path):
    hand = {"deals": [{"floor": ["10♦"], "hands": [["TC"], ["KD"]]}], "plays": ["TC", "KD"]}
    result = run("replay", _record(tmp_path, [hand]), "--json")
    assert json.loads(result.output)["hands"][0]["plays"][0]["captured"] == ["TD"]
