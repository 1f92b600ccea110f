"""Cards as HTML spans: rank and suit glyph, red for hearts and diamonds (see basra.css)."""

from __future__ import annotations

from typing import Iterable

from .. import cards as C
from .safe import attribute


def card_html(card: int) -> str:
    """Returns one card, such as ``<span class="basra-card basra-red" ...>7♦</span>``."""
    colour = "red" if C.suit(card) in (1, 2) else "black"
    title = f"{C.RANK_NAMES[C.rank(card)]} of {C.SUIT_NAMES[C.suit(card)]}"
    return f'<span class="basra-card basra-{colour}" title="{attribute(title)}">{C.card_glyph(card)}</span>'


def cards_html(cards: Iterable[int], empty: str = "nothing") -> str:
    """Returns a row of cards, or a muted word when there are none."""
    shown = [card_html(c) for c in cards]
    if not shown:
        return f'<span class="basra-none">{empty}</span>'
    return '<span class="basra-cards">' + " ".join(shown) + "</span>"
