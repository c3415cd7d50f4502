"""Transports on the table (EPC-21): embarking, disembarking, riding, the Emergency Exit
and the Character's abandoned transport (EP-9.3, EP-10.4, EP-16.4, EP-16.17, EP-16.21,
EP-16.34..16.36, research §3.5).

- Stands aboard leave the table: they sit in `EpicState.aboard` with their `carrier`,
  ride wherever it goes, can neither shoot nor be shot.
- Embarking ends a detachment's move (`emb:<transport detachment>` in its move
  decision): each stand must reach a friendly transport stand on the ground (EP-16.17;
  never an airborne one, EP-16.21) with its move less 5 cm (EP-16.4; research S3, entering
  costs 5 cm), and find room (EP-10.4: a Bound Character takes none).
- Disembarking is the detachment's activation: its stands are set down around their
  transport, then make their move less 5 cm (EP-16.4). From an airborne transport only
  Jump Packs and Antigrav stands may leave (EP-16.21), "sans difficulté": they lose no
  5 cm (EP-16.4 is about a landed Flyer); they drop under Difficult Target until they
  land (EP-16.34).
- A transport destroyed with troops aboard: from the air, Jump Packs and Antigrav stands
  take an Emergency Exit test and the others die (EP-16.35/16.36; AMB-EP-15j: the test
  is D6 >= `transport.exitTest` worsened by the killing PA, 4+ in an assault, research
  §3.5); on the ground every stand takes the test (research §3.5). Survivors are set
  down within 6 cm of the wreck (placed by the referee: the nearest free spots, ours).
"""

from __future__ import annotations

import math

from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import EMBARK_COST_CM, EMERGENCY_EXIT_CM, transport_space
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.geometry import Point, coherent, path_blocked
from arbitre.games.epic.shooting import GROUND
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.world import areas, contact, stand_class

ASSAULT_EXIT = 4  # research §3.5: 4+ flat when the transport dies in an assault
RINGS = ((3.0, 8), (5.5, 12))  # cm from the transport's centre, spots on that ring
assert max(r for r, _n in RINGS) <= EMERGENCY_EXIT_CM  # EP-16.35: within 6 cm


def room(st: Stand) -> int:
    """The stand's capacity (its profile's "transport"; issue 14: kept by unit)."""
    got = _ROOM.get(st.unit)
    if got is None:
        got = _ROOM[st.unit] = st.profile.param("transport") or 0
    return got


_ROOM: dict[str, int] = {}


def space(st: Stand) -> int:
    return transport_space([st.profile])


def room_left(s: EpicState, carrier: Stand) -> int:
    """EPC-21: capacity less what rides already (EP-10.4: Bound Characters are free)."""
    return room(carrier) - sum(space(x) for x in s.cargo(carrier.sid))


def may_drop(st: Stand) -> bool:
    """EP-16.21: Jump Packs and Antigrav stands may leave an airborne transport."""
    return st.profile.has("jump_packs") or st.profile.has("antigrav")


# --- embarking --------------------------------------------------------------------------


def seats_for(s: EpicState, did: int, tdid: int, reach: float) -> dict[int, int] | None:
    """Stand -> transport stand for every stand of `did`, or None when one cannot reach
    a transport with room (EP-16.4, EP-16.17, EP-16.21, EP-10.4)."""
    carriers = [c for c in s.alive(tdid) if room(c) > 0 and c.alt == GROUND]
    mine = s.alive(did)
    far = reach + contact(s) + 1e-9  # the limit `fits` compares with, the same float
    if _stranded(mine, carriers, far):
        return None  # issue 15: the usual answer, the room left not counted
    left = {c.sid: room_left(s, c) for c in carriers}
    out: dict[int, int] = {}
    for st in sorted(mine, key=lambda x: (-space(x), x.sid)):
        need = space(st)
        fits = [
            c
            for c in carriers
            if left[c.sid] >= need and st.point.to(c.point) <= reach + contact(s) + 1e-9
        ]
        if not fits:
            return None
        best = min(fits, key=lambda c: (st.point.to(c.point), c.sid))
        left[best.sid] -= need
        out[st.sid] = best.sid
    return out


def _stranded(mine: list[Stand], carriers: list[Stand], far: float) -> bool:
    """Whether some stand of `mine` is farther than `far` from every carrier on x or y,
    hence farther than `far` from each (a distance is at least its gap on either axis):
    `seats_for` finds it no carrier whatever the room left, and answers None (EP-16.4)."""
    for st in mine:
        x, y = st.x, st.y
        for c in carriers:
            dx, dy = c.x - x, c.y - y
            if -far <= dx <= far and -far <= dy <= far:
                break
        else:
            return True
    return False


