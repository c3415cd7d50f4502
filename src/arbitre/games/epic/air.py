"""A move in progress (`flight` frame) and air interception (EP-8, EP-16.14, EP-16.16).

Every Movement-phase move runs as a flight from t = 0 to 1 along its straight vector.
An airborne detachment crossing an enemy Interception Zone (25 cm around each
Interceptor, EP-8.6) may be stopped anywhere inside it (EP-8.8/8.9, AMB-EP-8d); the
Interceptors are then placed in contact (EP-8.10) under ground interception fire
(EP-8.11), an Assault is fought at once (EP-8.12..8.15), the zone is cancelled (EP-8.17),
the Interceptors take their target's altitude (EP-8.18), and the survivors finish their
move (EP-8.16), possibly into the next zone (EP-8.20, AMB-EP-8h). When the move ends,
the other side may fire in reaction (reactions.py).
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import command_unit_order, may_end_at, zone_radius
from arbitre.games.epic.assault import fight
from arbitre.games.epic.geometry import Point
from arbitre.games.epic.moves import Plan
from arbitre.games.epic.reactions import push_react
from arbitre.games.epic.shooting import GROUND, HIGH, LOW
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.templates import queue_bombs
from arbitre.games.epic.world import det_has, engaged, near_foes


def start_flight(
    s: EpicState, did: int, movers: list[int], v: tuple[float, float], alt: str, purpose: str
) -> None:
    """A move as a flight from t = 0 to 1 along `v` (EPC-11, EP-8.8, EP-16.14): each
    mover's start (sid, x, y, altitude), read once per stand (ninth round)."""
    stands = s.stands  # (each stand read once: ninth round)
    starts = [[sid, st.x, st.y, st.alt] for sid in movers for st in (stands[sid],)]
    s.stack.append(
        Frame(
            "flight",
            s.dets[did].side,
            {
                "det": did,
                "v": list(v),
                "t": 0.0,
                "alt": alt,
                "starts": starts,
                "asked": [],
                "purpose": purpose,
            },
        )
    )


def _alt_at(row: list[Any], end_alt: str, t: float) -> str:
    """EP-16.14: a change of altitude happens at the midpoint of the move."""
    return row[3] if t < 0.5 else end_alt


def _pos(row: list[Any], v: list[float], t: float) -> Point:
    return tuple.__new__(Point, (row[1] + v[0] * t, row[2] + v[1] * t))  # Point(…), faster


def _entry(a: Point, v: list[float], c: Point, r: float, t0: float) -> tuple[float, float] | None:
    """The [t_in, t_out] (clipped to [t0, 1]) where a + t·v lies within r of c."""
    dx, dy = a.x - c.x, a.y - c.y
    qa = v[0] * v[0] + v[1] * v[1]
    qb = 2 * (dx * v[0] + dy * v[1])
    qc = dx * dx + dy * dy - r * r
    if qa < 1e-12:
        return (t0, 1.0) if qc <= 0 else None
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return None
    root = math.sqrt(disc)
    lo, hi = max(t0, (-qb - root) / (2 * qa)), min(1.0, (-qb + root) / (2 * qa))
    return (lo, hi) if lo <= hi else None


def _airborne_span(f: Frame) -> tuple[float, float]:
    """The part of the move flown at Low or High altitude (EP-8.8, EP-16.14)."""
    start_air = f.data["starts"][0][3] != GROUND
    end_air = f.data["alt"] != GROUND
    if start_air and end_air:
        return 0.0, 1.0
    if start_air:
        return 0.0, 0.4999
    if end_air:
        return 0.5, 1.0
    return 1.0, 0.0


def zones_crossed(s: EpicState, f: Frame) -> tuple[int, list[float]] | None:
    """The first enemy Interception Zone the rest of the move enters (AMB-EP-8c/h), with
    stop points offered: where it enters, the middle, where it leaves."""
    did = f.data["det"]
    if not (det_has(s, did, "flyer") or det_has(s, did, "floater")):
        return None  # EP-8.8: Flyers and Floaters only (not troops dropping, EP-16.34)
    lo, hi = _airborne_span(f)
    t0 = max(f.data["t"], lo)
    if t0 > hi:
        return None
    side = s.dets[f.data["det"]].side
    best: tuple[float, int, float] | None = None
    radius = zone_radius(s.rules)
    for z in s.dets:
        if z.side == side or not z.zone or z.did in f.data["asked"]:
            continue
        for row in f.data["starts"]:
            if row[0] not in s.stands:
                continue
            for icp in s.alive(z.did):
                span = _entry(  # AMB-EP-8b: the radius follows `measure.from`
                    Point(row[1], row[2]), f.data["v"], icp.point, radius, t0
                )
                if span is None or span[0] > hi:
                    continue
                t_in, t_out = span[0], min(span[1], hi)
                if best is None or t_in < best[0]:
                    best = (t_in, z.did, t_out)
    if best is None:
        return None
    t_in, zid, t_out = best
    return zid, sorted({round(t_in, 4), round((t_in + t_out) / 2, 4), round(t_out, 4)})


