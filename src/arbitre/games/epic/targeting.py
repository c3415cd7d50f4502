"""Whether a detachment's guns reach an enemy detachment at all: the question every
Combat-phase option list, "why does it not shoot?" and psychic power asks of every pair
of detachments (EPC-14, EP-16.27; `fire.eligible` decides each shot).

Issue 14: the answer is mostly no, so it is found cheaply: a stand's guns alike in what
`eligible` reads (range, kind, arc, AA) count once, and a pair of stands farther apart than
the stand's longest gun is passed over at once; that distance is `eligible`'s first
refusal, measured on the same floats, and EP-16.27's 25 cm only adds to it.
"""

from __future__ import annotations

import math

from arbitre.games.epic.fire import Gun, eligible
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.world import bounds

Battery = list[tuple[Stand, list[Gun], int]]  # a stand, its distinct guns, the longest range


def battery(shooters: list[tuple[Stand, Gun]]) -> Battery:
    """The shooters by stand, each gun alike in what `eligible` reads kept once."""
    guns: dict[int, tuple[Stand, list[Gun]]] = {}
    seen: set[tuple[int, int, str, int, bool]] = set()
    for st, g in shooters:
        alike = (st.sid, g.range, g.kind, g.arc, g.aa)
        if alike not in seen:
            seen.add(alike)
            guns.setdefault(st.sid, (st, []))[1].append(g)
    return [(st, own, max([g.range for g in own])) for st, own in guns.values()]


Box = tuple[float, float, float, float]


def hits_any(
    s: EpicState, guns: Battery, foes: list[Stand], order: str | None, box: Box | None = None
) -> bool:
    """Whether some gun of the battery may shoot some stand of `foes` (fire.eligible);
    `box` is `world.bounds(foes)` when the caller has it."""
    if not foes or not guns:
        return False
    edge = 2 * s.rules.base_radius if s.rules.measure_edge else None
    hypot = math.hypot
    # the foes' box: a shooter farther from it on one axis than its longest range (+ the
    # edge, + 1e-6 for float noise) is farther than that from each foe (a distance is at
    # least its gap on either axis), so the test below would pass over every one
    x0, x1, y0, y1 = bounds(foes) if box is None else box
    slack = (edge or 0.0) + 1e-6
    for st, own, longest in guns:
        x, y = st.x, st.y
        far = longest + slack
        if x < x0 - far or x > x1 + far or y < y0 - far or y > y1 + far:
            continue
        for t in foes:
            d = hypot(t.x - x, t.y - y)  # = st.point.to(t.point), as eligible measures
            if edge is not None:
                d = max(0.0, d - edge)
            if d > longest:
                continue
            for g in own:
                if eligible(s, st, g, t, order) is not None:
                    return True
    return False


def out_of_reach(
    s: EpicState, guns: Battery, foes: list[Stand], where: dict[int, Box] | None = None
) -> bool:
    """Whether every stand of the battery is farther from the box of `foes` on one axis
    than its longest range (+ the edge, + 1e-6), so that `hits_any` passes over it for
    any of them (issue 15: most Psykers, and many detachments, reach no enemy at all;
    the box of every enemy holds the box of each enemy detachment). EPC-14, EP-11.7.

    `foes` are `s.foes_of(side)` of the shooters' side; `where`, when given, keeps
    their box under the key `foes_key(side)` for the next question on the same state
    (tenth round: `why.log_no_fire` and `psychic.powers_for` ask it of every detachment
    and Psyker of a side). With no gun, the answer is yes without the box."""
    if not foes or not guns:  # tenth round: no gun reaches anything, no box needed
        return True
    if where is None:
        x0, x1, y0, y1 = bounds(foes)
    else:
        key = -1 - guns[0][0].side  # = foes_key(side), without its call
        box = where.get(key)
        if box is None:
            box = where[key] = bounds(foes)
        x0, x1, y0, y1 = box
    slack = (2 * s.rules.base_radius if s.rules.measure_edge else 0.0) + 1e-6
    for st, _own, longest in guns:
        far = longest + slack
        x, y = st.x, st.y
        if not (x < x0 - far or x > x1 + far or y < y0 - far or y > y1 + far):
            return False
    return True


def foes_key(side: int) -> int:
    """The key of the box of every enemy of `side` in a `where` table of detachments'
    boxes (`out_of_reach`): negative, so no detachment's id (tenth round)."""
    return -1 - side


def can_hit(s: EpicState, shooters: list[tuple[Stand, Gun]], did: int, order: str | None) -> bool:
    """Whether any of the shooters' guns reaches any stand of detachment `did`."""
    foes = s.alive(did)
    return bool(foes) and hits_any(s, battery(shooters), foes, order)
