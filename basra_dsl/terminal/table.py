"""The terminal game as plain data: one whole game of a variant, one seat a person's.

A ``Table`` deals each hand, lets the person's seat and the bots' seats move in turn,
keeps the running score on the engine's ``Scoreboard`` and writes the record as each hand
ends. It decides no rule: the person's moves go through ``State.apply`` (an illegal one
raises the engine's ``IllegalMove``), and a bot's move comes from the bot, which picks it
from ``legal_moves``, and is checked by ``State.apply`` too. It draws nothing; ``view``
and ``app`` show it.

Seeded: one seed gives the deal its own random generator and each seat's bot its own, all
derived from it, so the same seed deals the same cards and the bots answer the same
moves the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import limits
from ..bots import make_bot, move_of
from ..engine import Deal, Game, Move, Play, Scoreboard, State
from ..engine.rules import Rules
from ..engine.scoring import HandResult
from ..play.records import record_of_hands
from ..play.simulate import first_dealer, hand_record
from .record import write_record


@dataclass
class Event:
    """One line of the game's story: a play, a new hand, a hand's result."""

    kind: str  # play | hand | result | game
    hand: int
    play: Play | None = None
    seat: int = -1  # the seat that leads a new hand


@dataclass
class SaveState:
    """Where the record goes, and how the last write went."""

    path: Path | None
    hands: int = 0  # finished hands in the file
    error: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # fields added to the record (seed, comment)


class Table:
    """One game in play (see the module's docstring)."""

    def __init__(self, rules: Rules, seat: int = 0, bot: str = "greedy", seed: int = 0,
                 samples: int | None = None, record: Path | None = None,
                 record_fields: dict[str, Any] | None = None):
        if not 0 <= seat < rules.players:
            raise ValueError(f"seat {seat} does not exist with {rules.players} players")
        self.rules = rules
        self.game = Game(rules)
        self.seat = seat
        self.seed = seed
        self.bot_name = bot
        master = random.Random(seed)
        self.deal_rng = random.Random(master.getrandbits(64))
        seat_seeds = [master.getrandbits(64) for _ in range(rules.players)]  # every seat's, whoever sits there
        self.bots = {s: make_bot(bot, samples) for s in range(rules.players) if s != seat}
        self.bot_rngs = {s: random.Random(seat_seeds[s]) for s in self.bots}
        self.board = Scoreboard(rules)
        self.results: list[HandResult] = []
        self.records: list[dict] = []
        self.events: list[Event] = []
        self.save = SaveState(record, extra={"seed": seed} | dict(record_fields or {}))
        self.dealer = first_dealer(rules)
        self.hand_number = 0
        self.last: dict[int, Play] = {}
        self.state: State
        self.first = 0
        self.deals: list[Deal] = []
        self._start_hand()

    # ------------------------------------------------------------ what the screen asks
    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def hand_over(self) -> bool:
        """Whether the hand in play has ended (its result is in ``results``)."""
        return self.state.is_terminal()

    @property
    def game_over(self) -> bool:
        """Whether the game is decided (or has run to the most hands a record may hold)."""
        return self.board.over or self.hand_over and self.board.hands >= limits.RECORD_HANDS

    @property
    def to_move(self) -> int:
        """The seat to play, or -1 between hands."""
        return self.state.turn

    @property
    def your_turn(self) -> bool:
        return not self.hand_over and self.state.turn == self.seat

    @property
    def bots_turn(self) -> bool:
        return not self.hand_over and self.state.turn != self.seat

    @property
    def hand(self) -> list[int]:
        """The person's cards, lowest rank first."""
        return sorted(self.state.hands[self.seat], key=lambda c: (c >> 2, c & 3))

    def options(self, card: int) -> list[Move]:
        """The moves a card of the person's hand may make now, as the engine says: its
        captures, its trail where allowed, and its builds where the rules build."""
        return self.state.moves(card) if self.your_turn else []

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    # ------------------------------------------------------------ moves
    def play(self, move: Move) -> Play:
        """Plays a move for the seat to move, checked by the engine (raises IllegalMove)."""
        play = self.state.apply(move)
        self.last[play.seat] = play
        self.events.append(Event("play", self.hand_number, play))
        if self.state.is_terminal():
            self._finish_hand()
        return play

    def bot_move(self) -> Move:
        """Returns the move the bot of the seat to move chooses (it sees that seat's view only)."""
        seat = self.state.turn
        if seat not in self.bots:
            raise ValueError("it is not a bot's turn")
        return move_of(self.bots[seat], self.state, self.bot_rngs[seat])

    def next_hand(self) -> bool:
        """Deals the next hand once this one is over; False when the game is over."""
        if not self.hand_over or self.game_over:
            return False
        self._start_hand()
        return True

    # ------------------------------------------------------------ flow
    def _start_hand(self) -> None:
        self.first = self.rules.leader(self.dealer)
        self.dealer = self.rules.next_dealer(self.dealer)
        self.state = self.game.new_hand(self.deal_rng, self.first, self.board.carry)
        self.deals = list(self.state.deals)
        self.hand_number += 1
        self.last = {}
        self.events.append(Event("hand", self.hand_number, seat=self.first))
        if self.state.is_terminal():  # a deal with no card to play ends at once
            self._finish_hand()

    def _finish_hand(self) -> None:
        result = self.state.result()
        self.results.append(result)
        self.board.add(result)
        self.records.append(hand_record(self.first, self.deals, self.state.plays))
        self.events.append(Event("result", self.hand_number))
        if self.game_over:
            self.events.append(Event("game", self.hand_number))
        self._write()

    def record(self) -> dict:
        """Returns the finished hands as a record (the format ``basra replay`` reads)."""
        return record_of_hands(self.rules, self.records) | self.save.extra

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
