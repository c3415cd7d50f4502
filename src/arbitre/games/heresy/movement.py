"""Movement (HH-21.17..HH-24.1, HH-32.1): movement points, crevasses, friendly and neutral
zones only, destinations in the order's sector, activation limits, flying units and air
transport, Rassembler (one destination) and Redéployer (several destinations).

The frame `move` (data: card, sector, mode "one" | "many", activate, dest, dests, moved,
heroes_moved, pick, fly) asks one pick at a time and ends with `done`.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import distances
from arbitre.games.heresy.board import (
    CONTESTED,
    ENEMY,
    FRIENDLY,
    activate,
    activated,
    add_unit,
    hero_side,
    neighbours,
    sector_zones,
    take_unit,
)
from arbitre.games.heresy.distances import blocked_zones
from arbitre.games.heresy.movers import (
    AIR,
    CATACOMBS,
    BlockedTypes,
    destination_choices,
    destinations,
    movers,
    pending,
    picked,
    vengeful,
)
from arbitre.games.heresy.opts import keyed, new_decision, new_msg, one
from arbitre.games.heresy.state import Frame, HeresyState, label

RULES = ("HH-21.18", "HH-21.21", "HH-21.23", "HH-21.24", "HH-21.7")

# the searches live in `distances`; other modules and tests reach them through here
reach = distances.reach
ends = distances.ends
_types = distances._types
_distance_to = distances._distance_to
_flight_distance = distances._flight_distance
UNLIMITED = distances.UNLIMITED
# who may move where lives in `movers`; other modules reach it through here too
__all__ = ["AIR", "CATACOMBS", "destination_choices", "destinations", "movers", "vengeful"]


# --- the frame ---------------------------------------------------------------------------


def new_move(
    seat: int,
    card: str,
    sector: str,
    mode: str,
    activate_dest: bool,
    reach_rule: str = "normal",
    raid: bool = False,
) -> Frame:
    """`reach_rule`: "normal" (HH-21.24), "unlimited" (Passages Secrets) or "board"
    (Action d'Embarquement); `raid`: Raid Éclair picks its target first (HH-21.19)."""
    data: dict[str, Any] = {
        "card": card,
        "sector": sector,
        "mode": mode,
        "activate": activate_dest,
        "dest": None,
        "dests": [],
        "moved": {},
        "heroes_moved": [],
        "pick": None,
        "fly": None,
        "any": False,
        "reach": reach_rule,
        "raid": raid,
        "target": None,
    }
    return Frame("move", seat, data)


IGNORE = Option("ignore", Msg("heresy.opt.ignore"))
_Q_MOVE_TO = Msg("heresy.q.move_to")
_Q_MOVERS = Msg("heresy.q.movers")
DONE = Option("done", Msg("engine.done"))


def _dest_opt(z: str) -> Option:
    return one(f"to:{z}", "heresy.opt.destination", "zone", z)


def decide_move(s: HeresyState, f: Frame) -> Decision:
    d = f.data
    seat = f.seat
    if d["fly"] is not None:
        return _decide_fly(s, f)
    if d.get("raid") and d["target"] is None:
        blocked = blocked_zones(s, seat)  # enemy or contested (HH-37.10)
        targets = [z for z in sector_zones(s, d["sector"]) if z in blocked]
        opts = [one(f"target:{z}", "heresy.opt.target", "zone", z) for z in targets]
        return Decision(
            seat,
            "heresy.move.target",
            (*opts, IGNORE),
            Msg("heresy.q.target"),
            ("HH-21.19",),
            # a step of the answer: the others see its outcome (view, events) once done
            private=True,
        )
    if d["mode"] == "one" and d["dest"] is None:
        zones = destination_choices(
            s, f, BlockedTypes(dict.fromkeys(blocked_zones(s, seat), ENEMY))
        )
        opts = [_dest_opt(z) for z in zones]
        return Decision(
            seat,
            "heresy.move.destination",
            (*opts, IGNORE),
            Msg("heresy.q.destination"),
            RULES,
            # a step of the answer: the others see its outcome (view, events) once done
            private=True,
        )
    if d["pick"] is not None:
        opts = [_dest_opt(z) for z in d["pick"][1]]
        return new_decision((seat, "heresy.move.to", tuple(opts), _Q_MOVE_TO, RULES, False))
    opts = pending(s, f).options  # each mover's text names where it stands now
    tail = (DONE,) if d["any"] or d["mode"] == "one" else (DONE, IGNORE)
    # a step of the answer: the others see its outcome (view, events) once done
    # a step of the answer: the others see its outcome (view, events) once done (private)
    return new_decision((seat, "heresy.move.units", (*opts, *tail), _Q_MOVERS, RULES, True))


def choose_move(s: HeresyState, f: Frame, key: str) -> None:
    before = s.units_changes
    _choose_move(s, f, key)
    picked(s, f, before)  # something may have moved: who may move is computed afresh


def _choose_move(s: HeresyState, f: Frame, key: str) -> None:
    d = f.data
    verb, _, rest = key.partition(":")
    if d["fly"] is not None:
        _choose_fly(s, f, verb, rest)
    elif key == "ignore":
        s.log.append(new_msg(("heresy.log.ignored", {"seat": f.seat}, "HH-19.12")))
        s.stack.pop()
    elif key == "done":
        _finish(s, f)
    elif verb == "target":
        d["target"] = rest
    elif verb == "to" and d["dest"] is None and d["mode"] == "one":
        d["dest"] = rest
    elif verb == "to":
        what = d["pick"][0]
        d["pick"] = None
        _relocate(s, f, what, rest)
    else:
        ok: list[str] = next(o for k, _w, o in movers(s, f) if k == key)
        zone = rest.partition(":")[0] if verb == "unit" else s.heroes[rest]
        kind = s.content.units[rest.partition(":")[2].split("/")[0]] if verb == "unit" else None
        if kind is not None and kind.air_transport and d["reach"] == "normal":
            u = take_unit(s, zone, rest.partition(":")[2])
            assert u is not None
            d["fly"] = {"unit": list(u), "at": zone, "mp": kind.move, "cargo": [], "heroes": []}
        elif d["mode"] == "one":
            _relocate(s, f, key, d["dest"])
        elif len(ok) == 1:
            _relocate(s, f, key, ok[0])
        else:
            d["pick"] = [key, ok]


def _mark_moved(f: Frame, zone: str, text: str) -> None:
    per = f.data["moved"].setdefault(zone, {})
    per[text] = per.get(text, 0) + 1
    f.data["any"] = True


def _relocate(s: HeresyState, f: Frame, key: str, dest: str) -> None:
    verb, _, rest = key.partition(":")
    if verb == "hero":
        s.heroes[rest] = dest
        f.data["heroes_moved"].append(rest)
        f.data["any"] = True
    else:
        zone, _, text = rest.partition(":")
        u = take_unit(s, zone, text)
        assert u is not None
        add_unit(s, dest, u)
        _mark_moved(f, dest, text)
    if dest not in f.data["dests"]:
        f.data["dests"].append(dest)
    s.log.append(new_msg(("heresy.log.moved", {"what": rest, "to": dest}, "HH-21.18")))


def _finish(s: HeresyState, f: Frame) -> None:
    """HH-21.6, HH-21.12, HH-24.1: activate the destination zone(s), unless cancelled.
    Raid Éclair (HH-21.19, HH-21.8): its target and origin zones, then the battle hook."""
    s.stack.pop()
    target = f.data.get("target")
    if target is not None:
        s.log.append(
            Msg(
                "heresy.log.battle_stub",
                {"card": f.data["card"], "sector": f.data["sector"]},  # the target's sector
                "HH-21.19",
            )
        )
    if f.data["activate"]:
        zones = [f.data["dest"]] if f.data["mode"] == "one" else list(f.data["dests"])
        if target is not None:
            zones.append(target)
        for zone in zones:
            if zone and activate(s, zone, f.seat):
                s.log.append(new_msg(("heresy.log.activated", {"zone": zone}, "HH-21.6")))
    if target is not None and f.data["dest"]:
        from arbitre.games.heresy import joining

        battle = joining.new_battle(f.seat, f.data["card"], f.data["sector"], "lightning_raid")
        joining.set_target(s, battle, target)
        if f.data["dest"] not in battle.data["origins"]:
            battle.data["origins"].append(f.data["dest"])
        battle.data["stage"] = "engage"
        s.stack.append(battle)


# --- air transport (HH-23.4..HH-23.8, AMB-4, AMB-22) ----------------------------------


def _decide_fly(s: HeresyState, f: Frame) -> Decision:
    seat = f.seat
    fly = f.data["fly"]
    at, mp = fly["at"], fly["mp"]
    types = _types(s, seat)
    dests = destinations(s, f, types)
    far = _flight_distance(s, dests)
    opts: list[Option] = []
    if at in dests and types[at] not in (ENEMY, CONTESTED):
        opts.append(Option("land", Msg("heresy.opt.land", {"zone": at})))
    for n in sorted(neighbours(s, at)):
        if far.get(n, 99) + 1 <= mp:
            opts.append(keyed("fly", "heresy.opt.fly", "zone", n))
    aboard = len(fly["cargo"]) + len(fly["heroes"])
    cap = s.content.units[fly["unit"][1]].air_transport
    if aboard < cap and types[at] == FRIENDLY and not activated(s, at, seat):
        moved = f.data["moved"].get(at, {})
        counts: dict[str, int] = {}
        for u in s.units.get(at, ()):
            if u[0] == seat and not s.content.units[u[1]].air_transport:
                counts[label(u)] = counts.get(label(u), 0) + 1
        for t, cnt in counts.items():
            if cnt > moved.get(t, 0):
                opts.append(keyed("pick", "heresy.opt.pick", "what", t))
        if s.rules.carry_heroes:
            for h, z in sorted(s.heroes.items()):
                if z == at and hero_side(s, h) == seat and h not in f.data["heroes_moved"]:
                    opts.append(keyed("pickhero", "heresy.opt.pick", "what", h))
    may_drop = types[at] not in (ENEMY, CONTESTED) and (s.rules.drop_outside or at in dests)
    if may_drop:
        for t in dict.fromkeys(label(tuple(u)) for u in fly["cargo"]):
            opts.append(keyed("drop", "heresy.opt.drop", "what", t))
        for h in fly["heroes"]:
            opts.append(keyed("drophero", "heresy.opt.drop", "what", h))
    return Decision(
        seat,
        "heresy.move.fly",
        tuple(opts),
        Msg("heresy.q.fly", {"zone": at}),
        ("HH-23.3", "HH-23.4", "HH-23.6", "HH-23.7", "AMB-4", "AMB-22"),
        # a step of the answer: the others see its outcome (view, events) once done
        private=True,
    )


def _choose_fly(s: HeresyState, f: Frame, verb: str, rest: str) -> None:
    fly = f.data["fly"]
    at = fly["at"]
    if verb == "fly":
        fly["mp"] -= 1
        fly["at"] = rest
    elif verb == "pick":
        u = take_unit(s, at, rest)
        assert u is not None
        fly["cargo"].append(list(u))
    elif verb == "pickhero":
        s.heroes[rest] = AIR
        fly["heroes"].append(rest)
        f.data["heroes_moved"].append(rest)
    elif verb == "drop":
        for i, u in enumerate(fly["cargo"]):
            if label(tuple(u)) == rest:
                add_unit(s, at, tuple(fly["cargo"].pop(i)))
                _mark_moved(f, at, rest)
                break
    elif verb == "drophero":
        fly["heroes"].remove(rest)
        s.heroes[rest] = at
    else:  # land: HH-23.7, every unit still aboard is dropped here
        for u in fly["cargo"]:
            add_unit(s, at, tuple(u))
            _mark_moved(f, at, label(tuple(u)))
        for h in fly["heroes"]:
            s.heroes[h] = at
        unit = tuple(fly["unit"])
        add_unit(s, at, unit)
        _mark_moved(f, at, label(unit))
        if at not in f.data["dests"]:
            f.data["dests"].append(at)
        f.data["fly"] = None
        s.log.append(new_msg(("heresy.log.moved", {"what": label(unit), "to": at}, "HH-23.7")))
