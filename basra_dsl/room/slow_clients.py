"""HTTP connections that must send their request in time: uvicorn's h11 protocol with a clock.

Uvicorn closes a keep-alive connection that stays silent, but a client that sends part of
a request's head (or of its body) and then trickles or stops holds the connection open for
good; enough of them and the server has nothing left for people. Here every request,
the WebSocket handshakes among them, must have arrived whole within ``REQUEST_SECONDS`` of
the connection opening or of the previous response: after that the connection is closed.
Once a request has arrived the clock stops; the WebSocket that a handshake opens is watched
by its own pings instead.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_SECONDS = 10.0  # the longest a request's head and body may take to arrive


class TimedH11Protocol(H11Protocol):
    """``H11Protocol`` that closes a connection whose request does not arrive in time."""

    request_seconds = REQUEST_SECONDS
    _clock: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_clock()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.DONE or self.transport.get_protocol() is not self:
            self._stop_clock()  # the request is in (or the connection became a WebSocket)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._start_clock()  # the next request on this connection has its own time

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def _start_clock(self) -> None:
        self._stop_clock()
        self._clock = self.loop.call_later(self.request_seconds, self._too_slow)

    def _stop_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None

    def _too_slow(self) -> None:
        self._clock = None
        waiting = self.conn.their_state is not h11.DONE
        if waiting and self.transport.get_protocol() is self and not self.transport.is_closing():
            self.transport.close()
