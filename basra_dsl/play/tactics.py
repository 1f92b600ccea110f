"""Tactics of a variant, measured: the figures behind the rulebook's "How to play well".

Hands are played by the greedy bot in every seat, seeded, and three things are counted
that a player can act on, for any variant (no rule is named here):

- **The last capture**: the cards still on the table when the hand ends, which the side
  that took last also takes (where the rules give them so), and what they are worth
  (card points and each card's share of the majorities, as the bots count it).
- **A card laid down**: how often the next player takes the very card just laid down
  without taking (a trail), and what that capture is worth.
- **A card that clears the table** (a rule that takes all, with no condition): what it
  takes when played on a full table (four cards or more) against a thin one (two or
  fewer), the case for keeping it back.

Each figure is a mean or a rate with its count, so the page can say how it was measured.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..bots import make_bot, move_of
from ..cards import card_word, rank_word
from ..bots.greedy import card_worth
from ..engine import Game
from ..engine.capture import CaptureResolver
from ..engine.rules import Rules

FULL, THIN = 4, 2  # a table of this many cards or more is full; of this many or fewer, thin
MOVES = 2_000  # plays past which a hand is given up (the checker refuses such rules elsewhere)


@dataclass(frozen=True)
class TacticsSpec:
    seed: int = 1
    hands: int = 1000


class _Tally:
    """A mean kept as a count and a sum."""

    def __init__(self):
        self.n, self.total = 0, 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value

    def data(self) -> dict:
        return {"n": self.n, "mean": round(self.total / self.n, 3) if self.n else None}


def measure_tactics(rules: Rules, spec: TacticsSpec = TacticsSpec()) -> dict:
    """Returns the figures (see the module's docstring) over ``spec.hands`` seeded hands."""
    worth = card_worth(rules)
    sweepers = _sweepers(rules)
    bot, game, rng = make_bot("greedy"), Game(rules), random.Random(spec.seed)
    left_cards, left_worth = _Tally(), _Tally()
    trailed, taken_after, taken_worth = 0, 0, _Tally()
    full, thin = _Tally(), _Tally()
    carry: tuple = ()
    for index in range(spec.hands):
        state = game.new_hand(rng, index % rules.players, carry)
        trail: int | None = None  # the card the last play laid down, if it took nothing
        for _ in range(MOVES):
            if state.turn < 0:
                break
            before = tuple(state.floor)
            move = move_of(bot, state, rng)
            state.play_move(move)
            play = state.plays[-1]
            if play.declared is not None:
                continue
            taken = tuple(play.captured)
            if trail is not None and trail in taken:  # the card just laid down, taken by the next play
                taken_after += 1
                taken_worth.add(sum(worth.get(c, 0.0) for c in taken) + worth.get(play.card, 0.0) + play.bonus)
            if play.card in sweepers and taken and len(before) >= FULL:
                full.add(sum(worth.get(c, 0.0) for c in taken) + play.bonus)
            elif play.card in sweepers and taken and len(before) <= THIN:
                thin.add(sum(worth.get(c, 0.0) for c in taken) + play.bonus)
            laid = not taken and not play.build and play.steal is None
            trailed += laid
            trail = play.card if laid else None
            if state.turn < 0 and rules.leftover == "last":  # what the last taker gathers at the end
                left = [c for c in before if c not in taken] + ([play.card] if laid else [])
                left_cards.add(len(left))
                left_worth.add(sum(worth.get(c, 0.0) for c in left))
        else:
            raise ValueError(f"a hand of {rules.variant} ran past {MOVES} plays")
        carry = state.result().carry_out
    return {"hands": spec.hands, "seed": spec.seed, "self_play": "greedy",
            "leftover": {"cards": left_cards.data(), "worth": left_worth.data()},
            "trail": {"trails": trailed, "taken_next": taken_after, "worth": taken_worth.data()},
            "sweeper": {"cards": _words(rules, sweepers), "full": full.data(), "thin": thin.data()}}


def _words(rules: Rules, cards: frozenset[int]) -> list[str]:
    """The cards as a variant file writes them: a rank where every card of it in the deck is
    among them ('J'), else each card ('7D')."""
    words = []
    for rank in sorted({c >> 2 for c in cards}):
        of_rank = {c for c in rules.deck if c >> 2 == rank}
        words += [rank_word(rank)] if of_rank <= cards else [card_word(c) for c in sorted(of_rank & cards)]
    return words


def _sweepers(rules: Rules) -> frozenset[int]:
    """The cards a rule with no condition lets take the whole table."""
    resolver = CaptureResolver(rules)
    return frozenset(c for c in rules.deck if any(r.condition is None for r in resolver.sweeps[c]))
