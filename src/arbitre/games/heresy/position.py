"""Start from any situation (docs/positions.md): a JSON position replaces the scenario's.
Every error names the field at fault."""

from __future__ import annotations

from typing import Any

import arbitre.games.heresy.messages_position  # noqa: F401  (registers the refusals)
from arbitre.engine.i18n import Msg, translate
from arbitre.engine.ruleset import ConfigError
from arbitre.games.heresy.state import ACTIVE, ROUT, SEATS, HeresyState

_FIELDS = {
    "track",
    "units",
    "heroes",
    "hero_damage",
    "lasers",
    "activation",
    "hands",
    "decks",
    "discards",
    "card_reserve",
    "reserve",
    "piles",
    "events",
    "triggered",
    "combat",
    "breaches",
    "fortifications",
    "bombardment",
    "impassable",
    "tokens",
}


def _bad(where: str, what: str, rule: str | None = None, **args: Any) -> ConfigError:
    """A refusal naming the field `position.<where>`, in both languages (the exception's
    own text is the English one, for programs and logs)."""
    shown = {k: str(v)[:60] if k in ("got", "a", "b") else v for k, v in args.items()}
    field = "position" + (f".{where}" if where else "")
    msg = Msg(f"heresy.position.{what}", {"field": field, **shown}, rule)
    return ConfigError(translate(msg, "en"), msg)


def _seat(value: Any, where: str) -> int:
    if value in SEATS:
        return SEATS.index(value)
    raise _bad(where, "seat", got=value)


def _zone(s: HeresyState, value: Any, where: str) -> str:
    if value not in s.content.zones:
        raise _bad(where, "zone", got=value)
    return str(value)


def _cards(s: HeresyState, value: Any, where: str, seen: set[str]) -> list[str]:
    if not isinstance(value, list):
        raise _bad(where, "orders")
    out = []
    for i, card in enumerate(value):
        if not isinstance(card, str) or card.partition("#")[0] not in s.content.orders:
            raise _bad(f"{where}[{i}]", "order", got=card)
        if card in seen:
            raise _bad(f"{where}[{i}]", "elsewhere", got=card)
        seen.add(card)
        out.append(card)
    return out


