"""The engine's reference player: a uniformly random playable card, its capture as the rules allow.

Seeded simulations, the validator's invariant checks and the rulebook's sample hands
all play with it, so a seed names the same hand everywhere.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State


def random_move(state: State, rng: random.Random) -> tuple[int, tuple[int, ...]]:
    """Returns a uniformly random card and one of the captures the rules allow it."""
    hand = state.hands[state.turn]
    card = hand[int(rng.random() * len(hand))]  # as rng.choice, but cheaper on this hot path
    options = state.captures(card)
    if not options:  # a player who can capture must: only the cards that can take are played
        playable = [c for c in hand if state.captures(c)]
        card = playable[int(rng.random() * len(playable))]
        options = state.captures(card)
    return card, options[0] if len(options) == 1 else options[int(rng.random() * len(options))]
