"""Questions about the table every phase asks: terrain as it stands, classes, altitudes,
contact, pinning, zones of control, arcs (EPC-5..8, EPC-11, EP-16.19, EP-16.28/29).
Pure reads of the state, no change."""

from __future__ import annotations

import math
from dataclasses import replace

from arbitre.games.epic.abilities import landed_class
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.geometry import Area, Point, zoc_radius
from arbitre.games.epic.shooting import GROUND
from arbitre.games.epic.state import EpicState, Stand

CONTACT_SLACK_CM = 0.5
HALF_ARC = 90.0  # a 180° arc (EP-16.37, research §3.2)


def areas(s: EpicState) -> tuple[Area, ...]:
    """The terrain: a building at 0 Structure Points is a ruin (EP-5.2, research §3.10)."""
    layout = s.table.areas
    if 0 not in s.structure.values():  # = not any(v == 0 ...), in one C loop (issue 15)
        return layout
    return tuple(
        replace(a, kind="ruins") if s.structure.get(i, 1) == 0 else a for i, a in enumerate(layout)
    )


def det_has(s: EpicState, did: int, ability: str) -> bool:
    """A detachment has an ability through its own unit, what it gained (EP-10.6), or,
    for Command Unit, through a Bound Character that has it (they share one order)."""
    det = s.dets[did]
    # ninth round: `Profile.has` read without its call (asked at every move and shot)
    if ability in det.extra or ability in CATALOG.units[det.unit].params:
        return True
    if ability == "command":
        for st in s.alive(did):  # (a loop, no generator: eighth round)
            if CATALOG.units[st.unit].has("command"):
                return True
    return False


def airborne(st: Stand) -> bool:
    return st.alt != GROUND


def stand_class(st: Stand) -> int:
    """EP-16.19: a landed Flyer is class 3 (4 if Super-heavy); else its profile's class."""
    prof = CATALOG.units[st.unit]  # = st.profile (eighth round: no property)
    if prof.is_flyer and st.alt == GROUND:  # not airborne(st)
        return landed_class(prof)
    return prof.cls


def contact(s: EpicState) -> float:
    return 2 * s.rules.base_radius + CONTACT_SLACK_CM


def engaged(s: EpicState, st: Stand, near: list[Stand] | None = None) -> list[Stand]:
    """EPC-8: enemy stands in base contact, at the same altitude (EP-16.16/16.20);
    `near` is `near_foes` of stands holding `st` (the same foes, in the same order)."""
    reach = contact(s)
    r2, x, y, side, alt = reach * reach, st.x, st.y, st.side, st.alt
    foes = []
    for e in s.foes_of(side) if near is None else near:  # plain arithmetic, no Points
        if e.alt == alt:
            dx, dy = e.x - x, e.y - y
            if -reach <= dx <= reach and -reach <= dy <= reach and dx * dx + dy * dy <= r2:
                foes.append(e)
    if len(foes) > 1:
        foes.sort(key=lambda e: (st.point.to(e.point), e.sid))
    return foes


def near_foes(s: EpicState, mine: list[Stand]) -> list[Stand]:
    """The enemy stands (of the first stand's side) within contact (EPC-8) of the box around
    `mine`, in table order (+ 1e-6 for float noise): every enemy `pinned` could find for
    a stand of `mine`, which it may read instead of `foes_of` (issue 14: a detachment's
    stands are asked in turn, the table's enemies once)."""
    if not mine:
        return []
    x0, x1, y0, y1 = bounds(mine)
    far = 2 * s.rules.base_radius + CONTACT_SLACK_CM + 1e-6  # contact(s)
    x0, x1, y0, y1 = x0 - far, x1 + far, y0 - far, y1 + far
    out = []  # (a loop: no comprehension's function built and called, ninth round)
    for e in s.foes_of(mine[0].side):
        # = x0 <= e.x <= x1 and y0 <= e.y <= y1, not chained (tenth round: fewer steps)
        if e.x >= x0 and e.x <= x1 and e.y >= y0 and e.y <= y1:
            out.append(e)
    return out


def bounds(stands: list[Stand]) -> tuple[float, float, float, float]:
    """The box (x0, x1, y0, y1) of the stands' centres (at least one stand): what the
    searches that pass over far stands at once compare with (issue 14)."""
    first = stands[0]
    x0 = x1 = first.x
    y0 = y1 = first.y
    for st in stands:
        x, y = st.x, st.y
        if x < x0:
            x0 = x
        elif x > x1:
            x1 = x
        if y < y0:
            y0 = y
        elif y > y1:
            y1 = y
    return x0, x1, y0, y1


