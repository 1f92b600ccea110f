"""The ``basra`` command: check, compile, replay, simulate, list variants, build docs.

Exit codes: 0 ok, 1 findings or refused input, 2 usage or internal error. Findings go to
stdout; progress goes to stderr.
"""

from __future__ import annotations

import json
import os
import sys
import time
import traceback
from functools import wraps
from pathlib import Path

import click

from . import __version__
from .checker import check_paths
from .compiler import compile_rules
from .diagnostics import DiagnosticError
from .render import render_github, render_json, render_text
from .resources import bundled_variants
from .semantics import load


def _report(diagnostics, stream=None) -> None:
    color = (stream or sys.stdout).isatty()
    for diagnostic in diagnostics:
        click.echo(render_text(diagnostic, color), file=stream)


def handles_errors(command):
    """Turns refused input into diagnostics (exit 1) and crashes into exit 2."""
    @wraps(command)
    def run(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except DiagnosticError as exc:
            _report(exc.diagnostics)
            sys.exit(1)
        except (click.exceptions.Exit, click.ClickException, SystemExit, KeyboardInterrupt):
            raise
        except Exception:  # noqa: BLE001 - a crash is reported, not shown as a traceback
            log = Path(os.environ.get("TMPDIR", "/tmp")) / "basra-crash.log"
            log.write_text(traceback.format_exc(), encoding="utf-8")
            click.echo(f"internal error: basra crashed; the details are in {log}. "
                       "Please report it with the input that caused it.", err=True)
            sys.exit(2)
    return run


def _parse_options(pairs: tuple[str, ...]) -> dict:
    chosen = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"'{pair}' is not NAME=VALUE", param_hint="--option")
        name, value = pair.split("=", 1)
        chosen[name.strip()] = value.strip()
    return chosen


def _rules(variant: str, options: tuple[str, ...], players: int | None):
    merged = load(variant).merged
    chosen = _parse_options(options)
    if players is not None:
        chosen["players"] = players
    return compile_rules(merged, chosen)


option_flag = click.option("-o", "--option", "options", multiple=True, metavar="NAME=VALUE",
                           help="Choose an option value (repeatable).")
