"""A document's positions as the protocol counts them and as the package does.

The protocol ends a line at "\\n", "\\r\\n" or a lone "\\r" (never at a form feed or U+2028,
where ``str.splitlines`` would) and counts a line's characters from 0 in the units the
client chose (UTF-16 by default). The package, as ``basra check`` reads a file, ends a line
at "\\n" alone (a lone "\\r" stays inside its line) and counts characters from 1. ``Lines``
turns one into the other through the offset in the text, so neither count ever indexes the
other's lines, and any position, however far out, lands inside the text.

Where lines start is found only as far as a position asks: a document refused for its size
has one finding, at its start, and its millions of lines are never counted.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from typing import Callable

from lsprotocol import types as lsp

LINE_END = re.compile(r"\r\n|\r|\n")  # where the protocol ends a line
PACKAGE_LINE_END = re.compile(r"\n")  # where the parser does


class Lines:
    """The lines of one text, both ways; ``units`` counts a string in the client's units."""

    def __init__(self, text: str, units: Callable[[str], int]):
        self.text, self.units = text, units
        self._rows = _Index(text, LINE_END)
        self._package_rows = _Index(text, PACKAGE_LINE_END)

    def protocol(self, line: int, column: int) -> lsp.Position:
        """The protocol position of the package's line and column (from 1)."""
        start, end = self._package_rows.row(max(line, 1) - 1) or self._package_rows.last()
        return self.at(min(max(start + column - 1, start), end))

    def package(self, position: lsp.Position) -> tuple[int, int]:
        """The package's line and column (from 1) of a protocol position."""
        offset = self.offset(position)
        row = self._package_rows.row_at(offset)
        return row + 1, offset - self._package_rows.starts[row] + 1

    def package_row(self, line: int) -> str:
        """The package's line (from 1) without its line end, or "" past the text."""
        found = self._package_rows.row(line - 1) if line > 0 else None
        return self.text[found[0]:found[1]].removesuffix("\r") if found else ""

    def at(self, offset: int) -> lsp.Position:
        """The protocol position of an offset in the text (an offset in a line end stands at
        the end of its line)."""
        row = self._rows.row_at(offset)
        start, end = self._rows.row(row)
        return lsp.Position(line=row, character=self.units(self.text[start:min(offset, end)]))

    def end(self) -> lsp.Position:
        return self.at(len(self.text))

    def offset(self, position: lsp.Position) -> int:
        """The offset of a protocol position: past the end of its line, the line's end;
        past the last line, the text's end."""
        found = self._rows.row(position.line)
        if found is None:
            return len(self.text)
        offset, end = found
        counted = 0
        while offset < end and counted < position.character:
            counted += self.units(self.text[offset])
            offset += 1
        return offset


class _Index:
    """Where the lines of a text start and where their text ends (before the line end),
    found as far as they are asked for."""

    def __init__(self, text: str, line_end: re.Pattern):
        self.length = len(text)
        self.starts, self.ends = array("q", [0]), array("q")
        self._found = line_end.finditer(text)
        self._done = False

    def row(self, line: int) -> tuple[int, int] | None:
        """Where a line (from 0) starts and ends; None past the last line."""
        while len(self.ends) <= line and self._more():
            pass
        return (self.starts[line], self.ends[line]) if 0 <= line < len(self.ends) else None

    def last(self) -> tuple[int, int]:
        while self._more():
            pass
        return self.starts[-1], self.ends[-1]

    def row_at(self, offset: int) -> int:
        """The line (from 0) an offset stands on."""
        while self.starts[-1] <= offset and self._more():
            pass
        row = bisect_right(self.starts, offset) - 1
        self.row(row)
        return row

    def _more(self) -> bool:
        """Finds the next line end; False once all are found."""
        if self._done:
            return False
        found = next(self._found, None)
        if found is None:
            self._done = True
            self.ends.append(self.length)
        else:
            self.ends.append(found.start())
            self.starts.append(found.end())
        return True
