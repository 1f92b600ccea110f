"""Loads the language's Lark grammar (``grammars/basra.lark``) into one shared LALR parser.

The parser keeps positions (``propagate_positions``) so every node of the tree knows its
line and column; it is built once per process. Building its tables takes about 0.1 s, so
they are kept in the per-user cache (``basra_dsl.cache``) under the hash of the grammar's
text, Lark's version, Python's and the package's: a changed grammar never meets old tables.
"""

from __future__ import annotations

import sys
from functools import cache

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from .. import __version__
from .. import cache as user_cache
from ..resources import grammar_path

OPTIONS = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}


@cache
def lark_parser() -> Lark:
    """Returns the LALR parser of the variant language (tables from the cache when it has them)."""
    text = grammar_path().read_text(encoding="utf-8")
    if user_cache.folder() is None:
        return Lark(text, **OPTIONS)  # the cache is off or unusable: not even worth serialising
    key = user_cache.key_of("parser tables", __version__, text, lark.__version__, sys.version_info[:2], sorted(OPTIONS.items()))
    kept = user_cache.read_data("parser", key)
    if kept is not None:
        try:
            return Lark.load(kept)  # a dict of plain data, as Lark.save pickles it
        except Exception:  # noqa: BLE001 - tables Lark cannot read are built again, never fatal
            pass
    parser = Lark(text, **OPTIONS)
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
    except Exception:  # noqa: BLE001 - the cache is an optimisation; the parser stands without it
        return parser
    user_cache.write_data("parser", key, {"data": data, "memo": memo})
    return parser
