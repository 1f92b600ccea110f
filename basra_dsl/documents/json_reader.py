"""Reads JSON keeping the line and column of every value (tab-indented JSON too)."""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from json.decoder import scanstring
from typing import Any

from ..diagnostics import Diagnostic, DiagnosticError, Span, error
from .model import MAX_DEPTH, SURROGATE, Document, Marks, surrogate, too_deep


def is_json(text: str) -> bool:
    try:
        json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return False
    return True


def _no_constant(name: str):
    raise ValueError(name)


def raise_json_error(text: str, path: str) -> None:
    try:
        json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise DiagnosticError([error("B508", f"this is not valid JSON: {exc.msg}",
                                     Span(path, exc.lineno, exc.colno))]) from None
    except RecursionError:  # Python's own limit, far past ours: say where ours was passed
        line, column = _past_max_depth(text)
        raise DiagnosticError([too_deep(Span(path, line, column))]) from None
    except ValueError as exc:
        raise DiagnosticError([error("B508", f"this is not valid JSON: {exc} is not a number",
                                     Span(path, 1, 1))]) from None


def _past_max_depth(text: str) -> tuple[int, int]:
    """The line and column of the bracket that opens the first level past MAX_DEPTH (1, 1 if none)."""
    depth = 0
    for found in _BRACKET_OR_STRING.finditer(text):
        if found.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                before = text[:found.start()]
                return before.count("\n") + 1, found.start() - before.rfind("\n")
        elif found.group() in "]}":
            depth -= 1
    return 1, 1


_BRACKET_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_SPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")


class JsonReader:
    """Reads text already known to be valid JSON, noting the line and column of each value."""

    def __init__(self, text: str, path: str):
        self.text = text
        self.path = path
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.marks: Marks = {}
        self.problems: list[Diagnostic] = []

    def document(self) -> Document:
        data, _ = self.value(self.skip(0), ())
        if self.problems:
            raise DiagnosticError(self.problems)
        return Document(self.path, data, self.marks)

    def check_text(self, text: str, index: int) -> None:
        if SURROGATE.search(text):
            self.problems.append(surrogate(self.span(index)))

    def position(self, index: int) -> tuple[int, int]:
        line = bisect_right(self.starts, index)
        return line, index - self.starts[line - 1] + 1

    def span(self, index: int) -> Span:
        return Span(self.path, *self.position(index))

    def skip(self, index: int) -> int:
        return _SPACE.match(self.text, index).end()

    def value(self, index: int, where: tuple) -> tuple[Any, int]:
        if len(where) > MAX_DEPTH:
            raise DiagnosticError([too_deep(self.span(index))])
        self.marks[where] = self.position(index)
        char = self.text[index]
        if char == "{":
            return self.mapping(index, where)
        if char == "[":
            items, index = [], self.skip(index + 1)
            if self.text[index] == "]":
                return items, index + 1
            while True:
                item, index = self.value(index, where + (len(items),))
                items.append(item)
                index = self.skip(index)
                if self.text[index] == "]":
                    return items, index + 1
                index = self.skip(index + 1)  # past the comma
        if char == '"':
            text, end = scanstring(self.text, index + 1)
            self.check_text(text, index)
            return text, end
        for word, meaning in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, index):
                return meaning, index + len(word)
        number = _NUMBER.match(self.text, index)
        whole = not (number.group(1) or number.group(2))
        return (int if whole else float)(number.group()), number.end()

    def mapping(self, index: int, where: tuple) -> tuple[dict, int]:
        result: dict = {}
        first: dict[str, int] = {}
        index = self.skip(index + 1)
        if self.text[index] == "}":
            return result, index + 1
        while True:
            key_at = index
            key, index = scanstring(self.text, index + 1)
            self.check_text(key, key_at)
            index = self.skip(self.skip(index) + 1)  # past the colon
            item, index = self.value(index, where + (key,))
            if key in first:
                self.problems.append(error("B508", f"'{key}' is given twice in this object", self.span(key_at),
                                           f"it was first given at line {self.position(first[key])[0]}; "
                                           "give each key once"))
            else:
                first[key] = key_at
                result[key] = item
            index = self.skip(index)
            if self.text[index] == "}":
                return result, index + 1
            index = self.skip(index + 1)  # past the comma
