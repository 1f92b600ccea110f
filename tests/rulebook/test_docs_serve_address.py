"""`basra docs serve` says where it serves the rulebook, once it listens there, and refuses
an address it cannot listen on as a usage error (issue 27, item 8)."""

from __future__ import annotations

import queue
import shutil
import socket
import subprocess
import threading
import time
import urllib.request

from click.testing import CliRunner
from helpers import author_folder

from basra_dsl.cli import main

CAFE = 'variant cafe-rules "Cafe Rules" extends yemeni\nabout "How the cafe plays."\nsetup:\n  hand 6\n'


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_docs_serve_prints_the_address_it_serves_at(tmp_path, monkeypatch):
    club = author_folder(tmp_path, monkeypatch, {"cafe-rules": CAFE})
    port = free_port()
    server = subprocess.Popen([shutil.which("basra"), "docs", "serve", "--dev-addr", f"127.0.0.1:{port}"], cwd=club,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in server.stderr], daemon=True).start()
    try:
        printed, deadline = [], time.monotonic() + 90
        while time.monotonic() < deadline and not any("serving" in line for line in printed):
            try:
                printed.append(lines.get(timeout=1))
            except queue.Empty:
                assert server.poll() is None, printed
        url = f"http://127.0.0.1:{port}/"
        assert f"serving the rulebook at {url} (Ctrl+C stops)\n" in printed, printed
        assert b"Cafe Rules" in urllib.request.urlopen(url + "rules/cafe-rules.html", timeout=10).read()
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert not [line for line in printed if "INFO" in line or "Serving on" in line]  # mkdocs's own notices: not shown


def test_docs_serve_on_a_taken_address_is_a_usage_error(tmp_path, monkeypatch):
    author_folder(tmp_path, monkeypatch, {"cafe-rules": CAFE})
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["docs", "serve", "--dev-addr", f"127.0.0.1:{port}"])
    assert result.exit_code == 2, result.output
    assert f"cannot serve at 127.0.0.1:{port}" in result.stderr and "--dev-addr" in result.stderr
    assert "internal error" not in result.output


def test_docs_serve_in_an_empty_folder_says_why_once(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["docs", "serve", "--dev-addr", f"127.0.0.1:{free_port()}"])
    assert result.exit_code == 1
    assert result.stderr.count("B112") == 1 and f"{tmp_path}: error[B112]: no .basra files" in result.stderr
