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


def limit_per_file(diagnostics: Iterable[Diagnostic], most: int) -> list[Diagnostic]:
    """Returns at most ``most`` diagnostics of each file (in the order given), and for each
    file that had more, one B803 warning saying how many were left out: a hostile file
    must not make the output grow past a size the reader can take in."""
    kept: list[Diagnostic] = []
    shown: dict[str, int] = {}
    left_out: dict[str, int] = {}
    first: dict[str, Span | None] = {}
    for diagnostic in diagnostics:
        if diagnostic.code == "B803":  # already limited: pass the count on as it is
            kept.append(diagnostic)
            continue
        path = diagnostic.span.path if diagnostic.span else ""
        first.setdefault(path, diagnostic.span)
        if shown.get(path, 0) < most:
            shown[path] = shown.get(path, 0) + 1
            kept.append(diagnostic)
        else:
            left_out[path] = left_out.get(path, 0) + 1
    for path, count in left_out.items():
        span = first[path]
        kept.append(warning("B803", f"{count} more finding{'s' * (count != 1)} in this file "
                            f"{'are' if count != 1 else 'is'} not shown",
                            Span(span.path, 1, 1) if span else None,
                            f"fix the findings shown and check again: each file shows at most {most}"))
    return kept


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
    meant = closest_word(word, vocabulary)
    return f"did you mean '{meant}'?" if meant is not None else None


def closest_word(word: str, vocabulary: Iterable[str]) -> str | None:
    """Returns the word of ``vocabulary`` a misspelled word most likely meant (the same word in
    other letter case first), or None."""
    words = list(vocabulary)
    folded = {w.lower(): w for w in words}
    if word.lower() in folded and folded[word.lower()] != word:
        return folded[word.lower()]
    close = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
    return close[0] if close else None


class SourceFile:
    """The text of one input file, kept so diagnostics can quote its lines."""

    _cache: dict[str, "SourceFile"] = {}
    _large: "SourceFile | None" = None

    MAX_READ = 4 * 1024 * 1024  # a file larger than any input a stage accepts is not quoted
    MAX_KEPT = 32  # files kept for quoting, the most recently read
    MAX_KEPT_SIZE = 256 * 1024  # characters of a file kept (a variant at most)

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        # Lines end at "\n" only, as the parsers count them: str.splitlines() would also
        # break at a form feed, U+2028 or a lone "\r" inside a comment and shift every
        # quoted line after it.
        self.lines = [line.removesuffix("\r") for line in text.split("\n")]
        SourceFile._cache.pop(path, None)
        if len(SourceFile._cache) >= SourceFile.MAX_KEPT:  # a long-lived process reads many files
            SourceFile._cache.pop(next(iter(SourceFile._cache)))
        if len(text) <= SourceFile.MAX_KEPT_SIZE or not Path(path).is_file():
            SourceFile._cache[path] = self
        else:  # one large file at a time: the one being reported on
            SourceFile._large = self

    @classmethod
    def lookup(cls, path: str) -> "SourceFile | None":
        """Returns the source registered for a path, reading the file if needed (and not too large)."""
        if path in cls._cache:
            return cls._cache[path]
        if cls._large is not None and cls._large.path == path:
            return cls._large
        try:
            with open(path, "rb") as stream:
                data = stream.read(cls.MAX_READ + 1)
        except OSError:
            return None
        if len(data) > cls.MAX_READ:
            return None
        return cls(path, data.decode("utf-8", errors="replace"))

    def line(self, number: int) -> str:
        """Returns the text of a 1-based line, or an empty string."""
        return self.lines[number - 1] if 0 < number <= len(self.lines) else ""
