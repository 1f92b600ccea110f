"""The hub with its rooms kept in Redis, so that several server processes share them
(``basra serve --redis URL``): people in one room may be connected to different
processes, and someone whose process goes away gets their seat back through any other.

What Redis holds for a room (keys ``basra:room:ID:...``): ``meta``, the room's variant,
options, player count and seed; ``log``, its actions in order (``model``'s actions), the
room's whole history; ``here``, the seats some process has a browser connected for, each
with the time until which that process vouches for it. ``basra:rooms`` lists the rooms with
the time they expire. Every key expires after ``idle`` seconds with no action and nobody
connected.

Each process keeps a copy of the rooms it is asked about, rebuilt from ``meta`` and
``log`` and brought up to date before every action. An action is applied to the copy first
(so a refusal is said in words, as with one process) and then appended to the log only if
the log has not grown meanwhile: a Lua script checks, appends and publishes at once. If it
had grown, another process moved first: the copy is rebuilt from the log and the action
tried again. So every process applies the same actions in the same order, and an action is
acknowledged only once it is in the log: a process that dies loses nothing acknowledged.

News goes out on the channel ``basra:events:ID``: the log grew, who is connected changed,
or a chat line. Chat lines travel only as such news, never in a key, so Redis never holds
them and its persistence never writes them; each process keeps the lines of its rooms in
memory, as one process does. A process started later hears the lines said from then on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .hub import MAX_ROOMS, Hub
from .model import ChatLine, Room, RoomError

ROOMS = "basra:rooms"
HEARTBEAT = 2.0  # seconds between a process's rounds of vouching for its connections
VOUCH = 3 * HEARTBEAT  # how long a vouch lasts: a process gone quiet this long is gone
REDIS_CONNECTIONS = 64  # connections one process opens to Redis at most (one of them listens)
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
UNREACHABLE = "the rooms' store (Redis) cannot be reached: try again in a moment"

# Appends an action if the log is as long as the copy it was checked on; -1: the room is gone.
APPEND = """
if redis.call('EXISTS', KEYS[2]) == 0 then return -1 end
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[5])
redis.call('PUBLISH', ARGV[6], '{"kind": "log"}')
return 1
"""


def key(room_id: str, part: str) -> str:
    return f"basra:room:{room_id}:{part}"


def channel(room_id: str) -> str:
    return f"basra:events:{room_id}"


@dataclass
class RedisHub(Hub):
    """The hub (see ``hub``) with its rooms in Redis (see the module's docstring)."""

    url: str = "redis://127.0.0.1:6379/0"
    process: str = field(default_factory=lambda: secrets.token_hex(4))
    client: Any = None
    tasks: list[asyncio.Task] = field(default_factory=list)

    # ------------------------------------------------------------ running
    async def start(self) -> None:
        # A bounded pool that waits for a free connection: a burst of players arriving at
        # once queues for a moment rather than being refused or opening a socket each.
        pool = aioredis.BlockingConnectionPool.from_url(self.url, decode_responses=True, max_connections=REDIS_CONNECTIONS,
                                                        timeout=10)
        self.client = aioredis.Redis(connection_pool=pool)
        await self.client.ping()  # a wrong URL is said at start, not at the first room
        self._append = self.client.register_script(APPEND)
        self.tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._heartbeat())]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        with contextlib.suppress(RedisError, OSError):
            for room_id in self.connections:
                seats = self.local_seats(room_id)
                if seats:
                    await self.client.zrem(key(room_id, "here"), *(f"{self.process}:{s}" for s in seats))
                    await self.client.publish(channel(room_id), json.dumps({"kind": "here"}))
        await super().stop()
        await self.client.aclose()

    def _expiry(self) -> tuple[int, int]:
        """How long keys live, and until when (milliseconds)."""
        ttl = int(self.idle * 1000)
        return ttl, int(time.time() * 1000) + ttl

    # ------------------------------------------------------------ the rooms
    async def create(self, variant: str, options: dict[str, Any], players: int, stand_in: float = 0) -> Room:
        room = self.new_room(variant, options, players, stand_in)  # an unknown variant is refused first
        ttl, until = self._expiry()
        meta = {"variant": variant, "options": options, "players": players, "seed": room.seed, "stand_in": stand_in}
        try:
            await self.client.zremrangebyscore(ROOMS, "-inf", time.time() * 1000)
            if await self.client.zcard(ROOMS) >= MAX_ROOMS:
                raise RoomError("the server holds as many rooms as it can: try again later")
            async with self.client.pipeline(transaction=True) as batch:
                batch.set(key(room.id, "meta"), json.dumps(meta), px=ttl)
                batch.zadd(ROOMS, {room.id: until})
                await batch.execute()
        except RedisError:
            raise RoomError(UNREACHABLE) from None
        self.keep(room)
        self._close_later(room.id)
        return room

    async def find(self, room_id: str) -> Room | None:
        """The room, brought up to date; loaded from Redis if this process has no copy."""
        if not ROOM_ID.fullmatch(room_id):
            return None
        room = self.rooms.get(room_id)
        try:
            if room is None:
                room = await self._load(room_id)
                if room is None:
                    return None
                room = self.rooms.setdefault(room_id, room)
                self.keep(room)
            async with self._lock(room):
                await self._catch_up(room)
        except RedisError:
            raise RoomError(UNREACHABLE) from None
        return room

    async def open_rooms(self) -> list[Room]:
        try:
            ids = await self.client.zrangebyscore(ROOMS, time.time() * 1000, "+inf")
        except RedisError:
            raise RoomError(UNREACHABLE) from None
        found = [await self.find(room_id) for room_id in ids[:MAX_ROOMS]]
        return [room for room in found if room is not None and not room.started]

    async def _load(self, room_id: str) -> Room | None:
        meta = await self.client.get(key(room_id, "meta"))
        if meta is None:
            return None
        meta = json.loads(meta)
        try:
            return self.new_room(meta["variant"], meta["options"], meta["players"], meta.get("stand_in", 0),
                                 meta["seed"], room_id)
        except (RoomError, KeyError):
            return None  # a variant this process does not offer

    async def _catch_up(self, room: Room) -> bool:
        """Applies the actions of the log this copy has not applied yet; whether any were."""
        entries = await self.client.lrange(key(room.id, "log"), room.actions, -1)
        for entry in entries:
            room.apply(json.loads(entry))
        return bool(entries)

    async def _rebuild(self, room: Room) -> None:
        """Starts the copy again from the log (after another process moved first). The
        same object is kept, for the handlers hold it; its chat and who is here stay."""
        fresh = Room(room.id, room.variant, room.title, room.rules, room.seed, room.stand_in)
        kept = room.chat, [held.connected if held else True for held in room.seats]
        room.__dict__.update(fresh.__dict__)
        room.chat = kept[0]
        await self._catch_up(room)
        for held, connected in zip(room.seats, kept[1]):
            if held is not None:
                held.connected = connected
        room.version += 1

    # ------------------------------------------------------------ acting
    async def refresh(self, room: Room) -> None:
        try:
            await self._catch_up(room)
        except RedisError:
            raise RoomError(UNREACHABLE) from None

    async def commit(self, room: Room, action: dict[str, Any], retry: bool = True) -> dict[str, Any]:
        ttl, until = self._expiry()
        try:
            for _ in range(5):
                await self._catch_up(room)
                told = room.apply(action)
                if "token" in told:  # a new seat: vouched for before the news of it goes out
                    await self._vouch(room.id, {told["seat"]})
                kept = await self._append(keys=[key(room.id, "log"), key(room.id, "meta"), ROOMS],
                                          args=[room.actions - 1, json.dumps(action), ttl, until,
                                                room.id, channel(room.id)])
                if kept == 1:
                    return told
                if kept == -1:
                    self.forget(room.id)
                    raise RoomError("the room has closed")
                await self._rebuild(room)
                if not retry:
                    break
        except RedisError:
            await self._quietly_rebuild(room)
            raise RoomError(UNREACHABLE) from None
        raise RoomError("the room changed as you moved: look again and choose")

    async def _quietly_rebuild(self, room: Room) -> None:
        """After Redis failed mid-action the copy may hold an action the log does not."""
        with contextlib.suppress(RedisError, OSError):
            await self._rebuild(room)

    async def say(self, room: Room, seat: int, text: str) -> None:
        async with self._lock(room):
            line = room.say(seat, text)
            await self.broadcast(room)
        news = {"kind": "chat", "from": self.process, "seat": line.seat, "name": line.name, "text": line.text}
        try:
            await self.client.publish(channel(room.id), json.dumps(news))
        except RedisError:
            raise RoomError("your line reached only the players on this server: " + UNREACHABLE) from None

    async def present(self, room: Room, seat: int, connected: bool) -> None:
        try:
            if connected:
                await self._vouch(room.id, {seat})
            else:
                await self.client.zrem(key(room.id, "here"), f"{self.process}:{seat}")
            await self.client.publish(channel(room.id), json.dumps({"kind": "here"}))
        except RedisError:
            pass  # who is connected is shown as this process sees it until Redis is back
        async with self._lock(room):
            room.connect(seat, connected)
            await self._who_is_here(room)
            await self.broadcast(room)

    async def _vouch(self, room_id: str, seats: set[int]) -> None:
        """Says in Redis that this process has browsers connected for these seats."""
        until = time.time() * 1000 + VOUCH * 1000
        await self.client.zadd(key(room_id, "here"), {f"{self.process}:{s}": until for s in seats})

    async def _who_is_here(self, room: Room) -> bool:
        """Marks each person's seat connected or not as the processes vouch; whether any changed."""
        try:
            vouched = await self.client.zrangebyscore(key(room.id, "here"), time.time() * 1000, "+inf")
        except RedisError:
            return False  # as this process last knew, until Redis is back
        here = {int(member.rsplit(":", 1)[1]) for member in vouched}
        here |= self.local_seats(room.id)
        before = room.version
        for seat, held in enumerate(room.seats):
            if held is not None and held.person:
                room.connect(seat, seat in here)
        return room.version != before

    # ------------------------------------------------------------ news from other processes
    async def _listen(self) -> None:
        while True:
            try:
                async with self.client.pubsub() as news:
                    await news.psubscribe("basra:events:*")
                    for room in list(self.rooms.values()):  # what was missed while away
                        await self._heard(room.id, {"kind": "log"})
                    async for message in news.listen():
                        if message["type"] == "pmessage":
                            await self._heard(message["channel"].split(":", 2)[2], json.loads(message["data"]))
            except (RedisError, RoomError, OSError, ValueError):
                await asyncio.sleep(1)  # Redis went away: listen again when it is back

    async def _heard(self, room_id: str, event: dict[str, Any]) -> None:
        kind = event.get("kind")
        if kind == "chat" and event.get("from") != self.process:
            room = await self.find(room_id)  # every process keeps the lines, for whoever comes to it
            if room is None:
                return
            async with self._lock(room):
                room.chat.append(ChatLine(int(event["seat"]), str(event["name"]), str(event["text"])))
                room.version += 1
                await self.broadcast(room)
            return
        room = self.rooms.get(room_id)
        if room is None or kind not in ("log", "here"):
            return
        async with self._lock(room):
            changed = await self._catch_up(room)
            changed = await self._who_is_here(room) or changed
            if changed:
                await self.broadcast(room)
        self.bots_play(room)
        self.watch_dropped(room)

    async def _heartbeat(self) -> None:
        """Vouches for this process's connections, keeps their rooms alive, notices rooms
        that expired and processes that went quiet, and restarts bots whose process went."""
        while True:
            await asyncio.sleep(HEARTBEAT)
            with contextlib.suppress(RedisError, OSError, RoomError):
                for room_id in list(self.rooms):
                    await self._beat(room_id)

    async def _beat(self, room_id: str) -> None:
        room = self.rooms.get(room_id)
        if room is None:
            return
        if not await self.client.exists(key(room_id, "meta")):
            self.forget(room_id)  # it expired: its chat goes with it
            return
        seats = self.local_seats(room_id)
        if self.connections.get(room_id):
            ttl, until = self._expiry()
            if seats:
                await self._vouch(room_id, seats)
            async with self.client.pipeline(transaction=False) as batch:
                for part in ("meta", "log", "here"):
                    batch.pexpire(key(room_id, part), ttl)
                batch.zadd(ROOMS, {room_id: until})
                await batch.execute()
        await self._heard(room_id, {"kind": "here"})
