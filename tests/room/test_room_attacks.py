"""The room server under attack: each test holds one finding of the review of issue 26 (a
second tab acting for a seat its person left, two processes stalling over a bot's move, one
client using up the rooms, seat changes using up a game's budget, frames and tokens the
protocol does not expect, Redis going away, slow clients, missing security headers)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

import pytest
import uvicorn
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from basra_dsl.room import model
from basra_dsl.room.catalog import Catalog
from basra_dsl.room.guard import CONTENT_POLICY, FOREIGN
from basra_dsl.cards import card_name
from basra_dsl.room.hub import ROOMS_PER_CLIENT
from basra_dsl.room.model import Room
from basra_dsl.room.redis_hub import FOLD_AFTER, GONE, UNREACHABLE, RedisHub, key
from basra_dsl.room.server import BINARY, create_app
from basra_dsl.room.slow_clients import TimedH11Protocol

from room_fakes import Player, Tab, make_room, until
from servers import free_port, serve, wait_for_port

REDIS = shutil.which("redis-server")
NO_REDIS = ("redis-server is not installed: scripts/test installs it with apt-get install -y redis-server, "
            "which needs apt-get and root (or sudo) on this machine")
JSON = {"Content-Type": "application/json"}


@pytest.fixture
def app():
    return create_app(bot_delay=0, message_rate=1000.0)


def start_redis(folder, port: int | None = None) -> tuple[subprocess.Popen, str]:
    if REDIS is None:
        pytest.skip(NO_REDIS)
    port = port or free_port()
    process = subprocess.Popen([REDIS, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
                                "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for_port(port, process)
    return process, f"redis://127.0.0.1:{port}/0"


@pytest.fixture
def redis_url(tmp_path):
    process, url = start_redis(tmp_path)
    try:
        yield url
    finally:
        process.kill()
        process.wait()


def hubs(url: str, count: int = 2, **settings) -> list[RedisHub]:
    catalog = Catalog()
    return [RedisHub(catalog, url=url, **({"bot_delay": 0} | settings)) for _ in range(count)]


@contextlib.asynccontextmanager
async def running(url: str, count: int = 2):
    """``count`` Redis hubs on one store, started (processes of one server), stopped after."""
    started = hubs(url, count)
    for hub in started:
        await hub.start()
    try:
        yield started
    finally:
        for hub in started:
            await hub.stop()


# ------------------------------------------------------------------ 1. a second tab after leave

def test_a_second_tab_acts_for_nobody_once_its_person_has_left(app):
    with TestClient(app) as client:
        room = make_room(client, players=2)
        host, first, second = Player(client, room), Player(client, room), Player(client, room)
        host.join("Host")
        first.receive(), second.receive()
        first.join("Guest")
        host.receive(), second.receive()
        assert second.send(type="rejoin", token=first.token)["type"] == "joined"  # the same person's second tab
        second.receive()
        assert second.view["you"] == first.seat

        first.send(type="leave")
        for tab in (host, second):
            tab.receive()
        assert second.view["you"] is None and second.view["chat"] == []  # the public view, at once
        newcomer = Player(client, room)
        newcomer.join("Newcomer")
        second.receive()
        assert newcomer.seat == first.seat and second.view["you"] is None
        newcomer.send(type="chat", text="my hand is strong")
        second.receive()
        assert second.view["chat"] == []  # the newcomer's chat never reaches the old tab
        assert second.send(type="chat", text="I am the newcomer")["message"] == "that seat is no longer yours: join again"

        host.send(type="start")
        second.receive()
        newcomer.receive()
        assert "hand" not in second.view["game"]
        turn_card = newcomer.view["game"]["hand"][0]
        refused = second.send(type="play", card=turn_card, move=0)
        assert refused == {"type": "error", "message": "that seat is no longer yours: join again"}
        for tab in (host, first, second, newcomer):
            tab.close()


def test_a_seat_left_during_a_game_or_taken_by_a_bot_is_no_longer_the_tabs(app):
    with TestClient(app) as client:
        room = make_room(client, players=2)
        host, first = Player(client, room), Player(client, room)
        host.join("Host")
        first.receive()
        first.join("Guest")
        host.receive()
        host.send(type="start")
        first.receive()
        second = Player(client, room)
        second.send(type="rejoin", token=first.token)
        second.receive()
        assert second.view["game"]["hand"] == first.view["game"]["hand"]
        first.send(type="leave")  # during the game a bot plays the seat from now on
        while second.view.get("you") is not None:
            second.receive()
        assert "hand" not in second.view["game"]
        assert second.send(type="next")["message"] == "that seat is no longer yours: join again"
        for tab in (host, first, second):
            tab.close()


def test_with_two_processes_a_tab_left_behind_acts_for_nobody(redis_url):
    async def scenario() -> None:
        async with running(redis_url) as (one, two):
            room = await one.create("egyptian", {}, 2)
            host, first = await Tab(one, room).open(), await Tab(one, room).open()
            await host.send(type="join", name="Host")
            await first.send(type="join", name="Guest")
            second = await Tab(two, await two.find(room.id)).open()
            assert await second.send(type="rejoin", token=first.token) is None
            assert await first.send(type="leave") is None
            newcomer = await Tab(one, room).open()
            await newcomer.send(type="join", name="Newcomer")
            await until(lambda: second.room.seats[1] is not None and second.room.seats[1].name == "Newcomer")
            await until(lambda: second.views and second.view["seats"][1].get("name") == "Newcomer")
            assert second.view["you"] is None
            assert await second.send(type="chat", text="hello") == "that seat is no longer yours: join again"
            assert await second.send(type="leave") == "that seat is no longer yours: join again"
            assert [held.name for held in room.seats] == ["Host", "Newcomer"]
    asyncio.run(scenario())


# ------------------------------------------------------------------ 3. two processes, bots, no stall

def test_bots_on_a_room_held_by_two_processes_move_once_and_nobody_waits_for_ever(redis_url):
    async def scenario() -> None:
        async with running(redis_url) as (one, two):
            room = await one.create("egyptian", {}, 4)
            amr = await Tab(one, room).open()
            await amr.send(type="join", name="Amr")
            basma = await Tab(two, await two.find(room.id)).open()
            await basma.send(type="join", name="Basma")
            await amr.send(type="bots", bot="greedy")
            await amr.send(type="start")
            people = {amr.room.holder(amr.token): amr, basma.room.holder(basma.token): basma}
            assert set(people) == {0, 2}
            moves = 0
            while True:
                await until(lambda: all(t.views and t.view["status"] != "waiting" for t in people.values()))
                latest = max((t.view for t in people.values()), key=lambda v: v["version"])
                if latest["status"] != "playing":
                    break
                turn = latest["game"]["turn"]
                if turn in people:  # that person's own process must show them their turn
                    tab = people[turn]
                    await until(lambda: tab.view.get("game", {}).get("turn") == turn and tab.view["status"] == "playing",
                                seconds=8, what=f"seat {turn} to be shown its turn")
                    assert await tab.send(type="play", card=tab.view["game"]["hand"][0], move=0) is None
                    moves += 1
                else:
                    before = latest["version"]
                    await until(lambda: max(t.view["version"] for t in people.values()) > before,
                                seconds=8, what=f"bot seat {turn} to move")
            log = await one.client.lrange(key(room.id, "log"), 0, -1)
            plays = [json.loads(entry) for entry in log if json.loads(entry)["do"] == "play"]
            assert len(plays) == len(room.table.state.plays) == 2 * moves  # each bot move kept once
    asyncio.run(scenario())


# ------------------------------------------------------------------ 4. the lobby

def test_the_lobby_takes_json_from_its_own_pages_and_a_few_rooms_per_address(app):
    with TestClient(app) as client:  # its pages are at http://testserver
        body = json.dumps({"variant": "egyptian", "players": 2})
        plain = client.post("/api/rooms", content=body, headers={"Content-Type": "text/plain"})
        assert plain.status_code == 415 and "JSON" in plain.json()["error"]
        foreign = client.post("/api/rooms", content=body, headers=JSON | {"Origin": "http://evil.example"})
        assert foreign.status_code == 403 and foreign.json()["error"] == FOREIGN
        own = client.post("/api/rooms", content=body, headers=JSON | {"Origin": "http://testserver"})
        assert own.status_code == 201
        room = own.json()["id"]
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(f"/ws/{room}", headers={"Origin": "http://evil.example"}) as socket_:
                socket_.receive_json()
        assert refused.value.code == 1008
        with client.websocket_connect(f"/ws/{room}", headers={"Origin": "http://testserver"}) as socket_:
            assert socket_.receive_json()["type"] == "view"
        made = [client.post("/api/rooms", content=body, headers=JSON).status_code for _ in range(ROOMS_PER_CLIENT)]
        assert made == [201] * (ROOMS_PER_CLIENT - 1) + [429]  # the first room counts too
        assert "rooms open already" in client.post("/api/rooms", content=body, headers=JSON).json()["error"]
    allowed = create_app(origins=("https://club.example",))
    with TestClient(allowed) as client:
        made = client.post("/api/rooms", content=body, headers=JSON | {"Origin": "https://club.example"})
        assert made.status_code == 201


def test_a_room_nobody_joins_closes_within_a_minute_and_a_joined_one_stays():
    app = create_app(bot_delay=0, empty=0.3)
    with TestClient(app) as client:
        lonely, joined = make_room(client, players=2), make_room(client, players=2)
        person = Player(client, joined)
        person.join("Amr")
        time.sleep(1.0)
        assert client.get(f"/room/{lonely}").status_code == 404
        assert client.get(f"/room/{joined}").status_code == 200
        person.close()


def test_with_redis_a_client_s_rooms_are_counted_across_processes(redis_url):
    async def scenario() -> None:
        async with running(redis_url) as (one, two):
            for index in range(ROOMS_PER_CLIENT):
                await (one if index % 2 else two).create("egyptian", {}, 2, client="10.0.0.7")
            with pytest.raises(model.RoomError, match="rooms open already"):
                await one.create("egyptian", {}, 2, client="10.0.0.7")
            await two.create("egyptian", {}, 2, client="10.0.0.8")  # someone else may
            ttl = await one.client.pttl(key((await one.create("egyptian", {}, 2, client="x")).id, "meta"))
            assert 0 < ttl <= one.empty * 1000  # a room nobody has joined lives a minute, not ten
    asyncio.run(scenario())


# ------------------------------------------------------------------ 5. seat changes and the game's budget

def test_comings_and_goings_before_the_start_do_not_use_up_the_game(monkeypatch):
    monkeypatch.setattr(model, "MOST_ACTIONS", 100)
    room = Room("r", "egyptian", "Egyptian Basra", Catalog().rules("egyptian", {}, 2), seed=3)
    host, _ = room.join("Host")
    for turn in range(100):
        room.apply({"do": "join", "name": f"Visitor {turn}", "token": f"t{turn}"})
        room.apply({"do": "leave", "seat": 1})
    room.apply({"do": "bots", "seat": host, "bot": "random"})
    room.apply({"do": "start", "seat": host})
    while not room.table.hand_over:  # the whole hand still fits the budget
        if room.table.to_move == host:
            room.apply({"do": "play", "seat": host, "card": card_name(room.table.state.hands[host][0]), "choice": 0})
        else:
            room.bot_step()
    assert room.spent < 100 < 200 < room.actions


def test_with_redis_a_waiting_room_s_log_is_folded_and_every_copy_agrees(redis_url):
    async def scenario() -> None:
        async with running(redis_url) as (one, two):
            room = await one.create("egyptian", {}, 4)
            host = await Tab(one, room).open()
            await host.send(type="join", name="Host")
            copy = await two.find(room.id)
            for turn in range(3 * FOLD_AFTER):
                visitor = await Tab(one if turn % 2 else two, room if turn % 2 else copy).open()
                await visitor.send(type="join", name=f"Visitor {turn}")
                if turn % 5:
                    await visitor.send(type="leave")
            assert await one.client.llen(key(room.id, "log")) <= FOLD_AFTER + 1
            await until(lambda: [h and h.name for h in copy.seats] == [h and h.name for h in room.seats])
            assert room.spent == 0 and room.actions <= FOLD_AFTER + 1
            assert await host.send(type="bots", bot="random") is None
            assert await host.send(type="start") is None
            await until(lambda: copy.started)
            async with running(redis_url, 1) as (late,):  # a process started later: the same room from the folded log
                rebuilt = await late.find(room.id)
                assert rebuilt.started and [h.name for h in rebuilt.seats] == [h.name for h in room.seats]
    asyncio.run(scenario())


# ------------------------------------------------------------------ 6. frames and tokens

def test_a_binary_frame_and_a_foreign_token_get_words_not_a_dropped_connection(app):
    with TestClient(app) as client:
        room = make_room(client, players=2)
        player = Player(client, room)
        player.socket.send_bytes(b'{"type": "join", "name": "Amr"}')
        assert player.receive() == {"type": "error", "message": BINARY}
        answer = player.send(type="rejoin", token="jeton-é-ü-ß")
        assert answer["type"] == "error" and answer["message"].startswith("'rejoin': token: not one this server gives")
        assert model.Room("r", "egyptian", "E", Catalog().rules("egyptian", {}, 2), 1).seat_of("é") is None
        player.join("Amr")  # the connection is still there and works
        assert player.view["you"] == 0
        player.close()


# ------------------------------------------------------------------ 7. Redis going away

def test_a_game_whose_store_goes_away_keeps_its_table_then_says_the_room_is_gone(tmp_path):
    store, url = start_redis(tmp_path)
    port = int(url.rsplit(":", 1)[1].split("/")[0])

    async def scenario() -> None:
        nonlocal store
        async with running(url, 1) as (hub,):
            room = await hub.create("egyptian", {}, 2)
            amr, basma = await Tab(hub, room).open(), await Tab(hub, room).open()
            await amr.send(type="join", name="Amr")
            await basma.send(type="join", name="Basma")
            await amr.send(type="start")
            mover = amr if room.table.to_move == room.holder(amr.token) else basma
            seen = len(mover.socket.sent)
            store.kill()
            store.wait()
            started = time.monotonic()
            refused = await mover.send(type="play", card=mover.view["game"]["hand"][0], move=0)
            assert refused == UNREACHABLE and time.monotonic() - started < 3
            await asyncio.sleep(0.3)
            later = [m for m in mover.socket.sent[seen:] if m["type"] == "view"]
            assert all(view["status"] == "playing" and not any(s["empty"] for s in view["seats"]) for view in later)
            assert room.started and [h.name for h in room.seats] == ["Amr", "Basma"]
            store, _ = start_redis(tmp_path, port)  # back, but empty: it lost the room
            await until(lambda: any(m["type"] == "gone" for m in amr.socket.sent), seconds=10,
                        what="the players to be told the room is gone")
            gone = next(m for m in amr.socket.sent if m["type"] == "gone")
            assert gone["message"] == GONE and amr.socket.closed == 1000
    try:
        asyncio.run(scenario())
    finally:
        store.kill()
        store.wait()


def test_a_paused_store_is_answered_in_words_within_seconds(tmp_path):
    store, url = start_redis(tmp_path)
    server = None
    try:
        server, port = serve("--redis", url, cwd=tmp_path)
        store.send_signal(signal.SIGSTOP)
        started = time.monotonic()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", method="POST", headers=JSON,
                                         data=json.dumps({"variant": "egyptian", "players": 2}).encode())
        with pytest.raises(urllib.error.HTTPError) as answer:
            urllib.request.urlopen(request, timeout=20)
        took = time.monotonic() - started
        assert answer.value.code == 503 and "cannot be reached" in json.load(answer.value)["error"]
        assert took < 4, f"the answer took {took:.1f} s"
    finally:
        store.send_signal(signal.SIGCONT)
        for process in (server, store):
            if process is not None:
                process.kill()
                process.wait()


# ------------------------------------------------------------------ 8. slow clients and headers

class QuickClock(TimedH11Protocol):
    request_seconds = 0.5


@pytest.fixture
def timed_server():
    """The room app under uvicorn with the timed protocol (a short clock, for the test)."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(bot_delay=0), host="127.0.0.1", port=port, http=QuickClock,
                                           log_level="error", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_for_port(port)
    yield port
    server.should_exit = True
    thread.join(10)


