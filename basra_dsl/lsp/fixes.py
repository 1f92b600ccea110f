"""Quick fixes: a finding whose help says "did you mean 'X'?" (or only "write X") becomes an
edit that writes X in place of the word the finding marks; one whose help is "write: LINE" (a
line rewritten whole: option choices joined by '|', a mended variant line) becomes the edit
that writes LINE over the line; a worked-examples file without its schema line gets one that adds it.

Fixes are worked out on plain text (the line and the columns a finding marks), so the
handler only converts positions.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from ..check.scaffold import schema_reference

DID_YOU_MEAN = re.compile(r"did you mean (?:to override )?'([^'\n]+)'\?")
WRITE_WORD = re.compile(r"^help: write ([A-Za-z0-9_\u2660-\u2667]+)$", re.MULTILINE)
WRITE_LINE = re.compile(r"^help: write: (.+)$", re.MULTILINE)
WORDS = re.compile(r"[A-Za-z0-9_\u2660-\u2667]+")
MODELINE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=", re.MULTILINE)


@dataclass(frozen=True)
class Fix:
    """Replace columns ``start`` to ``end`` (from 0, end exclusive) of a line with ``text``."""

    title: str
    line: int  # from 0
    start: int
    end: int
    text: str


def suggested_word(message: str) -> str | None:
    """The word a finding's text suggests: "did you mean 'X'?", or a help that is only
    "write X" for one word (a card written another way: "write AD")."""
    found = DID_YOU_MEAN.search(message) or WRITE_WORD.search(message)
    return found.group(1) if found else None


def did_you_mean_fix(message: str, row: str, line: int, start: int, end: int) -> Fix | None:
    """Returns the edit that writes the suggested word over the misspelled one: the word,
    within the marked columns of ``row``, closest to the suggestion."""
    wanted = suggested_word(message)
    if wanted is None or not WORDS.fullmatch(wanted):  # an expression ('floor.count == 1') is not one word's fix
        return None
    end = max(end, start + 1)
    words = [w for w in WORDS.finditer(row) if w.start() < end and w.end() > start]
    if not words:
        return None
    closest = max(words, key=lambda w: difflib.SequenceMatcher(None, w.group(0).lower(), wanted.lower()).ratio())
    if closest.group(0) == wanted:
        return None
    return Fix(f"Write '{wanted}'", line, closest.start(), closest.end(), wanted)


def line_fix(message: str, row: str, line: int) -> Fix | None:
    """Returns the edit that writes the line a help gives whole ("write: LINE") over ``row``,
    keeping its indentation; None when the help gives no line or the row already reads so."""
    found = WRITE_LINE.search(message)
    if found is None:
        return None
    text = found.group(1).strip()
    indent = len(row) - len(row.lstrip())
    if row.strip() == text:
        return None
    shown = text if len(text) <= 40 else text[:39] + "…"
    return Fix(f"Write '{shown}'", line, indent, len(row.rstrip()), text)


def schema_line_fix(text: str, path: str) -> Fix | None:
    """For a worked-examples file without a schema modeline: the edit that adds one (when the
    schema lies in the same project; a path out of it would break for others)."""
    if not path.endswith(".examples.yaml") or MODELINE.search(text):
        return None
    variant = Path(path.removesuffix(".examples.yaml") + ".basra")
    schema = schema_reference(variant)
    if schema is None:
        return None
    return Fix("Add the schema line (checks the file as you type)", 0, 0, 0,
               f"# yaml-language-server: $schema={schema}\n")
