"""Server processes for the tests that talk to one over loopback (``basra serve``,
``redis-server``): a free port, and waiting until something listens on it."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen | None = None, seconds: float = 60) -> None:
    """Returns once something accepts connections on the port; fails the test if nothing
    does in time, or if ``process`` ends first (with what it printed)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
            return
        if process is not None and process.poll() is not None:
            printed = process.communicate()[0] if process.stdout else b""
            raise AssertionError(f"the server ended at start: {printed!r}")
        time.sleep(0.1)
    raise AssertionError(f"nothing listened on port {port} within {seconds} s")


def serve(*options: str, **popen) -> tuple[subprocess.Popen, int]:
    """Starts ``basra serve`` on a free loopback port, as a person would; returns it and the port."""
    port = free_port()
    popen.setdefault("stdout", subprocess.PIPE)
    popen.setdefault("stderr", subprocess.STDOUT)
    process = subprocess.Popen([sys.executable, "-m", "basra_dsl.cli", "serve", "--port", str(port), *options], **popen)
    wait_for_port(port, process)
    return process, port
