"""The rulebook's Markdown read back as plain text: the 'Play in a minute' of a variant for
the terminal game's help and the online room's rules panel.

The lines are the rulebook's own (``quickstart``), written for a web page in Markdown with
links; here they become the plain sentences a reader sees: links, emphasis and the escapes
that keep a file's text from forming Markdown are undone. What is left is text: whatever
shows it must escape it.
"""

from __future__ import annotations

import html
import re

from ...language.merge import Merged
from ...resources import bundled_variants
from .page_state import PageState
from .quickstart import play_in_a_minute
from ..text.safe import plain

HEADING_ANCHOR = re.compile(r"\s*\{#[^}]*\}\s*$")


def quickstart_lines(merged: Merged) -> list[str]:
    """Returns the variant's 'Play in a minute' (default options) as plain text lines."""
    page = PageState(merged, bundled_variants())
    return markdown_lines(play_in_a_minute(page))


def markdown_lines(markdown: str) -> list[str]:
    """Returns the plain text of the rulebook's Markdown, line by line (indents kept)."""
    lines = []
    for line in markdown.splitlines():
        if line.startswith("#"):
            line = HEADING_ANCHOR.sub("", line.lstrip("#").strip())
        indent = len(line) - len(line.lstrip(" "))
        lines.append(" " * indent + plain(_unmark(line)))
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def _unmark(text: str) -> str:
    """Returns Markdown inline text as the text it shows: ``[text](target)`` as text, no
    ``*`` of emphasis, ``\\x`` as x, and character references as their characters."""
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
            continue
        if ch == "]" and text.startswith("(", i + 1):
            end = text.find(")", i + 2)
            i = end + 1 if end >= 0 else len(text)
            continue
        if ch not in "*[":
            out.append(ch)
        i += 1
    return html.unescape("".join(out))
