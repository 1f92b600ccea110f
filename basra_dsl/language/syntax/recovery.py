"""Finds every syntax error of a file, not just the first.

After each error ``recover`` tries small repairs (insert the missing colon, replace a
misspelled word by its suggestion, delete the token, blank the line) and keeps the one that
lets the parser read furthest, as an error-correcting parser would, so one mistake does not
hide the next or cascade.
"""

from __future__ import annotations

from lark import Lark
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ...diagnostics import Diagnostic, did_you_mean
from .words import WORD_TOKENS, accepted_words

MAX_ERRORS = 20  # syntax errors reported per file
# Characters re-parsed while looking for further errors. Each repair is tried by parsing the
# whole text again, so without a budget a large file with many mistakes costs the square of
# its size; past the budget the errors found so far are reported (fixing them shows the rest).
RECOVERY_BUDGET = 4_000_000


class _Budget:
    """Counts the characters recovery has parsed, and says when it must stop."""

    def __init__(self, characters: int):
        self.left = characters

    def spend(self, text: str) -> bool:
        """Takes the cost of parsing ``text``; returns False once the budget is used up."""
        self.left -= len(text)
        return self.left >= 0


def recover(first: UnexpectedInput, text: str, path: str, parser: Lark, describe,
            fixes=None) -> list[Diagnostic]:
    """Returns a diagnostic for every syntax error of ``text``, the first one being ``first``.

    ``describe(exc, text, path)`` turns one Lark error into a diagnostic. ``text`` is what
    was parsed (a byte-order mark removed, a newline added). ``fixes(exc, text)``, if given,
    returns repaired versions of the error's line to try before the small repairs.
    """
    found = [describe(first, text, path)]
    reported = {_error_line(first, text)}
    current, exc = text, first
    budget = _Budget(RECOVERY_BUDGET)
    for _ in range(4 * MAX_ERRORS):  # a repair may leave the error on its line; give up in time
        repaired = _best_repair(exc, current, parser, fixes(exc, current) if fixes else [], budget)
        if repaired is None or repaired == current or not budget.spend(repaired):
            break
        current = repaired
        exc = _parse_error(current, parser)
        if exc is None:
            break
        line = _error_line(exc, current)
        if line not in reported:
            reported.add(line)
            found.append(describe(exc, current, path))
            if len(found) >= MAX_ERRORS:
                break
    return found


def _parse_error(text: str, parser: Lark) -> UnexpectedInput | None:
    try:
        parser.parse(text)
    except UnexpectedInput as exc:
        return exc
    return None


def _error_line(exc: UnexpectedInput, text: str) -> int:
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        return max(len(text.rstrip("\n").split("\n")), 1)
    return max(getattr(exc, "line", 1) or 1, 1)


def progress(text: str, parser: Lark) -> tuple[int, int]:
    """Returns how far the parser reads ``text``: (line, column) of its first error."""
    exc = _parse_error(text, parser)
    if exc is None:
        return (10 ** 9, 0)
    line = _error_line(exc, text)
    column = getattr(exc, "column", 0) if line == getattr(exc, "line", -1) else 0
    return (line, max(column, 0))


def with_row(lines: list[str], line: int, row: str) -> str:
    """The text of ``lines`` with its line ``line`` (1-based) written as ``row``: a repair to try."""
    return "\n".join(lines[:line - 1] + [row] + lines[line:])


def reads_past(text: str, line: int, parser: Lark) -> bool:
    """Returns whether the parser reads ``text`` past its line ``line`` (1-based)."""
    return progress(text, parser)[0] > line


def _best_repair(exc: UnexpectedInput, text: str, parser: Lark, fixes: list[str] = (),
                 budget: _Budget | None = None) -> str | None:
    """Returns ``text`` with the line of ``exc`` repaired so the parser reads furthest past
    it, or with that line blanked when no repair gets past it; None past the last line."""
    lines = text.split("\n")
    line = _error_line(exc, text)
    if line > len(lines):
        return None
    row = lines[line - 1]
    start = (getattr(exc, "column", 1) or 1) - 1 if getattr(exc, "line", 0) == line else len(row)
    start = min(max(start, 0), len(row))
    candidates = list(fixes) + _repairs(exc, row, start, parser)
    best, best_score = None, (-1, -1)
    for candidate in candidates:
        attempt = with_row(lines, line, candidate)
        if budget is not None and not budget.spend(attempt):
            return None
        score = progress(attempt, parser)
        if score[0] > line and score > best_score:
            best, best_score = attempt, score
    if best is None:  # nothing got past the line: blank it and go on
        best = with_row(lines, line, candidates[-1])
    return best


def _repairs(exc: UnexpectedInput, row: str, start: int, parser: Lark) -> list[str]:
    """Returns repaired versions of the line ``row`` whose error is at ``start``, the line
    blanked last (a trailing backslash kept, so the next line still continues it)."""
    candidates = []
    if isinstance(exc, UnexpectedToken) and "COLON" in (exc.accepts or exc.expected):
        candidates.append(row[:start].rstrip() + ":" + (" " + row[start:].lstrip() if row[start:].strip() else ""))
    if isinstance(exc, UnexpectedToken) and exc.token.type in WORD_TOKENS:
        word = str(exc.token)
        hint = did_you_mean(word, accepted_words(exc, parser))
        if hint:
            suggestion = hint.split("'")[1]
            candidates.append(row[:start] + suggestion + row[start + len(word):])
        candidates.append(row[:start] + " " * len(word) + row[start + len(word):])
    candidates.append(" " * len(row) if not row.rstrip().endswith("\\") else " " * (len(row) - 1) + "\\")
    return candidates
