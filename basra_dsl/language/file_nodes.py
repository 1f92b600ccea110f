"""The parts of a variant file around its clauses: a drop, a source, an option, the whole
file. ``nodes`` re-exports them, so the tree is one vocabulary (``n.Variant``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .expr_nodes import Expr, Node, Word

if TYPE_CHECKING:
    from .nodes import Clause


@dataclass(frozen=True)
class Drop(Node):
    """drop SECTION NAME: a child removes a parent's clause."""
    section: str
    name: Word

    @property
    def key(self) -> str:
        return f"{self.section}.{self.name.text}"


# ------------------------------------------------------------------ the file

@dataclass(frozen=True)
class Source(Node):
    """source "Title" [link "..."] [note "..."]."""
    title: str
    link: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Option(Node):
    """option NAME: CHOICE | CHOICE = DEFAULT ["what it means"]."""
    name: Word
    choices: tuple[Expr, ...]  # Number, Bool or Name (a word)
    default: Expr
    doc: str | None = None


@dataclass(frozen=True)
class Variant(Node):
    """A whole variant file."""
    name: Word
    title: str | None
    parent: Word | None
    aliases: tuple[str, ...]
    region: str | None
    sources: tuple[Source, ...]
    about: str | None
    options: tuple[Option, ...]
    clauses: tuple[Clause, ...]
    drops: tuple[Drop, ...]
    path: str = ""
    family: str | None = None  # the family of games it belongs to, for the rulebook's grouping