players_flag = click.option("--players", type=int, default=None, help="Number of players.")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="basra")
def main():
    """basra-dsl: write, check, play and publish Basra fishing-game variants."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github", "sarif"]), default=None,
              help="How to print findings (github is chosen when GITHUB_ACTIONS is set).")
@click.option("--simulate", type=int, default=0, metavar="N",
              help="Also play N seeded hands per player count, checking invariants.")
@click.option("--seed", type=int, default=0, help="Seed of the simulations.")
@click.option("--no-examples", is_flag=True, help="Skip the worked examples.")
@handles_errors
def check(paths, fmt, simulate, seed, no_examples):
    """Check variant files (or folders of them): syntax, meaning, examples."""
    from .sarif import render_sarif
    paths = paths or ("variants",) if Path("variants").is_dir() else paths
    if not paths:
        raise click.UsageError("name the variant files or folders to check")
    fmt = fmt or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")
    progress = (lambda text: click.echo(text, err=True)) if fmt == "text" and sys.stderr.isatty() else None
    report = check_paths(paths, examples=not no_examples, simulate=simulate, seed=seed, progress=progress)
    if fmt == "json":
        click.echo(render_json(report.diagnostics, {"files": len(report.files), "errors": report.errors,
                                                    "warnings": report.warnings, "examples": report.examples}))
    elif fmt == "sarif":
        click.echo(render_sarif(report.diagnostics, __version__))
    elif fmt == "github":
        for diagnostic in report.diagnostics:
            click.echo(render_github(diagnostic))
        click.echo(report.summary(), err=True)
    else:
        _report(report.diagnostics)
        click.echo(report.summary())
    sys.exit(1 if report.errors else 0)


@main.command(name="compile")
@click.argument("variant")
@option_flag
@players_flag
@click.option("--json", "as_json", is_flag=True, help="Print the compiled rules as JSON.")
@handles_errors
def compile_command(variant, options, players, as_json):
    """Compile a variant (bundled name or file) into the rules the engine runs."""
    rules = _rules(variant, options, players)
    data = rules.to_json()
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"{rules.title} ({rules.variant}): {rules.players} players, {len(rules.deck)} cards, "
               f"{rules.hand_size} each, first to {rules.target:g}")
    for rule in data["capture"]["rules"]:
        click.echo(f"  capture {rule['name']}: {rule['takes']}" + (f" when {rule['when']}" if rule["when"] else ""))
    for rule in data["basra"]["rules"]:
        click.echo(f"  {rules.bonus_name} {rule['name']}: {rule['points']}" +
                   (f" when {rule['when']}" if rule["when"] else ""))


@main.command()
@click.argument("record", type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print the replay as JSON.")
@handles_errors
def replay(record, as_json):
    """Replay and score a recorded game or position (JSON or YAML)."""
    from .records import replay_file
    result = replay_file(record)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return
    from .cards import card_name
    from .engine.scoring import number
    for index, hand in enumerate(result.hands):
        click.echo(f"hand {index}:")
        for play in hand.plays:
            taken = " ".join(card_name(c) for c in play.captured)
            line = f"  seat {play.seat}: {card_name(play.card)}" + (f" takes {taken}" if taken else " trails")
            if play.bonus:
                line += f"  {result.rules.bonus_name} +{number(play.bonus)}"
            click.echo(line)
        for side_index, side in enumerate(hand.result.sides):
            click.echo(f"  side {side_index} (seats {', '.join(map(str, side.seats))}): {side.cards} cards, "
                       f"{side.basras} {result.rules.bonus_name}s, {number(side.points)} points")
    click.echo(f"totals: {', '.join(str(number(t)) for t in result.totals)}; winner: "
               f"{'side ' + str(result.winner) if result.winner is not None else 'none yet'}")


@main.command()
@click.argument("variant")
@click.option("--hands", type=int, default=None, help="Play N consecutive hands.")
@click.option("--games", type=int, default=None, help="Play N whole games.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--bot", type=click.Choice(["random"]), default="random", show_default=True)
@players_flag
@option_flag
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.option("--record", type=click.Path(), default=None, help="With --hands, write the hands as a record.")
@handles_errors
def simulate(variant, hands, games, seed, bot, players, options, as_json, record):
    """Play seeded random hands or games and print figures."""
    from .simulate import BOTS, simulate_games, simulate_hands
    if (hands is None) == (games is None):
        raise click.UsageError("give exactly one of --hands N or --games N")
    if (hands or games or 0) < 1:
        raise click.UsageError("the number of hands or games must be at least 1")
    rules = _rules(variant, options, players)
    started = time.perf_counter()
    if hands is not None:
        summary = simulate_hands(rules, hands, seed, BOTS[bot], keep_records=record is not None)
    else:
        summary = simulate_games(rules, games, seed, BOTS[bot])
    elapsed = time.perf_counter() - started
    data = summary.to_json() | {"seed": seed, "bot": bot, "seconds": round(elapsed, 3),
                                "hands_per_second": round(summary.hands / elapsed, 1) if elapsed else None}
    if record is not None:
        from .records import record_of_hands
        Path(record).write_text(json.dumps(record_of_hands(rules, summary.records) | {"seed": seed}, indent=1),
                                encoding="utf-8")
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return
    what = f"{summary.games} games ({summary.hands} hands)" if games else f"{summary.hands} hands"
    click.echo(f"{rules.title}, {rules.players} players, {what}, seed {seed}, bot {bot}")
    click.echo(f"  average points per hand by side: {', '.join(map(str, data['average_points']))}")
    click.echo(f"  {rules.bonus_name}s per hand: {data['basras_per_hand']}")
    click.echo(f"  first player's side wins: {data['first_player_win_rate']:.1%} of "
               f"{'games' if games else 'hands'}")
    click.echo(f"  {data['hands_per_second']} hands/s ({elapsed:.2f} s)", err=True)


@main.command()
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
                   f"{' or '.join(map(str, row['players']))} players")


if __name__ == "__main__":  # pragma: no cover
    main()
