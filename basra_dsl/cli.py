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
from dataclasses import replace
from functools import wraps
from pathlib import Path

import click

from . import __version__
from .checker import check_paths, load_checked
from .compiler import bind_options, compile_rules
from .diagnostics import Diagnostic, DiagnosticError, SourceFile, Span, error
from .engine import RuleError
from .render import render_github, render_json, render_text
from .resources import bundled_variants
from .semantics import is_path_like, load


LOOKUP = ("a name is looked up as ./variants/NAME.basra, then ./NAME.basra, then among the bundled "
          "variants (basra variants lists them)")


def _report(diagnostics, stream=None) -> None:
    color = (stream or sys.stdout).isatty()
    for diagnostic in diagnostics:
        click.echo(render_text(diagnostic, color), file=stream)


class UsageDiagnosticError(DiagnosticError):
    """Diagnostics about the command line itself (such as ``-o target=99``): exit 2."""


def handles_errors(command):
    """Turns refused input into diagnostics (exit 1), a refused command line into exit 2,
    a closed output pipe (``basra check | head``) into a quiet exit, and crashes into exit 2."""
    @wraps(command)
    def run(*args, **kwargs):
        try:
            try:
                return command(*args, **kwargs)
            finally:
                sys.stdout.flush()  # here, so a closed pipe is met inside the handlers below
        except UsageDiagnosticError as exc:
            _report(exc.diagnostics, sys.stderr)
            sys.exit(2)
        except DiagnosticError as exc:
            _report(exc.diagnostics)
            sys.exit(1)
        except RuleError as exc:  # the variant's own rule failed while it was played
            _report([error("B710", str(exc), exc.span,
                           "make the rule give a number for every play, e.g. avoid dividing by a count that can be 0")])
            sys.exit(1)
        except BrokenPipeError:
            _quiet_broken_pipe()
        except (click.exceptions.Exit, click.ClickException, SystemExit, KeyboardInterrupt):
            raise
        except Exception:  # noqa: BLE001 - a crash is reported, not shown as a traceback
            log = Path(os.environ.get("TMPDIR", "/tmp")) / "basra-crash.log"
            log.write_text(traceback.format_exc(), encoding="utf-8")
            click.echo(f"internal error: basra crashed; the details are in {log}. "
                       "Please report it with the input that caused it.", err=True)
            sys.exit(2)
    return run


def _quiet_broken_pipe() -> None:
    """Leaves quietly when the reader of stdout has gone (as ``head`` does): the output
    nobody reads is dropped, and Python's flush at exit must not fail again on the pipe.
    Exit 1, as a pipeline (with pipefail) should not count a cut-off run as a pass."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is not a real file (as under a test runner)
        pass
    sys.exit(1)


def _parse_options(pairs: tuple[str, ...]) -> dict:
    chosen = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"'{pair}' is not NAME=VALUE", param_hint="--option")
        name, value = pair.split("=", 1)
        chosen[name.strip()] = value.strip()
    return chosen


def _rules(variant: str, options: tuple[str, ...], players: int | None):
    """Returns the compiled rules for the command line's variant, ``-o`` options and player count.

    A refused ``-o`` or ``--players`` is a usage error (exit 2) naming the argument, with
    the option's declaration as a note: not an error of the variant file.
    """
    merged = _load_checked(variant)
    chosen = _parse_options(options)
    arguments = {name: f"-o {pair}" for pair in options for name in [pair.split("=", 1)[0].strip()]}
    if players is not None:
        chosen["players"] = players
        arguments["players"] = f"--players {players}"
    problems = []
    for name, value in chosen.items():
        try:
            bind_options(merged, {name: value})
        except DiagnosticError as exc:
            problems += [_as_usage(d, arguments[name]) for d in exc.diagnostics]
    if problems:
        raise UsageDiagnosticError(problems)
    return compile_rules(merged, chosen)


def _as_usage(diagnostic: Diagnostic, argument: str) -> Diagnostic:
    """Returns a diagnostic about a variant's option as one about the command-line argument."""
    notes = diagnostic.notes
    span = diagnostic.span
    if diagnostic.code == "B302" and span is not None:
        source = SourceFile.lookup(span.path)
        line = source.line(span.line).strip() if source else ""
        notes = (f"declared at {span}" + (f": {line}" if line else ""),) + notes
    return replace(diagnostic, message=f"{argument}: {diagnostic.message}", span=None, notes=notes)


