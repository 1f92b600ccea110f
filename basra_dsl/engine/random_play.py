"""The engine's reference player: a uniformly random playable card, its capture as the rules allow.

Seeded simulations, the validator's invariant checks and the rulebook's sample hands
all play with it, so a seed names the same hand everywhere.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .moves import Move

if TYPE_CHECKING:
    from .state import State


def random_move(state: State, rng: random.Random) -> Move:
    """Returns a uniformly random card and one of the moves the rules allow it; before it,
    the declaration worth the most where the player may declare (points never lose, so it
    is made without a draw)."""
    if (declared := state.best_declaration()) is not None:
        return declared
    if state.builder is not None and not (state.rules.takes_piles or state.rules.restrictions):
        return _random_building_move(state, rng)
    if state.builder is not None or state.rules.takes_piles or state.rules.restrictions:
        return _random_legal_move(state, rng)
    hand = state.playable()
    card = hand[int(rng.random() * len(hand))]  # as rng.choice, but cheaper on this hot path
    options = state.captures(card)
    if not options:  # a player who can capture must: only the cards that can take are played
        playable = [c for c in hand if state.captures(c)]
        card = playable[int(rng.random() * len(playable))]
        options = state.captures(card)
    capture = options[0] if len(options) == 1 else options[int(rng.random() * len(options))]
    return state.named(Move(card, capture))


def _random_legal_move(state: State, rng: random.Random) -> Move:
    """The same draw where the rules build, take piles or bar cards: a random card among
    those with a legal move (captures, piles, trail, builds), then one of its moves."""
    by_card: dict[int, list[Move]] = {}
    for move in state.legal_moves():
        by_card.setdefault(move.card, []).append(move)
    cards = [c for c in state.playable() if c in by_card]
    options = by_card[cards[int(rng.random() * len(cards))]]
    return options[int(rng.random() * len(options))]


def _random_building_move(state: State, rng: random.Random) -> Move:
    """The draw where the rules build: a random card of the hand, else (when it has no legal
    move, as when its player owns a build it would leave without a card to take it) a
    random card among those that have one; then one of its moves. Each card with a move is
    as likely as by ``_random_legal_move``, and only the cards drawn have their moves
    listed (a build's listing is the dearest part of a play)."""
    hand = state.playable()
    card = hand[int(rng.random() * len(hand))]
    options = state.moves(card)
    if not options:
        playable = [c for c in hand if state.moves(c)]
        if not playable:  # no play keeps every duty: any capture or trail, as legal_moves says
            return _random_legal_move(state, rng)
        card = playable[int(rng.random() * len(playable))]
        options = state.moves(card)
    return options[int(rng.random() * len(options))]
