"""Losses: the loser removes a unit of its choice; heroes left alone are captured (CB-59,
CB-66, CB-69, AMB-CB-20g..i)."""

from __future__ import annotations

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg
from arbitre.games.champs.logic import capture, controller, distinct_units, heroes_at, remove_unit
from arbitre.games.champs.state import PLAYERS, ChampsState, Frame, Unit


def loss_frame(s: ChampsState, cell: int, side: int, role: str) -> Frame:
    return Frame(
        "loss",
        controller(s, cell, side),
        {"cell": cell, "side": side, "n": 1, "only": None, "combat": True, "role": role},
    )


def loss_candidates(s: ChampsState, f: Frame) -> list[Unit]:
    d = f.data
    units = [u for u in s.units.values() if u.cell == d["cell"] and u.side == d["side"]]
    if d["only"] is not None:
        units = [u for u in units if u.uid in d["only"]]
    return units


def decide_loss(s: ChampsState, f: Frame) -> Decision | None:
    units = loss_candidates(s, f)
    tokens = distinct_units(units)
    if len(tokens) < 2 or f.data["n"] <= 0:
        return None
    opts = tuple(
        Option(
            f"lose:{t}",
            Msg(
                "champs.opt.lose_loaded" if t.endswith("*") else "champs.opt.lose",
                {"type": f"champs.type.{t.rstrip('*')}"},
            ),
        )
        for t in tokens
    )
    return Decision(
        f.seat,
        "champs.loss",
        opts,
        Msg("champs.q.loss", {"cell": s.bf.label(f.data["cell"]), "n": f.data["n"]}),
        ("CB-59", "CB-19") if not f.data["combat"] else ("CB-59",),
        private=False,
    )


def choose_loss(s: ChampsState, f: Frame, key: str) -> None:
    _remove(s, f, distinct_units(loss_candidates(s, f))[key[5:]])


def auto_loss(s: ChampsState, f: Frame) -> None:
    units = loss_candidates(s, f)
    if f.data["n"] > 0 and units:
        _remove(s, f, units[0])
        return
    if f.data["n"] > 0 and f.data["combat"]:
        _lone_gladiator_loss(s, f)
    s.stack.pop()
    if f.data["combat"]:
        _captures_after_loss(s, f)


def _remove(s: ChampsState, f: Frame, u: Unit) -> None:
    remove_unit(
        s,
        u,
        "champs.why.trap" if not f.data["combat"] else "champs.why.combat",
        "CB-19" if not f.data["combat"] else "CB-59",
    )
    f.data["n"] -= 1
    if f.data["n"] <= 0 or not loss_candidates(s, f):
        f.data["n"] = 0


def _lone_gladiator_loss(s: ChampsState, f: Frame) -> None:
    """AMB-CB-20g: a lone Gladiator who loses is the unit removed, hence captured."""
    d = f.data
    if d["side"] != PLAYERS:
        return
    if d["role"] == "defender" and not s.rules.gladiator_lone_loss_captures:
        return  # he retreats instead; captured only if he cannot (handled after losses)
    glads = [h for h in heroes_at(s, d["cell"]) if h.skill == "gladiateur"]
    if glads:
        capture(s, glads[0])
        d["n"] = 0


def _captures_after_loss(s: ChampsState, f: Frame) -> None:
    """AMB-CB-20i: heroes left with no unit after a lost combat are captured (CB-66)."""
    d = f.data
    if d["side"] != PLAYERS or s.rules.capture_only_if_no_retreat:
        return
    if any(u.cell == d["cell"] and u.side == PLAYERS for u in s.units.values()):
        return
    for h in heroes_at(s, d["cell"]):
        if h.skill != "gladiateur":
            capture(s, h)
