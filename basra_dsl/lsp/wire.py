"""The wire under ``basra lsp``: messages framed by a ``Content-Length`` header on standard
input and output, read so that a client's mistake always gets an answer and never a
traceback.

pygls reads the frames and turns each body into a message itself, and drops what it cannot
read (logging a traceback; a request then waits forever for its answer). Here the server
reads the frames (``Frames``) and the protocol checks each body before pygls handles it,
answering each mistake with the JSON-RPC error it calls for, carrying the request's id:

- a body that is not JSON: -32700, with id null; JSON that is not a JSON-RPC 2.0 message:
  -32600 (with the id when there is one);
- a request before ``initialize``: -32002; after ``shutdown``: -32600; for a method the
  server does not have: -32601; with params that do not fit the method: -32602;
- a notification with one of these mistakes has no one to answer: one line on stderr;
- a change to a document that is not open (pygls's own handler would fail, and the editor
  show "Error in server"): there is nothing to change, so one line on stderr and no more.
  Closing or saving such a document already does nothing.

A frame that cannot be read (a header line that is not ``Name: value`` or is longer than
``HEADER_BYTES``, no ``Content-Length``, one that is not a number, input ending inside a
message) ends the server with exit code 1 and one line on stderr. The stream has lost its
framing: where the next message starts is unknown, and guessing could lose a message (a
change to a document) unnoticed, leaving the server's copy of the document wrong for the
rest of the session. An editor sees the server end, says so, and starts it afresh with its
documents reopened. A message larger than ``MESSAGE_BYTES`` is read past, not kept: the
frames after it stay in step.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from concurrent.futures import Executor
from typing import BinaryIO
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls.exceptions import (JsonRpcException, JsonRpcInvalidParams, JsonRpcInvalidRequest, JsonRpcMethodNotFound,
                              JsonRpcParseError, JsonRpcServerNotInitialized)
from pygls.io_ import StdoutWriter
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.protocol.json_rpc import JsonRPCNotification, JsonRPCRequestMessage, JsonRPCResponseMessage

LOG = logging.getLogger("basra_dsl.lsp")
MB = 1024 * 1024
HEADER_BYTES = 1024  # one header line ("Content-Length: 123" is 19 bytes)
MESSAGE_BYTES = 32 * MB  # six times a 4 MB examples file, each character escaped as \uXXXX
SKIPPED_CHUNK = 1 * MB


class BrokenFrame(Exception):
    """The input cannot be read as framed messages any more."""


class Frames:
    """The bodies of the messages on a byte stream, each read after its header (the
    stream's blocking reads run in ``pool``, so the event loop goes on meanwhile)."""

    def __init__(self, stream: BinaryIO, pool: Executor):
        self.stream, self.pool = stream, pool

    async def next(self) -> bytes | None:
        """The next message's body; None when the input ends between messages."""
        while (length := await self._header()) is not None:
            if length <= MESSAGE_BYTES:
                return await self._read(length)
            await self._skip(length)
        return None

    async def _header(self) -> int | None:
        length, line = None, await self._line()
        if not line:
            return None
        while line not in (b"\r\n", b"\n"):
            name, colon, value = line.partition(b":")
            if not colon:
                raise BrokenFrame(f"a header line is not 'Name: value': {_shown(line)}")
            if name.strip().lower() == b"content-length":
                if not value.strip().isdigit():
                    raise BrokenFrame(f"Content-Length is not a number: {_shown(value)}")
                length = int(value)
            if not (line := await self._line()):
                raise BrokenFrame("the input ended inside a message's header")
        if length is None:
            raise BrokenFrame("a message has no Content-Length header")
        return length

    async def _line(self) -> bytes:
        """A header line, or b"" at the end of the input."""
        line = await self._call(self.stream.readline, HEADER_BYTES + 1)
        if line and not line.endswith(b"\n"):
            raise BrokenFrame(f"a header line is longer than {HEADER_BYTES} bytes" if len(line) > HEADER_BYTES
                              else "the input ended inside a message's header")
        return line

    async def _read(self, length: int) -> bytes:
        body = await self._call(self.stream.read, length)
        if len(body) < length:
            raise BrokenFrame(f"the input ended inside a message ({len(body)} of its {length} bytes came)")
        return body

    async def _skip(self, length: int) -> None:
        left = length
        while left:
            left -= len(await self._read(min(left, SKIPPED_CHUNK)))
        LOG.warning("basra lsp: skipped a message of %s bytes, more than the %d MB it reads (no document it "
                    "checks is that large)", f"{length:,}", MESSAGE_BYTES // MB)

    async def _call(self, function, *args):
        return await asyncio.get_running_loop().run_in_executor(self.pool, function, *args)


def _shown(value: bytes) -> str:
    return ascii(value.strip()[:40].decode("utf-8", errors="replace"))


class Protocol(LanguageServerProtocol):
    """pygls's protocol, reading each body itself so that every mistake is answered."""

    def __init__(self, server, converter):
        super().__init__(server, converter)
        self.initialized = False  # an 'initialize' request was read

    def receive(self, body: bytes) -> None:
        """Handles one message, or answers the mistake it makes."""
        try:
            data = json.loads(body)
        except ValueError:  # not JSON, or not UTF-8
            return self._refuse({"id": None}, JsonRpcParseError("the message is not JSON"))
        if not isinstance(data, dict):
            return self._refuse({"id": None}, JsonRpcInvalidRequest("a message is one JSON object"))
        problem = self._problem(data)
        if problem is None:
            try:
                message = self._converter.structure(data, self._message_type(data))
            except Exception:  # cattrs says how the params do not fit: the client's mistake, not ours
                problem = JsonRpcInvalidParams(f"the params do not fit {data['method'][:80]}" if "method" in data
                                               else "not a JSON-RPC 2.0 response")
        if problem is not None:
            return self._refuse(data, problem)
        self.initialized = self.initialized or data.get("method") == lsp.INITIALIZE
        self.handle_message(message)

    @lsp_method(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: lsp.DidChangeTextDocumentParams):
        """Applies a change to an open document, as pygls does; a change to one that is not
        open is ignored (its whole text comes again with 'didOpen', should the editor open it)."""
        if unquote(params.text_document.uri) not in self.workspace.text_documents:
            LOG.warning("basra lsp: ignored a change to %s: the document is not open",
                        ascii(params.text_document.uri[:200]))
            return
        yield from super().lsp_text_document__did_change(params)

    def _problem(self, data: dict) -> JsonRpcException | None:
        """What makes a message one the server cannot take, before its params are read."""
        method = data.get("method")
        if data.get("jsonrpc") != "2.0" or "id" in data and not _is_id(data["id"]):
            return JsonRpcInvalidRequest("not a JSON-RPC 2.0 message")
        if _is_response(data):
            return None
        if not isinstance(method, str):
            return JsonRpcInvalidRequest("a message names its method")
        if not self.initialized and method not in (lsp.INITIALIZE, lsp.EXIT):
            return JsonRpcServerNotInitialized("the server is not initialized yet: send 'initialize' first")
        if self._shutdown and method != lsp.EXIT:
            return JsonRpcInvalidRequest("the server is shutting down: send 'exit'")
        if "id" in data and method not in self.fm.features and method not in self.fm.builtin_features:
            return JsonRpcMethodNotFound.of(method)
        return None

    def _message_type(self, data: dict) -> type:
        if _is_response(data):
            return lsp.ResponseErrorMessage if "error" in data else JsonRPCResponseMessage
        data.setdefault("params", None)  # JSON-RPC lets a request or a notification leave them out
        fallback = JsonRPCRequestMessage if "id" in data else JsonRPCNotification
        return self.get_message_type(data["method"]) or fallback

    def _refuse(self, data: dict, problem: JsonRpcException) -> None:
        """Answers a request's mistake with its id (null when it has none that can be read);
        a notification's or a response's goes on stderr, one line."""
        if "id" in data and not _is_response(data):
            ident = data["id"] if _is_id(data["id"]) else None
            self._send_data({"jsonrpc": "2.0", "id": ident, "error": {"code": problem.code, "message": problem.message}})
        else:
            named = ascii(str(data["method"])[:80]) if "method" in data else "a message"
            LOG.warning("basra lsp: ignored %s: %s", named, problem.message)


def _is_response(data: dict) -> bool:
    return "method" not in data and ("result" in data or "error" in data)


def _is_id(value) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


class Server(LanguageServer):
    """pygls's language server, reading its input through ``Frames`` and ``Protocol``. The
    editor sends each document whole on every change: an edit is never placed by the
    server's own count of lines, so its copy of a document cannot drift from the editor's."""

    def __init__(self, name: str, version: str):
        super().__init__(name, version, text_document_sync_kind=lsp.TextDocumentSyncKind.Full, protocol_cls=Protocol)

    def start_io(self, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
        """Serves until the input ends (returns 0), a frame breaks (1) or the client says
        'exit' (which exits: 0 after 'shutdown', else 1)."""
        self.protocol.set_writer(StdoutWriter(stdout or sys.stdout.buffer))
        try:
            return asyncio.run(self._serve(Frames(stdin or sys.stdin.buffer, self.thread_pool)))
        except BrokenPipeError:
            LOG.error("basra lsp: the editor closed its end of the output")
            return 1
        finally:
            self.shutdown()

    async def _serve(self, frames: Frames) -> int:
        while True:
            try:
                body = await frames.next()
            except BrokenFrame as broken:
                LOG.error("basra lsp: %s; the server stops (the editor can start it again)", broken)
                return 1
            if body is None:
                return 0
            self.protocol.receive(body)
