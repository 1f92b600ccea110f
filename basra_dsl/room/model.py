"""A room as plain data: its seats, its chat, and the table its game is played at.

The room is the authority. It seats people in join order (``seating``), lets the host fill
empty seats with bots and start, checks every move with the engine, and answers each seat
with only what that seat may see (``views``). Nothing here does input or output: the
server turns messages into calls and sends the views back.

Every change to the game side of a room is an *action*, a small dict that ``apply`` carries
out (``ACTIONS`` lists them). Actions hold everything they need (a new seat's token, the
move a bot chose), so the same actions applied in order to a new room of the same variant
and seed give the same room: that is how a server sharing rooms through Redis keeps its
copy of a room, and how a copy is rebuilt. Whether a person is connected is not an action:
it is what each server sees of its own connections.

A person's action names the token that seats them (``by``), and the room checks that the
token holds that seat *now*: a browser tab left behind after its person left, or whose seat
went to someone else or to a bot, acts for nobody (``holder``).

Chat lines live in the room's memory only, a bounded number of them, and go when the room
goes; they are never part of a record.
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from ..bots import BOT_NAMES, LEVELS
from ..cards import card_name, parse_card
from ..engine import IllegalMove, Move, Play
from ..engine.rules import Rules
from ..play.table import Table
from .seating import next_free

NAME_LETTERS = 24  # the most characters of a player's name
CHAT_LETTERS = 300  # the most characters of one chat line
CHAT_KEPT = 100  # lines a room keeps; older ones drop off
CHAT_BURST, CHAT_PER_SECOND = 5, 0.5  # a seat may say 5 lines at once, then one every 2 s
MOST_ACTIONS = 20_000  # a room's game actions, about ten long games: then it asks for a new room
ACTIONS = ("join", "bots", "takeover", "standin", "back", "start", "play", "declare", "next", "leave", "seated")
# Seat changes before the start (people coming and going, the host's bots) do not count
# against what a game needs: anyone may join and leave a listed room.
SEAT_CHANGES = ("join", "leave", "bots", "seated")
DROPPED_ONLY = "only the seat of a player who dropped out of a game can be handed to a bot"
NOT_YOURS = "that seat is no longer yours: join again"
BOT_PLAYS_IT = "a bot is playing your seat: reload the page to take it back"


class RoomError(Exception):
    """A request the room refuses, in words for the person who made it."""


class Unavailable(RoomError):
    """The rooms' store cannot be reached: the request may succeed if tried again later."""


@dataclass
class Seat:
    """Who holds a seat: a person (``token`` lets them back in) or a bot."""

    name: str
    token: str = ""
    connected: bool = True
    bot: str | None = None  # the bot that plays the seat: an empty seat filled, or a person's taken over
    allowance: float = CHAT_BURST  # chat lines the seat may say now
    said_at: float = 0.0

    @property
    def person(self) -> bool:
        return bool(self.token)


@dataclass
class ChatLine:
    seat: int
    name: str
    text: str


