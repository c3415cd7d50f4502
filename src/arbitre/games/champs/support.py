"""Support: allied troops next to the target add a die each, and risk a unit (CB-67..CB-71,
AMB-CB-22); a player may refuse the support of a troop holding his hero (CB-70)."""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import heroes_at, occupancy
from arbitre.games.champs.state import PLAYERS, ChampsState, Frame


def eligible_supporters(s: ChampsState, d: dict[str, Any]) -> list[int]:
    if d["ranged"] and not s.rules.catapult_support:
        return []
    if d["again"] and not s.rules.reattack_support:
        return []
    out = []
    occ = occupancy(s)
    for n in s.geo.neighbours[d["tgt"]]:
        if n == d["att"]:
            continue
        units = occ.get(n)
        if units and units[0].side == d["aside"]:
            out.append(n)
        elif (
            not units
            and d["aside"] == PLAYERS
            and any(h.skill == "gladiateur" for h in heroes_at(s, n))
        ):
            out.append(n)  # AMB-CB-20g: a lone Gladiator is a troop and may support
    return out


def decide_support(s: ChampsState, f: Frame) -> Decision | None:
    d = f.data
    cells = eligible_supporters(s, d)
    if not cells:
        return None
    lbl = s.bf.label
    opts = [
        Option(
            f"sup:{lbl(c)}",
            Msg("champs.opt.support", {"cell": lbl(c), "mark": "x" if c in d["sup"] else " "}),
        )
        for c in cells
    ]
    opts.append(Option("go", Msg("champs.opt.roll", {"n": len(d["sup"])})))
    return Decision(
        f.seat,
        "champs.support",
        tuple(opts),
        Msg("champs.q.support"),
        ("CB-67", "CB-68", "CB-69"),
        private=False,
    )


def consent_asks(s: ChampsState, f: Frame) -> list[list[int]]:
    """CB-70: a player may refuse support from a troop holding his hero (AMB-CB-22c)."""
    d = f.data
    if d["aside"] != PLAYERS:
        return []
    asks = []
    attackers = {h.seat for h in heroes_at(s, d["att"])} if s.rules.refusal_also_attacker else set()
    for c in d["sup"]:
        seats = {h.seat for h in heroes_at(s, c)} | attackers
        for seat in sorted(seats - {f.seat}):
            asks.append([c, seat])
    return asks


def decide_consent(s: ChampsState, f: Frame) -> Decision | None:
    if not f.data["ask"]:
        return None
    cell, seat = f.data["ask"][0]
    return Decision(
        seat,
        "champs.support.consent",
        (Option("lend", Msg("champs.opt.lend")), Option("refuse", Msg("champs.opt.refuse"))),
        Msg("champs.q.lend", {"cell": s.bf.label(cell), "seat": s.seats[f.seat]}),
        ("CB-70", "AMB-CB-22c"),
        private=False,
    )