def _per_seat(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(where, "per_seat")
    for k in value:
        _seat(k, f"{where}.{k}")
    return value


def apply_position(s: HeresyState, pos: Any) -> None:
    if not isinstance(pos, dict):
        raise _bad("", "object")
    for key in pos:
        if key not in _FIELDS:
            raise _bad(key, "unknown_field", known=", ".join(sorted(_FIELDS)))
    _track(s, pos.get("track", {}))
    if "triggered" in pos:
        t = pos["triggered"]
        if not isinstance(t, list) or not all(isinstance(n, int) for n in t):
            raise _bad("triggered", "spaces")
        s.triggered = set(t)
    if "units" in pos:
        _units(s, pos["units"])
    if "heroes" in pos:  # every Hero not listed is in its owner's reserve
        s.heroes = {h.id: "" for h in s.content.heroes}
        for h, z in _per_object(pos["heroes"], "heroes").items():
            if h not in s.content.heroes:
                raise _bad(f"heroes.{h}", "hero")
            s.heroes[h] = "" if z in (None, "", "reserve") else _zone(s, z, f"heroes.{h}")
    for h, n in _per_object(pos.get("hero_damage", {}), "hero_damage").items():
        if h not in s.content.heroes or not isinstance(n, int) or n < 0:
            raise _bad(f"hero_damage.{h}", "hero_damage")
        s.hero_damage[h] = n
    if "lasers" in pos:
        s.lasers = {
            _zone(s, z, f"lasers.{z}"): int(n)
            for z, n in _per_object(pos["lasers"], "lasers").items()
        }
    if "activation" in pos:
        for who, marks in _per_seat(pos["activation"], "activation").items():
            seat = _seat(who, "activation")
            s.marks[seat] = {}
            for z, side in _per_object(marks, f"activation.{who}").items():
                if side not in ("activation", "rout"):
                    raise _bad(f"activation.{who}.{z}", "activation")
                s.marks[seat][_zone(s, z, f"activation.{who}.{z}")] = (
                    ACTIVE if side == "activation" else ROUT
                )
    if "reserve" in pos:
        for who, units in _per_seat(pos["reserve"], "reserve").items():
            seat = _seat(who, "reserve")
            s.reserve[seat] = {}
            for t, n in _per_object(units, f"reserve.{who}").items():
                if t not in s.content.units or not isinstance(n, int) or n < 0:
                    raise _bad(f"reserve.{who}.{t}", "reserve")
                if n:
                    s.reserve[seat][t] = n
    _order_cards(s, pos)
    _combat_cards(s, pos.get("combat", {}))
    _fortifications(s, pos)
    if "bombardment" in pos:
        _bombardment(s, pos["bombardment"])
    _scenario_rules(s, pos)
    if "events" in pos:
        ev = pos["events"]
        if not isinstance(ev, list) or any(e not in s.content.events for e in ev):
            raise _bad("events", "events")
        s.events = [(1, e) for e in ev]


def _scenario_rules(s: HeresyState, pos: dict[str, Any]) -> None:
    """`impassable`: zones that no longer exist for the game (Holy Terra Asunder; they
    must hold nothing); `tokens`: special tokens left per seat (Fortune Favors the Bold)."""
    if "impassable" in pos:
        zones = pos["impassable"]
        if not isinstance(zones, list):
            raise _bad("impassable", "zones")
        for i, z in enumerate(zones):
            _zone(s, z, f"impassable[{i}]")
            if s.units.get(z) or z in s.heroes.values() or s.lasers.get(z):
                raise _bad(f"impassable[{i}]", "holds_pieces", got=z)
        s.impassable = frozenset(zones)
    if "tokens" in pos:
        for who, n in _per_seat(pos["tokens"], "tokens").items():
            if not isinstance(n, int) or n < 0:
                raise _bad(f"tokens.{who}", "count")
            s.tokens[_seat(who, "tokens")] = n


def _per_object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _bad(where, "object")
    return value


def _track(s: HeresyState, track: Any) -> None:
    track = _per_object(track, "track")
    last = max(t.n for t in s.content.tracks.initiative.space)
    for who in ("imperium", "traitor"):
        if who in track:
            n = track[who]
            if not isinstance(n, int) or not 1 <= n <= last:
                raise _bad(f"track.{who}", "space", last=last)
            s.pos[SEATS.index(who)] = n
    if "top" in track:
        s.top = _seat(track["top"], "track.top")
    for k in track:
        if k not in ("imperium", "traitor", "top"):
            raise _bad(f"track.{k}", "unknown_field", known="imperium, traitor, top")


def _units(s: HeresyState, units: Any) -> None:
    if not isinstance(units, list):
        raise _bad("units", "units")
    s.units = {}
    s.units_changes += 1  # every list replaced, not through own_units (HeresyState.units_changes)
    for i, item in enumerate(units):
        where = f"units[{i}]"
        item = _per_object(item, where)
        zone = _zone(s, item.get("zone"), f"{where}.zone")
        t = item.get("type")
        if not isinstance(t, str) or t not in s.content.units:
            raise _bad(f"{where}.type", "unit_type", got=t)
        seat = _seat(
            item.get("side", s.content.units[t].side.replace("imperial", "imperium")),
            f"{where}.side",
        )
        count, damage = item.get("count", 1), item.get("damage", 0)
        if not isinstance(count, int) or count < 1:
            raise _bad(f"{where}.count", "positive")
        rank = s.content.units[t].rank
        if not isinstance(damage, int) or not 0 <= damage < rank:
            raise _bad(f"{where}.damage", "damage", "HH-30.14", most=rank - 1, rank=rank)
        tag = item.get("tag", "")
        if not isinstance(tag, str) or not _tag_fits(s, t, tag):
            raise _bad(f"{where}.tag", "tag", got=tag)
        s.own_units(zone).extend([(seat, t, tag, damage)] * count)


def _tag_fits(s: HeresyState, unit_type: str, tag: str) -> bool:
    """No tag, a legion indicator of that unit type, or the colour of a Chaos figure."""
    if not tag:
        return True
    legion = s.content.legions.get(tag)
    if legion is not None:
        return legion.unit == unit_type
    return tag in s.content.powers and s.content.units[unit_type].per_power > 0


def _order_cards(s: HeresyState, pos: dict[str, Any]) -> None:
    fields = ("hands", "decks", "discards", "card_reserve", "piles")
    if not any(f in pos for f in fields):
        return
    seen: set[str] = set()
    for f in ("hands", "decks", "discards", "card_reserve"):
        target = getattr(s, f)
        for seat in (0, 1):
            target[seat] = []
        for who, cards in _per_seat(pos.get(f, {}), f).items():
            target[_seat(who, f)] = _cards(s, cards, f"{f}.{who}", seen)
    s.piles = {sec.id: [] for sec in s.content.sectors}
    for sector, pile in _per_object(pos.get("piles", {}), "piles").items():
        if sector not in s.piles:
            raise _bad(f"piles.{sector}", "sector")
        if not isinstance(pile, list):
            raise _bad(f"piles.{sector}", "pile")
        for i, entry in enumerate(pile):
            where = f"piles.{sector}[{i}]"
            entry = _per_object(entry, where)
            card = _cards(s, [entry.get("card")], where + ".card", seen)[0]
            owner = _seat(entry.get("owner"), where + ".owner")
            s.piles[sector].append((card, owner, bool(entry.get("fresh", False))))


_COMBAT_PARTS = ("hands", "decks", "discards", "hero_decks", "hero_discards")


def _combat_cards(s: HeresyState, combat: Any) -> None:
    """Combat and Hero Combat cards per seat; a position lists them all: every part it
    leaves out is empty (so a position without `combat` has no Combat cards at all)."""
    combat = _per_object(combat, "combat")
    seen: set[str] = set()
    for part in combat:
        if part not in _COMBAT_PARTS:
            raise _bad(f"combat.{part}", "unknown_field", known=", ".join(_COMBAT_PARTS))
    for part in _COMBAT_PARTS:
        target = getattr(s, "combat_" + part if not part.startswith("hero") else part)
        for seat in (0, 1):
            target[seat] = []
        for who, cards in _per_seat(combat.get(part, {}), f"combat.{part}").items():
            out = []
            for i, card in enumerate(cards if isinstance(cards, list) else [None]):
                where = f"combat.{part}.{who}[{i}]"
                if not isinstance(card, str) or card.partition("#")[0] not in s.content.combat:
                    raise _bad(where, "combat", got=card)
                if card in seen:
                    raise _bad(where, "elsewhere", got=card)
                seen.add(card)
                out.append(card)
            target[_seat(who, f"combat.{part}")] = out


def _fortifications(s: HeresyState, pos: dict[str, Any]) -> None:
    """`breaches`: [[zone, adjacent zone], …] (HH-33.15); `fortifications`: zones holding
    a fortification marker (HH-33.3)."""
    if "fortifications" in pos:
        zones = pos["fortifications"]
        if not isinstance(zones, list):
            raise _bad("fortifications", "zones", "HH-33.3")
        s.fort_markers = {_zone(s, z, f"fortifications[{i}]") for i, z in enumerate(zones)}
    if "breaches" in pos:
        edges = pos["breaches"]
        if not isinstance(edges, list):
            raise _bad("breaches", "pairs", "HH-33.15")
        s.breaches = set()
        for i, pair in enumerate(edges):
            where = f"breaches[{i}]"
            if not isinstance(pair, list) or len(pair) != 2:
                raise _bad(where, "pair", "HH-33.15")
            a, b = (_zone(s, z, where) for z in pair)
            if b not in s.content.graph.neighbours(a):
                raise _bad(where, "no_edge", "HH-33.5", a=a, b=b)
            if s.content.graph.is_crevasse(a, b):
                raise _bad(where, "crevasse", "HH-35.1")
            s.breaches.add("|".join(sorted((a, b))))


def _bombardment(s: HeresyState, value: Any) -> None:
    """`bombardment`: {"deck": [card ids, top first], "discard": [...]}; both replace the
    shuffled deck (HH-12.15)."""
    value = _per_object(value, "bombardment")
    for part in value:
        if part not in ("deck", "discard"):
            raise _bad(f"bombardment.{part}", "unknown_field", known="deck, discard")
    for part in ("deck", "discard"):
        cards = value.get(part, [])
        if not isinstance(cards, list) or any(c not in s.content.bombardment for c in cards):
            raise _bad(f"bombardment.{part}", "bombardment")
        setattr(s, f"bombard_{part}", list(cards))
