"""Detachment moves on the table: allowances by purpose, the validator of a proposed
destination, a finite set of candidate destinations, and point keys "x,y"
(EPC-5, EPC-7, EPC-9, EPC-11, EP-2, EP-7, EP-8.5, EP-16.18, EP-16.24/25, EP-16.32/33).

A detachment moves as one block: every moving stand is translated by the same vector
(a straight line, as EP-16.33 requires of Flyers). A point key names where the lead
stand (the lowest id among the movers) ends; the others keep their places around it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import EMBARK_COST_CM, interception_move
from arbitre.games.epic.geometry import (
    EPS,
    Area,
    Point,
    coherent,
    impassable_to,
    may_land,
    path_enters_zoc,
    touch_box_of,
)
from arbitre.games.epic.headings import (  # re-exported: the texts and tests read them
    DIRECTIONS as DIRECTIONS,
)
from arbitre.games.epic.headings import Said as Said
from arbitre.games.epic.headings import _clean as _clean
from arbitre.games.epic.headings import _distinct_headings as _distinct_headings
from arbitre.games.epic.headings import _headings as _headings
from arbitre.games.epic.headings import kept_headings, key3
from arbitre.games.epic.headings import rounded as rounded
from arbitre.games.epic.headings import shown as shown
from arbitre.games.epic.movement import (
    breakthrough_allowance,
    infiltration_allowance,
    move_allowance,
)
from arbitre.games.epic.shooting import GROUND
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.world import areas, bounds, contact, det_has, move_of, stand_class

_SID = attrgetter("sid")
MOVE, INFILTRATE, BREAKTHROUGH, ZONE, FALLBACK = (
    "move",
    "infiltrate",
    "breakthrough",
    "zone",
    "fallback",
)
TITAN_TURN = 90.0  # research §3.5: a titan turns at most 90° in a turn (ours: before moving)


class Plan(NamedTuple):
    """What a move may do: the stands that move, min/max cm, whether it may engage,
    whether the movers fly (terrain and zones ignored), the rule behind the allowance.
    A NamedTuple (issue 15: built at every move question, and a frozen dataclass's
    `__init__` is slow)."""

    movers: tuple[int, ...]
    lo: float
    hi: float
    rule: str
    engage: bool = False
    flying: bool = False
    land: bool = False  # the move ends on the ground (EP-16.2): EP-16.18 applies
    facing: float | None = None  # a titan's facing: it turns at most 90° (research §3.5)


_new = tuple.__new__


def flyer_det(s: EpicState, did: int) -> bool:
    return det_has(s, did, "flyer")


def plan(s: EpicState, did: int, purpose: str) -> Plan:
    """The allowance of a detachment's move for `purpose` (see module doc)."""
    det = s.dets[did]
    mine = s.alive(did)
    sids = tuple(map(_SID, mine))  # = tuple([st.sid …]), no comprehension (ninth round)
    move = move_of(s, did)
    flyer = flyer_det(s, did)
    if purpose == INFILTRATE:
        # EP-7.3/7.4 per stand; AMB-EP-7c: a mixed detachment moves as its slowest.
        hi = min(infiltration_allowance(stand_class(st), move) for st in mine)
        return Plan(sids, 0.0, hi, "EP-7.3")
    if purpose == BREAKTHROUGH:
        from arbitre.games.epic.assault import breakthrough_stands

        movers = breakthrough_stands(s, did)
        hi = min((breakthrough_allowance(stand_class(st), s.rules) for st in movers), default=0)
        lo = hi if s.rules.breakthrough_exact else 0.0
        return Plan(tuple(st.sid for st in movers), lo, hi, "EP-2.3")
    if purpose == ZONE:
        half = interception_move(move)  # EP-8.5, AMB-EP-8a
        return Plan(
            sids, half, half if s.rules.interceptor_exact else float(move), "EP-8.5", flying=True
        )
    if purpose == FALLBACK:
        return Plan(sids, 0.0, 2.0 * move, "AMB-EP-17")
    order = det.order if det.order != "aucun" else None
    if flyer:
        lo, hi, rule = move_allowance(order, move, True)
        lands = order == "tir_appuye" and (det_has(s, did, "transport") or s.rules.flyer_ta_lands)
        # (Plan(…) without its Python __new__, fields in order: eighth round)
        return _new(Plan, (sids, lo, hi, rule, order == "charge", True, lands, None))
    lo, hi, rule = move_allowance(order, move, False)
    if det.disembarked and not det.dropped:
        # EP-16.4: leaving a landed transport costs 5 cm; from one in the air Jump Packs
        # and Antigrav stands leave "sans difficulté" (EP-16.21): no loss
        hi = max(0.0, hi - EMBARK_COST_CM)
    face = None
    if s.rules.titan_turn90 and mine and mine[0].profile.type in ("titan", "praetorian"):
        face = mine[0].facing
    return _new(Plan, (sids, lo, hi, rule, order == "charge", False, False, face))


