"""What the studio refuses before any route runs: a Host that is not the loopback address (a
DNS-rebinding page), a path with `..` or an encoded dot, a POST from another origin, and any
method but GET, HEAD and that POST. Every answer says the page may run only its own scripts."""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
_BAD_PATH = re.compile(r"\.\.|%2e|%2f|%5c|\\|//|%00", re.IGNORECASE)
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'none'; script-src 'self'; style-src 'self'; "
     b"img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
     b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
]  # fmt: skip


class Guard:
    """ASGI middleware in front of the studio's routes (`port`: the one it listens on)."""

    def __init__(self, app: ASGIApp, port: int, posts: tuple[str, ...]) -> None:
        self.app, self.port, self.posts = app, port, posts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is not None:
            await _answer(send, *refusal)
            return

        async def with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """(status, reason) when the request is refused, else None."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if not self._loopback(headers.get("host", "")):
            return 421, "refused: the studio answers only to 127.0.0.1 (Host header)"
        raw = scope.get("raw_path", b"").decode("latin-1") or scope["path"]
        if _BAD_PATH.search(raw) or _BAD_PATH.search(scope["path"]):
            return 404, "not found"
        method = scope["method"]
        if method == "POST":
            if scope["path"] not in self.posts:
                return 405, "method not allowed"
            if not self._same_origin(headers.get("origin", "")):
                return 403, "refused: a POST must come from the studio's own page (Origin)"
        elif method not in ("GET", "HEAD"):
            return 405, "method not allowed"
        return None

    def _loopback(self, host: str) -> bool:
        return host in LOOPBACK or host in {f"{h}:{self.port}" for h in LOOPBACK}

    def _same_origin(self, origin: str) -> bool:
        return origin in {f"http://{h}:{self.port}" for h in LOOPBACK}


async def _answer(send: Send, status: int, text: str) -> None:
    body = (text + "\n").encode("utf-8")
    headers = [(b"content-type", b"text/plain; charset=utf-8"),
               (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]  # fmt: skip
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
