"""What the editor shows on hover, for the innermost thing under the cursor: a card pattern
(the cards it means), a name (its type and meaning), an attribute, an option (its choices
and meaning), or a clause as the rulebook says it (and, where a child variant replaces its
parent's clause, whose it replaces).

Clauses are said in the rulebook's own sentences, so the editor and the published page
never disagree. Text from a file (a title, an option's description) goes through ``shown``:
it is shown as text, never as Markdown or HTML of its own.
"""

from __future__ import annotations

import re

from .. import cards as C
from ..diagnostics import DiagnosticError
from ..language import expressions as X
from ..language import nodes as n
from ..language.loader import load_text
from ..language.merge import Merged, option_value
from ..language.semantics import play_names_of
from ..language.tree_cache import parsed
from ..language.unparse import expr_text
from ..resources import bundled_variants
from ..rulebook.pages.differences import describe_key
from ..rulebook.prose.english import pattern_phrase
from ..rulebook.text.naming import pack_names
from ..rulebook.pages.page_state import PageState
from ..rulebook.prose.titles import rule_title
from .cursor import contains, nodes_at, parent_of
from .shown import text as shown
from .shown import unlinked

# a link the rulebook makes (to a part of its page, or another variant's): no page to go to
# here. File text in its words is escaped already (a "[" as "\["), so none of it matches.
PAGE_LINK = re.compile(r"(?<!\\)\[((?:\\.|[^\\\]])*)\]\([^()\s]*\)")
MOST_LISTED = 16  # cards named one by one; a larger set is counted


def hover_text(text: str, path: str, line: int, column: int = 1) -> str | None:
    """Returns Markdown for what stands at ``line`` and ``column`` (from 1), or None when
    nothing there has a meaning to show. A file that parses but does not load (an unknown
    name while typing) still says its patterns, names and options; clauses need it whole."""
    try:
        merged: Merged | None = load_text(text, path).merged
        variant = merged.variant
    except DiagnosticError:
        merged = None
        try:
            variant = parsed(text, path)
        except DiagnosticError:
            return None
    known = _Known(text, path, variant, merged)
    if variant.parent is not None and contains(variant.parent.span, line, column):
        return _parent(known.parent)
    found = nodes_at(variant, line, column)
    if not found:
        return None
    top, inner = found[0], found[-1]
    if isinstance(top, n.Option):
        return _option(top)
    if isinstance(top, n.Drop):
        return _drop(merged, top) if merged else None
    with pack_names(known.style):  # cards named as the pack names them: the seven of coins
        said = _part(known, top, found, line, column) if isinstance(top, n.Clause) else None
        if said is None and merged is not None and isinstance(top, n.Clause) and top.key in merged.clauses:
            said = _clause(merged, top)
    return said if said is not None or inner is top else None


class _Known:
    """What a hover can draw on: the variant as written and, when it loads, as merged (or,
    while it does not, its parent's deck and pack)."""

    def __init__(self, text: str, path: str, variant: n.Variant, merged: Merged | None):
        self.merged = merged
        self.parent = merged.chain[1] if merged and len(merged.chain) > 1 else None
        fallback = parent_of(text, path) if merged is None and variant.parent is not None else None
        if merged is None and fallback is not None:
            self.parent = fallback.variant
        whole = merged or fallback
        own = [c for c in variant.clauses if isinstance(c, (n.Deck, n.Suits))]
        self.options = dict(merged.options) if merged else {**(fallback.options if fallback else {}),
                                                            **{o.name.text: o for o in variant.options}}
        first = {type(c): c for c in reversed(own)}
        deck = first.get(n.Deck) or (whole.first("setup.deck") if whole else None)
        suits = first.get(n.Suits) or (whole.first("setup.suits") if whole else None)
        self.deck = frozenset(deck_of_clauses((deck,) if deck is not None else ()))
        self.style = suits.style if isinstance(suits, n.Suits) else "french"


def _part(known: _Known, clause: n.Clause, found: list[n.Node], line: int, column: int) -> str | None:
    """Says the innermost pattern, card word, name or attribute under the cursor."""
    deck = frozenset(C.PACK_SIZES.get(clause.size, C.FULL_PACK)) if isinstance(clause, n.Deck) else known.deck
    for node in reversed(found[1:]):
        match node:
            case n.Pattern():
                return _pattern(deck, node)
            case n.Word() if C.pattern_cards(node.text) is not None and _in_pattern(found, node):
                return _pattern(deck, n.Pattern((node,), span=node.span))
            case n.Name():
                guard = clause.guard is not None and any(x is node for x in n.walk(clause.guard))
                return _name(known.options, node.id, play_names_of(clause, guard))
            case n.Attribute() if not contains(node.obj.span, line, column):
                return _attribute(node.attr)
    return None


