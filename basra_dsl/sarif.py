"""Renders diagnostics as a SARIF 2.1.0 log, for code-scanning dashboards."""

from __future__ import annotations

import json
from typing import Iterable

from .diagnostics import Diagnostic

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def render_sarif(diagnostics: Iterable[Diagnostic], version: str) -> str:
    """Returns one SARIF run holding every diagnostic as a result."""
    diagnostics = list(diagnostics)
    codes = sorted({d.code for d in diagnostics})
    results = []
    for d in diagnostics:
        result = {"ruleId": d.code, "ruleIndex": codes.index(d.code),
                  "level": "error" if d.is_error else "warning",
                  "message": {"text": d.message + (f" (help: {d.help})" if d.help else "")}}
        if d.span and d.span.line:
            region = {"startLine": d.span.line, "startColumn": d.span.column}
            if d.span.end_line and d.span.end_column:
                region |= {"endLine": d.span.end_line, "endColumn": d.span.end_column}
            result["locations"] = [{"physicalLocation": {"artifactLocation": {"uri": d.span.path},
                                                         "region": region}}]
        results.append(result)
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0",
           "runs": [{"tool": {"driver": {"name": "basra", "version": version,
                                         "informationUri": "https://pypi.org/project/basra-dsl/",
                                         "rules": [{"id": code} for code in codes]}},
                     "results": results}]}
    return json.dumps(log, indent=2)
