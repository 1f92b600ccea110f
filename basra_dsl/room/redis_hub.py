"""The hub with its rooms kept in Redis, so that several server processes share them
(``basra serve --redis URL``): people in one room may be connected to different
processes, and someone whose process goes away gets their seat back through any other.

What Redis holds for a room (keys ``basra:room:ID:...``): ``meta``, the room's variant,
options, player count and seed; ``log``, its actions in order (``model``'s actions), the
room's whole history; ``epoch``, how many times the log was folded (below); ``here``, the
seats some process has a browser connected for, each with the time until which that
process vouches for it; ``bots``, the process that plays the room's bots, for as long as it
keeps saying so. ``basra:rooms`` lists the rooms with the time they expire, and
``basra:made:ADDRESS`` the rooms each address made. Every key expires after ``idle``
seconds with no action and nobody connected (a room nobody has joined, after ``empty``).

Each process keeps a copy of the rooms it is asked about, rebuilt from ``meta`` and
``log`` and brought up to date before every action. An action is applied to the copy first
(so a refusal is said in words, as with one process) and then appended to the log only if
the log has not grown meanwhile: a Lua script checks, appends and publishes at once. If it
had grown, another process moved first: the copy is rebuilt from the log and the action
tried again. So every process applies the same actions in the same order, and an action is
acknowledged only once it is in the log: a process that dies loses nothing acknowledged.

Before the start, people may come and go without end; so that the log does not grow with
them, a waiting room's log longer than ``FOLD_AFTER`` is folded into one ``seated`` action
(the seats as they are) and its ``epoch`` grows, which tells every copy to start again.

Exactly one process plays a room's bots: the one holding the room's ``bots`` lease, which
it renews before each move; if it dies, the lease runs out and the next process to look
takes it. Every process sends its own players every state of the log it comes to hold,
whoever made the change (``Hub.show_changes``).

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

from .hub import MAX_ROOMS, Hub, send_text, too_many_rooms
from .model import ChatLine, Room, RoomError, Unavailable

ROOMS = "basra:rooms"
HEARTBEAT = 2.0  # seconds between a process's rounds of vouching for its connections
VOUCHES = 3  # a vouch lasts this many heartbeats: a process gone quiet that long is gone
REDIS_CONNECTIONS = 64  # connections one process opens to Redis at most (another one listens)
REDIS_SECONDS = 1.0  # the longest a request to Redis may take: then players are told it cannot be reached
# A process's claim to play a room's bots lasts as long as a vouch unless renewed.
FOLD_AFTER = 32  # a waiting room's log longer than this is folded into one action
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
UNREACHABLE = "the rooms' store (Redis) cannot be reached: try again in a moment"
GONE = "this room is gone: the rooms' store no longer holds it (it closed, or the store was restarted); make a new room in the lobby"

# Appends an action if the log is as long, and of the same epoch, as the copy it was checked
# on; -1: the room is gone. With ARGV[7] = "fold", replaces the log by that one action instead.
APPEND = """
if redis.call('EXISTS', KEYS[2]) == 0 then return -1 end
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
if (redis.call('GET', KEYS[4]) or '0') ~= ARGV[8] then return 0 end
if ARGV[7] == 'fold' then
  redis.call('DEL', KEYS[1])
  redis.call('INCR', KEYS[4])
end
redis.call('RPUSH', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[4], ARGV[3])
redis.call('ZADD', KEYS[3], ARGV[4], ARGV[5])
redis.call('PUBLISH', ARGV[6], '{"kind": "log"}')
return 1
"""
# Claims (or renews) the right to play a room's bots for this process; 1 if it holds it.
CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
"""


def key(room_id: str, part: str) -> str:
    return f"basra:room:{room_id}:{part}"


def channel(room_id: str) -> str:
    return f"basra:events:{room_id}"


def made_by(client: str) -> str:
    return f"basra:made:{client}"


