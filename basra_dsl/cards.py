"""Playing cards: the standard 52-card pack, card names, and card patterns.

A card is an int ``rank * 4 + suit`` with ranks ``A 2 .. 9 T J Q K`` (0..12) and suits
``C D H S`` (0..3). Nothing here knows a fishing game; it only names cards.
"""

from __future__ import annotations

from dataclasses import dataclass

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_GLYPHS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "jack", "queen", "king")
PICTURE_RANKS = frozenset({10, 11, 12})
# The suits as the Italian and Spanish packs call them, C D H S in order (batons, coins,
# cups, swords): pattern words like the French ones, and the names a page uses for a
# variant that says 'suits italian' or 'suits spanish'.
LATIN_SUIT_NAMES = ("batons", "coins", "cups", "swords")
FULL_PACK = tuple(range(52))
# The packs a deck may start from: the full pack, and the 40-card pack of the Italian,
# Spanish and Tunisian games (no eights, nines or tens), by size.
PACK_SIZES = {52: FULL_PACK, 40: tuple(c for c in FULL_PACK if c >> 2 not in (7, 8, 9))}

RANK_PLURALS = ("aces", "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines",
                "tens", "jacks", "queens", "kings")
# what a majority may count ('most sevens'): every card (None), a suit, or a rank
MAJORITY_WORDS: dict[str, frozenset[int] | None] = (
    {"cards": None}
    | {name: frozenset(c for c in FULL_PACK if c & 3 == suit) for suit, name in enumerate(SUIT_NAMES)}
    | {name: frozenset(c for c in FULL_PACK if c & 3 == suit) for suit, name in enumerate(LATIN_SUIT_NAMES)}
    | {name: frozenset(c for c in FULL_PACK if c >> 2 == rank) for rank, name in enumerate(RANK_PLURALS)})

