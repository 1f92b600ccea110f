"""Rooms shared through Redis: a real ``redis-server`` on a loopback port and two ``basra
serve --redis`` processes. Four people join one Egyptian room, two through each process,
chat, and play a whole game; mid-hand one process is killed, its two players come back
through the other with their tokens, and the game goes on. Every move a player saw
acknowledged is in the finished game's record, which replays exactly; the chat line is in
no Redis key and no file."""

from __future__ import annotations

import asyncio
import json
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from basra_dsl.room.catalog import Catalog
from basra_dsl.room.model import Room, RoomError
from basra_dsl.room.redis_hub import ROOMS, RedisHub

from servers import free_port, serve, wait_for_port

REDIS = shutil.which("redis-server")
NO_REDIS = ("redis-server is not installed: scripts/test installs it with apt-get install -y redis-server, "
            "which needs apt-get and root (or sudo) on this machine")
SECRET = "meet me after the game, partner"


@pytest.fixture
def redis_url(tmp_path):
    if REDIS is None:
        pytest.skip(NO_REDIS)
    port = free_port()
    server = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                               "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, server)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.kill()
        server.wait()


class Browser:
    """One player's page: its socket, its seat and token, the latest view it was sent."""

    def __init__(self, name: str):
        self.name, self.seat, self.token, self.view, self.socket = name, None, None, {}, None

    async def open(self, port: int, room: str) -> None:
        self.socket = await connect(f"ws://127.0.0.1:{port}/ws/{room}")
        await self.receive()

    async def receive(self, seconds: float = 20) -> dict:
        message = json.loads(await asyncio.wait_for(self.socket.recv(), seconds))
        assert message["type"] != "error", message
        if message["type"] == "view":
            self.view = message
        return message

    async def send(self, **message) -> None:
        await self.socket.send(json.dumps(message))

    async def until(self, holds, seconds: float = 20) -> None:
        deadline = time.monotonic() + seconds
        while not holds(self.view):
            await self.receive(max(0.1, deadline - time.monotonic()))

    async def join(self) -> None:
        await self.send(type="join", name=self.name)
        joined = await self.receive()
        while joined["type"] != "joined":
            joined = await self.receive()
        self.seat, self.token = joined["seat"], joined["token"]

    async def lost(self) -> None:
        """Reads what was sent before the connection broke, then sees that it broke."""
        with pytest.raises(ConnectionClosed):
            while True:
                await self.receive(seconds=10)

    async def rejoin(self, port: int, room: str) -> None:
        await self.open(port, room)
        await self.send(type="rejoin", token=self.token)
        await self.until(lambda view: view.get("you") == self.seat)


def progress(view: dict) -> tuple:
    """How far the game has gone, the same on every process: games, hand, cards left."""
    game = view.get("game") or {}
    return (game.get("games_finished", 0), game.get("hand_number", 0),
            -(sum(game.get("hand_sizes", [])) + game.get("stock", 0)), view["status"])


async def play_game(redis_url: str, folder: Path) -> dict:
    (first, port_a), (second, port_b) = (serve("--redis", redis_url, cwd=folder) for _ in range(2))
    try:
        made = urllib.request.urlopen(urllib.request.Request(
            f"http://127.0.0.1:{port_a}/api/rooms", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"variant": "egyptian", "players": 4}).encode()))
        room = json.load(made)["id"]
        players = [Browser(name) for name in ("Amr", "Basma", "Camal", "Dina")]
        ports = [port_a, port_b, port_a, port_b]  # join order alternates between the processes
        for player, port in zip(players, ports):
            await player.open(port, room)
            await player.join()
        assert [p.seat for p in players] == [0, 2, 1, 3]  # seated in join order across processes

        await players[1].send(type="chat", text=SECRET)
        for player in players:  # a line said on one process reaches the players on the other
            await player.until(lambda view: any(line["text"] == SECRET for line in view["chat"]))

        await players[0].send(type="start")
        acknowledged, killed = [], False
        while True:
            for player in players:
                await player.until(lambda view: view["status"] != "waiting")
            latest = max((p.view for p in players), key=progress)
            for player in players:
                await player.until(lambda view: progress(view) >= progress(latest))
            status = latest["status"]
            if status == "game_over":
                break
            if status == "hand_over":
                await players[0].send(type="next")
                await players[0].until(lambda view: progress(view) > progress(latest))
                continue
            mover = next(p for p in players if p.seat == latest["game"]["turn"])
            await asyncio.sleep(0.03)  # a person's pace: the server refuses more than 10 messages a second
            card = mover.view["game"]["hand"][0]
            await mover.send(type="play", card=card, move=0)
            await mover.until(lambda view: progress(view) > progress(latest))
            acknowledged.append((mover.seat, card))
            if len(acknowledged) == 30 and not killed:  # mid-hand, just after a move made on this process
                first.send_signal(signal.SIGKILL)
                first.wait()
                killed = True
                await players[1].until(lambda view: not any(view["seats"][s]["connected"] for s in (0, 1)))
                for index in (0, 2):  # Amr and Camal were on the killed process
                    await players[index].lost()
                    await players[index].rejoin(port_b, room)
                    ports[index] = port_b
        assert killed and all(p.view["seats"][p.seat]["connected"] for p in players)
        with urllib.request.urlopen(f"http://127.0.0.1:{port_b}/room/{room}/record/0") as download:
            record = json.load(download)
        return {"record": record, "acknowledged": acknowledged, "room": room}
    finally:
        for process in (first, second):
            process.kill()
            process.wait()


