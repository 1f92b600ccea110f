"""The room server (Starlette): the lobby's pages and API, and one WebSocket per player.

Small handlers over one state object, the ``Hub`` (``hub``): the catalog of variants, the
rooms, and each room's connections. Every message is read by ``protocol`` and turned into
an action of the room (``model``) that the hub carries out; everyone is then sent their own
seat's view, and a refused message gets an error sent to its sender alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import secrets
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from .. import __version__
from .. import cards as C
from ..rulebook.pictures.cardfaces import card_sprite
from ..rulebook.text.naming import card_words, pack_names
from ..rulebook.pages.plain_text import quickstart_lines
from .catalog import Catalog
from .guard import Guard
from .hub import EMPTY_ROOM, MESSAGES_PER_SECOND, Connection, Hub, send_text, too_many_rooms
from .model import NOT_YOURS, Room, RoomError, Unavailable
from .protocol import read_message
from .views import lobby_entry, view_for

MAX_CONNECTIONS = 24  # browsers connected to one room (its players, and a few tabs more)
FLOOD_CLOSE = 200  # messages refused for flooding before the connection is closed
BINARY = "messages are text (JSON), not binary frames"
NO_ROOM = "there is no such room: it may have closed"
PAGES = resources.files("basra_dsl.room") / "page"


# ------------------------------------------------------------------ HTTP

async def lobby(request: Request) -> Response:
    return HTMLResponse((PAGES / "lobby.html").read_text(encoding="utf-8"))


async def variants(request: Request) -> Response:
    return JSONResponse(request.app.state.hub.catalog.to_json())


async def rooms(request: Request) -> Response:
    hub: Hub = request.app.state.hub
    if request.method == "GET":
        return JSONResponse([lobby_entry(r) for r in await hub.open_rooms()])
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        return JSONResponse({"error": "send the room as JSON (Content-Type: application/json)"}, status_code=415)
    try:
        asked = json.loads(await _body(request) or b"{}")
        if not isinstance(asked, dict):
            raise RoomError("send a JSON object: {\"variant\": ..., \"players\": ..., \"options\": {...}}")
        players, options, stand_in = asked.get("players"), asked.get("options") or {}, asked.get("stand_in", 0)
        if not isinstance(players, int) or not isinstance(options, dict):
            raise RoomError("'players' is a whole number and 'options' an object")
        if isinstance(stand_in, bool) or not isinstance(stand_in, (int, float)):
            raise RoomError("'stand_in' is a number of seconds (0: bots stand in only when the host asks)")
        room = await hub.create(str(asked.get("variant", "")), options, players, stand_in, _client(request))
    except Unavailable as exc:
        return JSONResponse({"error": str(exc)}, status_code=503)
    except (RoomError, ValueError) as exc:
        message = str(exc) if isinstance(exc, RoomError) else "send JSON"
        return JSONResponse({"error": message}, status_code=429 if message == too_many_rooms(hub.rooms_per_client) else 400)
    return JSONResponse({"id": room.id, "url": f"/room/{room.id}"}, status_code=201)


def _client(request: Request) -> str:
    """The address a request came from (behind a proxy, uvicorn's --forwarded-allow-ips
    decides whether the proxy's word for it is taken)."""
    return request.client.host if request.client else ""


async def _body(request: Request, most: int = 4096, seconds: float = 10.0) -> bytes:
    """A request's body, read no further than ``most`` bytes and for no longer than
    ``seconds`` (a larger or slower one is refused)."""
    body = b""
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                body += chunk
                if len(body) > most:
                    raise RoomError(f"the request is too long: at most {most} bytes")
    except TimeoutError:
        raise RoomError(f"the request took longer than {seconds:g} s to arrive") from None
    except ClientDisconnect:
        raise RoomError("the request ended before its body had arrived") from None
    return body


async def room_page(request: Request) -> Response:
    room = await request.app.state.hub.find(request.path_params["room"])
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
    room = await request.app.state.hub.find(request.path_params["room"])
    if room is None:
        return JSONResponse({"error": "no such room"}, status_code=404)
    offer = request.app.state.hub.catalog.offers[room.variant]
    return JSONResponse({"title": room.title, "lines": quickstart_lines(offer.merged)})


async def record(request: Request) -> Response:
    """A finished game's record (the format ``basra replay`` reads), as a download."""
    room = await request.app.state.hub.find(request.path_params["room"])
    game = request.path_params["game"]
    table = room.table if room is not None else None
    finished = len(table.game_records) + table.game_over if table is not None else 0  # the one just won too
    if table is None or not 0 <= game < finished:
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
    await socket.accept()
    try:
        room = await hub.find(socket.path_params["room"])
    except RoomError as exc:  # the rooms' store cannot be reached
        room, problem = None, str(exc)
    else:
        problem = NO_ROOM
    if room is None:  # a store out of reach is worth another try; a room that is gone is not
        await socket.send_json({"type": "error" if problem != NO_ROOM else "gone", "message": problem})
        await socket.close()
        return
    if len(hub.connections.get(room.id, [])) >= MAX_CONNECTIONS:
        await socket.send_json({"type": "error", "message": "this room has as many visitors as it can take"})
        await socket.close()
        return
    connection = Connection(socket, hub.message_rate)
    await hub.attach(room, connection)
    await send_text(socket, json.dumps(view_for(room, None)))
    try:
        while True:
            text = await _receive(socket)
            if text is None:
                await send_text(socket, json.dumps({"type": "error", "message": BINARY}))
                continue
            if not connection.allowed():
                if connection.refused > FLOOD_CLOSE:
                    await socket.close(code=1008)
                    return
                await socket.send_json({"type": "error", "message": "too many messages: slow down"})
                continue
            try:
                await act(hub, room, connection, read_message(text))
            except RoomError as exc:
                await send_text(socket, json.dumps({"type": "error", "message": str(exc)}))
    except WebSocketDisconnect:
        pass
    finally:
        await hub.detach(room, connection)


async def _receive(socket: WebSocket) -> str | None:
    """The next text message; None for a binary frame (the protocol is text)."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if isinstance(text, str) else None


async def act(hub: Hub, room: Room, connection: Connection, message: dict[str, Any]) -> None:
    """Does what a checked message asks (a refusal raises RoomError, for its sender alone).
    Every action of a seated person names their token, and the room checks that the token
    holds the seat when it acts (see ``Room.holder``)."""
    kind = message["type"]
    if kind == "join":
        if room.holder(connection.token) is not None:
            raise RoomError("you have a seat already")

        async def seated(told: dict[str, Any]) -> None:
            connection.token = told["token"]
            await connection.socket.send_json({"type": "joined", **told})

        await hub.act(room, {"do": "join", "name": message["name"], "token": secrets.token_urlsafe(16)}, seated)
        return
    if kind == "rejoin":
        await _rejoin(hub, room, connection, message["token"])
        return
    if kind == "chat":
        await hub.say(room, connection.token, message["text"])
        return
    seat = room.holder(connection.token)
    if seat is None:
        raise RoomError(room.lost_seat(connection.token))
    if kind == "takeover":
        room.refuse_if_here(message["seat"])
    await hub.act(room, _action(kind, seat, message) | {"by": connection.token})
    if kind == "leave":
        connection.token = None


def _action(kind: str, seat: int, message: dict[str, Any]) -> dict[str, Any]:
    """The room's action for a seated person's message."""
    if kind == "play":
        return {"do": "play", "seat": seat, "card": message["card"], "choice": message["move"]}
    if kind == "declare":
        return {"do": "declare", "seat": seat, "name": message["name"]}
    if kind == "bots":
        return {"do": "bots", "seat": seat, "bot": message.get("bot", "greedy")}
    if kind == "takeover":
        return {"do": "takeover", "seat": seat, "whose": message["seat"], "bot": message.get("bot", "greedy")}
    return {"do": kind, "seat": seat}  # start, next, leave


async def _rejoin(hub: Hub, room: Room, connection: Connection, token: str) -> None:
    """A person back with their token: their seat again, and their own play if a bot had it."""
    seat = room.seat_of(token)
    if seat is None:
        raise RoomError(NOT_YOURS)
    connection.token = token
    await connection.socket.send_json({"type": "joined", "seat": seat, "token": token})
    if room.seats[seat].bot is not None:
        with contextlib.suppress(RoomError):  # another of their browsers was quicker
            await hub.act(room, {"do": "back", "seat": seat})
    await hub.present(room, seat, True)


# ------------------------------------------------------------------ the app

async def _unavailable(request: Request, exc: Exception) -> Response:
    """A page or an API call that found the rooms' store out of reach says so, in words."""
    return JSONResponse({"error": str(exc)}, status_code=503)


def create_app(catalog: Catalog | None = None, bot_delay: float = 0.6, idle: float = 600.0,
               message_rate: float = MESSAGES_PER_SECOND, hub: Hub | None = None,
               origins: tuple[str, ...] = (), empty: float = EMPTY_ROOM) -> Starlette:
    """Returns the server as an ASGI app (``basra serve`` runs it under uvicorn).
    ``origins``: pages of other sites (``https://example.org``) allowed to use the API and
    the rooms besides the server's own."""
    hub = hub or Hub(catalog or Catalog(), bot_delay, idle, message_rate, empty)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        await hub.start()
        yield
        await hub.stop()

    app = Starlette(lifespan=lifespan, exception_handlers={RoomError: _unavailable},
                    middleware=[Middleware(Guard, origins=origins)], routes=[
        Route("/", lobby),
        Route("/api/variants", variants),
        Route("/api/rooms", rooms, methods=["GET", "POST"]),
        Route("/room/{room}", room_page),
        Route("/room/{room}/rules", rules_text),
        Route("/room/{room}/record/{game:int}", record),
        WebSocketRoute("/ws/{room}", seat_socket),
        Mount("/static", StaticFiles(directory=str(PAGES / "static")), name="static"),
    ])
    app.state.hub = hub
    app.state.version = __version__
    return app
