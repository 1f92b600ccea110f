"""Commands for authors: ``basra check`` (the validator), ``basra new`` and ``basra fmt``."""

from __future__ import annotations

import difflib
import os
import sys
import time
from pathlib import Path

import click

from .. import __version__
from ..check.checker import check_paths, variant_files
from ..check.scaffold import scaffold
from ..diagnostics import DiagnosticError, Span, error
from ..diagnostics.render import render_github, render_json
from ..diagnostics.sarif import render_sarif
from ..language.formatter import format_text
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
        print_diagnostics(report.diagnostics)
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


@click.command()
@click.argument("name")
@click.option("--extends", "parent", default=None, metavar="PARENT", help="The variant it differs from.")
@click.option("--title", default=None, help="The variant's title (default: from the name).")
@click.option("--dir", "folder", type=click.Path(file_okay=False), default="variants", show_default=True,
              help="Where to write the files.")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@handles_errors
def new(name, parent, title, folder, force):
    """Start a variant: NAME.basra (header, extends, example block) and NAME.examples.yaml."""
    for path in scaffold(name, parent, folder, title, force):
        click.echo(f"wrote {path}")
    click.echo(f"next: edit {Path(folder) / (name + '.basra')}, then run: basra check {folder}", err=True)


@click.command(name="fmt")
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--check", "check_only", is_flag=True, help="Change nothing; exit 1 if a file would change.")
@click.option("--diff", "show_diff", is_flag=True, help="Print what would change as a unified diff.")
@handles_errors
def fmt_command(paths, check_only, show_diff):
    """Lay variant files out in the one canonical layout (comments kept, meaning unchanged)."""
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
            print_diagnostics(exc.diagnostics, sys.stderr)
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
