"""The HTTP side of turn-based play (issue 17; docs/web.md, Turn-based play and
notifications): whose turn since when, Web Push and e-mail subscriptions, the service
worker and the "my games" page.

- `GET /api/games/{id}/turn?token=`: whose turn, since when, the pace, the game's name,
  and what this seat subscribed (`push`: how many browsers; `mail`: an address or not).
- `GET /api/push/key`: the server's VAPID public key (made once, kept in the database).
- `POST /api/games/{id}/push` `{token, subscription: {endpoint, keys: {p256dh, auth}},
  lang}`: a seat's browser asks to be told; `DELETE` the same path `{token, endpoint?}`.
- `POST /api/games/{id}/mail` `{token, address, lang}` (only where the operator set up
  SMTP); `DELETE` `{token}`; `GET /mail/stop/{code}`: the stop link of each mail.
- `GET /sw.js`: the service worker, at the root scope; `GET /games`: "my games".

Only a seat's own token subscribes that seat (an online game's seat: the hotseat table
is one screen). Every value is checked before anything is stored (server/push.py,
server/mail.py); the endpoint's name is resolved in a worker thread.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse

from arbitre.engine.i18n import Msg, translate
from arbitre.server import notify_store, push
from arbitre.server.errors import refuse
from arbitre.server.inputs import choice_field, game_id_of, parse_object, token_of
from arbitre.server.live import Access, access_for
from arbitre.server.mail import address_of
from arbitre.server.store import GameSummary
from arbitre.server.turns import notifier, turn_now

if TYPE_CHECKING:
    from arbitre.server.hub import Hub

LANGS = ("fr", "en")
STOP_CODE_LIMIT = 64


def _lang(data: dict[str, Any]) -> str:
    return "fr" if data.get("lang") is None else choice_field(data, "lang", LANGS)


def turns_router(hub: Hub) -> APIRouter:
    from arbitre.web import STATIC_DIR

    store = hub.store
    router = APIRouter()

    async def _seat(game_id: str, raw_token: Any, what: str) -> tuple[GameSummary, Access]:
        """The stored game and the seat `raw_token` holds in it (one row read, no replay)."""
        game_id = game_id_of(game_id)
        token = token_of(raw_token)
        summary = await hub.workers.thread(store.summary, game_id)
        if summary is None:
            raise refuse(404, "no_game", "no_game", id=game_id)
        access = access_for(summary, token)
        if access is None:
            raise refuse(403, "bad_token", "bad_token")
        if access.role != "seat" or access.seat is None or summary.mode != "online":
            raise refuse(403, "not_allowed", "not_allowed", what=what)
        return summary, access

    @router.get("/api/games/{game_id}/turn")
    async def turn(game_id: str, token: str | None = None) -> dict[str, Any]:
        live, access = await hub.open(game_id, token_of(token))
        out = await hub.workers.thread(turn_now, store, live)
        out["you"] = access.seat if access.role == "seat" else None
        out["push_ready"] = push.available()
        out["mail_ready"] = notifier(store).settings.smtp is not None
        out["push"], out["mail"] = 0, False
        if access.role == "seat" and access.seat is not None:
            seat = access.seat
            subs = await hub.workers.thread(notify_store.pushes_of, store, live.id, seat)
            out["push"] = len(subs)
            out["mail"] = await hub.workers.thread(notify_store.has_mail, store, live.id, seat)
        return out

    @router.get("/api/push/key")
    async def push_key() -> dict[str, Any]:
        if not push.available():
            raise refuse(503, "push_off", "push_off")
        return {"key": await hub.workers.thread(push.public_key, store)}

    @router.post("/api/games/{game_id}/push", status_code=201)
    async def subscribe(game_id: str, request: Request) -> dict[str, Any]:
        data = parse_object(await request.body())
        summary, access = await _seat(game_id, data.get("token"), "push")
        if not push.available():
            raise refuse(503, "push_off", "push_off")
        sub = push.subscription_of(data.get("subscription"))
        lang = _lang(data)
        allow = notifier(store).settings.push_allow
        await hub.workers.thread(push.check_endpoint, sub["endpoint"], allow)
        assert access.seat is not None
        keys = sub["keys"]
        added = await hub.workers.thread(
            notify_store.add_push,
            store,
            summary.id,
            access.seat,
            sub["endpoint"],
            keys["p256dh"],
            keys["auth"],
            lang,
        )
        if not added:
            raise refuse(409, "push_full", "push_full", limit=notify_store.MAX_PUSH_PER_SEAT)
        return {"push": True}

    @router.delete("/api/games/{game_id}/push")
    async def unsubscribe(game_id: str, request: Request) -> dict[str, Any]:
        data = parse_object(await request.body())
        summary, access = await _seat(game_id, data.get("token"), "push")
        endpoint = data.get("endpoint")
        if endpoint is not None and (not isinstance(endpoint, str) or len(endpoint) > 1024):
            raise refuse(422, "bad_field", "bad_field", field="endpoint", why="the URL given")
        assert access.seat is not None
        removed = await hub.workers.thread(
            notify_store.remove_push, store, summary.id, access.seat, endpoint
        )
        return {"removed": removed}

    @router.post("/api/games/{game_id}/mail", status_code=201)
    async def mail_on(game_id: str, request: Request) -> dict[str, Any]:
        data = parse_object(await request.body())
        summary, access = await _seat(game_id, data.get("token"), "mail")
        if notifier(store).settings.smtp is None:
            raise refuse(503, "mail_off", "mail_off")
        address = address_of(data.get("address"))
        lang = _lang(data)
        # the link in each mail points to the site the person uses (scheme, host, port)
        origin = f"{request.url.scheme}://{request.url.netloc}"[:200]
        assert access.seat is not None
        await hub.workers.thread(
            notify_store.set_mail, store, summary.id, access.seat, address, lang, origin
        )
        return {"mail": True}

    @router.delete("/api/games/{game_id}/mail")
    async def mail_off(game_id: str, request: Request) -> dict[str, Any]:
        data = parse_object(await request.body())
        summary, access = await _seat(game_id, data.get("token"), "mail")
        assert access.seat is not None
        gone = await hub.workers.thread(notify_store.remove_mail, store, summary.id, access.seat)
        return {"removed": gone}

    @router.get("/mail/stop/{code}", include_in_schema=False)
    async def mail_stop(code: str) -> HTMLResponse:
        ok = (
            0 < len(code) <= STOP_CODE_LIMIT
            and code.replace("-", "").replace("_", "").isalnum()
            and code.isascii()
            and await hub.workers.thread(notify_store.stop_mail, store, code)
        )
        key = "turns.mail.stopped" if ok else "turns.mail.stop_unknown"
        lines = "".join(
            f'<p lang="{lang}">{html.escape(translate(Msg(key), lang))}</p>' for lang in LANGS
        )
        page = (
            '<!doctype html><html lang="fr"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>arbitre</title><link rel="stylesheet" href="/static/app.css"></head>'
            f'<body><main class="panel">{lines}<p><a href="/games">arbitre</a></p></main>'
            "</body></html>"
        )
        return HTMLResponse(page, status_code=200 if ok else 404)

    @router.get("/sw.js", include_in_schema=False)
    async def service_worker() -> FileResponse:
        # at the root, so that its scope is the whole site; never kept stale by a cache
        return FileResponse(
            STATIC_DIR / "js" / "sw.js",
            media_type="text/javascript",
            headers={"cache-control": "no-cache"},
        )

    @router.get("/games", include_in_schema=False)
    async def games_page() -> FileResponse:
        return FileResponse(STATIC_DIR / "games.html")

    return router
