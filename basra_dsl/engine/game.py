"""A Game binds compiled rules to the engine: it deals hands and keeps the score.

``Game`` is immutable (rules plus a capture resolver); ``Scoreboard`` runs the totals of
one game to its target with the variant's tie policy; ``MatchScore`` counts games won.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..cards import parse_card
from .builds import Build
from .capture import CaptureResolver
from .deal import Deal, deal_hand, shuffled_pack
from .moves import DECLARE
from .rules import Rules
from .scoring import HandResult
from .state import Play, Standing, State
from .turn_end import live_standing


class Game:
    """The rules of one variant with its options, ready to deal and play."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.resolver = CaptureResolver(rules)

    def new_hand(self, rng: random.Random, first: int = 0, carry: tuple[float, ...] = (),
                 standing: Standing | None = None) -> State:
        """Returns a freshly shuffled and dealt hand; ``standing`` (``Scoreboard.standing``)
        lets a game be won during it, where the rules say so."""
        deals = deal_hand(self.rules, shuffled_pack(self.rules, rng), first, rng)
        return State(self.rules, self.resolver, deals, first, carry, standing)

    def hand_from_deals(self, deals: list[Deal], first: int = 0, carry: tuple[float, ...] = (),
                        standing: Standing | None = None) -> State:
        """Returns a hand that receives exactly the given deals (a record or a position)."""
        return State(self.rules, self.resolver, deals, first, carry, standing)

    def state_from_json(self, data: dict) -> State:
        """Returns the state that ``State.to_json`` wrote."""
        cards = lambda names: [parse_card(n) for n in names]  # noqa: E731
        state = State(self.rules, self.resolver, [Deal(tuple(() for _ in range(self.rules.players)))], data["first"],
                      tuple(data["carry"]))
        state.deals = [Deal(tuple(tuple(cards(h)) for h in d["hands"]), tuple(cards(d["floor"])),
                            tuple(tuple(cards(w)) for w in d.get("won", ())), tuple(d.get("bonus", ())),
                            tuple(cards(d.get("stock", ()))))
                       for d in data["deals"]]
        state.deal_index = 0
        state.hands = [cards(h) for h in data["hands"]]
        state.floor = cards(data["floor"])
        state.stock = cards(data.get("stock", ()))
        state.turned = parse_card(data["turned"]) if data.get("turned") else None
        state._flips = int(data.get("flips", 0))
        state.laying = bool(data.get("laying", False))
        state.may_declare = [bool(x) for x in data.get("may_declare", [False] * self.rules.players)]
        state.shown = [tuple(cards(s)) for s in data.get("shown", [[] for _ in range(self.rules.players)])]
        state.piles = [cards(p) for p in data["piles"]]
        state.bonuses = [list(b) for b in data["bonuses"]]
        previous = data["previous"]
        state.previous = (None, (), (), ()) if previous is None else (
            parse_card(previous[0]), *(tuple(cards(x)) for x in previous[1:]))
        state.last_capturer = data["last_capturer"]
        state.unclaimed = tuple(cards(data["unclaimed"]))
        state.turn = data["turn"]
        standing = data.get("standing")
        state.standing = live_standing(self.rules, None if standing is None else (tuple(standing[0]), standing[1]))
        state.stopped = bool(data.get("stopped", False))
        state.plays = [Play(p["seat"], parse_card(p["card"]), tuple(cards(p["captured"])), p["basra"],
                            tuple(cards(p.get("build", ()))), p.get("value", 0), p.get("steal"), p.get("turned", False))
                       if "declare" not in p else Play(p["seat"], DECLARE, (), p["basra"], declared=p["declare"])
                       for p in data["plays"]]
        state.builds = [Build(b["value"], tuple(cards(b["cards"])), b["owner"], b["multiple"])
                        for b in data.get("builds", ())]
        return state


@dataclass
class Scoreboard:
    """The running totals of one game, with its target and tie policy."""

    rules: Rules
    target: float | None = None
    totals: list[float] = field(default_factory=list)
    carry: tuple[float, ...] = ()
    hands: int = 0
    winner: int | None = None
    over: bool = False

    def __post_init__(self):
        if self.target is None:
            self.target = self.rules.target
        if not self.totals:
            self.totals = [0.0] * len(self.rules.sides)

    @property
    def standing(self) -> Standing:
        """The game so far as a hand needs it to stop when the game is won during play:
        each side's total and the target."""
        return tuple(self.totals), self.target

    @property
    def worth(self) -> int:
        """How many games the finished game counts for its winner: a lurch's (the rules'
        'lurch N below T') when every losing side stayed below T, else one."""
        lurch = self.rules.lurch
        if self.winner is None or lurch is None:
            return 1
        losers = [total for side, total in enumerate(self.totals) if side != self.winner]
        return lurch[0] if all(total < lurch[1] for total in losers) else 1

    def add(self, result: HandResult) -> None:
        """Adds a hand's points; decides the game when a side has reached the target, or
        when the game's hands are played; level leaders are settled by the countback."""
        self.hands += 1
        for side, points in enumerate(result.points):
            self.totals[side] += points
        self.carry = result.carry_out
        limit = self.rules.hands_limit
        if max(self.totals) < self.target and (limit is None or self.hands < limit):
            return
        best = max(self.totals)
        leaders = [i for i, t in enumerate(self.totals) if t == best]
        for step in range(len(self.rules.countback)):
            if len(leaders) == 1:
                break
            most = max(result.sides[i].countback[step] for i in leaders)
            leaders = [i for i in leaders if result.sides[i].countback[step] == most]
        if len(leaders) == 1:
            self.winner, self.over = leaders[0], True
        elif self.rules.game_tie == "draw":
            self.over = True
        elif self.rules.game_tie == "extend":
            self.target += self.rules.tie_extension


@dataclass
class MatchScore:
    """Games won by each side, and the target of the next game."""

    rules: Rules
    wins: list[int] = field(default_factory=list)
    games: int = 0

    def __post_init__(self):
        if not self.wins:
            self.wins = [0] * len(self.rules.sides)

    @property
    def winner(self) -> int | None:
        needed = self.rules.best_of // 2 + 1
        return next((i for i, w in enumerate(self.wins) if w >= needed), None)

    @property
    def over(self) -> bool:
        return self.winner is not None or self.games >= self.rules.best_of * 3

    def next_target(self) -> float:
        """Returns the target of the next game: the decider's when the match is level at the end."""
        last = self.games == self.rules.best_of - 1
        level = len(set(self.wins)) == 1
        if self.rules.decider is not None and last and level:
            return self.rules.decider
        return self.rules.target

    def add(self, board: Scoreboard) -> None:
        """Counts a finished game."""
        self.games += 1
        if board.winner is not None:
            self.wins[board.winner] += board.worth
