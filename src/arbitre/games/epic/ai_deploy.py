"""How the Epic AI deploys a detachment (issue 16): rules of thumb, any army.

A detachment's role decides its depth in the zone: long-ranged shooters (a weapon of
ARTILLERY_CM or more and a short move) stand at the rear, assault troops (FA 3+, or a
long move) and everything else at the front; Flyers wait at the rear (they fly in).
Ground troops lean toward the objectives (research §3.9: held within 10 cm) and toward
cover (research §3.6), and keep away from their own detachments already placed so the
army spreads along the zone. The spots scored are the decision's options (staying, the
left, centre and right of the zone at its front and rear: deployment.candidates, legal
with the referee's spacing): an agent answers with an offered option.
"""

from __future__ import annotations

import math

from arbitre.engine.decision import Decision
from arbitre.games.epic import deployment
from arbitre.games.epic.geometry import Point, cover_save
from arbitre.games.epic.state import EpicState
from arbitre.games.epic.world import areas

ARTILLERY_CM = 60  # a weapon reaching this far shoots from the rear
FAST_CM = 20  # a move this long goes forward
OBJECTIVE_WEIGHT = 0.25
DEPTH_WEIGHT = 1.0
COVER_BONUS = 4.0
CROWD_CM = 12.0
CROWD_WEIGHT = 1.5


def role(s: EpicState, did: int) -> str:
    """ "air", "rear" (long-ranged and slow) or "front"."""
    mine = deployment.movers(s, did)
    prof = mine[0].profile
    if prof.is_flyer:
        return "air"
    reach = max((w.range for st in mine for w in st.profile.weapons), default=0)
    if reach >= ARTILLERY_CM and prof.move < FAST_CM and prof.fa < 3:
        return "rear"
    return "front"


def score(s: EpicState, did: int, x: float, y: float, want: str) -> float:
    """Higher is better: the lead stand at (x, y) (module doc)."""
    side = s.dets[did].side
    _x0, y0, _x1, y1 = _bounds(deployment.zones(s, side))
    front = y1 if side == 0 else y0
    rear = y0 if side == 0 else y1
    depth = abs(y - (rear if want in ("rear", "air") else front))
    value = -DEPTH_WEIGHT * depth
    if want != "air":
        objs = s.table.objectives
        if objs:
            value -= OBJECTIVE_WEIGHT * min(abs(o.x - x) for o in objs)
        if cover_save(Point(x, y), areas(s)) is not None:
            value += COVER_BONUS
    mine = {st.sid for st in deployment.movers(s, did)}
    for o in s.stands.values():
        if o.side == side and o.sid not in mine and o.y >= 0 and o.y <= s.table.height:
            gap = math.hypot(o.x - x, o.y - y)
            if gap < CROWD_CM:
                value -= CROWD_WEIGHT * (CROWD_CM - gap) / CROWD_CM
    return value


def _bounds(zs: list[deployment.Rect]) -> deployment.Rect:
    return (
        min(z[0] for z in zs),
        min(z[1] for z in zs),
        max(z[2] for z in zs),
        max(z[3] for z in zs),
    )


def choose(s: EpicState, d: Decision) -> str:
    """The AI's placement of the detachment being deployed: the best-scored of the
    decision's spots (an agent answers with an offered option: the server's hub and the
    conformance harness require it)."""
    top = s.stack[-1]
    todo = top.data.get("todo") or []
    keys = d.keys()
    if not todo:
        return keys[0]
    did = todo[0]
    mine = deployment.movers(s, did)
    if not mine:
        return keys[0]
    want = role(s, did)
    lead = mine[0]
    best, value = keys[0], -math.inf
    for opt in d.options:
        if not opt.key.startswith("p:"):
            continue
        x = lead.x + float(opt.text.args["dx"])
        y = lead.y + float(opt.text.args["dy"])
        got = score(s, did, x, y, want)
        if got > value:
            best, value = opt.key, got
    return best
