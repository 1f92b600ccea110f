"""Renders diagnostics as a SARIF 2.1.0 log, for code-scanning dashboards.

One run; one reporting descriptor per code used, with its title and fix taken from the
registry in ``codes.py``; one result per diagnostic, located by a relative URI (against
``%SRCROOT%``) or an absolute ``file://`` URI. Columns count Unicode code points, as the
run's ``columnKind`` says. The tests validate the output against the OASIS schema.
"""

from __future__ import annotations

import json
from pathlib import PurePath, PurePosixPath
from typing import Iterable
from urllib.parse import quote

from . import Diagnostic
from .codes import describe
from .render import display

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def artifact_uri(path: str) -> dict:
    """Returns a SARIF artifactLocation for a file path."""
    posix = PurePath(path).as_posix()
    if PurePosixPath(posix).is_absolute() or (len(posix) > 1 and posix[1] == ":"):
        return {"uri": "file://" + ("" if posix.startswith("/") else "/") + quote(posix)}
    return {"uri": quote(posix.removeprefix("./")), "uriBaseId": "%SRCROOT%"}


def _rule(code: str) -> dict:
    entry = describe(code)
    rule: dict = {"id": code}
    if entry is not None:
        rule |= {"name": "".join(w.capitalize() for w in entry.title.replace("'", "").replace("-", " ").split()),
                 "shortDescription": {"text": entry.title},
                 "fullDescription": {"text": f"{entry.title}. Example: {entry.example}"},
                 "help": {"text": entry.fix},
                 "defaultConfiguration": {"level": "error" if entry.severity == "error" else "warning"}}
    return rule


def sarif_log(diagnostics: Iterable[Diagnostic], version: str) -> dict:
    """Returns one SARIF run holding every diagnostic as a result."""
    diagnostics = list(diagnostics)
    codes = sorted({d.code for d in diagnostics})
    results = []
    for d in diagnostics:
        text = display(d.message) + (f" (help: {display(d.help)})" if d.help else "")
        text += "".join(f" (note: {note})" for note in d.notes)
        result = {"ruleId": d.code, "ruleIndex": codes.index(d.code),
                  "level": "error" if d.is_error else "warning", "message": {"text": text}}
        if d.span and d.span.path:
            location: dict = {"artifactLocation": artifact_uri(d.span.path)}
            if d.span.line and d.span.line > 0:
                region = {"startLine": d.span.line, "startColumn": max(d.span.column, 1)}
                if d.span.end_line and d.span.end_column and (d.span.end_line, d.span.end_column) >= \
                        (d.span.line, d.span.column):
                    region |= {"endLine": d.span.end_line, "endColumn": max(d.span.end_column, 1)}
                location["region"] = region
            result["locations"] = [{"physicalLocation": location}]
        results.append(result)
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0",
            "runs": [{"tool": {"driver": {"name": "basra", "version": version,
                                          "rules": [_rule(code) for code in codes]}},
                      "columnKind": "unicodeCodePoints",
                      "originalUriBaseIds": {"%SRCROOT%": {"description": {
                          "text": "The folder basra check ran in."}}},
                      "results": results}]}


def render_sarif(diagnostics: Iterable[Diagnostic], version: str) -> str:
    """Returns the SARIF log as JSON text."""
    return json.dumps(sarif_log(diagnostics, version), indent=2, ensure_ascii=False)
