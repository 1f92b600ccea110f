"""The terminal game as plain data: one whole game of a variant, one seat a person's.

The table itself is ``play.table.Table`` (deals, moves checked by the engine, the bots'
turns, the score); this one adds the person's seat and writes the record as each hand
ends, so a game stopped at any moment leaves the record of its finished hands. It draws
nothing; ``view`` and ``app`` show it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import Move
from ..engine.rules import Rules
from ..play.table import Event
from ..play.table import Table as PlayTable
from .record import write_record

__all__ = ["Event", "SaveState", "Table"]


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
