"""The comparison page: a site's variants side by side, as each plays with its default options.

Family by family (see ``catalog``), three narrow tables rather than one wide one, so that
a phone shows each without much sideways scrolling: the deal and the captures, the
family's bonuses (headed by their name: basras, scopas), and the scoring. A row is one variant, indented under the variant it extends; its one link
is the variant's name, to its page. The cells are plain words (``defaults``), and the
'Off unless chosen' column lists the rules a table has to choose to switch on.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from ...engine.rules import Rules
from ...language.compiler import compile_rules
from ...language.merge import Merged
from ...resources import bundled_variants
from ..pages import defaults as D
from .balance_ranking import ranking
from .catalog import Family, families, listings
from ..prose.english import article, capitalise, join, plural
from ..text.markdown import page_path
from ..text.naming import pack_names
from ..pages.page import load_merged
from ..text.safe import inline

BREAK = "<br>"  # one rule a line within a cell
INTRO = ("Every game of this rulebook as it plays when nobody chooses an option, family by family; a game "
         "told as changes to another is indented under it (↳). A rule that a table has to choose is in the "
         "column *Off unless chosen*. The name of a game opens its page, with every rule in full and its "
         "options.")


def _called(merged: Merged, rules: Rules) -> str:
    """Returns the bonuses in play by default, named as the variant names them."""
    on = D.bonuses(merged).on
    named = rules.bonus_name.casefold() != "basra" and on
    return (f"(called {article(inline(rules.bonus_name))})<br>" if named else "") + (_lines(on) or "none")


def _lines(phrases: list[str]) -> str:
    """Returns phrases a line each in a cell, with a bullet each when there are several."""
    return BREAK.join(f"• {p}" for p in phrases) if len(phrases) > 1 else "".join(phrases)


def _listed(phrases: list[str]) -> str:
    """Returns 'a, b and c', or 'a; b' when a phrase has a comma of its own."""
    return "; ".join(phrases) if any("," in p for p in phrases) else join(phrases)


Cell = Callable[[Merged, Rules], str]
TABLES: tuple[tuple[str, tuple[tuple[str, Cell], ...]], ...] = (
    ("Deal and play", (
        ("Players", lambda m, r: D.players(m)),
        ("Deck", D.deck),
        ("Play goes", lambda m, r: r.direction),
        ("Deal", D.deal),
        ("First floor", D.first_floor),
        ("Takes", D.captures),
        ("Sweeps the floor", lambda m, r: _listed(D.sweepers(m).on) or "nothing"),
    )),
    # the longest texts of the page: a table of their own, so that on a phone they get its width
    ("Basras", (
        ("Basras", _called),
        ("Off unless chosen", lambda m, r: _lines(D.bonuses(m).off + D.sweepers(m).off) or "—"),
    )),
    ("Scoring", (
        ("Card points", lambda m, r: D.card_points(r)),
        ("Most cards", lambda m, r: D.majorities(r)),
        ("Game to", lambda m, r: D.game(r)),
    )),
)


def render_comparison(catalog: dict[str, Path] | None = None) -> str:
    """Returns the comparison page of a site's variants (name -> file; the bundled ones unless given)."""
    catalog = catalog if catalog is not None else bundled_variants()
    loaded = {}
    for name, path in catalog.items():
        merged = load_merged(path)
        loaded[name] = (merged, compile_rules(merged))
    # the tables want all the width a screen has: the page's own list of contents is left out
    parts = ["---\ntitle: Comparison of the variants\nhide:\n  - toc\n---\n\n# Comparison of the variants\n\n" + INTRO]
    for number, family in enumerate(families(listings(catalog)), 1):
        parts.append(f"## The {inline(family.name)} family")
        bonus = _bonus_word(family, loaded)  # a family's bonus as its games name it: basras, scopas
        for heading, columns in TABLES:
            if heading == "Basras":
                heading, columns = bonus, tuple((bonus if t == "Basras" else t, cell) for t, cell in columns)
            parts.append(f"### {heading} {{#{_slug(family.name) or number}-{_slug(heading)}}}\n\n"
                         + table(family, columns, loaded))
    parts.append(ranking(catalog, {name: merged.variant.title or name for name, (merged, _) in loaded.items()}))
    return "\n\n".join(part for part in parts if part) + "\n"


def _bonus_word(family: Family, loaded: dict) -> str:
    """Returns what most games of the family call their bonus (the first such on a tie), in
    the plural and capitalised: Basras, Scopas."""
    names = [loaded[m.name][1].bonus_name for line in family.lines for m in line.members]
    word = inline(max(names, key=names.count)) if names else ""
    return capitalise(plural(word)) if word else "Bonuses"


def _slug(text: str) -> str:
    """Returns an id made of a text's letters and digits (a file's text never reaches an id as it is)."""
    return "-".join("".join(ch if ch.isascii() and ch.isalnum() else " " for ch in text.lower()).split())


def table(family: Family, columns: tuple[tuple[str, Cell], ...], loaded: dict) -> str:
    """Returns one Markdown table of a family: a row per variant, parents before their children."""
    head = "| Variant | " + " | ".join(title for title, _ in columns) + " |\n|" + " --- |" * (len(columns) + 1)
    rows = []
    for line in family.lines:
        for member in line.members:
            merged, rules = loaded[member.name]
            depth = line.depth[member.name]
            lead = "&nbsp;" * 3 * (depth - 1) + "↳&nbsp;" if depth else ""
            name = f"{lead}[{inline(member.title)}]({page_path(member.name)})"
            with pack_names(rules.suits):  # a row names its cards as its own pack does (7 of coins)
                rows.append("| " + " | ".join([name] + [cell(merged, rules) for _, cell in columns]) + " |")
    return head + "\n" + "\n".join(rows)


__all__ = ["TABLES", "render_comparison"]
