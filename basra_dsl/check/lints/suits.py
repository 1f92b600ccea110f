"""B729: a suit named as another pack names it (``most coins`` in a French-suited game, whose
page would then tell players about coins). The file's words must be the pack's own."""

from __future__ import annotations

from typing import Iterator

from ... import cards as C
from ...diagnostics import Diagnostic, error
from ...language import nodes as n
from ...language.merge import Merged
from .combinations import Combination, is_own

PACKS = {"french": ("French", C.SUIT_NAMES, C.LATIN_SUIT_NAMES),
         "italian": ("Italian", C.LATIN_SUIT_NAMES, C.SUIT_NAMES), "spanish": ("Spanish", C.LATIN_SUIT_NAMES, C.SUIT_NAMES)}


def check_suit_words(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """Yields an error for each suit word of this file's clauses that the pack calls otherwise."""
    styles = {c.rules.suits for c in combos if c.rules is not None}
    if len(styles) != 1:
        return
    pack, own, other = PACKS[styles.pop()]
    for clause in (c for alternatives in merged.clauses.values() for c in alternatives if is_own(merged, c)):
        for word in (w for w in n.walk(clause) if isinstance(w, n.Word) and w.text in other):
            said = own[other.index(word.text)]
            yield error("B729", f"'{word.text}' is what another pack calls a suit; this variant's pack is {pack}, "
                        f"whose suits are {', '.join(own)}", word.span,
                        f"did you mean '{said}'? (the same suit in this pack; or change the pack with 'suits')")
