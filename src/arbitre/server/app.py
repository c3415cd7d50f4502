"""The HTTP and WebSocket API (docs/web.md) and the pages of `arbitre.web`.

`create_app(db_url)` builds the app; `arbitre serve` runs it under Uvicorn.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from arbitre.engine.record import GameRecord, RecordError
from arbitre.server import messages as _messages  # noqa: F401  (registers the texts)
from arbitre.server.errors import ApiError, refuse
from arbitre.server.hub import Hub, Subscriber
from arbitre.server.limits import BodyLimit, RateLimiter
from arbitre.server.live import Access, LiveGame
from arbitre.server.lobby import create_game, game_list, replay_state, ruleset_list, seats_of
from arbitre.server.payload import state_payload
from arbitre.server.rule_texts import rule_texts
from arbitre.server.store import Store, default_db_url


def _int_or_none(raw: Any, name: str) -> int | None:
    if raw is None or raw == "":
        return None
    if isinstance(raw, bool):
        raise refuse(422, "bad_field", "bad_field", field=name, why="integer expected")
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise refuse(422, "bad_field", "bad_field", field=name, why="integer expected") from None


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body() or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise refuse(400, "bad_json", "bad_json") from None
    if not isinstance(data, dict):
        raise refuse(422, "bad_field", "bad_field", field="body", why="JSON object expected")
    return data


def _str_field(data: dict[str, Any], name: str, limit: int = 512) -> str:
    value = data.get(name)
    if not isinstance(value, str) or not value or len(value) > limit:
        raise refuse(422, "bad_field", "bad_field", field=name, why="non-empty string expected")
    return value


def create_app(
    db_url: str | None = None,
    *,
    ai_delay: float = 0.0,
    rate: float | None = 50.0,
    burst: int = 200,
) -> FastAPI:
    """The web app on the database at `db_url` (default: SQLite in the user's data dir)."""
    from arbitre.web import STATIC_DIR

    store = Store(db_url or default_db_url())
    hub = Hub(store, ai_delay=ai_delay)
    limiter = RateLimiter(rate, burst)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        await hub.shutdown()
        store.close()

    app = FastAPI(title="arbitre", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    app.state.store = store
    app.add_middleware(BodyLimit)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.middleware("http")
    async def _rate(request: Request, call_next: Any) -> Response:
        client = request.client.host if request.client else "?"
        if request.url.path.startswith("/api/") and not limiter.allow(client):
            return JSONResponse(refuse(429, "rate", "rate").to_json(), status_code=429)
        response: Response = await call_next(request)
        return response

    def access_of(live: LiveGame, token: str | None) -> Access:
        access = live.access(token)
        if access is None:
            raise refuse(403, "bad_token", "bad_token")
        return access

    # --- lobby ---------------------------------------------------------------------------

    @app.get("/api/rulesets")
    async def rulesets() -> dict[str, Any]:
        return {"rulesets": ruleset_list()}

    @app.post("/api/seats")
    async def seats(request: Request) -> dict[str, Any]:
        data = await _body(request)
        return seats_of(_str_field(data, "ruleset", 32), data.get("config", {}))

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        data = await _body(request)
        stored = create_game(store, data)
        hub.create(stored)
        return {
            "id": stored.id,
            "admin": stored.admin_token,
            "spectator": stored.spectator_token,
            "seats": [{"seat": i, "token": s.token} for i, s in enumerate(stored.seats)],
        }

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": game_list(store)}

    # --- one game ------------------------------------------------------------------------

    @app.get("/api/games/{game_id}")
    async def game_state(
        game_id: str, token: str | None = None, seat: str | None = None
    ) -> dict[str, Any]:
        live = hub.live(game_id)
        return state_payload(live, access_of(live, token), _int_or_none(seat, "seat"))

    @app.post("/api/games/{game_id}/play")
    async def play(game_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        live = hub.live(game_id)
        access = access_of(live, data.get("token") if isinstance(data.get("token"), str) else None)
        key = _str_field(data, "key")
        wanted = _int_or_none(data.get("seat"), "seat")
        await hub.play(live, access, key, _int_or_none(data.get("expect"), "expect"), wanted)
        return state_payload(live, access, wanted)

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        live = hub.live(game_id)
        access = access_of(live, data.get("token") if isinstance(data.get("token"), str) else None)
        await hub.undo(live, access)
        return state_payload(live, access)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, token: str | None = None) -> dict[str, Any]:
        live = hub.live(game_id)
        access = access_of(live, token)
        if access.role != "admin" and live.match.decision() is not None:
            raise refuse(403, "not_allowed", "not_allowed", what="record")
        return live.match.record().to_json()

    @app.get("/api/games/{game_id}/board")
    async def board(game_id: str, token: str | None = None) -> dict[str, Any]:
        from arbitre.server.boards import board_of

        live = hub.live(game_id)
        access_of(live, token)
        return board_of(live.ruleset.id, live.ruleset, live.match.state)

    @app.delete("/api/games/{game_id}")
    async def delete(game_id: str, token: str | None = None) -> dict[str, Any]:
        live = hub.live(game_id)
        if access_of(live, token).role != "admin":
            raise refuse(403, "not_allowed", "not_allowed", what="delete")
        async with hub.lock(game_id):
            hub.forget(game_id)
            store.delete(game_id)
        for sub in list(live.subscribers):
            with contextlib.suppress(Exception):
                await sub.send({"type": "deleted", "id": game_id})
        return {"deleted": game_id}

    @app.post("/api/replay")
    async def replay(request: Request) -> dict[str, Any]:
        data = await _body(request)
        try:
            rec = GameRecord.from_json(data.get("record"))
        except RecordError as exc:
            raise refuse(422, "bad_record", "bad_record", why=str(exc)) from None
        upto = _int_or_none(data.get("upto"), "upto")
        return replay_state(rec, upto, _int_or_none(data.get("seat"), "seat"))

    @app.get("/api/rules/{ruleset_id}")
    async def rules(ruleset_id: str, ids: str = "") -> dict[str, Any]:
        wanted = [i.strip() for i in ids.split(",") if i.strip()][:50]
        return {"rules": rule_texts(ruleset_id, wanted)}

    # --- live updates --------------------------------------------------------------------

    @app.websocket("/ws/games/{game_id}")
    async def live_socket(websocket: WebSocket, game_id: str) -> None:
        token = websocket.query_params.get("token")
        try:
            live = hub.live(game_id)
            access = access_of(live, token)
            wanted = _int_or_none(websocket.query_params.get("seat"), "seat")
        except ApiError as exc:
            await websocket.accept()
            await websocket.send_json({"type": "error", **exc.to_json()})
            await websocket.close(code=4000 + exc.status)
            return
        await websocket.accept()
        sub = Subscriber(websocket.send_json, access, wanted)
        live.subscribers.add(sub)
        client = f"ws:{id(websocket)}"
        try:
            await websocket.send_json(state_payload(live, access, wanted))
            while True:
                raw = await websocket.receive_text()
                if len(raw) > 8192 or not limiter.allow(client):
                    code = "too_large" if len(raw) > 8192 else "rate"
                    err = refuse(413 if code == "too_large" else 429, code, code, limit=8192)
                    await websocket.send_json({"type": "error", **err.to_json()})
                    continue
                await _socket_message(hub, live, sub, raw)
        except WebSocketDisconnect:
            pass
        finally:
            live.subscribers.discard(sub)

    # --- pages ---------------------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC_DIR / "game.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return FileResponse(STATIC_DIR / "replay.html")

    return app


async def _socket_message(hub: Hub, live: LiveGame, sub: Subscriber, raw: str) -> None:
    """One client message: play or undo; a refusal goes back to that client only."""
    try:
        try:
            data = json.loads(raw)
        except json.JSONDecodeError:
            raise refuse(400, "bad_json", "bad_json") from None
        if not isinstance(data, dict):
            raise refuse(422, "bad_field", "bad_field", field="message", why="object expected")
        kind = data.get("type")
        if kind == "play":
            key = _str_field(data, "key")
            expect = _int_or_none(data.get("expect"), "expect")
            await hub.play(live, sub.access, key, expect, _int_or_none(data.get("seat"), "seat"))
        elif kind == "undo":
            await hub.undo(live, sub.access)
        else:
            raise refuse(422, "bad_field", "bad_field", field="type", why="play | undo")
    except ApiError as exc:
        await sub.send({"type": "error", **exc.to_json()})
