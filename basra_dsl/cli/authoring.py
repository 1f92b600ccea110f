"""Commands for authors: ``basra check`` (the validator), ``basra new`` and ``basra fmt``."""

from __future__ import annotations

import difflib
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import click

from .. import __version__, limits
from ..check.checker import check_paths
from ..check.files import replace_file
from ..check.scaffold import scaffold, title_problem
from ..diagnostics import Diagnostic, DiagnosticError, Span, error
from ..diagnostics.render import render_github, render_json
from ..diagnostics.sarif import render_sarif
from ..language.formatter import format_text
from ..language.loader import resolve_argument
from .output import handles_errors, print_diagnostics


@click.command()
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
    if not paths and Path("variants").is_dir():
        paths = ("variants",)
    paths = tuple(dict.fromkeys(str(resolve_argument(_variant_of_examples(p))) for p in paths))
    if not paths:
        raise click.UsageError("name the variants (by name or file) or folders to check")
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
        print_diagnostics(report.diagnostics)
        click.echo(report.summary())
    if fmt != "text" and not quiet:
        click.echo(report.summary(), err=True)
    if not quiet:
        count = len(report.files)
        click.echo(f"checked {count} file{'s' * (count != 1)} in {time.perf_counter() - started:.2f} s", err=True)
    if report.internal_errors:
        sys.exit(2)  # basra itself failed on some file: a usage or internal error, not a finding
    sys.exit(1 if report.errors or (strict and report.warnings) else 0)


def _variant_of_examples(path: str) -> str:
    """Returns the variant file a worked-examples file belongs to (X.examples.yaml -> X.basra)."""
    suffix = ".examples.yaml"
    return path[:-len(suffix)] + ".basra" if path.endswith(suffix) else path


@click.command()
@click.argument("name")
@click.option("--extends", "parent", default=None, metavar="PARENT", help="The variant it differs from.")
@click.option("--title", default=None, callback=lambda ctx, param, value: _title(value),
              help="The variant's title, on one line, without double quotes (default: from the name).")
@click.option("--dir", "folder", type=click.Path(file_okay=False), default="variants", show_default=True,
              help="Where to write the files.")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@handles_errors
def new(name, parent, title, folder, force):
    """Start a variant: NAME.basra (header, extends, example block) and NAME.examples.yaml."""
    for path in scaffold(name, parent, folder, title, force):
        click.echo(f"wrote {path}")
    click.echo(f"next: edit {Path(folder) / (name + '.basra')}: write its about line and its example's cite "
               f"in your own words where they say TODO (lines that begin with #: are notes to you, which no "
               f"page shows), then run: basra check {folder}", err=True)


def _title(value: str | None) -> str | None:
    """Returns the --title value, or raises click.BadParameter (exit 2) for one the variant
    file cannot hold: a double quote, a line break or another control character."""
    problem = None if value is None else title_problem(value)
    if problem:
        raise click.BadParameter(problem)  # the title itself is not repeated: it may hold terminal codes
    return value


@click.command(name="fmt")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--check", "check_only", is_flag=True, help="Change nothing; exit 1 if a file would change.")
@click.option("--diff", "show_diff", is_flag=True, help="Print what would change as a unified diff.")
@handles_errors
def fmt_command(paths, check_only, show_diff):
    """Lay variant files out in the one canonical layout (comments kept, meaning unchanged).

    A file is replaced all at once, so a failed write leaves it as it was. In a folder,
    a link to a file outside the folder is refused; a link named on the command line is
    written through (the file it leads to changes, the link stays).
    """
    if not paths and Path("variants").is_dir():
        paths = ("variants",)
    paths = tuple(str(resolve_argument(p)) for p in paths)
    if not paths:
        raise click.UsageError("name the variants (by name or file) or folders to format")
    changed, failed = [], []
    for target in _fmt_targets(paths):
        if isinstance(target, Diagnostic):
            failed.append(target.span.path)
            print_diagnostics([target], sys.stderr)
            continue
        try:
            text = _read_text(target.real, target.shown)
            formatted = format_text(text, str(target.shown))
            if formatted != text and not check_only and not show_diff:
                _write(target, formatted)
        except DiagnosticError as exc:
            failed.append(target.shown)
            print_diagnostics(exc.diagnostics, sys.stderr)
            continue
        if formatted == text:
            continue
        changed.append(target.shown)
        if show_diff:
            click.echo("".join(difflib.unified_diff(_lines(text), _lines(formatted),
                                                    f"{target.shown}", f"{target.shown} (formatted)")), nl=False)
        if check_only:
            click.echo(f"would reformat {target.shown}")
        elif not show_diff:
            click.echo(f"reformatted {target.shown}")
    verb = "would be reformatted" if check_only or show_diff else "reformatted"
    click.echo(f"{len(changed)} file{'s' * (len(changed) != 1)} {verb}"
               + (f", {len(failed)} could not be formatted" if failed else "") + ".", err=True)
    sys.exit(1 if failed or (check_only and changed) else 0)


