"""Scoring a group standing on a cell: the objective, engagement, danger and catapult safety.

The MJ's default objective (AMB-CB-24) is to have a unit on the players' start line at the end
of `bf.hold` MJ turns in a row (Air Soldiers only if `bf.flyers_count`); the players defend it.
"""

from __future__ import annotations

from arbitre.games.champs.ai.context import Ctx, Group
from arbitre.games.champs.ai.values import (
    DANGER_WEIGHT,
    HERO_VALUE,
    HOLD_VALUE,
    LINE_LOSS,
    TRAP_LOSS,
    WIN,
    progress,
    unit_value,
)
from arbitre.games.champs.dice import hero_dice, unit_dice
from arbitre.games.champs.logic import load
from arbitre.games.champs.state import MJ, PLAYERS
from arbitre.games.champs.troops import CAP, CATAPULT_RANGE, TYPES


def merged(ctx: Ctx, cell: int, g: Group) -> tuple[int, int, float]:
    """Dice, unit count and cheapest unit of the troop `g` would form on `cell`."""
    ids = {u.uid for u in g.units}
    others = [u for u in ctx.own(cell, g.side) if u.uid not in ids]
    if not others:
        return g.dice, g.n, g.cheap
    units = g.units + others
    heroes = g.heroes + [
        h for h in ctx.occ.heroes.get(cell, []) if g.side == PLAYERS and h not in g.heroes
    ]
    dice = unit_dice(ctx.rules, units, False) + hero_dice(ctx.rules, units, heroes)
    return dice, len(units), min(unit_value(u) for u in units)


def danger(ctx: Ctx, cell: int, g: Group) -> float:
    """Expected loss from an enemy strike next turn (CB-55..CB-66), weighted by its likelihood."""
    strongest, count = ctx.threat()[cell]
    if not strongest:
        return 0.0
    dice, n, cheap = merged(ctx, cell, g)
    attack = strongest + max(0, count - 1)  # the others may support (CB-68)
    if not g.units and not any(h.skill == "gladiateur" for h in g.heroes) and n == 0:
        return DANGER_WEIGHT * HERO_VALUE * len(g.heroes)  # a lone hero is simply taken (CB-53)
    p = ctx.win(attack, dice)
    loss = cheap if n else HERO_VALUE  # a lone Gladiator who loses is taken (AMB-CB-20g)
    if n <= 1:
        loss += HERO_VALUE * sum(1 for h in g.heroes if h.skill != "gladiateur") + 0.5
    if g.side == MJ and n <= 1 and ctx.objective() and g.counts:
        loss += max(progress(ctx.mj_turns(cell, g.speed, g.flying)), 0.0) * 0.5
    value = DANGER_WEIGHT * p * loss
    if g.side == PLAYERS and ctx.objective() and cell in ctx.s.bf.players_line:
        # beaten on the start line, a troop cannot retreat (CB-61): the MJ strikes until it is
        # gone, then advances onto the line (AMB-CB-24)
        value += LINE_LOSS * p ** max(n, 1)
    return value


def catapult_term(ctx: Ctx, cell: int, g: Group) -> float:
    if not g.cats:
        return 0.0
    lo, hi = CATAPULT_RANGE
    adjacent = in_range = False
    for c in ctx.foe_cells(1 - g.side):
        d = ctx.geo.distance(cell, c)
        if d <= 1:
            adjacent = True
        elif lo <= d <= hi + 1:
            in_range = True
    others = g.n - g.cats
    return (-3.0 * g.cats if adjacent and others < 2 else 0.0) + (0.6 if in_range else 0.0)


def line_value(ctx: Ctx, cell: int, g: Group) -> float:
    """The MJ's objective value of a group that counts on the players' line standing on `cell`.

    On the line it wins when the next MJ turn end is the `hold`-th in a row; otherwise it
    keeps the count going (`state.line_held`), worth HOLD_VALUE.
    """
    dist = ctx.goal_dist(cell, g.flying)
    if dist == 0 and g.units:
        if ctx.decisive():
            return WIN if ctx.my_turn else 50.0
        return HOLD_VALUE
    weight = 0.2 if g.cats == g.n else 1.0
    return weight * progress(dist / max(g.speed, 1))


def pos_value(ctx: Ctx, cell: int, g: Group) -> float:
    """How good it is for `g` to stand on `cell` at the end of this activation."""
    if g.side == MJ:
        if not ctx.objective():
            value = engage(ctx, cell, g)
        elif g.counts:
            value = line_value(ctx, cell, g)
            if value > HOLD_VALUE:
                return value  # the objective is as good as reached: nothing else matters
        else:
            # flyers that do not count on the line (bf.flyers_count): fight, near the line
            steps = ctx.line_dist()[cell] / max(g.speed, 1)
            value = engage(ctx, cell, g) + 0.3 * max(progress(steps), 0.0)
        return value + catapult_term(ctx, cell, g) - danger(ctx, cell, g)
    value = engage(ctx, cell, g) + catapult_term(ctx, cell, g) - danger(ctx, cell, g)
    if ctx.objective():
        value -= 0.25 * max(0, ctx.line_dist()[cell] - 2)  # stay near the line to defend it
    if not g.units and g.heroes and ctx.own(cell, PLAYERS):
        value += 2.0  # a hero inside a troop is safe and uses his skill (CB-47)
    return value


def engage(ctx: Ctx, cell: int, g: Group) -> float:
    """The players' (or a fighting MJ's) interest in being able to strike the enemy next turn."""
    if g.dice == 0:
        return 0.0
    best = 0.0
    reach = g.speed + 1
    if g.side == PLAYERS:
        targets = [(c, d, dg) for c, d, dg, _n in ctx.mj_troops()]
    else:
        targets = [(c, ctx.defence_dice(c), 0.5) for c in ctx.foe_cells(PLAYERS)]
    for c, dice, dg in targets:
        d = ctx.geo.distance(cell, c)
        f = 1.0 if d <= reach else reach / d
        value = dg * f * (0.3 + 0.7 * ctx.win(g.dice, dice))
        best = max(best, value)
    return best


def move_cost(ctx: Ctx, path: list[int], g: Group, dest: int) -> float:
    """What it costs `g` to walk `path` to `dest`: enemy traps sprung (CB-18), overflow (CB-8)."""
    s = ctx.s
    cost = 0.0
    if not g.flying or s.rules.flyers_trigger:
        ground = [u for u in g.units if not TYPES[u.kind].flying or s.rules.flyers_trigger]
        if ground:
            traps = sum(1 for c in path if ctx.traps.get(c, g.side) != g.side)
            cost += traps * min(TRAP_LOSS, len(ground)) * g.cheap
    here = [u for u in ctx.own(dest, g.side) if u not in g.units]
    if here and load(here) + load(g.units) > CAP:
        cost += 1.0  # an overflow to sort out (CB-8)
    return cost
