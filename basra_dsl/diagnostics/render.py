"""Renders diagnostics: text with the source line and a caret, JSON, GitHub annotations."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterable

from . import Diagnostic, SourceFile, Span

QUOTED_WIDTH = 120  # characters of a source line quoted under a finding, cut around the caret
MESSAGE_WIDTH = 400  # characters of a message, a help line or a note
# C0 and C1 control characters and the bidirectional overrides: text from a file must not
# move the cursor, set the window title or the clipboard, or reorder what a reader sees.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def display(text: str, width: int = MESSAGE_WIDTH) -> str:
    """Returns text from a file as safe to print: each control character but the line feed
    shown as U+FFFD, tabs as spaces, and cut to ``width`` characters with an ellipsis."""
    text = _CONTROL.sub("\ufffd", text.replace("\t", " "))
    return text if len(text) <= width else text[:width - 1] + "…"


def _quoted(text: str, column: int, width: int) -> tuple[str, int]:
    """Returns a source line cut to ``QUOTED_WIDTH`` around ``column`` (ellipses where cut),
    and the caret's column in what is returned."""
    text = _CONTROL.sub("\ufffd", text.replace("\t", " "))
    if len(text) <= QUOTED_WIDTH:
        return text, column
    start = max(0, min(column - 1 - QUOTED_WIDTH // 3, len(text) - QUOTED_WIDTH))
    cut = text[start:start + QUOTED_WIDTH]
    prefix = "…" if start else ""
    suffix = "…" if start + QUOTED_WIDTH < len(text) else ""
    return prefix + cut + suffix, column - start + len(prefix)


def location(span: Span) -> str:
    """Returns where a finding is, as text: ``PATH:LINE:COL``, or the path alone for a folder
    (a folder has no lines: ``emp: error[B112]: no .basra files in emp``)."""
    return span.path if _is_folder(span.path) else str(span)


def _is_folder(path: str) -> bool:
    try:
        return Path(path).is_dir()
    except (OSError, ValueError):  # a path the system cannot look up (too long, a NUL in it)
        return False


def render_text(diagnostic: Diagnostic, color: bool = False) -> str:
    """Returns ``PATH:LINE:COL: error[CODE]: message`` with the line, a caret and the hint."""
    severity = diagnostic.severity.value
    if color:
        severity = f"\x1b[1;{31 if diagnostic.is_error else 33}m{severity}\x1b[0m"
    span = diagnostic.span
    where = f"{location(span)}: " if span else ""
    where = display(where, MESSAGE_WIDTH)
    lines = [f"{where}{severity}[{diagnostic.code}]: {display(diagnostic.message)}"]
    source = SourceFile.lookup(span.path) if span and span.line else None
    if source is not None and span.line <= len(source.lines):
        original = source.line(span.line)
        width = 1
        if span.end_line == span.line and span.end_column and span.end_column > span.column:
            width = span.end_column - span.column
        elif span.end_line and span.end_line > span.line:  # a clause: mark the rest of its first line
            width = len(original.split("#")[0].rstrip()) - span.column + 1
        text, column = _quoted(original, span.column, width)
        width = max(1, min(width, len(text) - column + 1))
        gutter = str(span.line)
        pad = " " * len(gutter)
        lines += [f"{pad} |", f"{gutter} | {text}", f"{pad} | {' ' * (column - 1)}{'^' * width}"]
    indent = " " * (len(str(span.line)) + 1 if source is not None and span and span.line <= len(source.lines) else 2)
    if diagnostic.help:
        lines.append(f"{indent}= help: {display(diagnostic.help)}")
    lines += [f"{indent}= note: {display(note)}" for note in diagnostic.notes]
    return "\n".join(lines)


def to_json(diagnostic: Diagnostic) -> dict:
    """Returns a diagnostic as JSON data."""
    span = diagnostic.span
    return {"code": diagnostic.code, "severity": diagnostic.severity.value,
            "message": display(diagnostic.message, MESSAGE_WIDTH),
            "help": display(diagnostic.help) if diagnostic.help else None, "path": span.path if span else None,
            "line": span.line if span else None, "column": span.column if span else None,
            "end_line": span.end_line if span else None, "end_column": span.end_column if span else None,
            "notes": [display(note) for note in diagnostic.notes]}


def render_json(diagnostics: Iterable[Diagnostic], summary: dict) -> str:
    """Returns every diagnostic and the summary as one JSON document."""
    return json.dumps({"diagnostics": [to_json(d) for d in diagnostics], "summary": summary}, indent=2,
                      ensure_ascii=False)


def _escape(text: str, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def render_github(diagnostic: Diagnostic) -> str:
    """Returns a GitHub Actions workflow command that annotates the file."""
    kind = "error" if diagnostic.is_error else "warning"
    span = diagnostic.span
    props = [f"title={_escape(diagnostic.code, True)}"]
    if span:
        props = [f"file={_escape(span.path, True)}", f"line={span.line}", f"col={span.column}"] + props
        if span.end_line and span.end_column and span.end_line == span.line:
            props.append(f"endColumn={span.end_column}")
    message = display(diagnostic.message) + (f" (help: {display(diagnostic.help)})" if diagnostic.help else "")
    message += "".join(f" (note: {display(note)})" for note in diagnostic.notes)
    return f"::{kind} {','.join(props)}::{_escape(message)}"
