"""``basra balance`` says what it costs and how far it is (issue 27): --games bounds the whole
run (the search duels and the matches default to a fifth of it), --help names which option
costs what, a terminal sees a progress bar for each part, and a figure of no games is
"not measured"."""

from __future__ import annotations

import io
import json
import sys
import time

from basra_dsl.cli import main
from basra_dsl.cli.balance import skill_of
from basra_dsl.cli.duels import games_run


def test_no_skill_games_is_quick_and_says_not_measured(runner):
    started = time.perf_counter()
    result = runner.invoke(main, ["balance", "egyptian", "--games", "4", "--skill-games", "0", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert time.perf_counter() - started < 60
    assert "  skill: not measured (no search games)" in result.stdout.splitlines()
    assert "0.0% (0.0% to 100.0%" not in result.stdout  # no rate of no games
    assert "4 self-play games" in result.stdout and "(4 games)" not in result.stdout
    data = json.loads(runner.invoke(main, ["balance", "egyptian", "--games", "4", "--skill-games", "0",
                                           "--workers", "1", "--json"]).stdout)
    assert data["skill"]["search_vs_greedy"]["games"] == 0  # the JSON as before: a rate of no games


def test_no_matches_says_the_decider_is_not_measured(runner):
    result = runner.invoke(main, ["balance", "egyptian", "--games", "4", "--skill-games", "0", "--matches", "0",
                                  "--workers", "1"])
    assert "  matches reaching the decider: not measured (no matches)" in result.stdout.splitlines()


def test_games_bounds_the_search_duels_and_the_matches():
    assert skill_of(200) == 40 and skill_of(20) == 4 and skill_of(2) == 2


def test_the_derived_search_duels_are_played(runner):
    result = runner.invoke(main, ["balance", "egyptian", "--games", "10", "--samples", "1", "--workers", "1",
                                  "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["skill"]["search_vs_random"]["games"] == data["skill"]["search_vs_greedy"]["games"] == 2
    assert data["decider_reached"]["games"] == 2


def test_help_names_what_each_option_costs(runner):
    text = " ".join(runner.invoke(main, ["balance", "--help"]).stdout.split())
    assert "--skill-games" in text and "the costly part" in text and "seconds a game on a core" in text
    assert "a fifth of --games" in text and "0 leaves skill not measured" in text
    assert "cheap, tens a second on a core" in text


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_a_bar_for_each_part_in_turn(monkeypatch):
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with games_run([("self-play games", 3), ("search vs random", 0), ("search vs greedy", 2)], False) as progress:
        for done in (2, 1, 1, 1):
            progress(done)
    shown = terminal.getvalue()
    assert "self-play games " in shown and "3/3" in shown and "search vs greedy" in shown and "2/2" in shown
    assert "search vs random" not in shown  # a part of no games has no bar
    assert shown.index("3/3") < shown.index("search vs greedy")


def test_no_bar_with_json_or_off_a_terminal(monkeypatch):
    for stream, as_json in ((_Terminal(), True), (io.StringIO(), False)):
        monkeypatch.setattr(sys, "stderr", stream)
        with games_run([("self-play games", 2)], as_json) as progress:
            progress(2)
        assert stream.getvalue() == ""
