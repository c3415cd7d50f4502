"""The Epic army lists for the army builder (`/editor/epic-army`; docs/web.md, "Epic army
lists"; issue 16).

    GET  /api/epic/armies            the lists: names, organisation, ready-made levels
    GET  /api/epic/armies/{list}     one list: every card (kind, names, points, break
                                     points, morale, limit, detachments, Bound Characters,
                                     options with points), each unit's short profile
                                     (move, save, FA, weapons, abilities by name and rule),
                                     the ready-made armies with their cards
    POST /api/epic/armies/check      {"text": "<army TOML or JSON>"}: the army read back,
                                     its points and EVERY problem with its card and rule

Names come as {fr, en} (the page picks its language). The lists are public game data,
read once per process (`army_lists` is cached; each answer is encoded once). The only
client inputs are a list id, looked up among the lists (never a path), and an army text
(at most 64 KiB, parsed by `parse_army` in a worker thread: the server is the authority
on what is legal, the page only shows it). The library (server/library_api.py) saves
armies; its validator refuses an illegal one, this check says everything that is wrong.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from arbitre.engine.i18n import Msg, add_messages
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.profiles import Save, UnitProfile, Weapon
from arbitre.server.errors import both, refuse
from arbitre.server.inputs import parse_object
from arbitre.server.library_api import LibraryRefusal

Text = dict[str, str]
JSON = "application/json"
MAX_ID = 48  # an army list id (the parser's identifiers)


def _pair(fr: str, en: str) -> Text:
    return {"fr": fr, "en": en}


def save_text(save: Save) -> str | None:
    """`4+`, `6+f`, `4+/6+f`, `-` (none); None for a location sheet (EPC-1)."""
    if save.sheet:
        return None
    parts = []
    if save.armour is not None:
        parts.append(f"{save.armour}+")
    if save.fixed is not None:
        parts.append(f"{save.fixed}+f")
    return "/".join(parts) or "-"


def _ability(aid: str, param: int | None) -> dict[str, Any]:
    known = CATALOG.abilities.get(aid)
    name = _pair(known.name_fr, known.name_en) if known else _pair(aid, aid)
    return {"id": aid, "name": name, "param": param, "rule": known.rule if known else None}


def _weapon(w: Weapon) -> dict[str, Any]:
    return {
        "name": _pair(w.name_fr, w.name_en),
        "range": w.range,
        "dice": w.dice,
        "to_hit": w.to_hit,
        "pa": w.pa,
        "arc": w.arc,
        "notes": [_ability(a, p) for a, p in w.notes],
    }


def unit_profile(u: UnitProfile) -> dict[str, Any]:
    """A unit's short profile (EPC-1): what a player compares cards by."""
    return {
        "id": u.id,
        "name": _pair(u.name_fr, u.name_en),
        "type": "flyer" if u.is_flyer else u.type,
        "cls": u.cls,
        "move": u.move,
        "save": save_text(u.save),
        "sheet": u.save.sheet,
        "fa": u.fa,
        "wounds": u.wounds,
        "weapons": [_weapon(w) for w in u.weapons],
        "abilities": [_ability(a, p) for a, p in u.abilities if a != "flyer"],
        "powers": [
            {
                "name": _pair(p.name_fr, p.name_en),
                "range": p.range,
                "dice": p.dice,
                "to_hit": p.to_hit,
                "pa": p.pa,
            }
            for p in u.powers
        ],
        "reconstructed": u.source == "reconstructed",
    }


def _groups(groups: Any) -> list[dict[str, Any]]:
    return [{"unit": g.unit, "stands": g.stands, "count": g.count} for g in groups]


def _army_cards(cards: Any) -> list[dict[str, Any]]:
    return [
        {"card": c.card, "options": list(c.options), "attach": c.attach, "detachment": c.detachment}
        for c in cards
    ]