@dataclass
class Room:
    """One room (see the module's docstring)."""

    id: str
    variant: str  # the variant's name, as records name it
    title: str
    rules: Rules
    seed: int
    stand_in: float = 0  # seconds after which a bot plays for a person who dropped (0: only if the host asks)
    seats: list[Seat | None] = field(default_factory=list)
    host: int = -1  # the seat of whoever created the room
    chat: deque = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    table: Table | None = None
    version: int = 0  # grows with every change, so a view can be told from an older one
    actions: int = 0  # the actions applied so far (a shared room's place in its log)
    spent: int = 0  # of those, the ones a game uses up (``MOST_ACTIONS``); seat changes before the start are free

    def __post_init__(self):
        if not self.seats:
            self.seats = [None] * self.rules.players

    @property
    def started(self) -> bool:
        return self.table is not None

    def dropped(self) -> list[int]:
        """The seats of people who are away from a game in play, no bot playing for them."""
        if self.table is None:
            return []
        return [seat for seat, held in enumerate(self.seats)
                if held is not None and held.person and not held.connected and held.bot is None]

    @property
    def people(self) -> list[int]:
        return [seat for seat, held in enumerate(self.seats) if held is not None and held.person]

    # ------------------------------------------------------------ actions
    def apply(self, action: dict[str, Any]) -> dict[str, Any]:
        """Carries out one action (see the module's docstring); raises RoomError, with the
        room unchanged, if the room refuses it. Returns what the action's author is told."""
        do, seat = action["do"], action.get("seat", -1)
        free = do in SEAT_CHANGES and not self.started
        if self.spent >= MOST_ACTIONS and not free:
            raise RoomError("this room has played as long as a room may: open a new room to play on")
        if "by" in action and self.holder(action["by"]) != seat:  # a person's action: still their seat?
            raise RoomError(self.lost_seat(action["by"]))
        told: dict[str, Any] = {}
        if do == "join":
            told["seat"], told["token"] = self.join(action["name"], action["token"])
        elif do == "bots":
            self.fill_with_bots(seat, action["bot"])
        elif do == "takeover":
            self._host_only(seat, "hand a seat to a bot")
            self._stand_in(action["whose"], action["bot"])
        elif do == "standin":
            if self.stand_in <= 0:
                raise RoomError("in this room bots do not stand in for players who drop out")
            self._stand_in(action["whose"], "greedy")
        elif do == "back":
            self.back(seat)
        elif do == "start":
            self.start(seat)
        elif do == "play":
            self.play(seat, action["card"], action["choice"])
        elif do == "declare":
            self.declare(seat, action["name"])
        elif do == "next":
            self.next(seat)
        elif do == "leave":
            self.leave(seat)
        elif do == "seated":
            self.reseat(action["seats"], action["host"])
        else:
            raise RoomError(f"a room does no '{clean_text(str(do), 20)}'")
        self.actions += 1
        self.spent += not free
        return told

    def holder(self, token: str | None) -> int | None:
        """The seat a person's token holds now and plays themself; None once they left, their
        seat went to someone else, or a bot plays it for them."""
        seat = self.seat_of(token) if token else None
        return seat if seat is not None and self.seats[seat].bot is None else None

    def lost_seat(self, token: str | None) -> str:
        """Why a token no longer acts for a seat, in words for its browser."""
        if not token:
            return "join the room first"
        return BOT_PLAYS_IT if self.seat_of(token) is not None else NOT_YOURS

    def seating(self) -> dict[str, Any]:
        """The waiting room as one action (``seated``) that seats everyone again: what a shared
        room's log of comings and goings before the start can be folded into."""
        if self.started:
            raise RoomError("the game has started: its seats are in its actions")
        seats = [None if held is None else {"name": held.name, "token": held.token, "bot": held.bot}
                 for held in self.seats]
        return {"do": "seated", "seats": seats, "host": self.host}

    def reseat(self, seats: list[dict[str, Any] | None], host: int) -> None:
        """Seats everyone as ``seating`` gave them (before the start only)."""
        if self.started or len(seats) != len(self.seats):
            raise RoomError("the seats cannot be set again once the game has started")
        self.seats = [None if held is None else Seat(held["name"], held["token"], bot=held["bot"]) for held in seats]
        self.host = host
        self._changed()

    def bot_action(self) -> dict[str, Any] | None:
        """The move the bot whose turn it is chooses, as an action, or None when it is no
        bot's turn. Choosing changes nothing but the bot's own random generator."""
        table = self.table
        if table is None or not table.bots_turn:
            return None
        move, seat = table.bot_move(), table.to_move
        if move.declare is not None:
            return {"do": "declare", "seat": seat, "name": move.declare}
        choice = table.moves_of(seat, move.card).index(move)
        return {"do": "play", "seat": seat, "card": card_name(move.card), "choice": choice}

    # ------------------------------------------------------------ seats
    def join(self, name: str, token: str | None = None) -> tuple[int, str]:
        """Seats a person in the next seat of the join order; returns the seat and the token
        that gets them back into it (a new one unless given)."""
        name = clean_text(name, NAME_LETTERS) or "Player"
        seat = next_free(self.rules, {s for s, held in enumerate(self.seats) if held is not None})
        if self.started:
            raise RoomError("this room's game has started")
        if seat is None:
            raise RoomError("this room is full")
        token = token or secrets.token_urlsafe(16)
        self.seats[seat] = Seat(name, token)
        if self.host < 0:
            self.host = seat
        self._changed()
        return seat, token

    def seat_of(self, token: str) -> int | None:
        """The seat a token holds, or None (whatever the token: it is compared as bytes)."""
        given = str(token).encode("utf-8", "replace")
        return next((s for s, held in enumerate(self.seats)
                     if held is not None and held.person and secrets.compare_digest(held.token.encode(), given)), None)

    def connect(self, seat: int, connected: bool) -> None:
        """Marks a person's seat as connected or dropped (it stays theirs)."""
        held = self.seats[seat]
        if held is not None and held.connected != connected:
            held.connected = connected
            self._changed()

    def leave(self, seat: int) -> None:
        """A person leaves for good: before the game their seat is free again; during it, a
        bot plays it (the game cannot wait for nobody)."""
        held = self.seats[seat]
        if held is None or not held.person:
            return
        if self.table is None:
            self.seats[seat] = None
        else:
            self.seats[seat] = Seat(f"{held.name} (bot)", bot="greedy")
            self.table.seat_bot(seat, "greedy")
        if seat == self.host:
            self.host = next(iter(self.people), -1)
        self._changed()

    def fill_with_bots(self, by: int, bot: str = "greedy") -> None:
        """The host puts a bot in every empty seat."""
        self._host_only(by, "fill seats with bots")
        _known_bot(bot)
        for seat, held in enumerate(self.seats):
            if held is None:
                self.seats[seat] = Seat(f"{bot.capitalize()} bot {seat + 1}", bot=bot)
        self._changed()

    def take_over(self, by: int, seat: int, bot: str = "greedy") -> None:
        """The host lets a bot play the seat of a person who dropped."""
        self.refuse_if_here(seat)
        self.apply({"do": "takeover", "seat": by, "whose": seat, "bot": bot})

    def refuse_if_here(self, seat: int) -> None:
        """Refuses to hand a seat to a bot while its person is connected, as this server
        sees them: asked before the action, never by it (see ``_stand_in``)."""
        held = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if held is not None and held.connected:
            raise RoomError(DROPPED_ONLY)

    def _stand_in(self, seat: int, bot: str) -> None:
        """A bot plays a dropped person's seat until they are back. Whether they are still
        connected is each server's own knowledge, so the action does not ask it again: the
        host's request and the room's timer ask it before they act."""
        _known_bot(bot)
        held = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if held is None or not held.person or held.bot is not None or self.table is None:
            raise RoomError(DROPPED_ONLY)
        held.bot = bot
        self.table.seat_bot(seat, bot)
        self._changed()

    def back(self, seat: int) -> None:
        """A person whose seat a bot took over is back: the seat is theirs to play again."""
        held = self.seats[seat] if 0 <= seat < len(self.seats) else None
        if held is None or not held.person or held.bot is None:
            raise RoomError("no bot plays that seat")
        held.bot = None
        if self.table is not None:
            self.table.free_seat(seat)
        self._changed()

    def start(self, by: int) -> None:
        """The host starts the game once every seat is taken."""
        self._host_only(by, "start the game")
        if self.started:
            raise RoomError("the game has started already")
        if any(held is None for held in self.seats):
            raise RoomError("some seats are empty: wait for players, or fill them with bots")
        bots = {seat: held.bot for seat, held in enumerate(self.seats) if held is not None and held.bot}
        self.table = Table(self.rules, bots, self.seed)
        self._changed()

    def _host_only(self, by: int, what: str) -> None:
        if by != self.host:
            raise RoomError(f"only the host may {what}")

    # ------------------------------------------------------------ play
    def play(self, seat: int, card: str, choice: int) -> Play:
        """Plays the seat's ``choice``-th move of ``card`` (as its view lists them)."""
        table = self._turn_of(seat)
        number = parse_card(card) if isinstance(card, str) else None
        if number is None or number not in table.state.hands[seat]:
            raise RoomError(f"you hold no card '{clean_text(str(card), 8)}'")
        moves = table.moves_of(seat, number)
        if not 0 <= choice < len(moves):
            raise RoomError("that card cannot be played that way: choose one of the moves shown")
        return self._played(table, moves[choice])  # the view's moves are the engine's own

    def declare(self, seat: int, name: str) -> Play:
        """The seat declares its dealt cards under the rule ``name`` (see ``State.declare``)."""
        return self._played(self._turn_of(seat), Move.declaring(str(name)))

    def _turn_of(self, seat: int) -> Table:
        """The table, where it is the seat's turn; else the refusal."""
        table = self._table()
        if table.hand_over or table.to_move != seat:
            raise RoomError("it is not your turn")
        return table

    def _played(self, table: Table, move: Move) -> Play:
        """Plays a move the engine checks: a refusal is the room's, in the engine's words."""
        try:
            play = table.play(move)
        except IllegalMove as exc:
            raise RoomError(str(exc)) from exc
        self._changed()
        return play

    def bot_step(self) -> Play | None:
        """Plays one move of the bot whose turn it is, or None when it is no bot's turn."""
        action = self.bot_action()
        if action is None:
            return None
        self.apply(action)
        return self.table.state.plays[-1] if self.table.state.plays else None

    def next(self, seat: int) -> None:
        """Any seated person moves on after a hand's scores: the next hand, or the next game."""
        table = self._table()
        if self.seats[seat] is None or not self.seats[seat].person:
            raise RoomError("only a seated player may deal on")
        if not table.hand_over:
            raise RoomError("the hand is still being played")
        if not (table.next_hand() or table.next_game()):
            raise RoomError("the game cannot go on")
        self._changed()

    def _table(self) -> Table:
        if self.table is None:
            raise RoomError("the game has not started")
        return self.table

    # ------------------------------------------------------------ chat
    def say(self, seat: int, text: str, now: float | None = None) -> ChatLine:
        """A seated person says a line to the room (bounded in length and rate)."""
        held = self.seats[seat]
        if held is None or not held.person:
            raise RoomError("only a seated player may chat")
        text = clean_text(text, CHAT_LETTERS)
        if not text:
            raise RoomError("say something: the line is empty")
        now = time.monotonic() if now is None else now
        held.allowance = min(CHAT_BURST, held.allowance + (now - held.said_at) * CHAT_PER_SECOND)
        held.said_at = now
        if held.allowance < 1:
            raise RoomError("you are chatting too fast: wait a moment")
        held.allowance -= 1
        line = ChatLine(seat, held.name, text)
        self.chat.append(line)
        self._changed()
        return line

    def _changed(self) -> None:
        self.version += 1


def _known_bot(bot: str) -> None:
    if bot not in BOT_NAMES and bot not in LEVELS:
        raise RoomError(f"there is no bot '{clean_text(str(bot), 20)}': choose a level ({', '.join(LEVELS)}) or a "
                        f"bot ({', '.join(BOT_NAMES)})")


def clean_text(text: str, most: int) -> str:
    """A line of text a person typed: printable characters only, spaces joined, at most
    ``most`` characters. It stays text: whatever shows it must escape it."""
    kept = "".join(ch if ch.isprintable() else " " for ch in str(text)[:most * 4])
    return " ".join(kept.split())[:most]

