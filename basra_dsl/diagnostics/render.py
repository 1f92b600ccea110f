"""Renders diagnostics: text with the source line and a caret, JSON, GitHub annotations."""

from __future__ import annotations

import json
from typing import Iterable

from . import Diagnostic, SourceFile


def render_text(diagnostic: Diagnostic, color: bool = False) -> str:
    """Returns ``PATH:LINE:COL: error[CODE]: message`` with the line, a caret and the hint."""
    severity = diagnostic.severity.value
    if color:
        severity = f"\x1b[1;{31 if diagnostic.is_error else 33}m{severity}\x1b[0m"
    span = diagnostic.span
    where = f"{span}: " if span else ""
    lines = [f"{where}{severity}[{diagnostic.code}]: {diagnostic.message}"]
    source = SourceFile.lookup(span.path) if span and span.line else None
    if source is not None and span.line <= len(source.lines):
        text = source.line(span.line).replace("\t", " ")
        gutter = str(span.line)
        width = 1
        if span.end_line == span.line and span.end_column and span.end_column > span.column:
            width = span.end_column - span.column
        elif span.end_line and span.end_line > span.line:  # a clause: mark the rest of its first line
            width = len(text.split("#")[0].rstrip()) - span.column + 1
        width = max(1, min(width, len(text) - span.column + 1))
        pad = " " * len(gutter)
        lines += [f"{pad} |", f"{gutter} | {text}", f"{pad} | {' ' * (span.column - 1)}{'^' * width}"]
    indent = " " * (len(str(span.line)) + 1 if source is not None and span and span.line <= len(source.lines) else 2)
    if diagnostic.help:
        lines.append(f"{indent}= help: {diagnostic.help}")
    lines += [f"{indent}= note: {note}" for note in diagnostic.notes]
    return "\n".join(lines)


def to_json(diagnostic: Diagnostic) -> dict:
    """Returns a diagnostic as JSON data."""
    span = diagnostic.span
    return {"code": diagnostic.code, "severity": diagnostic.severity.value, "message": diagnostic.message,
            "help": diagnostic.help, "path": span.path if span else None,
            "line": span.line if span else None, "column": span.column if span else None,
            "end_line": span.end_line if span else None, "end_column": span.end_column if span else None,
            "notes": list(diagnostic.notes)}


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
    message = diagnostic.message + (f" (help: {diagnostic.help})" if diagnostic.help else "")
    message += "".join(f" (note: {note})" for note in diagnostic.notes)
    return f"::{kind} {','.join(props)}::{_escape(message)}"
