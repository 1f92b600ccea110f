"""Checks of a child variant against its parent: what it restates, or that it changes nothing.

- B708 a clause or option of a child stated exactly as its parent states it;
- B709 a variant that extends another and changes nothing.
"""

from __future__ import annotations

from typing import Iterator

from ...diagnostics import Diagnostic, Span, warning
from ...language import nodes as n
from ...language.merge import Merged, merge
from .combinations import Combination


def check_overrides(merged: Merged, combos: list[Combination]) -> Iterator[Diagnostic]:
    """B708/B709: a child that restates its parent's clauses, or changes nothing at all."""
    variant = merged.variant
    if variant.parent is None or len(merged.chain) < 2:
        return
    parent, _ = merge(merged.chain[1:])
    if not variant.clauses and not variant.options and not variant.drops:
        yield warning("B709", f"'{variant.name.text}' extends '{parent.name}' but changes nothing", variant.name.span,
                      "state the clauses or options that differ, or list this name in the parent's 'aliases'")
        return
    own: dict[str, list[n.Clause]] = {}
    for clause in variant.clauses:
        own.setdefault(clause.key, []).append(clause)
    for key, alternatives in own.items():
        if key == "score.total":
            continue  # restating the total is a claim the child's rules are checked against (B707)
        if tuple(alternatives) == parent.clauses.get(key):
            what = key.split(".", 1)[1].replace("_", " ")
            yield warning("B708", f"'{what}' is stated exactly as '{parent.origin.get(key, parent.name)}' "
                          "states it, so it overrides nothing", _name_span(alternatives[0]),
                          "remove it: the variant inherits it")
    for option in variant.options:
        inherited = parent.options.get(option.name.text)
        if inherited is not None and inherited == option:
            yield warning("B708", f"option '{option.name.text}' is declared exactly as in "
                          f"'{parent.name}', so it overrides nothing", option.span,
                          "remove it: the variant inherits it")


def _name_span(clause: n.Clause) -> Span:
    name = getattr(clause, "name", None)
    return name.span if isinstance(name, n.Word) else clause.span
