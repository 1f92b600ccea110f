"""The spine's commands as a user runs them: simulate, variants, compile, --version."""

from __future__ import annotations

import json

from basra_dsl import __version__
from basra_dsl.cli import main

BUNDLED = {"egyptian", "yemeni", "ethiopian", "lebanese", "ashush", "palestinian", "jordanian", "syrian",
           "homsi", "bastra", "parlett", "basra-121", "morabaa", "pishti", "dry",
           "scopa", "scopone", "escoba", "chkobba", "pasur", "cirulla", "xeri", "casino", "royal-casino", "kasino", "scopa-dassi",
           "stealing-bundles", "tablanette", "cuarenta", "royal-draw-casino", "spade-casino", "chinese-ten", "zwicker"}


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


def test_commands_refuse_a_variant_the_validator_refuses(runner, tmp_path):
    path = tmp_path / "big-hands.basra"
    path.write_text('variant big-hands "Big hands" extends egyptian\nsetup:\n  hand 14\n')
    for args in (["simulate", str(path), "--hands", "2", "--players", "4"], ["compile", str(path)]):
        result = runner.invoke(main, args)
        assert result.exit_code == 1 and "error[B704]" in result.output, result.output


def test_a_rule_failing_during_play_names_the_rule_and_its_line(tmp_path):
    import pytest

    from basra_dsl import load_variant
    from basra_dsl.engine import RuleError
    from basra_dsl.play.simulate import simulate_hands
    path = tmp_path / "divides.basra"
    path.write_text('variant divides "D" extends egyptian\nbasra:\n  clear: 10 / (floor.count - 1) when cleared\n')
    with pytest.raises(RuleError) as failure:
        simulate_hands(load_variant(path), 200, seed=0)  # load_variant runs no lints: the engine must say it
    assert failure.value.rule == "clear" and failure.value.span.line == 3
    assert "division by zero" in str(failure.value)
