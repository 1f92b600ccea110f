"""Compiled rules: everything the engine needs to play one variant with chosen options.

The engine reads only these objects. They carry no syntax and name no variant; the play
conditions are Python functions made by the compiler (``evaluation.compile_function``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..cards import RANKS, card_name
from ..diagnostics import Span


@dataclass(frozen=True)
class CaptureRule:
    """Cards in ``cards`` take ``takes`` (rank | sums | all | pile) when ``condition`` holds;
    with a ``total``, the sums are of floor cards that make the total with the played card;
    ``pile`` takes an opponent's whole won pile whose top card has the played card's rank."""

    name: str
    cards: frozenset[int]
    takes: str
    condition: Callable | None = field(default=None, compare=False)
    condition_source: str | None = None
    span: Span | None = field(default=None, compare=False)  # where the variant file states it
    total: int | None = None
    spared: frozenset[int] = frozenset()  # with takes all: the floor cards it leaves (Pasur's jack)

    @property
    def kind(self) -> str:
        """What the rule takes, told apart by total: "rank", "all", "sums" or "sums to 15"."""
        return self.takes if self.total is None else f"sums to {self.total}"


@dataclass(frozen=True)
class Restriction:
    """Cards in ``cards`` may not be played while ``condition`` holds (it reads the card, the
    floor, the player's cards and the play before), unless the player holds nothing else
    that may be played (Scopa d'Assi's rule of the vile: no ace may lead)."""

    name: str
    cards: frozenset[int]
    condition: Callable | None = field(default=None, compare=False)
    condition_source: str | None = None
    span: Span | None = field(default=None, compare=False)
    title: str | None = None  # what players call it (``"The rule of the vile"``)

    @property
    def called(self) -> str:
        """The rule as a message names it: its title, else its name in words."""
        if self.title:  # in a sentence: "(the rule of the vile)"
            return "the" + self.title[3:] if self.title.startswith("The ") else self.title
        return f"the rule '{self.name}'"


@dataclass(frozen=True)
class BasraRule:
    """A capture for which ``condition`` holds scores ``points`` as a bonus."""

    name: str
    points: Callable = field(compare=False)
    condition: Callable | None = field(default=None, compare=False)
    points_source: str = ""
    condition_source: str | None = None
    span: Span | None = field(default=None, compare=False)  # where the variant file states it


@dataclass(frozen=True)
class FloorBonus:
    """When ``condition`` holds of the first floor as dealt, ``taker`` (dealer | next, from
    the dealer) wins the floor at once, scoring ``points`` as a bonus (Escoba's fifteen)."""

    name: str
    points: Callable = field(compare=False)
    condition: Callable | None = field(default=None, compare=False)
    taker: str = "dealer"
    points_source: str = ""
    condition_source: str | None = None
    span: Span | None = field(default=None, compare=False)
    title: str | None = None  # the rule's title, as the file gives it


@dataclass(frozen=True)
class Redeal:
    """The deal is void and dealt again when any of ``conditions`` holds of the first floor."""

    conditions: tuple[Callable, ...] = field(compare=False)
    sources: tuple[str, ...] = ()
    span: Span | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Majority:
    """``points`` to the side with most cards (``cards`` None), or most of the cards in
    ``cards`` (a suit, a rank)."""

    what: str
    cards: frozenset[int] | None
    points: float
    tie: str  # carry | nobody | each
    void: bool = False  # a tie wipes out every point of the hand (the carry still passes on)
    # the prime: a side counts its best card of each suit by these values; without a card
    # of every suit of the pack it has no prime and cannot win it
    prime: dict[int, float] | None = field(default=None, compare=False)
    then: tuple[frozenset[int], ...] = ()  # counted in turn among the sides still level
    least: float | None = None  # the winning count must reach this, or nobody scores
    held: bool = False  # the prime: over the suits a side holds (a missing suit adds nothing)


@dataclass(frozen=True)
class BuildRules:
    """How a variant builds: which played cards may build, whether several units of one
    value may be gathered (multiple builds), who may raise a single build (any | others |
    never), and whether a player who owns a build may lay a card down without building or
    taking."""

    cards: frozenset[int]
    multiple: bool = True
    raising: str = "any"  # any | others (not the build's owner) | never
    owner_trails: bool = False
    stack_limit: int = 0  # stacks (Zwicker): a card laid on one unit, their sum at most this, held by nobody


@dataclass(frozen=True)
class Rules:
    variant: str
    title: str
    options: dict[str, Any]
    players: int
    deck: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    hand_size: int
    floor_kind: str  # spread | stack
    start_floor: int
    bar_cards: frozenset[int]
    bar_top_only: bool
    bar_action: str  # bury | bottom | dealer
    cut_cards: frozenset[int]  # a card of these shown at the bottom of the cut is won at once
    cut_winner: str  # next | dealer: who wins it, from the dealer
    redeal_floor: int
    deal_mode: str  # batches | singly
    direction: str
    lead: str  # next | dealer: who plays first, from the dealer
    deal_passes: str  # next | previous | never: who deals the next hand, from the dealer
    values: dict[int, int | None]  # a card's value when adding up; None for pictures
    capture_rules: tuple[CaptureRule, ...]
    choose: str  # largest | one | fewest | single (one group, of the most cards)
    compulsion: str  # optional | card (a card that can capture must) | hand (a player who can capture must)
    basra_rules: tuple[BasraRule, ...]
    bonus_name: str
    leftover: str  # last | nobody
    majorities: tuple[Majority, ...]
    card_points: dict[int, float]
    total_claim: float | None
    target: float
    game_tie: str  # replay | draw | extend
    tie_extension: float
    best_of: int
    decider: float | None
    pairs_first: bool = False  # a card that can take a single card of its value must take one, not a sum
    floor_first: bool = False  # a card that can take from the floor may not take a pile
    # a card that captures also takes the floor cards continuing upward from its rank in this
    # order of ranks, one of each, while unbroken (Cuarenta's escalera); () for none
    run: tuple[int, ...] = ()
    restrictions: tuple[Restriction, ...] = ()  # cards barred from play while a condition holds
    redeal: Redeal | None = None  # a first floor that voids the deal
    floor_bonuses: tuple[FloorBonus, ...] = ()  # a first floor won at the deal
    hand_bonuses: tuple[FloorBonus, ...] = ()  # taker "holder": a bonus for the cards a player is dealt
    declarations: tuple[FloorBonus, ...] = ()  # taker "declarer": a bonus a player dealt such cards may declare
    score_rules: tuple[BasraRule, ...] = ()  # points a side scores for what it took (read as ``taken``)
    suits: str = "french"  # what the pack's suits are called (pages only): french | italian | spanish
    builds: BuildRules | None = None  # how cards are built on the floor; None: no builds
    # what a card counts as the card played, where it differs from ``values`` (several: the
    # player chooses; Royal Cassino's ace 1 or 14, Kasino's ace 14)
    played_values: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # what a card counts lying on the floor, where it differs from ``values`` (several: the
    # player taking it chooses; Tablanette's ace 1 or 11)
    floor_values: dict[int, tuple[int, ...]] = field(default_factory=dict)
    draw: int = 0  # cards a player draws from the stock after each play (the stock: the pack left after the first deal)
    flip: int = 0  # stock cards a player turns and plays after each play from the hand (Chinese Ten)
    lay_after_sweep: bool = False  # a player who clears the floor lays a card on it at once (Zwicker)
    lurch: tuple[int, float] | None = None  # (games, below): a win while every loser is below counts as that many games
    win_at_once: bool = False  # a side reaching the target with points scored during play wins there and then
    hands_limit: int | None = None  # the game is this many hands (the target may then be infinite)
    # what settles level totals at the end, in turn, counted in the last hand: (word, cards
    # counted; None for every card); the word "bonuses" counts bonuses scored
    countback: tuple[tuple[str, frozenset[int] | None], ...] = ()

    def declaration_title(self, name: str) -> str:
        """The title of the declaration ``name`` as the file gives it, else its name in words."""
        rule = next((r for r in self.declarations if r.name == name), None)
        return rule.title if rule is not None and rule.title else name.replace("_", " ")

    def played(self, card: int) -> tuple[int, ...]:
        """Returns what a card may count as the card played (none for a picture without a value)."""
        found = self.played_values.get(card)
        if found is not None:
            return found
        value = self.values.get(card)
        return (value,) if value else ()

    @property
    def bonus_reads_hand(self) -> str | None:
        """The name of the first bonus rule that reads the hand around its play (last,
        last_deal, stock), or None: only then must a play work the hand out."""
        return next((rule.name for rule in self.basra_rules
                     if any(getattr(fn, "reads_hand", False) for fn in (rule.condition, rule.points))), None)

    @property
    def takes_piles(self) -> bool:
        """Whether some card may take an opponent's won pile (Stealing Bundles)."""
        return any(rule.takes == "pile" for rule in self.capture_rules)

    @property
    def one_deal(self) -> bool:
        """Whether the first deal uses up the pack (Scopone: nine each and four on the floor)."""
        return self.hand_size * self.players + self.start_floor >= len(self.deck)

    @property
    def compulsory(self) -> bool:
        """Whether a card that can capture must capture (it must under either compulsion)."""
        return self.compulsion != "optional"

    def leader(self, dealer: int) -> int:
        """Returns the seat that plays first when ``dealer`` deals (seats are numbered in
        the direction of play, so the next seat is the one after the dealer)."""
        return dealer if self.lead == "dealer" else (dealer + 1) % self.players

    def dealer_of(self, leader: int) -> int:
        """Returns the seat that dealt a hand ``leader`` plays first in (``leader`` undone)."""
        return leader if self.lead == "dealer" else (leader - 1) % self.players

    def next_dealer(self, dealer: int) -> int:
        """Returns the seat that deals the hand after the one ``dealer`` dealt."""
        step = {"next": 1, "previous": -1, "never": 0}[self.deal_passes]
        return (dealer + step) % self.players

    def side_of(self, seat: int) -> int:
        """Returns the index of the side a seat plays for."""
        for index, seats in enumerate(self.sides):
            if seat in seats:
                return index
        raise ValueError(seat)

    def to_json(self) -> dict[str, Any]:
        """Returns the rules as JSON data (see the compiled-rules schema)."""
        return {
            "variant": self.variant,
            "title": self.title,
            "options": self.options,
            "players": self.players,
            "deck": [card_name(c) for c in self.deck],
            "suits": self.suits,
            "sides": [list(s) for s in self.sides],
            "deal": {"hand": self.hand_size, "start_floor": self.start_floor,
                     "redeal_floor": self.redeal_floor, "draw": self.draw, "flip": self.flip, "mode": self.deal_mode,
                     "direction": self.direction, "lead": self.lead, "passes": self.deal_passes,
                     "barred": {"cards": [card_name(c) for c in sorted(self.bar_cards)],
                                "top_only": self.bar_top_only, "action": self.bar_action},
                     "cut": {"cards": [card_name(c) for c in sorted(self.cut_cards)], "winner": self.cut_winner},
                     "redeal": [] if self.redeal is None else list(self.redeal.sources),
                     "floor_bonuses": [{"name": b.name, "points": b.points_source, "to": b.taker,
                                        "when": b.condition_source} for b in self.floor_bonuses + self.hand_bonuses + self.declarations]},
            "floor": self.floor_kind,
            "capture": {"rules": [{"name": r.name, "cards": [card_name(c) for c in sorted(r.cards)],
                                   "takes": r.takes, "total": r.total,
                                   "spares": [card_name(c) for c in sorted(r.spared)], "when": r.condition_source}
                                  for r in self.capture_rules],
                        "builds": None if self.builds is None else {
                            "cards": [card_name(c) for c in sorted(self.builds.cards)],
                            "multiple": self.builds.multiple, "raise": self.builds.raising,
                            "owner_trails": self.builds.owner_trails, "stack_limit": self.builds.stack_limit},
                        "lay_after_sweep": self.lay_after_sweep,
                        "restrictions": [{"name": r.name, "cards": [card_name(c) for c in sorted(r.cards)],
                                          "when": r.condition_source} for r in self.restrictions],
                        "choose": self.choose, "pairs_first": self.pairs_first, "floor_first": self.floor_first,
                        "run": [RANKS[r] for r in self.run],
                        "compulsory": self.compulsory,
                        "compulsion": self.compulsion,
                        "values": {card_name(c): v for c, v in sorted(
                            (c, v) for c, v in self.values.items() if c is not None and v is not None)},
                        "played_values": {card_name(c): list(v) for c, v in sorted(self.played_values.items())},
                        "floor_values": {card_name(c): list(v) for c, v in sorted(self.floor_values.items())}},
            "basra": {"called": self.bonus_name,
                      "rules": [{"name": r.name, "points": r.points_source, "when": r.condition_source}
                                for r in self.basra_rules]},
            "end": {"leftover": self.leftover},
            "score": {"majorities": [{"what": m.what, "points": m.points, "tie": m.tie, "void": m.void,
                                      "prime": None if m.prime is None else
                                      {card_name(c): v for c, v in sorted(m.prime.items())},
                                      "then": [[card_name(c) for c in sorted(cards)] for cards in m.then],
                                      "suits_held": m.held,
                                      "at_least": m.least}
                                     for m in self.majorities],
                      "cards": {card_name(c): p for c, p in sorted(self.card_points.items())},
                      "total": self.total_claim,
                      "rules": [{"name": r.name, "points": r.points_source, "when": r.condition_source}
                                for r in self.score_rules]},
            "game": {"target": None if self.target == float("inf") else self.target, "tie": self.game_tie,
                     "extension": self.tie_extension, "hands": self.hands_limit,
                     "win_at_once": self.win_at_once,
                     "countback": [word for word, _ in self.countback]},
            "match": {"best_of": self.best_of, "decider": self.decider,
                      "lurch": None if self.lurch is None else {"games": self.lurch[0], "below": self.lurch[1]}},
        }
