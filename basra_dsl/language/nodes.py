"""The syntax tree of a variant file: frozen dataclasses, each with its source span.

The parser builds these; checks read them; the compiler turns them into rules. A clause's
``key`` names what a child variant overrides when it states the same clause again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator

from ..diagnostics import Span


@dataclass(frozen=True)
class Node:
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


# ------------------------------------------------------------------ expressions

@dataclass(frozen=True)
class Expr(Node):
    pass


@dataclass(frozen=True)
class Number(Expr):
    value: int | float


@dataclass(frozen=True)
class Bool(Expr):
    value: bool


@dataclass(frozen=True)
class Name(Expr):
    id: str


@dataclass(frozen=True)
class Attribute(Expr):
    obj: Expr
    attr: str


@dataclass(frozen=True)
class Keyword(Node):
    name: str
    value: Expr


@dataclass(frozen=True)
class Call(Expr):
    func: str
    args: tuple[Expr, ...]
    keywords: tuple[Keyword, ...] = ()


@dataclass(frozen=True)
class Negate(Expr):
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # + - * /
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Compare(Expr):
    op: str  # == != < <= > >=
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Word(Node):
    text: str


@dataclass(frozen=True)
class Pattern(Node):
    """Cards matching any of ``include`` and none of ``exclude``."""

    include: tuple[Word, ...]
    exclude: tuple[Word, ...] = ()


@dataclass(frozen=True)
class Test(Expr):
    op: str  # is, is not, has, only
    subject: Expr
    pattern: Pattern


@dataclass(frozen=True)
class Not(Expr):
    operand: Expr


@dataclass(frozen=True)
class BoolOp(Expr):
    op: str  # and, or
    left: Expr
    right: Expr


# ------------------------------------------------------------------ clauses

@dataclass(frozen=True)
class Clause(Node):
    guard: Expr | None = field(default=None, kw_only=True)

    section = ""
    keyword = ""

    @property
    def key(self) -> str:
        return f"{self.section}.{self.keyword}"


@dataclass(frozen=True)
class Deck(Clause):
    size: int
    without: tuple[Pattern, ...] = ()
    section, keyword = "setup", "deck"


@dataclass(frozen=True)
class Players(Clause):
    counts: tuple[int, ...]
    section, keyword = "setup", "players"


@dataclass(frozen=True)
class Partners(Clause):
    section, keyword = "setup", "partners"


@dataclass(frozen=True)
class Hand(Clause):
    count: Expr
    section, keyword = "setup", "hand"


@dataclass(frozen=True)
class FloorKind(Clause):
    kind: str  # spread | stack
    section, keyword = "setup", "floor"


@dataclass(frozen=True)
class Bar(Node):
    top_only: bool
    patterns: tuple[Pattern, ...]
    action: str  # bury | bottom | dealer (the dealer wins the card)


@dataclass(frozen=True)
class Cut(Clause):
    patterns: tuple[Pattern, ...]  # a card of these shown at the bottom of the cut is won at once
    winner: str  # next | dealer: who wins it, from the dealer
    section, keyword = "setup", "cut"


@dataclass(frozen=True)
class StartFloor(Clause):
    count: Expr
    bar: Bar | None = None
    section, keyword = "setup", "start_floor"


@dataclass(frozen=True)
class RedealFloor(Clause):
    count: Expr
    section, keyword = "setup", "redeal_floor"


@dataclass(frozen=True)
class DealMode(Clause):
    mode: str  # batches | singly
    section, keyword = "setup", "deal"


@dataclass(frozen=True)
class Direction(Clause):
    direction: str
    section, keyword = "setup", "direction"


@dataclass(frozen=True)
class Lead(Clause):
    who: str  # next (the player after the dealer, in the direction of play) | dealer
    section, keyword = "setup", "lead"


@dataclass(frozen=True)
class DealPasses(Clause):
    to: str  # next | previous (in the direction of play) | never
    section, keyword = "setup", "deal_passes"


@dataclass(frozen=True)
class CaptureRule(Clause):
    name: Word
    pattern: Pattern
    takes: str  # rank | sums | all
    title: str | None = field(default=None, kw_only=True)  # the name players read; the rulebook derives one if None
    section, keyword = "capture", "rule"

    @property
    def key(self) -> str:
        return f"capture.{self.name.text}"


@dataclass(frozen=True)
class Choose(Clause):
    policy: str  # largest | one
    section, keyword = "capture", "choose"


@dataclass(frozen=True)
class Compulsion(Clause):
    mode: str  # compulsory (a card that can capture must) | compulsory hand (a player who can must) | optional
    section, keyword = "capture", "compulsion"


@dataclass(frozen=True)
class BasraRule(Clause):
    """A bonus: ``points`` scored by a capture for which ``guard`` holds."""

    name: Word
    points: Expr
    title: str | None = field(default=None, kw_only=True)  # the name players read; the rulebook derives one if None
    section, keyword = "basra", "rule"

    @property
    def key(self) -> str:
        return f"basra.{self.name.text}"


@dataclass(frozen=True)
class Called(Clause):
    title: str
    section, keyword = "basra", "called"


@dataclass(frozen=True)
class Leftover(Clause):
    mode: str  # last | nobody
    section, keyword = "end", "leftover"


@dataclass(frozen=True)
class Most(Clause):
    what: Word  # cards, clubs, diamonds, hearts, spades
    points: Expr
    tie: str | None = None  # carry | nobody | each
    void: bool = False  # a tie also wipes out every point of the hand
    section, keyword = "score", "most"

    @property
    def key(self) -> str:
        return f"score.most_{self.what.text}"


@dataclass(frozen=True)
class PointEntry(Node):
    pattern: Pattern
    points: Expr


@dataclass(frozen=True)
class Points(Clause):
    entries: tuple[PointEntry, ...]
    section, keyword = "score", "points"


@dataclass(frozen=True)
class Total(Clause):
    points: Expr
    section, keyword = "score", "total"


@dataclass(frozen=True)
class Target(Clause):
    points: Expr
    section, keyword = "game", "target"


@dataclass(frozen=True)
class GameTie(Clause):
    policy: str  # replay | draw | extend
    amount: Expr | None = None
    section, keyword = "game", "tie"


@dataclass(frozen=True)
class BestOf(Clause):
    games: Expr
    section, keyword = "match", "best_of"


@dataclass(frozen=True)
class Decider(Clause):
    points: Expr
    section, keyword = "match", "decider"


@dataclass(frozen=True)
class Drop(Node):
    section: str
    name: Word

    @property
    def key(self) -> str:
        return f"{self.section}.{self.name.text}"


# ------------------------------------------------------------------ the file

@dataclass(frozen=True)
class Source(Node):
    title: str
    link: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Option(Node):
    name: Word
    choices: tuple[Expr, ...]  # Number, Bool or Name (a word)
    default: Expr
    doc: str | None = None


@dataclass(frozen=True)
class Variant(Node):
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
