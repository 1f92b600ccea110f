"""The rooms of one server and the browsers connected to them: the ``Hub``.

The hub is the one state object the server's handlers act on. It makes rooms, finds them,
carries out each action under the room's lock and sends every connection of the room its
own seat's view afterwards. Bots play their turns in a task per room, a short pause before
each move so people can follow; a bot's choice is worked out in a thread, so a slow bot
does not hold up the other rooms. A room with nobody connected is closed after ``idle``
seconds, its chat with it.

This hub keeps its rooms in the process's memory. ``RedisHub`` (``redis_hub``) is the same
hub with the rooms' actions kept in Redis, for several processes to share them; the
handlers cannot tell the two apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

from starlette.websockets import WebSocket, WebSocketDisconnect

from .catalog import Catalog
from .model import ChatLine, Room, RoomError
from .views import view_for

MAX_ROOMS = 200  # rooms one server holds at once
ROOMS_PER_CLIENT = 10  # rooms made by one address that may be open at once (a club behind one router has a few tables)
EMPTY_ROOM = 60.0  # seconds a room nobody has joined is kept
MOST_STAND_IN = 600  # the longest wait a room may set before a bot plays for someone who dropped
MESSAGES_PER_SECOND, MESSAGE_BURST = 10.0, 30  # what one connection may send


@dataclass(eq=False)
class Connection:
    """One browser's WebSocket, the token of the person it speaks for (None before it joins)
    and its allowance of messages: a burst, then ``rate`` a second. Which seat it acts for
    is never kept here: the room says it from the token each time (``Room.holder``)."""

    socket: WebSocket
    rate: float = MESSAGES_PER_SECOND
    token: str | None = None
    allowance: float = MESSAGE_BURST
    at: float = field(default_factory=time.monotonic)
    refused: int = 0

    def allowed(self) -> bool:
        now = time.monotonic()
        self.allowance = min(MESSAGE_BURST, self.allowance + (now - self.at) * self.rate)
        self.at = now
        if self.allowance < 1:
            self.refused += 1
            return False
        self.allowance -= 1
        return True


@dataclass
class Hub:
    """The server's state (see the module's docstring)."""

    catalog: Catalog
    bot_delay: float = 0.6
    idle: float = 600.0
    message_rate: float = MESSAGES_PER_SECOND
    empty: float = EMPTY_ROOM
    rooms_per_client: int = ROOMS_PER_CLIENT
    rooms: dict[str, Room] = field(default_factory=dict)
    connections: dict[str, list[Connection]] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    bots: dict[str, asyncio.Task] = field(default_factory=dict)
    closing: dict[str, asyncio.Task] = field(default_factory=dict)
    standing: dict[tuple[str, int], asyncio.Task] = field(default_factory=dict)  # the stand-in timers
    shown: dict[str, int] = field(default_factory=dict)  # by room: the version its connections were last sent
    made_by: dict[str, str] = field(default_factory=dict)  # by room: the address that made it

    # ------------------------------------------------------------ the rooms
    async def start(self) -> None:
        """Called once the server runs (the Redis hub connects here)."""

    async def stop(self) -> None:
        for room_id in list(self.rooms):
            self.forget(room_id)

    def new_room(self, variant: str, options: dict[str, Any], players: int, stand_in: float = 0,
                 seed: int | None = None, room_id: str | None = None) -> Room:
        """A room of the catalog's variant, not yet kept anywhere."""
        rules = self.catalog.rules(variant, options, players)
        seed = secrets.randbits(32) if seed is None else seed
        if not 0 <= stand_in <= MOST_STAND_IN:
            raise RoomError(f"'stand_in' is a number of seconds from 0 to {MOST_STAND_IN}")
        return Room(room_id or secrets.token_urlsafe(6), variant, self.catalog.offers[variant].title, rules, seed,
                    stand_in)

    async def create(self, variant: str, options: dict[str, Any], players: int, stand_in: float = 0,
                     client: str = "") -> Room:
        """A new room, made by ``client`` (an address): refused when the server is full or
        the address has ``rooms_per_client`` rooms open already."""
        if len(self.rooms) >= MAX_ROOMS:
            raise RoomError("the server holds as many rooms as it can: try again later")
        if sum(by == client for by in self.made_by.values()) >= self.rooms_per_client:
            raise RoomError(too_many_rooms(self.rooms_per_client))
        room = self.new_room(variant, options, players, stand_in)
        self.keep(room)
        self.made_by[room.id] = client
        self._close_later(room.id, self.empty)  # a room nobody joins goes soon
        return room

    def keep(self, room: Room) -> None:
        self.rooms[room.id] = room
        self.connections.setdefault(room.id, [])
        self.locks.setdefault(room.id, asyncio.Lock())

    async def find(self, room_id: str) -> Room | None:
        return self.rooms.get(room_id)

    async def open_rooms(self) -> list[Room]:
        """The rooms still waiting for players, as the lobby lists them."""
        return [room for room in self.rooms.values() if not room.started]

    # ------------------------------------------------------------ acting
    async def act(self, room: Room, action: dict[str, Any],
                  tell: Callable[[dict[str, Any]], Awaitable[None]] | None = None) -> dict[str, Any]:
        """Carries out an action on the room (under its lock), then shows everyone the
        room; raises RoomError if the room refuses it. ``tell`` hears what the action's
        author is told before anyone sees the room change (a new seat learns its number
        before its view)."""
        async with self._lock(room):
            try:
                told = await self.commit(room, action)
                if tell is not None:
                    await tell(told)
            finally:  # a refused action may still have brought a shared room's copy up to date
                await self.show_changes(room)
        self.bots_play(room)
        return told

    async def commit(self, room: Room, action: dict[str, Any], retry: bool = True) -> dict[str, Any]:
        """Applies an action and keeps it (here, the room in memory is all there is).
        ``retry``: whether the action still stands if the room changed meanwhile (a bot's
        move, worked out for the room as it was, does not)."""
        return room.apply(action)

    async def refresh(self, room: Room) -> None:
        """Brings the room up to date (here it always is)."""

    async def say(self, room: Room, token: str | None, text: str) -> ChatLine:
        """A seated person's chat line, for the room's people only; kept in memory only."""
        async with self._lock(room):
            seat = room.holder(token)
            if seat is None:
                raise RoomError(room.lost_seat(token))
            line = room.say(seat, text)
            await self.broadcast(room)
        return line

    async def present(self, room: Room, seat: int, connected: bool) -> None:
        """A person's browser came (back) or went: their seat shows it."""
        async with self._lock(room):
            room.connect(seat, connected)
            await self.broadcast(room)
        self.watch_dropped(room)

    # ------------------------------------------------------------ people away
    def watch_dropped(self, room: Room) -> None:
        """Where the room lets bots stand in, starts a timer for each person away from the
        game; when it runs out and they are still away, a bot plays for them."""
        if room.stand_in <= 0:
            return
        for seat in room.dropped():
            timer = self.standing.get((room.id, seat))
            if timer is None or timer.done():
                self.standing[(room.id, seat)] = asyncio.create_task(self._stand_in(room, seat))

    async def _stand_in(self, room: Room, seat: int) -> None:
        await asyncio.sleep(room.stand_in)
        await self.refresh(room)
        if room.id in self.rooms and seat in room.dropped():
            with contextlib.suppress(RoomError):  # another server's timer was first, or they came back
                await self.act(room, {"do": "standin", "whose": seat})

    def _lock(self, room: Room) -> asyncio.Lock:
        lock = self.locks.get(room.id)
        if lock is None:
            raise RoomError("the room has closed")
        return lock

    async def broadcast(self, room: Room) -> None:
        """Sends every connection of the room the view of the seat its token holds now (the
        public view once it holds none)."""
        self.shown[room.id] = room.version
        views: dict[int | None, str] = {}
        for connection in list(self.connections.get(room.id, [])):
            seat = room.holder(connection.token)
            if seat not in views:
                views[seat] = json.dumps(view_for(room, seat), allow_nan=False)  # a browser reads no Infinity
            await send_text(connection.socket, views[seat])

    async def show_changes(self, room: Room) -> None:
        """Sends the views again if the room changed since they were last sent (call it
        under the room's lock)."""
        if self.shown.get(room.id) != room.version and room.id in self.rooms:
            await self.broadcast(room)

    # ------------------------------------------------------------ bots
    def bots_play(self, room: Room) -> None:
        """Starts the room's bots on their turns, unless they are at it already."""
        task = self.bots.get(room.id)
        if room.table is not None and room.table.bots_turn and (task is None or task.done()):
            self.bots[room.id] = asyncio.create_task(self._bot_turns(room))

    async def may_run_bots(self, room: Room) -> bool:
        """Whether this server plays the room's bots (here, always: it is the only one)."""
        return True

    async def _bot_turns(self, room: Room) -> None:
        refused = 0
        while room.id in self.rooms and refused < 3:
            await asyncio.sleep(self.bot_delay)
            try:
                if not await self.may_run_bots(room):
                    return
                async with self._lock(room):
                    try:
                        await self.refresh(room)
                        action = await asyncio.to_thread(room.bot_action)
                        if action is None:
                            return
                        await self.commit(room, action, retry=False)
                        refused = 0
                    finally:
                        await self.show_changes(room)
            except RoomError:
                refused += 1  # the room changed under the bot (or closed): look again

    # ------------------------------------------------------------ connections
    async def attach(self, room: Room, connection: Connection) -> None:
        self.connections.setdefault(room.id, []).append(connection)
        waiting = self.closing.pop(room.id, None)
        if waiting is not None:
            waiting.cancel()

    def local_seats(self, room_id: str) -> set[int]:
        """The seats whose person this server has a browser connected for."""
        room = self.rooms.get(room_id)
        if room is None:
            return set()
        seats = (room.seat_of(c.token) for c in self.connections.get(room_id, []) if c.token)
        return {seat for seat in seats if seat is not None}

    async def detach(self, room: Room, connection: Connection) -> None:
        """A connection closed: its seat waits for its player to come back."""
        connections = self.connections.get(room.id)
        if connections is None:
            return
        if connection in connections:
            connections.remove(connection)
        seat = room.seat_of(connection.token) if connection.token else None
        if seat is not None and seat not in self.local_seats(room.id):
            await self.present(room, seat, False)
        if not connections:
            self._close_later(room.id, self.idle if room.people or room.started else self.empty)

    def _close_later(self, room_id: str, after: float) -> None:
        waiting = self.closing.pop(room_id, None)
        if waiting is not None:
            waiting.cancel()
        self.closing[room_id] = asyncio.create_task(self._close_when_idle(room_id, after))

    async def _close_when_idle(self, room_id: str, after: float) -> None:
        await asyncio.sleep(after)
        if not self.connections.get(room_id):
            self.forget(room_id)

    def forget(self, room_id: str) -> None:
        """Forgets a room: its seats, its game and its chat."""
        self.rooms.pop(room_id, None)
        self.connections.pop(room_id, None)
        self.locks.pop(room_id, None)
        self.shown.pop(room_id, None)
        self.made_by.pop(room_id, None)
        for tasks in (self.bots, self.closing):
            task = tasks.pop(room_id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
        for timer in [key for key in self.standing if key[0] == room_id]:
            task = self.standing.pop(timer)
            if task is not asyncio.current_task():
                task.cancel()


def too_many_rooms(most: int) -> str:
    return (f"you have {most} rooms open already: play in one of them (a room closes "
            f"a minute after it is made if nobody joins, and when everyone has left)")


async def send_text(socket: WebSocket, text: str) -> None:
    try:
        await socket.send_text(text)
    except (RuntimeError, WebSocketDisconnect, OSError):
        pass  # a connection going away is noticed by its own receive loop