@dataclass(frozen=True)
class _Target:
    """A file for fmt: the name it is shown by (as named, or as found in a folder) and the
    real file behind it (links followed), which is the one read and replaced."""

    shown: Path
    real: Path


def _fmt_targets(paths) -> Iterator[_Target | Diagnostic]:
    """Yields each file to format once (by its real file), and a B117 finding for each file
    of a folder that is a link leading out of that folder: fmt writes only inside the
    folders it is given (a link in a checked-out repository must not rewrite /etc)."""
    seen: set[Path] = set()
    for argument in map(Path, paths):
        if argument.is_dir():
            root = _real(argument) or argument
            found = [(item, _real(item)) for item in sorted(argument.rglob("*.basra"))]
        else:
            root, found = None, [(argument, _real(argument) or argument)]
        for item, real in found:
            if real is None:
                yield error("B112", "this link leads round in a circle and reaches no file", Span(str(item), 1, 1),
                            "point the link at a real variant file, or remove it")
            elif root is not None and not real.is_relative_to(root):
                yield error("B117", f"this is a link to {real}, outside the folder {argument}; it was left as it is",
                            Span(str(item), 1, 1), f"format that file where it is (basra fmt {real}), "
                            "or replace the link by the file itself")
            elif real not in seen:
                seen.add(real)
                yield _Target(item, real)


def _real(path: Path) -> Path | None:
    """Returns the real path of a file or folder (every link followed), or None for a link
    that leads round in a circle."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: Python 3.11's word for a circle of links
        return None


def _write(target: _Target, text: str) -> None:
    """Replaces the real file by the formatted text all at once; returns None, or raises
    DiagnosticError (B118) with the file left exactly as it was."""
    try:
        replace_file(target.real, text.encode("utf-8"))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise DiagnosticError([error("B118", f"cannot write the formatted file: {reason}; it was left as it was",
                                     Span(str(target.shown), 1, 1),
                                     "free some disk space or allow writing in its folder, then run basra fmt again")
                               ]) from None


def _lines(text: str) -> list[str]:
    """Returns a text's lines with their ends, split at \\n only, as the grammar splits them
    (str.splitlines would also split inside a comment at a form feed or U+2028)."""
    return re.findall(r"[^\n]*\n|[^\n]+", text)


def _read_text(path: Path, shown: Path | None = None) -> str:
    """Returns a file's text, or raises DiagnosticError: no such file (B112), not UTF-8 (B108).
    Findings name the file as ``shown`` (the name the user gave), if given."""
    where = Span(str(shown or path), 1, 1)
    size = limits.file_size(path)
    if size is not None and size > limits.VARIANT_BYTES:
        raise DiagnosticError([error("B801", f"the file is larger than {limits.size_text(limits.VARIANT_BYTES)}, "
                                     "the most a variant file may be", where, "split it into smaller variants")])
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
        raise DiagnosticError([error("B108", "the file is not UTF-8 text", Span(str(shown or path), line, column),
                                     "save the variant as UTF-8")]) from None
