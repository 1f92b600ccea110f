"""How every command reports: diagnostics to the terminal, and exit codes.

Exit codes: 0 ok, 1 findings or refused input, 2 usage or internal error. ``handles_errors``
wraps each command so a user's mistake is a located diagnostic, never a traceback.

Streams: a command's product goes to stdout (compiled rules, figures, a page, a site's
summary); why its input was refused goes to stderr, as usage errors do, so that
``basra compile x --json > rules.json`` never writes findings into the product. The one
command whose product is findings, ``basra check``, prints them on stdout itself.
"""

from __future__ import annotations

import os
import sys
import tempfile
import traceback
from functools import wraps

import click

from .. import limits
from ..diagnostics import DiagnosticError, error, limit_per_file
from ..diagnostics.render import render_text
from ..engine.errors import RuleError


def print_diagnostics(diagnostics, stream=None) -> None:
    """Prints diagnostics as text (in colour on a terminal), at most a bounded number per file."""
    color = (stream or sys.stdout).isatty()
    for diagnostic in limit_per_file(diagnostics, limits.FINDINGS_PER_FILE):
        click.echo(render_text(diagnostic, color), file=stream)


class UsageDiagnosticError(DiagnosticError):
    """Diagnostics about the command line itself (such as ``-o target=99``): exit 2."""


def handles_errors(command):
    """Turns refused input into diagnostics on stderr (exit 1), a refused command line into exit 2,
    a closed output pipe (``basra check | head``) into a quiet exit, and crashes into exit 2."""
    @wraps(command)
    def run(*args, **kwargs):
        try:
            try:
                return command(*args, **kwargs)
            finally:
                sys.stdout.flush()  # here, so a closed pipe is met inside the handlers below
        except UsageDiagnosticError as exc:
            print_diagnostics(exc.diagnostics, sys.stderr)
            sys.exit(2)
        except DiagnosticError as exc:
            print_diagnostics(exc.diagnostics, sys.stderr)
            sys.exit(1)
        except RuleError as exc:  # the variant's own rule failed while it was played
            print_diagnostics([error("B710", str(exc), exc.span,
                           "make the rule give a number for every play, e.g. avoid dividing by a count that can be 0")],
                              sys.stderr)
            sys.exit(1)
        except BrokenPipeError:
            quiet_broken_pipe()
        except (click.exceptions.Exit, click.ClickException, SystemExit, KeyboardInterrupt):
            raise
        except Exception:  # noqa: BLE001 - a crash is reported, not shown as a traceback
            log = write_crash_log(traceback.format_exc())
            where = f"the details are in {log}" if log else "its details could not be written"
            click.echo(f"internal error: basra crashed; {where}. "
                       "Please report it with the input that caused it.", err=True)
            sys.exit(2)
    return run


def write_crash_log(details: str) -> str | None:
    """Writes a crash's traceback to a new file of its own (readable by this user only) in
    the temporary folder, and returns its path; None when it cannot be written."""
    try:
        handle, path = tempfile.mkstemp(prefix="basra-crash-", suffix=".log")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(details)
    except OSError:
        return None
    return path


def quiet_broken_pipe() -> None:
    """Leaves quietly when the reader of stdout has gone (as ``head`` does): the output
    nobody reads is dropped, and Python's flush at exit must not fail again on the pipe.
    Exit 1, as a pipeline (with pipefail) should not count a cut-off run as a pass."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # stdout is not a real file (as under a test runner)
        pass
    sys.exit(1)