def redis_holds(redis_url: str) -> str:
    """Every key of the Redis server and what it holds, as text."""
    import redis

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    found = []
    for name in client.scan_iter():
        kind = client.type(name)
        value = {"string": client.get, "list": lambda n: client.lrange(n, 0, -1),
                 "zset": lambda n: client.zrange(n, 0, -1), "set": client.smembers, "hash": client.hgetall}[kind](name)
        found.append(f"{name} {value}")
    return "\n".join(found)


def test_two_processes_share_a_room_and_one_dies_mid_hand_with_no_move_lost(redis_url, tmp_path):
    folder = tmp_path / "server"
    folder.mkdir()
    played = asyncio.run(play_game(redis_url, folder))
    record, acknowledged = played["record"], played["acknowledged"]

    made = [(play["card"]) for hand in record["hands"] for play in hand["plays"]]
    assert made == [card for _, card in acknowledged]  # every acknowledged move, in order, and no other
    (tmp_path / "game.json").write_text(json.dumps(record), encoding="utf-8")
    replay = subprocess.run([sys.executable, "-m", "basra_dsl.cli", "replay", str(tmp_path / "game.json"), "--json"],
                            capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stderr
    assert json.loads(replay.stdout)["winner"] is not None

    held = redis_holds(redis_url)
    assert f"basra:room:{played['room']}:log" in held and ROOMS in held
    assert SECRET not in held  # chat travels as news only, never in a key
    assert not any(SECRET in path.read_text(errors="replace") for path in tmp_path.rglob("*") if path.is_file())


def test_an_action_checked_on_a_stale_copy_is_checked_again_on_the_log(redis_url):
    """Two processes move at once: the one whose copy was behind finds the log grown, starts
    its copy again from the log and checks its action there."""
    async def race() -> None:
        catalog = Catalog()
        first, second = RedisHub(catalog, url=redis_url), RedisHub(catalog, url=redis_url)
        await first.start()
        await second.start()
        for task in second.tasks:
            task.cancel()  # the second process does not hear the news: its copy falls behind
        try:
            room = await first.create("egyptian", {}, 2)
            copy = await second.find(room.id)
            await first.commit(room, {"do": "join", "name": "Amr", "token": "token-a"})
            real = second._catch_up

            async def behind_once(stale: Room) -> bool:
                second._catch_up = real
                return False
            second._catch_up = behind_once
            told = await second.commit(copy, {"do": "join", "name": "Basma", "token": "token-b"})
            assert told["seat"] == 1 and [held.name for held in copy.seats] == ["Amr", "Basma"]
            assert [held.name for held in (await first.find(room.id)).seats] == ["Amr", "Basma"]
            with pytest.raises(RoomError, match="game has started|full"):
                await first.commit(room, {"do": "join", "name": "Camal", "token": "token-c"})
            assert await first.find("no such room!") is None and await first.find("unknown") is None
        finally:
            await first.stop()
            await second.stop()
    asyncio.run(race())


def test_serve_says_when_redis_cannot_be_reached():
    port = free_port()
    started = subprocess.run([sys.executable, "-m", "basra_dsl.cli", "serve", "--redis",
                              f"redis://:hunter2@127.0.0.1:{port}/0"], capture_output=True, text=True, timeout=60)
    assert started.returncode == 2
    assert f"error: cannot use Redis at redis://127.0.0.1:{port}/0:" in started.stderr and "help:" in started.stderr
    assert "hunter2" not in started.stderr and "Traceback" not in started.stderr


def test_a_server_that_loses_redis_says_so_in_words_and_keeps_running(tmp_path):
    if REDIS is None:
        pytest.skip(NO_REDIS)
    redis_port = free_port()
    store = subprocess.Popen([REDIS, "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                              "no", "--dir", str(tmp_path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = None
    try:
        wait_for_port(redis_port, store)
        server, port = serve("--redis", f"redis://127.0.0.1:{redis_port}/0", cwd=tmp_path)

        async def play_on() -> tuple[dict, dict]:
            made = urllib.request.urlopen(urllib.request.Request(
                f"http://127.0.0.1:{port}/api/rooms", method="POST", headers={"Content-Type": "application/json"},
                data=json.dumps({"variant": "egyptian", "players": 2}).encode()))
            room = json.load(made)["id"]
            person = Browser("Solo")
            await person.open(port, room)
            await person.join()
            store.kill()
            store.wait()
            await person.send(type="bots", bot="random")
            refused = {"type": "view"}
            while refused["type"] == "view":  # views may come first: who is connected, as this server saw it
                refused = json.loads(await asyncio.wait_for(person.socket.recv(), 20))
            lobby = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", method="POST",
                                           headers={"Content-Type": "application/json"},
                                           data=json.dumps({"variant": "egyptian", "players": 2}).encode())
            with pytest.raises(urllib.error.HTTPError) as answer:
                urllib.request.urlopen(lobby)
            return refused, json.load(answer.value)
        refused, lobby = asyncio.run(play_on())
        assert refused == {"type": "error", "message": "the rooms' store (Redis) cannot be reached: try again in a moment"}
        assert "cannot be reached" in lobby["error"]
        assert server.poll() is None  # still serving
    finally:
        for process in (server, store):
            if process is not None:
                process.kill()
                process.wait()
    printed = server.stdout.read().decode(errors="replace")
    assert "Traceback" not in printed, printed
