"""The 'Heresy Unheralded' deployment (Scenario Guide p.6, research scenarios.yaml), setup
step 4 (HH-12.19) of every scenario whose `deployment` is `chosen`.

Frame `deploy`: `tasks` is a queue of `[task, count, ...]` lists, one piece placed per
answer. (1) The Traitor puts a Chaos Warband on a spaceport; the Imperium 3 Imperial
Armies on each of two others; the Traitor a Warband on the fourth. (2) The Imperium: an
Imperial Army in each fortress; six defense lasers in six zones; Custodes, Arbites and
the Emperor in the Palace; Mechanicus and the Fabricator General in industrial
complexes; Titans in or next to one; the Space Marines and their Primarchs, 8 Armies and
4 Tank Divisions anywhere — within stacking limits, never on the Vengeful Spirit nor in a
spaceport holding a Warband. (3) The Traitor: Horus and 3 units on the Command Bridge, 4
in the Catacombs, 4 in each spaceport he claimed, his other Heroes where he has units.
A piece with nowhere to go stays in the reserve; a unit the setup would put in an
impassable zone is destroyed (eliminated, HH-40.18).
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy.board import add_unit, neighbours, terra_zones, units_of
from arbitre.games.heresy.opts import fixed, keyed
from arbitre.games.heresy.state import IMPERIUM, SIDE_NAMES, TRAITOR, Frame, HeresyState, label

RULES = ("HH-12.19", "HH-38.3")
ARMY, WARBAND = "imperial_army", "chaos_warband"
BRIDGE, CATACOMBS = "vs_command_bridge", "vs_catacombs"
STOCK = ("imperial_army", 8), ("imperial_tank_division", 4)


def frame(s: HeresyState) -> Frame:
    """The whole procedure as a task queue (the Primarchs follow their legions)."""
    tasks: list[list[Any]] = [
        ["warband", 1],
        ["imperial_spaceport", 2],
        ["warband", 1],
        ["forts", 1],
        ["laser", 6],
        ["unit", 3, "adeptus_custodes", "", "palace"],
        ["unit", 3, "adeptus_arbites", "", "palace"],
        ["hero", 1, "the_emperor", "palace"],
        ["unit", 3, "adeptus_mechanicus", "", "factory"],
        ["hero", 1, "fabricator_general", "factory"],
        ["unit", 3, "imperial_titan", "", "near_factory"],
    ]
    for legion in s.content.legions:
        if legion.side == "imperial":
            tasks.append(["unit", legion.count, legion.unit, legion.id, "any"])
            if legion.primarch:
                tasks.append(["hero", 1, legion.primarch, f"legion:{legion.id}"])
    tasks += [["unit", n, unit, "", "any"] for unit, n in STOCK]
    tasks += [["horus", 1], ["pool", 3, BRIDGE], ["pool", 4, CATACOMBS]]
    tasks += [["pool", 4, "claim:0"], ["pool", 4, "claim:1"], ["traitor_heroes", 1]]
    return Frame("deploy", TRAITOR, {"tasks": tasks, "claims": [], "asked": []})


def _seat(task: list[Any]) -> int:
    kind = task[0]
    if kind == "imperial_spaceport" or kind in ("laser", "unit", "hero", "forts"):
        return IMPERIUM
    return TRAITOR


def _spaceports(s: HeresyState) -> list[str]:
    return [z.id for z in s.content.zones if z.kind == "spaceport" and z.id not in s.impassable]


def _free(s: HeresyState, zone: str, seat: int) -> bool:
    """HH-38.3: room for one more of `seat`'s units under the printed stacking limit."""
    return len(units_of(s, zone, seat)) < s.content.zones[zone].stacking_limit


def _imperial_zones(s: HeresyState, where: str) -> list[str]:
    claimed = {z for z in _spaceports(s) if units_of(s, z, TRAITOR)}
    out = []
    for z in terra_zones(s):
        zone = s.content.zones[z]
        if z in claimed or not _free(s, z, IMPERIUM):
            continue
        if where == "palace" and zone.kind != "palace":
            continue
        if where == "factory" and zone.kind != "industrial_complex":
            continue
        if where == "near_factory" and not (
            zone.kind == "industrial_complex"
            or any(s.content.zones[n].kind == "industrial_complex" for n in neighbours(s, z))
        ):
            continue
        out.append(z)
    return out


