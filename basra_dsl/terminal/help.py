"""The help of the terminal game: the keys, and the variant's 'Play in a minute' as plain text.

The 'Play in a minute' lines are the rulebook's own (``rulebook.quickstart``), written for
a web page in Markdown with links; here they are read back into the plain sentences a
reader sees: links, emphasis and the escapes that keep a file's text from forming Markdown
are undone, and what is left is shown as text, never as markup.
"""

from __future__ import annotations

import html
import re

from ..language.merge import Merged
from ..resources import bundled_variants
from ..rulebook.page_state import PageState
from ..rulebook.quickstart import play_in_a_minute
from ..rulebook.safe import plain

KEYS = (
    ("1-9", "play the card with that number"),
    ("↑ ↓ (or ← →), Enter", "move through your cards and play the one marked"),
    ("1-9, or ↑ ↓ and Enter", "choose what a card takes, when it can take more than one set"),
    ("Esc", "go back from the choice of a capture"),
    ("Enter", "deal the next hand once a hand is over"),
    ("? or F1", "this help"),
    ("q", "quit (finished hands stay in the record)"),
)

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


def keys_lines() -> list[str]:
    """Returns the keys of the game, one per line."""
    width = max(len(keys) for keys, _ in KEYS)
    return [f"{keys:<{width}}  {what}" for keys, what in KEYS]