@dataclass(slots=True)
class _Near:
    """What a move can bump into, gathered once for all the candidates of one plan."""

    stands: list[tuple[float, float, bool]]  # x, y, enemy
    zones: list[tuple[Point, int]]
    others: list[Point]
    # issue 14: what every candidate's check reads, read once per plan
    movers: list[Stand]
    starts: list[Point]
    # per mover, the terrain pieces impassable to its class (EPC-11); none when flying
    stops: list[tuple[Area, ...]]
    blocked: bool  # some mover has a piece in `stops`
    box: tuple[float, float, float, float]  # the movers' bounding box (x0, x1, y0, y1)
    overlap: float  # closer than this, two bases overlap (EP-2.4)
    touching: float  # this close, two bases touch (world.contact)


def _near(s: EpicState, did: int, p: Plan) -> _Near:
    """What the plan's moves can bump into (EPC-11, EP-2.4..2.6): stands near, zones of
    control within reach, the detachment's others, each mover's impassable pieces."""
    side = s.dets[did].side
    # ninth round: no comprehensions' functions (`bounds`: min() and max()'s very floats)
    movers = list(map(s.stands.__getitem__, p.movers))
    moving = set(p.movers)
    air = p.flying and not p.land
    lead = _new(Point, (movers[0].x, movers[0].y)) if movers else Point(0, 0)  # no property
    box = bounds(movers) if movers else (0.0, 0.0, 0.0, 0.0)
    touching = contact(s)
    # issue 14: `check` looks only at stands within `touching` (+ 1e-6) of the block's box
    # moved by at most p.hi + EPS on each axis, so only stands in that box widened once
    # more by 1e-5 are listed
    m = p.hi + touching + 1e-5
    x0, x1, y0, y1 = box[0] - m, box[1] + m, box[2] - m, box[3] + m
    stands = []  # `(o.alt != GROUND) == air`: airborne(o) == air, inlined
    for o in s.stands.values():
        if x0 <= o.x <= x1 and y0 <= o.y <= y1 and o.sid not in moving and (o.alt != GROUND) == air:
            stands.append((o.x, o.y, o.side != side))
    zones: list[tuple[Point, int]] = []
    if not (p.flying or p.engage):
        # issue 15: the movers' spread is read only here (a flight or a charge has none)
        hypot = math.hypot  # issue 14: coordinates, no Points (same floats as Point.to)
        spread = 0.0  # max() of every pair's distance, written out (issue 15: no generator)
        for a in movers:
            ax, ay = a.x, a.y
            for b in movers:
                d = hypot(b.x - ax, b.y - ay)
                if d > spread:
                    spread = d
        reach = p.hi + spread + 8.0
        # `zoc_of`'s zones within reach; ninth round: farther than reach (+ 1e-9) on x or y
        dets, lx, ly, far = s.dets, lead.x, lead.y, reach + 1e-9  # (a distance >= a gap)
        back = -far  # (tenth round: negated once, not a new float at every enemy)
        for e in s.foes_of(side):
            ex, ey = e.x - lx, e.y - ly
            if ex > far or ex < back or ey > far or ey < back:
                continue
            if hypot(ex, ey) <= reach and e.alt == GROUND and not dets[e.det].fallback:
                zones.append((e.point, stand_class(e)))
    others = [_new(Point, (st.x, st.y)) for st in s.alive(did) if st.sid not in moving]
    stops: list[tuple[Area, ...]]
    if p.flying:
        stops = [()] * len(movers)
    else:
        stops = []
        terrain = areas(s)
        # issue 15: the pieces impassable to each class among the movers, with their
        # `touch_box`, listed once per question (a detachment's stands mostly share one)
        pieces: dict[int, list[tuple[Area, tuple[float, float, float, float]]]] = {}
        r = p.hi + 1e-6
        for st in movers:
            cls = stand_class(st)
            mine = pieces.get(cls)
            if mine is None:
                mine = pieces[cls] = [(ar, touch_box_of(ar)) for ar in impassable_to(cls, terrain)]
            if not mine:
                stops.append(())
                continue
            # issue 14: `check` refuses a move longer than p.hi + EPS before it looks at
            # the terrain, so every path of this plan stays in the square of half-side r
            # around its start; a piece whose `touch_box` misses that square cannot stop it
            x0, x1, y0, y1 = st.x - r, st.x + r, st.y - r, st.y + r
            met = []  # whether each `touch_box` meets the square (ninth round: no calls)
            for ar, tb in mine:  # (not `box`: the movers' box, kept below)
                if tb[0] <= x1 and x0 <= tb[1] and tb[2] <= y1 and y0 <= tb[3]:
                    met.append(ar)
            stops.append(tuple(met))
    starts = [_new(Point, (st.x, st.y)) for st in movers]  # = st.point, no property
    overlap = 2 * s.rules.base_radius - EPS
    blocked = any(stops)
    return _Near(stands, zones, others, movers, starts, stops, blocked, box, overlap, touching)


