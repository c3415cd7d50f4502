"""The live socket of a game: a State on connect and after every change (or, for a client
that asks for them, a patch: subscribers.py); plays, undo requests and takeback answers
from the client.

A bad message (binary, not JSON, wrong fields, too large, too fast) gets an error message
and the socket stays usable; a game deleted under the socket gets `deleted` and a policy
close (1008). Opening a socket counts as a request for the address's rate; beyond the
rate or the cap of open sockets per address (limits.AddressCount) the handshake is
refused before it is accepted (HTTP 403, nothing sent), which costs the server nothing.
Everything the client receives goes through its Subscriber (subscribers.py), so a client
that does not read never holds up a game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from arbitre.server.clocks import connected as clock_connected
from arbitre.server.errors import ApiError, refuse
from arbitre.server.hub import Hub
from arbitre.server.inputs import bool_field, int_field, parse_object, str_field, token_of
from arbitre.server.limits import AddressCount, RateLimiter
from arbitre.server.live import LiveGame
from arbitre.server.payload import can_undo
from arbitre.server.seating import answer_takeback, ask_takeback
from arbitre.server.social import connected as social_connected
from arbitre.server.subscribers import Subscriber
from arbitre.server.takeover import left as social_left

MESSAGE_LIMIT = 8192
NORMAL_CLOSE = 1000
POLICY_CLOSE = 1008
SERVER_ERROR = 1011
log = logging.getLogger("arbitre.server")


def live_socket(
    hub: Hub, limiter: RateLimiter, sockets: AddressCount
) -> Callable[[WebSocket, str], Awaitable[None]]:
    async def handler(websocket: WebSocket, game_id: str) -> None:
        client = websocket.client.host if websocket.client else "?"
        if not limiter.allow(client) or not sockets.take(client):
            await websocket.close(code=POLICY_CLOSE)  # before accept: a plain 403
            return
        try:
            await _serve(hub, limiter, websocket, game_id, client)
        finally:
            sockets.give(client)

    return handler


async def _refuse(websocket: WebSocket, exc: ApiError) -> None:
    await websocket.accept()
    await websocket.send_json({"type": "error", **exc.to_json()})
    await websocket.close(code=4000 + exc.status)


async def _serve(
    hub: Hub, limiter: RateLimiter, websocket: WebSocket, game_id: str, client: str
) -> None:
    try:
        token = token_of(websocket.query_params.get("token"))
        wanted = int_field(websocket.query_params.get("seat"), "seat", query=True)
        live, access = await hub.open(game_id, token)
    except ApiError as exc:
        await _refuse(websocket, exc)
        return
    await websocket.accept()
    code = NORMAL_CLOSE
    sub = Subscriber(websocket.send_text, access, wanted)
    live.subscribers.add(sub)
    try:
        await live.settled()  # a move being stored is not shown before it is
        sub.send_state(live)
        clock_connected(live, sub)  # a game with a clock: its `clock` frame (server/clocks.py)
        while not sub.dead:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            if live.deleted:
                sub.push({"type": "deleted", "id": live.id})
                await sub.flush()
                await websocket.close(code=POLICY_CLOSE)
                break
            raw = message.get("text")
            try:
                if raw is None:
                    raise refuse(400, "bad_json", "text_only")
                if len(raw) > MESSAGE_LIMIT:
                    raise refuse(413, "too_large", "too_large", limit=MESSAGE_LIMIT)
                if not limiter.allow(client):
                    raise refuse(429, "rate", "rate")
                await _message(hub, live, sub, raw)
            except ApiError as exc:
                sub.push({"type": "error", **exc.to_json()})
    except WebSocketDisconnect:
        pass
    except Exception:  # a bug: say so to the client (1011), keep the server going
        log.exception("socket of game %s failed", live.id)
        code = SERVER_ERROR
    finally:
        live.subscribers.discard(sub)
        social_left(live, sub.access)  # since when a seat is away (server/takeover.py)
        sub.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.close(code=code), 1.0)


async def _message(hub: Hub, live: LiveGame, sub: Subscriber, raw: str) -> None:
    """One client message: play, undo (or ask for it), answer a takeback request, (the
    hotseat table) look through the seat its player just confirmed, or take patches from
    now on (server/patches.py)."""
    data: dict[str, Any] = parse_object(raw, "message")
    kind = data.get("type")
    if kind == "play":
        key = str_field(data, "key")
        expect = int_field(data.get("expect"), "expect")
        seat = int_field(data.get("seat"), "seat")
        # `ask`: the client wants this play answered (the table page): "played" once it is
        # stored (after the State it made), or "refused" with the status a POST would get
        ask = int_field(data.get("ask"), "ask")
        if ask is None:
            await hub.play(live, sub.access, key, expect, seat)
            return
        try:
            await hub.play(live, sub.access, key, expect, seat)
        except ApiError as exc:
            sub.push({"type": "refused", "ask": ask, "status": exc.status, **exc.to_json()})
        else:
            sub.played(ask, live.moves)
    elif kind == "undo":
        if can_undo(live, sub.access) or sub.access.role != "seat":
            await hub.undo(live, sub.access)
        else:
            await ask_takeback(hub, live, sub.access)
    elif kind == "takeback":
        await answer_takeback(hub, live, sub.access, bool_field(data, "accept"))
    elif kind == "view":
        # the hotseat table's player pressed "I am <seat>": only its own human seats
        seat = int_field(data.get("seat"), "seat")
        if sub.access.role != "admin" or seat is None or seat not in sub.access.seats:
            raise refuse(403, "not_allowed", "not_allowed", what="view")
        await live.settled()
        sub.look_through(live, seat)
    elif kind == "patches":
        sub.patches = True
    elif kind == "social":  # chat, resign, AI handover, rematch frames (server/social.py)
        social_connected(hub, live, sub)
    else:
        why = "play | undo | takeback | view | patches | social"
        raise refuse(422, "bad_field", "bad_field", field="type", why=why)
