"""Browsers for the room tests: ``Player``, a browser on Starlette's test client, and, for
tests that drive a hub in-process, a socket that keeps what the server sends it and a
``Tab`` that sends the protocol's messages through the server's own handler
(``server.act``). Several hubs sharing one Redis stand for several processes."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from basra_dsl.room.hub import Connection, Hub
from basra_dsl.room.model import Room, RoomError
from basra_dsl.room.protocol import read_message
from basra_dsl.room.server import act
from basra_dsl.room.views import view_for
from starlette.testclient import TestClient


class RecordingSocket:
    """What a WebSocket is to the hub: it keeps every message it is sent."""

    def __init__(self):
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    async def send_json(self, message: dict[str, Any]) -> None:
        self.sent.append(json.loads(json.dumps(message)))

    async def close(self, code: int = 1000) -> None:
        self.closed = code


class Tab:
    """One browser tab on one hub: its connection, and every message it received."""

    def __init__(self, hub: Hub, room: Room):
        self.hub, self.room = hub, room
        self.socket = RecordingSocket()
        self.connection = Connection(self.socket, rate=1e9)

    async def open(self) -> "Tab":
        """Connects as the server's handler does: attached, then sent the public view."""
        await self.hub.attach(self.room, self.connection)
        await self.socket.send_text(json.dumps(view_for(self.room, None)))
        return self

    async def send(self, **message: Any) -> str | None:
        """Sends a message as the browser would; returns the refusal's words, or None."""
        try:
            await act(self.hub, self.room, self.connection, read_message(json.dumps(message)))
        except RoomError as exc:
            return str(exc)
        return None

    async def close(self) -> None:
        await self.hub.detach(self.room, self.connection)

    @property
    def views(self) -> list[dict[str, Any]]:
        return [m for m in self.socket.sent if m["type"] == "view"]

    @property
    def view(self) -> dict[str, Any]:
        return self.views[-1]

    @property
    def token(self) -> str | None:
        return self.connection.token


async def until(holds, seconds: float = 10.0, what: str = "the room to settle") -> None:
    """Waits (letting the hubs' tasks run) until ``holds()`` is true; fails after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not holds():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        await asyncio.sleep(0.02)


class Player:
    """One browser: its socket and every message it received."""

    def __init__(self, client: TestClient, room: str):
        self.context = client.websocket_connect(f"/ws/{room}")
        self.socket = self.context.__enter__()
        self.received: list[dict] = []
        self.view = self.receive()
        self.seat: int | None = None
        self.token: str | None = None

    def receive(self) -> dict:
        message = self.socket.receive_json()
        self.received.append(message)
        if message["type"] == "view":
            self.view = message
        return message

    def send(self, **message) -> dict:
        self.socket.send_json(message)
        return self.receive()

    def join(self, name: str) -> None:
        joined = self.send(type="join", name=name)
        assert joined["type"] == "joined", joined
        self.seat, self.token = joined["seat"], joined["token"]
        self.receive()  # the view that follows

    def close(self) -> None:
        self.context.__exit__(None, None, None)


def make_room(client: TestClient, variant: str = "egyptian", players: int = 4, **options) -> str:
    made = client.post("/api/rooms", json={"variant": variant, "players": players, "options": options})
    assert made.status_code == 201, made.text
    return made.json()["id"]
