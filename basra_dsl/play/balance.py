"""Balance figures of a variant: how much the first player gains, how much skill counts,
and what hands and games are like, each with its 95% interval.

- **Self-play** (``greedy`` in every seat, ``games`` games): how often the side that leads
  the first hand wins the game, how often the first player's side wins a hand, hands per
  game, a side's points per hand and their spread, bonuses per hand, how often the sides
  tie on cards.
- **Skill** (duels, ``skill_games`` each): how often the search bot beats the random bot
  and the greedy bot. Near 100% against random and well above 50% against greedy, skill
  counts; near 50%, the deal decides. These games cost nearly all the time: a search
  game takes seconds where a greedy one takes milliseconds. With ``skill_games`` 0 the
  two rates are of no games (``games`` 0), which the command prints as not measured.
- **Matches** (``matches`` best-of-N matches in self-play, when the variant plays matches):
  how often the match reaches its deciding game.

Every game is fixed by the seed and its index, as in a duel, so the figures are the same
on one process or many.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable

from ..bots import make_bot
from ..engine import HandResult, MatchScore, Scoreboard
from ..engine.rules import Rules
from .duel import Z95, DuelSpec, Rate, RulesMaker, duel_figures, play_to_target, run_duel, run_games

SELF_PLAY = "greedy"


@dataclass(frozen=True)
class BalanceSpec:
    seed: int = 1
    games: int = 200
    skill_games: int = 40  # basra balance: a fifth of games unless given
    samples: int = 24
    matches: int = 40  # the same


@dataclass(frozen=True)
class HandFigures:
    points: tuple[float, ...]
    bonuses: int
    card_tie: bool
    lead_side: int  # the side of the hand's first player


@dataclass(frozen=True)
class SelfPlayGame:
    lead_side: int  # the side that led the game's first hand
    winner: int | None
    hands: tuple[HandFigures, ...]


def self_play_game(rules: Rules, seed: int, index: int) -> SelfPlayGame:
    """Plays game ``index`` of the self-play runs: ``greedy`` in every seat."""
    hands: list[HandFigures] = []

    def count(result: HandResult, first: int) -> None:
        cards = sorted((side.cards for side in result.sides), reverse=True)
        hands.append(HandFigures(result.points, sum(side.basras for side in result.sides),
                                 len(cards) > 1 and cards[0] == cards[1], rules.side_of(first)))

    board = _self_play(rules, f"{seed}:{index}", index % rules.players, None, count)
    return SelfPlayGame(rules.side_of(index % rules.players), board.winner if board.over else None, tuple(hands))


def self_play_match(rules: Rules, seed: int, index: int) -> bool:
    """Plays match ``index`` in self-play; returns whether it reached its deciding game."""
    match = MatchScore(rules)
    while not match.over:
        if match.games == rules.best_of - 1 and len(set(match.wins)) == 1:
            return True  # the last game, the sides level: the decider
        game = index * 1000 + match.games
        match.add(_self_play(rules, f"{seed}:{game}", game % rules.players, match.next_target()))
    return False


def _self_play(rules: Rules, key: str, first: int, target: float | None, on_hand=None) -> Scoreboard:
    bots = [make_bot(SELF_PLAY)] * rules.players
    bot_rngs = [random.Random(f"balance:{key}:{seat}") for seat in range(rules.players)]
    return play_to_target(rules, bots, random.Random(f"balance:{key}"), bot_rngs, first, target, on_hand)


def _self_play_task(rules: Rules, seed: int, index: int) -> SelfPlayGame:
    return self_play_game(rules, seed, index)


def _match_task(rules: Rules, seed: int, index: int) -> bool:
    return self_play_match(rules, seed, index)


def balance(rules: Rules, make_rules: RulesMaker, spec: BalanceSpec, workers: int | None = None,
            progress: Callable[[int], None] | None = None, scheduler: str | None = None) -> dict:
    """Returns the balance figures of the rules (see the module's docstring), computed on
    ``workers`` local processes or on the Dask cluster at ``scheduler``."""
    games = run_games(rules, make_rules, _self_play_task, spec.seed, spec.games, workers, progress, scheduler)
    figures = {"variant": rules.variant, "title": rules.title, "players": rules.players,
               "options": rules.options, "seed": spec.seed, "self_play": SELF_PLAY}
    figures |= _self_play_figures(games)
    skill = {}
    for weaker in ("random", "greedy"):
        duel = DuelSpec("search", weaker, spec.seed, spec.samples)
        outcomes = run_duel(rules, make_rules, duel, spec.skill_games, workers, progress, scheduler)
        skill[f"search_vs_{weaker}"] = duel_figures(rules, duel, outcomes)["bot_wins"]
    figures["skill"] = skill | {"samples": spec.samples}
    if rules.best_of > 1 and spec.matches:
        reached = run_games(rules, make_rules, _match_task, spec.seed, spec.matches, workers, progress, scheduler)
        figures["decider_reached"] = Rate(sum(reached), len(reached)).to_json()
    return figures


def _self_play_figures(games: list[SelfPlayGame]) -> dict:
    hands = [hand for game in games for hand in game.hands]
    decided = [game for game in games if game.winner is not None]
    points = [p for hand in hands for p in hand.points]
    return {
        "games": len(games),
        "hands": len(hands),
        "first_side_wins_game": Rate(sum(g.winner == g.lead_side for g in decided), len(decided)).to_json(),
        "first_side_wins_hand": Rate(sum(_leads(hand) for hand in hands), len(hands)).to_json(),
        "hands_per_game": _mean(len(game.hands) for game in games),
        "points_per_hand": _mean(points),
        "bonuses_per_hand": _mean(hand.bonuses for hand in hands),
        "card_ties": Rate(sum(hand.card_tie for hand in hands), len(hands)).to_json(),
        "drawn_games": len(games) - len(decided),
    }


def _leads(hand: HandFigures) -> bool:
    mine = hand.points[hand.lead_side]
    return all(mine > p for side, p in enumerate(hand.points) if side != hand.lead_side)


def _mean(values) -> dict:
    """Returns the mean, the spread (standard deviation) and the 95% interval of the mean."""
    items = [float(v) for v in values]
    n = len(items)
    if n == 0:
        return {"mean": 0.0, "spread": 0.0, "interval_95": [0.0, 0.0], "n": 0}
    mean = sum(items) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in items) / (n - 1)) if n > 1 else 0.0
    half = Z95 * spread / math.sqrt(n)
    return {"mean": round(mean, 4), "spread": round(spread, 4),
            "interval_95": [round(mean - half, 4), round(mean + half, 4)], "n": n}
