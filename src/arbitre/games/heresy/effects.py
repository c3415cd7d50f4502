"""Order effects beyond movement, landing and battle (data/cards/orders.toml): Unnatural
Vigor (frame `vigor`), the Tank Division reinforcements (frame `tanks`), and the effects of
the reconstructed cards: enemy activation markers (`enemy_mark`, also Surprise Attack's),
reinforcements (`reinforce`), fortification markers (`fortify`), breach repairs
(`repair`), damage removal (`regroup`), orbital strikes and corruption attempts."""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy.board import (
    CONTESTED,
    ENEMY,
    FRIENDLY,
    activate,
    add_unit,
    hero_side,
    sector_zones,
    units_of,
    zone_type,
)
from arbitre.games.heresy.fortification import add_marker, fortified
from arbitre.games.heresy.opts import fixed, keyed
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, Frame, HeresyState

TANK = "imperial_tank_division"


def decide_vigor(s: HeresyState, f: Frame) -> Decision | None:
    zones = [z for z in sector_zones(s, f.data["sector"]) if s.marks[f.seat].get(z) == ACTIVE]
    if not zones or f.data["left"] <= 0:
        return None
    opts = [keyed("zone", "heresy.opt.unmark", "zone", z) for z in zones]
    return Decision(
        f.seat,
        "heresy.vigor",
        (*opts, fixed("done", "engine.done")),
        Msg("heresy.q.vigor"),
        ("HH-21.13",),
        private=False,
    )


def choose_vigor(s: HeresyState, f: Frame, key: str) -> None:
    if key == "done":
        s.stack.pop()
        return
    del s.marks[f.seat][key[5:]]
    f.data["left"] -= 1
    s.log.append(Msg("heresy.log.unmarked", {"zone": key[5:]}, "HH-21.13"))


def auto_pop(s: HeresyState, f: Frame) -> None:
    s.stack.pop()


def decide_tanks(s: HeresyState, f: Frame) -> Decision | None:
    if f.seat != IMPERIUM or not s.reserve[f.seat].get(TANK):
        return None
    zones = [
        z
        for z in sector_zones(s, f.data["sector"])
        if s.content.zones[z].kind == "industrial_complex"
        and zone_type(s, z, f.seat) not in (ENEMY, CONTESTED)
    ]
    if not zones:
        return None
    opts = [keyed("to", "heresy.opt.destination", "zone", z) for z in zones]
    return Decision(
        f.seat,
        "heresy.tanks",
        (*opts, fixed("ignore", "heresy.opt.ignore")),
        Msg("heresy.q.tanks"),
        ("HH-19.10",),
        private=False,
    )


