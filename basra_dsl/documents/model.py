"""A document read with the line and column of every value, and the problems every reader shares."""

from __future__ import annotations

import re
from typing import Any

from ..diagnostics import Diagnostic, Span, error

Marks = dict[tuple, tuple[int, int]]

MAX_DEPTH = 64  # far deeper than any record or examples file; keeps every later stage from recursing too far


class Document:
    """Data read from a file, with the position of each value by its path of keys."""

    def __init__(self, path: str, data: Any, marks: Marks):
        self.path = path
        self.data = data
        self.marks = marks

    def span(self, *where: Any) -> Span:
        """Returns the position of the value at a path of keys and indexes (or its nearest parent)."""
        key = tuple(where)
        while key and key not in self.marks:
            key = key[:-1]
        line, column = self.marks.get(key, (1, 1))
        return Span(self.path, line, column)


SURROGATE = re.compile("[\ud800-\udfff]")


def surrogate(span: Span) -> Diagnostic:
    """A string escape such as \\ud800 that stands for half a character: no text can hold it."""
    return error("B508", "this string holds half of a character (a lone \\uD800-\\uDFFF escape)", span,
                 "write the character itself, or both halves of its escape")


def too_deep(span: Span) -> Diagnostic:
    return error("B508", "the document is nested too deeply", span,
                 f"no record or examples file nests more than {MAX_DEPTH} levels")
