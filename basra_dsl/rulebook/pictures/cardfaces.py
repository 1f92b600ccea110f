"""Card faces drawn as SVG: one hidden sprite of card symbols per page, and each card a reference to it.

A card picture on the page is a few dozen bytes (``<svg role="img"><title>..</title><use/></svg>``)
that points at a ``<symbol>`` of the page's sprite; the sprite holds only the cards the page
shows (``sprite_for`` finds them in the page's text). Everything is drawn with paths: suit
signs and rank signs alike, so the cards look the same in every browser and font, need
nothing from another host, and the sprite holds no text for the site's search to index.

Nothing here comes from a variant file: a card is an int of ``cards``, and every name,
colour and shape is ours.
"""

from __future__ import annotations

import re
from typing import Iterable

from ... import cards as C
from ..text import naming

RED, BLACK = "#c62828", "#212121"
GOLD, BLUE, GREEN = "#a66f00", "#1565c0", "#2e7d32"
PANEL = {RED: "#fdecea", BLACK: "#eceff1", GOLD: "#fff4d6", BLUE: "#e3eefb", GREEN: "#e6f2e7"}  # behind a picture's letter
# the inks of the Italian and Spanish suits, batons to swords, as those packs colour them
LATIN_INKS = (GREEN, GOLD, RED, BLUE)
PREFIX = "basra-card-"

# Suit signs in a 20-unit box centred on (0, 0), clubs to spades.
SUIT_PATHS = (
    "M0-9.5a4.6 4.6 0 1 0 .01 0zM-5.2-2.5a4.6 4.6 0 1 0 .01 0zM5.2-2.5a4.6 4.6 0 1 0 .01 0z"
    "M0-3.2a3 3 0 1 0 .01 0zM-1.1-1L-3.4 10H3.4L1.1-1z",
    "M0-10Q3.6-4.6 7.6 0Q3.6 4.6 0 10Q-3.6 4.6-7.6 0Q-3.6-4.6 0-10z",
    "M0 9.6C-2.5 6.4-10 1.8-10-3.6C-10-7.4-7.4-9.6-4.8-9.6C-2.6-9.6-.8-8.2 0-6.2"
    "C.8-8.2 2.6-9.6 4.8-9.6C7.4-9.6 10-7.4 10-3.6C10 1.8 2.5 6.4 0 9.6z",
    "M0-10C-2-6.5-10-3-10 2.5C-10 6-7.6 7.6-5.2 7.6C-3.4 7.6-2 6.8-1 5.6L-3 10H3L1 5.6"
    "C2 6.8 3.4 7.6 5.2 7.6C7.6 7.6 10 6 10 2.5C10-3 2-6.5 0-10z",
)

# The Italian and Spanish suits, batons to swords, in the same box: a knotted baton, a coin
# (a ring round a boss: drawn even-odd), a goblet and an upright sword.
LATIN_SUIT_PATHS = (
    "M-2.4-9.2A2.6 2.6 0 0 1 2.4-9.2L3.2-2.5L2.1 10H-2.1L-3.2-2.5z"
    "M4.4-4.8a1.8 1.8 0 1 0 .01 0zM-4.4 1.6a1.8 1.8 0 1 0 .01 0z",
    "M0-9.6a9.6 9.6 0 1 0 .01 0zM0-6.4a6.4 6.4 0 1 1-.01 0zM0-3.4a3.4 3.4 0 1 0 .01 0z",
    "M-8-9.4H8C8-2.6 4.6.6 1.6 1.2V6.2H5.4V9.6H-5.4V6.2H-1.6V1.2C-4.6.6-8-2.6-8-9.4z",
    "M0-10L1.7-6V3.6H5V5.6H1.7V8.2H2.8V10H-2.8V8.2H-1.7V5.6H-5V3.6H-1.7V-6z",
)