def embark_targets(s: EpicState, did: int, allowance: float) -> list[int]:
    """Friendly transport detachments the detachment may board at the end of this move."""
    det = s.dets[did]
    mine = s.alive(did)
    if det.disembarked or not mine:
        return []
    for st in mine:  # (a loop, no generator: eighth round)
        if CATALOG.units[st.unit].is_flyer:
            return []
    reach = allowance - EMBARK_COST_CM
    if reach < 0 or s.embarked(did):
        return []
    # issue 14: only detachments with a grounded stand that carries anything can seat it
    # (seats_for answers None for the others); they are found in one pass, without
    # sorting the riders (a stand is of its detachment's side)
    side = det.side  # issue 15: the transports are kept with the stands (`carriers`)
    hosts = {st.det for st in s.carriers() if st.side == side and st.alt == GROUND}
    if not hosts:
        return []
    return [
        t.did
        for t in s.dets
        if t.did in hosts and t.did != did and seats_for(s, did, t.did, reach) is not None
    ]


def embark(s: EpicState, did: int, tdid: int, allowance: float) -> None:
    seats = seats_for(s, did, tdid, allowance - EMBARK_COST_CM)
    assert seats is not None
    for sid, carrier in seats.items():
        st = s.stands.pop(sid)
        st.carrier = carrier
        st.x, st.y, st.alt = s.stands[carrier].x, s.stands[carrier].y, GROUND
        s.aboard[sid] = st
    s.dets[did].moved = True
    s.log.append(
        Msg("epic.ev.embark", {"det": s.dets[did].spec, "into": s.dets[tdid].spec}, "EP-16.17")
    )


# --- disembarking -----------------------------------------------------------------------


def spots(s: EpicState, centre: Point, n: int, cls: int, side: int, airborne: bool) -> list[Point]:
    """`n` free spots around a transport (on the table, not on another stand, not in
    contact with an enemy, passable ground), in coherency, or [] when there is no room."""
    out: list[Point] = []
    terrain = areas(s)
    table_w, table_h = s.table.width, s.table.height
    gap, touch = 2 * s.rules.base_radius, contact(s)
    # issue 14: the grounded stands, listed once for every spot, read as coordinates;
    # issue 15: only those near the rings (a spot lies within the largest ring's radius
    # of the centre, so a stand farther than that plus `touch` on one axis, + 1e-6 for
    # float noise, is farther than `touch` >= `gap` from every spot)
    cx, cy, far = centre.x, centre.y, max(r for r, _n in RINGS) + touch + 1e-6
    ground = [
        (o.x, o.y, o.side != side)
        for o in s.stands.values()
        if o.alt == GROUND and -far <= o.x - cx <= far and -far <= o.y - cy <= far
    ]
    hypot = math.hypot
    for radius, count in RINGS:
        for i in range(count):
            a = 2 * math.pi * i / count + math.pi / 2
            # (a Point without its Python __new__: eighth round)
            p = tuple.__new__(
                Point, (centre.x + radius * math.cos(a), centre.y + radius * math.sin(a))
            )
            if not (0 <= p.x <= table_w and 0 <= p.y <= table_h):
                continue
            if not airborne and path_blocked(centre, p, cls, terrain, False):
                continue
            near = False
            for q in out:  # (a loop, no generator: eighth round)
                if p.to(q) < gap:
                    near = True
                    break
            if near:
                continue
            clash = False
            px, py = p
            for ox, oy, enemy in ground:
                d = hypot(ox - px, oy - py)  # = p.to(o.point)
                if d < gap or (enemy and d <= touch):
                    clash = True
                    break
            if not clash:
                out.append(p)
            if len(out) == n:
                return out if coherent(out, s.rules) else []
    return []


def may_disembark(s: EpicState, did: int) -> bool:
    """A detachment wholly aboard, with a moving order (EPC-9), whose transports let it
    out: on the ground (EP-16.17), or in the air for Jump Packs/Antigrav (EP-16.21)."""
    cargo = s.embarked(did)
    if not cargo or s.alive(did) or s.dets[did].moved:
        return False
    if s.dets[did].order not in ("avance", "charge", "retraite"):
        return False
    for st in cargo:
        carrier = s.stands.get(st.carrier)
        if carrier is None or (carrier.alt != GROUND and not may_drop(st)):
            return False
    return bool(_placement(s, did))


def _placement(s: EpicState, did: int) -> dict[int, Point]:
    cargo = sorted(s.embarked(did), key=lambda x: x.sid)
    out: dict[int, Point] = {}
    by_carrier: dict[int, list[Stand]] = {}
    for st in cargo:
        by_carrier.setdefault(st.carrier, []).append(st)
    for cid, group in by_carrier.items():
        carrier = s.stands[cid]
        got = spots(
            s,
            carrier.point,
            len(group),
            max([stand_class(x) for x in group]),
            carrier.side,
            carrier.alt != GROUND,
        )
        if len(got) < len(group):
            return {}
        out.update({st.sid: p for st, p in zip(group, got, strict=False)})
    return out if coherent(list(out.values()), s.rules) else {}


