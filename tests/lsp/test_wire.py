"""`basra lsp` and a client that makes mistakes, spoken to byte by byte: every request gets a
response carrying its id (a result or a JSON-RPC error), a message that is not JSON-RPC is
answered and serving goes on, and a broken frame ends the server with one line on stderr
(the editor then starts it afresh). None of it is a traceback."""

from __future__ import annotations

import json

import pytest
from lsp_client import TIDY
from lsp_wire import Wire, frame

METHOD_NOT_FOUND, INVALID_PARAMS, INVALID_REQUEST, PARSE_ERROR = -32601, -32602, -32600, -32700
NOT_INITIALIZED = -32002


@pytest.fixture
def wire():
    talking = Wire()
    talking.initialize()
    yield talking
    talking.close()


def hover(wire: Wire, id, uri: str, line: int = 7, character: int = 4) -> dict:
    wire.send({"id": id, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": line, "character": character}}})
    return wire.answer(id)


def still_answers(wire: Wire) -> None:
    """A request after the mistake is answered as usual, and the mistakes left no traceback."""
    uri = wire.open("tidy.basra", TIDY)
    assert "takes" in hover(wire, "after", uri)["result"]["contents"]["value"]
    code, stderr = wire.close()
    assert "Traceback" not in stderr, stderr


def test_an_unknown_method_is_answered_method_not_found_with_its_id(wire: Wire):
    wire.send({"id": 7, "method": "basra/nothing"})  # no params, as JSON-RPC allows
    wire.send({"id": "eight", "method": "$/nothing", "params": {"x": 1}})
    assert wire.answer(7)["error"]["code"] == METHOD_NOT_FOUND
    assert wire.answer("eight")["error"]["code"] == METHOD_NOT_FOUND
    still_answers(wire)


@pytest.mark.parametrize("params", [
    {"position": {"line": -1, "character": 0}},
    {"position": {"line": 0, "character": -3}},
    {"position": {"line": "one", "character": 0}},
    {},  # no position at all
])
def test_a_request_with_invalid_params_is_answered_invalid_params_with_its_id(wire: Wire, params: dict):
    uri = wire.open("tidy.basra", TIDY)
    wire.send({"id": 12, "method": "textDocument/hover", "params": {"textDocument": {"uri": uri}, **params}})
    answer = wire.answer(12)
    assert answer["error"]["code"] == INVALID_PARAMS and "result" not in answer
    still_answers(wire)


def test_a_notification_with_invalid_params_is_dropped_quietly(wire: Wire):
    wire.send({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": 3}}})
    wire.send({"id": 1, "method": "shutdown"})
    assert wire.answer(1) == {"jsonrpc": "2.0", "id": 1, "result": None}
    code, stderr = wire.close()
    assert "Traceback" not in stderr and "didOpen" in stderr


@pytest.mark.parametrize("body, id, code", [
    (b"{not json", None, PARSE_ERROR),
    (b"\xff\xfe{}", None, PARSE_ERROR),
    (b"[1, 2]", None, INVALID_REQUEST),  # a batch: the protocol has none
    (b'"hello"', None, INVALID_REQUEST),
    (b'{"id": 5, "method": "textDocument/hover"}', 5, INVALID_REQUEST),  # no "jsonrpc"
    (b'{"jsonrpc": "1.0", "id": 6, "method": "shutdown"}', 6, INVALID_REQUEST),
    (b'{"jsonrpc": "2.0", "id": 7, "method": 42}', 7, INVALID_REQUEST),
    (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}', None, INVALID_REQUEST),
])
def test_a_message_that_is_not_json_rpc_is_answered_and_serving_goes_on(wire: Wire, body: bytes, id, code: int):
    wire.write(frame(body))
    assert wire.answer(id)["error"]["code"] == code
    still_answers(wire)


@pytest.mark.parametrize("broken", [
    b"Content-Length: abc\r\n\r\n{}",
    b"Content-Length: -5\r\n\r\n{}",
    b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}",  # no length
    b"hello\r\n\r\n",
    b"Content-Length: " + b"1" * 2000 + b"\r\n\r\n",  # a header line longer than any real one
])
def test_a_broken_frame_ends_the_server_with_one_line_on_stderr(wire: Wire, broken: bytes):
    """The stream has lost its framing: where the next message starts is unknown, and a
    message lost on the way (a change to a document) would leave the server's copy of the
    document wrong. Ending lets the editor see it and start the server afresh."""
    wire.write(broken)
    code, stderr = wire.ended()  # without the input ending
    lines = stderr.strip().splitlines()
    assert code == 1 and len(lines) == 1 and "basra lsp" in lines[0], stderr


def test_input_that_ends_inside_a_message_ends_the_server_with_one_line(wire: Wire):
    wire.write(b"Content-Length: 100\r\n\r\n{\"jsonrpc\"")
    code, stderr = wire.close()
    assert code == 1 and len(stderr.strip().splitlines()) == 1 and "ended inside a message" in stderr, stderr


def test_a_message_larger_than_any_document_is_skipped_and_serving_goes_on(wire: Wire):
    huge = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///huge.basra", "languageId": "basra", "version": 1, "text": "#" * (33 * 1024 * 1024)}}})
    wire.write(frame(huge.encode()))
    still_answers(wire)
    assert f"skipped a message of {len(huge):,} bytes" in wire.stderr, wire.stderr


def test_requests_before_initialize_are_answered_not_initialized():
    wire = Wire()
    try:
        wire.send({"id": 1, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": "file:///x.basra"}, "position": {"line": 0, "character": 0}}})
        assert wire.answer(1)["error"]["code"] == NOT_INITIALIZED
        wire.initialize()
        still_answers(wire)
    finally:
        wire.close()


def test_after_shutdown_requests_are_refused_and_exit_ends_the_server(wire: Wire):
    wire.send({"id": 1, "method": "shutdown"})
    assert wire.answer(1)["result"] is None
    uri = (wire.open("tidy.basra", TIDY))
    assert hover(wire, 2, uri)["error"]["code"] == INVALID_REQUEST
    wire.send({"method": "exit"})
    code, stderr = wire.ended()
    assert code == 0 and "Traceback" not in stderr, stderr


@pytest.mark.parametrize("method, params", [
    ("textDocument/didChange", {"textDocument": {"uri": "file:///nowhere/never-opened.basra", "version": 2},
                                "contentChanges": [{"text": 'variant x "X"\n'}]}),
    ("textDocument/didClose", {"textDocument": {"uri": "file:///nowhere/never-opened.basra"}}),
    ("textDocument/didSave", {"textDocument": {"uri": "file:///nowhere/never-opened.basra"}}),
])
def test_a_notification_about_a_document_never_opened_is_ignored_and_serving_goes_on(wire: Wire, method: str,
                                                                                      params: dict):
    """An editor that lost track of what it opened (or a server started afresh under open
    documents) may send a change for a document the server never saw: there is nothing to
    change, so it is ignored with at most one line on stderr, and no "Error in server"
    pop-up in the editor."""
    wire.send({"method": method, "params": params})
    still_answers(wire)
    assert not [m for m in wire.notifications if m["method"] in ("window/showMessage", "window/logMessage")
                and m["params"]["type"] == 1], wire.notifications  # 1: an error
    stderr = wire.stderr
    assert "Traceback" not in stderr and "KeyError" not in stderr and len(stderr.strip().splitlines()) <= 1, stderr
    if method == "textDocument/didChange":
        assert "never-opened.basra" in stderr and "not open" in stderr, stderr