def check(
    s: EpicState, did: int, p: Plan, dx: float, dy: float, near: _Near | None = None
) -> Msg | None:
    """None if the block move (dx, dy) is legal under the plan, else the refusal with
    its rule: distance, table edge, terrain, contact, zones of control, coherency,
    landing ground."""
    dist = math.hypot(dx, dy)
    if dist > p.hi + EPS:
        return Msg("epic.move.too_far", {"cm": round(dist, 1), "max": p.hi}, p.rule)
    if dist < p.lo - EPS:
        return Msg("epic.move.too_short", {"cm": round(dist, 1), "min": p.lo}, p.rule)
    if p.facing is not None and dist > EPS:
        turn = (math.degrees(math.atan2(dy, dx)) - p.facing + 180.0) % 360.0 - 180.0
        if abs(turn) > TITAN_TURN + EPS:
            return Msg("epic.move.titan_turn", {"deg": round(abs(turn))}, "EPC-11")
    if near is None:
        near = _near(s, did, p)
    overlap, touching = near.overlap, near.touching
    bump_enemy = not p.engage
    # issue 14: the stands near the block's new place, found in one pass for all movers;
    # the box is a hair wider than `touching` (and than float noise), so no stand the test
    # below would catch is left out
    wide = touching + 1e-6
    x0, x1, y0, y1 = near.box
    lo_x, hi_x, lo_y, hi_y = x0 + dx - wide, x1 + dx + wide, y0 + dy - wide, y1 + dy + wide
    close = [o for o in near.stands if lo_x <= o[0] <= hi_x and lo_y <= o[1] <= hi_y]
    table_w, table_h = s.table.width, s.table.height
    zones = near.zones if (dx or dy) else None
    for start, stops in zip(near.starts, near.stops, strict=True):
        # issue 14: the end point is built as a Point only when a test below needs one
        # (the same floats: start + (dx, dy))
        x, y = start[0] + dx, start[1] + dy
        if not (0 <= x <= table_w and 0 <= y <= table_h):
            return Msg("epic.move.off_table", {}, "AMB-EP-7d")
        # (`start` stands in when no test reads `dest`)
        dest = tuple.__new__(Point, (x, y)) if (stops or p.land or zones) else start
        if stops and any(ar.crossed_by(start, dest) for ar in stops):  # path_blocked
            return Msg("epic.move.impassable", {}, "EPC-11")
        if p.land and not may_land(dest, areas(s)):
            return Msg("epic.move.no_landing", {}, "EP-16.18")
        for ox, oy, enemy in close:
            ex, ey = x - ox, y - oy
            if ex > touching or ex < -touching or ey > touching or ey < -touching:
                continue  # issue 14: farther than `touching` (>= overlap) on one axis
            d = math.hypot(ex, ey)
            if d < overlap or (enemy and bump_enemy and d <= touching):
                return Msg("epic.move.contact", {}, "EP-2.4")
        if zones and path_enters_zoc(start, dest, zones):
            return Msg("epic.move.enemy_zoc", {}, "EP-7.5" if p.rule == "EP-7.3" else "EP-2.5")
    if near.others:
        dests = [Point(x + dx, y + dy) for x, y in near.starts]
        if not coherent((*dests, *near.others), s.rules):
            return Msg("epic.move.coherency", {"cm": s.rules.coherency}, "EP-2.6")
    return None


def _legal(s: EpicState, p: Plan, dx: float, dy: float, near: _Near) -> bool:
    """Whether `check(s, did, p, dx, dy, near)` is None (issue 14: `candidates` asks only
    that; `_legal_many` of the one move)."""
    return _legal_many(s, p, near, [(dx, dy)])[0]


