"""The search bot: determinized sampling over the cards it cannot see, each sample searched.

For each decision it deals the unseen cards into the others' hands and the undealt pack
(``SeatView.samples``: never the real hidden cards) and, on that sample, looks ahead with
alpha-beta search from every legal move: its side maximizes, every other side is taken to
minimize (with two sides this is plain minimax on the margin). The look-ahead stops at the
end of the hand (the real score), at the next deal (whose cards a sample only guesses) or
after ``depth`` plays; there a position is worth each side's won cards at ``card_worth``
(points plus majority shares) and its bonuses, and the player to move is given the best
capture it has on the floor (a look one play further, at captures only), as the seat's
side's total less the best other side's. Every move is searched on the same samples, so
differences come from the moves, not from the luck of a sample; the move with the best
total over the samples is played (a tie is drawn at random, as greedy draws).

The samples are dealt in turn (``SeatView.samples``): every unseen card visits the others'
hands as often as its chance says. Drawn independently, eight samples misjudged how likely
the next player is to hold a card's match so often that the search lost to the greedy
player at Pishti (-2.0 points a hand); dealt in turn, the same eight broke even, and 32
gain about a point a hand (measured on 300 to 800 duplicate hands, issue 31's note).

A sample is only needed while the unseen cards can lie in more than one place: once they
are all in one opponent's hand (the last deal of a two-player game), one sample is the
truth and the search is exact. A decision stops taking new samples after ``budget``
positions, so a floor with many ways to capture cannot make one move slow; both bounds
count positions, not time, so a seeded game is the same on any machine. Its strength is
the number of samples.
"""

from __future__ import annotations

import random

from ..engine import Move, State
from ..engine.rules import Rules
from .greedy import card_worth, take_value
from .view import SeatView

INFINITY = float("inf")


class SearchBot:
    """Determinized alpha-beta search (see the module's docstring)."""

    name = "search"

    def __init__(self, samples: int = 32, depth: int = 4, budget: int = 16_000):
        if samples < 1:
            raise ValueError("a search needs at least one sample")
        if depth < 1:
            raise ValueError("a search looks at least one play ahead")
        self.samples, self.depth, self.budget = samples, depth, budget
        self._worth: tuple[Rules, dict[int, float]] | None = None  # (rules, their card_worth), made once

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = view.moves
        if len(moves) == 1:
            return moves[0]
        if self._worth is None or self._worth[0] is not view.rules:
            self._worth = (view.rules, card_worth(view.rules))
        look = Lookahead(view.rules.side_of(view.seat), self._worth[1])
        totals = [0.0] * len(moves)
        samples = view.samples(rng)
        for _ in range(self.samples if _hidden_places(view) > 1 else 1):
            sample = next(samples)
            for index, move in enumerate(moves):
                state = sample.clone()
                state.play_move(move)
                totals[index] += look.value(state, sample.deal_index, self.depth - 1)
            if look.positions >= self.budget:
                break
        best = max(totals)
        ties = [move for move, total in zip(moves, totals) if total >= best - 1e-9]
        return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]  # as greedy: no card favoured


def _hidden_places(view: SeatView) -> int:
    """Returns how many places the unseen cards may lie in: the other hands holding cards,
    and the undealt pack if any is left."""
    others = [size for seat, size in enumerate(view.hand_sizes) if seat != view.seat and size]
    undealt = len(view.unseen) - sum(others)
    return len(others) + (undealt > 0)


class Lookahead:
    """Alpha-beta search of one sample for one side, counting the positions it visits."""

    def __init__(self, side: int, worth: dict[int, float]):
        self.side, self.worth, self.positions = side, worth, 0

    def value(self, state: State, deal: int, depth: int, alpha: float = -INFINITY, beta: float = INFINITY) -> float:
        """Returns the side's margin from ``state`` with best play by every side, searched
        until the hand ends, deal ``deal`` is over or ``depth`` more plays."""
        self.positions += 1
        if state.turn < 0 or state.deal_index != deal or depth == 0:
            return self.margin(state)
        ours = state.rules.side_of(state.turn) == self.side
        best = -INFINITY if ours else INFINITY
        for move in _captures_first(state.legal_moves()):
            child = state.clone()
            child.play_move(move)
            found = self.value(child, deal, depth - 1, alpha, beta)
            if ours:
                best = max(best, found)
                alpha = max(alpha, best)
            else:
                best = min(best, found)
                beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    def margin(self, state: State) -> float:
        """The side's margin: the hand's real points once it is over, else what the cards
        won so far are worth (``card_worth``) plus the bonuses scored, and the best take the
        player to move has on the floor (a look one play further, at captures only: the
        floor a search stops at is worth most to whoever plays on it next)."""
        if state.turn < 0:
            totals = list(state.result().points)
        else:
            rules, worth = state.rules, self.worth
            totals = [0.0] * len(rules.sides)
            for seat, pile in enumerate(state.piles):
                totals[rules.side_of(seat)] += sum(worth[card] for card in pile) + sum(state.bonuses[seat])
            totals[rules.side_of(state.turn)] += self.best_take(state)
        others = [points for side, points in enumerate(totals) if side != self.side]
        return totals[self.side] - (max(others) if others else 0.0)

    def best_take(self, state: State) -> float:
        """What the best capture of the player to move is worth: the cards and the bonus."""
        floor, best = tuple(state.floor), 0.0
        if not floor:
            return 0.0
        for card in set(state.hands[state.turn]):
            for capture in state.captures(card):
                if capture:
                    best = max(best, take_value(state.rules, state.resolver, self.worth, card, floor, capture,
                                                state.previous))
        return best


def _captures_first(moves: list[Move]) -> list[Move]:
    """Orders moves for the search: piles taken and bigger captures first, as they are most
    often best and settle the bounds soonest."""
    return sorted(moves, key=lambda move: (move.steal is None, -len(move.capture)))