def _load_checked(variant: str):
    """Returns the variant a command-line argument names (a name or a .basra path), refused
    when `basra check` finds an error in it."""
    if is_path_like(variant) and not Path(variant).is_file():
        raise DiagnosticError([error("B112", "no such file", Span(variant, 1, 1),
                                     "check the path; a variant is named without '.basra' "
                                     f"({LOOKUP})")])
    return load_checked(variant)


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
              help="How to print findings (github is chosen when GITHUB_ACTIONS=true).")
@click.option("--simulate", type=click.IntRange(min=0), default=0, metavar="N",
              help="Also play N seeded hands per player count, checking invariants.")
@click.option("--seed", type=int, default=0, help="Seed of the simulations.")
@click.option("--no-examples", is_flag=True, help="Skip the worked examples.")
@click.option("--strict", is_flag=True, help="Fail (exit 1) on warnings too.")
@click.option("-q", "--quiet", is_flag=True, help="No progress on stderr.")
@handles_errors
def check(paths, fmt, simulate, seed, no_examples, strict, quiet):
    """Check variant files (or folders of them): syntax, meaning, lints, examples.

    Findings go to stdout, sorted by file and line, then a summary line; progress goes to
    stderr. Exit 0 when no errors (warnings allowed unless --strict), 1 on errors, 2 on a
    usage or internal error. A worked-examples file NAME.examples.yaml stands for its
    variant NAME.basra (so a pre-commit hook can pass either).
    """
    from .sarif import render_sarif
    if not paths and Path("variants").is_dir():
        paths = ("variants",)
    paths = tuple(dict.fromkeys(_variant_of_examples(p) for p in paths))
    if not paths:
        raise click.UsageError("name the variant files or folders to check")
    fmt = fmt or ("github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text")
    progress = None
    if not quiet:
        progress = lambda text: click.echo(text, err=True)  # noqa: E731
    started = time.perf_counter()
    report = check_paths(paths, examples=not no_examples, simulate=simulate, seed=seed, progress=progress)
    if fmt == "json":
        click.echo(render_json(report.diagnostics, report.to_json()))
    elif fmt == "sarif":
        click.echo(render_sarif(report.diagnostics, __version__))
    elif fmt == "github":
        for diagnostic in report.diagnostics:
            click.echo(render_github(diagnostic))
    else:
        _report(report.diagnostics)
        click.echo(report.summary())
    if fmt != "text" and not quiet:
        click.echo(report.summary(), err=True)
    if not quiet:
        count = len(report.files)
        click.echo(f"checked {count} file{'s' * (count != 1)} in {time.perf_counter() - started:.2f} s", err=True)
    sys.exit(1 if report.errors or (strict and report.warnings) else 0)


def _variant_of_examples(path: str) -> str:
    """Returns the variant file a worked-examples file belongs to (X.examples.yaml -> X.basra)."""
    suffix = ".examples.yaml"
    return path[:-len(suffix)] + ".basra" if path.endswith(suffix) else path


@main.command()
@click.argument("name")
@click.option("--extends", "parent", default=None, metavar="PARENT", help="The variant it differs from.")
@click.option("--title", default=None, help="The variant's title (default: from the name).")
@click.option("--dir", "folder", type=click.Path(file_okay=False), default="variants", show_default=True,
              help="Where to write the files.")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@handles_errors
