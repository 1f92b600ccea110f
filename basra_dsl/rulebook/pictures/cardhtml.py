"""Cards on a page: as text in a sentence (rank and suit glyph), or as pictures of card faces.

The text form (``card_html``, ``cards_html``) is for running sentences, such as a refusal
"8♥ must capture"; the picture form (``card_picture``, ``cards_picture``) is for floors,
hands and what a play takes, and needs the page's sprite (``cardfaces.sprite_for``).
Red for hearts and diamonds in both (see basra.css).
"""

from __future__ import annotations

from typing import Iterable

from ... import cards as C
from ..text import naming
from .cardfaces import card_name, card_svg
from ..text.safe import attribute


LATIN_CLASSES = ("green", "gold", "red", "blue")  # batons, coins, cups, swords


def card_html(card: int) -> str:
    """Returns one card, such as ``<span class="basra-card basra-red" ...>7♦</span>`` (in an
    Italian or Spanish pack, ``7 of coins`` in the suit's colour)."""
    if naming.current().french:
        colour = "red" if C.suit(card) in (1, 2) else "black"
    else:
        colour = LATIN_CLASSES[C.suit(card)]
    return f'<span class="basra-card basra-{colour}" title="{attribute(card_name(card))}">{naming.card_text(card)}</span>'


def cards_html(cards: Iterable[int], empty: str = "nothing") -> str:
    """Returns a row of cards, or a muted word when there are none."""
    shown = [card_html(c) for c in cards]
    if not shown:
        return f'<span class="basra-none">{empty}</span>'
    return '<span class="basra-cards">' + " ".join(shown) + "</span>"


def card_picture(card: int, marked: bool = False) -> str:
    """Returns the picture of one card face; a ``marked`` card is lifted and outlined (such as
    the floor cards a play takes)."""
    return card_svg(card, "basra-marked" if marked else "")


def cards_picture(cards: Iterable[int], empty: str = "nothing", marked: Iterable[int] = (),
                  top: bool = False) -> str:
    """Returns a row of card pictures that wraps on a narrow screen, or a muted word when there
    are none; the cards in ``marked`` are lifted and outlined. For a pile (``top``), the last
    card is the one on top, and says so under its picture: only that card can be matched."""
    picked = set(marked)
    shown = [card_picture(c, c in picked) for c in cards]
    if not shown:
        return f'<span class="basra-none">{empty}</span>'
    if top:
        shown[-1] = f'<span class="basra-top">{shown[-1]} <span class="basra-top-mark">top</span></span>'
    # the spaces keep the site's search from gluing the cards' names together; a flex row shows none
    return '<span class="basra-pics">' + " ".join(shown) + "</span>"
