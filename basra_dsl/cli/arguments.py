"""The arguments the run commands share: a variant (name or path), ``-o NAME=VALUE``,
``--players``, ``--no-cache``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from .. import cache
from ..check.playable import load_playable
from ..diagnostics import Diagnostic, DiagnosticError, SourceFile, Span, did_you_mean, error
from ..language.compiler import bind_options, compile_rules
from ..language.loader import LOOKUP, find_variant_file, is_path_like
from ..resources import bundled_variants
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
    refuse_missing(variant)
    return load_playable(variant)


def refuse_missing(variant: str) -> None:
    """Raises DiagnosticError when a command-line argument names no variant: B112 for a
    path that is no file, B401 for a name found nowhere, whose help says where it was
    looked for (./variants/NAME.basra and ./NAME.basra too, in an author's folder)."""
    if is_path_like(variant):
        if not Path(variant).is_file():
            raise DiagnosticError([error("B112", "no such file", Span(variant, 1, 1),
                                         "check the path; a variant is named without '.basra' "
                                         f"({LOOKUP})")])
        return
    if find_variant_file(variant) is None:
        raise DiagnosticError([error("B401", f"no variant named '{variant}'", None, unknown_variant_help(variant))])


SHOWN_NAMES = 12  # the most names of this folder's variants a help line lists


def unknown_variant_help(name: str) -> str:
    """Returns the help of B401 for a name found nowhere: the closest name, and in an
    author's folder (one with ./variants or .basra files) where the name was looked for
    and the variants there; elsewhere the bundled variants."""
    here = variants_here()
    bundled = list(bundled_variants())
    close = did_you_mean(name, [*here, *bundled])
    if not (here or Path("variants").is_dir()):
        return close or f"bundled variants: {', '.join(bundled)}"
    looked = (f"there is no ./variants/{name}.basra or ./{name}.basra here, nor a bundled variant of that name "
              "(basra variants lists them)")
    if close:
        return f"{close} ({looked})"
    listed = ", ".join(here[:SHOWN_NAMES]) + (", ..." if len(here) > SHOWN_NAMES else "")
    return looked + (f"; the variants here: {listed}" if here else "")


def variants_here() -> list[str]:
    """Returns the names of the variants in the working folder, as a name on the command
    line finds them: ./variants/NAME.basra, then ./NAME.basra."""
    names: dict[str, None] = {}
    for folder in (Path("variants"), Path(".")):
        try:
            names |= dict.fromkeys(sorted(p.stem for p in folder.glob("*.basra") if p.is_file()))
        except OSError:  # a folder that cannot be listed holds no variant a name can reach
            continue
    return list(names)


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