@dataclass
class RedisHub(Hub):
    """The hub (see ``hub``) with its rooms in Redis (see the module's docstring)."""

    url: str = "redis://127.0.0.1:6379/0"
    process: str = field(default_factory=lambda: secrets.token_hex(4))
    client: Any = None
    listener: Any = None  # a client of its own for the news, which waits for as long as it is quiet
    tasks: list[asyncio.Task] = field(default_factory=list)
    stopping: bool = False
    heartbeat: float = HEARTBEAT  # (a test runs the clock faster)
    epochs: dict[str, str] = field(default_factory=dict)  # by room: the log's epoch the copy was built from

    # ------------------------------------------------------------ running
    async def start(self) -> None:
        # A bounded pool that waits for a free connection: a burst of players arriving at
        # once queues for a moment rather than being refused or opening a socket each.
        # Every request is bounded in time, so a Redis that is paused or gone is said in words
        # within a second rather than holding the player's request.
        pool = aioredis.BlockingConnectionPool.from_url(
            self.url, decode_responses=True, max_connections=REDIS_CONNECTIONS, timeout=REDIS_SECONDS,
            socket_timeout=REDIS_SECONDS, socket_connect_timeout=REDIS_SECONDS)
        self.client = aioredis.Redis(connection_pool=pool)
        self.listener = aioredis.Redis.from_url(self.url, decode_responses=True, socket_connect_timeout=REDIS_SECONDS)
        await self.client.ping()  # a wrong URL is said at start, not at the first room
        self._append = self.client.register_script(APPEND)
        self._claim = self.client.register_script(CLAIM)
        self.tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._heartbeat())]

    async def stop(self) -> None:
        # The loops also look at ``stopping`` after every bounded wait: a cancellation that
        # lands inside redis-py's own read timeout can be swallowed there.
        self.stopping = True
        for task in self.tasks:
            task.cancel()
        await asyncio.wait(self.tasks, timeout=self.heartbeat + REDIS_SECONDS)
        with contextlib.suppress(RedisError, OSError):
            for room_id in self.connections:
                seats = self.local_seats(room_id)
                if seats:
                    await self.client.zrem(key(room_id, "here"), *(f"{self.process}:{s}" for s in seats))
                    await self.client.publish(channel(room_id), json.dumps({"kind": "here"}))
        await super().stop()
        await self.client.aclose()
        await self.listener.aclose()

    def _expiry(self, room: Room | None = None) -> tuple[int, int]:
        """How long a room's keys live, and until when (milliseconds): ``idle`` once
        someone has joined it, ``empty`` before."""
        seconds = self.idle if room is None or room.people or room.started else self.empty
        ttl = int(seconds * 1000)
        return ttl, int(time.time() * 1000) + ttl

    # ------------------------------------------------------------ the rooms
    async def create(self, variant: str, options: dict[str, Any], players: int, stand_in: float = 0,
                     client: str = "") -> Room:
        room = self.new_room(variant, options, players, stand_in)  # an unknown variant is refused first
        ttl, until = self._expiry(room)
        meta = {"variant": variant, "options": options, "players": players, "seed": room.seed, "stand_in": stand_in}
        now = time.time() * 1000
        try:
            await self.client.zremrangebyscore(ROOMS, "-inf", now)
            if await self.client.zcard(ROOMS) >= MAX_ROOMS:
                raise RoomError("the server holds as many rooms as it can: try again later")
            if await self._rooms_made_by(client, now) >= self.rooms_per_client:
                raise RoomError(too_many_rooms(self.rooms_per_client))
            async with self.client.pipeline(transaction=True) as batch:
                batch.set(key(room.id, "meta"), json.dumps(meta), px=ttl)
                batch.zadd(ROOMS, {room.id: until})
                batch.sadd(made_by(client), room.id)
                batch.pexpire(made_by(client), int(self.idle * 1000))
                await batch.execute()
        except RedisError:
            raise Unavailable(UNREACHABLE) from None
        self.keep(room)
        self._close_later(room.id, self.empty)
        return room

    async def _rooms_made_by(self, client: str, now: float) -> int:
        """How many rooms the address made that are still open (every process's)."""
        made = list(await self.client.smembers(made_by(client)))
        if not made:
            return 0
        until = await self.client.zmscore(ROOMS, made)
        gone = [room_id for room_id, score in zip(made, until) if score is None or score < now]
        if gone:
            await self.client.srem(made_by(client), *gone)
        return len(made) - len(gone)

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
            raise Unavailable(UNREACHABLE) from None
        return room

    async def open_rooms(self) -> list[Room]:
        try:
            ids = await self.client.zrangebyscore(ROOMS, time.time() * 1000, "+inf")
        except RedisError:
            raise Unavailable(UNREACHABLE) from None
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
        """Applies the actions of the log this copy has not applied yet (all of them again,
        on a fresh copy, when the log was folded meanwhile); whether the copy changed."""
        async with self.client.pipeline(transaction=True) as batch:
            batch.get(key(room.id, "epoch"))
            batch.lrange(key(room.id, "log"), room.actions, -1)
            epoch, entries = await batch.execute()
        epoch = epoch or "0"
        if epoch != self.epochs.setdefault(room.id, "0"):
            await self._rebuild(room)
            return True
        for entry in entries:
            room.apply(json.loads(entry))
        return bool(entries)

    async def _rebuild(self, room: Room) -> None:
        """Starts the copy again from the log (after another process moved first, or the log
        was folded). The fresh copy is built aside and takes the old one's place only once
        it is whole, so a Redis failing midway leaves the copy as it was. The same object is
        kept, for the handlers hold it; its chat, who is here and chat allowances stay."""
        async with self.client.pipeline(transaction=True) as batch:
            batch.get(key(room.id, "epoch"))
            batch.lrange(key(room.id, "log"), 0, -1)
            epoch, entries = await batch.execute()
        fresh = Room(room.id, room.variant, room.title, room.rules, room.seed, room.stand_in)
        for entry in entries:
            fresh.apply(json.loads(entry))
        for seat, held in enumerate(fresh.seats):
            before = room.seats[seat]
            if held is not None and before is not None and held.person and held.token == before.token:
                held.connected, held.allowance, held.said_at = before.connected, before.allowance, before.said_at
        fresh.chat, fresh.version = room.chat, room.version + 1
        room.__dict__.update(fresh.__dict__)
        self.epochs[room.id] = epoch or "0"

    # ------------------------------------------------------------ acting
    async def refresh(self, room: Room) -> None:
        try:
            await self._catch_up(room)
        except RedisError:
            raise Unavailable(UNREACHABLE) from None

    async def commit(self, room: Room, action: dict[str, Any], retry: bool = True) -> dict[str, Any]:
        try:
            for _ in range(5):
                await self._catch_up(room)
                told = room.apply(action)
                if "token" in told:  # a new seat: vouched for before the news of it goes out
                    await self._vouch(room.id, {told["seat"]})
                kept = await self._keep(room, action)
                if kept == 1:
                    await self._fold_if_long(room)
                    return told
                if kept == -1:
                    await self.gone(room.id, GONE)
                    raise RoomError(GONE)
                await self._rebuild(room)
                if not retry:
                    break
        except RedisError:
            await self._quietly_rebuild(room)
            raise Unavailable(UNREACHABLE) from None
        raise RoomError("the room changed as you moved: look again and choose")

    async def _keep(self, room: Room, action: dict[str, Any], fold: bool = False) -> int:
        """Appends the action the copy has just applied to the log (or, folding, makes it the
        whole log): 1 when kept, 0 when the log had changed meanwhile, -1 when the room is gone."""
        ttl, until = self._expiry(room)
        keys = [key(room.id, "log"), key(room.id, "meta"), ROOMS, key(room.id, "epoch")]
        length = (room.actions - 1) if not fold else room.actions
        return await self._append(keys=keys, args=[length, json.dumps(action), ttl, until, room.id, channel(room.id),
                                                   "fold" if fold else "append", self.epochs.get(room.id, "0")])

    async def _fold_if_long(self, room: Room) -> None:
        """Folds a waiting room's log into one ``seated`` action once it is long (see the
        module's docstring); another process moving meanwhile just leaves it for later."""
        if room.started or room.actions <= FOLD_AFTER:
            return
        if await self._keep(room, room.seating(), fold=True) == 1:
            await self._rebuild(room)

    async def gone(self, room_id: str, why: str) -> None:
        """The room is no longer in Redis (it expired, or Redis lost it): its players are told."""
        for connection in list(self.connections.get(room_id, [])):
            await send_text(connection.socket, json.dumps({"type": "gone", "message": why}))
            with contextlib.suppress(RuntimeError, OSError):
                await connection.socket.close(code=1000)
        self.forget(room_id)

    def forget(self, room_id: str) -> None:
        super().forget(room_id)
        self.epochs.pop(room_id, None)

    async def may_run_bots(self, room: Room) -> bool:
        """Whether this process holds (or now takes) the room's bots lease."""
        try:
            return await self._claim(keys=[key(room.id, "bots")], args=[self.process, int(VOUCHES * self.heartbeat * 1000)]) == 1
        except RedisError:
            return False  # nobody can commit a move while Redis is away

    async def _quietly_rebuild(self, room: Room) -> None:
        """After Redis failed mid-action the copy may hold an action the log does not: it is
        built again now, or, with Redis still away, at its next catch-up."""
        self.epochs[room.id] = "stale"  # matches no epoch: the next catch-up rebuilds
        with contextlib.suppress(RedisError, OSError):
            await self._rebuild(room)

    async def say(self, room: Room, token: str | None, text: str) -> ChatLine:
        line = await super().say(room, token, text)
        news = {"kind": "chat", "from": self.process, "seat": line.seat, "name": line.name, "text": line.text}
        try:
            await self.client.publish(channel(room.id), json.dumps(news))
        except RedisError:
            raise Unavailable("your line reached only the players on this server: " + UNREACHABLE) from None
        return line

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
        until = (time.time() + VOUCHES * self.heartbeat) * 1000
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
        while not self.stopping:
            try:
                async with self.listener.pubsub() as news:
                    await news.psubscribe("basra:events:*")
                    for room in list(self.rooms.values()):  # what was missed while away
                        await self._heard(room.id, {"kind": "log"})
                    while not self.stopping:  # a bounded wait at a time, so that stopping never waits on Redis
                        message = await news.get_message(ignore_subscribe_messages=True, timeout=self.heartbeat)
                        if message is not None and message["type"] == "pmessage":
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
            await self._catch_up(room)
            await self._who_is_here(room)
            await self.show_changes(room)  # whoever brought the copy up to date, its players see it
        self.bots_play(room)
        self.watch_dropped(room)

    async def _heartbeat(self) -> None:
        """Vouches for this process's connections, keeps their rooms alive, notices rooms
        that expired and processes that went quiet, and restarts bots whose process went."""
        while not self.stopping:
            await asyncio.sleep(self.heartbeat)
            with contextlib.suppress(RedisError, OSError, RoomError):
                for room_id in list(self.rooms):
                    await self._beat(room_id)

    async def _beat(self, room_id: str) -> None:
        room = self.rooms.get(room_id)
        if room is None:
            return
        if not await self.client.exists(key(room_id, "meta")):
            await self.gone(room_id, GONE)  # it expired, or Redis lost it: its chat goes with it
            return
        seats = self.local_seats(room_id)
        if self.connections.get(room_id):
            ttl, until = self._expiry(room)
            if seats:
                await self._vouch(room_id, seats)
            async with self.client.pipeline(transaction=False) as batch:
                for part in ("meta", "log", "here", "epoch"):
                    batch.pexpire(key(room_id, part), ttl)
                batch.zadd(ROOMS, {room_id: until})
                await batch.execute()
        await self._heard(room_id, {"kind": "here"})