def closed_within(port: int, sent: bytes, seconds: float) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as connection:
        connection.sendall(sent)
        try:
            return connection.recv(1024) == b""
        except TimeoutError:
            return False


def test_half_sent_requests_and_handshakes_are_closed_in_time(timed_server):
    port = timed_server
    assert closed_within(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", 3)  # the head never ends
    assert closed_within(port, b"GET /ws/x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n", 3)
    assert closed_within(port, b"POST /api/rooms HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                               b"Content-Length: 100\r\n\r\n{", 3)  # the body never comes
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as page:  # a whole request is served as ever
        assert page.status == 200


def test_serve_runs_the_timed_protocol(monkeypatch):
    from click.testing import CliRunner

    from basra_dsl.cli import main

    ran = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **settings: ran.update(settings))
    assert CliRunner().invoke(main, ["serve", "--port", "0"]).exit_code == 0
    assert ran["http"] is TimedH11Protocol


def test_every_page_says_how_browsers_must_hold_it(app):
    with TestClient(app) as client:
        room = make_room(client, players=2)
        for path in ("/", f"/room/{room}", "/static/room.js", "/api/rooms", "/room/nope"):
            headers = client.get(path).headers
            assert headers["content-security-policy"] == CONTENT_POLICY, path
            assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"

