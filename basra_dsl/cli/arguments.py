"""The arguments the run commands share: a variant (name or path), ``-o NAME=VALUE``,
``--players``, ``--no-cache``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from .. import cache
from ..check.playable import load_playable
from ..diagnostics import Diagnostic, DiagnosticError, SourceFile, Span, error
from ..language.compiler import bind_options, compile_rules
from ..language.loader import LOOKUP, is_path_like
from .output import UsageDiagnosticError


def parse_options(pairs: tuple[str, ...]) -> dict:
    chosen = {}
    for pair in pairs:
        if "=" not in pair:
            raise click.BadParameter(f"'{pair}' is not NAME=VALUE", param_hint="--option")
        name, value = pair.split("=", 1)
        chosen[name.strip()] = value.strip()
    return chosen


def rules_of(variant: str, options: tuple[str, ...], players: int | None):
    """Returns the compiled rules for the command line's variant, ``-o`` options and player count.

    A refused ``-o`` or ``--players`` is a usage error (exit 2) naming the argument, with
    the option's declaration as a note: not an error of the variant file.
    """
    merged = load_argument(variant)
    chosen = parse_options(options)
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


def load_argument(variant: str):
    """Returns the variant a command-line argument names (a name or a .basra path), refused
    when `basra check` finds an error in it."""
    if is_path_like(variant) and not Path(variant).is_file():
        raise DiagnosticError([error("B112", "no such file", Span(variant, 1, 1),
                                     "check the path; a variant is named without '.basra' "
                                     f"({LOOKUP})")])
    return load_playable(variant)


option_flag = click.option("-o", "--option", "options", multiple=True, metavar="NAME=VALUE",
                           help="Choose an option value (repeatable).")
players_flag = click.option("--players", type=int, default=None, help="Number of players.")


def _no_cache(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    """Turns the cache off until the command ends (``ctx`` closes what it was given)."""
    if value:
        ctx.with_resource(cache.turned_off())


no_cache_flag = click.option("--no-cache", is_flag=True, expose_value=False, callback=_no_cache,
                             help="Check the variant again, reading and writing nothing in the "
                                  "cache (as BASRA_CACHE=0 does).")