_RANK_WORDS = {r: i for i, r in enumerate(RANKS)} | {"10": 9}
_SUIT_WORDS = {s: i for i, s in enumerate(SUITS)} | {g: i for i, g in enumerate(SUIT_GLYPHS)}
CLASS_WORDS = {
    **{name: frozenset(c for c in FULL_PACK if c & 3 == suit) for suit, name in enumerate(SUIT_NAMES)},
    **{name: frozenset(c for c in FULL_PACK if c & 3 == suit) for suit, name in enumerate(LATIN_SUIT_NAMES)},
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


def rank_word(rank_index: int) -> str:
    """Returns a rank as a variant file writes it in a pattern: ``J``, ``10`` (not ``T``)."""
    return "10" if RANKS[rank_index] == "T" else RANKS[rank_index]


def card_name(card: int) -> str:
    """Returns the canonical two-letter name of a card, such as ``TD``."""
    return RANKS[card >> 2] + SUITS[card & 3]


def card_word(card: int) -> str:
    """Returns a card as a variant file writes it: ``10D`` (not ``TD``), ``JS``."""
    return rank_word(card >> 2) + SUITS[card & 3]


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


# ------------------------------------------------------------------ card names written another way

WHITE_GLYPHS = "♧♢♡♤"  # the white suit symbols, clubs to spades: not the ones the language reads
CARD_NAMING = ("a card is its rank (A 2-9 10 J Q K, or T for 10) then its suit (C D H S or ♣ ♦ ♥ ♠), "
               "such as 7D or 10♦; kinds of card: numeral, picture, any, or a suit: clubs, diamonds, hearts, spades")
_SPELLED_RANKS = {name: ("10" if r == "T" else r) for name, r in zip(RANK_NAMES, RANKS)}
_SPELLED_RANKS |= {name + "s": rank for name, rank in _SPELLED_RANKS.items()} | {"sixes": "6"}
_KIND_WORDS = {"numerals": "numeral", "pictures": "picture", "face": "picture", "faces": "picture",
               "court": "picture", "courts": "picture", "club": "clubs", "diamond": "diamonds",
               "heart": "hearts", "spade": "spades", "coin": "coins", "cup": "cups", "sword": "swords",
               "baton": "batons"}
# the Latin suits as Italian and Spanish players name them: the language writes them in English
FOREIGN_SUITS = {"oros": "coins", "denari": "coins", "copas": "cups", "coppe": "cups", "espadas": "swords",
                 "spade": "swords", "bastos": "batons", "bastoni": "batons"}
# face cards by their Italian, Spanish, French and German letters (fante, sota, valet, Bube; re,
# rey, roi): the language writes J Q K
_FOREIGN_FACES = {"F": "J", "V": "J", "B": "J", "R": "K"}
# the suit letters of the Spanish and Italian packs that name no French suit (C, D and S do):
# the French letter the language writes for each, in the order of LATIN_SUIT_NAMES
_LATIN_LETTERS = {"O": ("D", "oros (coins)"), "E": ("S", "espadas (swords)"), "B": ("C", "bastos or bastoni (batons)")}


@dataclass(frozen=True)
class CardFix:
    """How to write a pattern word that names nothing: ``reason`` says what was written wrong,
    ``advice`` what to write instead, ``word`` the one word meant (None when two readings are
    possible, as ``7s``: the sevens, or the seven of spades)."""

    reason: str
    advice: str
    word: str | None


def card_word_fix(word: str) -> CardFix | None:
    """Returns how to write a pattern word that names nothing when it surely means a card, a
    rank or a kind of card (or one of two that the advice names), else None.

    A fix never changes which cards are meant: it puts the rank before the suit, writes an
    ace ``1`` as ``A``, a white suit symbol (♢) as its letter, small letters as capitals, a rank
    spelled out (``jacks``) as its sign, or a kind of card in the singular.
    """
    if not word or pattern_cards(word) is not None:
        return None
    lowered = word.lower()
    if lowered in _SPELLED_RANKS:
        return _fix("ranks are written A 2-9 10 J Q K", _SPELLED_RANKS[lowered])
    if lowered in FOREIGN_SUITS and lowered != "spade":  # 'spade' is the French suit's singular
        return _fix("the suits are written in English: batons, coins, cups, swords", FOREIGN_SUITS[lowered])
    if word in _FOREIGN_FACES:
        return _fix("face cards are written J, Q, K whatever the pack calls them (F, the fante or sota, is J; "
                    "C, the cavallo or caballo, Q; R, the re or rey, K)", _FOREIGN_FACES[word])
    if lowered in ("red", "reds", "black", "blacks"):  # a colour is two suits
        suits = "hearts | diamonds" if lowered.startswith("red") else "clubs | spades"
        return CardFix(f"a colour is not a kind of card: the {lowered.rstrip('s')} cards are the {suits.replace(' |', ' and')}",
                       suits, None)
    if word == "C":
        return CardFix("face cards are written J, Q, K whatever the pack calls them",
                       "Q for the cavallo (caballo), or clubs for the suit", None)
    if lowered in CLASS_WORDS or lowered in _KIND_WORDS:
        return _fix("kinds of card are numeral, picture, any and the suits (clubs, diamonds, hearts, spades)",
                    _KIND_WORDS.get(lowered, lowered))
    if len(word) >= 2 and word[-1].upper() in _LATIN_LETTERS and (word[:-1].upper() in _RANK_WORDS or word[:-1] == "1"):
        letter, said = _LATIN_LETTERS[word[-1].upper()]
        rank = "A" if word[:-1] == "1" else word[:-1].upper()
        return _fix(f"suits are written C D H S whatever the pack calls them: {said} is {letter}", rank + letter)
    white = any(glyph in word for glyph in WHITE_GLYPHS)
    plain = "".join(SUIT_GLYPHS[WHITE_GLYPHS.index(c)] if c in WHITE_GLYPHS else c for c in word)
    found = _rank_and_suit(plain)
    if found is None:
        return None
    rank_word, suit_word, suit_first = found
    rank_fixed = "A" if rank_word == "1" else rank_word.upper()
    if white:
        letter = SUITS[SUIT_GLYPHS.index(suit_word)]
        return CardFix("suits are written C D H S or ♣ ♦ ♥ ♠", f"{rank_fixed}{letter} (or {rank_fixed}{suit_word})",
                       rank_fixed + letter)
    fixed = rank_fixed + suit_word.upper()
    if suit_word == "s" and not suit_first:  # 7s: the sevens, or the seven of spades?
        plural = RANK_NAMES[_RANK_WORDS[rank_fixed]] + ("es" if rank_fixed == "6" else "s")
        return CardFix("a small s reads as spades or as a plural",
                       f"{rank_fixed} for all four {plural}, or {fixed} for the {RANK_NAMES[_RANK_WORDS[rank_fixed]]} "
                       "of spades", None)
    if suit_first:
        return _fix("the rank comes first, then the suit", fixed)
    if rank_word == "1":
        return _fix("an ace is written A", fixed)
    small = [part for part, text in (("ranks", rank_word), ("suits", suit_word)) if text != text.upper()]
    return _fix(f"{' and '.join(small)} are written in capitals", fixed)


def suggest_card_word(word: str) -> str | None:
    """Returns the one pattern word a word that names nothing surely means, or None."""
    found = card_word_fix(word)
    return found.word if found else None


def _fix(reason: str, word: str) -> CardFix:
    return CardFix(reason, word, word)


def _rank_and_suit(word: str) -> tuple[str, str, bool] | None:
    """Returns (rank, suit, written suit first) of a word read as a card or a rank in any
    order and case, with ``1`` for an ace; the suit is '' for a rank alone. None otherwise."""
    def is_rank(text: str) -> bool:
        return text.upper() in _RANK_WORDS or text == "1"

    def is_suit(text: str) -> bool:
        return len(text) == 1 and (text.upper() in SUITS or text in SUIT_GLYPHS)

    if is_rank(word):
        return word, "", False
    if len(word) >= 2 and is_suit(word[-1]) and is_rank(word[:-1]):
        return word[:-1], word[-1], False
    if len(word) >= 2 and is_suit(word[0]) and is_rank(word[1:]):
        return word[1:], word[0], True
    return None