def _hero_zones(s: HeresyState, where: str) -> list[str]:
    if where.startswith("legion:"):
        legion = where[7:]
        claimed = {z for z in _spaceports(s) if units_of(s, z, TRAITOR)}
        return sorted(
            z
            for z, us in s.units.items()
            if z not in claimed and any(u[0] == IMPERIUM and u[2] == legion for u in us)
        )
    claimed = {z for z in _spaceports(s) if units_of(s, z, TRAITOR)}
    kind = "palace" if where == "palace" else "industrial_complex"
    return [z for z in terra_zones(s) if s.content.zones[z].kind == kind and z not in claimed]


def _pool(s: HeresyState) -> dict[str, int]:
    """The Traitor's figures not yet placed, by label: legions for Chaos Space Marines,
    Powers for the others (HH-3.5); the spare black bases are not units (HH-12.8)."""
    c = s.content
    spare = {u.corrupts_into for u in c.units if u.corrupts_into}
    left: dict[str, int] = {}
    for legion in c.legions:
        if legion.side == "traitor":
            left[f"{legion.unit}/{legion.id}"] = legion.count
    for u in c.units:
        if u.side == "traitor" and u.per_power and u.id not in spare:
            if any(leg.unit == u.id for leg in c.legions):
                continue
            for p in c.powers:
                left[f"{u.id}/{p.id}"] = u.per_power
    for units in s.units.values():
        for piece in units:
            if piece[0] == TRAITOR and label(piece) in left:
                left[label(piece)] -= 1
    return {k: n for k, n in left.items() if n > 0}


def _put(s: HeresyState, zone: str, piece: tuple[int, str, str, int]) -> None:
    """A piece leaves the reserve for the board (the reserve shows what is left)."""
    add_unit(s, zone, piece)
    left = s.reserve[piece[0]].get(piece[1], 0) - 1
    if left > 0:
        s.reserve[piece[0]][piece[1]] = left
    else:
        s.reserve[piece[0]].pop(piece[1], None)


def _ask(seat: int, task: str, opts: list[Option], **args: Any) -> Decision:
    q = Msg(f"heresy.q.deploy_{task}", args)
    return Decision(seat, "heresy.setup.deploy", tuple(opts), q, RULES, private=False)


def _zone_opts(zones: list[str]) -> list[Option]:
    return [keyed("zone", "heresy.opt.destination", "zone", z) for z in zones]


def decide(s: HeresyState, f: Frame) -> Decision | None:
    d = f.data
    if not d["tasks"]:
        return None
    task = d["tasks"][0]
    kind, n = task[0], task[1]
    if kind == "warband":
        free = [z for z in _spaceports(s) if not units_of(s, z, IMPERIUM)]
        free = [z for z in free if not units_of(s, z, TRAITOR)]
        opts = [
            Option(
                f"warband:{z}:{p.id}",
                Msg("heresy.opt.deploy_warband", {"zone": z, "what": f"{WARBAND}/{p.id}"}),
            )
            for z in free
            for p in s.content.powers
            if _pool(s).get(f"{WARBAND}/{p.id}")
        ]
        return _ask(TRAITOR, "warband", opts) if opts else None
    if kind == "imperial_spaceport":
        free = [z for z in _spaceports(s) if not s.units.get(z)]
        return _ask(IMPERIUM, "spaceport", _zone_opts(free), n=n) if free else None
    if kind == "laser":
        zones = [z for z in _imperial_zones(s, "any") if z not in s.lasers]
        return _ask(IMPERIUM, "laser", _zone_opts(zones), n=n) if zones else None
    if kind == "unit":
        zones = _imperial_zones(s, task[4])
        what = f"{task[2]}/{task[3]}" if task[3] else task[2]
        return _ask(IMPERIUM, "unit", _zone_opts(zones), what=what, n=n) if zones else None
    if kind == "hero":
        zones = _hero_zones(s, task[3])
        return _ask(IMPERIUM, "hero", _zone_opts(zones), what=task[2]) if zones else None
    if kind == "pool":
        zone = _pool_zone(d, task[2])
        pool = _pool(s)
        if not zone or not pool or not _free(s, zone, TRAITOR):
            return None
        opts = [
            Option(f"unit:{k}", Msg("heresy.opt.deploy_unit", {"what": k, "zone": zone}))
            for k in sorted(pool)
        ]
        return _ask(TRAITOR, "pool", opts, zone=zone, n=n)
    if kind == "traitor_heroes":
        heroes = _traitor_heroes(s, d)
        zones = sorted(z for z in s.units if units_of(s, z, TRAITOR))
        if not heroes or not zones:
            return None
        hero = heroes[0]
        opts = [*_zone_opts(zones), fixed("reserve", "heresy.opt.deploy_reserve")]
        return _ask(TRAITOR, "traitor_hero", opts, what=hero)
    return None


