"""Setup: the two starter armies deployed on opposite table edges (EPC-3, research §3.1).

Each army's detachments are placed in a row 20 cm from its own long edge, stands 3 cm
apart (inside the EPC-5 coherency distance). Flyer detachments are left out (their
altitude rules, EP-16, are not played yet).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.config import resolve
from arbitre.games.epic.movement import TABLE_H
from arbitre.games.epic.state import ARMIES, Det, EpicState, Frame, Stand

EDGE_CM = 20.0
DET_GAP_CM = 30.0
STAND_GAP_CM = 3.0


def stand_wounds(unit: str) -> int:
    """Wounds of a stand (research §5.9); a titan's come from its damage sheet."""
    prof = CATALOG.units[unit]
    if prof.save.sheet and prof.sheet is not None:
        return CATALOG.sheets[prof.sheet].wounds
    return prof.wounds


def new_state(config: Mapping[str, Any], seed: int) -> EpicState:
    s = EpicState(rules=resolve(config), rng=Rng.from_seed(seed))
    sid = 0
    for side, army_id in enumerate(ARMIES):
        y = EDGE_CM if side == 0 else TABLE_H - EDGE_CM
        specs = [d for d in CATALOG.armies[army_id].detachments if not _flyer(d.unit)]
        for i, spec in enumerate(specs):
            did = len(s.dets)
            s.dets.append(Det(did, side, spec.id, spec.unit, spec.break_points))
            x0 = 15.0 + i * DET_GAP_CM
            for k in range(spec.stands):
                s.stands[sid] = Stand(
                    sid, did, side, spec.unit, x0 + k * STAND_GAP_CM, y, stand_wounds(spec.unit)
                )
                sid += 1
    s.stack.append(Frame("turn", 0, {}))
    return s


def _flyer(unit: str) -> bool:
    return CATALOG.units[unit].is_flyer
