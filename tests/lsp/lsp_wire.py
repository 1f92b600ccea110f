"""Talking to ``basra lsp`` byte by byte, as a broken or hostile client might: frames are
written exactly as given, and answers are read with a time limit, so a request the server
never answers fails the test instead of hanging it."""

from __future__ import annotations

import json
import queue
import subprocess
import threading

from lsp_client import FOLDER, SERVER

WAIT = 20  # seconds for an answer (the first request loads the checker)


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Wire:
    """A ``basra lsp`` process, its standard input written frame by frame."""

    def __init__(self):
        self.process = subprocess.Popen(SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        self.messages: queue.Queue[dict | None] = queue.Queue()
        self.notifications: list[dict] = []  # what the server sent unasked, while ``answer`` waited
        self._stderr: list[bytes] = []
        threading.Thread(target=self._read_messages, daemon=True).start()
        self._stderr_reader = threading.Thread(target=lambda: self._stderr.extend(self.process.stderr), daemon=True)
        self._stderr_reader.start()

    def write(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict) -> None:
        self.write(frame(json.dumps({"jsonrpc": "2.0", **message}).encode()))

    def answer(self, id) -> dict:
        """The response carrying ``id`` (notifications the server sends meanwhile are skipped)."""
        while True:
            try:
                message = self.messages.get(timeout=WAIT)
            except queue.Empty:
                raise AssertionError(f"no answer with id {id!r} within {WAIT} s") from None
            if message is None:
                raise AssertionError(f"the server ended without answering {id!r}")
            if "method" not in message and "id" in message and message["id"] == id:
                return message
            if "method" in message and "id" not in message:
                self.notifications.append(message)

    def initialize(self) -> dict:
        """Starts the session; returns the server's capabilities."""
        self.send({"id": 0, "method": "initialize",
                   "params": {"capabilities": {}, "rootUri": FOLDER.as_uri()}})
        capabilities = self.answer(0)["result"]["capabilities"]
        self.send({"method": "initialized", "params": {}})
        return capabilities

    def open(self, name: str, text: str) -> str:
        uri = (FOLDER / name).as_uri()
        self.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "basra", "version": 1, "text": text}}})
        return uri

    def ended(self) -> tuple[int, str]:
        """Waits for the process to end; returns its exit code and what it wrote on stderr."""
        code = self.process.wait(timeout=WAIT)
        self._stderr_reader.join(timeout=WAIT)
        return code, self.stderr

    @property
    def stderr(self) -> str:
        return b"".join(self._stderr).decode("utf-8", errors="replace")

    def close(self) -> tuple[int, str]:
        """Ends the input, as an editor closing does; returns the exit code and stderr."""
        if not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            return self.ended()
        finally:
            if self.process.poll() is None:
                self.process.kill()

    def _read_messages(self) -> None:
        output = self.process.stdout
        while True:
            length = None
            for line in iter(output.readline, b""):
                if line == b"\r\n":
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            else:
                self.messages.put(None)
                return
            self.messages.put(json.loads(output.read(length)))
