"""What the editor shows on hover: a clause as the rulebook says it (and, where a child
variant replaces its parent's clause, the parent's), or an option's choices and meaning.

Everything comes from the rulebook's own sentences, so the editor and the published page
never disagree.
"""

from __future__ import annotations

from ..diagnostics import DiagnosticError
from ..language import nodes as n
from ..language.loader import load_text
from ..language.unparse import expr_text
from ..resources import bundled_variants
from ..rulebook.differences import describe_key
from ..rulebook.page_state import PageState
from ..rulebook.titles import rule_title


def hover_text(text: str, path: str, line: int) -> str | None:
    """Returns Markdown for the clause or option on ``line`` (counted from 1), or None when
    the line holds neither or the variant cannot be read."""
    try:
        merged = load_text(text, path).merged
    except DiagnosticError:
        return None
    variant = merged.variant
    option = next((o for o in variant.options if o.span is not None and o.span.line == line), None)
    if option is not None:
        return _option(option)
    clause = next((c for c in variant.clauses if c.span is not None and c.span.line == line), None)
    if clause is None or clause.key not in merged.clauses:
        return None
    page = PageState(merged, bundled_variants())
    said = f"**{rule_title(merged, clause.key)}** — {describe_key(merged, clause.key, page.speaker)}"
    replaced = _parent_clause(merged, clause)
    return said + (f"\n\n*Replaces the rule of {replaced}.*" if replaced else "")


def _option(option: n.Option) -> str:
    choices = " | ".join(expr_text(c) for c in option.choices)
    return (f"**option {option.name.text}**: {choices} (default {expr_text(option.default)})"
            + (f"\n\n{option.doc}" if option.doc else ""))


def _parent_clause(merged, clause: n.Clause) -> str | None:
    """The name of the nearest ancestor that states the same clause, which this one replaces."""
    for ancestor in merged.chain[1:]:  # the chain runs from the variant to its root
        if any(c.key == clause.key for c in ancestor.clauses):
            return ancestor.title or ancestor.name.text
    return None