def _legal_many(
    s: EpicState, p: Plan, near: _Near, vectors: list[tuple[float, float]]
) -> list[bool]:
    """`check(s, did, p, dx, dy, near) is None` of each move (dx, dy). The same tests on
    the same floats, in an order that finds a refusal sooner and builds no message: which
    refusal comes first does not change whether there is one. Issue 15: what the tests
    read of the plan, the table and `near` is read once for all the moves of a plan."""
    hypot = math.hypot
    hi, lo, facing = p.hi + EPS, p.lo - EPS, p.facing
    starts = near.starts
    x0, x1, y0, y1 = near.box
    width, height = s.table.width, s.table.height
    land = p.land
    paths = bool(near.zones) or land or near.blocked  # some mover's path to look at
    terrain = areas(s) if land else ()
    touching, back = near.touching, -near.touching  # (tenth round: negated once)
    wide = touching + 1e-6
    overlap, bump_enemy = near.overlap, not p.engage
    stands = near.stands
    # tenth round: the stands' box (none: +inf, -inf); a block's box (below) that misses
    # it on one axis meets no stand, as the loop would find (each stand is in this box)
    sx0 = sy0 = math.inf
    sx1 = sy1 = -math.inf
    for ox, oy, _enemy in stands:
        sx0, sx1 = ox if ox < sx0 else sx0, ox if ox > sx1 else sx1
        sy0, sy1 = oy if oy < sy0 else sy0, oy if oy > sy1 else sy1
    others = near.others
    pairs = list(zip(starts, near.stops, strict=True))
    out: list[bool] = []
    for dx, dy in vectors:
        out.append(False)  # until every test below is passed
        dist = hypot(dx, dy)
        if dist > hi or dist < lo:
            continue
        if facing is not None and dist > EPS:
            turn = (math.degrees(math.atan2(dy, dx)) - facing + 180.0) % 360.0 - 180.0
            if abs(turn) > TITAN_TURN + EPS:
                continue
        if starts:
            # every mover on the table: adding dx keeps the order of floats (rounding is
            # monotonic), so the box's sides moved are the movers' extremes moved
            if not (x0 + dx >= 0 and x1 + dx <= width):
                continue
            if not (y0 + dy >= 0 and y1 + dy <= height):
                continue
            if paths:
                zones = near.zones if (dx or dy) else None
                if _path_refused(pairs, dx, dy, zones, land, terrain):
                    continue
            lo_x, hi_x = x0 + dx - wide, x1 + dx + wide
            lo_y, hi_y = y0 + dy - wide, y1 + dy + wide
            bump = False
            far = hi_x < sx0 or lo_x > sx1 or hi_y < sy0 or lo_y > sy1  # (stands' box)
            for ox, oy, enemy in () if far else stands:
                if not (lo_x <= ox <= hi_x and lo_y <= oy <= hi_y):
                    continue  # not near the block's new place (`check`'s `close`)
                for x, y in starts:
                    ex, ey = x + dx - ox, y + dy - oy
                    if ex > touching or ex < back or ey > touching or ey < back:
                        continue
                    d = hypot(ex, ey)
                    if d < overlap or (enemy and bump_enemy and d <= touching):
                        bump = True
                        break
                if bump:
                    break
            if bump:
                continue
        if others:
            dests = [Point(x + dx, y + dy) for x, y in starts]
            if not coherent((*dests, *others), s.rules):
                continue
        out[-1] = True
    return out


def _path_refused(
    pairs: list[tuple[Point, tuple[Area, ...]]],
    dx: float,
    dy: float,
    zones: list[tuple[Point, int]] | None,
    land: bool,
    terrain: tuple[Area, ...],
) -> bool:
    """Whether a mover's path (start, its impassable pieces) moved by (dx, dy) crosses an
    impassable piece, ends where a Flyer may not land or enters a zone of control."""
    for start, stops in pairs:
        dest = tuple.__new__(Point, (start[0] + dx, start[1] + dy))
        for ar in stops:  # (a loop, no generator: eighth round)
            if ar.crossed_by(start, dest):
                return True
        if land and not may_land(dest, terrain):
            return True
        if zones and path_enters_zoc(start, dest, zones):
            return True
    return False


