"""Figures of play the shape checks need (issue 29): the points a side scores in a hand,
bonuses and all, and the cards left on the table for nobody, over hands the engine deals and
the reference random player plays.

The hands are played on the fast tier where it plays the rules (else on ``State``), seeded,
and bounded in number and in time, so a figure costs a checked file a fraction of a second.
"""

from __future__ import annotations

import random
import time

from ...engine import Game
from ...engine.errors import RuleError
from ...engine.fast import compile_hands, supports
from ...engine.random_play import random_move
from ...engine.rules import Rules
from ...language.merge import SAMPLE_SEED
from .combinations import FAILURES

HANDS = 60  # hands played for a figure, at most
SECONDS = 0.4  # and no longer than this (at least MIN_HANDS are played)
MIN_HANDS = 4
MOVES = 2_000  # plays in one hand past which a hand is given up (the checker refuses such rules elsewhere)

_FIGURES: dict[int, tuple[Rules, tuple[float, float] | None]] = {}  # id(rules) -> (rules, figures): lints share it


def side_points(rules: Rules) -> float | None:
    """Returns the mean points one side scores in a hand (cards, majorities, bonuses), or
    None when the rules cannot be played (another finding says why)."""
    figures = _figures(rules)
    return None if figures is None else figures[0]


def left_on_table(rules: Rules) -> float | None:
    """Returns the mean number of cards still on the floor when a hand ends that no side
    takes ('leftover nobody'), or None when the rules cannot be played."""
    figures = _figures(rules)
    return None if figures is None else figures[1]


def _figures(rules: Rules) -> tuple[float, float] | None:
    kept = _FIGURES.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    try:
        figures = _played(rules)
    except (RuleError, *FAILURES):
        figures = None
    if len(_FIGURES) > 32:
        _FIGURES.clear()
    _FIGURES[id(rules)] = (rules, figures)
    return figures


def _played(rules: Rules) -> tuple[float, float] | None:
    rng, totals, left, hands = random.Random(SAMPLE_SEED), 0.0, 0, 0
    started = time.monotonic()
    play = compile_hands(rules).play if supports(rules) else None
    game = Game(rules) if play is None else None
    carry: tuple = ()
    while hands < HANDS and (hands < MIN_HANDS or time.monotonic() - started < SECONDS):
        if play is not None:
            figures = play(rng, hands % rules.players, carry)
            points, carry, unclaimed = figures.points, figures.carry_out, figures.unclaimed
        else:
            state = game.new_hand(rng, hands % rules.players, carry)
            for _ in range(MOVES):
                if state.turn < 0:
                    break
                state.play_move(random_move(state, rng))
            else:
                return None
            result = state.result()
            points, carry, unclaimed = result.points, result.carry_out, result.unclaimed
        totals += sum(points)
        left += len(unclaimed)
        hands += 1
    return (totals / hands / len(rules.sides), left / hands) if hands else None