def _traitor_heroes(s: HeresyState, d: dict[str, Any]) -> list[str]:
    """The Traitor's Heroes still in the reserve and not yet asked about."""
    return [
        h.id
        for h in s.content.heroes
        if h.side == "traitor" and s.heroes.get(h.id) == "" and h.id not in d["asked"]
    ]


def _pool_zone(d: dict[str, Any], where: str) -> str:
    if where.startswith("claim:"):
        i = int(where[6:])
        return str(d["claims"][i]) if i < len(d["claims"]) else ""
    return where


def _next(s: HeresyState, d: dict[str, Any]) -> None:
    task = d["tasks"][0]
    task[1] -= 1
    if task[1] <= 0:
        d["tasks"].pop(0)


def choose(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    task = d["tasks"][0]
    kind = task[0]
    zone = rest = key.partition(":")[2]
    if kind == "warband":
        zone, _, power = rest.partition(":")
        _put(s, zone, (TRAITOR, WARBAND, power, 0))
        d["claims"].append(zone)
    elif kind == "imperial_spaceport":
        for _ in range(3):
            _put(s, zone, (IMPERIUM, ARMY, "", 0))
    elif kind == "laser":
        s.lasers[zone] = s.lasers.get(zone, 0) + 1
        s.lasers_looked = -1  # a new laser: settle looks at the laser zones again (HH-37.2)
    elif kind == "unit":
        _put(s, zone, (IMPERIUM, task[2], task[3], 0))
    elif kind == "hero":
        s.heroes[task[2]] = zone
    elif kind == "pool":
        unit, _, tag = rest.partition("/")
        zone = _pool_zone(d, task[2])
        _put(s, zone, (TRAITOR, unit, tag, 0))
    elif kind == "traitor_heroes":
        hero = _traitor_heroes(s, d)[0]
        d["asked"].append(hero)
        if key != "reserve":
            s.heroes[hero] = zone
            s.log.append(Msg("heresy.log.deployed", {"seat": TRAITOR, "zone": zone}, "HH-12.19"))
        return
    s.log.append(Msg("heresy.log.deployed", {"seat": _seat(task), "zone": zone}, "HH-12.19"))
    _next(s, d)


def auto(s: HeresyState, f: Frame) -> None:
    """Automatic tasks, tasks with nowhere to go (the pieces stay in the reserve), and
    the end of the step: every piece not placed forms the reserve (HH-12.20)."""
    d = f.data
    if not d["tasks"]:
        s.stack.pop()
        finish(s)
        return
    task = d["tasks"].pop(0)
    kind = task[0]
    if kind == "forts":
        for z in s.content.zones:
            if z.kind != "fortress":
                continue
            if z.id in s.impassable:  # HTA: a unit set up there is destroyed (eliminated:
                # an Imperial Army goes back to the reserve, HH-40.18)
                s.log.append(Msg("heresy.log.deploy_destroyed", {"zone": z.id}, "HH-12.19"))
            else:
                _put(s, z.id, (IMPERIUM, ARMY, "", 0))
    elif kind == "horus":
        s.heroes["horus"] = BRIDGE
    elif kind != "traitor_heroes":
        s.log.append(Msg("heresy.log.deploy_skipped", {"n": task[1]}, "HH-12.20"))


def finish(s: HeresyState) -> None:
    """HH-12.20: what is not on the board forms each player's reserve (spare black bases
    excepted, HH-12.8); units destroyed at setup are already counted there."""
    c = s.content
    on_board: dict[tuple[int, str], int] = {}  # or in the box: out of the reserve
    for piece in [p for units in s.units.values() for p in units] + s.box:
        on_board[piece[0], piece[1]] = on_board.get((piece[0], piece[1]), 0) + 1
    spare = {u.corrupts_into for u in c.units if u.corrupts_into}
    for u in c.units:
        if u.id in spare:
            continue
        seat = SIDE_NAMES.index(u.side)
        left = u.count - on_board.get((seat, u.id), 0)
        if left > 0:
            s.reserve[seat][u.id] = left
        else:
            s.reserve[seat].pop(u.id, None)
