"""What one seat sees (EPC-9): every stand, and the orders of its own detachments; the
enemy's order counters stay face down until revealed at the movement phase.

Nothing else is hidden in Epic, so the view also carries the rest of the table: each
detachment's and stand's counters, the Elite re-rolls left, and the work in progress (a
move being placed, templates laid, fire declared): the public answers that lead there
are then read against what everyone sees (the conformance harness checks it)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from arbitre.games.epic import moves
from arbitre.games.epic.geometry import TERRAIN
from arbitre.games.epic.state import Det, EpicState, Stand
from arbitre.games.epic.tables import to_json
from arbitre.games.epic.world import areas, stand_class

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
    more: dict[str, Any] = {}
    if s.rules.values.get("army.0") is not None or s.rules.values.get("army.1") is not None:
        from arbitre.games.epic.forces import army_names
        from arbitre.games.epic.sides import side_names

        more["armies"] = army_names(s)  # issue 16: each seat's army by name (public)
        more["sides"] = side_names(s)  # the sides named by their armies (sides.py)
    return {
        **more,
        "game": "epic",
        "seat": None if seat is None else s.seats[seat],
        "turn": s.turn,
        "phase": "infiltration" if top is not None and top.kind == "infiltrate" else s.phase,
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
        "reach": reach(s),
        "objectives": [
            {"x": p.x, "y": p.y, "holder": None if h < 0 else s.seats[h]}
            for p, h in zip(s.table.objectives, s.objectives, strict=False)
        ],
        # the table (public): size, terrain pieces, deployment zones (tables.py)
        "table": _table(s),
    }


def _table(s: EpicState) -> dict[str, Any]:
    """The table's size, pieces and zones (its names and objectives are given elsewhere)."""
    t = to_json(s.table)
    return {k: t[k] for k in ("w", "h", "terrain", "zones")}


# the frames whose decision places a detachment on the table, and the purpose of its move
_MOVE_FRAMES = {
    "movement": None,
    "infiltrate": moves.INFILTRATE,
    "breakthrough": moves.BREAKTHROUGH,
    "fallback": moves.FALLBACK,
}


def current_move(s: EpicState) -> tuple[int, moves.Plan] | None:
    """The detachment whose move is being placed and its plan, or None."""
    decision = s.cached
    if s.over or decision is None or decision.kind != "epic.move" or not s.stack:
        return None
    top = s.stack[-1]
    if top.kind not in _MOVE_FRAMES or top.data.get("det", -1) < 0:
        return None
    did = top.data["det"]
    purpose = _MOVE_FRAMES[top.kind] or top.data.get("purpose", moves.MOVE)
    p = moves.plan(s, did, purpose)
    return (did, p) if p.movers else None


def reach(s: EpicState) -> dict[str, Any] | None:
    """Where the move being placed may end (EPC-11): the lead stand (the point a key "x,y"
    names, moves.py) may end between `lo` and `hi` cm of where it stands, inside the table,
    out of the terrain pieces `blocked` for it (ground movers), the validator deciding the
    rest (contact, zones of control, coherency). None when no move is being placed."""
    if s.stack and s.stack[-1].kind == "deploy":  # issue 16: the zone, not a ring
        from arbitre.games.epic.deployment import reach as deploy_reach

        return deploy_reach(s)
    found = current_move(s)
    if found is None:
        return None
    did, p = found
    lead = s.stands[p.movers[0]]
    flying = p.flying and not p.land
    cls = stand_class(lead)
    blocked = (
        [] if flying else [i for i, a in enumerate(areas(s)) if cls in TERRAIN[a.kind].impassable]
    )
    return {
        "det": did,
        "lead": lead.sid,
        "movers": list(p.movers),
        "x": round(lead.x, 2),
        "y": round(lead.y, 2),
        "lo": round(p.lo, 2),
        "hi": round(p.hi, 2),
        "flying": flying,
        "blocked": blocked,
        "rule": p.rule,
    }
