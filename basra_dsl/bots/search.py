"""The search bot: determinized Monte Carlo sampling over the cards it cannot see.

For each decision it deals the unseen cards at random into the others' hands and the
undealt pack (``SeatView.sample``: never the real hidden cards), plays each legal move on
that same sample, finishes the hand with a quick rollout player (random, but never missing
a bonus it holds: ``rollout_move``), and scores the move by the
seat's side's points less the best other side's. After ``playouts`` samples it plays the
move with the best total. Every move is tried on the same samples, so differences come
from the moves, not from luck of the draw. Its strength is the number of samples.
"""

from __future__ import annotations

import random

from ..engine import Move, State
from ..engine.random_play import random_move
from ..engine.state import play_bonus
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
    """Plays the hand out (``rollout_move`` for every seat); returns the side's margin."""
    while state.turn >= 0:
        state.play(*rollout_move(state, rng))
    points = state.result().points
    others = [p for index, p in enumerate(points) if index != side]
    return points[side] - (max(others) if others else 0.0)


def rollout_move(state: State, rng: random.Random) -> tuple[int, tuple[int, ...]]:
    """The rollout player: the capture scoring the largest bonus when the hand holds one
    (the opponent's obvious basra, which purely random play would all but never find and
    a search would then never fear), else the reference random player's move."""
    best, best_bonus = None, 0.0
    floor = tuple(state.floor)
    for card in state.hands[state.turn]:
        for capture in state.captures(card):
            if capture:
                taken = set(capture)
                left = tuple(x for x in floor if x not in taken)
                bonus = play_bonus(state.rules, card, floor, capture, left, state.previous)
                if bonus > best_bonus:
                    best, best_bonus = (card, capture), bonus
    return best if best is not None else random_move(state, rng)
