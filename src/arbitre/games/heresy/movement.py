"""Movement (HH-21.17..HH-24.1, HH-32.1): movement points, crevasses, friendly and neutral
zones only, destinations in the order's sector, activation limits, flying units and air
transport, Rassembler (one destination) and Redéployer (several destinations).

The frame `move` (data: card, sector, mode "one" | "many", activate, dest, dests, moved,
heroes_moved, pick, fly) asks one pick at a time and ends with `done`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.heresy import distances
from arbitre.games.heresy.board import (
    CONTESTED,
    ENEMY,
    FRIENDLY,
    NEUTRAL,
    activate,
    activated,
    add_unit,
    hero_side,
    neighbours,
    sector_zones,
    take_unit,
    zone_type,
)
from arbitre.games.heresy.distances import (
    BLOCKED,
    _adjacency,
    _flying_from,
    _max_move,
    _transport_can_end,
    blocked_zones,
    ground_distance,
)
from arbitre.games.heresy.opts import keyed, new_decision, new_msg, one, two
from arbitre.games.heresy.state import Frame, HeresyState, Unit, label

AIR = "@air"  # a Hero aboard a flying transport during its move
RULES = ("HH-21.18", "HH-21.21", "HH-21.23", "HH-21.24", "HH-21.7")

# the searches live in `distances`; other modules and tests reach them through here
reach = distances.reach
ends = distances.ends
_types = distances._types
_distance_to = distances._distance_to
_flight_distance = distances._flight_distance
UNLIMITED = distances.UNLIMITED


CATACOMBS = "vs_catacombs"  # named by the FAQ (Boarding Action, Port Landing)


def vengeful(s: HeresyState) -> tuple[str, ...]:
    """The Vengeful Spirit's zones (HH-37.12)."""
    return sector_zones(s, "vengeful_spirit")


def destination_choices(s: HeresyState, f: Frame, types: dict[str, str]) -> list[str]:
    """HH-21.18: friendly or neutral zones of the order's sector; Raid Éclair: friendly or
    neutral zones adjacent to its target, in any sector (HH-21.19)."""
    target = f.data.get("target")
    if target is not None:
        return [n for n, _ in _adjacency(s)[target] if types[n] not in BLOCKED]
    # FAQ v1.0: Boarding Action may move units into the Catacombs even with enemy units
    # there (the zone becomes contested: a coexistence battle at the change, HH-21.16)
    board = f.data.get("reach") == "board" and s.rules.faq
    return [
        z
        for z in sector_zones(s, f.data["sector"])
        if types[z] not in BLOCKED or (board and z == CATACOMBS)
    ]


def destinations(s: HeresyState, f: Frame, types: dict[str, str]) -> list[str]:
    """HH-21.18: the order's destination zones (in its sector, friendly or neutral)."""
    if f.data["mode"] == "one":
        return [f.data["dest"]]
    return destination_choices(s, f, types)


Mover = tuple[str, str, list[str]]
# a zone's movers as last computed: the units and moves they came from, the movers and
# their options (a pick changes one or two zones: the others are reused as they were)
ZoneMovers = tuple[list[Unit], dict[str, int] | None, list[Mover], list[Option]]


@dataclass(slots=True)
class _MoveMemo:
    """What a move frame's picks share while the enemy's units stay put (speed): the
    zones blocked for the mover, the destinations, the reachable destinations per
    (zone, MP, flying) and per air transport start, each destination's distance map,
    the movers of each zone with the units and moves they came from (a pick changes one
    or two zones), and the movers of the pending pick with their options."""

    blocked: frozenset[str]
    dest: str | None
    target: str | None
    dests: list[str]
    seen: dict[tuple[str, int, bool], list[str]]
    lifts: dict[tuple[str, int], bool]
    movers: list[Mover] | None = None
    options: list[Option] = field(default_factory=list)
    zones: dict[str, ZoneMovers] = field(default_factory=dict)
    # (destination, MP from every zone to it) for ground movers, then for flyers
    ground: list[tuple[str, dict[str, int]]] | None = None
    flying: list[tuple[str, dict[str, int]]] | None = None


def _memo(s: HeresyState, f: Frame) -> _MoveMemo:
    """The frame's memo, rebuilt when the enemy's units or the chosen destination or
    target changed (a clone starts without one: `Frame.memo` is never copied)."""
    blocked = blocked_zones(s, f.seat)
    m = f.memo
    d = f.data
    if (
        isinstance(m, _MoveMemo)
        and m.blocked == blocked
        and m.dest == d["dest"]
        and m.target == d.get("target")
    ):
        return m
    types = dict.fromkeys(blocked, ENEMY)  # destinations only ask "blocked or not"
    dests = destinations(s, f, _Types(types))
    m = _MoveMemo(blocked, d["dest"], d.get("target"), dests, {}, {})
    f.memo = m
    return m


class _Types(dict[str, str]):
    """Zone types where only "blocked or not" matters: a zone not listed is neutral."""

    def __missing__(self, key: str) -> str:
        return NEUTRAL


def movers(s: HeresyState, f: Frame) -> list[Mover]:
    """(key, what, reachable destinations) for every unit or Hero that may still move.

    Computed once per pick and kept in `f.memo`; what only the enemy's units decide
    (blocked zones, distances, destinations) is kept for every pick of the move."""
    return _pending(s, f).movers or []


def _pending(s: HeresyState, f: Frame) -> _MoveMemo:
    """The memo with the pending pick's movers and their options computed."""
    m = f.memo
    if isinstance(m, _MoveMemo) and m.movers is not None:
        return m  # kept until the next pick (choose_move)
    m = _memo(s, f)
    _movers(s, f, m)
    return m


