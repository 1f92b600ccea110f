"""The spine's commands as a user runs them: simulate, variants, compile, --version."""

from __future__ import annotations

import json

from basra_dsl import __version__
from basra_dsl.cli import main

BUNDLED = {"egyptian", "yemeni", "ethiopian", "lebanese", "ashush", "palestinian", "jordanian", "syrian",
           "homsi", "bastra", "parlett", "basra-121", "morabaa", "pishti", "dry"}


def test_simulate_hands_json_has_the_summary_figures(runner):
    result = runner.invoke(main, ["simulate", "egyptian", "--hands", "50", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["hands"] == 50 and len(data["average_points"]) == 2
    assert {"basras_per_hand", "first_player_win_rate", "seed", "bot"} <= set(data)
    again = json.loads(runner.invoke(main, ["simulate", "egyptian", "--hands", "50", "--seed", "3",
                                            "--json"]).stdout)
    assert again["average_points"] == data["average_points"]  # seeded: the same figures


def test_simulate_games_with_four_players_in_partnerships(runner):
    result = runner.invoke(main, ["simulate", "egyptian", "--games", "2", "--players", "4", "--json"])
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["players"] == 4 and len(data["average_points"]) == 2
    assert data["hands"] >= 2


def test_simulated_record_replays_to_the_same_scores(runner, tmp_path):
    record = tmp_path / "game.json"
    runner.invoke(main, ["simulate", "pishti", "--hands", "3", "--seed", "8", "--record", str(record)])
    replay = runner.invoke(main, ["replay", str(record), "--json"])
    assert replay.exit_code == 0, replay.output
    assert len(json.loads(replay.stdout)["hands"]) == 3


def test_simulate_usage_errors_exit_2(runner):
    assert runner.invoke(main, ["simulate", "egyptian"]).exit_code == 2
    assert runner.invoke(main, ["simulate", "egyptian", "--hands", "1", "--games", "1"]).exit_code == 2
    assert runner.invoke(main, ["simulate", "egyptian", "--hands", "0"]).exit_code == 2


def test_variants_lists_every_bundled_game(runner):
    rows = json.loads(runner.invoke(main, ["variants", "--json"]).stdout)
    assert {row["name"] for row in rows} == BUNDLED
    parents = {row["name"]: row["extends"] for row in rows}
    assert parents["yemeni"] == "egyptian" and parents["ashush"] == "lebanese" and parents["dry"] == "pishti"


def test_compile_json_and_version(runner):
    data = json.loads(runner.invoke(main, ["compile", "egyptian", "--json", "-o", "target=121"]).stdout)
    assert data["game"]["target"] == 121 and data["players"] == 2
    assert runner.invoke(main, ["--version"]).stdout.strip() == f"basra, version {__version__}"