def new(name, parent, title, folder, force):
    """Start a variant: NAME.basra (header, extends, example block) and NAME.examples.yaml."""
    from .scaffold import scaffold
    for path in scaffold(name, parent, folder, title, force):
        click.echo(f"wrote {path}")
    click.echo(f"next: edit {Path(folder) / (name + '.basra')}, then run: basra check {folder}", err=True)


@main.command(name="fmt")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--check", "check_only", is_flag=True, help="Change nothing; exit 1 if a file would change.")
@click.option("--diff", "show_diff", is_flag=True, help="Print what would change as a unified diff.")
@handles_errors
def fmt_command(paths, check_only, show_diff):
    """Lay variant files out in the one canonical layout (comments kept, meaning unchanged)."""
    import difflib

    from .checker import variant_files
    from .formatter import format_text
    if not paths and Path("variants").is_dir():
        paths = ("variants",)
    if not paths:
        raise click.UsageError("name the variant files or folders to format")
    changed, failed = [], []
    for path in variant_files(paths):
        try:
            text = _read_text(path)
            formatted = format_text(text, str(path))
        except DiagnosticError as exc:
            failed.append(path)
            _report(exc.diagnostics, sys.stderr)
            continue
        if formatted == text:
            continue
        changed.append(path)
        if show_diff:
            click.echo("".join(difflib.unified_diff(text.splitlines(True), formatted.splitlines(True),
                                                    f"{path}", f"{path} (formatted)")), nl=False)
        if check_only:
            click.echo(f"would reformat {path}")
        elif not show_diff:
            path.write_text(formatted, encoding="utf-8")
            click.echo(f"reformatted {path}")
    verb = "would be reformatted" if check_only or show_diff else "reformatted"
    click.echo(f"{len(changed)} file{'s' * (len(changed) != 1)} {verb}"
               + (f", {len(failed)} could not be read" if failed else "") + ".", err=True)
    sys.exit(1 if failed or (check_only and changed) else 0)


def _read_text(path: Path) -> str:
    """Returns a file's text, or raises DiagnosticError: no such file (B112), not UTF-8 (B108)."""
    where = Span(str(path), 1, 1)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DiagnosticError([error("B112", "no such file", where, "check the path")]) from None
    except OSError as exc:
        raise DiagnosticError([error("B112", f"cannot read the file: {exc.strerror}", where)]) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        column = len(data[data.rfind(b"\n", 0, exc.start) + 1:exc.start].decode("utf-8", "replace")) + 1
        raise DiagnosticError([error("B108", "the file is not UTF-8 text", Span(str(path), line, column),
                                     "save the variant as UTF-8")]) from None


@main.command(name="compile")
@click.argument("variant")
@option_flag
@players_flag
@click.option("--json", "as_json", is_flag=True, help="Print the compiled rules as JSON.")
@handles_errors
def compile_command(variant, options, players, as_json):
    """Compile a variant (a name or a .basra file) into the rules the engine runs.

    VARIANT is a path to a .basra file, or a name looked up as
    ./variants/NAME.basra, then ./NAME.basra, then a bundled variant (basra variants).
    """
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
    """Play seeded random hands or games and print figures.

    VARIANT is a path to a .basra file, or a name looked up as ./variants/NAME.basra, then
    ./NAME.basra, then a bundled variant (basra variants).
    """
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
    plural = lambda count, noun: f"{count} {noun}{'s' * (count != 1)}"  # noqa: E731
    what = (f"{plural(summary.games, 'game')} ({plural(summary.hands, 'hand')})" if games
            else plural(summary.hands, "hand"))
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


def _register_docs() -> None:
    """Adds ``basra docs`` from the rulebook package when it is there (it needs mkdocs)."""
    try:
        from .rulebook.cli import docs
    except Exception:  # noqa: BLE001 - without the rulebook (or mkdocs) the other commands still work
        return
    main.add_command(docs, name="docs")


_register_docs()


if __name__ == "__main__":  # pragma: no cover
    main()
