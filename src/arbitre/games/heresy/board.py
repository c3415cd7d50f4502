"""Zone types (HH-37.10, HH-37.11), activation (HH-21.6..HH-21.12) and unit bookkeeping."""

from __future__ import annotations

from arbitre.games.heresy.state import ACTIVE, IMPERIUM, NONE, SIDE_NAMES, HeresyState, Unit

NEUTRAL, CONTESTED, FRIENDLY, ENEMY = "neutral", "contested", "friendly", "enemy"


def zone_type(s: HeresyState, zone: str, seat: int) -> str:
    """HH-37.10: by units only (Heroes ignored) — neutral, contested, friendly or enemy."""
    mine = theirs = False
    for u in s.units.get(zone, ()):
        if u[0] == seat:
            mine = True
        else:
            theirs = True
    if mine and theirs:
        return CONTESTED
    if mine:
        return FRIENDLY
    if theirs:
        return ENEMY
    return NEUTRAL


def zone_types(s: HeresyState, seat: int) -> dict[str, str]:
    return {z.id: zone_type(s, z.id, seat) for z in s.content.zones}


# --- the map as it is in this game: impassable zones no longer exist (Holy Terra Asunder,
# Cry Havoc: not entered, bombarded nor the subject of any effect) ----------------------


def neighbours(s: HeresyState, zone: str) -> frozenset[str]:
    near = s.content.graph.neighbours(zone)
    return near - s.impassable if s.impassable else near


def sector_zones(s: HeresyState, sector: str) -> tuple[str, ...]:
    zones = s.content.graph.sector_zones(sector)
    if not s.impassable:
        return zones
    return tuple(z for z in zones if z not in s.impassable)


def terra_zones(s: HeresyState) -> list[str]:
    """Every zone of Terra still in the game (HH-3.11: not the Vengeful Spirit), a new
    list each time. Worked out once per content and impassable zones (speed: asked at
    every step of an event's placement or a bombardment)."""
    key = (id(s.content), s.impassable)
    got = _TERRA.get(key)
    if got is None:
        if len(_TERRA) >= 4096:  # impassable zones differ from game to game
            _TERRA.clear()
        got = _TERRA[key] = tuple(
            z.id for z in s.content.zones if z.terra and z.id not in s.impassable
        )
    return list(got)


_TERRA: dict[tuple[int, frozenset[str]], tuple[str, ...]] = {}


def zone_ids(s: HeresyState) -> list[str]:
    return [z.id for z in s.content.zones if z.id not in s.impassable]


def activated(s: HeresyState, zone: str, seat: int) -> bool:
    """HH-21.10: a zone holding one of `seat`'s markers, either side, is activated for him."""
    return s.marks[seat].get(zone, NONE) != NONE


def activate(s: HeresyState, zone: str, seat: int) -> bool:
    """HH-21.6, HH-21.12: place `seat`'s marker, activation side up; never a second one."""
    if zone in s.marks[seat]:
        return False
    s.marks[seat][zone] = ACTIVE
    return True


def side_of_unit_type(s: HeresyState, unit_type: str) -> int:
    return SIDE_NAMES.index(s.content.units[unit_type].side)


def hero_side(s: HeresyState, hero: str) -> int:
    return hero_seats(s)[hero]


def hero_seats(s: HeresyState) -> dict[str, int]:
    """Each Hero's seat, built once per content (speed: asked for every Hero before many
    steps). Shared: read it, never change it."""
    sides = _HERO_SIDES.get(id(s.content))
    if sides is None:
        sides = {h.id: SIDE_NAMES.index(h.side) for h in s.content.heroes}
        _HERO_SIDES[id(s.content)] = sides
    return sides


_HERO_SIDES: dict[int, dict[str, int]] = {}  # id(content) -> hero: seat


def add_unit(s: HeresyState, zone: str, u: Unit) -> None:
    s.own_units(zone).append(u)


def take_unit(s: HeresyState, zone: str, text: str) -> Unit | None:
    """Remove and return the first unit of `zone` whose label is `text`."""
    units = s.own_units(zone) if zone in s.units else []
    for i, u in enumerate(units):
        t = u[1]  # state.label(u), written out (speed: a call and an import per unit)
        if u[2]:
            t += "/" + u[2]
        if u[3]:
            t += f"/d{u[3]}"
        if t == text:
            return units.pop(i)
    return None


def eliminate(s: HeresyState, u: Unit, to_reserve: bool = False) -> None:
    """HH-40.18, AMB-25: box, or back to the reserve for armies, tank divisions, titans."""
    kind = s.content.units[u[1]]
    if to_reserve or kind.eliminated_to == "reserve":
        r = s.reserve[u[0]]
        r[u[1]] = r.get(u[1], 0) + 1
    elif kind.eliminated_to == "split":
        # HH-37.8: the figure returns to the Imperium's reserve (its spare base to the
        # Traitor, not tracked until corruption lands with the battle issue).
        origin = next((t.id for t in s.content.units if t.corrupts_into == u[1]), u[1])
        r = s.reserve[IMPERIUM]
        r[origin] = r.get(origin, 0) + 1
    else:
        s.box.append(u)


def units_of(s: HeresyState, zone: str, seat: int) -> list[Unit]:
    return [u for u in s.units.get(zone, ()) if u[0] == seat]


def heroes_in(s: HeresyState, zone: str, seat: int) -> list[str]:
    return sorted(h for h, z in s.heroes.items() if z == zone and hero_side(s, h) == seat)
