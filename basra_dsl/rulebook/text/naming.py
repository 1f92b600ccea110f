"""What a page calls the cards: the French suits, or the coins, cups, swords and batons of
the Italian and Spanish packs, for the variant whose page is being rendered.

A variant says its pack with ``suits italian`` (compiled into ``Rules.suits``); the page
renders inside ``pack_names(style)``, and every sentence, title and card picture asks this
module for a suit's or a rank's name. The card codes of variant files stay C D H S and
J Q K whatever the pack: ``7D`` is the seven of coins of an Italian pack.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Iterator

from ... import cards as C


@dataclass(frozen=True)
class PackNames:
    """The names of one kind of pack: suits C D H S in order, ranks A to K, and what the
    pack's own players call its suits and pictures (for the sentence saying the pack)."""

    style: str
    suits: tuple[str, ...]
    ranks: tuple[str, ...]
    native_suits: tuple[str, ...] = ()
    native_pictures: tuple[str, ...] = ()  # J Q K

    @property
    def french(self) -> bool:
        return self.style == "french"


_LATIN_RANKS = C.RANK_NAMES[:10] + ("jack", "knight", "king")
PACKS = {
    "french": PackNames("french", C.SUIT_NAMES, C.RANK_NAMES),
    "italian": PackNames("italian", C.LATIN_SUIT_NAMES, _LATIN_RANKS,
                         ("bastoni", "denari", "coppe", "spade"), ("fante", "cavallo", "re")),
    "spanish": PackNames("spanish", C.LATIN_SUIT_NAMES, _LATIN_RANKS,
                         ("bastos", "oros", "copas", "espadas"), ("sota", "caballo", "rey")),
}
_current: ContextVar[PackNames] = ContextVar("pack_names", default=PACKS["french"])


@contextmanager
def pack_names(style: str) -> Iterator[PackNames]:
    """Names cards as the pack ``style`` (french, italian, spanish) calls them inside the block."""
    token = _current.set(PACKS.get(style, PACKS["french"]))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def current() -> PackNames:
    return _current.get()


def suit_name(suit: int) -> str:
    """Returns a suit's name in the plural, as ``diamonds`` or ``coins``."""
    return _current.get().suits[suit]


def suit_word(word: str) -> str:
    """Returns a suit word of a variant file (``diamonds``, ``coins``) as this pack calls it."""
    for names in (C.SUIT_NAMES, C.LATIN_SUIT_NAMES):
        if word in names:
            return suit_name(names.index(word))
    return word


def rank_name(rank: int) -> str:
    """Returns a rank's name, as ``queen`` or, in an Italian or Spanish pack, ``knight``."""
    return _current.get().ranks[rank]


def card_words(card: int) -> str:
    """Returns a card in words, as ``seven of coins``."""
    return f"{rank_name(C.rank(card))} of {suit_name(C.suit(card))}"


def card_text(card: int) -> str:
    """Returns a card for a running sentence: rank and suit sign for a French pack (``7♦``),
    rank and suit name for the others (``7 of coins``), which have no sign in fonts."""
    if _current.get().french:
        return C.card_glyph(card)
    rank = C.rank(card)
    said = str(rank + 1) if 0 < rank < 10 else rank_name(rank)  # 7 of coins, ace of cups, knight of swords
    return f"{said} of {suit_name(C.suit(card))}"


def run_order(words: list[str]) -> str:
    """The cards of a run in order, briefly: ``A, 2, 3 of diamonds`` when they share a suit
    (the suit as this pack calls it); otherwise each card in words."""
    cards = [C.parse_card(w) for w in words]
    if all(c is not None for c in cards) and len({C.suit(c) for c in cards}) == 1:
        ranks = ", ".join("10" if C.RANKS[C.rank(c)] == "T" else C.RANKS[C.rank(c)] for c in cards)
        return f"{ranks} of {suit_name(C.suit(cards[0]))}"
    return ", then ".join(card_words(c) if c is not None else w for c, w in zip(cards, words))
