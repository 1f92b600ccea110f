"""Head-to-head games between two bots, with win rates and their 95% intervals.

Game ``g`` of a duel is fixed by the seed alone: its deals come from ``Random("SEED:g")``
and each seat's bot draws from its own ``Random("SEED:g:SEAT")``, so a duel gives the same
games on one process, on a pool of them (``workers``), or on any machine. Bot A plays one
side and bot B every other side; A's side turns with each game, so both bots sit in every
seat equally often, and the seat that leads the first hand turns apart from it, so each
bot leads as often as the other. A game ends at the variant's target (or after ``MAX_HANDS`` hands, a
draw), as ``Scoreboard`` decides it.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from ..bots import SEARCH_SAMPLES, make_bot, move_of
from ..engine import Game, HandResult, Scoreboard
from ..engine.rules import Rules
from .chunks import RulesMaker, chunks_of
from .simulate import dealer_before

MAX_HANDS = 400  # a game still going after this many hands is a draw (only a degenerate rule set gets here)
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class DuelSpec:
    """What a duel plays: which bots, at what strength, and the seed of its games."""

    bot: str
    vs: str
    seed: int
    samples: int | None = None


@dataclass(frozen=True)
class GameOutcome:
    """One game of a duel: the side bot A played, the winning side (None for a draw), the
    number of hands and each side's final total."""

    index: int
    a_side: int
    winner: int | None
    hands: int
    totals: tuple[float, ...]
    a_move_ms: tuple[float, ...] = field(default=(), compare=False)  # CPU milliseconds of each choice bot A made among several moves