def decide_flight(s: EpicState, f: Frame) -> Decision | None:
    found = zones_crossed(s, f)
    if found is None:
        return None
    zid, ts = found
    f.data["ask"] = [zid, ts]
    target = s.dets[f.data["det"]].spec
    opts = [Option("pass", Msg("epic.opt.no_intercept"))]
    for i, t in enumerate(ts):
        where = _pos(f.data["starts"][0], f.data["v"], t)
        opts.append(
            Option(
                f"icpt:{i}",
                Msg("epic.opt.intercept", {"x": round(where.x, 1), "y": round(where.y, 1)}),
            )
        )
    text = Msg("epic.decide.intercept", {"det": s.dets[zid].spec, "target": target}, "EP-8.9")
    return Decision(
        s.dets[zid].side, "epic.intercept", tuple(opts), text, ("EP-8.8", "EP-8.9"), private=False
    )


def choose_flight(s: EpicState, f: Frame, key: str) -> None:
    zid, ts = f.data["ask"]
    f.data["asked"].append(zid)
    if key == "pass":
        return
    t = ts[int(key.split(":")[1])]
    f.data["t"] = t
    for row in f.data["starts"]:
        st = s.stands.get(row[0])
        if st is not None:
            p = _pos(row, f.data["v"], t)
            st.x, st.y, st.alt = p.x, p.y, _alt_at(row, f.data["alt"], t)
    s.log.append(Msg("epic.ev.intercepted", {"det": s.dets[f.data["det"]].spec}, "EP-8.10"))
    s.stack.append(
        Frame("intercept", s.dets[zid].side, {"zone": zid, "target": f.data["det"], "stage": 0})
    )


def auto_flight(s: EpicState, f: Frame) -> None:
    """The move ends (EP-8.16: survivors finish it); then reactions, Command Unit orders
    (EP-15.2/15.3), landing (EP-16.2, EP-16.5) and an Interceptor's zone (EP-8.6)."""
    s.stack.pop()
    data = f.data
    did = data["det"]
    det = s.dets[did]
    # ninth round: `_pos` and `_alt_at` written out, the frame's data read once (the
    # same floats: `_pos(row, v, 1.0)` adds v * 1.0, which is v exactly in IEEE 754)
    v0, v1 = data["v"]
    t, alt = data["t"], data["alt"]
    stands = s.stands
    moved: list[tuple[Stand, float, float, str]] = []  # (stand, x, y, altitude) before
    for row in data["starts"]:
        st = stands.get(row[0])
        if st is None:
            continue
        x0, y0 = row[1], row[2]
        moved.append((st, x0 + v0 * t, y0 + v1 * t, row[3] if t < 0.5 else alt))
        st.x, st.y, st.alt = x0 + v0, y0 + v1, alt
    if f.data["purpose"] == "zone" and s.alive(did):
        det.zone = det.revealed = True  # EP-8.7: its Charge token stays in view
        s.log.append(Msg("epic.ev.zone", {"det": det.spec}, "EP-8.6"))
    flyer = det_has(s, did, "flyer")  # issue 15: asked once (nothing below changes it)
    if flyer and alt == GROUND and data["starts"][0][3] != GROUND:
        det.landed_turn = s.turn
        for st, _x, _y, _a in moved:
            st.landing = True
    if data["purpose"] == "move" and det_has(s, did, "command"):
        new, early = command_unit_order(det.order)
        if new != det.order:
            # EP-15.2: Charge becomes Avance; EP-15.3: Avance becomes a revealed Tir Appuyé
            rule = "EP-15.2" if det.order == "charge" else "EP-15.3"
            det.order, det.converted = new, early
            s.log.append(
                Msg("epic.ev.command", {"det": det.spec, "order": f"epic.order.{new}"}, rule)
            )
    # `path_rows`: [[sid, x0, y0, x1, y1, alt0, alt1]] of the stands that moved (a
    # position is never NaN, so `!=` of the coordinates is that of the pairs)
    rows = [
        [st.sid, x, y, st.x, st.y, a, st.alt] for st, x, y, a in moved if st.x != x or st.y != y
    ]
    charge = False
    if det.order == "charge" and moved:
        # issue 15: the enemies near the movers listed once, which `engaged` reads
        near = near_foes(s, [st for st, _x, _y, _a in moved])
        for st, _x, _y, _a in moved:  # (a loop, no generator: eighth round)
            if engaged(s, st, near):
                charge = True
                break
    if not rows and charge:
        rows = [[st.sid, x, y, st.x, st.y, a, st.alt] for st, x, y, a in moved]
    push_react(s, 1 - det.side, did, rows, charge)
    if flyer:
        # EP-16.41: bombs on the line flown in the air, resolved before any reaction
        lines = {
            row[0]: [row[1], row[2], s.stands[row[0]].x, s.stands[row[0]].y]
            for row in f.data["starts"]
            if row[0] in s.stands and row[3] != GROUND
        }
        queue_bombs(s, did, lines)


