"""The greedy bot: the move with the best immediate outcome, looking one play ahead.

A move is worth what it takes (card points, the bonus it scores, and each card's share
of the majorities still to be won) less what it leaves the next player: the bonus and
points the likeliest threat among the unseen cards could take from the floor it leaves,
weighted by how many unseen cards make that threat; where cards take piles, also the
share of its own pile an unseen card of the new top card's rank could take. Ties are broken
at random. It reads only the seat's view and the rules; it names no variant.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine import Move
from ..engine.rules import Rules
from ..engine.scoring import rule_points
from ..engine.state import play_bonus
from .view import SeatView


class GreedyBot:
    """Best immediate outcome (see the module's docstring)."""

    name = "greedy"

    def __init__(self):
        self._worth: tuple[Rules, dict[int, float]] | None = None  # (rules, their card_worth), made once

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        moves = view.moves
        if len(moves) == 1:
            return moves[0]
        if self._worth is None or self._worth[0] is not view.rules:
            self._worth = (view.rules, card_worth(view.rules))
        worth, unseen = self._worth[1], Counter(view.unseen)
        scored = [(_value(view, move, worth, unseen), move) for move in moves]
        best = max(value for value, _ in scored)
        ties = [move for value, move in scored if value >= best - 1e-9]
        return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]


def card_worth(rules: Rules) -> dict[int, float]:
    """Returns what winning each card is worth: its points, plus its share of each majority
    (most cards, most of a suit) spread over the cards that count for it, in proportion to
    its value in the prime's table for the prime, plus its part in the score rules. It
    depends on the rules alone, so a bot works it out once."""
    worth = {card: float(rules.card_points.get(card, 0)) for card in set(rules.deck)}
    for majority in rules.majorities:
        counted = [c for c in worth if majority.cards is None or c in majority.cards]
        # the prime is won by the best card of each suit: a card's share goes by its prime value
        weight = {c: majority.prime.get(c, 0.0) for c in counted} if majority.prime else dict.fromkeys(counted, 1.0)
        total = sum(weight.values())
        for card in counted if total else ():
            worth[card] += majority.points * weight[card] / total
    if rules.score_rules:
        _add_rule_shares(rules, worth)
    return worth


RULE_PILES = 32  # sampled piles a card's part in the score rules is measured on


def _add_rule_shares(rules: Rules, worth: dict[int, float]) -> None:
    """Adds each card's part in the score rules (Chinese Ten's red pips, Spade Casino's spades,
    Cuarenta's cards past 14): what the rules pay for a pile with the card more than without
    it, over seeded piles of a quarter to three quarters of the pack (a rule that pays for a
    count or a set of cards pays for a card only in a pile that has the rest), averaged."""
    rng = random.Random(0)
    deck = list(rules.deck)
    piles = [rng.sample(deck, rng.randint(len(deck) // 4, 3 * len(deck) // 4)) for _ in range(RULE_PILES)]
    paid = [rule_points(rules, pile) for pile in piles]  # each pile as drawn: with or without the card
    for card in worth:
        gained = 0.0
        for pile, points in zip(piles, paid):
            if card in pile:
                gained += points - rule_points(rules, [c for c in pile if c != card])
            else:
                gained += rule_points(rules, [*pile, card]) - points
        worth[card] += gained / len(piles)


# a build is won on a later turn, if nobody takes or raises it first: it counts for less
BUILD_SHARE = 0.8


def _value(view: SeatView, move: Move, worth: dict[int, float], unseen: Counter) -> float:
    before = view.floor
    if move.build:
        return _build_value(view, move, worth, unseen)
    if move.steal is not None:  # a pile taken: its cards, and the floor stays as it was
        gain = worth[move.card] + sum(worth[c] for c in view.piles[move.steal])
        previous = (move.card, before, (), before)
        return gain - _threat(view, before, previous, worth, unseen) - _pile_threat(view, move, worth, unseen)
    if move.capture:
        taken = set(move.capture)
        left = tuple(x for x in before if x not in taken)
        played_as = view._state.resolver.value_played(move.card, before, move.capture, view.previous, move.value)
        gain = play_bonus(view.rules, move.card, before, move.capture, left, view.previous, played_as=played_as)
        gain += worth[move.card] + sum(worth[c] for c in move.capture)
    else:
        left = before + (move.card,)
        gain = 0.0
    previous = (move.card, before, move.capture, left)
    return gain - _threat(view, left, previous, worth, unseen) - _pile_threat(view, move, worth, unseen)


def _pile_threat(view: SeatView, move: Move, worth: dict[int, float], unseen: Counter) -> float:
    """Where cards take piles: what the seat's pile is worth after the move, times the share
    of the unseen cards of its top card's rank (a capture puts the card played on top)."""
    if not view.rules.takes_piles or not view.unseen:
        return 0.0
    pile = list(view.piles[view.seat])
    if move.steal is not None:
        pile += list(view.piles[move.steal]) + [move.card]
    elif move.capture:
        pile += list(move.capture) + [move.card]
    if not pile:
        return 0.0
    rivals = sum(count for card, count in unseen.items() if card >> 2 == pile[-1] >> 2)
    return sum(worth[c] for c in pile) * rivals / len(view.unseen)


def _build_value(view: SeatView, move: Move, worth: dict[int, float], unseen: Counter) -> float:
    """A build: the cards it gathers and the card that will take it, discounted, less the
    chance an unseen card of its value takes it first and the threat to the loose cards."""
    gathered = set(move.build) | {move.card}
    played = view.rules.played
    keeper = next((h for h in view.hand if h != move.card and move.value in played(h)), None)
    # a stack (Zwicker) may be laid with no card to take it: then it is no prize of the player's
    prize = 0.0 if keeper is None else sum(worth[c] for c in gathered) + worth[keeper]
    rivals = sum(count for card, count in unseen.items() if move.value in played(card))
    taken_first = rivals / len(view.unseen) if view.unseen else 0.0
    built = {c for b in view.builds for c in b.cards} | gathered
    loose = tuple(x for x in view.floor if x not in built)
    previous = (move.card, view.floor, (), view.floor + (move.card,))
    return prize * BUILD_SHARE * (1 - taken_first) - _threat(view, loose, previous, worth, unseen)


def _threat(view: SeatView, floor: tuple[int, ...], previous, worth: dict[int, float], unseen: Counter) -> float:
    """Returns the expected best take of the next player from ``floor``: for each unseen
    card, the most its captures could win, weighted by its share of the unseen cards."""
    if not floor or not unseen:
        return 0.0
    resolver = view._state.resolver
    total = 0.0
    for card, count in unseen.items():
        best = 0.0
        for capture in resolver.captures(card, list(floor), previous):
            best = max(best, take_value(view.rules, resolver, worth, card, floor, capture, previous))
        total += best * count
    return total / len(view.unseen)


def take_value(rules: Rules, resolver, worth: dict[int, float], card: int, floor: tuple[int, ...],
               capture: tuple[int, ...], previous) -> float:
    """What taking ``capture`` from ``floor`` with ``card`` is worth: the bonus it scores and
    the cards won (the card played among them)."""
    taken = set(capture)
    left = tuple(x for x in floor if x not in taken)
    bonus = play_bonus(rules, card, floor, capture, left, previous,
                       played_as=resolver.value_played(card, floor, capture, previous))
    return bonus + (worth[card] + sum(worth[c] for c in capture))
