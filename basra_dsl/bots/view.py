"""What one seat may see of a hand in play, and nothing more.

A ``SeatView`` is built from a ``State`` for the seat to move: its own hand, the floor,
every play so far (played cards and captures are shown to the table as they happen), each
pile (won cards are public), how many cards each player holds and how many are still to be
dealt. The cards it cannot place (the others' hands and the undealt pack) are a set:
``unseen``. A bot is given only a view; ``sample`` deals the unseen cards afresh into a
state of the same shape, so a search bot can look ahead without peeking. Since the unseen
cards are put in a fixed order before they are shuffled, a sample depends only on what
the seat knows: the same view and the same random state give the same sample, whatever
the hidden cards really were.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterator

from ..engine import Build, Deal, Move, Play, State
from ..engine.rules import Rules


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge at its turn (see the module's docstring)."""

    seat: int
    rules: Rules
    hand: tuple[int, ...]  # in the order the seat holds them
    floor: tuple[int, ...]  # in the order laid (a stack's top last)
    plays: tuple[Play, ...]  # this hand's plays so far, in order
    piles: tuple[tuple[int, ...], ...]  # by seat: the cards each has won this hand
    bonuses: tuple[tuple[float, ...], ...]  # by seat
    hand_sizes: tuple[int, ...]  # by seat
    unseen: tuple[int, ...]  # the others' hands and the undealt pack, together, in card order
    carry: tuple[float, ...]  # points carried into this hand
    moves: tuple[Move, ...]  # the seat's legal moves
    builds: tuple[Build, ...]  # the builds on the floor (their cards are in ``floor`` too)
    _state: State = field(compare=False, repr=False)  # only ``sample`` and the rule queries read it

    @classmethod
    def of(cls, state: State) -> "SeatView":
        """Returns the view of the seat to move."""
        seat = state.turn
        if seat < 0:
            raise ValueError("the hand is over: nobody is to move")
        unseen = Counter(state.rules.deck)  # a deck may hold a card twice: counted, not a set
        unseen.subtract(state.hands[seat] + state.floor + list(state.unclaimed))
        for pile in state.piles:
            unseen.subtract(pile)
        for other, cards in enumerate(_shown(state)):
            if other != seat:
                unseen.subtract(cards)
        return cls(seat, state.rules, tuple(state.hands[seat]), tuple(state.floor), tuple(state.plays),
                   tuple(tuple(p) for p in state.piles), tuple(tuple(b) for b in state.bonuses),
                   tuple(len(h) for h in state.hands), tuple(sorted(unseen.elements())),
                   state.carry_in, tuple(state.legal_moves()), tuple(state.builds), state)

    @property
    def previous(self):
        """The play before this one (as capture conditions read it)."""
        return self._state.previous

    def captures(self, card: int) -> list[tuple[int, ...]]:
        """Returns what a card of the hand may take now (() for a trail where allowed)."""
        return self._state.captures(card)

    def sample(self, rng: random.Random) -> State:
        """Returns a state this view could be of: the unseen cards dealt at random into the
        others' hands and the undealt pack, every count as it is."""
        hidden = list(self.unseen)  # in card order: the shuffle is all that places them
        rng.shuffle(hidden)
        return self._dealt(hidden)

    def samples(self, rng: random.Random) -> Iterator[State]:
        """Yields states this view could be of, dealt so that every unseen card visits the
        others' hands in turn: the unseen cards are shuffled once, and each sample deals them
        from a point as many cards further on as the others hold (a fresh shuffle once every
        card has been dealt to them). Each sample is as random as ``sample``'s, but over a
        few samples a card is in an opponent's hand as often as its chance says, not as
        often as luck gives: the odds that the next player can take a card are met with a
        fraction of the samples plain draws need."""
        hidden = list(self.unseen)
        rng.shuffle(hidden)
        held = sum(size - len(shown) for seat, (size, shown) in enumerate(zip(self.hand_sizes, _shown(self._state)))
                   if seat != self.seat)
        start, rounds = 0, 0
        while True:
            if hidden and start // len(hidden) > rounds:
                rounds = start // len(hidden)
                rng.shuffle(hidden)
            at = start % len(hidden) if hidden else 0
            yield self._dealt(hidden[at:] + hidden[:at])
            start += max(held, 1)

    def _dealt(self, hidden: list[int]) -> State:
        """The state with the unseen cards dealt in this order: the others' hands, then
        the deals to come, then the stock."""
        state = self._state.clone()
        cards = iter(hidden)
        shown = _shown(state)
        for seat, hand in enumerate(state.hands):
            if seat != self.seat:  # cards a declaration showed stay where they are
                known = [c for c in hand if c in shown[seat]]
                state.hands[seat] = known + [next(cards) for _ in range(len(hand) - len(known))]
        state.deals = state.deals[:state.deal_index] + [
            Deal(tuple(tuple(next(cards) for _ in h) for h in deal.hands),
                 tuple(next(cards) for _ in deal.floor),
                 tuple(tuple(next(cards) for _ in w) for w in deal.won), deal.bonus,
                 tuple(next(cards) for _ in deal.stock))
            for deal in state.deals[state.deal_index:]]
        state.stock = [next(cards) for _ in state.stock]
        return state


def _shown(state: State) -> list[list[int]]:
    """By seat: the cards a declaration showed that the seat still holds (known to all)."""
    return [[c for c in hand if c in state.shown[seat]] for seat, hand in enumerate(state.hands)]
