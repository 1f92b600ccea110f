"""``basra play``: one whole game of a variant against bots, in the terminal.

The game itself is ``basra_dsl.terminal``; this module reads the arguments, refuses bad
ones before the screen changes (exit 2), builds the table and the app (``build_app``, which
tests call too), and runs it. Textual is imported only when the command runs.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from ..bots import BOT_NAMES, LEVELS
from .arguments import load_argument, no_cache_flag, option_flag, players_flag, rules_of
from .output import handles_errors

DEFAULT_DELAY = 0.6  # seconds a bot waits before it plays (BASRA_BOT_DELAY or --delay to change)


@click.command()
@click.argument("variant")
@option_flag
@players_flag
@click.option("--seat", type=click.IntRange(min=1), default=1, show_default=True,
              help="Your seat, from 1 (seat 1 leads the first hand); the other seats are bots.")
@click.option("--level", type=click.Choice(tuple(LEVELS)), default=None,
              help="How well the bots play: easy (the casual bot), medium (greedy, the default) or hard "
                   "(search); each beats the one below.")
@click.option("--bot", type=click.Choice(BOT_NAMES), default=None,
              help="The bots' player by name, your partners' included (instead of --level).  [default: greedy]")
@click.option("--samples", type=click.IntRange(min=1), default=None,
              help="With --bot search: samples per move (its strength).")
@click.option("--seed", type=int, default=None, help="Makes the deals and the bots' choices repeatable "
              "(default: a new seed, shown on the screen and kept in the record).")
@click.option("--record", type=click.Path(dir_okay=False), default=None,
              help="Where to write the game's record (default ./basra-VARIANT-SEED.json).")
@click.option("--delay", type=click.FloatRange(min=0, max=10), default=DEFAULT_DELAY, show_default=True,
              envvar="BASRA_BOT_DELAY", help="Seconds a bot waits before it plays (or BASRA_BOT_DELAY).")
@no_cache_flag
@handles_errors
def play(variant, options, players, seat, level, bot, samples, seed, record, delay):
    """Play a game of a variant against bots in the terminal.

    VARIANT is a path to a .basra file, or a name looked up as ./variants/NAME.basra, then
    ./NAME.basra, then a bundled variant (basra variants). Keys: 1-9 (or the arrows and
    Enter) play a card, ? or F1 help, q quit. The game is saved as a record that
    basra replay plays back.
    """
    if level is not None and bot is not None:
        raise click.UsageError("--level and --bot both choose the bots: give one of them")
    bot = LEVELS[level] if level is not None else bot or "greedy"
    app = build_app(variant, options, players, seat - 1, bot, samples, seed, record, delay)  # the engine counts from 0
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise click.UsageError("basra play needs a terminal: run it with its input and output "
                               "on a terminal, not redirected")
    app.run()
    if app.failure is not None:
        raise app.failure  # a rule of the variant failed during play: reported as the other commands do
    if app.return_code:  # Textual stopped on an error of its own, and has shown it
        sys.exit(2)
    table = app.table
    save = table.save
    if save.error:
        click.echo(save.error, err=True)
    elif save.hands:
        click.echo(f"{save.hands} hand{'s' * (save.hands != 1)} recorded in {save.path}; "
                   f"basra replay {save.path} plays {'it' if save.hands == 1 else 'them'} back.")
    else:
        click.echo("No hand was finished, so nothing was recorded.")


def build_app(variant: str, options: tuple[str, ...] = (), players: int | None = None, seat: int = 0,
              bot: str = "greedy", samples: int | None = None, seed: int | None = None,
              record: str | None = None, delay: float = DEFAULT_DELAY):
    """Returns the app of a game as the command's arguments describe it (``seat`` counted
    from 0, as the engine counts; the command line counts from 1); refuses bad ones
    (click's usage errors, exit 2) before anything is shown."""
    if samples is not None and bot != "search":
        raise click.UsageError("--samples sets the search bot's strength: use it with --bot search (or --level hard)")
    rules = rules_of(variant, options, players)
    if seat >= rules.players:
        raise click.BadParameter(f"seat {seat + 1} does not exist with {rules.players} players: choose 1 to "
                                 f"{rules.players}", param_hint="--seat")
    if record is not None and not Path(record).resolve().parent.is_dir():
        raise click.BadParameter(f"the folder of {record} does not exist", param_hint="--record")
    from ..terminal.app import BasraApp  # here: Textual is loaded only for a game
    from ..terminal.help import quickstart_lines
    from ..terminal.record import default_record_path, record_variant
    from ..terminal.table import Table

    seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
    path = Path(record) if record is not None else default_record_path(rules.variant, seed)
    fields = {"variant": record_variant(variant, rules.variant, path),
              "comment": f"basra play: seat {seat + 1} against the {bot} bot"}
    table = Table(rules, seat, bot, seed, samples, path, fields)
    return BasraApp(table, bot_delay=delay, quickstart=lambda: quickstart_lines(load_argument(variant)))
