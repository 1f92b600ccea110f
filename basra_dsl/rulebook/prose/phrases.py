"""The small words of the rulebook's English: lists joined ("a, b and c"), articles and
plurals, and the cards and card patterns of the language said as players say them ("any card
but a jack", "the seven of diamonds"). ``english`` builds its sentences on these, and
re-exports them for the modules that always found them there.
"""

from __future__ import annotations

from ... import cards as C
from ...language import nodes as n
from ..text import naming

SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades",
              "\u2663": "clubs", "\u2666": "diamonds", "\u2665": "hearts", "\u2660": "spades"}


# ------------------------------------------------------------------ small helpers

def join(items: list[str], conj: str = "and") -> str:
    """Returns ``a, b and c``."""
    items = [i for i in items if i]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def majority_phrase(what: str) -> str:
    """Returns what a majority awards, after "win": "the most sevens", or "the best prime"."""
    return "the best prime" if what == "prime" else f"the most {what}"


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


def article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def plural(word: str) -> str:
    return word + ("es" if word.endswith(("x", "s")) else "s")


def count_of(count: int, noun: str) -> str:
    return f"{count} {noun if count == 1 else plural(noun)}"


# ------------------------------------------------------------------ cards and patterns

def rank_name(rank: int) -> str:
    return naming.rank_name(rank)


def counted_word(cards: frozenset[int]) -> str:
    """Returns what a majority's tie-break counts, as 'sixes' or, for a suit, its name in the
    page's pack ('clubs', 'batons')."""
    word = next((w for w, kind in C.MAJORITY_WORDS.items() if kind is not None and cards and cards <= kind
                 and w not in C.LATIN_SUIT_NAMES), "cards")
    return naming.suit_word(word)


def word_phrase(word: str, form: str = "a") -> str:
    """Returns a pattern word in English; ``form`` is "a" (a jack), "pl" (jacks) or "bare" (jack)."""
    if word == "any":
        return {"a": "any card", "pl": "cards of any rank", "bare": "card"}[form]
    if word == "numeral":
        return {"a": "a numeral", "pl": "numerals", "bare": "numeral"}[form]
    if word == "picture":
        return {"a": "a picture card", "pl": "picture cards", "bare": "picture card"}[form]
    if word in C.SUIT_NAMES or word in C.LATIN_SUIT_NAMES:
        suit = naming.suit_word(word)
        one = suit[:-1]  # "diamond", "coin"
        return {"a": f"a {one}", "pl": suit, "bare": one}[form]
    rank = C.parse_rank(word)
    if rank is not None:
        name = rank_name(rank)
        return {"a": article(name), "pl": plural(name), "bare": name}[form]
    card = C.parse_card(word)
    if card is not None:
        name = naming.card_words(card)
        return name if form == "bare" else f"the {name}"
    return f"`{word}`"


def pattern_phrase(pattern: n.Pattern, form: str = "a", conj: str = "or") -> str:
    """Returns a card pattern in English, such as "any card but a jack"."""
    words = [w.text for w in pattern.include]
    exclude = [w.text for w in pattern.exclude]
    if exclude:
        left = join([word_phrase(w, "a" if form == "a" else form) for w in exclude], "or")
        if words == ["any"]:
            return {"a": f"any card but {left}", "pl": f"cards other than {join([word_phrase(w, 'pl') for w in exclude], 'or')}",
                    "bare": f"card other than {left}"}[form]
        base = join([word_phrase(w, form) for w in words], conj)
        other = join([word_phrase(w, "pl" if form == "pl" else "a") for w in exclude], "or")
        return f"{base} other than {other}"
    return join([word_phrase(w, form) for w in words], conj)
