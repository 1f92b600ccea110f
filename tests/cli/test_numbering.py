"""One voice across the run commands (issue 27): seats and hands counted from 1 in the text
of replay, simulate and a duel, as ``basra play`` and the room count them, while the JSON
keeps its documented numbering from 0; counts with their nouns agreeing; lists said as
people say them; ``compile`` shows the options chosen."""

from __future__ import annotations

import json
from pathlib import Path

from basra_dsl.cli import main

RECORDS = Path(__file__).resolve().parents[1] / "fixtures" / "records"


def test_replay_text_counts_hands_and_seats_from_1_and_its_json_from_0(runner):
    text = runner.invoke(main, ["replay", str(RECORDS / "position.yaml")])
    assert text.exit_code == 0, text.output
    assert text.stdout.splitlines() == [
        "hand 1:",
        "  seat 1: 9H takes 5C 4D",
        "  seat 2: KD takes KS  basra +10",
        "  seat 1: 2S trails",
        "  seat 2: 7D takes 2S  basra +10",
        "  seat 1 scores 0: 3 cards, 0 basras",
        "  seat 2 scores 50: 4 cards, 2 basras",
        "totals: 0 for seat 1, 50 for seat 2; winner: none yet",
    ]
    data = json.loads(runner.invoke(main, ["replay", str(RECORDS / "position.yaml"), "--json"]).stdout)
    assert [play["seat"] for play in data["hands"][0]["plays"]] == [0, 1, 0, 1]  # as docs/records.md says
    assert [side["seats"] for side in data["hands"][0]["sides"]] == [[0], [1]]


def test_replay_text_names_partnerships_by_their_seats(runner):
    text = runner.invoke(main, ["replay", str(RECORDS / "egyptian4-seed3.json")]).stdout
    assert "hand 0" not in text and "seat 0" not in text
    assert "seats 1 + 3 score" in text and "seats 2 + 4 score" in text and "  seat 4: " in text
    assert text.splitlines()[-1].startswith("totals: ") and " for seats 1 + 3, " in text.splitlines()[-1]


def test_simulate_text_names_sides_by_seats_from_1_and_its_json_is_unchanged(runner):
    two = runner.invoke(main, ["simulate", "egyptian", "--hands", "20", "--seed", "3"])
    assert two.exit_code == 0, two.output
    line = next(line for line in two.stdout.splitlines() if "average points per hand" in line)
    assert " for seat 1, " in line and line.endswith(" for seat 2")
    four = runner.invoke(main, ["simulate", "egyptian", "--hands", "20", "--players", "4"]).stdout
    assert " for seats 1 + 3, " in four and " for seats 2 + 4" in four
    data = json.loads(runner.invoke(main, ["simulate", "egyptian", "--hands", "20", "--seed", "3", "--json"]).stdout)
    assert len(data["average_points"]) == 2 and all(isinstance(p, float | int) for p in data["average_points"])


def test_a_duels_text_counts_seats_from_1_and_says_seat_1_wins(runner):
    arguments = ["simulate", "egyptian", "--bot", "greedy", "--vs", "random", "--games", "3", "--seed", "3",
                 "--workers", "1"]
    text = runner.invoke(main, arguments).stdout
    assert "  seat 1 (either bot) wins " in text and "  seat 2 (either bot) wins " in text
    assert "seat 0" not in text and " win " not in text
    assert "playing seat 2: " in text and " of 1 game:" in text  # game 1 of 3 is the only one bot A played seat 2
    four = runner.invoke(main, [*arguments, "--players", "4"]).stdout
    assert "  seats 1 + 3 (either bot) win " in four and "playing seats 2 + 4: " in four
    data = json.loads(runner.invoke(main, [*arguments, "--json"]).stdout)
    assert data["sides"] == [[0], [1]] and set(data["side_wins"]) == {"0", "1"}  # the JSON counts from 0


def test_variants_says_2_3_or_4_players(runner):
    lines = runner.invoke(main, ["variants"]).stdout.splitlines()
    bastra = next(line for line in lines if line.startswith("bastra "))
    assert bastra.endswith("; 2, 3 or 4 players"), bastra
    assert next(line for line in lines if line.startswith("egyptian ")).endswith("; 2 or 4 players")
    assert not any(" or 3 or " in line for line in lines)


def test_compile_shows_every_option_and_marks_those_set_with_o(runner):
    result = runner.invoke(main, ["compile", "egyptian", "-o", "target=121"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "  option target: 121 (set with -o)" in lines
    assert "  option jack_on_jack: no" in lines and "  option double_basra: 20" in lines
    plain = runner.invoke(main, ["compile", "egyptian"]).stdout.splitlines()
    assert "  option target: 101" in plain and not any("set with -o" in line for line in plain)


def test_the_check_summary_counts_in_words_that_agree():
    from basra_dsl.check.checker import Report

    assert Report(["a.basra"], examples=1, hands_simulated=1).summary() == \
        "All 1 variant passed, 1 example checked, 1 hand simulated."
    assert Report(["a.basra", "b.basra"], examples=2, hands_simulated=200).summary() == \
        "All 2 variants passed, 2 examples checked, 200 hands simulated."