_SEAT_HEROES: dict[int, tuple[tuple[tuple[str, int], ...], ...]] = {}


def _seat_heroes(s: HeresyState) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per seat, (Hero, MP) in name order (HH-32.1), built once per content (speed)."""
    key = id(s.content)
    got = _SEAT_HEROES.get(key)
    if got is None:
        got = tuple(
            tuple((h.id, h.move) for h in sorted(s.content.heroes, key=lambda h: h.id)
                  if hero_side(s, h.id) == seat)
            for seat in (0, 1)
        )  # fmt: skip
        _SEAT_HEROES[key] = got
    return got


def _movers(s: HeresyState, f: Frame, m: _MoveMemo) -> None:
    """Sets `m.movers` and `m.options` for the pending pick."""
    seat = f.seat
    blocked = m.blocked
    dests = m.dests
    reach_rule = f.data.get("reach", "normal")
    limit = UNLIMITED if reach_rule == "unlimited" else _max_move(s)
    seen = m.seen

    def ok_for(zone: str, mp: int, flying: bool) -> list[str]:
        memo = (zone, mp, flying)
        got = seen.get(memo)
        if got is None:
            got = seen[memo] = _ok_for(zone, mp, flying)
        return got

    def _ok_for(zone: str, mp: int, flying: bool) -> list[str]:
        if reach_rule == "board":  # Action d'Embarquement: Terra <-> Vengeful Spirit
            ship = vengeful(s)
            return [d for d in dests if (zone in ship) != (d in ship)]
        if reach_rule == "unlimited":
            mp = UNLIMITED
        # each destination's distance map, searched once per memo (speed)
        if flying:
            maps = m.flying
            if maps is None:
                maps = m.flying = [(d, _flying_from(s, d)) for d in dests]
        else:
            maps = m.ground
            if maps is None:
                maps = m.ground = [(d, ground_distance(s, d, blocked, limit)) for d in dests]
        far = UNLIMITED + 1
        return [d for d, dist in maps if d != zone and dist.get(zone, far) <= mp]

    def lifts(zone: str, mp: int) -> bool:
        got = m.lifts.get((zone, mp))
        if got is None:
            got = m.lifts[(zone, mp)] = _transport_can_end(s, zone, mp, dests)
        return got

    leave_contested = s.rules.leave_contested
    marks = s.marks[seat]
    moved: dict[str, dict[str, int]] = f.data["moved"]
    unit_kinds = s.content.units.by_id()
    out: list[Mover] = []
    options: list[Option] = []
    known = m.zones
    for zone, units in s.units.items():
        # HH-21.7: not out of a zone activated for the mover (a marker of either side);
        # AMB-24: nor, unless the option allows it, out of a contested one (a zone of his
        # that is blocked)
        if not units or marks.get(zone):
            continue
        if not leave_contested and zone in blocked:
            continue
        done = moved.get(zone)
        got = known.get(zone)
        # the zone as it was at the last pick: same units in the same order, same moves
        if got is not None and got[0] == units and got[1] == done:
            out += got[2]
            options += got[3]
            continue
        here: list[Mover] = []
        opts: list[Option] = []
        counts: dict[str, int] = {}
        types: dict[str, str] = {}  # label -> unit type
        for u in units:
            if u[0] == seat:
                t = u[1]  # label(u), written out (speed: a call per unit)
                if u[2]:
                    t += "/" + u[2]
                if u[3]:
                    t += f"/d{u[3]}"
                counts[t] = counts.get(t, 0) + 1
                types[t] = u[1]
        for t, n in counts.items():
            if done is not None and n <= done.get(t, 0):
                continue
            kind = unit_kinds[types[t]]
            ok = ok_for(zone, kind.move, kind.flying)
            if ok or (kind.air_transport and reach_rule == "normal" and lifts(zone, kind.move)):
                key = f"unit:{zone}:{t}"
                here.append((key, t, ok))
                opts.append(two(key, "heresy.opt.mover", "what", t, "zone", zone))
        known[zone] = (units.copy(), None if done is None else done.copy(), here, opts)
        out += here
        options += opts
    heroes = s.heroes
    heroes_moved = f.data["heroes_moved"]
    for hero, mp in _seat_heroes(s)[seat]:
        at = heroes.get(hero)
        if not at or at == "dead" or at == AIR or hero in heroes_moved:
            continue
        # HH-21.7 as for units: not out of an activated zone; AMB-24: nor a contested one
        if marks.get(at) or (not leave_contested and zone_type(s, at, seat) == CONTESTED):
            continue
        ok = ok_for(at, mp, False)  # HH-32.1
        if ok:
            key = f"hero:{hero}"
            out.append((key, hero, ok))
            options.append(two(key, "heresy.opt.mover", "what", hero, "zone", at))
    m.movers = out
    m.options = options


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
        zones = destination_choices(s, f, _Types(dict.fromkeys(blocked_zones(s, seat), ENEMY)))
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
    opts = _pending(s, f).options  # each mover's text names where it stands now
    tail = (DONE,) if d["any"] or d["mode"] == "one" else (DONE, IGNORE)
    # a step of the answer: the others see its outcome (view, events) once done
    # a step of the answer: the others see its outcome (view, events) once done (private)
    return new_decision((seat, "heresy.move.units", (*opts, *tail), _Q_MOVERS, RULES, True))


def choose_move(s: HeresyState, f: Frame, key: str) -> None:
    _choose_move(s, f, key)
    if isinstance(f.memo, _MoveMemo):
        f.memo.movers = None  # something may have moved: who may move is computed afresh


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