# Rank signs as strokes in a box 12 wide (16 for the ten) and 20 high: letters drawn, not typed.
RANK_PATHS = (
    "M0 20L6 0L12 20M2.3 13.5H9.7",
    "M.6 5C.6 1.8 3 0 6 0C9 0 11.4 2 11.4 5.2C11.4 9 8 11.5 .3 20H11.8",
    "M.8 2.2C2 .8 3.8 0 6 0C9 0 11 2 11 4.8C11 7.8 8.6 9.6 5 9.6C9 9.6 11.5 11.6 11.5 14.6"
    "C11.5 18 9 20 5.9 20C3.6 20 1.6 19.2 .3 17.6",
    "M9 20V0L.2 14H12",
    "M11 0H2.2L1.2 9C2.6 8 4.2 7.6 6 7.6C9.4 7.6 11.6 10 11.6 13.7C11.6 17.6 9 20 5.8 20"
    "C3.5 20 1.6 19.2.3 17.6",
    "M10.6 1.6C9.6.6 8.2 0 6.6 0C2.6 0 .5 4 .5 11C.5 17 2.8 20 6 20C9.3 20 11.5 17.5 11.5 14"
    "C11.5 10.5 9.3 8 6.2 8C3.5 8 1.5 9.5.6 12",
    "M0 0H12L4.6 20",
    "M6 9.4C3 9.4 1.1 7.8 1.1 4.7C1.1 1.8 3.2 0 6 0C8.8 0 10.9 1.8 10.9 4.7C10.9 7.8 9 9.4 6 9.4"
    "C2.7 9.4.5 11.4.5 14.7C.5 18 3 20 6 20C9 20 11.5 18 11.5 14.7C11.5 11.4 9.3 9.4 6 9.4z",
    "M1.4 18.4C2.4 19.4 3.8 20 5.4 20C9.4 20 11.5 16 11.5 9C11.5 3 9.2 0 6 0C2.7 0 .5 2.5.5 6"
    "C.5 9.5 2.7 12 5.8 12C8.5 12 10.5 10.5 11.4 8",
    "M0 3.6L4 0V20M11.2 0C7.8 0 6.8 4 6.8 10C6.8 16 7.8 20 11.2 20C14.6 20 15.6 16 15.6 10"
    "C15.6 4 14.6 0 11.2 0z",
    "M11 0V14.5C11 18 9 20 6 20C3 20 1.1 18.2.8 15.2",
    "M6 0C2 0 .5 4.5.5 10C.5 15.5 2 20 6 20C10 20 11.5 15.5 11.5 10C11.5 4.5 10 0 6 0zM7.2 14.4L12 20.6",
    "M1 0V20M11.6 0L1 12.6M4.6 8.6L12 20",
)
RANK_WIDTH = {9: 16}  # the ten; every other rank sign is 12 wide

# Where the pips of the numerals sit on a 100 x 140 card (the ace is drawn on its own):
# columns at x 33, 50, 67 and rows spread between y 30 and 110, as on a real pack.
_L, _M, _R = 33, 50, 67
_ROWS3 = (30, 70, 110)
_ROWS4 = (30, 56.7, 83.3, 110)
PIPS = {
    1: ((_M, 30), (_M, 110)),
    2: ((_M, 30), (_M, 70), (_M, 110)),
    3: ((_L, 30), (_R, 30), (_L, 110), (_R, 110)),
    4: ((_L, 30), (_R, 30), (_M, 70), (_L, 110), (_R, 110)),
    5: tuple((x, y) for y in _ROWS3 for x in (_L, _R)),
    6: tuple((x, y) for y in _ROWS3 for x in (_L, _R)) + ((_M, 50),),
    7: tuple((x, y) for y in _ROWS3 for x in (_L, _R)) + ((_M, 50), (_M, 90)),
    8: tuple((x, y) for y in _ROWS4 for x in (_L, _R)) + ((_M, 70),),
    9: tuple((x, y) for y in _ROWS4 for x in (_L, _R)) + ((_M, 43.3), (_M, 96.7)),
}
CROWNS = {  # the top of a picture card's panel: a king's pointed crown, a queen's rounded one
    12: "M38 40L36 28L43 34L50 25L57 34L64 28L62 40z",
    11: "M38 40L37 31L44 35L50 29L56 35L63 31L62 40zM37 31m-2.4 0a2.4 2.4 0 1 0 4.8 0a2.4 2.4 0 1 0-4.8 0"
        "M50 27m-2.4 0a2.4 2.4 0 1 0 4.8 0a2.4 2.4 0 1 0-4.8 0M63 31m-2.4 0a2.4 2.4 0 1 0 4.8 0a2.4 2.4 0 1 0-4.8 0",
}
INDEX = 1.2  # the corner's rank sign is 24 high: legible on a card 42 pixels wide
PIP = 0.85  # a numeral's pips are 17 units across
STROKE = 'fill="none" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"'


def card_name(card: int) -> str:
    """Returns a card's name in words, such as ``seven of diamonds`` or ``seven of coins``."""
    return naming.card_words(card)


def colour(card: int) -> str:
    """Returns the ink of a card: red for hearts and diamonds, black for clubs and spades; in
    an Italian or Spanish pack, each suit its own colour."""
    if not naming.current().french:
        return LATIN_INKS[C.suit(card)]
    return RED if C.suit(card) in (1, 2) else BLACK


def symbol_id(card: int) -> str:
    """Returns the id of a card's symbol in the sprite, such as ``basra-card-7D``."""
    return PREFIX + C.card_name(card)


def card_svg(card: int, classes: str = "") -> str:
    """Returns one card picture: a reference to its symbol, named for screen readers and tooltips."""
    name = card_name(card)
    extra = f" {classes}" if classes else ""
    return (f'<svg class="basra-pic{extra}" role="img" aria-label="{name}"><title>{name}</title>'
            f'<use href="#{symbol_id(card)}"/></svg>')


# ------------------------------------------------------------------ the sprite

USED = re.compile(r'href="#' + PREFIX + r"([A2-9TJQK][CDHS])\"")


def cards_used(text: str) -> list[int]:
    """Returns the cards a page's text shows as pictures, in pack order."""
    return sorted({C.parse_card(name) for name in USED.findall(text)})


