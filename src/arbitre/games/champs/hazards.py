"""Traps springing and cells over the stacking cap (CB-8, CB-18, CB-19, CB-21, CB-44,
AMB-CB-16, AMB-CB-23)."""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import (
    controller,
    distinct_units,
    enemy_at,
    enter,
    load,
    occupancy,
    remove_unit,
)
from arbitre.games.champs.state import ChampsState, Frame
from arbitre.games.champs.troops import CAP, TYPES

# --- traps (CB-18, CB-19, CB-21) -----------------------------------------------------------


def auto_trap(s: ChampsState, f: Frame) -> None:
    """The side that sprang the trap rolls 1D6 and loses half, rounded down (CB-19)."""
    d = f.data
    s.stack.pop()
    cell = d["cell"]
    alive = [uid for uid in d["uids"] if uid in s.units and s.units[uid].cell == cell]
    if cell not in s.traps or not alive:
        return
    roll = s.roll(6)
    lost = min(roll // 2, len(alive))
    if lost > 0 or s.rules.trap_zero_consumes:
        del s.traps[cell]  # CB-21: single use
        s.trap_owner.pop(cell, None)
        if cell in s.revealed:
            s.revealed.remove(cell)
    elif cell not in s.revealed:
        s.revealed.append(cell)  # it stays, and everyone now knows where (the event says)
    side = s.units[alive[0]].side
    s.log.append(
        Msg("champs.ev.trap", {"cell": s.bf.label(cell), "roll": roll, "n": lost}, "CB-19")
    )
    if lost:
        s.stack.append(
            Frame(
                "loss",
                controller(s, cell, side),
                {
                    "cell": cell,
                    "side": side,
                    "n": lost,
                    "only": alive,
                    "combat": False,
                    "role": "trap",
                },
            )
        )


# --- overflow (CB-8, CB-44, AMB-CB-23) ------------------------------------------------------


def _overflow_targets(s: ChampsState, f: Frame, size: int) -> list[int]:
    occ = occupancy(s)
    out = []
    for n in s.geo.neighbours[f.data["cell"]]:
        if n in s.bf.obstacles or enemy_at(s, n, f.data["side"], occ):
            continue
        if load(occ.get(n, [])) + size > CAP:
            continue  # an allied cell only within its own cap: no cascade
        out.append(n)
    return out


def decide_overflow(s: ChampsState, f: Frame) -> Decision | None:
    units = [u for u in s.units.values() if u.cell == f.data["cell"] and u.side == f.data["side"]]
    if load(units) <= CAP:
        return None
    lbl = s.bf.label
    opts = []
    new = tuple.__new__  # Option(key, Msg(...)) without the Python `__new__` (speed)
    for token, u in distinct_units(units).items():
        name = f"champs.type.{TYPES[u.kind].id}"
        for n in _overflow_targets(s, f, TYPES[u.kind].size):
            text = new(Msg, ("champs.opt.overflow_out", {"what": name, "cell": lbl(n)}, None))
            opts.append(new(Option, (f"out:{token}:{lbl(n)}", text)))
        text = new(Msg, ("champs.opt.overflow_elim", {"what": name}, None))
        opts.append(new(Option, (f"elim:{token}", text)))
    return Decision(
        f.seat,
        "champs.overflow",
        tuple(opts),
        Msg("champs.q.overflow", {"cell": lbl(f.data["cell"]), "load": load(units)}),
        ("CB-6", "CB-8", "CB-44", "AMB-CB-23"),
        private=False,
    )


def choose_overflow(s: ChampsState, f: Frame, key: str) -> None:
    parts = key.split(":")
    units = [u for u in s.units.values() if u.cell == f.data["cell"] and u.side == f.data["side"]]
    u = distinct_units(units)[parts[1]]
    if parts[0] == "elim":
        remove_unit(s, u, "champs.why.overflow", "CB-8")
        return
    cell = s.bf.parse(parts[2])
    assert cell is not None
    u.cell = cell
    s.occ = None
    s.log.append(
        Msg(
            "champs.ev.overflow_out",
            {"type": f"champs.type.{TYPES[u.kind].id}", "cell": parts[2]},
            "CB-8",
        )
    )
    enter(s, [u], cell, f.data["side"], True)


def auto_overflow(s: ChampsState, f: Frame) -> None:
    s.stack.pop()
