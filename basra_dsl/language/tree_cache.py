"""Keeps the syntax trees of parsed files in the per-user cache, as plain data.

A run command reads the same few variant files again and again; parsing them costs more
than everything else at start-up (importing Lark, then building its lexers on the first
parse). A file parsed clean is kept here as nested tuples of strings and numbers, under
the hash of its text, its path (positions name it), the grammar, Lark's install and this
package's code: a changed input is a new entry, never a stale tree. ``parsed`` returns
the tree from the cache when it has it, else parses (importing Lark only then) and keeps
the result. A file with an error is never kept: it is parsed, and reported, every time.

The plain data names node classes only by their names in ``nodes``; anything else, or
anything that does not rebuild, counts as a miss and the text is parsed again.
"""

from __future__ import annotations

import dataclasses
import importlib.util
import os
from functools import cache
from typing import Any

from .. import __version__
from .. import cache as user_cache
from ..diagnostics import SourceFile, Span
from ..resources import grammar_path
from . import nodes as n

SPAN = "Span"


def parsed(text: str, path: str) -> n.Variant:
    """Returns the syntax tree of a file's text (as ``parser.parse`` returns it), or raises
    ``DiagnosticError`` as it does."""
    key = _key(text, path)
    if key is not None:
        data = user_cache.read_data("tree", key)
        tree = from_data(data) if data is not None else None
        if isinstance(tree, n.Variant):
            SourceFile(path, text)  # diagnostics about the file quote its lines, as after a parse
            return tree
    from .parser import parse  # here: a tree found in the cache needs neither Lark nor the parser

    tree = parse(text, path)
    if key is not None:
        user_cache.write_data("tree", key, to_data(tree))
    return tree


def _key(text: str, path: str) -> str | None:
    if user_cache.folder() is None:
        return None
    return user_cache.key_of("syntax tree", __version__, user_cache.code_stamp(), _lark_stamp(), _grammar(), path, text)


@cache
def _grammar() -> bytes:
    """The grammar's text, read once per process (a run reads several files)."""
    return grammar_path().read_bytes()


@cache
def _lark_stamp() -> str:
    """Returns what tells one install of Lark from another, without importing it."""
    spec = importlib.util.find_spec("lark")
    if spec is None or spec.origin is None:
        return "no lark"
    stat = os.stat(spec.origin)
    return f"{spec.origin}:{stat.st_mtime_ns}:{stat.st_size}"


def to_data(value: Any) -> Any:
    """Returns a node (or a tuple of them, or a field's value) as plain data: a node is
    ``(class name, field values...)``, a span ``("Span", path, line, column, end_line,
    end_column)``, a tuple ``("", items...)``."""
    if isinstance(value, n.Node):
        return (type(value).__name__,) + tuple(to_data(getattr(value, name)) for name in _fields(type(value)))
    if isinstance(value, Span):
        return (SPAN, value.path, value.line, value.column, value.end_line, value.end_column)
    if isinstance(value, tuple):
        return ("",) + tuple(to_data(item) for item in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"a syntax tree holds a {type(value).__name__}")


def from_data(data: Any) -> Any:
    """Returns the tree ``to_data`` wrote, or None when the data is not such a tree."""
    try:
        return _rebuild(data)
    except (TypeError, ValueError, KeyError, IndexError, RecursionError):
        return None


def _rebuild(data: Any) -> Any:
    if not isinstance(data, tuple):
        if data is None or isinstance(data, (str, int, float, bool)):
            return data
        raise TypeError("not plain data")
    tag = data[0]
    if tag == "":
        return tuple(_rebuild(item) for item in data[1:])
    if tag == SPAN:
        return Span(*data[1:])
    cls = _classes()[tag]
    names = _fields(cls)
    if len(data) != len(names) + 1:
        raise ValueError(f"{tag} takes {len(names)} fields")
    return cls(**{name: _rebuild(item) for name, item in zip(names, data[1:])})


@cache
def _classes() -> dict[str, type]:
    return {name: value for name, value in vars(n).items()
            if isinstance(value, type) and issubclass(value, n.Node) and dataclasses.is_dataclass(value)}


@cache
def _fields(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))