def play_game(rules: Rules, spec: DuelSpec, index: int) -> GameOutcome:
    """Plays game ``index`` of a duel (see the module's docstring)."""
    sides = len(rules.sides)
    a_side = index % sides
    times: list[float] = []
    bots = [Timed(make_bot(spec.bot, spec.samples), times) if rules.side_of(seat) == a_side
            else make_bot(spec.vs, spec.samples) for seat in range(rules.players)]
    bot_rngs = [random.Random(f"{spec.seed}:{index}:{seat}") for seat in range(rules.players)]
    # the first hand's leader turns every `sides` games, apart from A's side: with two players
    # `index % players` would have A lead every game it plays, which one-hand games (Chinese
    # Ten, where the leader wins 40%) turn into a loss for whichever bot is A
    first = (index // sides) % rules.players
    board = play_to_target(rules, bots, random.Random(f"{spec.seed}:{index}"), bot_rngs, first)
    return GameOutcome(index, a_side, board.winner if board.over else None, board.hands, tuple(board.totals),
                       tuple(times))


class Timed:
    """A bot whose choices among several moves are timed (CPU time of this process), in ``times``."""

    def __init__(self, bot, times: list[float]):
        self.bot, self.name, self.times = bot, bot.name, times

    def choose(self, view, rng: random.Random):
        if len(view.moves) < 2:
            return self.bot.choose(view, rng)
        start = time.process_time()
        move = self.bot.choose(view, rng)
        self.times.append(round((time.process_time() - start) * 1000, 3))
        return move


def play_to_target(rules: Rules, bots: list, deal_rng: random.Random, bot_rngs: list[random.Random], first: int,
                   target: float | None = None, on_hand: Callable[[HandResult, int], None] | None = None) -> Scoreboard:
    """Plays one game, ``first`` leading its first hand, to its target (or ``MAX_HANDS``
    hands); each seat's bot draws from its own generator, the deals from ``deal_rng``;
    ``on_hand`` is told each hand's result and who led it. Returns the scoreboard."""
    game, board = Game(rules), Scoreboard(rules, target)
    dealer = dealer_before(rules, first)
    while not board.over and board.hands < MAX_HANDS:
        state = game.new_hand(deal_rng, first, board.carry, board.standing)
        while state.turn >= 0:
            seat = state.turn
            move = move_of(bots[seat], state, bot_rngs[seat])
            state.play_move(move)
        result = state.result()
        board.add(result)
        if on_hand is not None:
            on_hand(result, first)
        dealer = rules.next_dealer(dealer)
        first = rules.leader(dealer)
    return board


def paired_margins(rules: Rules, bot: str, vs: str, deals: int, seed: int, samples: int | None = None) -> list[float]:
    """Plays each of ``deals`` seeded hands once with bot A on each side (the same cards, the
    seats swapped: a duplicate duel) and returns A's margin over the best other side in
    every hand played. The luck of the deal falls on both bots alike, so a small edge shows
    in far fewer hands than whole games need."""
    game, margins = Game(rules), []
    seated = [[make_bot(bot if rules.side_of(seat) == a_side else vs, samples) for seat in range(rules.players)]
              for a_side in range(len(rules.sides))]  # made once: a bot keeps only what the rules give it
    for deal in range(deals):
        for a_side, bots in enumerate(seated):
            rngs = [random.Random(f"{seed}:{deal}:{a_side}:{seat}") for seat in range(rules.players)]
            state = game.new_hand(random.Random(f"{seed}:{deal}"), deal % rules.players)
            while state.turn >= 0:
                state.play_move(move_of(bots[state.turn], state, rngs[state.turn]))
            points = state.result().points
            margins.append(points[a_side] - max(p for side, p in enumerate(points) if side != a_side))
    return margins


# ------------------------------------------------------------------ many games, many processes

_worker_rules: Rules | None = None


def _start_worker(make_rules: RulesMaker) -> None:
    global _worker_rules
    _worker_rules = make_rules()


def _run_chunk(task: Callable, argument, indexes: list[int]) -> list:
    assert _worker_rules is not None
    return [task(_worker_rules, argument, index) for index in indexes]


def run_games(rules: Rules, make_rules: RulesMaker, task: Callable, argument, games: int,
              workers: int | None = None, progress: Callable[[int], None] | None = None,
              scheduler: str | None = None, most: int = 16) -> list:
    """Returns ``[task(rules, argument, g) for g in range(games)]``, computed on ``workers``
    processes (all cores when None; 1 computes here), or on the Dask cluster whose
    scheduler is at ``scheduler``, in order; ``task`` must be a module-level function
    (workers import it) and ``progress`` is told how many games each finished chunk held
    (at most ``most`` games locally: 1 for slow games, so progress shows game by game)."""
    if scheduler is not None:
        from .cluster import run_on_cluster  # here: only a cluster run needs Dask
        return run_on_cluster(scheduler, make_rules, task, argument, games, progress)
    workers = max(1, min(workers or os.cpu_count() or 1, games))
    chunks = list(chunks_of(range(games), max(1, min(most, games // (workers * 4) or 1))))
    found: list = []
    if workers == 1:
        for chunk in chunks:
            found += [task(rules, argument, index) for index in chunk]
            if progress:
                progress(len(chunk))
        return found
    with ProcessPoolExecutor(workers, initializer=_start_worker, initargs=(make_rules,)) as pool:
        for done in pool.map(_run_chunk, [task] * len(chunks), [argument] * len(chunks), chunks):
            found += done
            if progress:
                progress(len(done))
    return found


def run_duel(rules: Rules, make_rules: RulesMaker, spec: DuelSpec, games: int, workers: int | None = None,
             progress: Callable[[int], None] | None = None, scheduler: str | None = None) -> list[GameOutcome]:
    """Plays games 0..games-1 of a duel (see ``run_games``); a search player's games, seconds
    each, go one at a time, so progress moves with every game."""
    most = 1 if "search" in (spec.bot, spec.vs) else 16
    return run_games(rules, make_rules, play_game, spec, games, workers, progress, scheduler, most)


# ------------------------------------------------------------------ figures

@dataclass(frozen=True)
class Rate:
    """A proportion with its 95% Wilson score interval."""

    wins: int
    games: int

    @property
    def value(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson score interval (sound near 0 and 1, unlike the normal approximation)."""
        n = self.games
        if n == 0:
            return (0.0, 1.0)
        p, z2 = self.wins / n, Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def to_json(self) -> dict:
        low, high = self.interval
        return {"wins": self.wins, "games": self.games, "rate": round(self.value, 4),
                "interval_95": [round(low, 4), round(high, 4)]}


def duel_figures(rules: Rules, spec: DuelSpec, outcomes: list[GameOutcome]) -> dict:
    """Returns the figures of a duel: bot A's win rate overall and by the side it played,
    each side's win rate whoever played it, draws, and hands per game."""
    sides = len(rules.sides)
    a_wins = Rate(sum(o.winner == o.a_side for o in outcomes), len(outcomes))
    by_side = {}
    for side in range(sides):
        mine = [o for o in outcomes if o.a_side == side]
        by_side[side] = Rate(sum(o.winner == side for o in mine), len(mine))
    side_wins = {side: Rate(sum(o.winner == side for o in outcomes), len(outcomes)) for side in range(sides)}
    return {
        "variant": rules.variant, "players": rules.players, "games": len(outcomes), "seed": spec.seed,
        "bot": spec.bot, "vs": spec.vs,
        "samples": (spec.samples or SEARCH_SAMPLES) if "search" in (spec.bot, spec.vs) else None,
        "bot_wins": a_wins.to_json(),
        "bot_wins_by_side": {str(side): rate.to_json() for side, rate in by_side.items()},
        "side_wins": {str(side): rate.to_json() for side, rate in side_wins.items()},
        "sides": [list(seats) for seats in rules.sides],
        "draws": sum(o.winner is None for o in outcomes),
        "hands_per_game": round(sum(o.hands for o in outcomes) / len(outcomes), 3) if outcomes else 0.0,
        "bot_move_ms": move_times([t for o in outcomes for t in o.a_move_ms]),
    }


def move_times(times: list[float]) -> dict | None:
    """The median and slowest of bot A's choices among several moves, in CPU milliseconds."""
    if not times:
        return None
    return {"choices": len(times), "median": round(statistics.median(times), 2), "slowest": round(max(times), 1)}