def sprite_for(text: str) -> str:
    """Returns the sprite for the cards a page's Markdown shows, or '' when it shows none: a
    block of its own (blank lines around it), to be appended once at the end of the page."""
    used = cards_used(text)
    return f"\n{card_sprite(used)}\n" if used else ""


def card_sprite(cards: Iterable[int]) -> str:
    """Returns a hidden block of SVG defining a symbol for each card given (and the signs they use).

    It is one line of raw HTML in a ``div``, which Markdown passes through untouched; the
    ``svg`` is sized to nothing rather than hidden, as some browsers draw no ``use`` of a
    symbol kept in an undisplayed ``svg``."""
    chosen = sorted(set(cards))
    suits = sorted({C.suit(c) for c in chosen})
    ranks = sorted({C.rank(c) for c in chosen})
    defs = ['<rect id="basra-blank" x="1.5" y="1.5" width="97" height="137" rx="8" fill="#fff" '
            'stroke="#9e9e9e" stroke-width="2"/>']
    french = naming.current().french
    paths, rule = (SUIT_PATHS, "") if french else (LATIN_SUIT_PATHS, ' fill-rule="evenodd"')
    defs += [f'<path id="basra-suit-{C.SUITS[s]}" stroke="none"{rule} d="{paths[s]}"/>' for s in suits]
    # a numeral's pips, upright and turned over: each pip is then a short use placed by x and y
    defs += [f'<use id="basra-pip{turn}-{C.SUITS[s]}" href="#basra-suit-{C.SUITS[s]}" '
             f'transform="{how}scale({PIP})"/>' for s in suits for turn, how in (("", ""), ("-down", "rotate(180) "))]
    defs += [f'<path id="basra-rank-{C.RANKS[r]}" {STROKE} d="{RANK_PATHS[r]}"/>' for r in ranks]
    body = "".join(card_symbol(c) for c in chosen)
    return ('<div class="basra-sprite" aria-hidden="true"><svg xmlns="http://www.w3.org/2000/svg" '
            'width="0" height="0" focusable="false"><defs>' + "".join(defs) + "</defs>" + body + "</svg></div>")


def card_symbol(card: int) -> str:
    """Returns the symbol of one card face: white card, two corner indices and its middle."""
    ink = colour(card)
    index = corner(card)
    return (f'<symbol id="{symbol_id(card)}" viewBox="0 0 100 140"><use href="#basra-blank"/>'
            f'<g fill="{ink}" stroke="{ink}">{index}<g transform="rotate(180 50 70)">{index}</g>'
            f"{middle(card)}</g></symbol>")


def corner(card: int) -> str:
    """Returns a corner index: the rank sign and a small suit sign below it."""
    rank = C.rank(card)
    left = 11.5 - RANK_WIDTH.get(rank, 12) * INDEX / 2
    return (f'<use href="#basra-rank-{C.RANKS[rank]}" transform="translate({_num(left)} 6) scale({INDEX})"/>'
            f'{suit_at(C.suit(card), 11.5, 40, 0.6)}')


def middle(card: int) -> str:
    """Returns the middle of a card: one big pip (ace), the pips of a numeral, or a picture."""
    rank, suit = C.rank(card), C.suit(card)
    if rank == 0:
        return suit_at(suit, 50, 70, 2.6 if suit == 3 else 2.2)
    if rank in PIPS:
        down = f"-{C.SUITS[suit]}", f"-down-{C.SUITS[suit]}"
        return "".join(f'<use href="#basra-pip{down[y > 70]}" x="{_num(x)}" y="{_num(y)}"/>' for x, y in PIPS[rank])
    return picture(card)


def picture(card: int) -> str:
    """Returns the middle of a jack, queen or king: a framed panel with the big letter, the
    suit sign below it, and a crown above (the jack has its suit sign there instead)."""
    rank, suit, ink = C.rank(card), C.suit(card), colour(card)
    width = RANK_WIDTH.get(rank, 12) * 2.2
    top = (f'<path stroke="none" d="{CROWNS[rank]}"/>' if rank in CROWNS else suit_at(suit, 50, 34, 0.6))
    return (f'<rect x="22" y="20" width="56" height="100" rx="4" fill="{PANEL[ink]}" stroke-width="2"/>'
            f'<rect x="25.5" y="23.5" width="49" height="93" rx="2.5" fill="none" stroke-width="0.8"/>'
            f'{top}<use href="#basra-rank-{C.RANKS[rank]}" '
            f'transform="translate({_num(50 - width / 2)} 48) scale(2.2)"/>'
            f"{suit_at(suit, 50, 106, 0.6, True)}")


def suit_at(suit: int, x: float, y: float, scale: float, upside_down: bool = False) -> str:
    """Returns a suit sign centred at (x, y), turned over in the lower half as printed pips are."""
    turn = " rotate(180)" if upside_down else ""
    return f'<use href="#basra-suit-{C.SUITS[suit]}" transform="translate({_num(x)} {_num(y)}){turn} scale({scale})"/>'


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def pip_count(card: int) -> int:
    """Returns how many pips the middle of a card shows (the ace's one; none on a picture card)."""
    rank = C.rank(card)
    return 1 if rank == 0 else len(PIPS.get(rank, ()))
