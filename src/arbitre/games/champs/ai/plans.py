"""Planning one activation: every legal action and destination, scored, best first.

For each troop, every legal action (attack, fire, trap, reload, recruit) and every reachable
destination (move before or after the action) is scored with a one-step look-ahead on the
position; the agent plays the best plan's first step, and the next decision replays the same
evaluation, so the plan is followed without being stored.
"""

from __future__ import annotations

from arbitre.games.champs.activation import (
    can_melee,
    can_reload,
    members,
    movement_open,
    ready,
    trap_cells,
    trap_pool_left,
)
from arbitre.games.champs.ai.combat import attack_value
from arbitre.games.champs.ai.context import Ctx, Group
from arbitre.games.champs.ai.evaluate import move_cost, pos_value
from arbitre.games.champs.ai.values import MIN_GAIN, TRAP_LOSS
from arbitre.games.champs.movement import reachable
from arbitre.games.champs.recruit import can_recruit
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame
from arbitre.games.champs.troops import CATAPULT_RANGE, CATAPULTE, TYPES

Plan = tuple[float, str, int]  # value, first key to play, destination (for "move")


def activation_plans(ctx: Ctx, act: Frame) -> list[Plan]:
    """Every sensible way to play this activation, best first."""
    s, side = ctx.s, ctx.side
    d = act.data
    units, heroes = members(s, act)
    plans: list[Plan] = [(0.0, "end", -1)]
    if not units and not heroes:
        return plans
    cells = sorted({u.cell for u in units} | {h.cell for h in heroes})
    src = d["cell"] if d["cell"] in cells else cells[0]
    lbl = s.bf.label

    def group_at(c: int) -> Group:
        return Group(
            s,
            side,
            [u for u in units if u.cell == c],
            [h for h in heroes if h.cell == c],
            d["spent"],
        )

    g = group_at(src)
    action_open = d["action"] is None
    can_move = movement_open(s, act)
    moves: dict[int, float] = {}
    if can_move and (g.units or g.heroes):
        base = pos_value(ctx, src, g)
        traps = not g.flying and any(sd != side for sd in ctx.traps.values())
        for dest, path in reachable(s, src, side, g.speed, g.flying, paths=traps).items():
            moves[dest] = pos_value(ctx, dest, g) - base - move_cost(ctx, path, g, dest)
    best_move = max(moves.values(), default=0.0)
    after = max(0.0, best_move) if can_move else 0.0
    if action_open:
        for c in cells:
            gc = g if c == src else group_at(c)
            for tgt, ranged, value in _strikes(ctx, c, gc):
                verb = "fire" if ranged else "attack"
                plans.append((value + 0.5 * after, f"{verb}:{lbl(c)}>{lbl(tgt)}", -1))
        for c in trap_cells(s, act, units, ctx.occ):
            leaving = can_move and c == src
            v = trap_value(ctx, c, side, leaving=leaving)
            if v > MIN_GAIN:
                plans.append((v + (after if leaving else 0.0), f"trap:{lbl(c)}", -1))
        if not d["moved_before"] and units:
            if can_reload(s, units):
                plans.append((reload_value(ctx, src, g), "reload", -1))
            if can_recruit(s, act, units, heroes):
                plans.append((recruit_value(ctx, side), "recruit", -1))
    pool = trap_pool_left(s, act.seat)
    for dest, gain in moves.items():
        value = gain
        if action_open:
            value += max(0.0, _best_action_at(ctx, dest, g, pool))
        plans.append((value, "move", dest))
    plans.sort(key=lambda p: -p[0])
    return plans


def virtual_activation(s: ChampsState, turn: Frame, cell: int) -> Frame:
    """The activation frame `act:cell` would open (mirrors turns.start_activation)."""
    side = s.side_of_seat(turn.seat)
    troop = any(u.cell == cell for u in s.units.values())
    if troop:
        units = [
            u.uid
            for u in s.units.values()
            if u.cell == cell and u.side == side and (s.rules.per_cell_tracking or not u.acted)
        ]
        heroes = (
            [h.seat for h in s.heroes if h.cell == cell and not h.captured and not h.acted]
            if side == PLAYERS
            else []
        )
    else:
        units, heroes = [], [turn.seat]
    return Frame(
        "activation",
        turn.seat,
        {
            "cell": cell,
            "units": units,
            "heroes": heroes,
            "lone": not troop,
            "moved_before": False,
            "action": None,
            "moved_after": False,
            "spent": {},
        },
    )


