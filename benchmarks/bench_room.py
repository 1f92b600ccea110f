"""How many rooms one `basra serve` process holds: N rooms of four simulated players each
play Egyptian Basra at once on loopback, every player thinking a while before each move,
and the time from a player's move to the view that shows it is measured.

    python benchmarks/bench_room.py [--rooms 1,5,10,20,40] [--seconds 20] [--think 0.5]
                                    [--redis --servers 2]

For each number of rooms, prints the moves made and the p50 and p99 of move latency in
milliseconds; the last line names the most rooms whose p99 stayed under 100 ms. Bounded:
each step runs for ``--seconds`` (whole hands or not) and at most 100 rooms; loopback only.
The server runs in a process of its own, as `basra serve` does, started afresh for each
step; the players share this process. With ``--redis`` the script starts a redis-server
of its own (no persistence) and ``--servers`` processes sharing it, and seats each room's
four players on different processes in turn, so moves cross Redis.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import socket
import subprocess
import sys
import time
import urllib.request

from websockets.asyncio.client import connect

MOST_ROOMS = 100


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(command: list[str], port: int) -> subprocess.Popen:
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return process
        time.sleep(0.2)
    process.kill()
    raise SystemExit(f"{command[0]} did not start")


def start_servers(count: int, redis: bool) -> tuple[list[subprocess.Popen], list[int]]:
    """``count`` room servers on free ports (sharing a new redis-server when ``redis``)."""
    processes, options = [], []
    if redis:
        port = free_port()
        processes.append(start(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                                "--appendonly", "no"], port))
        options = ["--redis", f"redis://127.0.0.1:{port}/0"]
    ports = [free_port() for _ in range(count)]
    for port in ports:
        processes.append(start([sys.executable, "-m", "basra_dsl.cli", "serve", "--port", str(port),
                                "--rooms-per-client", "200", *options], port))  # every simulated player is on loopback
    return processes, ports


def make_room(port: int) -> str:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", method="POST",
                                     data=json.dumps({"variant": "egyptian", "players": 4}).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))["id"]


async def player(port: int, room: str, name: str, seated: asyncio.Barrier, stop: float, think: float,
                 latencies: list[float]) -> None:
    rng = random.Random(name)
    async with connect(f"ws://127.0.0.1:{port}/ws/{room}", max_size=2**22) as socket_:
        first = json.loads(await socket_.recv())
        if first["type"] == "error":
            raise SystemExit(f"the server refused a player: {first['message']}")
        await socket_.send(json.dumps({"type": "join", "name": name}))
        seat = None
        while seat is None:
            message = json.loads(await socket_.recv())
            seat = message.get("seat") if message["type"] == "joined" else None
        await seated.wait()
        view = json.loads(await socket_.recv())
        while view["type"] != "view":
            view = json.loads(await socket_.recv())
        host = view["host"] == seat  # whoever joined first: with several servers, not always this room's first player
        if host:
            await socket_.send(json.dumps({"type": "start"}))
        sent_at, acted = None, -1
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(socket_.recv(), timeout=max(0.1, stop - time.monotonic())))
            except TimeoutError:
                return
            if message["type"] != "view" or "game" not in message:
                continue
            if sent_at is not None and message["game"]["turn"] != seat:
                latencies.append(time.perf_counter() - sent_at)  # the view that shows this seat's move
                sent_at = None
            if message["version"] <= acted:
                continue
            if message["status"] == "hand_over" and host:
                acted = message["version"]
                await socket_.send(json.dumps({"type": "next"}))
            elif message["status"] == "playing" and message["game"]["turn"] == seat:
                acted = message["version"]
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                card = rng.choice(message["game"]["hand"])
                sent_at = time.perf_counter()
                await socket_.send(json.dumps({"type": "play", "card": card, "move": 0}))


async def step(ports: list[int], rooms: int, seconds: float, think: float) -> list[float]:
    latencies: list[float] = []
    stop = time.monotonic() + seconds + 5
    players = []
    for number in range(rooms):
        room = make_room(ports[0])
        seated = asyncio.Barrier(4)
        players += [player(ports[(number + i) % len(ports)], room, f"p{i}-{room}", seated, stop, think, latencies)
                    for i in range(4)]
    await asyncio.gather(*players)
    return latencies


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000 if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", default="1,5,10,20,40")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=0.5, help="a player's mean thinking time before a move (s)")
    parser.add_argument("--redis", action="store_true", help="rooms kept in a redis-server this script starts")
    parser.add_argument("--servers", type=int, default=1, help="server processes (more than one needs --redis)")
    args = parser.parse_args()
    if args.servers > 1 and not args.redis:
        raise SystemExit("several servers share rooms only through Redis: add --redis")
    held = 0
    print(f"{'rooms':>5} {'moves':>7} {'p50 ms':>8} {'p99 ms':>8} {'moves/s':>8}")
    for rooms in [min(int(r), MOST_ROOMS) for r in args.rooms.split(",")]:
        processes, ports = start_servers(max(1, min(args.servers, 8)), args.redis)
        try:
            started = time.monotonic()
            latencies = asyncio.run(step(ports, rooms, args.seconds, args.think))
        finally:
            for process in reversed(processes):
                process.terminate()
                process.wait(timeout=10)
        p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
        rate = len(latencies) / (time.monotonic() - started)
        print(f"{rooms:>5} {len(latencies):>7} {p50:>8.1f} {p99:>8.1f} {rate:>8.1f}", flush=True)
        if p99 < 100:
            held = rooms
    print(f"most rooms with p99 under 100 ms: {held}")


if __name__ == "__main__":
    main()
