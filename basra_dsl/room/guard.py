"""What every request to the room server passes first: the page's origin and the headers
that keep the pages to themselves.

A browser sends an ``Origin`` with every WebSocket handshake and every POST. Only the
server's own pages (and the sites named with ``--allow-origin``) may open a seat's socket
or make a room, so a page elsewhere cannot use a visitor's browser against the server: a
foreign origin is refused before the handshake completes (close code 1008, which a browser
reports as a failed connection) or with 403. A request without an ``Origin`` comes from no
page (a script, curl) and is let through: the per-address room quota bounds those.

Every HTTP answer carries a Content-Security-Policy that lets the pages load only the
server's own scripts, styles and sockets and no frame hold them, with
``X-Frame-Options``, ``X-Content-Type-Options`` and ``Referrer-Policy`` for older browsers.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                  "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")
HEADERS = [
    (b"content-security-policy", CONTENT_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
FOREIGN = "this server takes requests from its own pages only"


def same_origin(headers: Headers, allowed: tuple[str, ...]) -> bool:
    """Whether a request's page may use the server: no ``Origin`` (not a page), the server's
    own (its scheme is http or https and its host and port are the ``Host`` the request was
    sent to), or one of ``allowed``."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and bool(parts.netloc) and parts.netloc == headers.get("host")


class Guard:
    """ASGI middleware: refuses foreign origins, adds the pages' security headers."""

    def __init__(self, app: ASGIApp, origins: tuple[str, ...] = ()):
        self.app = app
        self.origins = tuple(origin.rstrip("/") for origin in origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if not same_origin(Headers(scope=scope), self.origins):
                await send({"type": "websocket.close", "code": 1008, "reason": FOREIGN})
                return
        elif scope["type"] == "http":
            if scope["method"] not in ("GET", "HEAD", "OPTIONS") and not same_origin(Headers(scope=scope), self.origins):
                response = JSONResponse({"error": FOREIGN}, status_code=403)
                await response(scope, receive, self._headed(send))
                return
            send = self._headed(send)
        await self.app(scope, receive, send)

    @staticmethod
    def _headed(send: Send) -> Send:
        async def headed(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)
        return headed
