"""The room server (Starlette): the lobby's pages and API, and one WebSocket per player.

Small handlers over one state object, the ``Hub``: the catalog of variants, the rooms, and
each room's connections. Every message is read by ``protocol``, acted on by the room
under its lock, and answered by sending each connection its own seat's view; a refused
message gets an error sent to its sender alone. Bots play their turns in a task per room,
a short pause before each move so people can follow. A room with nobody connected is
closed after ``idle`` seconds, its chat with it.
"""

from __future__ import annotations

import asyncio
import html
import json
import secrets
import time
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import __version__
from .. import cards as C
from ..rulebook.cardfaces import card_sprite
from ..rulebook.naming import card_words, pack_names
from ..rulebook.plain_text import quickstart_lines
from .catalog import Catalog
from .model import Room, RoomError
from .protocol import read_message
from .views import lobby_entry, view_for

MAX_ROOMS = 200  # rooms one server holds at once
MAX_CONNECTIONS = 24  # browsers connected to one room (its players, and a few tabs more)
MESSAGES_PER_SECOND, MESSAGE_BURST = 10.0, 30  # what one connection may send
FLOOD_CLOSE = 200  # messages refused for flooding before the connection is closed
PAGES = resources.files("basra_dsl.room") / "page"


@dataclass
class Connection:
    """One browser's WebSocket, the seat it holds (None before it joins) and its allowance
    of messages: a burst, then ``rate`` a second."""

    socket: WebSocket
    rate: float = MESSAGES_PER_SECOND
    seat: int | None = None
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
    rooms: dict[str, Room] = field(default_factory=dict)
    connections: dict[str, list[Connection]] = field(default_factory=dict)
    locks: dict[str, asyncio.Lock] = field(default_factory=dict)
    bots: dict[str, asyncio.Task] = field(default_factory=dict)
    closing: dict[str, asyncio.Task] = field(default_factory=dict)

    def create(self, variant: str, options: dict[str, Any], players: int) -> Room:
        if len(self.rooms) >= MAX_ROOMS:
            raise RoomError("the server holds as many rooms as it can: try again later")
        rules = self.catalog.rules(variant, options, players)
        room_id = secrets.token_urlsafe(6)
        room = Room(room_id, variant, self.catalog.offers[variant].title, rules, secrets.randbits(32))
        self.rooms[room_id] = room
        self.connections[room_id] = []
        self.locks[room_id] = asyncio.Lock()
        self._close_later(room_id)  # a room nobody joins goes too
        return room

    async def broadcast(self, room: Room) -> None:
        """Sends every connection of the room its own seat's view."""
        views: dict[int | None, str] = {}
        for connection in list(self.connections.get(room.id, [])):
            if connection.seat not in views:
                views[connection.seat] = json.dumps(view_for(room, connection.seat))
            await _send_text(connection.socket, views[connection.seat])

    def bots_play(self, room: Room) -> None:
        """Starts the room's bots on their turns, unless they are at it already."""
        task = self.bots.get(room.id)
        if room.table is not None and room.table.bots_turn and (task is None or task.done()):
            self.bots[room.id] = asyncio.create_task(self._bot_turns(room))

    async def _bot_turns(self, room: Room) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with self.locks[room.id]:
                if room.id not in self.rooms or room.bot_step() is None:
                    return
                await self.broadcast(room)

    def _close_later(self, room_id: str) -> None:
        waiting = self.closing.pop(room_id, None)
        if waiting is not None:
            waiting.cancel()
        self.closing[room_id] = asyncio.create_task(self._close_when_idle(room_id))

    async def _close_when_idle(self, room_id: str) -> None:
        await asyncio.sleep(self.idle)
        if not self.connections.get(room_id):
            self.close(room_id)

    def close(self, room_id: str) -> None:
        """Forgets a room: its seats, its game and its chat."""
        self.rooms.pop(room_id, None)
        self.connections.pop(room_id, None)
        self.locks.pop(room_id, None)
        for tasks in (self.bots, self.closing):
            task = tasks.pop(room_id, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()


async def _send_text(socket: WebSocket, text: str) -> None:
    try:
        await socket.send_text(text)
    except (RuntimeError, WebSocketDisconnect, OSError):
        pass  # a connection going away is noticed by its own receive loop


# ------------------------------------------------------------------ HTTP

async def lobby(request: Request) -> Response:
    return HTMLResponse((PAGES / "lobby.html").read_text(encoding="utf-8"))


async def variants(request: Request) -> Response:
    return JSONResponse(request.app.state.hub.catalog.to_json())


async def rooms(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    if request.method == "GET":
        return JSONResponse([lobby_entry(r) for r in hub.rooms.values() if not r.started])
    try:
        asked = json.loads(await _body(request) or b"{}")
        if not isinstance(asked, dict):
            raise RoomError("send a JSON object: {\"variant\": ..., \"players\": ..., \"options\": {...}}")
        players, options = asked.get("players"), asked.get("options") or {}
        if not isinstance(players, int) or not isinstance(options, dict):
            raise RoomError("'players' is a whole number and 'options' an object")
        room = hub.create(str(asked.get("variant", "")), options, players)
    except (RoomError, ValueError) as exc:
        message = str(exc) if isinstance(exc, RoomError) else "send JSON"
        return JSONResponse({"error": message}, status_code=400)
    return JSONResponse({"id": room.id, "url": f"/room/{room.id}"}, status_code=201)


async def _body(request: Request, most: int = 4096) -> bytes:
    """A request's body, read no further than ``most`` bytes (a larger one is refused)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise RoomError(f"the request is too long: at most {most} bytes")
    return body


async def room_page(request: Request) -> Response:
    room = request.app.state.hub.rooms.get(request.path_params["room"])
    if room is None:
        return HTMLResponse(_not_found("There is no such room: it may have closed."), status_code=404)
    with pack_names(room.rules.suits):
        sprite = card_sprite(room.rules.deck)
        names = {C.card_name(c): card_words(c) for c in set(room.rules.deck)}
    names_json = json.dumps(names).replace("<", "\\u003c")  # data in a script element: no '</script>'
    page = (PAGES / "room.html").read_text(encoding="utf-8")
    return HTMLResponse(page.replace("<!--sprite-->", sprite).replace("{{card_names}}", names_json)
                        .replace("{{title}}", html.escape(room.title)))


async def rules_text(request: Request) -> Response:
    room = request.app.state.hub.rooms.get(request.path_params["room"])
    if room is None:
        return JSONResponse({"error": "no such room"}, status_code=404)
    offer = request.app.state.hub.catalog.offers[room.variant]
    return JSONResponse({"title": room.title, "lines": quickstart_lines(offer.merged)})


async def record(request: Request) -> Response:
    """A finished game's record (the format ``basra replay`` reads), as a download."""
    room = request.app.state.hub.rooms.get(request.path_params["room"])
    game = request.path_params["game"]
    table = room.table if room is not None else None
    if table is None or not 0 <= game < len(table.game_records):
        return JSONResponse({"error": "no finished game of that number in this room"}, status_code=404)
    body = json.dumps(table.record(game) | {"comment": f"basra serve: {room.title}, game {game + 1}"}, indent=1)
    name = f"basra-{room.variant}-{room.id}-game{game + 1}.json"
    return Response(body, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _not_found(message: str) -> str:
    return (f"<!doctype html><meta charset='utf-8'><title>Not found</title><p>{html.escape(message)}</p>"
            "<p><a href='/'>Back to the lobby</a></p>")


# ------------------------------------------------------------------ WebSocket

async def seat_socket(socket: WebSocket) -> None:
    hub: Hub = socket.app.state.hub
    room = hub.rooms.get(socket.path_params["room"])
    await socket.accept()
    if room is None:
        await socket.send_json({"type": "error", "message": "there is no such room: it may have closed"})
        await socket.close()
        return
    if len(hub.connections[room.id]) >= MAX_CONNECTIONS:
        await socket.send_json({"type": "error", "message": "this room has as many visitors as it can take"})
        await socket.close()
        return
    connection = Connection(socket, hub.message_rate)
    hub.connections[room.id].append(connection)
    await _send_text(socket, json.dumps(view_for(room, None)))
    try:
        while True:
            text = await socket.receive_text()
            if not connection.allowed():
                if connection.refused > FLOOD_CLOSE:
                    await socket.close(code=1008)
                    return
                await socket.send_json({"type": "error", "message": "too many messages: slow down"})
                continue
            await _handle(hub, room, connection, text)
    except WebSocketDisconnect:
        pass
    finally:
        await _gone(hub, room, connection)


async def _handle(hub: Hub, room: Room, connection: Connection, text: str) -> None:
    lock = hub.locks.get(room.id)
    if lock is None:
        await connection.socket.send_json({"type": "error", "message": "the room has closed"})
        return
    async with lock:
        try:
            message = read_message(text)
            reply = _act(room, connection, message)
        except RoomError as exc:
            await connection.socket.send_json({"type": "error", "message": str(exc)})
            return
        if reply is not None:
            await connection.socket.send_json(reply)
        await hub.broadcast(room)
        hub.bots_play(room)


def _act(room: Room, connection: Connection, message: dict[str, Any]) -> dict[str, Any] | None:
    """Does what a checked message asks; returns what only its sender is told, if anything."""
    kind = message["type"]
    if kind == "join":
        if connection.seat is not None:
            raise RoomError("you have a seat already")
        connection.seat, token = room.join(message["name"])
        return {"type": "joined", "seat": connection.seat, "token": token}
    if kind == "rejoin":
        seat = room.seat_of(message["token"])
        if seat is None:
            raise RoomError("that seat is no longer yours: join again")
        connection.seat = seat
        room.connect(seat, True)
        return {"type": "joined", "seat": seat, "token": message["token"]}
    seat = connection.seat
    if seat is None:
        raise RoomError("join the room first")
    if kind == "play":
        room.play(seat, message["card"], message["move"])
    elif kind == "chat":
        room.say(seat, message["text"])
    elif kind == "bots":
        room.fill_with_bots(seat, message.get("bot", "greedy"))
    elif kind == "takeover":
        room.take_over(seat, message["seat"], message.get("bot", "greedy"))
    elif kind == "start":
        room.start(seat)
    elif kind == "next":
        room.next(seat)
    elif kind == "leave":
        room.leave(seat)
        connection.seat = None
    return None


async def _gone(hub: Hub, room: Room, connection: Connection) -> None:
    """A connection closed: its seat waits for its player to come back."""
    connections = hub.connections.get(room.id)
    if connections is None:
        return
    if connection in connections:
        connections.remove(connection)
    if connection.seat is not None and not any(c.seat == connection.seat for c in connections):
        async with hub.locks[room.id]:
            room.connect(connection.seat, False)
            await hub.broadcast(room)
    if not connections:
        hub._close_later(room.id)


# ------------------------------------------------------------------ the app

def create_app(catalog: Catalog | None = None, bot_delay: float = 0.6, idle: float = 600.0,
               message_rate: float = MESSAGES_PER_SECOND) -> Starlette:
    """Returns the server as an ASGI app (``basra serve`` runs it under uvicorn)."""
    app = Starlette(routes=[
        Route("/", lobby),
        Route("/api/variants", variants),
        Route("/api/rooms", rooms, methods=["GET", "POST"]),
        Route("/room/{room}", room_page),
        Route("/room/{room}/rules", rules_text),
        Route("/room/{room}/record/{game:int}", record),
        WebSocketRoute("/ws/{room}", seat_socket),
        Mount("/static", StaticFiles(directory=str(PAGES / "static")), name="static"),
    ])
    app.state.hub = Hub(catalog or Catalog(), bot_delay, idle, message_rate)
    app.state.version = __version__
    return app
