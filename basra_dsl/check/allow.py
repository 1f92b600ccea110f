"""Warnings an author has read and keeps: a note ``#: allow B741: why`` on the finding's line,
or among the comment lines just above it, silences that warning there. Errors are never
silenced, and a note says why, so the next reader of the file knows the rule is meant
(``#:`` lines are the author's notes: no page shows them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

from ..diagnostics import Diagnostic

ALLOW = re.compile(r"#.*?\ballow\s+(B\d{3}(?:\s*(?:,|and)\s*B\d{3})*)")
CODE = re.compile(r"B\d{3}")


def kept(diagnostics: Iterable[Diagnostic], text: str, path: Path) -> list[Diagnostic]:
    """Returns the diagnostics less the warnings of ``path`` that a note allows where they stand."""
    lines = text.split("\n")
    return [d for d in diagnostics if d.is_error or d.span is None or d.span.path != str(path)
            or d.code not in allowed_at(lines, d.span.line)]


def allowed_at(lines: list[str], line: int) -> set[str]:
    """Returns the codes allowed at a 1-based line: by a note on it, or in the comments above it."""
    found: set[str] = set()
    index = line - 1
    if 0 <= index < len(lines):
        found |= _codes(lines[index])
    index -= 1
    while 0 <= index < len(lines) and lines[index].lstrip().startswith("#"):
        found |= _codes(lines[index])
        index -= 1
    return found


def _codes(row: str) -> set[str]:
    match = ALLOW.search(row)
    return set(CODE.findall(match.group(1))) if match else set()