def _parent(parent: n.Variant | None) -> str | None:
    if parent is None:
        return None
    about = f" — {shown(parent.about)}" if parent.about else ""
    return (f"**{_title(parent)}** (`{parent.name.text}`){about}\n\n"
            "This variant plays every rule of it that it does not state again or drop.")


def _in_pattern(found: list[n.Node], word: n.Word) -> bool:
    return any(isinstance(x, n.Pattern) and any(w is word for w in x.include + x.exclude) for x in found)


def _clause(merged: Merged, clause: n.Clause) -> str | None:
    try:
        page = PageState(merged, bundled_variants())
        sentence = PAGE_LINK.sub(r"\1", describe_key(merged, clause.key, page.speaker))  # no page to link to here
    except DiagnosticError:
        return None  # the variant loads but does not compile: its findings say why
    said = unlinked(f"**{rule_title(merged, clause.key)}** — {sentence}")  # the rulebook escaped its file text
    replaced = parent_stating(merged, clause.key)
    if replaced is None:
        return said
    if any(c == clause for c in replaced.clauses if c.key == clause.key):  # equal but for their places
        return said + f"\n\n*States the rule of {_title(replaced)} again, unchanged: without this line it is the same.*"
    return said + f"\n\n*Replaces the rule of {_title(replaced)}.*"


def _option(option: n.Option) -> str:
    choices = " | ".join(expr_text(c) for c in option.choices)
    return (f"**option {option.name.text}**: {choices} (default {expr_text(option.default)})"
            + (f"\n\n{shown(option.doc)}" if option.doc else ""))


def _drop(merged: Merged, drop: n.Drop) -> str:
    owner = parent_stating(merged, drop.key)
    whose = f"the rule '{drop.name.text}' of {_title(owner)}" if owner else f"'{drop.name.text}'"
    return f"**drop** — this variant leaves out {whose}."


def _pattern(deck: frozenset[int], pattern: n.Pattern) -> str:
    cards = sorted(X.pattern_set(pattern, deck))
    named = " ".join(C.card_glyph(c) for c in cards) if len(cards) <= MOST_LISTED else ""
    count = f"{len(cards)} card{'s' * (len(cards) != 1)}" + (f": {named}" if named else "")
    words = " | ".join(w.text for w in pattern.include) + "".join(f" except {w.text}" for w in pattern.exclude)
    return f"**{words}** — {pattern_phrase(pattern)} ({count} of this deck)"


def _name(options: dict[str, n.Option], name: str, play: dict[str, tuple[str, str]]) -> str | None:
    if name in play:
        kind, meaning = play[name]
        return f"**{name}**: {kind} — {meaning}"
    option = options.get(name)
    if option is not None:
        choices = " | ".join(expr_text(c) for c in option.choices)
        return (f"**{name}**: {X.value_type(option_value(option.default))} — the option's choice: {choices} "
                f"(default {expr_text(option.default)})" + (f"\n\n{shown(option.doc)}" if option.doc else ""))
    if name == "players":
        return "**players**: number — how many play this game"
    if name in ("yes", "no"):
        return f"**{name}**: yes/no — a constant"
    holders = [o.name.text for o in options.values() if any(isinstance(c, n.Name) and c.id == name for c in o.choices)]
    return f"**{name}**: a word, a choice of the option {', '.join(holders)}" if holders else None


def _attribute(attribute: str) -> str | None:
    meaning = X.ATTRIBUTE_MEANINGS.get(attribute)
    kinds = [kind for kind, attributes in X.ATTRIBUTES.items() if attribute in attributes]
    if meaning is None or not kinds:
        return None
    return f"**.{attribute}** (of {' or '.join(kinds)}): {X.ATTRIBUTES[kinds[0]][attribute]} — {meaning}"


def deck_of(merged: Merged) -> tuple[int, ...]:
    """The cards of the variant's deck as its files state it (without regard to options)."""
    deck = merged.first("setup.deck")
    return deck_of_clauses((deck,) if deck is not None else ())


def deck_of_clauses(clauses) -> tuple[int, ...]:
    """The cards of the first ``deck`` clause among ``clauses`` (a full pack without one)."""
    deck = next((c for c in clauses if isinstance(c, n.Deck)), None)
    size = deck.size if deck is not None and deck.size in C.PACK_SIZES else 52
    removed = frozenset().union(*(X.pattern_set(p) for p in deck.without)) if deck is not None else frozenset()
    return tuple(c for c in C.PACK_SIZES[size] if c not in removed)


def parent_stating(merged: Merged, key: str) -> n.Variant | None:
    """The nearest ancestor that states a clause, the one a child's clause replaces."""
    for ancestor in merged.chain[1:]:  # the chain runs from the variant to its root
        if any(c.key == key for c in ancestor.clauses):
            return ancestor
    return None


def _title(variant: n.Variant) -> str:
    """A variant's title as Markdown (text from its file, escaped), or its name."""
    return shown(variant.title) if variant.title else variant.name.text

