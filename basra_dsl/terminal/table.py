"""The terminal game as plain data: one whole game of a variant, one seat a person's.

The table itself is ``play.table.Table`` (deals, moves checked by the engine, the bots'
turns, the score); this one adds the person's seat, tells the story of each new deal within
a hand (a ``DealEvent``), and writes the record as each hand ends, so a game stopped at any
moment leaves the record of its finished hands. A hand stopped before its end is in no
record: a record plays every card it deals (``basra replay`` refuses a hand cut short). It
draws nothing; ``view`` and ``app`` show it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Deal, Move, Play
from ..engine.rules import Rules
from ..play.table import Event
from ..play.table import Table as PlayTable
from .record import write_record

__all__ = ["DealEvent", "Event", "SaveState", "Table"]


@dataclass
class DealEvent(Event):
    """A new deal within a hand (the hand's first deal is its ``hand`` event): ``number``
    counts the hand's deals from 1, of ``deals`` in all."""

    number: int = 0
    deals: int = 0
    deal: Deal | None = None


@dataclass
class SaveState:
    """Where the record goes, and how the last write went."""

    path: Path | None
    hands: int = 0  # finished hands in the file
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # fields added to the record (seed, comment)


class Table(PlayTable):
    """One game in play with a person in ``seat`` and bots in the others."""

    def __init__(self, rules: Rules, seat: int = 0, bot: str = "greedy", seed: int = 0,
                 samples: int | None = None, record: Path | None = None,
                 record_fields: dict[str, Any] | None = None):
        if not 0 <= seat < rules.players:
            raise ValueError(f"seat {seat} does not exist with {rules.players} players")
        self.seat = seat
        self.bot_name = bot
        self.save = SaveState(record, extra={"seed": seed} | dict(record_fields or {}))
        super().__init__(rules, {s: bot for s in range(rules.players) if s != seat}, seed, samples,
                         on_hand_end=lambda table: table._write())

    @property
    def your_turn(self) -> bool:
        return not self.hand_over and self.state.turn == self.seat

    @property
    def hand(self) -> list[int]:
        """The person's cards, lowest rank first."""
        return self.hand_of(self.seat)

    def play(self, move: Move) -> Play:
        """Plays a move (see ``play.table.Table.play``); a deal it brings on follows it in the story."""
        dealt, told = self.state.deal_index, len(self.events)
        play = super().play(move)
        new = [DealEvent("deal", self.hand_number, number=index + 1, deals=len(self.deals), deal=self.deals[index])
               for index in range(dealt, min(self.state.deal_index, len(self.deals)))]
        self.events[told + 1:told + 1] = new  # after the play, before a result it may have brought
        return play

    def options(self, card: int) -> list[Move]:
        """The moves a card of the person's hand may make now, as the engine says."""
        return self.moves_of(self.seat, card)

    def record(self, game: int | None = None) -> dict:
        """Returns the finished hands as a record, with the seed and the fields asked for."""
        return super().record(game) | self.save.extra

    def _write(self) -> None:
        """Writes the record of every finished hand; a failure is kept for the screen to show."""
        if self.save.path is None:
            return
        try:
            write_record(self.save.path, self.record())
        except OSError as exc:
            self.save.error = f"cannot write {self.save.path}: {exc.strerror or exc}"
            return
        self.save.hands = len(self.records)
        self.save.error = None
