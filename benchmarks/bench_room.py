"""How many rooms one `basra serve` process holds: N rooms of four simulated players each
play Egyptian Basra at once on loopback, every player thinking a while before each move,
and the time from a player's move to the view that shows it is measured.

    python benchmarks/bench_room.py [--rooms 1,5,10,20,40] [--seconds 20] [--think 0.5]

For each number of rooms, prints the moves made and the p50 and p99 of move latency in
milliseconds; the last line names the most rooms whose p99 stayed under 100 ms. Bounded:
each step runs for ``--seconds`` (whole hands or not) and at most 100 rooms; loopback only.
The server runs in a process of its own, as `basra serve` does; the players share this one.
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


def start_server(port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "basra_dsl.cli", "serve", "--port", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return server
        time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def make_room(port: int) -> str:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/rooms", method="POST",
                                     data=json.dumps({"variant": "egyptian", "players": 4}).encode(),
                                     headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(request))["id"]


async def player(port: int, room: str, name: str, seated: asyncio.Barrier, stop: float, think: float,
                 latencies: list[float], host: bool) -> None:
    rng = random.Random(name)
    async with connect(f"ws://127.0.0.1:{port}/ws/{room}", max_size=2**22) as socket_:
        await socket_.recv()
        await socket_.send(json.dumps({"type": "join", "name": name}))
        seat = None
        while seat is None:
            message = json.loads(await socket_.recv())
            seat = message.get("seat") if message["type"] == "joined" else None
        await seated.wait()
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


async def step(port: int, rooms: int, seconds: float, think: float) -> list[float]:
    latencies: list[float] = []
    stop = time.monotonic() + seconds + 5
    players = []
    for _ in range(rooms):
        room = make_room(port)
        seated = asyncio.Barrier(4)
        players += [player(port, room, f"p{i}-{room}", seated, stop, think, latencies, i == 0) for i in range(4)]
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
    args = parser.parse_args()
    port = free_port()
    server = start_server(port)
    held = 0
    try:
        print(f"{'rooms':>5} {'moves':>7} {'p50 ms':>8} {'p99 ms':>8} {'moves/s':>8}")
        for rooms in [min(int(r), MOST_ROOMS) for r in args.rooms.split(",")]:
            started = time.monotonic()
            latencies = asyncio.run(step(port, rooms, args.seconds, args.think))
            p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
            rate = len(latencies) / (time.monotonic() - started)
            print(f"{rooms:>5} {len(latencies):>7} {p50:>8.1f} {p99:>8.1f} {rate:>8.1f}", flush=True)
            if p99 < 100:
                held = rooms
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"most rooms with p99 under 100 ms: {held}")


if __name__ == "__main__":
    main()
