"""Deployment (issue 16): before turn 1 each player places his detachments in his
deployment zone (EPC-3, research §3.1; the zones come from the table, ET's
`Table.deployment(side)`), then the setup steps go on as before: starting altitudes
(EP-16.12), Bound Characters (EP-10.1), Infiltration "after deployment is complete"
(EP-7.2).

- Every detachment first stands at a provisional spot (`place_side`: the first free spot
  of its zone, its stands in rows of five, 3 cm apart, inside the coherency distance,
  EPC-5); with `deployment=fixed` that is where it stays.
- With the players deploying, one point decision per detachment (kind "epic.move", like
  a move: a candidate "p:i" or any point "x,y" where its first stand goes; the others keep
  their places around it, so the detachment stays in coherency). The sides alternate, the
  first seat first (ours: our sources give no order; AMB-EP-7a gives ties to the first
  seat). Detachments starting aboard a transport go with it (EPC-21).
- A point is refused with the rule: off the table, out of the zone (EPC-3), a stand on
  another (EP-2.4), a stand in terrain impassable to its class (EPC-11).
- Nothing is hidden: each placement is seen by both players as it is made (Epic has no
  hidden deployment in our sources).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic import messages_deploy as _texts  # noqa: F401  (registers texts)
from arbitre.games.epic.geometry import EPS, TERRAIN, Point
from arbitre.games.epic.moves import parse_point
from arbitre.games.epic.sides import side_key
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.world import airborne, areas, stand_class

RULES = ("EPC-3", "EP-2.4", "EPC-11", "EP-7.2")
ZONE_DEPTH_CM = 30.0  # the zones of a table that declares none: 30 cm from each long edge
ROW = 5  # stands per row of the provisional formation
GAP_CM = 3.0  # between stands of the formation (inside EPC-5's 6 cm)
SPACING_CM = 4.0  # ours: between two detachments placed by the referee or the AI
STEP_CM = 3.0  # the grid of provisional spots

Rect = tuple[float, float, float, float]


def table_size(s: EpicState) -> tuple[float, float]:
    return float(s.table.width), float(s.table.height)


def zones(s: EpicState, side: int) -> list[Rect]:
    """The side's deployment rectangles (x0, y0, x1, y1), from the table (tables.py); a
    table without any for the side: the 30 cm along its own long edge (side 0: the top,
    y = 0; side 1: the bottom)."""
    got = [(r.x0, r.y0, r.x1, r.y1) for r in s.table.deployment(side)]
    if got:
        return got
    w, h = table_size(s)
    depth = min(ZONE_DEPTH_CM, h / 3)
    return [(0.0, 0.0, w, depth)] if side == 0 else [(0.0, h - depth, w, h)]


def in_zone(zs: Sequence[Rect], x: float, y: float) -> bool:
    return any(x0 - EPS <= x <= x1 + EPS and y0 - EPS <= y <= y1 + EPS for x0, y0, x1, y1 in zs)


def movers(s: EpicState, did: int) -> list[Stand]:
    """The detachment's stands on the table, lead (lowest id) first."""
    return sorted(s.alive(did), key=lambda st: st.sid)


def refusal(s: EpicState, did: int, dx: float, dy: float, spacing: float = 0.0) -> Msg | None:
    """Why the detachment may not be deployed moved by (dx, dy), with the rule; None if it
    may. `spacing`: ours, a wider gap the referee and the AI keep between detachments."""
    side = s.dets[did].side
    mine = movers(s, did)
    own = {st.sid for st in mine}
    w, h = table_size(s)
    zs = zones(s, side)
    terrain = areas(s)
    gap = max(2 * s.rules.base_radius, spacing) - EPS
    others = [o for o in s.stands.values() if o.sid not in own]
    for st in mine:
        x, y = st.x + dx, st.y + dy
        if not (0 <= x <= w and 0 <= y <= h):
            return Msg("epic.move.off_table", {}, "EPC-3")
        if not in_zone(zs, x, y):
            return Msg("epic.deploy.out_of_zone", {"side": side_key(s, side)}, "EPC-3")
        up = airborne(st)
        if not up:
            cls = stand_class(st)
            for ar in terrain:
                if cls in TERRAIN[ar.kind].impassable and ar.contains(Point(x, y)):
                    args = {"terrain": f"epic.terrain.{ar.kind}"}
                    return Msg("epic.deploy.impassable", args, "EPC-11")
        for o in others:
            if airborne(o) == up and math.hypot(o.x - x, o.y - y) < gap:
                return Msg("epic.deploy.overlap", {}, "EP-2.4")
    return None


