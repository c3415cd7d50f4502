"""Fire in reaction to an enemy move (EPC-15, EPC-16, EP-3, EP-8.11, EP-11.10):

- interception fire by a detachment on Tir Appuyé that has not acted, at −1 (AA weapons
  excepted), measured to the mover's path (AMB-EP-8f); the detachment is then spent;
- Close Defences: one 7+ shot per DR at class 1–2 movers within 15 cm (EP-3.2), or 6+
  counter-charge shots for the stands a charge contacts (EP-3.3); a DR stand a charging
  detachment does not contact keeps its 7+ interception shot; each DR once per turn
  (research S3);
- a physical power as interception fire (EP-11.10; never an ethereal one, EP-11.15).

A `react` frame asks the reacting side until it passes or has nothing left.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.fire import (
    DR,
    PHYSICAL,
    SHOT,
    Gun,
    Path,
    dr_gun,
    eligible,
    power_gun,
    shot_guns,
    volley,
)
from arbitre.games.epic.geometry import Point, segment_distance
from arbitre.games.epic.shooting import DR_RANGE_CM
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.targeting import battery
from arbitre.games.epic.world import airborne, engaged, near_foes, pinned


def path_rows(s: EpicState, moves: list[tuple[Stand, Point, str]]) -> list[list[Any]]:
    """[[sid, x0, y0, x1, y1, alt0, alt1]] for stands that moved from (point, alt)."""
    return [[st.sid, p.x, p.y, st.x, st.y, alt, st.alt] for st, p, alt in moves]


def _paths(f: Frame) -> dict[int, Path]:
    """The movers' paths by stand, read only: kept in the frame's memo (issue 14: they
    come from the frame's own data, which nothing changes; a clone reads them again)."""
    got: dict[int, Path] | None = f.memo
    if got is None:
        new = tuple.__new__
        got = f.memo = {
            # Point(…) and Path(…) without their Python `__new__` (issue 15)
            int(r[0]): new(Path, (new(Point, (r[1], r[2])), new(Point, (r[3], r[4])), r[5], r[6]))
            for r in f.data["paths"]
        }
    return got


def push_react(
    s: EpicState, side: int, target: int, rows: list[list[Any]], charge: bool = False
) -> None:
    """The other side's reaction question to a move (EPC-15, EP-3.2, EP-3.3), when the
    mover is still on the table; `rows` are the movers' paths [[sid, x0, y0, x1, y1,
    alt0, alt1]]."""
    if rows and s.by_det().get(target):  # = s.alive(target), not copied (ninth round)
        s.stack.append(Frame("react", side, {"target": target, "paths": rows, "charge": charge}))


def _groups(s: EpicState, f: Frame) -> dict[str, tuple[list[tuple[Stand, Gun]], str]]:
    """Option key -> (shooters, order) for every legal reaction now."""
    side, target = f.seat, f.data["target"]
    out: dict[str, tuple[list[tuple[Stand, Gun]], str]] = {}
    edge = 2 * s.rules.base_radius if s.rules.measure_edge else None
    slack = (edge or 0.0) + 1e-6
    # the movers' paths, the movers and their box, worked out for the first detachment
    # that may react (issue 15: mostly none may, having no order to fire and no Close
    # Defences); `reach` and `_out_of_reach` read them only after that
    paths: dict[int, Path] = {}
    foes: list[Stand] = []
    bx0 = bx1 = by0 = by1 = 0.0
    boxed = False

    def reach(shooters: list[tuple[Stand, Gun]], order: str) -> bool:
        """Whether a gun reaches a mover (issue 14: most moves draw no reaction, so the
        answer is mostly no): a stand's guns alike in what `eligible` reads count once,
        and a mover's path beyond a stand's longest range (`eligible`'s first refusal,
        same floats) is passed over."""
        for st, own, longest in battery(shooters):
            far = longest + slack
            x, y = st.x, st.y
            if x < bx0 - far or x > bx1 + far or y < by0 - far or y > by1 + far:
                continue  # beyond the paths' box (above)
            here = tuple.__new__(Point, (st.x, st.y))  # = st.point, no property
            for t in foes:
                path = paths[t.sid]
                d = segment_distance(here, path.start, path.end)
                if edge is not None:
                    d = max(0.0, d - edge)
                if d > longest:
                    continue
                for g in own:  # (a loop, no generator: eighth round)
                    if eligible(s, st, g, t, order, path) is not None:
                        return True
        return False

    charged = f.data.get("charge", False)
    table = s.by_det()
    with_dr = _dr_dets(table)
    for d in s.dets:
        if d.side != side:
            continue
        alive = table.get(d.did)
        if not alive:
            continue
        # issue 14: most detachments have nothing to react with; they are passed over
        # before any stand is examined (no order, no Close Defence, no unused power);
        # issue 15: those with a Close Defence stand found once per table (`_dr_dets`)
        if d.order != "tir_appuye" and d.did not in with_dr:
            continue
        if not boxed:
            boxed = True
            paths = _paths(f)
            foes = [t for t in s.alive(target) if t.sid in paths]
            # the box holding every mover's path: a stand farther from it on one axis
            # than its longest range (+ `edge`, + 1e-6 for float noise) is farther than
            # that from every path (a segment's distance is at least its gap on either
            # axis), so `eligible` refuses its every shot at once
            bx0, bx1, by0, by1 = _paths_box([paths[t.sid] for t in foes])
        # eighth round: a detachment not on Tir Appuyé reacts with its Close Defences
        # alone (EP-3.2, EP-3.3; a power needs Tir Appuyé, EP-11.10), whose 15 cm
        # (EP-3.4) bound its reach, not its longest weapon
        cd_only = None if d.order == "tir_appuye" else float(DR_RANGE_CM)
        for st in alive:
            if not _out_of_reach(st, bx0, bx1, by0, by1, slack, cd_only):
                break
        else:
            continue  # every `reach` below would pass over each of its stands
        ground_only = f.data.get("ground", False)  # EP-8.11: fire "from the ground"
        near = near_foes(s, alive)  # issue 14: the enemies `pinned` may find, listed once
        mine = [
            st
            for st in alive
            if not (near and pinned(s, st, near)) and not (ground_only and airborne(st))
        ]
        if d.order == "tir_appuye" and not d.acted and not d.fallback:
            # ours: templates fire in the Combat phase only (shot_guns: weapons_of but
            # templates)
            guns = [(st, g) for st in mine for g in shot_guns(st)]
            guns = [(st, g) for st, g in guns if not airborne(st) or g.kind == SHOT]
            if guns and reach(guns, "tir_appuye"):
                out[f"fire:{d.did}"] = (guns, "tir_appuye")
        # EP-3.3: counter-charge shots (6+) for the stands the charge reached; EP-3.2: a
        # DR stand the charger did not contact still has its interception shot (7+).
        drs: dict[str, list[tuple[Stand, Gun]]] = {"cc": [], "dr": []}
        for st in mine:
            # `….param("dr")` without its call (ninth round), no property
            left = (CATALOG.units[st.unit].params.get("dr") or 0) - st.dr_used
            if left <= 0:
                continue
            if charged and engaged(s, st):
                drs["cc"].append((st, dr_gun(left, "counter_charge")))
            else:
                drs["dr"].append((st, dr_gun(left, "interception")))
        for kind, group in drs.items():
            if group and reach(group, "tir_appuye"):
                out[f"{kind}:{d.did}"] = (group, "tir_appuye")
        for st in mine:
            if st.power_used:
                continue
            for i, p in enumerate(CATALOG.units[st.unit].powers):
                g = power_gun(p)
                if (
                    g.kind == PHYSICAL
                    and d.order == "tir_appuye"
                    and reach([(st, g)], "tir_appuye")
                ):
                    out[f"psy:{st.sid}:{i}"] = ([(st, g)], "tir_appuye")
    return out


def _paths_box(moved: list[Path]) -> tuple[float, float, float, float]:
    """The box (x0, x1, y0, y1) holding the paths' ends, (0, 0, 0, 0) when none: the
    smallest and largest of their coordinates, as min() and max() find them."""
    if not moved:
        return 0.0, 0.0, 0.0, 0.0
    x0 = x1 = moved[0].start.x
    y0 = y1 = moved[0].start.y
    for path in moved:
        for q in (path.start, path.end):
            x, y = q.x, q.y
            if x < x0:
                x0 = x
            if x > x1:
                x1 = x
            if y < y0:
                y0 = y
            if y > y1:
                y1 = y
    return x0, x1, y0, y1


def _out_of_reach(
    st: Stand,
    x0: float,
    x1: float,
    y0: float,
    y1: float,
    slack: float,
    longest: float | None = None,
) -> bool:
    """Whether the stand is farther from the box x0..x1 × y0..y1 on one axis than any of
    its unit's weapons, Close Defences or powers reaches (or `longest`, when only guns
    of that range may fire), plus `slack` (`reach` passes over a stand farther than its
    guns' longest range plus `slack` from that box). EPC-15, EP-3.4."""
    if longest is None:  # `_longest(st.unit)`, its kept answer read without a call
        longest = _LONGEST.get(st.unit)
        if longest is None:
            longest = _longest(st.unit)
    far = longest + slack
    x, y = st.x, st.y
    return x < x0 - far or x > x1 + far or y < y0 - far or y > y1 + far


def _longest(unit: str) -> float:
    """The longest range of anything the unit may fire in reaction: a weapon of its
    profile (its usable guns are some of these), Close Defences, a power (issue 14)."""
    got = _LONGEST.get(unit)
    if got is None:
        prof = CATALOG.units[unit]
        ranges = [w.range for w in prof.weapons] + [p.range for p in prof.powers]
        if _has_dr(unit):
            ranges.append(DR_RANGE_CM)
        got = _LONGEST[unit] = float(max(ranges, default=0))
    return got


_LONGEST: dict[str, float] = {}


def _has_dr(unit: str) -> bool:
    """Whether the unit has Close Defences (its profile's "dr"; issue 14: kept by unit)."""
    got = _DR.get(unit)
    if got is None:
        got = _DR[unit] = bool(CATALOG.units[unit].param("dr"))
    return got


_DR: dict[str, bool] = {}


def _dr_dets(table: dict[int, list[Stand]]) -> frozenset[int]:
    """The detachments of `table` (`EpicState.by_det`) with a stand on the table that has
    Close Defences (EP-3.2, EP-3.3; `_has_dr` of its unit). Issue 15: every reaction
    question asked it of each stand; it is kept with the `by_det` answer it read, which
    is replaced, never changed, when the stands change (a stand's unit never changes),
    and with the `_has_dr` it asked (a test may stand in another)."""
    got = _DR_DETS.get(id(table))
    if got is not None and got[0] is table and got[1] is _has_dr:
        return got[2]
    has_dr = _has_dr
    found = []  # tenth round: loops, no generators (`any(has_dr(…) for …)` of each)
    for did, alive in table.items():
        for st in alive:
            if has_dr(st.unit):
                found.append(did)
                break
    dids = frozenset(found)
    if len(_DR_DETS) >= 256:  # bounded: each clone's table is a new answer
        _DR_DETS.clear()
    _DR_DETS[id(table)] = (table, has_dr, dids)  # the table kept: its id is not reused
    return dids


_DR_DETS: dict[int, tuple[dict[int, list[Stand]], object, frozenset[int]]] = {}


def decide_react(s: EpicState, f: Frame) -> Decision | None:
    if f.data.get("done"):
        return None
    groups = _groups(s, f)
    if not groups:
        return None
    target = s.dets[f.data["target"]].spec
    opts = [Option("pass", Msg("epic.opt.pass"))]
    for key in groups:
        kind, who = key.split(":")[0], int(key.split(":")[1])
        name = s.dets[who].spec if kind != "psy" else f"epic.unit.{s.stands[who].unit}"
        opts.append(Option(key, Msg(f"epic.opt.react.{kind}", {"det": name, "target": target})))
    text = Msg("epic.decide.react", {"target": target}, "EPC-15")
    return Decision(
        f.seat, "epic.react", tuple(opts), text, ("EPC-15", "EP-3.2", "EP-3.3"), private=False
    )


def choose_react(s: EpicState, f: Frame, key: str) -> None:
    if key == "pass":
        f.data["done"] = True
        return
    from arbitre.games.epic.elite import ask

    who = int(key.split(":")[1])
    shooter = s.stands[who].det if key.startswith("psy:") else who
    if not ask(s, [shooter, f.data["target"]], ["react", key]):  # EP-4.1
        fire_reaction(s, f, key)


def fire_reaction(s: EpicState, f: Frame, key: str) -> None:
    groups = _groups(s, f)
    if key not in groups:
        return  # the shooters fell meanwhile
    shooters, order = groups[key]
    kind, who = key.split(":")[0], int(key.split(":")[1])
    if kind == "fire":
        s.dets[who].acted = True  # research §5.1: the detachment is spent
    for st, g in shooters:
        if g.kind == DR:
            st.dr_used += g.dice
        elif g.kind == PHYSICAL:
            st.power_used = True
    rule = {"fire": "EPC-15", "dr": "EP-3.2", "cc": "EP-3.3", "psy": "EP-11.10"}[kind]
    tally = volley(s, shooters, f.data["target"], order, interception=kind != "cc", paths=_paths(f))
    s.log.append(
        Msg(
            "epic.ev.react",
            {"target": s.dets[f.data["target"]].spec, **tally.args()},
            rule,
        )
    )


def auto_react(s: EpicState, f: Frame) -> None:
    s.stack.pop()