def pinned(s: EpicState, st: Stand, foes: list[Stand] | None = None) -> bool:
    """Research §3.2: engaged by an enemy of the same or a higher class; EP-16.28: a
    Flyer is never blocked in Assault. `foes` is `near_foes` of stands holding `st`."""
    prof = CATALOG.units[st.unit]
    if prof.is_flyer:
        return False
    cls = prof.cls  # stand_class of a stand that is no Flyer
    # issue 14: asked for every stand at every shot and activation; `engaged` inlined
    # (same arithmetic), stopping at the first such enemy, nothing sorted
    reach = 2 * s.rules.base_radius + CONTACT_SLACK_CM  # contact(s)
    r2, x, y, alt = reach * reach, st.x, st.y, st.alt
    back = -reach  # tenth round: negated once, not at every enemy
    if foes is None:
        foes = s.foes_of(st.side)  # issue 14: the enemy stands, listed once per table
    for e in foes:
        if e.alt == alt:
            dx = e.x - x
            if dx > reach or dx < back:
                continue
            dy = e.y - y
            near = back <= dy <= reach and dx * dx + dy * dy <= r2
            if near and stand_class(e) >= cls:
                return True
    return False


def any_pinned(s: EpicState, mine: list[Stand], near: list[Stand]) -> bool:
    """`any(pinned(s, st, near) for st in mine)`: a loop, no generator (eighth round)."""
    for st in mine:  # noqa: SIM110
        if pinned(s, st, near):
            return True
    return False


def pinned_sids(s: EpicState) -> set[int]:
    """The ids of every stand on the table that is `pinned`, found in one sweep (issue
    14: the loops that ask `pinned` of many stands of one unchanged state).

    The same test as `pinned`: two stands of different sides at the same altitude within
    `reach` on both axes and `r2` apart. It is symmetric (e.x - x is exactly -(x - e.x)),
    so each pair is met once, the stands sorted by x: a stand's partners follow it until
    one is more than `reach` further on x."""
    reach = 2 * s.rules.base_radius + CONTACT_SLACK_CM  # contact(s)
    r2 = reach * reach
    # sorted as tuples (the unique sid settles every tie before the stand is compared)
    row = sorted([(st.x, st.y, st.side, st.alt, st.sid, st) for st in s.stands.values()])
    out: set[int] = set()
    n = len(row)
    for i in range(n):
        ax, ay, aside, aalt, _sid, a = row[i]
        for j in range(i + 1, n):
            bx, by, bside, balt, _sid, b = row[j]
            dx = bx - ax
            if dx > reach:
                break  # sorted: every later stand is as far or farther on x
            if bside == aside or balt != aalt:
                continue
            dy = by - ay
            if -reach <= dy <= reach and dx * dx + dy * dy <= r2:
                for me, foe in ((a, b), (b, a)):
                    prof = CATALOG.units[me.unit]
                    if not prof.is_flyer and stand_class(foe) >= prof.cls:
                        out.add(me.sid)
    return out


def zoc_of(s: EpicState, side: int) -> tuple[tuple[Point, int], ...]:
    """Enemy zones of control a `side` stand must respect: ground stands of the other side
    (an airborne Flyer has none; a landed one counts as class 3/4, EP-16.29); a detachment
    in Retraite has none (research §3.2)."""
    return tuple(
        (st.point, stand_class(st))
        for st in s.foes_of(side)
        if not airborne(st) and not s.dets[st.det].fallback
    )


def in_front(st: Stand, p: Point) -> bool:
    """Whether `p` lies in the stand's 180° front arc (EP-16.37, research §3.2)."""
    if p.x == st.x and p.y == st.y:
        return True
    angle = math.degrees(math.atan2(p.y - st.y, p.x - st.x))
    diff = (angle - st.facing + 180.0) % 360.0 - 180.0
    return abs(diff) <= HALF_ARC + 1e-9


def move_of(s: EpicState, did: int) -> int:
    """A detachment's normal move (EP-10.5: a Bound Character moves as its detachment);
    each damaged titan leg costs 5 cm (research §3.11)."""
    det = s.dets[did]
    move = CATALOG.units[det.unit].move
    legs = 0  # the most damaged legs of a stand (issue 14: most stands have no damage)
    for st in s.alive(did):
        if st.damage:
            legs = max(legs, st.damage.count("jambes"))
    return max(0, move - 5 * legs)


def zoc_radius_of(st: Stand) -> float:
    return zoc_radius(stand_class(st))