def formation(s: EpicState, did: int) -> None:
    """The provisional formation: rows of ROW stands GAP_CM apart, the first row in front,
    the next ones toward the player's own edge; the lead stand at (0, 0) + its old spot."""
    mine = movers(s, did)
    if not mine:
        return
    back = -1.0 if s.dets[did].side == 0 else 1.0
    x0, y0 = mine[0].x, mine[0].y
    for k, st in enumerate(mine):
        st.x, st.y = x0 + (k % ROW) * GAP_CM, y0 + (k // ROW) * GAP_CM * back
    _carry(s, mine)


def _carry(s: EpicState, stands: Sequence[Stand]) -> None:
    """Passengers are where their transport is (EPC-21)."""
    if not s.aboard:
        return
    for st in stands:
        for c in s.cargo(st.sid):
            c.x, c.y = st.x, st.y


def shift(s: EpicState, did: int, dx: float, dy: float) -> None:
    mine = movers(s, did)
    for st in mine:
        st.x, st.y = st.x + dx, st.y + dy
    _carry(s, mine)


def anchors(s: EpicState, side: int) -> list[tuple[float, float]]:
    """The grid of points of the side's zone, front rows first (nearest the enemy), each
    row from the table's left: where the referee tries the lead stand."""
    out: list[tuple[float, float]] = []
    for x0, y0, x1, y1 in zones(s, side):
        ys = _steps(y0 + 1.5, y1 - 1.5)
        ys = ys[::-1] if side == 0 else ys
        out += [(x, y) for y in ys for x in _steps(x0 + 1.5, x1 - 1.5)]
    return out


def _steps(lo: float, hi: float) -> list[float]:
    if hi < lo:
        return [(lo + hi) / 2]
    n = int((hi - lo) // STEP_CM)
    return [lo + i * STEP_CM for i in range(n + 1)]


def place(s: EpicState, did: int, spots: Sequence[tuple[float, float]]) -> bool:
    """Put the detachment, in formation, with its lead at the first spot of `spots` where
    it may deploy with SPACING_CM around it; False (left where it is) if none."""
    mine = movers(s, did)
    if not mine:
        return True
    formation(s, did)
    lead = mine[0]
    for x, y in spots:
        dx, dy = x - lead.x, y - lead.y
        if refusal(s, did, dx, dy, SPACING_CM) is None:
            shift(s, did, dx, dy)
            return True
    for x, y in spots:  # a crowded zone: any legal spot, without the extra spacing
        dx, dy = x - lead.x, y - lead.y
        if refusal(s, did, dx, dy) is None:
            shift(s, did, dx, dy)
            return True
    return False


def place_side(s: EpicState, side: int) -> None:
    """Every detachment of the side at its provisional spot (module doc)."""
    spots = anchors(s, side)
    for d in s.dets:
        if d.side == side and not place(s, d.did, spots):
            _squeeze(s, d.did, side)


def _squeeze(s: EpicState, did: int, side: int) -> None:
    """A zone too small for the formation: the stands one by one on free spots of the
    zone (ours; a detachment may then be out of coherency, EPC-5)."""
    free = anchors(s, side)
    for st in movers(s, did):
        for x, y in free:
            if all(
                math.hypot(o.x - x, o.y - y) >= 2 * s.rules.base_radius
                for o in s.stands.values()
                if o.sid != st.sid and airborne(o) == airborne(st)
            ):
                st.x, st.y = x, y
                break
        _carry(s, [st])


# --- the deployment frame ----------------------------------------------------------------


def by_players(s: EpicState) -> bool:
    """`deployment`: "players", or None (the default) for a game from armies."""
    from arbitre.games.epic.forces import from_armies

    mode = s.rules.values.get("deployment")
    return mode == "players" or (mode is None and from_armies(s.rules.values))


def frame(s: EpicState) -> Frame:
    """The detachments to place, sides alternating, the first seat first (module doc)."""
    lists = [[d.did for d in s.dets if d.side == side and s.alive(d.did)] for side in (0, 1)]
    order: list[int] = []
    for i in range(max(len(lists[0]), len(lists[1]))):
        order += [lst[i] for lst in lists if i < len(lst)]
    s.phase = "deployment"
    return Frame("deploy", s.dets[order[0]].side if order else 0, {"todo": order})


def _todo(s: EpicState, f: Frame) -> int | None:
    todo: list[int] = f.data["todo"]
    while todo and not s.alive(todo[0]):
        todo.pop(0)
    return todo[0] if todo else None


_WHERE = (
    ("left", 1 / 6),
    ("centre", 1 / 2),
    ("right", 5 / 6),
)


def candidates(s: EpicState, did: int) -> list[tuple[float, float, str]]:
    """Staying at the provisional spot, then the left, centre and right of the zone, at
    its front and its rear: (dx, dy, where) of the lead stand, legal ones only."""
    side = s.dets[did].side
    lead = movers(s, did)[0]
    out = [(0.0, 0.0, "here")]
    x0, y0, x1, y1 = zones(s, side)[0]
    front, rear = (y1 - 2.0, y0 + 2.0) if side == 0 else (y0 + 2.0, y1 - 2.0)
    for depth, y in (("front", front), ("rear", rear)):
        for where, k in _WHERE:
            x = x0 + (x1 - x0) * k
            spot = _near_free(s, did, x, y)
            if spot is not None:
                dx, dy = spot[0] - lead.x, spot[1] - lead.y
                if all(math.hypot(dx - a, dy - b) > 1.0 for a, b, _w in out):
                    out.append((dx, dy, f"{where}_{depth}"))
    return out


def _near_free(s: EpicState, did: int, x: float, y: float) -> tuple[float, float] | None:
    """The legal lead spot nearest (x, y), searched on rings up to 12 cm."""
    lead = movers(s, did)[0]
    for r in (0.0, 3.0, 6.0, 9.0, 12.0):
        n = 1 if r == 0 else 8
        for i in range(n):
            a = 2 * math.pi * i / n
            px, py = x + r * math.cos(a), y + r * math.sin(a)
            if refusal(s, did, px - lead.x, py - lead.y, SPACING_CM) is None:
                return px, py
    return None


def decide_deploy(s: EpicState, f: Frame) -> Decision | None:
    did = _todo(s, f)
    if did is None:
        return None
    f.seat = s.dets[did].side
    if f.memo is None:
        f.memo = candidates(s, did)
    lead = movers(s, did)[0]
    opts = []
    for i, (dx, dy, where) in enumerate(f.memo):
        x, y = round(lead.x + dx, 1) + 0.0, round(lead.y + dy, 1) + 0.0
        args: dict[str, Any] = {"dx": round(dx, 2) + 0.0, "dy": round(dy, 2) + 0.0, "x": x, "y": y}
        key = "epic.deploy.opt.here" if where == "here" else "epic.deploy.opt.at"
        if where != "here":
            args["where"] = f"epic.deploy.where.{where}"
        opts.append(Option(f"p:{i}", Msg(key, args)))
    text = Msg("epic.decide.deploy", {"det": s.dets[did].spec}, "EPC-3")
    return Decision(f.seat, "epic.move", tuple(opts), text, RULES, private=False)


def _vector(s: EpicState, f: Frame, did: int, key: str) -> tuple[float, float] | None:
    if key.startswith("p:"):
        cands = f.memo if f.memo is not None else candidates(s, did)
        dx, dy, _w = cands[int(key[2:])]
        return dx, dy
    dest = parse_point(key)
    if dest is None:
        return None
    lead = movers(s, did)[0]
    return dest.x - lead.x, dest.y - lead.y


def check_point(s: EpicState, f: Frame, key: str) -> Msg | None:
    """A point key "x,y" for the detachment being deployed (module doc)."""
    did = _todo(s, f)
    v = None if did is None else _vector(s, f, did, key)
    if did is None or v is None:
        return Msg("epic.move.bad_point", {"key": key}, "EPC-30")
    return refusal(s, did, *v)


def choose_deploy(s: EpicState, f: Frame, key: str) -> None:
    did = _todo(s, f)
    assert did is not None
    v = _vector(s, f, did, key)
    assert v is not None
    shift(s, did, *v)
    s.log.append(Msg("epic.ev.deployed", {"det": s.dets[did].spec}, "EPC-3"))
    f.data["todo"].pop(0)
    f.memo = None


def auto_deploy(s: EpicState, f: Frame) -> None:
    s.stack.pop()
    s.phase = "orders"
    s.log.append(Msg("epic.ev.deployment_done", {}, "EP-7.2"))


def reach(s: EpicState) -> dict[str, Any] | None:
    """The view's `reach` while a detachment is being deployed: its stands, and the zone
    (rectangles) where they may go; the pieces impassable to its lead stand struck out."""
    if s.over or not s.stack or s.stack[-1].kind != "deploy" or s.cached is None:
        return None
    did = _todo(s, s.stack[-1])
    if did is None:
        return None
    mine = movers(s, did)
    lead = mine[0]
    cls = stand_class(lead)
    up = airborne(lead)
    blocked = [] if up else [i for i, a in enumerate(areas(s)) if cls in TERRAIN[a.kind].impassable]
    w, h = table_size(s)
    return {
        "det": did,
        "lead": lead.sid,
        "movers": [st.sid for st in mine],
        "x": round(lead.x, 2),
        "y": round(lead.y, 2),
        "lo": 0.0,
        "hi": round(math.hypot(w, h), 2),
        "flying": up,
        "blocked": blocked,
        "rule": "EPC-3",
        "zones": [[round(v, 2) for v in z] for z in zones(s, s.dets[did].side)],
    }


def point_text(key: str) -> Msg | None:
    """A deployment point "x,y" in words for the log: "Le placer en (42 ; 25) cm"."""
    p = parse_point(key)
    if p is None:
        return None
    # whole centimetres: no decimal point to write the French way
    return Msg("epic.deploy.opt.point", {"x": round(p.x), "y": round(p.y)})
