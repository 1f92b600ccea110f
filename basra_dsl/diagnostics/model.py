"""Diagnostics as data: a code, a severity, a span, a message and a hint.

Checks yield diagnostics; renderers (see ``render`` and ``sarif``) turn them into text with a caret,
JSON, GitHub annotations or SARIF. ``DiagnosticError`` is the one exception that carries
them out of a stage that must stop.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Iterable


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Span:
    """Where something stands in a file: 1-based line and column, end exclusive."""

    path: str
    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    span: Span | None = None
    help: str | None = None
    severity: Severity = Severity.ERROR
    notes: tuple[str, ...] = field(default=())

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def sort_key(self) -> tuple:
        span = self.span or Span("", 0, 0)
        return (span.path, span.line, span.column, self.code)


class DiagnosticError(Exception):
    """Raised with every diagnostic that made a stage refuse its input."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = sorted(diagnostics, key=Diagnostic.sort_key)
        super().__init__("; ".join(d.message for d in self.diagnostics))


def error(code: str, message: str, span: Span | None = None, help: str | None = None) -> Diagnostic:
    """Returns an error diagnostic."""
    return Diagnostic(code, message, span, help, Severity.ERROR)


def warning(code: str, message: str, span: Span | None = None, help: str | None = None) -> Diagnostic:
    """Returns a warning diagnostic."""
    return Diagnostic(code, message, span, help, Severity.WARNING)


def did_you_mean(word: str, vocabulary: Iterable[str]) -> str | None:
    """Returns a "did you mean" hint for a misspelled word, or None."""
    words = list(vocabulary)
    folded = {w.lower(): w for w in words}
    if word.lower() in folded and folded[word.lower()] != word:
        return f"did you mean '{folded[word.lower()]}'?"
    close = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


class SourceFile:
    """The text of one input file, kept so diagnostics can quote its lines."""

    _cache: dict[str, "SourceFile"] = {}

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self.lines = text.splitlines()
        SourceFile._cache[path] = self

    @classmethod
    def lookup(cls, path: str) -> "SourceFile | None":
        """Returns the source registered for a path, reading the file if needed."""
        if path not in cls._cache:
            try:
                cls(path, Path(path).read_text(encoding="utf-8", errors="replace"))
            except OSError:
                return None
        return cls._cache[path]

    def line(self, number: int) -> str:
        """Returns the text of a 1-based line, or an empty string."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""
