"""Loads the language's Lark grammar (``grammars/basra.lark``) into one shared LALR parser.

The parser keeps positions (``propagate_positions``) so every node of the tree knows its
line and column; it is built once per process.
"""

from __future__ import annotations

from functools import cache

from lark import Lark

from ..resources import grammar_path


@cache
def lark_parser() -> Lark:
    """Returns the LALR parser of the variant language (built on first use)."""
    return Lark(grammar_path().read_text(encoding="utf-8"), parser="lalr",
                propagate_positions=True, maybe_placeholders=False)
