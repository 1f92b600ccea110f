"""Commands that run a variant: ``compile``, ``replay``, ``simulate`` and ``variants``."""

from __future__ import annotations

import json
import time
from pathlib import Path

import click

from ..cards import card_name
from ..engine.scoring import number
from ..language.loader import load
from ..language.unparse import value_text
from ..resources import bundled_variants
from .arguments import no_cache_flag, option_flag, parse_options, players_flag, rules_of
from .output import handles_errors

BOT_NAMES = ("random", "casual", "greedy", "search")  # bots.BOT_NAMES, named here so the command line imports no bot


# The words these commands print for people count seats and hands from 1, as ``basra play``,
# the room and the pages do; their JSON keeps the engine's numbering from 0 (docs/records.md).

def plural(count: int, noun: str) -> str:
    """Returns ``1 game``, ``2 games``, ``0 games``, ``3 matches``."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural_noun(noun)}"


def plural_noun(noun: str) -> str:
    """Returns ``games``, ``matches``, ``bonuses`` (a variant's word for its bonus: Cuarenta's 'bonus')."""
    return noun + ("es" if noun.endswith(("s", "sh", "ch", "x")) else "s")


def seats_text(seats) -> str:
    """Returns ``seat 1`` or ``seats 1 + 3`` for engine seats (counted from 0)."""
    shown = [str(seat + 1) for seat in seats]
    return ("seat " if len(shown) == 1 else "seats ") + " + ".join(shown)


def list_text(items, last: str = "or") -> str:
    """Returns ``2``, ``2 or 4``, ``2, 3 or 4``."""
    words = [str(item) for item in items]
    return f"{', '.join(words[:-1])} {last} {words[-1]}" if len(words) > 1 else "".join(words)


@click.command(name="compile")
@click.argument("variant")
@option_flag
@players_flag
@click.option("--json", "as_json", is_flag=True, help="Print the compiled rules as JSON.")
@no_cache_flag
@handles_errors
def compile_command(variant, options, players, as_json):
    """Compile a variant (a name or a .basra file) into the rules the engine runs.

    VARIANT is a path to a .basra file, or a name looked up as
    ./variants/NAME.basra, then ./NAME.basra, then a bundled variant (basra variants).
    """
    rules = rules_of(variant, options, players)
    data = rules.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"{rules.title} ({rules.variant}): {rules.players} players, {len(rules.deck)} cards, "
               f"{rules.hand_size} each, " + (f"first to {rules.target:g}" if rules.hands_limit is None else
                                              f"{rules.hands_limit} hands" if rules.target == float("inf") else
                                              f"first to {rules.target:g} within {rules.hands_limit} hands"))
    chosen = parse_options(options)
    for name, value in rules.options.items():
        click.echo(f"  option {name}: {value_text(value)}" + (" (set with -o)" if name in chosen else ""))
    for rule in data["capture"]["rules"]:
        to = f" to {rule['total']}" if rule["total"] is not None else ""
        spares = f" but {' '.join(rule['spares'])}" if rule["spares"] else ""
        click.echo(f"  capture {rule['name']}: {rule['takes']}{to}{spares}" + (f" when {rule['when']}" if rule["when"] else ""))
    for rule in data["capture"]["restrictions"]:
        click.echo(f"  barred {rule['name']}: {' '.join(rule['cards'])}" + (f" when {rule['when']}" if rule["when"] else ""))
    for rule in data["basra"]["rules"]:
        click.echo(f"  {rules.bonus_name} {rule['name']}: {rule['points']}" +
                   (f" when {rule['when']}" if rule["when"] else ""))


@click.command()
@click.argument("record", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the replay as JSON.")
@no_cache_flag
@handles_errors
def replay(record, as_json):
    """Replay and score a recorded game or position (JSON or YAML)."""
    from ..play.records import replay_file  # here: records bring in the YAML and JSON Schema readers
    result = replay_file(record)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return
    bonus = result.rules.bonus_name
    for index, hand in enumerate(result.hands):
        click.echo(f"hand {index + 1}:")  # people count hands and seats from 1; the JSON from 0
        for play in hand.plays:
            taken = " ".join(card_name(c) for c in play.captured)
            line = f"  {seats_text([play.seat])}: {card_name(play.card)}" + (f" takes {taken}" if taken else " trails")
            if play.steal is not None:
                line += f" (the pile of {seats_text([play.steal])})"
            if play.bonus:
                line += f"  {bonus} +{number(play.bonus)}"
            click.echo(line)
        for side in hand.result.sides:
            click.echo(f"  {seats_text(side.seats)} score{'s' * (len(side.seats) == 1)} {number(side.points)}: "
                       f"{plural(side.cards, 'card')}, {plural(side.basras, bonus)}")
    sides = result.rules.sides
    totals = ", ".join(f"{number(total)} for {seats_text(sides[side])}" for side, total in enumerate(result.totals))
    winner = seats_text(sides[result.winner]) if result.winner is not None else "none yet"
    click.echo(f"totals: {totals}; winner: {winner}")


@click.command()
@click.argument("variant")
@click.option("--hands", type=int, default=None, help="Play N consecutive hands.")
@click.option("--games", type=int, default=None, help="Play N whole games.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--bot", type=click.Choice(BOT_NAMES), default="random", show_default=True,
              help="The bot every seat plays, or bot A against --vs.")
@click.option("--vs", type=click.Choice(BOT_NAMES), default=None,
              help="Play --bot against this bot, game by game (with --games): win rates and intervals.")
@click.option("--samples", type=click.IntRange(1, 100_000), default=None,
              help="The search bot's strength: samples of the unseen cards per move (default 24).")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Processes for a duel (default: every core).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Play a duel's games on this Dask scheduler (tcp://HOST:PORT) instead of local processes.")
@players_flag
@option_flag
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--record", type=click.Path(), default=None, help="With --hands, write the hands as a record.")
@no_cache_flag
@handles_errors
def simulate(variant, hands, games, seed, bot, vs, samples, workers, scheduler, players, options, as_json, record):
    """Play seeded hands or games with bots and print figures.

    With --vs, --bot plays one side and --vs the others, the sides turning game by game,
    and the figures are each bot's win rate with its 95% interval.

    VARIANT is a path to a .basra file, or a name looked up as ./variants/NAME.basra, then
    ./NAME.basra, then a bundled variant (basra variants).
    """
    if vs is not None:
        if hands is not None or record is not None:
            raise click.UsageError("a duel (--vs) is played in whole games: give --games N, not --hands or --record")
        from .duels import run_duel_command  # here: only a duel needs the pool and the figures
        return run_duel_command(variant, options, players, games, seed, bot, vs, samples, workers, as_json, scheduler)
    if scheduler is not None:
        raise click.UsageError("a cluster plays duels: give --vs NAME with --scheduler")
    if (hands is None) == (games is None):
        raise click.UsageError("give exactly one of --hands N or --games N")
    if (hands or games or 0) < 1:
        raise click.UsageError("the number of hands or games must be at least 1")
    if record is not None and not Path(record).resolve().parent.is_dir():
        raise click.BadParameter(f"the folder of {record} does not exist", param_hint="--record")
    from ..play.simulate import bot_player, simulate_games, simulate_hands  # here: compile and replay need none of it

    rules = rules_of(variant, options, players)
    started = time.perf_counter()
    if hands is not None:
        summary = simulate_hands(rules, hands, seed, bot_player(bot, samples), keep_records=record is not None)
    else:
        summary = simulate_games(rules, games, seed, bot_player(bot, samples))
    elapsed = time.perf_counter() - started
    data = summary.to_json() | {"seed": seed, "bot": bot, "seconds": round(elapsed, 3),
                                "hands_per_second": round(summary.hands / elapsed, 1) if elapsed else None}
    if record is not None:
        from ..play.records import record_of_hands
        text = json.dumps(record_of_hands(rules, summary.records) | {"seed": seed}, indent=1)
        try:
            Path(record).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise click.BadParameter(f"cannot write {record}: {exc.strerror or exc}", param_hint="--record") from None
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return
    what = (f"{plural(summary.games, 'game')} ({plural(summary.hands, 'hand')})" if games
            else plural(summary.hands, "hand"))
    click.echo(f"{rules.title}, {rules.players} players, {what}, seed {seed}, bot {bot}")
    points = ", ".join(f"{average} for {seats_text(rules.sides[side])}"
                       for side, average in enumerate(data["average_points"]))
    click.echo(f"  average points per hand: {points}")
    if rules.basra_rules:  # a game that scores no bonus has no count of them to give
        click.echo(f"  {plural_noun(rules.bonus_name)} per hand: {data['basras_per_hand']}")
    click.echo(f"  first player's side wins: {data['first_player_win_rate']:.1%} of "
               f"{'games' if games else 'hands'}")
    click.echo(f"  {data['hands_per_second']} hands/s ({elapsed:.2f} s)", err=True)


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
@handles_errors
def variants(as_json):
    """List the bundled variants."""
    rows = []
    for name, path in bundled_variants().items():
        variant = load(path).merged
        node = variant.variant
        rows.append({"name": name, "title": node.title or name,
                     "extends": node.parent.text if node.parent else None,
                     "players": list(variant.player_counts()), "region": node.region,
                     "aliases": list(node.aliases)})
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    width = max(len(r["name"]) for r in rows)
    for row in rows:
        parent = f" (extends {row['extends']})" if row["extends"] else ""
        click.echo(f"{row['name']:<{width}}  {row['title']}{parent}; "
                   f"{list_text(row['players'])} players")
