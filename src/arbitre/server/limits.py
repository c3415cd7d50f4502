"""What comes in is limited: request bodies by size, clients by rate (token buckets),
sockets by address, and every answer carries the security headers (docs/web.md, Security).
"""

from __future__ import annotations

import time
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from arbitre.server.errors import refuse

BODY_LIMIT = 16 * 1024
# A saved game can be long: replaying one is the only large request.
LARGE_BODY_PATHS = {"/api/replay": 4 * 1024 * 1024}
# A library entry's text is at most 64 KiB (engine.library_saved.MAX_BYTES), sent in JSON:
# its newlines and quotes escaped, it may grow; three times the text is plenty.
LARGE_BODY_PREFIXES = {"/api/library/": 192 * 1024}
# The library (server/library_api.py), per client address: saves and deletions, author
# tokens issued.
LIBRARY_SAVES_PER_MINUTE = 20
LIBRARY_SAVES_BURST = 20
AUTHORS_PER_MINUTE = 5
AUTHORS_BURST = 5


class RateLimiter:
    """`rate` requests per second per client, with bursts up to `burst`; None: no limit."""

    def __init__(self, rate: float | None, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    def allow(self, client: str) -> bool:
        if self.rate is None:
            return True
        now = time.monotonic()
        tokens, last = self.buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self.buckets[client] = (tokens, now)
            return False
        self.buckets[client] = (tokens - 1.0, now)
        if len(self.buckets) > 10_000:  # forget idle clients rather than grow forever
            self.buckets = {client: self.buckets[client]}
        return True


class RateLimit:
    """429 for an API request beyond its client address's rate (`RateLimiter`); a plain
    ASGI middleware (a request costs a function call, not a task and a stream)."""

    def __init__(self, app: ASGIApp, limiter: RateLimiter) -> None:
        self.app = app
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith("/api/"):
            client = scope.get("client")
            if not self.limiter.allow(client[0] if client else "?"):
                await _answer(send, 429, refuse(429, "rate", "rate").to_json())
                return
        await self.app(scope, receive, send)


class AddressCount:
    """At most `limit` open things (WebSockets) per client address; None: no limit."""

    def __init__(self, limit: int | None) -> None:
        self.limit = limit
        self.open: dict[str, int] = {}

    def take(self, client: str) -> bool:
        if self.limit is not None and self.open.get(client, 0) >= self.limit:
            return False
        self.open[client] = self.open.get(client, 0) + 1
        return True

    def give(self, client: str) -> None:
        left = self.open.get(client, 0) - 1
        if left > 0:
            self.open[client] = left
        else:
            self.open.pop(client, None)


# Pages and scripts come from this server only; nothing may frame the app (a token in the
# URL must not leak to another site through Referer nor a framing page).
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
# Answers that may carry a token or a seat's private view are never stored by a cache.
NO_STORE_PREFIXES = ("/api/", "/game/", "/replay")


class SecurityHeaders:
    """Adds the security headers to every HTTP answer, and `no-store` where it matters."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        no_store = str(scope.get("path", "")).startswith(NO_STORE_PREFIXES)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if not (no_store and k.lower() == b"cache-control")
                ]
                headers.extend(SECURITY_HEADERS)
                if no_store:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuse (413) a request whose body is larger than its path allows, before reading it all."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        limit = LARGE_BODY_PATHS.get(path, BODY_LIMIT)
        for prefix, larger in LARGE_BODY_PREFIXES.items():
            if path.startswith(prefix):
                limit = larger
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await _too_large(send, limit)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send, limit)


class _TooLarge(Exception):
    pass


async def _too_large(send: Send, limit: int) -> None:
    await _answer(send, 413, refuse(413, "too_large", "too_large", limit=limit).to_json())


async def _answer(send: Send, status: int, data: dict[str, Any]) -> None:
    import json

    body = json.dumps(data).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
