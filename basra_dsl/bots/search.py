"""The search bot: determinized Monte Carlo sampling over the cards it cannot see.

For each decision it deals the unseen cards at random into the others' hands and the
undealt pack (``SeatView.sample``: never the real hidden cards), plays each legal move on
that same sample, finishes the hand with a fast rollout player, and scores the move by the
seat's side's points less the best other side's. After ``playouts`` samples it plays the
move with the best total. Every move is tried on the same samples, so differences come
from the moves, not from luck of the draw. Its strength is the number of samples.
"""

from __future__ import annotations

import random

from ..engine import Move, State
from ..engine.random_play import random_move
from .view import SeatView


class SearchBot:
    """Determinized sampling (see the module's docstring); ``playouts`` samples per move."""

    name = "search"

    def __init__(self, playouts: int = 64):
        if playouts < 1:
            raise ValueError("a search needs at least one playout")
        self.playouts = playouts

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = view.moves
        if len(moves) == 1:
            return moves[0]
        side = view.rules.side_of(view.seat)
        totals = [0.0] * len(moves)
        for _ in range(self.playouts):
            sample = view.sample(rng)
            seed = rng.random()
            for index, move in enumerate(moves):
                state = sample.clone()
                state.play(move.card, move.capture)
                totals[index] += _rollout(state, random.Random(seed), side)
        best = max(totals)
        return moves[totals.index(best)]


def _rollout(state: State, rng: random.Random, side: int) -> float:
    """Plays the hand out with the reference random player; returns the side's margin."""
    while state.turn >= 0:
        state.play(*random_move(state, rng))
    points = state.result().points
    others = [p for index, p in enumerate(points) if index != side]
    return points[side] - (max(others) if others else 0.0)
