"""Movement allowances and special moves (EP-2, EP-7, EP-16.8..16.10, EP-16.32, EPC-9,
EPC-11), with a validator for a proposed point and a finite set of candidate points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from arbitre.engine.i18n import Msg
from arbitre.games.epic.config import DEFAULT_RULES, Rules
from arbitre.games.epic.geometry import (
    EPS,
    Area,
    Point,
    coherent,
    path_blocked,
    path_enters_zoc,
)

ORDERS = ("tir_appuye", "avance", "charge", "retraite")  # EPC-9; None = no order
BREAKTHROUGH_CM = {1: 5.0, 2: 10.0}  # EP-2.3
TABLE_W, TABLE_H = 180.0, 120.0  # research §3.1 (v3): 180 x 120 cm, the default table's


def move_allowance(order: str | None, move: int, flyer: bool) -> tuple[float, float, str]:
    """(minimum, maximum) cm of a normal move under `order`, with the deciding rule.

    Ground troops: Charge and Retraite double the move (EPC-9, AMB-EP-17), Avance is one
    move, Tir Appuyé does not move (research §5.1). Flyers: never doubled (EP-16.8,
    EP-16.9), at least half a move every turn (EP-16.32), exactly the minimum with no
    order (EP-16.10).
    """
    if flyer:
        half = move / 2
        if order is None:
            return half, half, "EP-16.10"
        return half, float(move), "EP-16.32"
    if order in ("charge", "retraite"):
        return 0.0, 2.0 * move, "AMB-EP-17"
    if order == "avance":
        return 0.0, float(move), "EPC-9"
    return 0.0, 0.0, "EPC-9"


def infiltration_allowance(cls: int, move: int) -> float:
    """EP-7.3: class 1 moves up to twice its move; EP-7.4: class 2+ one move."""
    return 2.0 * move if cls == 1 else float(move)


def breakthrough_allowance(cls: int, rules: Rules = DEFAULT_RULES) -> float:
    """EP-2.3: 5 cm for class 1, 10 cm for class 2; classes 3+ per AMB-EP-6b."""
    if cls in BREAKTHROUGH_CM:
        return BREAKTHROUGH_CM[cls]
    return BREAKTHROUGH_CM[2] if rules.breakthrough_big else 0.0


def breakthrough_eligible(assaults_won: Sequence[bool]) -> bool:
    """EP-2.1 (AMB-EP-6c): fought at least one assault and won every one."""
    return bool(assaults_won) and all(assaults_won)


@dataclass(frozen=True, slots=True)
class Mover:
    """The stand that moves, its detachment mates' positions and the enemies."""

    start: Point
    cls: int
    mates: tuple[Point, ...] = ()
    enemies: tuple[tuple[Point, int], ...] = ()
    others: tuple[Point, ...] = ()  # every other stand on the table (for contact)
    airborne: bool = False


def check_special_move(
    mover: Mover,
    dest: Point,
    allowance: float,
    areas: Sequence[Area] = (),
    *,
    rule: str,
    exact: bool = False,
    rules: Rules = DEFAULT_RULES,
    size: tuple[float, float] = (TABLE_W, TABLE_H),
) -> Msg | None:
    """A special move (Infiltration EP-7, Breakthrough EP-2): None if legal, else the
    refusal naming its rule. `rule` is the ability's allowance rule; `size` the table's
    width and height in cm."""
    dist = mover.start.to(dest)
    if dist > allowance + EPS or (exact and abs(dist - allowance) > EPS):
        return Msg("epic.move.too_far", {"cm": round(dist, 1), "max": allowance}, rule)
    if not (0 <= dest.x <= size[0] and 0 <= dest.y <= size[1]):
        return Msg("epic.move.off_table", {}, "AMB-EP-7d")
    if path_blocked(mover.start, dest, mover.cls, areas, mover.airborne):
        return Msg("epic.move.impassable", {}, "EPC-11")
    contact = 2 * rules.base_radius
    if any(dest.to(o) < contact - EPS for o in (*mover.others, *(e for e, _c in mover.enemies))):
        return Msg("epic.move.contact", {}, "EP-2.4")
    if path_enters_zoc(mover.start, dest, mover.enemies):
        return Msg("epic.move.enemy_zoc", {}, "EP-7.5" if rule.startswith("EP-7") else "EP-2.5")
    if mover.mates and not coherent((dest, *mover.mates), rules):
        return Msg("epic.move.coherency", {"cm": rules.coherency}, "EP-2.6")
    return None


def candidate_points(
    start: Point, allowance: float, directions: int = 8, fractions: Sequence[float] = (0.5, 1.0)
) -> list[Point]:
    """A finite set of sensible destinations: `directions` headings at each fraction of
    the allowance, plus staying put; callers filter them with a validator."""
    out = [start]
    if allowance <= 0:
        return out
    for i in range(directions):
        angle = 2 * math.pi * i / directions
        for f in fractions:
            r = allowance * f
            if r > 0:
                out.append(Point(start.x + r * math.cos(angle), start.y + r * math.sin(angle)))
    return out
