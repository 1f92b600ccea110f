"""Playing cards: the standard 52-card pack, card names, and card patterns.

A card is an int ``rank * 4 + suit`` with ranks ``A 2 .. 9 T J Q K`` (0..12) and suits
``C D H S`` (0..3). Nothing here knows a fishing game; it only names cards.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_GLYPHS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "jack", "queen", "king")
PICTURE_RANKS = frozenset({10, 11, 12})
FULL_PACK = tuple(range(52))

_RANK_WORDS = {r: i for i, r in enumerate(RANKS)} | {"10": 9}
_SUIT_WORDS = {s: i for i, s in enumerate(SUITS)} | {g: i for i, g in enumerate(SUIT_GLYPHS)}
CLASS_WORDS = {
    "any": frozenset(FULL_PACK),
    "numeral": frozenset(c for c in FULL_PACK if c >> 2 not in PICTURE_RANKS),
    "picture": frozenset(c for c in FULL_PACK if c >> 2 in PICTURE_RANKS),
}


def rank(card: int) -> int:
    """Returns the rank index (0 = ace .. 12 = king) of a card."""
    return card >> 2


def suit(card: int) -> int:
    """Returns the suit index (0 = clubs .. 3 = spades) of a card."""
    return card & 3


def card_name(card: int) -> str:
    """Returns the canonical two-letter name of a card, such as ``TD``."""
    return RANKS[card >> 2] + SUITS[card & 3]


def card_glyph(card: int) -> str:
    """Returns a card as its rank and suit symbol, such as ``10♦``."""
    r = RANKS[card >> 2]
    return ("10" if r == "T" else r) + SUIT_GLYPHS[card & 3]


def parse_rank(word: str) -> int | None:
    """Returns the rank index a word names (``A``, ``7``, ``10``, ``T``, ``J``), or None."""
    return _RANK_WORDS.get(word)


def parse_card(word: str) -> int | None:
    """Returns the card a word names (``7D``, ``TD``, ``10D``, ``7♦``), or None."""
    if len(word) < 2:
        return None
    rank_index = _RANK_WORDS.get(word[:-1])
    suit_index = _SUIT_WORDS.get(word[-1])
    if rank_index is None or suit_index is None:
        return None
    return rank_index * 4 + suit_index


def parse_cards(words) -> tuple[int, ...]:
    """Returns the cards named by a list of checked card words."""
    return tuple(parse_card(word) for word in words)


def pattern_cards(word: str) -> frozenset[int] | None:
    """Returns the cards a pattern word stands for (a class, rank or card), or None."""
    if word in CLASS_WORDS:
        return CLASS_WORDS[word]
    rank_index = parse_rank(word)
    if rank_index is not None:
        return frozenset(range(rank_index * 4, rank_index * 4 + 4))
    card = parse_card(word)
    return None if card is None else frozenset({card})


def pattern_vocabulary() -> list[str]:
    """Returns the words a pattern may use, for "did you mean" suggestions."""
    ranks = [r for r in RANKS if r != "T"] + ["10"]
    cards = [r + s for r in ranks for s in SUITS]
    return list(CLASS_WORDS) + ranks + cards
