"""What one seat sees (EPC-9): every stand, and the orders of its own detachments; the
enemy's order counters stay face down until revealed at the movement phase.

Nothing else is hidden in Epic, so the view also carries the rest of the table: each
detachment's and stand's counters, the Elite re-rolls left, and the work in progress (a
move being placed, templates laid, fire declared): the public answers that lead there
are then read against what everyone sees (the conformance harness checks it)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from arbitre.games.epic.objectives import OBJECTIVES
from arbitre.games.epic.state import Det, EpicState, Stand

# the other fields, shown as they are (those above have their own names, and the order
# counter stays face down until revealed)
_DET_SHOWN = {"did", "side", "spec", "unit", "order", "moved", "acted", "lost"}
_DET_SHOWN |= {"break_points", "fallback", "zone"}
_DET_MORE = tuple(f.name for f in fields(Det) if f.name not in _DET_SHOWN)
_STAND_SHOWN = {"sid", "det", "unit", "x", "y", "wounds", "alt", "shields"}
_STAND_MORE = tuple(f.name for f in fields(Stand) if f.name not in _STAND_SHOWN)


def build_view(s: EpicState, seat: int | None) -> dict[str, Any]:
    dets = []
    for d in s.dets:
        shown = d.revealed or (seat is not None and d.side == seat)
        dets.append(
            {
                "id": d.did,
                "side": s.seats[d.side],
                "detachment": d.spec,
                "unit": d.unit,
                "order": d.order if shown else ("hidden" if d.order is not None else None),
                "moved": d.moved,
                "acted": d.acted,
                "lost": d.lost,
                "break_points": d.break_points,
                "broken": d.broken,
                "fallback": d.fallback,
                "zone": d.zone,
                **{k: getattr(d, k) for k in _DET_MORE},
            }
        )
    stands = [
        {
            "id": st.sid,
            "det": st.det,
            "unit": st.unit,
            "x": round(st.x, 2),
            "y": round(st.y, 2),
            "wounds": st.wounds,
            "alt": st.alt,
            "shields": st.shields,
            **{k: getattr(st, k) for k in _STAND_MORE},
        }
        for st in s.stands.values()
    ]
    top = s.stack[-1] if s.stack and not s.over else None
    return {
        "game": "epic",
        "seat": None if seat is None else s.seats[seat],
        "turn": s.turn,
        "phase": s.phase,
        "initiative": s.seats[s.initiative],
        "to_play": None if s.cached is None else s.seats[s.cached.seat],
        "frame": None if top is None else top.kind,
        "detachments": dets,
        "stands": stands,
        "over": s.over,
        "outcome": dict(s.outcome),
        "structure": {str(k): v for k, v in s.structure.items()},
        "aboard": [
            {"id": st.sid, "det": st.det, "unit": st.unit, "carrier": st.carrier}
            for st in s.aboard.values()
        ],
        "elite": list(s.elite),
        "elite_use": list(s.elite_use),
        "warlords": list(s.warlords),
        "pending": [
            {"kind": f.kind, "seat": s.seats[f.seat], "data": f.data} for f in s.stack if not s.over
        ],
        "objectives": [
            {"x": p.x, "y": p.y, "holder": None if h < 0 else s.seats[h]}
            for p, h in zip(OBJECTIVES, s.objectives, strict=False)
        ],
    }
