"""The help of the terminal game: the keys, and the variant's 'Play in a minute' as plain
text (``rulebook.pages.plain_text``: the rulebook's own lines, shown as text, never as markup)."""

from __future__ import annotations

from ..rulebook.pages.plain_text import markdown_lines, quickstart_lines

__all__ = ["KEYS", "keys_lines", "markdown_lines", "quickstart_lines"]

KEYS = (
    ("1-9", "play the card with that number"),
    ("↑ ↓ (or ← →), Enter", "move through your cards and play the one marked"),
    ("1-9, or ↑ ↓ and Enter", "choose what a card takes, when it can take more than one set"),
    ("Esc", "go back from the choice of a capture"),
    ("d", "declare your cards, where the rules let you (before your first card of the deal)"),
    ("Enter", "deal the next hand once a hand is over"),
    ("? or F1", "this help"),
    ("q", "quit (finished hands stay in the record)"),
)

def keys_lines() -> list[str]:
    """Returns the keys of the game, one per line."""
    width = max(len(keys) for keys, _ in KEYS)
    return [f"{keys:<{width}}  {what}" for keys, what in KEYS]