def disembark(s: EpicState, did: int) -> None:
    """Set the stands down around their transports; from an airborne transport they
    start at its altitude and drop during their move (EP-16.21, EP-16.34).

    Leaving a transport on the ground costs 5 cm of the move (EP-16.4, for a landed
    Flyer; research S3 for the others). Jump Packs and Antigrav stands leaving a Flyer
    at Low or High altitude do so "sans difficulté" (EP-16.21): they lose nothing."""
    airborne = False
    for sid, p in _placement(s, did).items():
        st = s.aboard.pop(sid)
        carrier = s.stands[st.carrier]
        st.x, st.y, st.alt, st.carrier = p.x, p.y, carrier.alt, -1
        st.facing = carrier.facing
        s.stands[sid] = st
        airborne = airborne or carrier.alt != GROUND
    det = s.dets[did]
    det.disembarked, det.dropped = True, airborne
    rule = "EP-16.21" if airborne else "EP-16.4"
    s.log.append(Msg("epic.ev.disembark", {"det": det.spec}, rule))


# --- the wreck --------------------------------------------------------------------------


def wreck(s: EpicState, carrier: Stand, pa: int, in_assault: bool) -> None:
    """The transport `carrier` is destroyed with troops aboard (EP-16.35/16.36,
    AMB-EP-15j, research §3.5)."""
    cargo = sorted(s.cargo(carrier.sid), key=lambda x: x.sid)
    if not cargo:
        return
    air = carrier.alt != GROUND
    target = ASSAULT_EXIT if in_assault else s.rules.exit_test - pa
    saved: list[Stand] = []
    for st in cargo:
        del s.aboard[st.sid]
        if air and not may_drop(st):
            _lost(s, st, "EP-16.36")
            continue
        roll = s.roll()
        if roll > 1 and roll >= target:
            saved.append(st)
        else:
            _lost(s, st, "EP-16.35")
    where = carrier.point
    free = spots(s, where, len(saved), 1, carrier.side, False) if saved else []
    for st, p in zip(saved, free, strict=False):
        st.x, st.y, st.alt, st.carrier = p.x, p.y, GROUND, -1
        s.stands[st.sid] = st
        s.log.append(Msg("epic.ev.exit", {"unit": f"epic.unit.{st.unit}"}, "EP-16.35"))
    for st in saved[len(free) :]:
        _lost(s, st, "EP-16.35")  # no room within 6 cm (ours)


def _lost(s: EpicState, st: Stand, rule: str) -> None:
    det = s.dets[st.det]
    det.lost += 1
    s.log.append(Msg("epic.ev.stand_lost", {"unit": f"epic.unit.{st.unit}"}, rule))
    if det.lost == det.break_points:
        s.log.append(Msg("epic.ev.broken", {"det": det.spec}, "EPC-3"))


# --- the Character's transport (EP-9.3) ---------------------------------------------------


def may_abandon(s: EpicState, did: int) -> bool:
    """EP-9.3: a detachment with a Character, on the table, whose assigned transport
    still stands empty (AMB-EP-9: at any point of its activation, ours: before it moves)."""
    det = s.dets[did]
    if det.transport < 0 or det.moved or not s.alive(det.transport):
        return False
    for st in s.alive(did):  # (a loop, no generator: eighth round)
        if CATALOG.units[st.unit].has("character"):
            break
    else:
        return False
    return not any(s.cargo(t.sid) for t in s.alive(det.transport))


def abandon(s: EpicState, did: int) -> None:
    """EP-9.3 (AMB-EP-9, `character.abandon`): the transport is destroyed and counts as
    a loss, or (alternative reading) the Character is."""
    det = s.dets[did]
    if s.rules.abandon_destroys_transport:
        for st in s.alive(det.transport):
            del s.stands[st.sid]
            _lost(s, st, "EP-9.3")
    else:
        char = next(st for st in s.alive(did) if st.profile.has("character"))
        del s.stands[char.sid]
        _lost(s, char, "EP-9.3")
    s.log.append(
        Msg("epic.ev.abandon", {"det": det.spec, "transport": s.dets[det.transport].spec}, "EP-9.3")
    )
    det.transport = -1


__all__ = [
    "ASSAULT_EXIT",
    "EMBARK_COST_CM",
    "abandon",
    "disembark",
    "embark",
    "embark_targets",
    "may_abandon",
    "may_disembark",
    "room_left",
    "spots",
    "wreck",
]
