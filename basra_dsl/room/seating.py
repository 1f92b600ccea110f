"""Who sits where in a room: seats are taken in the order people join.

With partners, the account "Egyptian Basra - Morabaá" seats the room's creator first in
the first team, the next to join opposite them as their partner, the third first in the
second team and the fourth opposite the third. In general: each side's seats in turn,
the whole side before the next. Without partners, seats go in join order.
"""

from __future__ import annotations

from ..engine.rules import Rules


def join_order(rules: Rules) -> list[int]:
    """The seats, in the order people joining the room take them."""
    return [seat for side in rules.sides for seat in side]


def next_free(rules: Rules, taken: set[int]) -> int | None:
    """The seat the next person to join takes, or None when every seat is taken."""
    return next((seat for seat in join_order(rules) if seat not in taken), None)
