"""``basra balance``: how a variant plays, in figures with their 95% intervals."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import click

from .arguments import no_cache_flag, option_flag, players_flag, rules_of
from .duels import echo_figures, games_run, on_cluster
from .run import plural, plural_noun
from .output import handles_errors


@click.command()
@click.argument("variant", required=False)
@click.option("--all", "every", is_flag=True, help="Measure every bundled variant (with --write).")
@click.option("--write", type=click.Path(dir_okay=False), default=None,
              help="With --all, write the figures to this JSON file (the rulebook's variants/balance.json).")
@option_flag
@players_flag
@click.option("--games", type=click.IntRange(2, 1_000_000), default=200, show_default=True,
              help="Self-play games, greedy in every seat: cheap, tens a second on a core. Also sets what "
                   "--skill-games and --matches play unless given.")
@click.option("--skill-games", type=click.IntRange(0, 1_000_000), default=None,
              help="Games of each of the search bot's two duels (against random, against greedy): the "
                   "costly part, a hundred times a greedy game: seconds a game on a core at 24 samples, "
                   "up to a minute in variants with long hands, such as Scopone. "
                   "[default: a fifth of --games, at least 2; 0 leaves skill not measured]")
@click.option("--samples", type=click.IntRange(1, 100_000), default=24, show_default=True,
              help="The search bot's samples of the unseen cards per move: its time grows with them.")
@click.option("--matches", type=click.IntRange(0, 1_000_000), default=None,
              help="Self-play matches, to see how often the decider is reached (variants that play "
                   "matches): cheap, a few games each. [default: a fifth of --games, at least 2]")
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

    The time goes to the search bot's duels: --games 200 plays 200 quick self-play games
    and 2 x 40 search games, minutes on a few cores; --skill-games 0 skips them. On a
    terminal, a progress bar for each part says how far it is.

    VARIANT is a path to a .basra file, or a name looked up as ./variants/NAME.basra, then
    ./NAME.basra, then a bundled variant (basra variants).
    """
    from ..play.balance import BalanceSpec
    from ..play.balance import balance as measure

    skill_games = skill_of(games) if skill_games is None else skill_games
    matches = skill_of(games) if matches is None else matches
    if every or write:
        if not (every and write) or variant or options or players:
            raise click.UsageError("--all and --write go together, without a variant, -o or --players")
        spec = BalanceSpec(seed, games, skill_games, samples, matches)
        return write_all(spec, write, workers, scheduler)
    if variant is None:
        raise click.UsageError("name a variant (or give --all --write FILE)")
    rules = rules_of(variant, options, players)
    spec = BalanceSpec(seed, games, skill_games, samples, matches)
    parts = [("self-play games", games), ("search vs random", skill_games), ("search vs greedy", skill_games),
             ("matches", matches if rules.best_of > 1 else 0)]
    with games_run(parts, as_json) as progress:
        figures = measure(rules, partial(rules_of, variant, options, players), spec, workers, progress, scheduler)
    echo_figures(figures, balance_lines(rules, figures), as_json)


def skill_of(games: int) -> int:
    """Returns the games of each search duel (and the matches) when --skill-games (and
    --matches) are not given: a fifth of the self-play games, at least 2, so that --games
    bounds the whole run."""
    return max(2, games // 5)


NOT_MEASURED = "not measured"


def balance_lines(rules, figures: dict) -> list[str]:
    """Returns the figures in words, a line each; a figure of no games is not measured."""
    def rate(data: dict, noun: str = "game") -> str:
        if not data["games"]:
            return NOT_MEASURED
        low, high = data["interval_95"]
        return f"{data['rate']:.1%} ({low:.1%} to {high:.1%}, {plural(data['games'], noun)})"

    def mean(data: dict, digits: int = 2) -> str:
        if not data["n"]:
            return NOT_MEASURED
        low, high = data["interval_95"]
        return f"{data['mean']:.{digits}f} ({low:.{digits}f} to {high:.{digits}f}; spread {data['spread']:.{digits}f})"

    skill = figures["skill"]
    lines = [f"{rules.title}, {rules.players} players: {plural(figures['games'], 'self-play game')} "
             f"({figures['self_play']} in every seat), seed {figures['seed']}; 95% intervals in brackets",
             f"  the side that leads the first hand wins the game: {rate(figures['first_side_wins_game'])}",
             f"  the first player's side wins the hand: {rate(figures['first_side_wins_hand'], 'hand')}",
             *([f"  skill: search ({skill['samples']} samples) beats random {rate(skill['search_vs_random'])}",
                f"         search beats greedy {rate(skill['search_vs_greedy'])}"]
               if skill["search_vs_greedy"]["games"] else [f"  skill: {NOT_MEASURED} (no search games)"]),
             f"  hands per game: {mean(figures['hands_per_game'])}",
             f"  a side's points per hand: {mean(figures['points_per_hand'])}",
             *([f"  {plural_noun(rules.bonus_name)} per hand: {mean(figures['bonuses_per_hand'])}"] if rules.basra_rules else []),
             f"  hands tied on cards: {rate(figures['card_ties'], 'hand')}"]
    if "decider_reached" in figures:
        lines.append(f"  matches reaching the decider: {rate(figures['decider_reached'], 'match')}")
    elif rules.best_of > 1:
        lines.append(f"  matches reaching the decider: {NOT_MEASURED} (no matches)")
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
        skill = found[name]["skill"]["search_vs_greedy"]
        click.echo(f"{name}: {plural(found[name]['games'], 'game')}, search beats greedy "
                   + (f"{skill['rate']:.1%}" if skill["games"] else NOT_MEASURED), err=True)
    text = json.dumps({"spec": {"seed": spec.seed, "games": spec.games, "skill_games": spec.skill_games,
                                "samples": spec.samples, "matches": spec.matches},
                       "variants": found}, indent=1, sort_keys=True)
    Path(path).write_text(text + "\n", encoding="utf-8")
