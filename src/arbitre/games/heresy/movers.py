"""Who may move where during a move order (HH-21.7, HH-21.18, HH-21.21, HH-21.23,
HH-21.24, HH-32.1, AMB-24): the order's destinations and, for each pick, the units and
Heroes that may still move with the destinations each may reach.

What only the enemy's units decide is kept in the frame's memo for all the picks of the
move (speed, `MoveMemo`); the frame itself (`move`) lives in `movement`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.engine.decision import Option
from arbitre.games.heresy.board import CONTESTED, ENEMY, NEUTRAL, hero_side, sector_zones, zone_type
from arbitre.games.heresy.distances import (
    BLOCKED,
    UNLIMITED,
    _adjacency,
    _flying_from,
    _max_move,
    _transport_can_end,
    blocked_zones,
    ground_distance,
)
from arbitre.games.heresy.opts import two
from arbitre.games.heresy.state import Frame, HeresyState, Unit

AIR = "@air"  # a Hero aboard a flying transport during its move

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
class MoveMemo:
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
    # each Hero's movers as last computed: his zone, his mover and option (or none)
    heroes: dict[str, tuple[str, list[Mover], list[Option]]] = field(default_factory=dict)
    # `s.units_changes` when `blocked` was last read or kept (memo, picked)
    units_at: int = -1


def memo(s: HeresyState, f: Frame) -> MoveMemo:
    """The frame's memo, rebuilt when the enemy's units or the chosen destination or
    target changed (a clone starts without one: `Frame.memo` is never copied). The zones
    blocked for the mover (HH-37.10, HH-21.23) are not read again while no unit changed
    but by the mover's own picks (`MoveMemo.units_at`, speed: they were read afresh at
    every pick, and the mover's units alone never change them)."""
    m = f.memo
    d = f.data
    if isinstance(m, MoveMemo) and m.dest == d["dest"] and m.target == d.get("target"):
        if m.units_at == s.units_changes:
            return m
        blocked = blocked_zones(s, f.seat)
        if m.blocked == blocked:
            m.units_at = s.units_changes
            return m
    else:
        blocked = blocked_zones(s, f.seat)
    types = dict.fromkeys(blocked, ENEMY)  # destinations only ask "blocked or not"
    dests = destinations(s, f, BlockedTypes(types))
    m = MoveMemo(blocked, d["dest"], d.get("target"), dests, {}, {})
    m.units_at = s.units_changes
    f.memo = m
    return m


def picked(s: HeresyState, f: Frame, before: int) -> None:
    """After a pick of the move (`movement.choose_move`): who may move is computed afresh
    at the next one; `before` is `s.units_changes` before the pick. The pick moved only
    the mover's own units and Heroes (HH-21.18, HH-23.4: a unit or transport of his
    taken from a zone he may leave, cargo picked up in a friendly zone, all set down
    again), which leave the zones blocked for him as they were: the memo stays valid for
    them when it was before the pick."""
    m = f.memo
    if isinstance(m, MoveMemo):
        m.movers = None
        if m.units_at == before:
            m.units_at = s.units_changes


class BlockedTypes(dict[str, str]):
    """Zone types where only "blocked or not" matters: a zone not listed is neutral."""

    def __missing__(self, key: str) -> str:
        return NEUTRAL


def movers(s: HeresyState, f: Frame) -> list[Mover]:
    """(key, what, reachable destinations) for every unit or Hero that may still move.

    Computed once per pick and kept in `f.memo`; what only the enemy's units decide
    (blocked zones, distances, destinations) is kept for every pick of the move."""
    return pending(s, f).movers or []


def pending(s: HeresyState, f: Frame) -> MoveMemo:
    """The memo with the pending pick's movers and their options computed."""
    m = f.memo
    if isinstance(m, MoveMemo) and m.movers is not None:
        return m  # kept until the next pick (choose_move)
    m = memo(s, f)
    _movers(s, f, m)
    return m


_SEAT_HEROES: dict[int, tuple[tuple[tuple[str, int], ...], ...]] = {}


def seat_heroes(s: HeresyState) -> tuple[tuple[tuple[str, int], ...], ...]:
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


def _movers(s: HeresyState, f: Frame, m: MoveMemo) -> None:
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
        if units[0][0] != seat:  # speed: a zone of the enemy's units alone has no mover,
            for u in units:  # found without its memo (often the first pick: no memo yet)
                if u[0] == seat:
                    break
            else:
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
    heroes_known = m.heroes
    for hero, mp in seat_heroes(s)[seat]:
        at = heroes.get(hero)
        if not at or at == "dead" or at == AIR or hero in heroes_moved:
            continue
        # HH-21.7 as for units: not out of an activated zone; AMB-24: nor a contested one
        if marks.get(at) or (not leave_contested and zone_type(s, at, seat) == CONTESTED):
            continue
        kept = heroes_known.get(hero)
        if kept is None or kept[0] != at:  # speed: kept while the Hero stays where he was
            ok = ok_for(at, mp, False)  # HH-32.1
            key = f"hero:{hero}"
            opt = two(key, "heresy.opt.mover", "what", hero, "zone", at)
            kept = heroes_known[hero] = (at, [(key, hero, ok)], [opt]) if ok else (at, [], [])
        out += kept[1]
        options += kept[2]
    m.movers = out
    m.options = options