def list_payload(list_id: str) -> dict[str, Any]:
    """One army list as the builder shows it (every name by language)."""
    from arbitre.games.epic.armies import army_lists

    lst = army_lists()[list_id]
    units: set[str] = set()
    cards = []
    for card in lst.cards.values():
        options = []
        for o in card.options.values():
            units.update(g.unit for g in o.detachments)
            units.update(o.characters)
            options.append(
                {
                    "id": o.id,
                    "name": _pair(o.name_fr, o.name_en),
                    "points": o.points,
                    "detachments": _groups(o.detachments),
                    "characters": list(o.characters),
                }
            )
        units.update(g.unit for g in card.detachments)
        units.update(card.characters)
        cards.append(
            {
                "id": card.id,
                "name": _pair(card.name_fr, card.name_en),
                "kind": card.kind,
                "points": card.points,
                "break_points": card.break_points,
                "morale": card.morale,
                "limit": card.limit,
                "character": card.is_character,
                "detachments": _groups(card.detachments),
                "characters": list(card.characters),
                "options": options,
                "source": card.source,
                "reconstructed": list(card.reconstructed),
            }
        )
    org = lst.organisation
    return {
        "id": lst.id,
        "name": _pair(lst.name_fr, lst.name_en),
        "source": lst.source,
        "organisation": {
            "min_companies": org.min_companies,
            "supports_per_company": org.supports_per_company,
            "specials_per_company": org.specials_per_company,
        },
        "cards": cards,
        "units": {uid: unit_profile(CATALOG.units[uid]) for uid in sorted(units)},
        "ready_made": [
            {
                "points": r.points,
                "name": _pair(r.label("fr"), r.label("en")),
                "cards": _army_cards(r.cards),
            }
            for r in sorted(lst.ready_made, key=lambda r: r.points)
        ],
    }


def lists_payload() -> dict[str, Any]:
    """Every list in short: id, names, organisation and ready-made levels."""
    from arbitre.games.epic.armies import army_lists

    out = []
    for lst in army_lists().values():
        full = list_payload(lst.id)
        out.append(
            {
                "id": lst.id,
                "name": full["name"],
                "organisation": full["organisation"],
                "cards": len(full["cards"]),
                "ready_made": [
                    {"points": r["points"], "name": r["name"]} for r in full["ready_made"]
                ],
            }
        )
    return {"lists": out}


@functools.cache
def _encoded(list_id: str | None) -> bytes:
    """The answer's JSON, encoded once per process (the lists never change while it runs)."""
    data = lists_payload() if list_id is None else list_payload(list_id)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def known_list(list_id: str) -> str:
    """A list id the server has; 404 naming it otherwise (never a path, never echoed long)."""
    from arbitre.games.epic.armies import army_lists

    if len(list_id) > MAX_ID or list_id not in army_lists():
        raise refuse(404, "no_army_list", "no_army_list", list=list_id[:MAX_ID])
    return list_id


def _one(list_id: str) -> bytes:
    return _encoded(known_list(list_id))


def check_text(text: Any) -> dict[str, Any]:
    """The army of `text` read back (the page fills its form from it), its points and
    every problem (EPC-29, EPA-1..7, EP-10.x), each with its card and rule; a text that
    does not read as an army is a 422 naming the field (ArmyError)."""
    from arbitre.games.epic.armies import ArmyError, parse_army, points, problems
    from arbitre.games.epic.armies.model import MAX_TEXT

    if not isinstance(text, str):
        msg = Msg("server.error.bad_field", {"field": "text", "why": "TOML"})
        raise LibraryRefusal(422, "bad_field", msg, "text")
    if len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT:
        raise LibraryRefusal(413, "too_large", Msg("library.too_large", {"most": MAX_TEXT}), "text")
    try:
        army = parse_army(text)
        found = problems(army)
        total = points(army)
    except ArmyError as exc:
        field = exc.msg.args.get("field")
        raise LibraryRefusal(
            422, "invalid", exc.msg, field if isinstance(field, str) else "text"
        ) from None
    return {
        "army": {
            "list": army.list_id,
            "name": army.name,
            "points": army.points,
            "cards": _army_cards(army.cards),
        },
        "points": total,
        "limit": army.points,
        "legal": not found,
        "problems": [
            {"card": p.card, "card_id": p.card_id, "rule": p.rule, "text": both(p.msg)}
            for p in found
        ],
    }


def armies_router() -> APIRouter:
    """The routes above (the check runs in the server's worker threads)."""
    router = APIRouter()

    @router.get("/api/epic/armies")
    async def lists(request: Request) -> Response:
        body = await request.app.state.hub.workers.thread(_encoded, None)
        return Response(body, media_type=JSON)

    @router.get("/api/epic/armies/{list_id}")
    async def one(list_id: str, request: Request) -> Response:
        body = await request.app.state.hub.workers.thread(_one, list_id[: MAX_ID + 1])
        return Response(body, media_type=JSON)

    @router.post("/api/epic/armies/check")
    async def check(request: Request) -> dict[str, Any]:
        data = parse_object(await request.body())
        found: dict[str, Any] = await request.app.state.hub.workers.thread(
            check_text, data.get("text")
        )
        return found

    return router


add_messages(
    {
        "server.error.no_army_list": {
            "fr": "Aucune liste d'armée Epic « { $list } » sur ce serveur",
            "en": "No Epic army list '{ $list }' on this server",
        },
    }
)
