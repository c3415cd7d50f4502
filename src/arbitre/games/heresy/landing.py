"""Landings (HH-20.3..HH-20.6, HH-37.15, AMB-8, AMB-18): Drop Pods and Atterrissage au
Port place Traitor units from the reserve or the Vengeful Spirit on Terra. The units
named wait in `incoming` until the defense lasers have fired at them (lasers.py,
HH-36.11..HH-36.14); Heroes land at once (HH-36.15).

Frame `landing` (data: card, sector, step "target" | "source" | "units", target, source,
count, rank, limit, by, vs): `to:<zone>`, `from:reserve|<zone>`, `unit:<src>:<label>`,
`hero:<id>`, `done`; `ignore` before the first pick.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy.board import (
    CONTESTED,
    ENEMY,
    activate,
    activated,
    add_unit,
    hero_side,
    sector_zones,
    take_unit,
    zone_type,
)
from arbitre.games.heresy.opts import fixed, keyed
from arbitre.games.heresy.state import Frame, HeresyState, label

VS = "vengeful_spirit"
POD_UNITS = ("chaos_space_marines", "chaos_thunderhawk")


def start_drop_pods(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    data: dict[str, Any] = {"sector": sector, "kind": "pods", "limit": 3, "by": "count"}
    _push(s, seat, data)


def start_port_landing(s: HeresyState, seat: int, card: str, sector: str, from_map: bool) -> None:
    c = s.content.orders["port_landing"]
    limit = (c.strategic_rank_limit or 12) if from_map else (c.rank_limit or 6)
    data: dict[str, Any] = {"sector": sector, "kind": "port", "limit": limit, "by": "rank"}
    _push(s, seat, data)


def _push(s: HeresyState, seat: int, data: dict[str, Any]) -> None:
    data.update(step="target", target=None, source=None, used=0, vs=data["sector"] == VS)
    s.stack.append(Frame("landing", seat, data))


def _targets(s: HeresyState, f: Frame) -> list[str]:
    d, seat = f.data, f.seat
    zones = sector_zones(s, d["sector"])
    if d["kind"] == "pods":  # HH-20.4, HH-20.6: not the Vengeful Spirit, not enemy Palace
        return [
            z
            for z in zones
            if s.content.zones[z].terra
            and not ("palace" in s.content.zones[z].sectors and zone_type(s, z, seat) == ENEMY)
        ]
    if d["vs"]:  # AMB-8: to one Vengeful Spirit zone
        return list(zones)
    return [  # HH-20.3: a neutral or friendly spaceport zone of this sector
        z
        for z in zones
        if s.content.zones[z].kind == "spaceport"
        and zone_type(s, z, seat) not in (ENEMY, CONTESTED)
    ]


def _sources(s: HeresyState, f: Frame) -> list[str]:
    seat = f.seat
    if f.data["vs"]:  # AMB-8: from one spaceport zone anywhere on Terra
        zones = [z.id for z in s.content.zones if z.kind == "spaceport"]
        out = []
    else:
        zones = list(sector_zones(s, VS))
        out = ["reserve"] if any(_choices_from(s, f, "reserve")) else []
    for z in zones:
        if not activated(s, z, seat) and _choices_from(s, f, z):  # AMB-8, HH-21.7
            out.append(z)
    return out


def _cost(s: HeresyState, f: Frame, unit_type: str) -> int:
    return 1 if f.data["by"] == "count" else s.content.units[unit_type].rank


def _choices_from(s: HeresyState, f: Frame, src: str) -> list[tuple[str, str]]:
    d, seat = f.data, f.seat
    room = d["limit"] - d["used"]
    kinds: dict[str, str] = {}
    if src == "reserve":
        for t, n in sorted(s.reserve[seat].items()):
            if n > 0:
                kinds[t] = t
    else:
        for u in s.units.get(src, ()):
            if u[0] == seat:
                kinds[label(u)] = u[1]
    out = [
        (f"unit:{src}:{text}", text)
        for text, t in kinds.items()
        if (d["kind"] != "pods" or t in POD_UNITS) and _cost(s, f, t) <= room
    ]
    for h, z in sorted(s.heroes.items()):  # AMB-18: Heroes may come along, any number
        if hero_side(s, h) == seat and z == ("" if src == "reserve" else src):
            out.append((f"hero:{h}", h))
    return out


def decide_landing(s: HeresyState, f: Frame) -> Decision:
    d = f.data
    ignore = fixed("ignore", "heresy.opt.ignore")
    rules = ("HH-20.3", "HH-20.4", "HH-20.6", "HH-37.15", "AMB-8", "AMB-18")
    if d["step"] == "target":
        opts = [keyed("to", "heresy.opt.destination", "zone", z) for z in _targets(s, f)]
        return Decision(
            f.seat,
            "heresy.landing.target",
            (*opts, ignore),
            Msg("heresy.q.landing_target"),
            rules,
            # a step of the answer: the others see its outcome (view, events) once done
            private=True,
        )
    if d["step"] == "source":
        opts = [keyed("from", "heresy.opt.source", "zone", z) for z in _sources(s, f)]
        return Decision(
            f.seat,
            "heresy.landing.source",
            (*opts, ignore),
            Msg("heresy.q.landing_source"),
            rules,
            # a step of the answer: the others see its outcome (view, events) once done
            private=True,
        )
    opts = [
        Option(k, Msg("heresy.opt.mover", {"what": w, "zone": d["source"]}))
        for k, w in _choices_from(s, f, d["source"])
    ]
    done = fixed("done", "engine.done")
    return Decision(
        f.seat,
        "heresy.landing.units",
        (*opts, done),
        Msg("heresy.q.landing_units"),
        rules,
        private=False,
    )


def choose_landing(s: HeresyState, f: Frame, key: str) -> None:
    d, seat = f.data, f.seat
    verb, _, rest = key.partition(":")
    if key == "ignore":
        s.log.append(Msg("heresy.log.ignored", {"seat": seat}, "HH-19.12"))
        s.stack.pop()
    elif verb == "to":
        d["target"], d["step"] = rest, "source"
    elif verb == "from":
        d["source"], d["step"] = rest, "units"
    elif verb == "hero":
        s.heroes[rest] = d["target"]
    elif verb == "unit":
        src, _, text = rest.partition(":")
        if src == "reserve":
            s.reserve[seat][text] -= 1
            if not s.reserve[seat][text]:
                del s.reserve[seat][text]
            u = (seat, text, "", 0)
        else:
            got = take_unit(s, src, text)
            assert got is not None
            u = got
        d["used"] += _cost(s, f, u[1])
        if d["vs"]:  # AMB-8: nothing lands on Terra, no laser fires
            add_unit(s, d["target"], u)
        else:
            d.setdefault("incoming", []).append(list(u))
    else:  # done: activate the zone where units were placed (HH-20.3, HH-20.4)
        s.stack.pop()
        activate(s, d["target"], seat)
        s.log.append(Msg("heresy.log.landed", {"zone": d["target"]}, "HH-20.3"))
        if not d["vs"]:
            from arbitre.games.heresy.lasers import fire_at_landing

            fire_at_landing(s, seat, d["target"], d.get("incoming", []))
