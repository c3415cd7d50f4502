"""The faces of Heresy's cards, Heroes and units, for the page (public catalog data).

`card_faces(content)` is what a card shows when a player opens it: its text, cost, attack
and shield values, requirement, counter cost, and where it comes from in words (rulebook
page, research source, or reconstructed by arbitre, with the fields arbitre designed).
The board payload carries it (`boards.py`), so a page can open any card a seat's view
names; which card is where is never here (HH-18.14, HH-26.6).

`compendium(pack)` is the whole content for the compendium page (`/compendium/heresy`,
GET /api/rulesets/heresy/compendium?pack=NAME): every card by deck, every Hero and unit;
a pack is named among the installed ones (engine.library), never by a path.
"""

from __future__ import annotations

import re
from typing import Any

from arbitre.engine.i18n import Msg, add_messages, translate
from arbitre.games.heresy import messages_page as _texts  # noqa: F401  (heresy.page.*)
from arbitre.games.heresy.content import Content
from arbitre.games.heresy.content.base import Named, Sourced
from arbitre.games.heresy.content.loader import DEFAULT_LABEL

Text = dict[str, str]
LANGS = ("fr", "en")
RULEBOOK = re.compile(r"^rulebook p\.?\s*(\d+)")
RESEARCH = re.compile(r"^research:(.+)$")

add_messages(
    {
        "server.error.no_pack": {
            "fr": "Aucun module de contenu de ce nom n'est installé sur ce serveur",
            "en": "No content pack of that name is installed on this server",
        }
    }
)


def _both(msg: Msg) -> Text:
    return {lang: translate(msg, lang) for lang in LANGS}


def _pair(fr: str | None, en: str | None) -> Text | None:
    if not fr and not en:
        return None
    return {"fr": fr or en or "", "en": en or fr or ""}


def _name(item: Named) -> Text:
    return {"fr": item.name("fr"), "en": item.name("en")}


def provenance(item: Sourced) -> Text:
    """`rulebook p.20` → "rulebook, page 20"; `research:KEY` → "research (source KEY)"."""
    value = item.provenance
    if m := RULEBOOK.match(value):
        return _both(Msg("heresy.page.prov.rulebook", {"page": m.group(1)}))
    if m := RESEARCH.match(value):
        return _both(Msg("heresy.page.prov.research", {"key": m.group(1)}))
    if value == "reconstructed":
        return _both(Msg("heresy.page.prov.reconstructed"))
    return {"fr": value, "en": value}


def _designed(fields: tuple[str, ...]) -> Text | None:
    """What arbitre designed where the sources are silent, as words."""
    if not fields:
        return None
    out: Text = {}
    for lang in LANGS:
        words = [
            translate(Msg(f"heresy.page.field.{f}"), lang)
            if translate(Msg(f"heresy.page.field.{f}"), lang) != f"heresy.page.field.{f}"
            else f
            for f in fields
        ]
        out[lang] = translate(Msg("heresy.page.designed", {"fields": ", ".join(words)}), lang)
    return out


def _requirement(content: Content, req: str | None) -> Text | None:
    if not req:
        return None
    unit = content.units.get(req)
    if unit is not None:
        return {
            lang: translate(Msg("heresy.page.req.unit", {"unit": unit.name(lang)}), lang)
            for lang in LANGS
        }
    return _both(Msg(f"heresy.page.req.{req}"))


def _name_ours(item: Any) -> bool:
    designed = getattr(item, "reconstructed", ())
    if isinstance(designed, tuple) and "name_fr" in designed:
        return True
    return bool(getattr(item, "name_fr_reconstructed", False))


def _common(item: Any, deck: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": item.id,
        "deck": deck,
        "name": _name(item),
        "name_ours": _name_ours(item),
        "provenance": provenance(item),
        "source": item.provenance.split(":", 1)[0].split(" ", 1)[0],
    }
    if item.copies is not None:
        out["copies"] = item.copies
    return out


def order_face(content: Content, card: Any) -> dict[str, Any]:
    out = _common(card, f"orders_{card.deck}")
    out.update(
        {
            "side": card.deck,
            "kind": card.kind,
            "cost": card.cost,
            "effect": _pair(card.effect_fr, card.effect_en),
            "strategic": _pair(card.strategic_fr, card.strategic_en),
            "designed": _designed(card.reconstructed),
        }
    )
    for key in ("iterations", "rank_limit", "starting", "reusable"):
        value = getattr(card, key)
        if value is not None:
            out[key] = value
    return out


def combat_face(content: Content, card: Any) -> dict[str, Any]:
    out = _common(card, f"{card.deck}_{card.side}")
    out.update(
        {
            "side": card.side,
            "hero": card.deck == "hero_combat",
            "attack": card.attack,
            "shields": card.shields,
            "counter": card.counter,
            "free": bool(card.free),
            "requirement": _requirement(content, card.requirement),
            "effect": _pair(card.effect_fr, card.effect_en),
            "designed": _designed(card.reconstructed),
        }
    )
    return out


def event_face(content: Content, card: Any) -> dict[str, Any]:
    out = _common(card, "events")
    out.update(
        {
            "pool": card.pool,
            "immediate": bool(card.immediate),
            "effect": _pair(card.effect_fr, card.effect_en),
            "designed": _both(Msg("heresy.page.effect_designed")) if card.reconstructed else None,
        }
    )
    return out


