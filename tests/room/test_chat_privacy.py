"""Chat never reaches disk: `basra serve` runs as a process of its own, with its home,
cache, temporary and working folders in a fresh directory; a player chats a marker, plays
a whole game against a bot and downloads its record; then every file in that directory,
the server's output and the record are searched for the marker."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from servers import free_port
from websockets.sync.client import connect

MARKER = "chat-marker-7f3a91"


def test_chat_lines_are_never_written_anywhere(tmp_path: Path):
    home = tmp_path / "home"
    home.mkdir()
    environment = os.environ | {"HOME": str(home), "XDG_CACHE_HOME": str(home / "cache"), "TMPDIR": str(home / "tmp"),
                                "BASRA_CACHE_DIR": str(home / "basra-cache")}
    (home / "tmp").mkdir()
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "basra_dsl.cli", "serve", "--port", str(port), "--bot-delay", "0"],
                              cwd=home, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            with contextlib.suppress(OSError):
                request = urllib.request.Request(base + "/api/rooms", data=json.dumps(
                    {"variant": "egyptian", "players": 2, "options": {}}).encode(), method="POST",
                    headers={"Content-Type": "application/json"})
                room = json.load(urllib.request.urlopen(request))["id"]
                break
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        with connect(f"ws://127.0.0.1:{port}/ws/{room}") as player:
            receive = lambda: json.loads(player.recv(timeout=30))  # noqa: E731
            view = receive()
            player.send(json.dumps({"type": "join", "name": "Solo"}))
            seat = receive()["seat"]
            view = receive()
            for message in ({"type": "chat", "text": f"secret {MARKER}"}, {"type": "bots", "bot": "random"},
                            {"type": "start"}):
                player.send(json.dumps(message))
                view = receive()
            assert view["chat"][-1]["text"] == f"secret {MARKER}"
            acted = -1  # the version of the last view acted on: a view is answered once, at
            # a person's pace (a browser may send 10 messages a second)
            while view["status"] != "game_over":
                if view["version"] > acted and (view["status"] == "hand_over" or view["game"]["turn"] == seat):
                    time.sleep(0.1)
                    player.send(json.dumps({"type": "next"} if view["status"] == "hand_over" else
                                           {"type": "play", "card": view["game"]["hand"][0], "move": 0}))
                    acted = view["version"]
                message = receive()
                assert message["type"] == "view", message
                view = message
            player.send(json.dumps({"type": "next"}))
            receive()
            record = urllib.request.urlopen(f"{base}/room/{room}/record/0").read().decode()
        assert json.loads(record)["hands"] and MARKER not in record
    finally:
        server.terminate()
        output, errors = server.communicate(timeout=10)
    assert MARKER.encode() not in output + errors
    written = [path for path in home.rglob("*") if path.is_file() and MARKER.encode() in path.read_bytes()]
    assert written == []  # the cache may keep parser tables and verdicts there: never a chat line
