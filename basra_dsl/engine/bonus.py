"""The bonus a capture scores: the largest among the variant's basra rules that hold (bonuses
of one play do not add up). ``State`` scores its plays with it; bots ask it of captures they
only consider.
"""

from __future__ import annotations

from .capture import MID_HAND
from .errors import POINTS_LIMIT, RULE_FAILURES, RuleError
from .rules import Rules


def play_bonus(rules: Rules, card: int, before: tuple[int, ...], capture: tuple[int, ...],
               left: tuple[int, ...], previous, hand: tuple = MID_HAND, played_as: int | None = None) -> float:
    """Returns the bonus a capture scores: the largest among the basra rules that hold
    (bonuses of one play do not add up; see the language reference). ``hand`` is what the
    rules may know of the hand around the play (``State.hand_context``); bots ask it of
    captures they only consider, as if in the middle of a hand. ``played_as`` is the value
    the card was played as (``State.played_as``; None: the card's value)."""
    best = 0
    play = (card, before, capture, left, previous, hand) + (() if played_as is None else (played_as,))
    for rule in rules.basra_rules:
        try:
            if rule.condition is None or rule.condition(*play):
                points = rule.points(*play) or 0
                if not -POINTS_LIMIT <= points <= POINTS_LIMIT:
                    raise ValueError(f"it scores {points:.3g} points")
                if points > best:
                    best = points
        except RULE_FAILURES as exc:
            raise RuleError(rule.name, rule.span, str(exc)) from None
    return best
