"""The library over HTTP: resources players save by name (docs/web.md, "The library").

    POST   /api/library/author          a new author token (kept by the page)
    GET    /api/library/{kind}          the entries, names by language, `mine`
    GET    /api/library/{kind}/{name}   one entry: its TOML text and data (TOML as JSON)
    POST   /api/library/{kind}/check    {"text": "<toml>"}: validated, not saved
    PUT    /api/library/{kind}/{name}   {"text": "<toml>"}: 201 new, 200 replaced
    DELETE /api/library/{kind}/{name}   the author's own entry
    GET    /editor/{which}              the page static/<which>_editor.html

The author token travels in the `X-Author-Token` header; only its hash is stored
(`engine.library_saved`). Kinds are `library.WRITABLE`; any other is a 404. Names are
`library.NAME`, never a path. Every refusal is a 4xx naming the field (`error.field`) and,
for a resource the game refuses, the rule; nothing is written. Saving and reading run in the
server's worker threads (parsing, fsync).
"""

from __future__ import annotations

import re
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse

from arbitre.engine import library, library_saved
from arbitre.engine.i18n import Msg, add_messages
from arbitre.engine.library_saved import Refused
from arbitre.server.errors import ApiError, refuse
from arbitre.server.inputs import parse_object, token_of
from arbitre.server.limits import (
    AUTHORS_BURST,
    AUTHORS_PER_MINUTE,
    LIBRARY_SAVES_BURST,
    LIBRARY_SAVES_PER_MINUTE,
    RateLimiter,
)

HEADER = "x-author-token"
PAGE = re.compile(r"[a-z]+(-[a-z]+)?")  # "champs", "epic-table" (→ epic_table_editor.html)


class LibraryRefusal(ApiError):
    """A refused library request: the status, code and bilingual text of `Refused`, with
    the field at fault (`error.field`) for the page to show it there."""

    def __init__(self, status: int, code: str, msg: Msg, field: str | None = None) -> None:
        super().__init__(status, code, msg)
        self.field = field

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out["error"]["field"] = self.field
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        msg = Msg(self.msg.key, dict(self.msg.args), self.msg.rule)
        return (LibraryRefusal, (self.status, self.code, msg, self.field))


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


def _kind(kind: str) -> str:
    if kind not in library.WRITABLE:
        raise refuse(404, "no_kind", "library_kind", kind=kind[:40])
    return kind


def _name(name: str) -> str:
    if not library.NAME.fullmatch(name):
        raise LibraryRefusal(422, "bad_name", Msg("library.bad_name", {"name": name[:60]}), "name")
    return name


def _owner(request: Request, *, required: bool) -> str | None:
    """The hash of the author token sent, if the server issued it; 401/403 otherwise."""
    token = token_of(request.headers.get(HEADER))
    if token is None:
        if required:
            raise refuse(401, "no_author", "library_no_author")
        return None
    if not library_saved.is_author(token):
        if required:
            raise refuse(403, "bad_author", "library_bad_author")
        return None
    return library_saved.owner_of(token)


def _run(fn: Any, *args: Any) -> Any:
    """`fn(*args)`, a `Refused` turned into the API's refusal."""
    try:
        return fn(*args)
    except Refused as exc:
        raise LibraryRefusal(exc.status, exc.code, exc.msg, exc.field) from None


def _listing(kind: str, owner: str | None) -> dict[str, Any]:
    return {
        "kind": kind,
        "entries": [library_saved.describe(e, owner) for e in library.entries(kind)],
    }


def _one(kind: str, name: str, owner: str | None) -> dict[str, Any]:
    text = library_saved.text_of(kind, name)
    found = next((e for e in library.entries(kind) if e.name == name), None)
    if text is None or found is None:
        raise LibraryRefusal(404, "no_entry", Msg("library.no_entry", {"name": name}), "name")
    return {
        **library_saved.describe(found, owner),
        "text": text,
        "data": library_saved.data_of(text),
    }


def _check(kind: str, text: Any) -> dict[str, Any]:
    labels, data = _run(library_saved.check, kind, text)
    return {"label": labels, "data": data}


