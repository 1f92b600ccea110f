"""``basra balance``: how a variant plays, in figures with their 95% intervals."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import click

from .arguments import no_cache_flag, option_flag, players_flag, rules_of
from .duels import echo_figures, games_run, on_cluster
from .output import handles_errors


@click.command()
@click.argument("variant", required=False)
@click.option("--all", "every", is_flag=True, help="Measure every bundled variant (with --write).")
@click.option("--write", type=click.Path(dir_okay=False), default=None,
              help="With --all, write the figures to this JSON file (the rulebook's variants/balance.json).")
@option_flag
@players_flag
@click.option("--games", type=click.IntRange(2, 1_000_000), default=200, show_default=True,
              help="Self-play games (greedy in every seat).")
@click.option("--skill-games", type=click.IntRange(0, 1_000_000), default=100, show_default=True,
              help="Games of each duel of the search bot (against random, against greedy).")
@click.option("--samples", type=click.IntRange(1, 100_000), default=24, show_default=True,
              help="The search bot's samples of the unseen cards per move.")
@click.option("--matches", type=click.IntRange(0, 1_000_000), default=60, show_default=True,
              help="Self-play matches, to see how often the decider is reached.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--workers", type=click.IntRange(1, 256), default=None, help="Processes (default: every core).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run the games on this Dask scheduler (tcp://HOST:PORT) instead of local processes.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@no_cache_flag
@handles_errors
def balance(variant, every, write, options, players, games, skill_games, samples, matches, seed, workers, scheduler,
            as_json):
    """Measure a variant's balance: first-player advantage, skill against luck, and what
    hands and games are like, each with its 95% interval.

    VARIANT is a path to a .basra file, or a name looked up as ./variants/NAME.basra, then
    ./NAME.basra, then a bundled variant (basra variants).
    """
    from ..play.balance import BalanceSpec
    from ..play.balance import balance as measure

    if every or write:
        if not (every and write) or variant or options or players:
            raise click.UsageError("--all and --write go together, without a variant, -o or --players")
        spec = BalanceSpec(seed, games, skill_games, samples, matches)
        return write_all(spec, write, workers, scheduler)
    if variant is None:
        raise click.UsageError("name a variant (or give --all --write FILE)")
    rules = rules_of(variant, options, players)
    spec = BalanceSpec(seed, games, skill_games, samples, matches)
    total = games + 2 * skill_games + (matches if rules.best_of > 1 else 0)
    with games_run(total, as_json) as progress:
        figures = measure(rules, partial(rules_of, variant, options, players), spec, workers, progress, scheduler)
    echo_figures(figures, balance_lines(rules, figures), as_json)


def balance_lines(rules, figures: dict) -> list[str]:
    """Returns the figures in words, a line each."""
    def rate(data: dict, noun: str = "games") -> str:
        low, high = data["interval_95"]
        return f"{data['rate']:.1%} ({low:.1%} to {high:.1%}, {data['games']} {noun})"

    def mean(data: dict, digits: int = 2) -> str:
        low, high = data["interval_95"]
        return f"{data['mean']:.{digits}f} ({low:.{digits}f} to {high:.{digits}f}; spread {data['spread']:.{digits}f})"

    skill = figures["skill"]
    lines = [f"{rules.title}, {rules.players} players: {figures['games']} self-play games "
             f"({figures['self_play']} in every seat), seed {figures['seed']}; 95% intervals in brackets",
             f"  the side that leads the first hand wins the game: {rate(figures['first_side_wins_game'])}",
             f"  the first player's side wins the hand: {rate(figures['first_side_wins_hand'], 'hands')}",
             f"  skill: search ({skill['samples']} samples) beats random {rate(skill['search_vs_random'])}",
             f"         search beats greedy {rate(skill['search_vs_greedy'])}",
             f"  hands per game: {mean(figures['hands_per_game'])}",
             f"  a side's points per hand: {mean(figures['points_per_hand'])}",
             f"  {rules.bonus_name}s per hand: {mean(figures['bonuses_per_hand'])}",
             f"  hands tied on cards: {rate(figures['card_ties'], 'hands')}"]
    if "decider_reached" in figures:
        lines.append(f"  matches reaching the decider: {rate(figures['decider_reached'], 'matches')}")
    return lines


def write_all(spec, path: str, workers: int | None, scheduler: str | None) -> None:
    """Measures every bundled variant at its defaults and writes the figures as JSON, a
    variant by name, each as ``basra balance NAME --json`` gives it."""
    from ..play.balance import balance as measure
    from ..resources import bundled_variants

    found = {}
    for name in bundled_variants():
        rules = rules_of(name, (), None)
        with on_cluster():
            found[name] = measure(rules, partial(rules_of, name, (), None), spec, workers, None, scheduler)
        click.echo(f"{name}: {found[name]['games']} games, search beats greedy {found[name]['skill']['search_vs_greedy']['rate']:.1%}",
                   err=True)
    text = json.dumps({"spec": {"seed": spec.seed, "games": spec.games, "skill_games": spec.skill_games,
                                "samples": spec.samples, "matches": spec.matches},
                       "variants": found}, indent=1, sort_keys=True)
    Path(path).write_text(text + "\n", encoding="utf-8")
