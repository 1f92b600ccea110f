"""Reads the ``#`` comments of a variant file, so the page can show the author's notes.

Comments are free text from whoever wrote the file: ``paragraph`` turns them into plain
text that Markdown shows as written (see ``safe.inline``).
"""

from __future__ import annotations

import re
from pathlib import Path

from .english import capitalise
from .safe import inline


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
                found.append(_comment_text(text))
            elif text.strip():
                break
        return found


def paragraph(lines: list[str]) -> str:
    """Returns comment lines as one capitalised paragraph of plain text, in Markdown."""
    text = re.sub(r"\s+", " ", " ".join(lines)).strip()
    return capitalise(inline(text))


def _is_comment(line: str) -> bool:
    return line.strip().startswith("#")


def _comment_text(line: str) -> str:
    return line.strip().lstrip("#").strip()


def _trailing_comment(line: str) -> str | None:
    """Returns the comment after code on a line; a ``#`` inside a string does not start one."""
    in_string = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_string = not in_string
        elif ch == "#" and not in_string and line[:i].strip():
            return line[i + 1:].strip()
    return None
