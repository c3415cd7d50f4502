"""The HTTP and WebSocket API (docs/web.md) and the pages of `arbitre.web`.

`create_app(db_url)` builds the app; `arbitre serve` runs it under Uvicorn. Every value
from a client is read by `server.inputs` (types, ranges, sizes, depth) before anything
changes; tokens are checked before any work; heavy work runs in `server.work`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from arbitre.server import messages as _messages  # noqa: F401  (registers the texts)
from arbitre.server.errors import ApiError, refuse
from arbitre.server.hub import Hub
from arbitre.server.inputs import (
    bool_field,
    choice_field,
    game_id_of,
    int_field,
    parse_object,
    str_field,
    token_of,
)
from arbitre.server.limits import AddressCount, BodyLimit, RateLimit, RateLimiter, SecurityHeaders
from arbitre.server.live import Access, LiveGame
from arbitre.server.lobby import (
    create_game,
    created_answer,
    game_list,
    my_games,
    replay_job,
    ruleset_list,
    seats_of,
)
from arbitre.server.payload import can_undo
from arbitre.server.rule_texts import rule_texts
from arbitre.server.seating import (
    answer_takeback,
    ask_takeback,
    change_seat,
    invite,
    join,
    may_join,
)
from arbitre.server.sockets import live_socket
from arbitre.server.states import state_text
from arbitre.server.store import Store, default_db_url
from arbitre.server.work import Workers

SOCKETS_PER_ADDRESS = 16
CREATE_PER_MINUTE = 10
REPLAYS_PER_SECOND = 1.0  # a whole game replayed each: far more work than a move
REPLAY_BURST = 5
REPLIES = ("state", "brief")  # what `POST …/play` answers
JSON = "application/json"


def client_of(request: Request) -> str:
    return request.client.host if request.client else "?"


async def _body(request: Request) -> dict[str, Any]:
    return parse_object(await request.body())


def _state(live: LiveGame, access: Access, wanted: int | None = None) -> Response:
    """The State as the sockets get it: the same text, encoded once (server/states.py)."""
    return Response(state_text(live, access, wanted), media_type="application/json")


def default_library_dir(db_url: str) -> Path:
    """`library/` beside a SQLite database file; in the user's data folder otherwise."""
    prefix = "sqlite:///"
    if db_url.startswith(prefix) and db_url[len(prefix) :] not in ("", ":memory:"):
        return Path(db_url[len(prefix) :].split("?")[0]).parent / "library"
    from platformdirs import user_data_dir

    return Path(user_data_dir("arbitre", appauthor=False)) / "library"