def choose_tanks(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key == "ignore":
        return
    zone = key[3:]
    n = min(2, s.reserve[f.seat].get(TANK, 0))
    for _ in range(n):
        add_unit(s, zone, (f.seat, TANK, "", 0))
    s.reserve[f.seat][TANK] -= n
    if not s.reserve[f.seat][TANK]:
        del s.reserve[f.seat][TANK]
    s.log.append(Msg("heresy.log.reinforced", {"zone": zone, "n": n}, "HH-19.10"))
    heroes_along(s, f.seat, zone)


def heroes_along(s: HeresyState, seat: int, zone: str) -> None:
    """HH-31.13, HH-44.9: Heroes of the reserve may come in wherever their owner places
    units; the Event placement frame (`ev_place`, zone chosen, no unit left to place)
    asks which, any number (HH-32.2)."""
    if any(z == "" and hero_side(s, h) == seat for h, z in s.heroes.items()):
        data = {"types": [], "most": 0, "rank": 0, "where": "", "zone": zone, "used": 0, "n": 0}
        s.stack.append(Frame("ev_place", seat, data))


# --- reconstructed order effects (data/cards/orders.toml, docs/content.md) -----------------

FORT_MARKERS = 6  # HH-3.9: fortification markers in the box
# reinforcement orders: unit type, how many (from hand, from the map), where (HH-31.13)
REINFORCE: dict[str, tuple[str, int, int, str]] = {
    "levy": ("imperial_army", 2, 3, "friendly"),
    "titans": ("imperial_titan", 1, 1, "factory"),
    "cultists": ("chaos_cultists", 2, 3, "open_no_palace"),
    "daemons": ("daemon_horde", 1, 2, "friendly"),
}


def _left(f: Frame) -> int:
    """Effects done once from hand, twice from the strategic map (HH-20.1)."""
    left: int = f.data.setdefault("left", 2 if f.data["map"] else 1)
    return left


def _ask(f: Frame, kind: str, opts: list[Option], rules: tuple[str, ...], **args: Any) -> Decision:
    return Decision(
        f.seat, f"heresy.{kind}", (*opts, DONE), Msg(f"heresy.q.{kind}", args), rules, private=False
    )


DONE = Option("done", Msg("engine.done"))


def _zones(s: HeresyState, f: Frame) -> tuple[str, ...]:
    return sector_zones(s, f.data["sector"])


def decide_enemy_mark(s: HeresyState, f: Frame) -> Decision | None:
    """Attaque Surprise (FAQ: an enemy marker, activation side up; the rest
    reconstructed): zones of this sector holding enemy units and no enemy marker."""
    foe = 1 - f.seat
    zones = [z for z in _zones(s, f) if units_of(s, z, foe) and z not in s.marks[foe]]
    if not zones or _left(f) <= 0:
        return None
    opts = [keyed("zone", "heresy.opt.enemy_mark", "zone", z) for z in zones]
    return _ask(f, "enemy_mark", opts, ("HH-21.6", "HH-21.7"))


def choose_enemy_mark(s: HeresyState, f: Frame, key: str) -> None:
    if key == "done":
        s.stack.pop()
        return
    zone = key[5:]
    s.marks[1 - f.seat][zone] = ACTIVE
    f.data["left"] -= 1
    s.log.append(Msg("heresy.log.enemy_marked", {"zone": zone, "seat": 1 - f.seat}, "HH-21.7"))


def _reinforce_zones(s: HeresyState, f: Frame, where: str) -> list[str]:
    out = []
    for z in _zones(s, f):
        zone = s.content.zones[z]
        kind = zone_type(s, z, f.seat)
        if not zone.terra or kind in (ENEMY, CONTESTED):
            continue
        if where == "friendly" and kind != FRIENDLY:
            continue
        if where == "factory" and zone.kind != "industrial_complex":
            continue
        if where == "open_no_palace" and "palace" in zone.sectors:
            continue
        out.append(z)
    return out


def decide_reinforce(s: HeresyState, f: Frame) -> Decision | None:
    """Reinforcement orders (FFG-ORDERS; reconstructed cards): units of one type from the
    reserve into one zone of this sector, Heroes of the reserve with them (HH-31.13)."""
    unit, _n, _m, where = REINFORCE[f.data["what"]]
    if not s.reserve[f.seat].get(unit):
        return None
    zones = _reinforce_zones(s, f, where)
    if not zones:
        return None
    opts = [keyed("to", "heresy.opt.destination", "zone", z) for z in zones]
    return _ask(f, "reinforce", opts, ("HH-19.10",), unit=unit)


def choose_reinforce(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key == "done":
        return
    unit, n_hand, n_map, _where = REINFORCE[f.data["what"]]
    zone = key[3:]
    n = min(n_map if f.data["map"] else n_hand, s.reserve[f.seat].get(unit, 0))
    for _ in range(n):
        add_unit(s, zone, (f.seat, unit, "", 0))
    s.reserve[f.seat][unit] -= n
    if not s.reserve[f.seat][unit]:
        del s.reserve[f.seat][unit]
    s.log.append(Msg("heresy.log.reinforced", {"zone": zone, "n": n}, "HH-19.10"))
    heroes_along(s, f.seat, zone)


def decide_fortify(s: HeresyState, f: Frame) -> Decision | None:
    """Fortification orders (FFG-ORDERS; reconstructed cards): a fortification marker in a
    friendly unfortified zone of Terra of this sector (HH-33.3), while markers last."""
    if len(s.fort_markers) >= FORT_MARKERS:
        return None
    zones = [
        z
        for z in _zones(s, f)
        if s.content.zones[z].terra and zone_type(s, z, f.seat) == FRIENDLY and not fortified(s, z)
    ]
    if not zones:
        return None
    opts = [keyed("zone", "heresy.opt.fortify", "zone", z) for z in zones]
    return _ask(f, "fortify", opts, ("HH-33.3",))


def choose_fortify(s: HeresyState, f: Frame, key: str) -> None:
    s.stack.pop()
    if key == "done":
        return
    zone = key[5:]
    add_marker(s, zone)
    s.log.append(Msg("heresy.log.fortified", {"zone": zone}, "HH-33.3"))
    if not f.data["map"] and activate(s, zone, f.seat):  # the strategic effect spares it
        s.log.append(Msg("heresy.log.activated", {"zone": zone}, "HH-21.6"))


def decide_repair(s: HeresyState, f: Frame) -> Decision | None:
    """Réparer les Murailles (reconstructed): a breach marker (HH-33.13) off a segment of
    a friendly fortified zone of this sector."""
    if _left(f) <= 0:
        return None
    mine = {z for z in _zones(s, f) if zone_type(s, z, f.seat) == FRIENDLY and fortified(s, z)}
    edges = sorted(e for e in s.breaches if mine & set(e.split("|")))
    if not edges:
        return None
    opts = [
        Option(f"edge:{e}", Msg("heresy.opt.repair", {"zone": e.split("|")[0],
                                                      "to": e.split("|")[1]}))
        for e in edges
    ]  # fmt: skip
    return _ask(f, "repair", opts, ("HH-33.13",))


def choose_repair(s: HeresyState, f: Frame, key: str) -> None:
    if key == "done":
        s.stack.pop()
        return
    edge = key[5:]
    s.breaches.discard(edge)
    f.data["left"] -= 1
    a, _, b = edge.partition("|")
    s.log.append(Msg("heresy.log.repaired", {"zone": a, "to": b}, "HH-33.13"))


def decide_regroup(s: HeresyState, f: Frame) -> Decision | None:
    """Regroupement (reconstructed): all damage off your units in one zone of this
    sector (HH-40.17: damage otherwise stays)."""
    if _left(f) <= 0:
        return None
    zones = [z for z in _zones(s, f) if any(u[3] for u in units_of(s, z, f.seat))]
    if not zones:
        return None
    opts = [keyed("zone", "heresy.opt.regroup", "zone", z) for z in zones]
    return _ask(f, "regroup", opts, ("HH-19.10",))


def choose_regroup(s: HeresyState, f: Frame, key: str) -> None:
    if key == "done":
        s.stack.pop()
        return
    zone = key[5:]
    s.units[zone] = [(u[0], u[1], u[2], 0) if u[0] == f.seat else u for u in s.units[zone]]
    s.units_changes += 1  # a new list, not through own_units (HeresyState.units_changes)
    f.data["left"] -= 1
    s.log.append(Msg("heresy.log.regrouped", {"zone": zone}, "HH-19.10"))


def start_orbital(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Frappe Orbitale (reconstructed): an orbital bombardment (HH-35.6) on a zone of Terra
    of this sector; from the map, 2 cards to choose from (HH-36.1). May be declined
    (HH-19.12)."""
    from arbitre.games.heresy import bombardment

    zones = [z for z in sector_zones(s, sector) if s.content.zones[z].terra]
    f = bombardment.orbital(s, seat, zones, draw_n=2 if from_map else 1, rule="HH-35.6")
    f.data["optional"] = True
    s.stack.append(f)


def start_corrupt(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    """Graines de Corruption (reconstructed): corruption attempts (HH-37.7) on this
    sector's Imperial Armies and Tank Divisions; 2 from the map."""
    from arbitre.games.heresy import corruption

    zones = list(sector_zones(s, sector))
    s.stack.append(corruption.frame(s, 2 if from_map else 1, "HH-37.7", zones))
