"""Where the cursor stands: the word under it, the section around it, the innermost node of
the syntax tree that holds it, and the parent the file names (read from its text alone).

Positions here are the package's: lines and columns from 1, in characters. The handlers
convert the protocol's positions before asking.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pathlib import Path

from ..diagnostics import DiagnosticError
from ..language import nodes as n
from ..language.loader import find_variant_file, load
from ..language.merge import Merged

WORD = re.compile(r"[A-Za-z0-9_\u2660-\u2667-]+")  # a name, a card (7D, 10♦) or a variant's name
SECTION_LINE = re.compile(r"([a-z]+)\s*:\s*(#.*)?$")
SECTION_START = re.compile(rf"({'|'.join(n.SECTIONS)})\s*:")
EXTENDS = re.compile(r"^variant\s+[\w-]+(?:\s+\"[^\"\n]*\")?\s+extends\s+([\w./-]+)", re.MULTILINE)


@dataclass(frozen=True)
class Cursor:
    """The line under the cursor, split where the word being written starts."""

    text: str  # the whole line
    line: int
    column: int  # where the cursor stands: 1 before the first character
    start: int  # where the word under the cursor starts (column, from 1)
    end: int  # where it ends (exclusive)

    @property
    def before(self) -> str:
        """The line up to the start of the word under the cursor."""
        return self.text[:self.start - 1]

    @property
    def word(self) -> str:
        return self.text[self.start - 1:self.end - 1]

    @property
    def indented(self) -> bool:
        return self.text[:1].isspace()


def cursor_at(text: str, line: int, column: int) -> Cursor:
    """Returns the cursor at a position of ``text`` (line and column from 1)."""
    lines = text.split("\n")
    row = lines[line - 1].removesuffix("\r") if 0 < line <= len(lines) else ""
    at = min(max(column - 1, 0), len(row))
    start = at
    while start > 0 and WORD.fullmatch(row[start - 1]):
        start -= 1
    end = at
    while end < len(row) and WORD.fullmatch(row[end]):
        end += 1
    return Cursor(row, line, at + 1, start + 1, end + 1)


def logical_line(text: str, cursor: Cursor) -> tuple[str, bool]:
    """The statement up to the cursor's word, joined across lines a backslash carries on,
    and whether it is indented (a clause) rather than at the margin."""
    lines = text.split("\n")
    if not 0 < cursor.line <= len(lines):
        return cursor.before, False  # a line past the text: nothing carries on to it
    first = cursor.line - 1
    while first > 0 and lines[first - 1].rstrip().endswith("\\"):
        first -= 1
    carried = [lines[i].rstrip().removesuffix("\\") for i in range(first, cursor.line - 1)]
    joined = " ".join([*carried, cursor.before.lstrip() if carried else cursor.before])
    return joined, joined[:1].isspace()


def section_of(text: str, line: int) -> str | None:
    """Returns the section the line stands in: the last unindented ``WORD:`` above it."""
    lines = text.split("\n")
    for row in reversed(lines[:line - 1]):
        found = SECTION_LINE.match(row)
        if found and found.group(1) in n.SECTIONS:
            return found.group(1)
    return None


def parent_name(text: str) -> str | None:
    """Returns the name after ``extends`` on the variant line, read from the text alone
    (completion needs it while the rest of the file does not parse)."""
    found = EXTENDS.search(text)
    return found.group(1) if found else None


def parent_of(text: str, path: str) -> Merged | None:
    """The parent named on the variant line, loaded from beside the file or the bundled
    variants, or None (no parent, or one that does not load)."""
    name = parent_name(text)
    found = find_variant_file(name, Path(path).parent) if name else None
    try:
        return load(found).merged if found else None
    except DiagnosticError:
        return None


def contains(span, line: int, column: int) -> bool:
    """Whether a span holds a position (its end is exclusive)."""
    if span is None or span.end_line is None or span.end_column is None:
        return False
    return (span.line, span.column) <= (line, column) < (span.end_line, span.end_column)


def nodes_at(variant: n.Variant, line: int, column: int) -> list[n.Node]:
    """Returns the nodes holding a position, outermost first (a clause, then its parts)."""
    found: list[n.Node] = []
    for top in (*variant.options, *variant.clauses, *variant.drops):
        if contains(top.span, line, column) or top.span is not None and top.span.line == line:
            found += [node for node in n.walk(top) if node is top or contains(node.span, line, column)]
    return found