def _save(kind: str, name: str, text: Any, owner: str) -> tuple[dict[str, Any], bool]:
    found, created = _run(library_saved.save, kind, name, text, owner)
    return library_saved.describe(found, owner), created


def library_router(limited: bool = True) -> APIRouter:
    """The routes above; `limited=False` (`--rate 0`) lifts the per-address limits."""
    from arbitre.web import STATIC_DIR

    router = APIRouter()
    saves = RateLimiter(LIBRARY_SAVES_PER_MINUTE / 60 if limited else None, LIBRARY_SAVES_BURST)
    authors = RateLimiter(AUTHORS_PER_MINUTE / 60 if limited else None, AUTHORS_BURST)

    def workers(request: Request) -> Any:
        return request.app.state.hub.workers

    @router.post("/api/library/author", status_code=201)
    async def new_author(request: Request) -> dict[str, Any]:
        if not authors.allow(_client(request)):
            raise refuse(429, "rate", "rate")
        token = await workers(request).thread(_run, library_saved.new_author)
        return {"token": token}

    @router.get("/api/library/{kind}")
    async def listing(kind: str, request: Request) -> dict[str, Any]:
        owner = _owner(request, required=False)
        result: dict[str, Any] = await workers(request).thread(_listing, _kind(kind), owner)
        return result

    @router.get("/api/library/{kind}/{name}")
    async def one(kind: str, name: str, request: Request) -> dict[str, Any]:
        owner = _owner(request, required=False)
        found: dict[str, Any] = await workers(request).thread(_one, _kind(kind), _name(name), owner)
        return found

    @router.post("/api/library/{kind}/check")
    async def check(kind: str, request: Request) -> dict[str, Any]:
        """Validate a text without saving it (an editor checks as the author types)."""
        kind = _kind(kind)
        data = parse_object(await request.body())
        found: dict[str, Any] = await workers(request).thread(_check, kind, data.get("text"))
        return found

    @router.put("/api/library/{kind}/{name}")
    async def save(kind: str, name: str, request: Request) -> JSONResponse:
        kind, name = _kind(kind), _name(name)
        owner = _owner(request, required=True)
        assert owner is not None
        data = parse_object(await request.body())
        text = data.get("text")
        if not isinstance(text, str):
            raise LibraryRefusal(
                422,
                "bad_field",
                Msg("server.error.bad_field", {"field": "text", "why": "TOML"}),
                "text",
            )
        if not saves.allow(_client(request)):
            raise refuse(429, "rate", "rate")
        answer, created = await workers(request).thread(_save, kind, name, text, owner)
        return JSONResponse(answer, status_code=201 if created else 200)

    @router.delete("/api/library/{kind}/{name}")
    async def remove(kind: str, name: str, request: Request) -> dict[str, Any]:
        kind, name = _kind(kind), _name(name)
        owner = _owner(request, required=True)
        if not saves.allow(_client(request)):
            raise refuse(429, "rate", "rate")
        await workers(request).thread(_run, library_saved.delete, kind, name, owner)
        return {"deleted": name}

    @router.get("/editor/{which}", include_in_schema=False)
    async def editor_page(which: str) -> FileResponse:
        name = which.replace("-", "_") if len(which) <= 20 and PAGE.fullmatch(which) else None
        page = STATIC_DIR / f"{name}_editor.html" if name else None
        if page is None or not page.is_file():
            raise refuse(404, "no_route", "no_route", path=f"/editor/{which[:20]}", method="GET")
        return FileResponse(page)

    return router


add_messages(
    {
        "server.error.library_kind": {
            "fr": "Aucune bibliothèque pour « { $kind } »",
            "en": "No library for '{ $kind }'",
        },
        "server.error.library_no_author": {
            "fr": "Il faut un jeton d'auteur (en-tête X-Author-Token) : demandez-en un à "
            "POST /api/library/author",
            "en": "An author token is needed (header X-Author-Token): ask POST "
            "/api/library/author for one",
        },
        "server.error.library_bad_author": {
            "fr": "Ce jeton d'auteur n'a pas été délivré par ce serveur",
            "en": "This author token was not issued by this server",
        },
    }
)