def candidates(s: EpicState, did: int, p: Plan) -> list[tuple[float, float]]:
    """A finite set of legal block moves: staying put (when allowed), eight headings at
    the minimum, half and full allowance, and for a charge the moves that bring a stand
    into base contact with one of the two nearest enemies it may engage.

    Two legal moves that read the same (to 0.1 cm, as the options show them) are one
    option: the first stays, except that a charge's base-contact move takes the place of
    a heading it duplicates (same index, so the keys "p:i" before it do not move)."""
    # the headings, the first of each key (issue 15: deduplicated once per allowance),
    # then the moves toward enemies whose key is new: their text is worked out if legal
    heads, keys, head_vectors = _distinct_headings(p.lo, p.hi)
    todo: list[Said] = list(heads)
    vectors = list(head_vectors)
    if p.hi > 0:
        more: set[tuple[float, float]] = set()
        for dx, dy in _toward_enemy(s, did, p):
            key = key3(dx, dy)  # = (round(dx, 3), round(dy, 3)) (ninth round: one call)
            if key not in keys and key not in more:
                more.add(key)
                todo.append((dx, dy, key, None))
                vectors.append((dx, dy))
    near = _near(s, did, p)
    oks = _legal_many(s, p, near, vectors)
    # eighth round: what the headings add depends on the allowance, on whether it is a
    # charge and on which of them are legal alone; worked out once for each
    n = len(heads)
    kept = kept_headings(p.lo, p.hi, p.engage, heads, oks[:n])
    if n == len(todo):
        return list(kept[0]) or [(0.0, 0.0)]
    out, legal = list(kept[0]), dict(kept[1])
    for (dx, dy, _key, text), ok in zip(todo[n:], oks[n:], strict=True):
        if not ok:
            continue
        if text is None:
            text = shown(dx, dy)
        if text in legal:
            if p.engage:
                out[legal[text]] = (dx, dy)
            continue
        legal[text] = len(out)
        out.append((dx, dy))
    # Ours: a detachment boxed in (e.g. a Flyer against the table edge, EP-16.32) stays.
    return out or [(0.0, 0.0)]


def _toward_enemy(s: EpicState, did: int, p: Plan) -> list[tuple[float, float]]:
    """Moves closing on the nearest enemies (EPC-11): to base contact for a charge (EP-2.4),
    else as far as the allowance lets toward them."""
    side = s.dets[did].side
    lead = s.stands[p.movers[0]] if p.movers else None
    if lead is None:
        return []
    engage, lead_air = p.engage, lead.alt != GROUND  # airborne(), inlined
    foes = s.foes_of(side)  # read only (issue 15: listed again only for a charge)
    if engage:
        foes = [e for e in foes if (e.alt != GROUND) == lead_air]
    lx, ly = lead.x, lead.y
    # the two nearest (= lead.point.to(e.point)), as a stable sort by distance would put
    # them first (issue 14: no sort of every enemy stand): a tie keeps the earlier one
    hypot = math.hypot
    e1: Stand | None = None  # issue 15: the two nearest and their distances, no pairs
    e2: Stand | None = None
    d1 = d2 = 0.0
    for e in foes:
        d = hypot(e.x - lx, e.y - ly)
        if e1 is None or d < d1:
            e1, d1, e2, d2 = e, d, e1, d1
        elif e2 is None or d < d2:
            e2, d2 = e, d
    foes = [e for e in (e1, e2) if e is not None]
    out = []
    gap_to = 2 * s.rules.base_radius + 0.05
    for foe in foes[:2]:
        for sid in p.movers[:3]:
            me = s.stands[sid]
            gap = hypot(foe.x - me.x, foe.y - me.y)  # = me.point.to(foe.point)
            if gap <= 1e-9:
                continue
            if p.engage and gap_to < gap <= p.hi + gap_to:
                k = (gap - gap_to) / gap
            elif not p.engage:
                k = min(1.0, p.hi / gap) * 0.999
                # ours: no exact contact needed, a hair's drift dropped (`_clean(v, 0.05)`)
                vx, vy = (foe.x - me.x) * k, (foe.y - me.y) * k
                vx = 0.0 if -0.05 < vx < 0.05 else vx + 0.0
                vy = 0.0 if -0.05 < vy < 0.05 else vy + 0.0
                out.append((vx, vy))
                continue
            else:
                continue
            out.append(((foe.x - me.x) * k, (foe.y - me.y) * k))
    return out


def parse_point(key: str) -> Point | None:
    """A point key "x,y" in cm (both finite numbers), else None."""
    parts = key.split(",")
    if len(parts) != 2:
        return None
    try:
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        return None
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    return Point(x, y)


def point_vector(s: EpicState, p: Plan, key: str) -> tuple[float, float] | None:
    dest = parse_point(key)
    if dest is None or not p.movers:
        return None
    lead = s.stands[p.movers[0]]
    return dest.x - lead.x, dest.y - lead.y


def apply_move(s: EpicState, p: Plan, dx: float, dy: float) -> None:
    """Translate the movers; a stand faces the way it moved (EP-16.33)."""
    face = math.degrees(math.atan2(dy, dx)) if (dx or dy) else None
    for sid in p.movers:
        st: Stand = s.stands[sid]
        st.x, st.y = st.x + dx, st.y + dy
        if face is not None:
            st.facing = face