def create_app(
    db_url: str | None = None,
    *,
    ai_delay: float = 0.0,
    rate: float | None = 50.0,
    burst: int = 200,
    content_dir: Path | None = None,
    library_dir: Path | None = None,
    sockets_per_address: int = SOCKETS_PER_ADDRESS,
    workers: Workers | None = None,
    warm: bool = False,
    sqlite_sync: str = "normal",
) -> FastAPI:
    """The web app on the database at `db_url` (default: SQLite in the user's data dir).

    `rate=None` turns every per-address limit off (requests, sockets, game creation,
    replays): for benchmarks on loopback. `content_dir`: the content packs and battlefields
    the operator installed (docs/content.md), offered by name. `library_dir`: the writable
    library players save into (server/library_api.py; default: `library/` beside the SQLite
    file). `warm`: start the replay worker processes at start-up (`arbitre serve`) rather
    than in the first replay. `sqlite_sync`: SQLite's disk sync on commit, "normal" or
    "full" (store.SYNCS).
    """
    from arbitre.engine import library_saved
    from arbitre.server.armies_api import armies_router
    from arbitre.server.clock_api import clock_router
    from arbitre.server.clocks import install as install_clocks
    from arbitre.server.clocks import stop as clock_stop
    from arbitre.server.clocks import sweep as clock_sweep
    from arbitre.server.library_api import library_router
    from arbitre.server.social import social_router
    from arbitre.server.social import tell as social_tell
    from arbitre.server.turns_api import turns_router
    from arbitre.web import STATIC_DIR

    if content_dir is not None:
        from arbitre.engine import library

        library.install_dir(content_dir)
    db_url = db_url or default_db_url()
    library_dir = library_dir or default_library_dir(db_url)
    library_saved.use_dir(library_dir)
    store = Store(db_url, sqlite_sync)
    hub = Hub(
        store,
        ai_delay=ai_delay,
        workers=workers or Workers(content_dir=content_dir, library_dir=library_dir),
    )
    cluster = None
    if store.engine.dialect.name == "postgresql":  # several processes may share it
        from arbitre.server.cluster import Cluster

        cluster = Cluster(hub)
    limiter = RateLimiter(rate, burst)
    creations = RateLimiter(None if rate is None else CREATE_PER_MINUTE / 60, CREATE_PER_MINUTE)
    sockets = AddressCount(None if rate is None else sockets_per_address)
    replays = RateLimiter(None if rate is None else REPLAYS_PER_SECOND, REPLAY_BURST)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if warm:
            await hub.workers.thread(hub.workers.warm)
        if cluster is not None:
            await cluster.start()
        sweeper = asyncio.create_task(clock_sweep(hub))  # clocks out of time (server/clocks.py)
        yield
        await clock_stop(hub, sweeper)
        if cluster is not None:
            await cluster.stop()
        await hub.shutdown()
        store.close()

    app = FastAPI(title="arbitre", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.hub = hub
    app.state.store = store
    app.add_middleware(RateLimit, limiter=limiter)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        """An unknown route or method answers in the API's error shape."""
        path = request.url.path[:80]
        error = refuse(exc.status_code, "no_route", "no_route", path=path, method=request.method)
        return JSONResponse(error.to_json(), status_code=exc.status_code, headers=exc.headers)

    # --- lobby ---------------------------------------------------------------------------

    @app.get("/api/rulesets")
    async def rulesets() -> dict[str, Any]:
        return {"rulesets": ruleset_list()}

    @app.post("/api/seats")
    async def seats(request: Request) -> dict[str, Any]:
        data = await _body(request)
        ruleset = str_field(data, "ruleset", 32)
        # Checked as a game start would check it (a scenario a pack lacks, say): in a thread.
        return await hub.workers.thread(seats_of, ruleset, data.get("config", {}))

    @app.post("/api/games", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        data = await _body(request)
        if not creations.allow(client_of(request)):
            raise refuse(429, "rate", "rate")
        live = await hub.workers.thread(create_game, store, data, client_of(request))
        hub.add(live)
        return created_answer(live.stored)

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        return {"games": game_list(store)}

    @app.post("/api/games/mine")
    async def mine(request: Request) -> dict[str, Any]:
        data = await _body(request)
        return {"games": my_games(store, data.get("games"))}

    # --- one game ------------------------------------------------------------------------

    @app.get("/api/games/{game_id}")
    async def game_state(
        game_id: str, token: str | None = None, seat: str | None = None, viewer: str | None = None
    ) -> Response:
        """The State through `seat`'s eyes (`viewer`: the same, the seat the hotseat table
        confirmed); without either, the table shows no seat that was not confirmed."""
        wanted = int_field(seat if viewer is None else viewer, "seat", query=True)
        live, access = await hub.open(game_id, token_of(token))
        return _state(live, access, wanted)

    @app.post("/api/games/{game_id}/play")
    async def play(game_id: str, request: Request) -> Response:
        data = await _body(request)
        token = token_of(data.get("token"))
        key = str_field(data, "key")
        wanted = int_field(data.get("seat"), "seat")
        expect = int_field(data.get("expect"), "expect")
        # "brief": the client's socket brings the State; the answer only says it is stored
        brief = data.get("reply") is not None and choice_field(data, "reply", REPLIES) == "brief"
        live, access = await hub.open(game_id, token)
        await hub.play(live, access, key, expect, wanted)
        if brief:
            return Response(f'{{"type":"played","moves":{live.moves}}}', media_type=JSON)
        return _state(live, access, wanted)

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> Response:
        """Undo at once where no other person plays; otherwise ask them (a takeback)."""
        data = await _body(request)
        wanted = int_field(data.get("seat"), "seat")  # the seat the hotseat table shows
        live, access = await hub.open(game_id, token_of(data.get("token")))
        if can_undo(live, access) or access.role != "seat":
            await hub.undo(live, access)
        else:
            await ask_takeback(hub, live, access)
        return _state(live, access, wanted)

    @app.post("/api/games/{game_id}/takeback")
    async def takeback(game_id: str, request: Request) -> Response:
        data = await _body(request)
        accept = bool_field(data, "accept")
        live, access = await hub.open(game_id, token_of(data.get("token")))
        await answer_takeback(hub, live, access, accept)
        return _state(live, access)

    @app.post("/api/games/{game_id}/join")
    async def join_game(game_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        code = token_of(data.get("code")) if data.get("code") is not None else None
        seat = int_field(data.get("seat"), "seat")
        if code is None and seat is None:
            raise refuse(422, "bad_field", "bad_field", field="code", why="invite code")
        # The invite code (or a listed game's open seat) is the credential: checked on the
        # stored row before the game is loaded, then again under the game's lock.
        summary = store.summary(game_id_of(game_id))
        if summary is None or not may_join(summary, code, seat):
            raise refuse(404, "no_invite", "no_invite")
        return await join(hub, await hub.get(summary.id), code, seat)

    @app.post("/api/games/{game_id}/invite")
    async def invite_seat(game_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        seat = int_field(data.get("seat"), "seat")
        live, access = await hub.open(game_id, token_of(data.get("token")))
        return await invite(hub, live, access, seat)

    @app.post("/api/games/{game_id}/seats")
    async def set_seat(game_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        seat = int_field(data.get("seat"), "seat")
        kind = choice_field(data, "kind", ("human", "ai"))
        live, access = await hub.open(game_id, token_of(data.get("token")))
        return await change_seat(hub, live, access, seat, kind, data.get("agent"))

    @app.post("/api/games/{game_id}/why")
    async def why(game_id: str, request: Request) -> dict[str, Any]:
        """Why a key is not a legal choice now (server/why.py): the deciding seat only."""
        from arbitre.server.why import why_not

        return await why_not(hub, game_id, await _body(request))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, token: str | None = None) -> dict[str, Any]:
        """The record holds the seed, i.e. every hidden card: only once the game is over,
        or for the hotseat table (its own save)."""
        live, access = await hub.open(game_id, token_of(token))
        if access.role != "admin" and live.match.decision() is not None:
            raise refuse(403, "not_allowed", "not_allowed", what="record")
        return live.match.record().to_json()

    @app.get("/api/games/{game_id}/board")
    async def board(game_id: str, token: str | None = None) -> dict[str, Any]:
        from arbitre.server.boards import board_of

        live, _access = await hub.open(game_id, token_of(token))
        return board_of(live.ruleset.id, live.ruleset, live.match.state)

    @app.delete("/api/games/{game_id}")
    async def delete(game_id: str, token: str | None = None) -> dict[str, Any]:
        live, access = await hub.open(game_id, token_of(token))
        if not access.manages:
            raise refuse(403, "not_allowed", "not_allowed", what="delete")
        async with live.lock:
            hub.forget(live)
            store.delete(live.id)
        for sub in list(live.subscribers):
            sub.push({"type": "deleted", "id": live.id})
        return {"deleted": live.id}

    @app.post("/api/replay")
    async def replay(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if not replays.allow(client_of(request)):
            raise refuse(429, "rate", "rate")
        result: dict[str, Any] = await hub.workers.process(client_of(request), replay_job, raw)
        return result

    @app.get("/api/rulesets/heresy/compendium")
    async def heresy_compendium(pack: str | None = None) -> dict[str, Any]:
        from arbitre.server.compendium import compendium_of

        found = compendium_of(pack[:64] if pack else None)
        if found is None:
            raise refuse(404, "no_pack", "no_pack")
        return found

    @app.get("/api/rules/{ruleset_id}")
    async def rules(ruleset_id: str, ids: str = "") -> dict[str, Any]:
        wanted = [i.strip()[:32] for i in ids[:2048].split(",") if i.strip()][:50]
        return {"rules": rule_texts(ruleset_id, wanted)}

    app.include_router(library_router(rate is not None))
    app.include_router(armies_router())  # the Epic army builder's lists (issue 16)
    app.include_router(social_router(hub))  # chat, resign, AI handover, rematch (issue 17)
    app.include_router(turns_router(hub))  # whose turn, push, mail, /sw.js, /games (issue 17)
    app.include_router(clock_router(hub))  # a game's clock, claiming on time (issue 17)
    install_clocks(hub, social_tell)  # a seat taken on timeout: the pages hear of it

    # --- live updates --------------------------------------------------------------------

    app.add_api_websocket_route("/ws/games/{game_id}", live_socket(hub, limiter, sockets))

    # --- pages ---------------------------------------------------------------------------

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html")

    @app.get("/game/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC_DIR / "game.html")

    @app.get("/compendium/heresy", include_in_schema=False)
    async def compendium_page() -> FileResponse:
        return FileResponse(STATIC_DIR / "compendium.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return FileResponse(STATIC_DIR / "replay.html")

    return app
