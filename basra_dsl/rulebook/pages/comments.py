"""Reads the ``#`` comments of a variant file, so the page can show the author's notes.

Comments are free text from whoever wrote the file: ``paragraph`` turns them into plain
text that Markdown shows as written (see ``safe.inline``).

A note is about the rules of the file it is written in, so it travels to a descendant's
page only while what it explains still holds there (``travels``): the clause it is written
above must still be that file's own clause node (not overridden, not dropped), and nothing
that clause is read with may have changed on the way down (``READ_WITH``, and the options
the clause reads). Notes at the top of a file stay on that file's own page.

A comment that begins ``#:`` is a note to the author (``basra new`` writes its guidance so):
it is never read here, so it reaches no page, wherever it stands.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...check.lints.placeholders import is_author_note
from ...language import nodes as n
from ...language.merge import Merged, merge
from ..prose.english import capitalise
from ..text.safe import inline

# What a note above a clause may speak of besides the clause itself: the clauses it is read
# with, by key or by key prefix. Every score clause is one line of a single count (the stated
# total adds them up) and counts cards of the pack; a hand size shares the pack among the
# players. A note above a clause of one of these keys no longer travels once a descendant
# states any of the listed clauses differently (or drops or adds one).
READ_WITH: dict[str, tuple[str, ...]] = {
    "score.": ("score.", "setup.deck"),
    "setup.hand": ("setup.deck", "setup.players", "setup.draw", "setup.flip"),  # a stock makes it one deal
    # who leads and where the deal goes are said as a side of the dealer, which the direction decides
    "setup.lead": ("setup.direction",),
    "setup.deal_passes": ("setup.direction",),
}


class Comments:
    """Reads the ``#`` comments written above (or beside) a line of a variant file."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            try:
                # lines as the parser counts them: str.splitlines would also break at \f,
                # \x1c or \u2028 and put a clause's comments against the wrong line
                with Path(path).open(encoding="utf-8", newline="") as file:
                    text = file.read()
                self._lines[path] = [line.removesuffix("\r") for line in text.split("\n")]
            except OSError:
                self._lines[path] = []
        return self._lines[path]

    def above(self, path: str, line: int) -> list[str]:
        """Returns the comment block directly above a line, and a comment at the end of it."""
        lines = self.lines(path)
        if not 1 <= line <= len(lines):
            return []
        found: list[str] = []
        i = line - 2
        while i >= 0 and _is_comment(lines[i]):
            if not _is_note(lines[i]):
                found.insert(0, _comment_text(lines[i]))
            i -= 1
        trailing = _trailing_comment(lines[line - 1])
        if trailing:
            found.append(trailing)
        return [f for f in found if f]

    def header(self, path: str) -> list[str]:
        """Returns the comment lines at the top of a file, before ``variant``."""
        found = []
        for text in self.lines(path):
            if _is_comment(text):
                if not _is_note(text):
                    found.append(_comment_text(text))
            elif text.strip():
                break
        return found


def travels(merged: Merged, key: str, clause: n.Clause) -> bool:
    """Says whether the notes written above ``clause`` (an alternative of clause ``key``, from
    the file of the variant or of one of its parents) belong on ``merged``'s page."""
    if not any(c is clause for c in merged.clauses.get(key, ())):
        return False  # overridden or dropped on the way down: its notes explain another rule
    writer = next((i for i, v in enumerate(merged.chain) if any(c is clause for c in v.clauses)), 0)
    if writer == 0:
        return True  # the page's own file
    before = merge(merged.chain[writer:])[0]  # the rules as the writer's file left them
    for read_with in (v for k, v in READ_WITH.items() if _matches(key, k)):
        if any(_stated(before, p) != _stated(merged, p) for p in read_with):
            return False
    options = {w.id for w in n.walk(clause) if isinstance(w, n.Name) and w.id in merged.options}
    return all(_option(before, name) == _option(merged, name) for name in options)


def _matches(key: str, pattern: str) -> bool:
    return key.startswith(pattern) if pattern.endswith(".") else key == pattern


def _stated(merged: Merged, pattern: str) -> dict[str, tuple[n.Clause, ...]]:
    """Returns the clauses of a key or key prefix, compared as written (not where)."""
    return {k: v for k, v in merged.clauses.items() if _matches(k, pattern)}


def _option(merged: Merged, name: str) -> tuple | None:
    option = merged.options.get(name)
    return None if option is None else (option.choices, option.default)


def paragraph(lines: list[str]) -> str:
    """Returns comment lines as one capitalised paragraph of plain text, in Markdown."""
    text = re.sub(r"\s+", " ", " ".join(lines)).strip()
    return capitalise(inline(text))


def _is_comment(line: str) -> bool:
    return line.strip().startswith("#")


def _is_note(line: str) -> bool:
    """Says whether a comment line is a note to the author, which no page shows."""
    return is_author_note(line.strip())


def _comment_text(line: str) -> str:
    return line.strip().lstrip("#").strip()


def _trailing_comment(line: str) -> str | None:
    """Returns the comment after code on a line; a ``#`` inside a string does not start one."""
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif ch == "#" and not in_string and line[:i].strip():
            return None if is_author_note(line[i:]) else line[i + 1:].strip()
    return None
