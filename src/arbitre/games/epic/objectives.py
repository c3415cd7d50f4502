"""Objectives and the scenario scoring (research §3.9, EPC-29, EP-9.2).

- Objective markers come from the game's table (tables.py; the default table's
  positions are reconstructed). In each End
  phase a side holds an objective when it has an eligible stand within 10 cm: on the
  table, on the ground, not in Retraite (research §3.9: not at altitude, not falling
  back, not embarked). With both sides there, the side with at least 2 more wounds
  within 10 cm takes it (ours: cover is not counted); otherwise it stays as it was.
- `victory.objectives`: "points" (default, ours) each objective held when the game ends
  is worth OBJECTIVE_POINTS; "majority" the side holding more wins, break points decide
  a tie; "off" objectives are ignored.
- `scenario.cards=maelstrom`: the Warlord card names one of each player's Characters at
  setup (EP-9.2: only a Character may take it; AMB-EP-10d: a Bound Character is one);
  slaying the enemy Warlord is worth WARLORD_POINTS (research S7, reconstructed).
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.i18n import Msg
from arbitre.games.epic.geometry import Point, cover_save
from arbitre.games.epic.shooting import GROUND
from arbitre.games.epic.sides import side_key
from arbitre.games.epic.state import EpicState
from arbitre.games.epic.world import areas

HOLD_CM = 10.0  # research §3.9
LEAD = 2  # research §3.9: a lead of 2 wounds captures a contested objective
OBJECTIVE_POINTS = 2  # ours
WARLORD_POINTS = 3  # ours (research S7 names the card, not its value)


def __getattr__(name: str) -> Any:
    """`OBJECTIVES`: the default table's markers, kept for older callers; a game reads
    its own table's (`EpicState.table.objectives`)."""
    if name == "OBJECTIVES":
        from arbitre.games.epic.tables import default_table

        return default_table().objectives
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def scenario(s: EpicState) -> str:
    """The game's scoring (option `scenario`, docs/epic.md "Scenarios"): "starter" (our
    thresholds, the starter battle's default) or "standard" (the sources' rules where they
    give them, the default of a game from armies)."""
    chosen = s.rules.values.get("scenario")
    if chosen is not None:
        return str(chosen)
    armies = s.rules.values.get("army.0") is not None or s.rules.values.get("army.1") is not None
    return "standard" if armies else "starter"


def strength(s: EpicState, side: int, p: Point) -> int:
    """Wounds of the side's eligible stands within 10 cm of `p` (research §3.9). In the
    standard scenario a stand in terrain giving a cover save counts one Wound more
    (research S1, End Phase "Capturing Objectives"; garrisons are not modelled)."""
    cover = scenario(s) == "standard"
    terrain = areas(s) if cover else ()
    total = 0
    px, py = p.x, p.y
    hypot = math.hypot  # issue 14: st.point.to(p) on the coordinates (same floats)
    for st in s.stands.values():
        if (
            st.side == side
            and st.alt == GROUND
            and not s.dets[st.det].fallback
            and hypot(px - st.x, py - st.y) <= HOLD_CM
        ):
            total += st.wounds
            if cover and cover_save(st.point, terrain) is not None:
                total += 1
    return total


def strengths(s: EpicState, p: Point) -> tuple[int, int]:
    """`strength(s, 0, p), strength(s, 1, p)` in one pass over the stands (tenth round:
    the End phase asks both of every objective, EPC-29, research §3.9). A stand farther
    than 10 cm (+ 1e-9 for float noise) from `p` on x or y is farther than 10 cm from it
    (a distance is at least its gap on either axis): it is passed over before its
    distance, which is measured on the same floats as `strength`'s."""
    cover = scenario(s) == "standard"
    terrain = areas(s) if cover else ()
    totals = [0, 0]  # by side (the two seats)
    px, py = p.x, p.y
    far, dets, hypot = HOLD_CM + 1e-9, s.dets, math.hypot
    back = -far  # (negated once, not at every stand)
    for st in s.stands.values():
        dx = px - st.x
        if dx > far or dx < back:
            continue
        dy = py - st.y
        if dy > far or dy < back:
            continue
        if st.alt == GROUND and not dets[st.det].fallback and hypot(dx, dy) <= HOLD_CM:
            wounds = st.wounds
            if cover and cover_save(st.point, terrain) is not None:
                wounds += 1
            totals[st.side] += wounds
    return totals[0], totals[1]


def update(s: EpicState) -> None:
    """End phase (research §3.9): capture, hold or contest each objective."""
    if s.rules.objectives == "off":
        return
    markers = s.table.objectives
    if len(s.objectives) != len(markers):
        s.objectives = [-1] * len(markers)
    for i, p in enumerate(markers):
        a, b = strengths(s, p)  # = strength(s, 0, p), strength(s, 1, p)
        holder = s.objectives[i]
        if a and not b:
            holder = 0
        elif b and not a:
            holder = 1
        elif a and b and abs(a - b) >= LEAD:
            holder = 0 if a > b else 1
        if holder != s.objectives[i] and holder >= 0:
            s.log.append(
                Msg(
                    "epic.ev.objective",
                    {"n": i + 1, "side": side_key(s, holder)},
                    "EPC-29",
                )
            )
        s.objectives[i] = holder


def held(s: EpicState, side: int) -> int:
    return sum(1 for h in s.objectives if h == side)


def bonus(s: EpicState, side: int) -> int:
    """Scenario points on top of the break points: objectives and the Warlord."""
    pts = OBJECTIVE_POINTS * held(s, side) if s.rules.objectives == "points" else 0
    enemy = s.warlords[1 - side] if len(s.warlords) == 2 else -1
    if s.rules.maelstrom and enemy >= 0 and enemy not in s.stands and enemy not in s.aboard:
        pts += WARLORD_POINTS
    return pts
