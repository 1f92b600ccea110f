"""``basra simulate --bot A --vs B --games N``: a duel between two bots, and its figures."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from functools import partial
from typing import Callable, Iterator

import click

from ..play.duel import DuelSpec, Rate, duel_figures, run_duel
from .arguments import rules_of
from .run import plural, seats_text


@contextmanager
def on_cluster() -> Iterator[None]:
    """Turns a cluster that cannot be reached into a usage error naming --scheduler."""
    from ..play.cluster import ClusterError
    try:
        yield
    except ClusterError as exc:
        raise click.BadParameter(str(exc), param_hint="--scheduler") from None


@contextmanager
def games_run(parts: int | list[tuple[str, int]], as_json: bool) -> Iterator[Callable[[int], None]]:
    """The block where a command plays its games: yields what to tell of each finished
    chunk, and turns a cluster out of reach into a usage error. ``parts`` is how many games,
    or the run's parts in order as (label, games): a progress bar on stderr for each part in
    turn, with its own count and time left, shown only on a terminal and never with --json."""
    show = sys.stderr.isatty() and not as_json
    bars = _Bars([("games", parts)] if isinstance(parts, int) else parts, show)
    try:
        with on_cluster():
            yield bars.update
    finally:
        bars.close()


class _Bars:
    """One progress bar per part of a run, the next one started as the last one fills."""

    def __init__(self, parts: list[tuple[str, int]], show: bool) -> None:
        width = max((len(label) for label, _ in parts), default=0)
        self.parts = [(label.ljust(width), games) for label, games in parts if games > 0]
        self.show, self.bar, self.left = show, None, 0
        self._next()

    def _next(self) -> None:
        self.close()
        if self.parts:
            label, self.left = self.parts.pop(0)
            self.bar = click.progressbar(length=self.left, label=label, file=sys.stderr, hidden=not self.show,
                                         show_pos=True)
            self.bar.__enter__()

    def update(self, games: int) -> None:
        while games and self.bar is not None:
            step = min(games, self.left)
            self.bar.update(step)
            self.left -= step
            games -= step
            if not self.left:
                self._next()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


def echo_figures(figures: dict, lines: list[str], as_json: bool) -> None:
    """Prints the figures as JSON, or as the lines in words."""
    click.echo(json.dumps(figures, indent=2) if as_json else "\n".join(lines))


def run_duel_command(variant: str, options: tuple[str, ...], players: int | None, games: int | None, seed: int,
                     bot: str, vs: str, samples: int | None, workers: int | None, as_json: bool,
                     scheduler: str | None = None) -> None:
    if games is None or games < 1:
        raise click.UsageError("a duel needs --games N (at least 1)")
    rules = rules_of(variant, options, players)
    spec = DuelSpec(bot, vs, seed, samples)
    make_rules = partial(rules_of, variant, options, players)  # each worker compiles the rules again
    with games_run(games, as_json) as progress:
        outcomes = run_duel(rules, make_rules, spec, games, workers, progress, scheduler)
    figures = duel_figures(rules, spec, outcomes)
    echo_figures(figures, duel_lines(rules, figures), as_json)


def duel_lines(rules, figures: dict) -> list[str]:
    """Returns the duel's figures in words, a line each (seats counted from 1)."""
    bot, vs = _bot_words(figures["bot"], figures["samples"]), _bot_words(figures["vs"], figures["samples"])
    lines = [f"{rules.title}, {rules.players} players, {plural(figures['games'], 'game')}, seed {figures['seed']}: "
             f"{bot} against {vs}"]
    lines.append(f"  {figures['bot']} wins {_rate(figures['bot_wins'])}")
    for side, rate in figures["bot_wins_by_side"].items():
        lines.append(f"    playing {seats_text(figures['sides'][int(side)])}: {_rate(rate)}")
    for side, rate in figures["side_wins"].items():
        seats = figures["sides"][int(side)]
        lines.append(f"  {seats_text(seats)} (either bot) win{'s' * (len(seats) == 1)} {_rate(rate)}")
    lines.append(f"  draws: {figures['draws']}; hands per game: {figures['hands_per_game']}")
    timed = figures.get("bot_move_ms")
    if timed:
        lines.append(f"  {figures['bot']} thinks {timed['median']} ms a move (median of {timed['choices']} choices "
                     f"among several moves, CPU time), {timed['slowest']} ms at most")
    return lines


def _bot_words(name: str, samples: int | None) -> str:
    return f"{name} ({samples} samples)" if name == "search" else name


def _rate(data: dict) -> str:
    rate = Rate(data["wins"], data["games"])
    low, high = rate.interval
    return f"{rate.wins} of {plural(rate.games, 'game')}: {rate.value:.1%} (95% interval {low:.1%} to {high:.1%})"
