"""Joining a battle (HH-25.2..HH-25.15): target zone, origin zones, engaging units, and
the coexistence battle's set-up (HH-25.7, HH-25.15)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any

from arbitre.games.heresy import damage as dmg
from arbitre.games.heresy.board import (
    FRIENDLY,
    NEUTRAL,
    activated,
    add_unit,
    hero_seats,
    hero_side,
    neighbours,
    sector_zones,
    units_of,
)
from arbitre.games.heresy.distances import zone_sides
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, Frame, HeresyState, label

ORIGIN_LIMIT = {"firefight": 1}  # HH-25.4: Feu de Combat, one origin zone; others any
ITERATIONS = {"firefight": 4, "imperial_assault": 6, "traitor_assault": 6, "onslaught": 8}


def new_battle(
    seat: int,
    card: str,
    sector: str,
    order_id: str,
    iterations: int | None = None,
    origins: str | None = None,
) -> Frame:
    """A battle frame; the order card's `iterations` and `origins` (HH-25.4) win over the
    known cards' table (kept for pack cards that leave them out)."""
    limit = {"one": 1, "any": 0}.get(origins or "", ORIGIN_LIMIT.get(order_id, 0))
    data: dict[str, Any] = {
        "card": card,
        "sector": sector,
        "att": seat,
        "def": 1 - seat,
        "coex": False,
        "target": "",
        "origins": [],
        "limit": limit,
        "iters": iterations or ITERATIONS.get(order_id, 4),
        "stage": "target",
        "eng": [],
        "heroes": [],
        "it": 1,
        "active": seat,
        "played": [],
        "used": [],
        "routs": [],
        "pick": None,
        "ended": False,
        "retreated": -1,
        "effect_done": False,
        "eff": "",
        "paid": 0,
        "dmg": 0,
        "shielded": 0,
    }
    return Frame("battle", seat, data)


def coexistence_battle(s: HeresyState, zone: str) -> Frame:
    """HH-25.7, HH-25.15, HH-24.4: the Imperium attacks, the zone is target and origin,
    everything there is engaged, 8 iterations, nothing is activated (HH-21.16)."""
    f = new_battle(IMPERIUM, "", "", "")
    f.data.update(coex=True, target=zone, origins=[zone], iters=8, stage="joined")
    f.data["eng"] = [[u[0], zone, label(u)] for u in s.units.get(zone, ())]
    f.data["heroes"] = sorted(h for h, z in s.heroes.items() if z == zone)
    return f


Presence = tuple[tuple[AbstractSet[str], set[str]], tuple[AbstractSet[str], set[str]]]


def presence(s: HeresyState) -> Presence:
    """Per seat, the zones holding one of its units and the zones holding one of its
    Heroes (speed: targets and origins ask it of many zones at once). The units' zones
    are `distances.zone_sides`' (speed: one scan kept while no unit changed), shared:
    read them, never change them."""
    imperium, traitor, _both = zone_sides(s)
    heroes: tuple[set[str], set[str]] = (set(), set())
    seat_of = hero_seats(s)
    for hero, zone in s.heroes.items():
        heroes[seat_of[hero]].add(zone)
    return (imperium, heroes[0]), (traitor, heroes[1])


def origin_zones(s: HeresyState, f: Frame, target: str, where: Presence | None = None) -> list[str]:
    """HH-25.5: adjacent, holding an attacker's unit, not activated for him. FAQ v1.0
    errata (Rules p.24): "at least one of the attacker's units OR Heroes" (`faq`)."""
    seat = f.data["att"]
    units, heroes = (where or presence(s))[seat]
    faq = s.rules.faq
    return sorted(
        z
        for z in neighbours(s, target)
        if (z in units or (faq and z in heroes))
        and not activated(s, z, seat)
        and z not in f.data["origins"]
    )


