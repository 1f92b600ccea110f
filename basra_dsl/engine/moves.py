"""Moves and plays: what a player asks for, and what happened, as data for records.

``Move`` is a request (a card, what it takes or builds onto); ``Play`` is the outcome kept
in a hand's history; ``IllegalMove`` says in words why a request was refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..cards import card_name
from .scoring import number


@dataclass(frozen=True)
class Move:
    """A card to play and the floor cards it takes (empty to trail); or, where the rules
    build, the floor cards it is built onto (``build``) and the value announced. A capture
    names a ``value`` only where its card may be played as several values and the capture
    adds up under more than one (0: there is nothing to name). Where the rules take piles,
    ``steal`` is the seat whose whole won pile the card takes (its top card is of the
    card's rank; the move takes nothing from the floor). A *declaration* plays no card: its
    ``card`` is DECLARE and ``declare`` names the dealing rule declared (Cirulla's accusi)."""

    card: int
    capture: tuple[int, ...] = ()
    build: tuple[int, ...] = ()
    value: int = 0
    steal: int | None = None
    declare: str | None = None

    @classmethod
    def declaring(cls, name: str) -> "Move":
        """The declaration of the dealing rule ``name``."""
        return cls(DECLARE, declare=name)

    def to_json(self) -> dict:
        """Returns the move as record data: {"card", "capture"} (and "build", "value", or
        "steal": the seat, counted from 0, whose pile it takes); a declaration {"declare"}."""
        if self.declare is not None:
            return {"declare": self.declare}
        data = {"card": card_name(self.card), "capture": [card_name(c) for c in self.capture]}
        if self.steal is not None:
            data["steal"] = self.steal
        if self.build:
            data |= {"build": [card_name(c) for c in self.build], "value": self.value}
        elif self.value:
            data["value"] = self.value
        return data

    def __str__(self) -> str:
        if self.declare is not None:
            return f"declares {self.declare}"
        if self.build:
            return f"{card_name(self.card)} builds {self.value} on {' '.join(map(card_name, self.build))}"
        if self.steal is not None:
            return f"{card_name(self.card)} takes seat {self.steal + 1}'s pile"
        taken = " ".join(card_name(c) for c in self.capture)
        played = card_name(self.card) + (f" as {self.value}" if self.value else "")
        return f"{played} takes {taken}" if taken else f"{played} trails"


class Play(NamedTuple):
    """A move as it happened: who played, what was taken, and the bonus it scored (and,
    for a build, the floor cards built onto and the value announced; for a pile taken,
    ``steal``, the seat it was taken from, and ``captured``, its cards bottom to top;
    ``turned`` for a card turned from the stock and played)."""

    seat: int
    card: int
    captured: tuple[int, ...]
    bonus: float
    build: tuple[int, ...] = ()
    value: int = 0
    steal: int | None = None
    turned: bool = False  # the card was turned from the stock and played (``flip``), not played from the hand
    declared: str | None = None  # a declaration (no card): the dealing rule declared, scoring ``bonus``

    def to_json(self) -> dict:
        """Returns the play as output data."""
        if self.declared is not None:
            return {"seat": self.seat, "declare": self.declared, "basra": number(self.bonus)}
        data = {"seat": self.seat, "card": card_name(self.card),
                "captured": [card_name(c) for c in self.captured], "basra": number(self.bonus)}
        if self.steal is not None:
            data["steal"] = self.steal
        if self.build:
            data |= {"build": [card_name(c) for c in self.build], "value": self.value}
        elif self.value:
            data["value"] = self.value  # the value named by a move that had to name it
        if self.turned:
            data["turned"] = True
        return data


DECLARE = -1  # the card of a declaration, which plays none


class IllegalMove(ValueError):
    """Raised by ``apply`` for a move the rules do not allow; the message says why."""

    def __init__(self, message: str, code: str = "B505"):
        super().__init__(message)
        self.code = code
