"""Bots: players for any variant, each seeing only what its seat may see.

A bot has a ``name`` and ``choose(view, rng) -> Move``, where ``view`` is a ``SeatView``
(the seat's hand, the floor, the plays so far, the piles, and the unseen cards as a set)
and ``rng`` its own random generator. ``random`` plays as the engine's reference player;
``casual`` plays as ``greedy`` does half the time and any legal move otherwise; ``greedy``
takes the best immediate outcome; ``search`` samples the unseen cards and searches each
sample some plays ahead. None names a variant. People choose them by ``LEVELS``: easy
(casual), medium (greedy) and hard (search), each measured to beat the one below.

May import: ``engine``.
"""

from __future__ import annotations

import random

from ..engine import Move, State
from ..engine.random_play import random_move
from .greedy import GreedyBot
from .search import SearchBot
from .view import SeatView


class RandomBot:
    """A uniformly random card and capture: the engine's reference player, draw for draw."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        return random_move(view._state, rng)


class CasualBot:
    """A player who sees the best immediate outcome but often plays whatever comes to hand:
    greedy's move with probability ``care``, else any legal move (the easy level)."""

    name = "casual"

    def __init__(self, care: float = 0.5):
        self.care, self._greedy = care, GreedyBot()

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        if rng.random() < self.care:
            return self._greedy.choose(view, rng)
        return view.moves[int(rng.random() * len(view.moves))]


BOT_NAMES = ("random", "casual", "greedy", "search")
LEVELS = {"easy": "casual", "medium": "greedy", "hard": "search"}  # what people choose, by the bot that plays it
SEARCH_SAMPLES = SearchBot().samples  # the search bot's strength unless a run sets it


def make_bot(name: str, samples: int | None = None):
    """Returns a bot by name (or by level: ``LEVELS``); ``samples`` sets the search bot's strength."""
    name = LEVELS.get(name, name)
    if name == "random":
        return RandomBot()
    if name == "casual":
        return CasualBot()
    if name == "greedy":
        return GreedyBot()
    if name == "search":
        return SearchBot(samples or SEARCH_SAMPLES)
    raise ValueError(f"unknown bot '{name}': the bots are {', '.join(BOT_NAMES)}")


def move_of(bot, state: State, rng: random.Random) -> Move:
    """Returns the move a bot makes for the seat to move in ``state`` (it sees the seat's view
    only). Every bot makes the declaration worth the most, where it may, before playing: the
    points never lose (showing the cards is a cost none of them weighs)."""
    if (declared := state.best_declaration()) is not None:
        return declared
    return bot.choose(SeatView.of(state), rng)


__all__ = ["BOT_NAMES", "LEVELS", "SEARCH_SAMPLES", "CasualBot", "GreedyBot", "RandomBot", "SearchBot", "SeatView", "make_bot", "move_of"]
