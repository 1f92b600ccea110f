"""The syntax tree of a variant file: frozen dataclasses, each with its source span.

The parser builds these; checks read them; the compiler turns them into rules. A clause's
``key`` names what a child variant overrides when it states the same clause again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .expr_nodes import (  # noqa: F401 - re-exported: the tree is one vocabulary
    Attribute,
    Binary,
    Bool,
    BoolOp,
    Call,
    Compare,
    Counted,
    Expr,
    Keyword,
    Name,
    Negate,
    Node,
    Not,
    Number,
    Pattern,
    Test,
    Word,
    conjuncts,
    walk,
)

from .file_nodes import Drop, Option, Source, Variant  # noqa: F401,E402 - re-exported likewise

# the sections of a variant file, in the order `basra fmt` and the pages put them
SECTIONS = ("setup", "dealing", "capture", "basra", "end", "score", "game", "match")


# ------------------------------------------------------------------ clauses

@dataclass(frozen=True)
class Clause(Node):
    """One line of a section; ``guard`` is its 'when' condition, if any."""
    guard: Expr | None = field(default=None, kw_only=True)

    section = ""
    keyword = ""

    @property
    def key(self) -> str:
        """What a child restating the clause overrides: a named rule by its name (``capture.jack``),
        any other clause by its keyword (``setup.hand``)."""
        name = getattr(self, "name", None)
        return f"{self.section}.{name.text if isinstance(name, Word) else self.keyword}"


@dataclass(frozen=True)
class Deck(Clause):
    """setup: deck 52 [without PATTERN...]."""
    size: int
    without: tuple[Pattern, ...] = ()
    section, keyword = "setup", "deck"


@dataclass(frozen=True)
class Players(Clause):
    """setup: players 2, 4."""
    counts: tuple[int, ...]
    section, keyword = "setup", "players"


@dataclass(frozen=True)
class Partners(Clause):
    """setup: partners [when ...]."""
    section, keyword = "setup", "partners"


@dataclass(frozen=True)
class Hand(Clause):
    """setup: hand N (cards dealt to each player)."""
    count: Expr
    section, keyword = "setup", "hand"


@dataclass(frozen=True)
class FloorKind(Clause):
    """setup: floor spread | stack."""
    kind: str  # spread | stack
    section, keyword = "setup", "floor"


@dataclass(frozen=True)
class Bar(Node):
    """Which cards may not lie on the first floor, and what the dealer does with them."""
    top_only: bool
    patterns: tuple[Pattern, ...]
    action: str  # bury | bottom | dealer (the dealer wins the card)


@dataclass(frozen=True)
class Cut(Clause):
    """setup: cut PATTERN: next | dealer."""
    patterns: tuple[Pattern, ...]  # a card of these shown at the bottom of the cut is won at once
    winner: str  # next | dealer: who wins it, from the dealer
    section, keyword = "setup", "cut"


@dataclass(frozen=True)
class StartFloor(Clause):
    """setup: start floor N [without PATTERN: ACTION]."""
    count: Expr
    bar: Bar | None = None
    section, keyword = "setup", "start_floor"


@dataclass(frozen=True)
class ValueEntry(Node):
    """One card pattern and the number it counts in a 'values' line."""
    pattern: Pattern
    value: Expr


@dataclass(frozen=True)
class CardValues(Clause):
    """setup: values PATTERN N, ... (what cards count when adding up, over the usual pips)."""
    entries: tuple[ValueEntry, ...]
    section, keyword = "setup", "values"


@dataclass(frozen=True)
class PlayedValues(Clause):
    """setup: played values PATTERN N, ... (what cards count as the card played, where it
    differs from their count on the floor; a card given twice may count either: Royal
    Casino's 'played values A 1, A 14')."""
    entries: tuple[ValueEntry, ...]
    section, keyword = "setup", "played_values"


@dataclass(frozen=True)
class FloorValues(Clause):
    """setup: floor values PATTERN N, ... (what cards count lying on the floor, where it
    differs from 'values'; a card given twice may count either, as the player taking it
    chooses: Tablanette's 'floor values A 1, A 11')."""
    entries: tuple[ValueEntry, ...]
    section, keyword = "setup", "floor_values"


@dataclass(frozen=True)
class Suits(Clause):
    """setup: suits french | italian | spanish (what the pack's suits are called on pages)."""
    style: str
    section, keyword = "setup", "suits"


@dataclass(frozen=True)
class RedealFloor(Clause):
    """setup: redeal floor N (cards added to the floor at each later deal)."""
    count: Expr
    section, keyword = "setup", "redeal_floor"


@dataclass(frozen=True)
class Draw(Clause):
    """setup: draw N (after each play the player draws N cards from the stock while it
    lasts; the pack left after the first deal is the stock: Draw Casino)."""
    count: Expr
    section, keyword = "setup", "draw"


@dataclass(frozen=True)
class Flip(Clause):
    """setup: flip N (after a play from the hand, the player turns the stock's top card and
    plays it as if from the hand, N times while the stock lasts: Chinese Ten)."""
    count: Expr
    section, keyword = "setup", "flip"


@dataclass(frozen=True)
class DealMode(Clause):
    """setup: deal batches | singly."""
    mode: str  # batches | singly
    section, keyword = "setup", "deal"


@dataclass(frozen=True)
class Direction(Clause):
    """setup: direction clockwise | anticlockwise."""
    direction: str
    section, keyword = "setup", "direction"


@dataclass(frozen=True)
class Lead(Clause):
    """setup: lead next | dealer."""
    who: str  # next (the player after the dealer, in the direction of play) | dealer
    section, keyword = "setup", "lead"


@dataclass(frozen=True)
class DealPasses(Clause):
    """setup: deal passes next | previous | never."""
    to: str  # next | previous (in the direction of play) | never
    section, keyword = "setup", "deal_passes"


@dataclass(frozen=True)
class Redeal(Clause):
    """dealing: redeal when CONDITION (the first floor, as dealt, calls for a new deal)."""
    section, keyword = "dealing", "redeal"


@dataclass(frozen=True)
class FloorBonus(Clause):
    """dealing: NAME ["Title"]: POINTS to dealer | next when CONDITION (the first floor is
    won at the deal, scoring a bonus); or ... to holder | declarer when CONDITION (a bonus
    for the cards a player is dealt, or one they may declare: Cirulla's accusi)."""
    name: Word
    points: Expr
    taker: str  # dealer | next: who wins the floor, from the dealer; or an option choosing one of them
    title: str | None = field(default=None, kw_only=True)
    section, keyword = "dealing", "rule"

    @property
    def of_hand(self) -> bool:
        """Whether the rule is about the cards a player is dealt (to holder, to declarer)."""
        return self.taker in ("holder", "declarer")


@dataclass(frozen=True)
class CaptureRule(Clause):
    """capture: NAME ["Title"]: PATTERN takes rank | sums [to TOTAL] | all | pile [when ...]."""
    name: Word
    pattern: Pattern
    takes: str  # rank | sums | all | pile (an opponent's won pile whose top card is of its rank)
    total: Expr | None = field(default=None, kw_only=True)  # sums to a total that the played card counts toward
    spared: Pattern | None = field(default=None, kw_only=True)  # takes all but these
    title: str | None = field(default=None, kw_only=True)  # the name players read; the rulebook derives one if None
    section, keyword = "capture", "rule"


@dataclass(frozen=True)
class Restriction(Clause):
    """capture: NAME ["Title"]: PATTERN barred [when ...] (these cards may not be played while
    the condition holds, unless the player holds nothing else)."""
    name: Word
    pattern: Pattern
    title: str | None = field(default=None, kw_only=True)
    section, keyword = "capture", "restriction"


@dataclass(frozen=True)
class Choose(Clause):
    """capture: choose largest | one | fewest | single."""
    policy: str  # largest | one | fewest | single
    section, keyword = "capture", "choose"


@dataclass(frozen=True)
class PairsFirst(Clause):
    """capture: pairs first (a card that can take a single card of its value must)."""
    section, keyword = "capture", "pairs_first"


@dataclass(frozen=True)
class FloorFirst(Clause):
    """capture: floor first (a card that can take from the floor may not take a pile)."""
    section, keyword = "capture", "floor_first"


@dataclass(frozen=True)
class Run(Clause):
    """capture: run RANK RANK ... (a card that captures also takes the floor cards that
    continue upward from its own rank in this order, one of each rank, while the run is
    unbroken: Cuarenta's escalera)."""
    ranks: tuple[Word, ...]
    section, keyword = "capture", "run"


@dataclass(frozen=True)
class Compulsion(Clause):
    """capture: compulsory [hand] | optional."""
    mode: str  # compulsory (a card that can capture must) | compulsory hand (a player who can must) | optional
    section, keyword = "capture", "compulsion"


@dataclass(frozen=True)
class BasraRule(Clause):
    """A bonus: ``points`` scored by a capture for which ``guard`` holds."""
    name: Word
    points: Expr
    title: str | None = field(default=None, kw_only=True)  # the name players read; the rulebook derives one if None
    section, keyword = "basra", "rule"


@dataclass(frozen=True)
class Called(Clause):
    """basra: called "NAME" (what players call the bonus)."""
    title: str
    section, keyword = "basra", "called"


@dataclass(frozen=True)
class Leftover(Clause):
    """end: leftover last | nobody."""
    mode: str  # last | nobody
    section, keyword = "end", "leftover"


@dataclass(frozen=True)
class Most(Clause):
    """score: most cards | SUIT | RANKS POINTS [then WHAT, ...] [at least N] [tie ...] [void],
    or most prime POINTS ...: VALUES."""
    what: Word  # cards, a suit, a rank in the plural, or prime
    points: Expr
    tie: str | None = None  # carry | nobody | each
    void: bool = False  # a tie also wipes out every point of the hand
    values: tuple["PointEntry", ...] = ()  # for prime: what each card counts toward it
    then: tuple[Word, ...] = ()  # counted in turn among sides still level (Chkobba: sevens, then sixes)
    least: Expr | None = None  # the most that wins must be at least this (Pasur: 7 clubs)
    held: bool = False  # prime: over the suits a side holds (`suits held`), not only with all four
    section, keyword = "score", "most"

    @property
    def key(self) -> str:
        return f"score.most_{self.what.text}"


@dataclass(frozen=True)
class ScoreRule(Clause):
    """score: NAME ["Title"]: POINTS [when CONDITION] (points a side scores for what it took,
    read as ``taken``: Cirulla's Grande, the three diamond pictures)."""
    name: Word
    points: Expr
    title: str | None = field(default=None, kw_only=True)
    section, keyword = "score", "rule"


@dataclass(frozen=True)
class PointEntry(Node):
    """One card pattern and its points in a 'points' line."""
    pattern: Pattern
    points: Expr


@dataclass(frozen=True)
class Points(Clause):
    """score: points PATTERN N, ..."""
    entries: tuple[PointEntry, ...]
    section, keyword = "score", "points"


@dataclass(frozen=True)
class Total(Clause):
    """score: total N (the points a hand holds, stated as a check)."""
    points: Expr
    section, keyword = "score", "total"


@dataclass(frozen=True)
class Target(Clause):
    """game: first to N."""
    points: Expr
    section, keyword = "game", "target"


@dataclass(frozen=True)
class WinAtOnce(Clause):
    """game: win at once (a side whose points scored during play reach the target wins
    there and then: the hand stops, and what it would score at its end is not counted)."""
    section, keyword = "game", "win_at_once"


@dataclass(frozen=True)
class HandsLimit(Clause):
    """game: hands N (the game is that many hands; the higher total wins)."""
    count: Expr
    section, keyword = "game", "hands"


@dataclass(frozen=True)
class Countback(Clause):
    """game: tie countback WHAT, ... (level totals at the end are settled by these counts of
    the last hand, in turn: cards, a suit, a rank, a card, or the bonuses)."""
    words: tuple[Word, ...]
    section, keyword = "game", "countback"


@dataclass(frozen=True)
class GameTie(Clause):
    """game: tie replay | draw | extend [N]."""
    policy: str  # replay | draw | extend
    amount: Expr | None = None
    section, keyword = "game", "tie"


@dataclass(frozen=True)
class BestOf(Clause):
    """match: best of N."""
    games: Expr
    section, keyword = "match", "best_of"


@dataclass(frozen=True)
class Decider(Clause):
    """match: decider N (the target of the deciding game)."""
    points: Expr
    section, keyword = "match", "decider"


@dataclass(frozen=True)
class Lurch(Clause):
    """match: lurch N below T (a game won while every losing side has fewer than T points
    counts as N games: Casino's lurch, a double game)."""
    games: Expr
    below: Expr
    section, keyword = "match", "lurch"


# clauses whose 'when' is read as the game is played (of a play, of the dealt floor), not
# decided from the options before it starts
PLAY_GUARDED = (CaptureRule, BasraRule, Redeal, FloorBonus, ScoreRule)


from .build_nodes import BuildKind, BuildRule, LayAfterSweep, OwnerTrails, Raising, Stacks  # noqa: F401,E402 - re-exported
