"""Duels between bots (``basra simulate --bot A --vs B --games N``): the same games on one
process or several, both bots in every seat, win rates with Wilson intervals."""

from __future__ import annotations

import json
from functools import partial

import pytest

from basra_dsl import load_variant
from basra_dsl.cli import main
from basra_dsl.bots import SEARCH_SAMPLES
from basra_dsl.play.duel import DuelSpec, Rate, duel_figures, play_game, run_duel


def test_a_duel_gives_the_same_games_on_one_process_or_two():
    rules = load_variant("egyptian")
    spec = DuelSpec("greedy", "random", seed=4)
    alone = run_duel(rules, partial(load_variant, "egyptian"), spec, 6, workers=1)
    pooled = run_duel(rules, partial(load_variant, "egyptian"), spec, 6, workers=2)
    assert alone == pooled
    assert [o.index for o in alone] == list(range(6))
    assert {o.a_side for o in alone} == {0, 1}  # bot A plays both seats
    assert play_game(rules, spec, 3) == alone[3]  # a game is fixed by the seed and its index


def test_partners_duel_side_against_side():
    rules = load_variant("egyptian", players=4)
    outcome = play_game(rules, DuelSpec("greedy", "random", seed=2), 1)
    assert outcome.a_side == 1 and len(outcome.totals) == 2
    assert outcome.winner in (0, 1) and max(outcome.totals) >= rules.target


@pytest.mark.parametrize("wins, games, low, high", [(36, 40, 0.7694, 0.9604), (0, 10, 0.0, 0.2775),
                                                     (10, 10, 0.7225, 1.0), (100, 200, 0.4314, 0.5686)])
def test_the_interval_is_wilsons(wins, games, low, high):
    found = Rate(wins, games).interval
    assert found == pytest.approx((low, high), abs=1e-4)


def test_the_figures_count_wins_by_bot_and_by_side():
    rules = load_variant("egyptian")
    spec = DuelSpec("greedy", "random", seed=9)
    outcomes = run_duel(rules, partial(load_variant, "egyptian"), spec, 8, workers=1)
    figures = duel_figures(rules, spec, outcomes)
    assert figures["bot_wins"]["wins"] == sum(o.winner == o.a_side for o in outcomes)
    assert sum(r["games"] for r in figures["bot_wins_by_side"].values()) == 8
    assert sum(r["wins"] for r in figures["side_wins"].values()) + figures["draws"] == 8


def test_a_search_duel_states_the_strength_it_played_at():
    rules = load_variant("egyptian")
    for samples, stated in ((None, SEARCH_SAMPLES), (3, 3)):
        spec = DuelSpec("search", "random", seed=2, samples=samples)
        assert duel_figures(rules, spec, [])["samples"] == stated


def test_the_command_line_duel(runner):
    result = runner.invoke(main, ["simulate", "egyptian", "--bot", "greedy", "--vs", "random", "--games", "4",
                                  "--seed", "3", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 4 and data["bot"] == "greedy" and data["vs"] == "random"
    assert data["samples"] is None  # no search player, so no strength to state
    text = runner.invoke(main, ["simulate", "egyptian", "--bot", "greedy", "--vs", "random", "--games", "4",
                                "--seed", "3", "--workers", "1"])
    assert text.exit_code == 0 and "greedy wins" in text.output and "95% interval" in text.output


@pytest.mark.parametrize("arguments, words", [
    (["--vs", "random", "--hands", "5"], "played in whole games"),
    (["--vs", "random"], "needs --games"),
    (["--vs", "clever", "--games", "2"], "clever"),
    (["--bot", "search", "--samples", "0", "--games", "1"], "samples"),
])
def test_a_duel_asked_for_wrongly_is_a_usage_error(runner, arguments, words):
    result = runner.invoke(main, ["simulate", "egyptian", *arguments])
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output


def test_every_seat_can_play_one_bot(runner):
    result = runner.invoke(main, ["simulate", "egyptian", "--bot", "greedy", "--hands", "3", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["hands"] == 3
