"""B751: a child's lines for a clause replace every line the parent states for it, not only
the ones they restate. A child that writes ``tie extend 30 when tie_break == extend`` to
change one of Bastra's three 'tie' lines drops the other two: the table that chooses
``draw`` now plays on. Named, with the lines that no longer apply and the lines to write."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from ...diagnostics import Diagnostic, warning
from ...language import nodes as n
from ...language.merge import Merged
from ...language.unparse import expr_text
from .combinations import Combination
from .overrides import parent_of


def check_replaced_alternatives(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B751: this file's lines for a clause, each under a condition, where the parent states
    the clause in several lines: the parent's lines under other conditions no longer apply."""
    parent = parent_of(merged)
    if parent is None:
        return
    own: dict[str, list[n.Clause]] = {}
    for clause in merged.variant.clauses:
        own.setdefault(clause.key, []).append(clause)
    for key, mine in own.items():
        theirs = parent.clauses.get(key, ())
        if len(theirs) < 2 or any(c.guard is None for c in mine):
            continue  # a line without a condition replaces the clause whole, as meant
        restated = {expr_text(c.guard) for c in mine}
        lost = [c for c in theirs if c.guard is None or expr_text(c.guard) not in restated]
        lines = [_line_of(c) for c in lost]
        if not lost or not all(lines):
            continue
        gone = " and ".join(f"'{line}'" for line in lines)
        which = "this line replaces" if len(mine) == 1 else "these lines replace"
        yield warning("B751", f"{which} all {len(theirs)} of {parent.name}'s '{mine[0].keyword}' lines, not only the "
                      f"one{'s' * (len(mine) > 1)} restated: {gone} no longer appl{'ies' if len(lost) == 1 else 'y'}",
                      mine[0].span, "restate the lines you keep below yours: " + "; ".join(lines))


def _line_of(clause: n.Clause) -> str | None:
    """The clause's line as its file writes it (None where the file cannot be read or the
    clause spans several lines)."""
    span = clause.span
    if span is None or not span.path or (span.end_line or span.line) != span.line:
        return None
    try:
        lines = Path(span.path).read_text(encoding="utf-8", errors="replace").split("\n")
    except (OSError, ValueError):
        return None
    return lines[span.line - 1].split("#")[0].strip() if 0 < span.line <= len(lines) else None