def _orbital(key: str, o: Any) -> Msg:
    if key == "saturation" and not o.damage and not o.breach:
        return Msg("heresy.page.bombard.none")
    breach = "heresy.page.bombard.breach" if o.breach else ""
    return Msg(f"heresy.page.bombard.{key}", {"n": o.damage, "breach": breach})


def bombard_face(content: Content, card: Any, n: int) -> dict[str, Any]:
    """A Bombardment card has no printed name: "Bombardment card n" (its place in the
    content), its four sections (HH-6.1) and its symbol (HH-5.6)."""
    effect: Text = {}
    for lang in LANGS:
        line = ", ".join(translate(Msg(f"heresy.page.bombard.{x}"), lang) for x in card.lasers)
        parts = [
            translate(_orbital("precise", card.precise), lang),
            translate(_orbital("saturation", card.saturation), lang),
            translate(Msg("heresy.page.bombard.thunderhawk", {"n": card.thunderhawk}), lang),
            translate(Msg("heresy.page.bombard.lasers", {"line": line}), lang),
        ]
        effect[lang] = " · ".join(parts)
    return {
        "id": card.id,
        "deck": "bombardment",
        "name": _both(Msg("heresy.page.bombard.name", {"n": n})),
        "name_ours": False,
        "provenance": provenance(card),
        "source": card.provenance.split(":", 1)[0].split(" ", 1)[0],
        "effect": effect,
        "symbol": _both(Msg(f"heresy.page.bombard.{card.symbol}")) if card.symbol else None,
    }


def card_faces(content: Content) -> dict[str, dict[str, Any]]:
    """Every card of the content by id (Order, Combat, Hero Combat, Event, Bombardment)."""
    out: dict[str, dict[str, Any]] = {}
    for order in content.orders:
        out[order.id] = order_face(content, order)
    for combat in content.combat:
        out[combat.id] = combat_face(content, combat)
    for event in content.events:
        out[event.id] = event_face(content, event)
    for n, bomb in enumerate(content.bombardment, start=1):
        out[bomb.id] = bombard_face(content, bomb, n)
    return out


def hero_face(content: Content, hero: Any) -> dict[str, Any]:
    legion = content.legions.get(hero.legion) if hero.legion else None
    return {
        "id": hero.id,
        "name": _name(hero),
        "side": hero.side,
        "move": hero.move,
        "legion": _name(legion) if legion is not None else None,
        "ability": _pair(hero.ability_fr, hero.ability_en),
        "designed": _both(Msg("heresy.page.ability_designed"))
        if hero.ability_reconstructed
        else None,
        "provenance": provenance(hero),
        "source": hero.provenance.split(":", 1)[0].split(" ", 1)[0],
    }


def unit_face(content: Content, unit: Any) -> dict[str, Any]:
    return {
        "id": unit.id,
        "name": _name(unit),
        "side": unit.side,
        "count": unit.count,
        "rank": unit.rank,
        "move": unit.move,
        "fast": unit.fast,
        "flying": unit.flying,
        "air_transport": unit.air_transport,
        "provenance": provenance(unit),
        "source": unit.provenance.split(":", 1)[0].split(" ", 1)[0],
    }


DECKS = (
    "orders_imperial",
    "orders_traitor",
    "combat_imperial",
    "combat_traitor",
    "hero_combat_imperial",
    "hero_combat_traitor",
    "events",
    "bombardment",
)


def compendium(content: Content, pack: str | None = None) -> dict[str, Any]:
    """Every card by deck, every Hero and unit; `replaced`: the parts a pack replaces."""
    faces = card_faces(content)
    decks: dict[str, list[dict[str, Any]]] = {d: [] for d in DECKS}
    for face in faces.values():
        decks.setdefault(face["deck"], []).append(face)
    replaced = sorted(
        part
        for part, origin in content.origins.items()
        if pack and not origin.startswith(DEFAULT_LABEL)
    )
    return {
        "ruleset": "heresy",
        "pack": pack,
        "replaced": replaced if pack else [],
        "decks": [{"id": d, "cards": cards} for d, cards in decks.items() if cards],
        "heroes": [hero_face(content, h) for h in content.heroes],
        "units": [unit_face(content, u) for u in content.units],
    }


def compendium_of(pack: str | None) -> dict[str, Any] | None:
    """The compendium of the default content, or of the installed pack named `pack`;
    None when no pack of that name is installed (a name only: never a path)."""
    from arbitre.engine import library
    from arbitre.games.heresy.config import content_of

    if pack and library.entry(library.HERESY_CONTENT, pack) is None:
        return None
    content = content_of(pack or None)
    # built once per loaded content (~9 ms: too much for the event loop on every request);
    # the content object is kept in the key's value, so its id cannot be reused meanwhile
    key = (pack or "", id(content))
    hit = _BUILT.get(key)
    if hit is None or hit[0] is not content:
        hit = (content, compendium(content, pack) if pack else compendium(content))
        _BUILT[key] = hit
    return hit[1]


_BUILT: dict[tuple[str, int], tuple[Any, dict[str, Any]]] = {}