# --- the interception itself ------------------------------------------------------------


def _placements(s: EpicState, zid: int, target: int) -> list[list[Any]]:
    """EP-8.10/8.12/8.14: each Interceptor in contact with one target, the extra ones
    joining the fights already started."""
    icps = sorted(s.alive(zid), key=lambda x: x.sid)
    tgts = sorted(s.alive(target), key=lambda x: x.sid)
    gap = 2 * s.rules.base_radius
    out = []
    for i, icp in enumerate(icps):
        tgt = tgts[i % len(tgts)]
        ang = (i // len(tgts)) * 1.2 + 0.3
        out.append([icp.sid, tgt.sid, tgt.x + gap * math.cos(ang), tgt.y + gap * math.sin(ang)])
    return out


def auto_intercept(s: EpicState, f: Frame) -> None:
    zid, target = f.data["zone"], f.data["target"]
    if f.data["stage"] == 0 and s.alive(zid) and s.alive(target):
        f.data["stage"] = 1
        f.data["place"] = _placements(s, zid, target)
        rows = [
            [
                r[0],
                s.stands[r[0]].x,
                s.stands[r[0]].y,
                r[2],
                r[3],
                s.stands[r[0]].alt,
                s.stands[r[1]].alt,
            ]
            for r in f.data["place"]
        ]
        # EP-8.11: ground interception fire at the Interceptors on their way in.
        s.stack.append(
            Frame(
                "react",
                s.dets[target].side,
                {"target": zid, "paths": rows, "charge": False, "ground": True},
            )
        )
        return
    s.stack.pop()
    pairs: list[tuple[Stand, Stand]] = []
    for sid, tid, x, y in f.data.get("place", []):
        icp, tgt = s.stands.get(sid), s.stands.get(tid)
        if icp is None:
            continue
        if tgt is None:
            alive = s.alive(target)
            if not alive:
                continue
            tgt = alive[0]
        icp.x, icp.y, icp.alt = x, y, tgt.alt  # EP-8.18
        icp.facing = math.degrees(math.atan2(tgt.y - y, tgt.x - x))
        pairs.append((icp, tgt))
    if pairs:
        fight(s, pairs, s.dets[zid].side)  # EP-8.15
    s.dets[zid].zone = False  # EP-8.17
    s.log.append(Msg("epic.ev.zone_spent", {"det": s.dets[zid].spec}, "EP-8.17"))


# --- late interception (EP-8.22) --------------------------------------------------------


def late_targets(s: EpicState, zid: int) -> list[int]:
    side = s.dets[zid].side
    icps = s.alive(zid)
    radius = zone_radius(s.rules)  # AMB-EP-8b
    out = []
    for d in s.dets:
        if d.side == side:
            continue
        stands = s.alive(d.did)
        if (
            stands
            and all(st.alt != GROUND for st in stands)
            and any(i.point.to(st.point) <= radius for i in icps for st in stands)
        ):
            out.append(d.did)
    return out


def decide_late(s: EpicState, f: Frame) -> Decision | None:
    zid = f.data["zone"]
    if f.data.get("done") or not s.dets[zid].zone or not s.alive(zid):
        return None
    targets = late_targets(s, zid)
    if not targets:
        return None
    opts = [Option("pass", Msg("epic.opt.no_intercept"))] + [
        Option(f"late:{t}", Msg("epic.opt.late", {"target": s.dets[t].spec})) for t in targets
    ]
    text = Msg("epic.decide.late", {"det": s.dets[zid].spec}, "EP-8.22")
    return Decision(f.seat, "epic.intercept", tuple(opts), text, ("EP-8.22",), private=False)


def choose_late(s: EpicState, f: Frame, key: str) -> None:
    f.data["done"] = True
    if key != "pass":
        target = int(key.split(":")[1])
        s.stack.append(
            Frame("intercept", f.seat, {"zone": f.data["zone"], "target": target, "stage": 0})
        )


def auto_late(s: EpicState, f: Frame) -> None:
    s.stack.pop()


def end_altitudes(s: EpicState, did: int, p: Plan, v: tuple[float, float]) -> list[str]:
    """Where a Flyer may end its move (EP-16.12): High or Low; the ground only when it
    lands (EP-16.2, EP-16.13); the altitude of the Flyers it engaged on a Charge
    (EP-16.8); High for an Interceptor making its zone (EP-8.5)."""
    if p.land:
        return [GROUND]
    if s.dets[did].order == "charge":
        for sid in p.movers:
            st = s.stands[sid]
            for e in s.stands.values():
                if e.side != st.side and e.alt != GROUND:
                    gap = math.hypot(st.x + v[0] - e.x, st.y + v[1] - e.y)
                    if gap <= 2 * s.rules.base_radius + 0.5:
                        return [e.alt]
    unit = s.alive(did)[0].profile
    return [a for a in (HIGH, LOW) if may_end_at(unit, a)[0]]
