"""The expressions of the syntax tree (and the node every part of the tree is): numbers,
names, attributes, calls, operators, tests against card patterns. ``nodes`` holds the
clauses built from them and re-exports these, so the tree is one vocabulary (``n.Number``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ..diagnostics import Span


@dataclass(frozen=True)
class Node:
    """Anything in the tree: it knows where the file states it."""
    span: Span = field(compare=False, repr=False, kw_only=True)


def walk(tree: "Node | tuple") -> Iterator["Node"]:
    """Yields every node of a tree (or of a tuple of trees), parents before children."""
    if isinstance(tree, tuple):
        for item in tree:
            yield from walk(item)
    elif isinstance(tree, Node):
        yield tree
        for value in vars(tree).values():
            if isinstance(value, (Node, tuple)):
                yield from walk(value)


def conjuncts(expr: "Expr | None") -> list["Expr"]:
    """Returns the parts of a condition joined by 'and' at its top (none for no condition)."""
    if isinstance(expr, BoolOp) and expr.op == "and":
        return conjuncts(expr.left) + conjuncts(expr.right)
    return [] if expr is None else [expr]


# ------------------------------------------------------------------ expressions

@dataclass(frozen=True)
class Expr(Node):
    """An expression: a condition or a number of points."""


@dataclass(frozen=True)
class Number(Expr):
    """A number written out: 10, 1.5."""
    value: int | float


@dataclass(frozen=True)
class Bool(Expr):
    """yes or no."""
    value: bool


@dataclass(frozen=True)
class Name(Expr):
    """A name: an option, a part of the play (played, floor...) or a word choice."""
    id: str


@dataclass(frozen=True)
class Attribute(Expr):
    """A part of a value: floor.sum, played.value."""
    obj: Expr
    attr: str


@dataclass(frozen=True)
class Counted(Expr):
    """How many of some cards match a pattern: floor.count(K)."""
    obj: Expr
    attr: str  # count (the only attribute that takes a pattern; the checks say so)
    pattern: "Pattern"


@dataclass(frozen=True)
class Keyword(Node):
    """A rank's value given to value(): J=12."""
    name: str
    value: Expr


@dataclass(frozen=True)
class Call(Expr):
    """A function: value(played, J=12), splits(floor, 2, 10)."""
    func: str
    args: tuple[Expr, ...]
    keywords: tuple[Keyword, ...] = ()


@dataclass(frozen=True)
class Negate(Expr):
    """A minus sign before a number."""
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    """Arithmetic on two numbers."""
    op: str  # + - * /
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Compare(Expr):
    """Two values compared: floor.sum <= 10."""
    op: str  # == != < <= > >=
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Word(Node):
    """A word as written (a name, a card, a rank), with its place."""
    text: str


@dataclass(frozen=True)
class Pattern(Node):
    """Cards matching any of ``include`` and none of ``exclude``."""
    include: tuple[Word, ...]
    exclude: tuple[Word, ...] = ()


@dataclass(frozen=True)
class Test(Expr):
    """A card or cards tested against a pattern: played is J, floor has 7D."""
    op: str  # is, is not, has, only
    subject: Expr
    pattern: Pattern


@dataclass(frozen=True)
class Not(Expr):
    """not, before a condition."""
    operand: Expr


@dataclass(frozen=True)
class BoolOp(Expr):
    """Two conditions joined by 'and' or 'or'."""
    op: str  # and, or
    left: Expr
    right: Expr