# --- the actions --------------------------------------------------------------------------------


def trap_value(ctx: Ctx, cell: int, side: int, leaving: bool) -> float:
    """A trap where an enemy ground troop is likely to walk (CB-18, CB-19)."""
    s = ctx.s
    if cell in ctx.traps:
        return 0.0
    foe = 1 - side
    best = 0.0
    for u in s.units.values():
        if u.side != foe or TYPES[u.kind].flying:
            continue
        d = ctx.geo.distance(cell, u.cell)
        if d > 4:
            continue
        if foe == MJ and ctx.objective():
            ahead = ctx.goal_dist(cell, False) < ctx.goal_dist(u.cell, False)
            q = 0.45 if ahead and d <= 2 else 0.25 if ahead else 0.08
        else:
            q = 0.3 if d <= 2 else 0.12
        best = max(best, q)
    if not leaving:
        best *= 0.35  # only an enemy advancing after beating us would spring it
    value = best * TRAP_LOSS * 2.0
    if side == PLAYERS:
        value -= 0.25  # the players' tokens are few (CB-22)
    return value


def reload_value(ctx: Ctx, cell: int, g: Group) -> float:
    foe = 1 - g.side
    near = min((ctx.geo.distance(cell, c) for c in ctx.foe_cells(foe)), default=99)
    return 1.4 if near <= 7 else 0.5


def recruit_value(ctx: Ctx, side: int) -> float:
    s = ctx.s
    mine = [u for u in s.units.values() if u.side == side]
    line = set(s.bf.mj_line if side == MJ else s.bf.players_line)
    idle = len({u.cell for u in mine if u.cell in line})
    if side == MJ:
        return 1.6 / (1 + idle) + (0.6 if len({u.cell for u in mine}) < 3 else 0.0)
    return 1.0 + (1.5 if len({u.cell for u in mine}) < 3 else 0.0) - 0.3 * idle


def _fire_targets(ctx: Ctx, c: int) -> list[int]:
    """Enemy cells a Catapult on `c` can shoot at (CB-15, AMB-CB-15b)."""
    lo, hi = CATAPULT_RANGE
    rules, geo = ctx.rules, ctx.geo
    return [
        n
        for n in ctx.foe_cells(1 - ctx.side)
        if lo <= geo.distance(c, n) <= hi and (not rules.line_of_fire or geo.line_clear(c, n))
    ]


def _strikes(ctx: Ctx, c: int, g: Group) -> list[tuple[int, bool, float]]:
    """Attacks (CB-32) and catapult shots (CB-15) open to the group on cell `c`, with values."""
    s, side = ctx.s, ctx.side
    out = []
    if can_melee(s, c, side, ctx.occ):
        for n in ctx.geo.neighbours[c]:
            if ctx.occ.enemy(n, side):
                out.append((n, False, attack_value(ctx, c, g, n, False)[0]))
    if any(u.cell == c and ready(s, u) for u in g.units):
        for n in _fire_targets(ctx, c):
            out.append((n, True, attack_value(ctx, c, g, n, True)[0]))
    return out


def _best_action_at(ctx: Ctx, dest: int, g: Group, traps: bool) -> float:
    """The best action after moving the group to `dest` (move first, then act: CB-37)."""
    s, side = ctx.s, ctx.side
    best = 0.0
    # CB-32, AMB-CB-15c, CB-51/53: what can_melee says of the group once it stands on `dest`
    melee = any(u.kind != CATAPULTE or s.rules.catapult_melee for u in g.units) or (
        not g.units and any(h.skill == "gladiateur" for h in g.heroes)
    )
    if melee:
        for n in ctx.geo.neighbours[dest]:
            if ctx.occ.enemy(n, side):
                best = max(best, attack_value(ctx, dest, g, n, False)[0])
    if any(ready(s, u) for u in g.units):
        for n in _fire_targets(ctx, dest):
            best = max(best, attack_value(ctx, dest, g, n, True)[0])
    if traps and any(TYPES[u.kind].traps for u in g.units) and not s.rules.trap_adjacent:
        best = max(best, trap_value(ctx, dest, side, leaving=False))
    return best
