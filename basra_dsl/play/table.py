"""One table of a variant as plain data: games played one after another, each seat a
person's or a bot's.

A ``Table`` deals each hand, lets the seats move in turn, keeps the running score on the
engine's ``Scoreboard`` and the finished hands of each game as records. After a game the
deal passes on as the variant's rules pass it after a hand, and ``next_game`` starts the
next one. It decides no rule: every move goes through ``State.apply`` (an illegal one
raises the engine's ``IllegalMove``), and a bot's move comes from the bot, which picks it
from the legal moves of its seat's view. It draws nothing; the terminal game and the
online room show it.

Seeded: one seed gives the deal its own random generator and each seat's bot its own, all
derived from it, so the same seed deals the same cards and the bots answer the same moves
the same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from .. import limits
from ..bots import make_bot, move_of
from ..engine import Deal, Game, Move, Play, Scoreboard, State
from ..engine.rules import Rules
from ..engine.scoring import HandResult
from .records import record_of_hands
from .simulate import first_dealer, hand_record


@dataclass
class Event:
    """One line of the game's story: a play, a new hand, a hand's result, a game's end."""

    kind: str  # play | hand | result | game
    hand: int
    play: Play | None = None
    seat: int = -1  # the seat that leads a new hand


class Table:
    """Games in play at one table (see the module's docstring). ``bots`` names the bot of
    each seat a bot plays; the other seats are people's."""

    def __init__(self, rules: Rules, bots: dict[int, str], seed: int = 0, samples: int | None = None,
                 on_hand_end: Callable[["Table"], None] | None = None):
        if any(not 0 <= seat < rules.players for seat in bots):
            raise ValueError(f"a bot's seat does not exist with {rules.players} players")
        self.rules = rules
        self.game = Game(rules)
        self.seed = seed
        self.samples = samples
        master = random.Random(seed)
        self.deal_rng = random.Random(master.getrandbits(64))
        self.seat_seeds = [master.getrandbits(64) for _ in range(rules.players)]  # every seat's, whoever sits there
        self.bots = {}
        self.bot_rngs: dict[int, random.Random] = {}
        for seat, name in bots.items():
            self.seat_bot(seat, name)
        self.on_hand_end = on_hand_end
        self.board = Scoreboard(rules)
        self.games_played: list[Scoreboard] = []  # the games finished before this one
        self.game_records: list[list[dict]] = []  # their hands, as records
        self.results: list[HandResult] = []
        self.records: list[dict] = []  # the hands of the game in play
        self.events: list[Event] = []
        self.dealer = first_dealer(rules)
        self.hand_number = 0
        self.last: dict[int, Play] = {}
        self.state: State
        self.first = 0
        self.deals: list[Deal] = []
        self._start_hand()

    # ------------------------------------------------------------ seats
    def seat_bot(self, seat: int, name: str) -> None:
        """Puts a bot in a seat (it keeps the seat's own random generator)."""
        self.bots[seat] = make_bot(name, self.samples)
        self.bot_rngs[seat] = random.Random(self.seat_seeds[seat])

    def free_seat(self, seat: int) -> None:
        """Takes a seat's bot away: a person plays it again."""
        self.bots.pop(seat, None)
        self.bot_rngs.pop(seat, None)

    # ------------------------------------------------------------ what is shown
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
    def bots_turn(self) -> bool:
        return not self.hand_over and self.state.turn in self.bots

    def hand_of(self, seat: int) -> list[int]:
        """A seat's cards, lowest rank first."""
        return sorted(self.state.hands[seat], key=lambda c: (c >> 2, c & 3))

    def moves_of(self, seat: int, card: int) -> list[Move]:
        """The moves a card of a seat's hand may make now, as the engine says (none when it is
        not that seat's turn): its captures, its trail where allowed, its builds."""
        return self.state.moves(card) if not self.hand_over and self.state.turn == seat else []

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

    def next_game(self) -> bool:
        """Starts a new game once this one is over, the deal passed on as after a hand;
        False while the game goes on."""
        if not self.game_over:
            return False
        self.games_played.append(self.board)
        self.game_records.append(self.records)
        self.board = Scoreboard(self.rules)
        self.results, self.records = [], []
        self._start_hand()
        return True

    # ------------------------------------------------------------ flow
    def _start_hand(self) -> None:
        self.first = self.rules.leader(self.dealer)
        self.dealer = self.rules.next_dealer(self.dealer)
        self.state = self.game.new_hand(self.deal_rng, self.first, self.board.carry, self.board.standing)
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
        if self.on_hand_end is not None:
            self.on_hand_end(self)

    def record(self, game: int | None = None) -> dict:
        """Returns a game's finished hands as a record (the format ``basra replay`` reads):
        the game in play by default, or an earlier one by its number from 0."""
        hands = self.records if game is None or game == len(self.game_records) else self.game_records[game]
        return record_of_hands(self.rules, hands)