def targets(s: HeresyState, f: Frame) -> list[str]:
    """HH-25.3: a zone of the order's sector with an enemy unit or enemy Hero, from which
    the attack can be made (an origin zone or the attacker's own units there)."""
    seat = f.data["att"]
    where = presence(s)
    mine, (their_units, their_heroes) = where[seat][0], where[1 - seat]
    out = []
    for z in sector_zones(s, f.data["sector"]):
        if not (z in their_units or z in their_heroes):
            continue
        if z in mine or origin_zones(s, f, z, where):
            out.append(z)
    return out


def set_target(s: HeresyState, f: Frame, zone: str) -> None:
    """HH-25.6, HH-25.14: own units in the target make it an extra origin zone; every
    unit and Hero there is engaged."""
    f.data["target"] = zone
    f.data["eng"] = [[u[0], zone, label(u)] for u in s.units.get(zone, ())]
    f.data["heroes"] = sorted(h for h, z in s.heroes.items() if z == zone)
    if units_of(s, zone, f.data["att"]):
        f.data["origins"].append(zone)


def room_for_origin(f: Frame) -> bool:
    limit = f.data["limit"]
    extra = [z for z in f.data["origins"] if z != f.data["target"]]
    return not limit or len(extra) < limit


def fly_options(s: HeresyState, f: Frame) -> list[str]:
    """HH-25.8, HH-25.9, AMB-23: a flying unit not in an activated zone may fly up to 3 MP
    to a friendly or neutral zone adjacent to the target that can be an origin zone (a new
    one only within the order's limit); it carries nobody (HH-25.10)."""
    from arbitre.games.heresy.movement import _types, reach

    seat, target = f.data["att"], f.data["target"]
    types = _types(s, seat)
    dests = [
        z
        for z in sorted(neighbours(s, target))
        if types[z] in (FRIENDLY, NEUTRAL)
        and not activated(s, z, seat)
        and (z in f.data["origins"] or room_for_origin(f))
    ]
    out = []
    for zone in sorted(s.units):
        if zone == target or zone in f.data["origins"] or activated(s, zone, seat):
            continue
        flyers = {label(u) for u in units_of(s, zone, seat) if s.content.units[u[1]].flying}
        if not flyers or not dests:
            continue
        reached = reach(s, seat, zone, 3, True, types)
        out += [f"fly:{zone}:{t}:{d}" for t in sorted(flyers) for d in dests if d in reached]
    return out


def fly(s: HeresyState, f: Frame, key: str) -> None:
    _, zone, text, dest = key.split(":", 3)
    add_unit(s, dest, dmg.take(s, zone, f.data["att"], text))
    if dest not in f.data["origins"]:
        f.data["origins"].append(dest)
    f.data["eng"].append([f.data["att"], dest, text])


def engage_options(s: HeresyState, f: Frame) -> list[str]:
    """HH-25.12: any of the attacker's units and Heroes in the origin zones."""
    seat, target = f.data["att"], f.data["target"]
    out: list[str] = []
    for zone in f.data["origins"]:
        if zone == target:
            continue
        engaged = [t for k, z, t in f.data["eng"] if k == seat and z == zone]
        for u in dict.fromkeys(label(u) for u in units_of(s, zone, seat)):
            here = sum(1 for x in units_of(s, zone, seat) if label(x) == u)
            if engaged.count(u) < here:
                out.append(f"unit:{zone}:{u}")
        for h, z in sorted(s.heroes.items()):
            if z == zone and hero_side(s, h) == seat and h not in f.data["heroes"]:
                out.append(f"hero:{h}")
    return out


def engage(f: Frame, key: str) -> None:
    if key.startswith("hero:"):
        f.data["heroes"].append(key[5:])
        return
    _, zone, text = key.split(":", 2)
    f.data["eng"].append([f.data["att"], zone, text])


def fortification(s: HeresyState, f: Frame) -> int:
    """HH-33.9, HH-34.1: the defenders' reduction of the attacker's normal damage."""
    from arbitre.games.heresy.fortification import reduction

    return reduction(s, f)


__all__ = ["TRAITOR", "coexistence_battle", "new_battle"]
