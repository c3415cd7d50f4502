"""Before and around the battle: the MJ's army, deployment and recruitment choices."""

from __future__ import annotations

from arbitre.engine.decision import Decision
from arbitre.engine.rng import Rng
from arbitre.games.champs.ai.context import Ctx, best_cell_option
from arbitre.games.champs.logic import load
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState
from arbitre.games.champs.troops import BY_ID, CAP, TYPES

_MJ_ARMY = {
    "reach_start_line": (
        "airs",
        "cavalerie",
        "airs",
        "catapulte",
        "mastodonte",
        "soldats",
        "cavalerie",
        "airs",
    ),
    # the line to take on foot (bf.flyers_count = false): Cavalry is the fast ground troop
    "reach_on_foot": (
        "cavalerie",
        "cavalerie",
        "mastodonte",
        "catapulte",
        "airs",
        "soldats",
        "cavalerie",
        "mastodonte",
    ),
    "annihilation": (
        "mastodonte",
        "soldats",
        "catapulte",
        "cavalerie",
        "mastodonte",
        "airs",
        "soldats",
        "catapulte",
    ),
}


def mj_army(s: ChampsState, dec: Decision) -> str:
    chosen = s.stack[-1].data["chosen"]
    if not Ctx(s, MJ).objective():
        plan = _MJ_ARMY["annihilation"]
    else:
        plan = _MJ_ARMY["reach_start_line" if s.bf.flyers_count else "reach_on_foot"]
    return f"type:{plan[len(chosen) % len(plan)]}"


def deploy(s: ChampsState, dec: Decision, rng: Rng) -> str:
    item = s.stack[-1].data["items"][0]
    side = s.side_of_seat(dec.seat)
    ctx = Ctx(s, side)

    def score(c: int) -> float:
        return deploy_score(ctx, c, item, side, dec.seat) + 1e-3 * rng.below(100)

    return best_cell_option(s, dec, "cell:", score)


def recruit_type(s: ChampsState, dec: Decision) -> str:
    """AMB-CB-17e: fast troops for the objective, else the most dice per recruit."""
    ctx = Ctx(s, MJ)
    kinds = [
        TYPES[min(ctx.occ.get(c), key=lambda u: TYPES[u.kind].move).kind].id
        for c in sorted(ctx.occ.held[MJ])
    ]
    if ctx.objective():
        if not s.bf.flyers_count:
            # Air Soldiers do not take the line: Cavalry does, Catapults clear the way
            riders = kinds.count("cavalerie") >= 3 and "catapulte" not in kinds
            return "type:catapulte" if riders else "type:cavalerie"
        fast = kinds.count("airs") + kinds.count("cavalerie")
        if fast < 3 or "catapulte" in kinds:
            return (
                "type:airs" if kinds.count("airs") <= kinds.count("cavalerie") else "type:cavalerie"
            )
        return "type:catapulte"
    cycle = ("soldats", "mastodonte", "catapulte", "soldats", "cavalerie")
    return f"type:{cycle[len(kinds) % len(cycle)]}"


def recruit_place(s: ChampsState, dec: Decision) -> str:
    side = s.side_of_seat(dec.seat)
    ctx = Ctx(s, side)
    kind = s.stack[-1].data["type"] or "soldats"
    return best_cell_option(s, dec, "cell:", lambda c: deploy_score(ctx, c, kind, side, dec.seat))


def deploy_score(ctx: Ctx, c: int, item: str, side: int, seat: int) -> float:
    """Where to put a troop (or hero) on the start line (CB-25, CB-27, AMB-CB-17c)."""
    s = ctx.s
    here = ctx.own(c, side)
    w = s.bf.width
    x = c % w
    centre = -abs(x - (w - 1) / 2) * 0.1
    if item == "hero":
        if not here:
            return -5.0 + centre
        taken = any(h.seat != seat for h in ctx.occ.heroes.get(c, []))
        ground = sum(1 for u in here if not TYPES[u.kind].flying)
        return 2.0 * ground + len(here) + (-3.0 if taken else 0.0) + centre
    t = BY_ID.get(item)
    size = t.size * t.units if t else 1
    crowd = -2.0 * len(here) - (5.0 if load(here) + size > CAP else 0.0)
    near = sum(
        1
        for u in s.units.values()
        if u.side == side and u.cell != c and ctx.geo.distance(u.cell, c) <= 1
    )
    score = crowd - 0.6 * near + centre
    if side == MJ and t is not None and ctx.objective() and not t.flying:
        score -= 0.4 * ctx.goal_dist(c, False)
    if t is not None and t.id == "catapulte":
        score += 2.0 * centre
    if side == PLAYERS and ctx.objective():
        # cover the line against incoming MJ troops
        for mc, _d, dg, _n in ctx.mj_troops():
            score += 0.1 * dg / (1 + abs((mc % w) - x))
    return score
