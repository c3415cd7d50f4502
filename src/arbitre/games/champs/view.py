"""What a seat may see, as JSON (hidden traps of the other side are left out, AMB-CB-16d)."""

from __future__ import annotations

from typing import Any

from arbitre.engine.memo import IdentityMemo
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState
from arbitre.games.champs.troops import TYPES

SIDES = ("players", "mj")


def build_view(s: ChampsState, seat: int | None) -> dict[str, Any]:
    return seat_view(s, seat, public_view(s))


def seat_view(s: ChampsState, seat: int | None, public: dict[str, Any]) -> dict[str, Any]:
    """`public` (`public_view` of the same moment, shared, not copied) and what depends on
    the seat: its name, and the traps its side knows (the other side's hidden traps only
    as a count, AMB-CB-16d)."""
    my_side = None if seat is None else s.side_of_seat(seat)
    known = s.known_traps(my_side)
    xy = s.bf.xy
    return {
        **public,
        "seat": None if seat is None else s.seats[seat],
        "traps": [{"at": list(xy(c)), "side": SIDES[side]} for c, side in sorted(known.items())],
        "hidden_traps": len(s.traps) - len(known),
    }


def public_view(s: ChampsState) -> dict[str, Any]:
    """The part of every seat's view that is the same for all (and for spectators): built
    once for all the seats of a moment by the server (LiveGame.view), never changed after.
    Never shown alone: `seat_view` adds the traps."""
    bf = s.bf
    xy = bf.xy
    cells: dict[int, dict[str, Any]] = {}
    for u in sorted(s.units.values(), key=lambda u: u.uid):
        c = cells.setdefault(
            u.cell, {"at": list(xy(u.cell)), "side": SIDES[u.side], "units": [], "heroes": []}
        )
        c["units"].append(
            {"id": u.uid, "type": TYPES[u.kind].id, "acted": u.acted, "loaded": u.loaded}
        )
    for h in s.heroes:
        if h.captured or h.cell < 0:
            continue
        c = cells.setdefault(
            h.cell, {"at": list(xy(h.cell)), "side": "players", "units": [], "heroes": []}
        )
        c["heroes"].append({"seat": s.seats[h.seat], "skill": h.skill, "acted": h.acted})
    pending = s.cached
    view: dict[str, Any] = {
        "game": "champs",
        "seats": list(s.seats),
        "battlefield": _battlefield(bf, s.rules.victory_rounds or bf.rounds),
        "cells": [cells[c] for c in sorted(cells)],
        "trap_tokens": {"players": list(s.traps_left), "mj": s.mj_traps_left},
        "heroes": [
            {
                "seat": s.seats[h.seat],
                "skill": h.skill,
                "at": list(xy(h.cell)) if h.cell >= 0 and not h.captured else None,
                "captured": h.captured,
                "destiny": h.destiny,
            }
            for h in s.heroes
        ],
        "deck": len(s.deck),
        "discard": list(s.discard),
        "removed": list(s.removed),
        "order": [s.seats[p] for p in s.order],
        "round": s.round,
        "line_held": s.line_held,
        "turn": _turn(s),
        "combat": _combat(s),
        "building": _building(s),
        "to_move": None if pending is None else s.seats[pending.seat],
        "decision_kind": None if pending is None else pending.kind,
        "over": s.over,
        "outcome": dict(s.outcome) if s.over else None,
        "units_left": {
            "players": sum(1 for u in s.units.values() if u.side == PLAYERS),
            "mj": sum(1 for u in s.units.values() if u.side == MJ),
        },
    }
    return view


_FIELDS: IdentityMemo[dict[str, Any]] = IdentityMemo(256)  # battlefields of the library too


def _battlefield(bf: Any, rounds: int) -> dict[str, Any]:
    """The battlefield's part of the view: the same for the whole game, so made once per
    battlefield and round limit and shared by every view (never changed by anyone: the
    server's diff of two views then skips it by identity)."""
    kept = _FIELDS.get(bf, rounds)
    if kept is not None:
        return kept
    xy = bf.xy
    out = {
        "id": bf.id,
        "name": {"fr": bf.name_fr, "en": bf.name_en},
        "width": bf.width,
        "height": bf.height,
        "obstacles": [list(xy(c)) for c in sorted(bf.obstacles)],
        "players_line": [list(xy(c)) for c in bf.players_line],
        "mj_line": [list(xy(c)) for c in bf.mj_line],
        "objective": bf.objective,
        "hold": bf.hold,
        "flyers_count": bf.flyers_count,
        "rounds": rounds,
    }
    return _FIELDS.put(bf, out, rounds)


def _turn(s: ChampsState) -> dict[str, Any] | None:
    for f in s.stack:
        if f.kind == "turn":
            return {"seat": s.seats[f.seat], "activations_used": f.data["used"]}
    return None


def _combat(s: ChampsState) -> dict[str, Any] | None:
    for f in reversed(s.stack):
        if f.kind == "combat":
            d = f.data
            return {
                "attacker": list(s.bf.xy(d["att"])),
                "target": list(s.bf.xy(d["tgt"])),
                "ranged": d["ranged"],
                "support": [list(s.bf.xy(c)) for c in d["sup"]],
                "attacker_dice": list(d["ad"]),
                "defender_dice": list(d["dd"]),
                "stage": d["stage"],
            }
    return None


def _building(s: ChampsState) -> dict[str, Any] | None:
    """A choice made in several steps, as the table sees it: the MJ's army so far (CB-26)
    and what is left to deploy, the troop type the MJ recruits (AMB-CB-17e), the group a
    movement takes along (CB-45). Those steps are public answers: everyone sees them."""
    if not s.stack:
        return None
    f = s.stack[-1]
    d = f.data
    if f.kind == "mj_army":
        return {"what": "mj_army", "chosen": list(d["chosen"]), "of": d["n"]}
    if f.kind == "deploy":
        return {"what": "deploy", "items": list(d["items"])}
    if f.kind == "recruit" and d["type"] is not None:
        return {"what": "recruit", "type": d["type"]}
    if f.kind == "move":
        sel = d["sel"]
        return {
            "what": "move",
            "from": list(s.bf.xy(d["src"])),
            "units": None if sel is None else sorted(t for t in sel if t >= 0),
            "heroes": None if sel is None else sorted(s.seats[-1 - t] for t in sel if t < 0),
        }
    return None
