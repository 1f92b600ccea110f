"""Refuses parse trees the later stages could not handle.

Expressions nested deeper than ``MAX_DEPTH`` would recurse too deeply in Python, numbers
with more than ``MAX_DIGITS`` digits are beyond what a float holds exactly, and a few counts
must be whole numbers though the grammar reads any NUMBER.
"""

from __future__ import annotations

from lark import Token, Tree

from ...diagnostics import Diagnostic, Span, error

MAX_DEPTH = 100  # levels of the parse tree (an expression of ~90 nested operations)
MAX_DIGITS = 15  # digits of a number literal

# grammar rules whose NUMBER tokens the parser reads as whole numbers
WHOLE_NUMBER_RULES = {"players": "a number of players", "deck": "the size of the deck"}


def tree_problems(tree: Tree, path: str) -> list[Diagnostic]:
    """Returns errors for nesting deeper than MAX_DEPTH, numbers with too many digits and
    fractions where a whole number belongs."""
    problems: list[Diagnostic] = []
    deep_reported = set()
    stack = [(tree, 1)]  # walked without recursion: the tree may be too deep for it
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Token):
            if node.type == "NUMBER" and len(node.split(".")[0].lstrip("0")) > MAX_DIGITS:
                problems.append(error("B115", f"this number has {len(str(node))} digits: it is too large",
                                      _token_span(path, node),
                                      f"numbers in a variant have at most {MAX_DIGITS} digits"))
            continue
        if node.data in WHOLE_NUMBER_RULES:
            for child in node.children:
                if isinstance(child, Token) and child.type == "NUMBER" and "." in child:
                    problems.append(error("B705", f"{WHOLE_NUMBER_RULES[node.data]} is a whole number, not {child}",
                                          _token_span(path, child), "write it without a fraction"))
        if depth > MAX_DEPTH:
            line = getattr(node.meta, "line", 1) if not node.meta.empty else 1
            if line not in deep_reported:
                deep_reported.add(line)
                column = getattr(node.meta, "column", 1) if not node.meta.empty else 1
                problems.append(error("B114", f"this is nested more than {MAX_DEPTH} levels deep",
                                      Span(path, line, column),
                                      "split the expression, or write it with fewer brackets and operators"))
            continue
        stack.extend((child, depth + 1) for child in node.children)
    return problems


def _token_span(path: str, token: Token) -> Span:
    return Span(path, token.line, token.column, token.end_line, token.end_column)
