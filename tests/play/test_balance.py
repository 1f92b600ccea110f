"""``basra balance``: self-play, skill and match figures, each with its interval, the
same on one process or two."""

from __future__ import annotations

import json
from functools import partial

from basra_dsl import load_variant
from basra_dsl.cli import main
from basra_dsl.play.balance import BalanceSpec, balance, self_play_game

SMALL = BalanceSpec(seed=3, games=6, skill_games=2, samples=4, matches=2)


def test_the_figures_are_the_same_on_one_process_or_two():
    rules = load_variant("egyptian")
    make = partial(load_variant, "egyptian")
    assert balance(rules, make, SMALL, workers=1) == balance(rules, make, SMALL, workers=2)


def test_the_figures_add_up():
    rules = load_variant("pishti")
    figures = balance(rules, partial(load_variant, "pishti"), SMALL, workers=1)
    games = [self_play_game(rules, SMALL.seed, index) for index in range(SMALL.games)]
    hands = sum(len(game.hands) for game in games)
    assert figures["hands"] == hands == figures["card_ties"]["games"] == figures["first_side_wins_hand"]["games"]
    assert figures["hands_per_game"]["mean"] == round(hands / SMALL.games, 4)
    assert figures["first_side_wins_game"]["games"] + figures["drawn_games"] == SMALL.games
    for name in ("search_vs_random", "search_vs_greedy"):
        low, high = figures["skill"][name]["interval_95"]
        assert low <= figures["skill"][name]["rate"] <= high and figures["skill"][name]["games"] == 2
    low, high = figures["points_per_hand"]["interval_95"]
    assert low <= figures["points_per_hand"]["mean"] <= high


def test_a_variant_that_plays_matches_says_how_often_the_decider_comes():
    rules = load_variant("egyptian")
    assert rules.best_of > 1
    figures = balance(rules, partial(load_variant, "egyptian"), SMALL, workers=1)
    assert figures["decider_reached"]["games"] == 2


def test_the_command(runner):
    arguments = ["balance", "egyptian", "--games", "4", "--skill-games", "2", "--samples", "2", "--matches", "0",
                 "--workers", "1"]
    result = runner.invoke(main, [*arguments, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["games"] == 4
    text = runner.invoke(main, arguments)
    assert text.exit_code == 0 and "leads the first hand wins the game" in text.output
    assert "search (2 samples) beats random" in text.output
    bad = runner.invoke(main, ["balance", "egyptian", "--games", "1"])
    assert bad.exit_code == 2 and "--games" in bad.output
