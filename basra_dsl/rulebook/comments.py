"""Reads the ``#`` comments of a variant file, so the page can show the author's notes."""

from __future__ import annotations

import re
from pathlib import Path

from .english import capitalise


class Comments:
    """Reads the ``#`` comments written above (or beside) a line of a variant file."""

    def __init__(self) -> None:
        self._lines: dict[str, list[str]] = {}

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            try:
                self._lines[path] = Path(path).read_text(encoding="utf-8").splitlines()
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
    """Joins comment lines into one capitalised paragraph of prose."""
    text = re.sub(r"\s+", " ", " ".join(lines)).strip()
    return capitalise(text)


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
