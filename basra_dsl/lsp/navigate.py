"""Go to definition and find references: where a name under the cursor is declared, and
every place an option is used.

A definition is a span, in this file or in a parent's (bundled parents too):
``extends PARENT`` leads to the parent's file, an option's name to its ``option`` line, a
clause that replaces a parent's (or a ``drop``) to the parent's clause.
"""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import DiagnosticError, Span
from ..language import nodes as n
from ..language.loader import find_variant_file, load_text
from ..language.merge import Merged
from .cursor import contains, cursor_at, nodes_at, parent_name
from .hover import parent_stating


def definition(text: str, path: str, line: int, column: int) -> list[Span]:
    """Returns where the thing under the cursor is declared (line and column from 1)."""
    cursor = cursor_at(text, line, column)
    parent = parent_name(text)
    if parent and cursor.word == parent and cursor.text.lstrip().startswith("variant"):
        found = find_variant_file(parent, Path(path).parent)
        return [Span(str(found), 1, 1, 1, 1)] if found else []
    merged = _merged(text, path)
    if merged is None:
        return []
    option = _option_under(merged, line, column)
    if option is not None:
        return [merged.options[option].name.span]
    for node in nodes_at(merged.variant, line, column)[:1]:
        key = node.key if isinstance(node, (n.Clause, n.Drop)) else None
        ancestor = parent_stating(merged, key) if key else None
        if ancestor is not None:
            return [c.span for c in ancestor.clauses if c.key == key]
    return []


def references(text: str, path: str, line: int, column: int, declaration: bool = True) -> list[Span]:
    """Returns every use of the option under the cursor, in this file and in the parents
    whose rules the variant plays (its declaration too, when asked), or nothing when the
    cursor is not on an option."""
    merged = _merged(text, path)
    option = _option_under(merged, line, column) if merged else None
    if merged is None or option is None:
        return []
    uses = [node.span for variant in merged.chain for node in n.walk(variant.clauses)
            if isinstance(node, n.Name) and node.id == option]
    if declaration:
        uses.insert(0, merged.options[option].name.span)
    return uses


def _merged(text: str, path: str) -> Merged | None:
    try:
        return load_text(text, path).merged
    except DiagnosticError:
        return None


def _option_under(merged: Merged, line: int, column: int) -> str | None:
    """The option named where the cursor stands: in an expression, or on its own line."""
    for node in reversed(nodes_at(merged.variant, line, column)):
        if isinstance(node, n.Name) and node.id in merged.options:
            return node.id
        if isinstance(node, n.Option) and _on_name(node, line, column):
            return node.name.text
    return None


def _on_name(option: n.Option, line: int, column: int) -> bool:
    span = option.name.span
    return contains(span, line, column) or (span.line == line and span.column <= column <= span.column + len(option.name.text))
