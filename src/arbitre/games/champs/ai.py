"""AI players for Champs de Bataille: a game master (`mj`) and the players' side (`players`).

One heuristic agent answers every decision of either side. It is stateless between decisions
(each answer is recomputed from the state), so a person may take over a seat at any time:

* an activation is planned as a whole: for each troop, every legal action (attack, fire, trap,
  reload, recruit) and every reachable destination (move before or after the action) is scored
  with a one-step look-ahead on the position, and the best plan's first step is played; the
  next decision replays the same evaluation, so the plan is followed without being stored;
* combats are scored with the exact odds of `odds.py` on the real pools (support dice included,
  CB-67/68; each supporter risks a unit on a loss, CB-69), and the hero skills use the odds
  policy helpers (CB-49, CB-50);
* positions are scored with: material, the MJ's progress toward the players' start line (the
  default objective, AMB-CB-24), the danger from enemy troops able to strike next turn, and
  catapult safety (never next to an enemy when avoidable; targets in range 2-5, CB-15).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.rng import Rng
from arbitre.engine.ruleset import AgentFactory
from arbitre.games.champs import odds
from arbitre.games.champs.activation import movement_open, ready
from arbitre.games.champs.combat import _templar_eligible, retreat_cells
from arbitre.games.champs.dice import ground_troop, hero_dice, unit_dice
from arbitre.games.champs.logic import load
from arbitre.games.champs.movement import group_profile, reachable
from arbitre.games.champs.recruit import can_recruit
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame, Hero, Unit
from arbitre.games.champs.troops import BY_ID, CAP, CATAPULT_RANGE, CATAPULTE, TYPES

# --- values ---------------------------------------------------------------------------------

_BASE_VALUE = {"soldats": 2.0, "cavalerie": 2.3, "airs": 1.8, "mastodonte": 3.2, "catapulte": 3.4}
VALUE = tuple(_BASE_VALUE.get(t.id, float(t.dice)) for t in TYPES)
HERO_VALUE = 6.0  # a captured hero (CB-66)
WIN = 1000.0
DANGER_WEIGHT = 0.55  # how likely an enemy able to strike next turn really does
TRAP_LOSS = 1.5  # expected units lost to a trap: E[floor(D6 / 2)] (CB-19)
MIN_GAIN = 0.05  # below this an activation is not worth spending
LINE_LOSS = 8.0  # the players losing a start-line cell to the MJ loses the battle

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


def unit_value(u: Unit) -> float:
    return VALUE[u.kind] + (0.4 if u.kind == CATAPULTE and u.loaded else 0.0)


def progress(t: float) -> float:
    """The MJ's progress value of a troop `t` turns away from the players' start line."""
    return 4.0 / (1.0 + t) - 0.5 * t


# --- the analysis of one state ----------------------------------------------------------------


class Group:
    """Some units and heroes of one side that act together, with their combat summary."""

    __slots__ = ("cats", "cheap", "dice", "flying", "heroes", "n", "side", "speed", "units")

    def __init__(
        self,
        s: ChampsState,
        side: int,
        units: list[Unit],
        heroes: list[Hero],
        spent: dict[str, int] | None = None,
    ) -> None:
        self.side = side
        self.units = units
        self.heroes = heroes
        self.n = len(units)
        self.dice = unit_dice(s.rules, units, False) + hero_dice(s.rules, units, heroes)
        self.cheap = min((unit_value(u) for u in units), default=0.0)
        self.cats = sum(1 for u in units if u.kind == CATAPULTE)
        speed, flying = group_profile(s, units, heroes, spent)
        self.speed, self.flying = speed, flying


class Ctx:
    """Lazily computed maps of one state, seen from one side."""

    def __init__(self, s: ChampsState, side: int) -> None:
        self.s = s
        self.side = side
        self.rules = s.rules
        self.geo = s.geo
        self.occ: dict[int, list[Unit]] = {}
        for u in s.units.values():
            self.occ.setdefault(u.cell, []).append(u)
        self.hero_cells: dict[int, list[Hero]] = {}
        for h in s.heroes:
            if not h.captured and h.cell >= 0:
                self.hero_cells.setdefault(h.cell, []).append(h)
        self.my_turn = bool(s.stack) and s.side_of_seat(s.stack[0].seat) == side
        self._threat: list[tuple[int, int]] | None = None
        self._ground: list[int] | None = None
        self._line_dist: list[int] | None = None
        self._mj_troops: list[tuple[int, int, float, int]] | None = None
        self._foes: dict[int, list[int]] = {}

    # -- cells
    def side_at(self, c: int) -> int | None:
        units = self.occ.get(c)
        if units:
            return units[0].side
        return PLAYERS if c in self.hero_cells else None

    def troop(self, c: int) -> tuple[list[Unit], list[Hero]]:
        units = self.occ.get(c) or []
        heroes = self.hero_cells.get(c, []) if (not units or units[0].side == PLAYERS) else []
        return list(units), list(heroes)

    def enemy(self, c: int, side: int) -> bool:
        other = self.side_at(c)
        return other is not None and other != side

    def defence_dice(self, c: int) -> int:
        units, heroes = self.troop(c)
        return unit_dice(self.rules, units, False) + hero_dice(self.rules, units, heroes)

    def win(self, att: int, dfn: int) -> float:
        return odds.win_probability(max(att, 0), max(dfn, 0), self.rules)

    # -- the MJ's objective (AMB-CB-24)
    def objective(self) -> bool:
        s = self.s
        return (
            s.rules.victory_mode == "annihilationOrObjective"
            and s.bf.objective == "reach_start_line"
        )

    def line_dist(self) -> list[int]:
        """Flying distance of every cell to the players' start line."""
        if self._line_dist is None:
            bf = self.s.bf
            key = (bf.width, bf.height, bf.players_line, self.geo.adjacency)
            dist = _LINE_DIST.get(key)
            if dist is None:
                dist = _LINE_DIST[key] = [
                    min(self.geo.distance(c, t) for t in bf.players_line)
                    for c in range(self.geo.size)
                ]
            self._line_dist = dist
        return self._line_dist

    def foe_cells(self, side: int) -> list[int]:
        """Cells held by `side` (a lone hero holds his cell for the players)."""
        cells = self._foes.get(side)
        if cells is None:
            held = {c for c, us in self.occ.items() if us[0].side == side}
            if side == PLAYERS:
                held |= set(self.hero_cells)
            cells = self._foes[side] = sorted(held)
        return cells

    def ground(self) -> list[int]:
        """Walking distance of every cell to a free players' start-line cell, for MJ troops."""
        if self._ground is None:
            s, big = self.s, 99
            dist = [big] * self.geo.size
            frontier = [
                c
                for c in s.bf.players_line
                if c not in s.bf.obstacles and self.side_at(c) != PLAYERS
            ]
            for c in frontier:
                dist[c] = 0
            while frontier:
                nxt = []
                for c in frontier:
                    for n in self.geo.steps[c]:
                        if (
                            dist[n] == big
                            and n not in s.bf.obstacles
                            and (self.side_at(n) != PLAYERS)
                        ):
                            dist[n] = dist[c] + 1
                            nxt.append(n)
                frontier = nxt
            self._ground = dist
        return self._ground

    def goal_dist(self, c: int, flying: bool) -> int:
        fly = self.line_dist()[c]
        if flying:
            return fly
        g = self.ground()[c]
        return g if g < 99 else fly + 4

    def mj_turns(self, c: int, speed: int, flying: bool) -> float:
        return self.goal_dist(c, flying) / max(speed, 1)

    def mj_troops(self) -> list[tuple[int, int, float, int]]:
        """MJ troops as (cell, dice, danger to the players' line, units)."""
        if self._mj_troops is None:
            out = []
            cells: dict[int, list[Unit]] = {}
            for u in self.s.units.values():
                if u.side == MJ:
                    cells.setdefault(u.cell, []).append(u)
            for c, units in cells.items():
                speed, flying = group_profile(self.s, units, [])
                if self.objective():
                    t = self.mj_turns(c, speed, flying)
                    # a troop that can reach the line (or strike a troop on it) next turn
                    danger = 8.0 if t <= 1.0 else 4.0 if t <= 1.5 else max(progress(t), 0.0) + 0.3
                    if all(u.kind == CATAPULTE for u in units):
                        danger *= 0.3
                else:
                    danger = 0.5
                out.append((c, unit_dice(self.rules, units, False), danger, len(units)))
            self._mj_troops = out
        return self._mj_troops

    def threat(self) -> list[tuple[int, int]]:
        """Per cell: (strongest enemy attack that can reach it next turn, how many enemy troops)."""
        if self._threat is None:
            s, geo = self.s, self.geo
            out = [(0, 0)] * geo.size
            foe = 1 - self.side
            cells: dict[int, tuple[list[Unit], list[Hero]]] = {}
            for u in s.units.values():
                if u.side == foe:
                    cells.setdefault(u.cell, ([], []))[0].append(u)
            if foe == PLAYERS:
                for c, hs in self.hero_cells.items():
                    if c in cells:
                        cells[c][1].extend(hs)
                    elif not self.occ.get(c) and any(h.skill == "gladiateur" for h in hs):
                        cells[c] = ([], hs)
            lo, hi = CATAPULT_RANGE
            for c, (units, heroes) in cells.items():
                speed, _fly = group_profile(s, units, heroes)
                melee = any(u.kind != CATAPULTE or s.rules.catapult_melee for u in units) or (
                    not units
                )
                dice = unit_dice(s.rules, units, False) + hero_dice(s.rules, units, heroes)
                cats = [u for u in units if u.kind == CATAPULTE and u.loaded]
                rdice = unit_dice(s.rules, cats, True) + (
                    hero_dice(s.rules, cats, heroes) if cats else 0
                )
                for t in range(geo.size):
                    d = geo.distance(c, t)
                    best = 0
                    if melee and d <= speed + 1:
                        best = dice
                    if rdice and lo <= d <= hi + 1:
                        best = max(best, rdice)
                    if best:
                        m, k = out[t]
                        out[t] = (max(m, best), k + 1)
            self._threat = out
        return self._threat


# --- scoring a group somewhere ------------------------------------------------------------------


def merged(ctx: Ctx, cell: int, g: Group) -> tuple[int, int, float]:
    """Dice, unit count and cheapest unit of the troop `g` would form on `cell`."""
    ids = {u.uid for u in g.units}
    others = [u for u in ctx.occ.get(cell, []) if u.side == g.side and u.uid not in ids]
    if not others:
        return g.dice, g.n, g.cheap
    units = g.units + others
    heroes = g.heroes + [
        h for h in ctx.hero_cells.get(cell, []) if g.side == PLAYERS and h not in g.heroes
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
    if g.side == MJ and n <= 1 and ctx.objective():
        loss += max(progress(ctx.mj_turns(cell, g.speed, g.flying)), 0.0) * 0.5
    value = DANGER_WEIGHT * p * loss
    if g.side == PLAYERS and ctx.objective() and cell in ctx.s.bf.players_line:
        # beaten on the start line, a troop cannot retreat (CB-61): the MJ strikes until it is
        # gone, then advances onto the line and wins (AMB-CB-24)
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


def pos_value(ctx: Ctx, cell: int, g: Group) -> float:
    """How good it is for `g` to stand on `cell` at the end of this activation."""
    if g.side == MJ:
        value = 0.0
        if ctx.objective():
            dist = ctx.goal_dist(cell, g.flying)
            if dist == 0 and g.units:
                return WIN if ctx.my_turn else 50.0
            weight = 0.2 if g.cats == g.n else 1.0
            value += weight * progress(dist / max(g.speed, 1))
        else:
            value += engage(ctx, cell, g)
        return value + catapult_term(ctx, cell, g) - danger(ctx, cell, g)
    value = engage(ctx, cell, g) + catapult_term(ctx, cell, g) - danger(ctx, cell, g)
    if ctx.objective():
        value -= 0.25 * max(0, ctx.line_dist()[cell] - 2)  # stay near the line to defend it
    if not g.units and g.heroes:
        units = [u for u in ctx.occ.get(cell, []) if u.side == PLAYERS]
        if units:
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


# --- combat -------------------------------------------------------------------------------------


def _skills(rules: Any, units: Sequence[Unit], heroes: Sequence[Hero]) -> tuple[str, ...]:
    if not units or not ground_troop(rules, units):
        return ()
    return tuple(sorted(h.skill for h in heroes if h.skill in ("voleur", "templier")))


_ODDS_CACHE: dict[tuple[Any, ...], float] = {}
_LINE_DIST: dict[tuple[Any, ...], list[int]] = {}


def combat_win(
    ctx: Ctx, att: int, dfn: int, sa: tuple[str, ...], sd: tuple[str, ...], sup: int
) -> float:
    """P(attacker wins), with the Thief/Templar skills used well when there are some."""
    if not sa and not sd:
        return ctx.win(att, dfn)
    key = (att, dfn, sa, sd, sup, odds.mode_of(ctx.rules), ctx.rules.templar_support_dice)
    hit = _ODDS_CACHE.get(key)
    if hit is not None:
        return hit
    if len(sa) + len(sd) > 1 or max(att, dfn) > 18:
        # several skills need the exact general enumeration, far too slow for play:
        # count each skill as one more die
        p = ctx.win(att + len(sa), dfn + len(sd))
    else:
        try:
            a = odds.Side(dice=att, support=min(sup, att), skills=sa)
            d = odds.Side(dice=dfn, skills=sd)
            p = odds.combat_odds(a, d, ctx.rules).attacker_wins
        except ValueError:
            p = ctx.win(att + len(sa), dfn + len(sd))
    if len(_ODDS_CACHE) > 50_000:
        _ODDS_CACHE.clear()
    _ODDS_CACHE[key] = p
    return p


def attack_value(
    ctx: Ctx, src: int, g: Group, tgt: int, ranged: bool, moved_from: int | None = None
) -> tuple[float, list[int], float]:
    """Expected gain of attacking `tgt` from `src`: (value, supporters to call, P(win))."""
    s, rules = ctx.s, ctx.rules
    side = g.side
    ids = {u.uid for u in g.units}
    others = [u for u in ctx.occ.get(src, []) if u.side == side and u.uid not in ids]
    aunits = g.units + others
    aheroes = list(g.heroes)
    if side == PLAYERS:
        aheroes += [h for h in ctx.hero_cells.get(src, []) if h not in aheroes]
    if ranged:
        aunits = [u for u in aunits if u.kind == CATAPULTE and ready(s, u)]
    att = unit_dice(rules, aunits, ranged) + hero_dice(rules, aunits, aheroes)
    dunits, dheroes = ctx.troop(tgt)
    if not dunits and not any(h.skill == "gladiateur" for h in dheroes):
        return HERO_VALUE * len(dheroes) + 0.5, [], 1.0  # CB-53: taken without a fight
    dfn = unit_dice(rules, dunits, False) + hero_dice(rules, dunits, dheroes)
    sa, sd = _skills(rules, aunits, aheroes), _skills(rules, dunits, dheroes)
    # what winning brings
    gain = min((unit_value(u) for u in dunits), default=HERO_VALUE)
    destroyed = len(dunits) <= 1
    if destroyed:
        gain += 0.5 + HERO_VALUE * sum(1 for h in dheroes if h.skill != "gladiateur")
    stuck = not ranged and not retreat_cells(s, src, tgt, 1 - side)
    if stuck and not destroyed:
        gain += 0.5 * (sorted(unit_value(u) for u in dunits)[1] if len(dunits) > 1 else 0.0)
    if side == PLAYERS:
        for c, _d, dg, _n in ctx.mj_troops():
            if c == tgt:
                gain += dg * (1.0 if destroyed else 0.4)
        if not destroyed and ctx.objective():
            line = s.bf.players_line
            if any(c in line for c in retreat_cells(s, src, tgt, MJ)):
                # beaten, it may retreat onto our start line and hold it (CB-60, AMB-CB-24)
                gain -= 0.7 * LINE_LOSS
    elif ctx.objective():
        if tgt in s.bf.players_line and not ranged and (destroyed or stuck):
            gain += 8.0 if ctx.my_turn else 2.0  # breaking into the line (AMB-CB-24)
        elif not ranged:
            mover = Group(s, side, [u for u in g.units if u.kind != CATAPULTE], [])
            if mover.units:
                before = progress(ctx.mj_turns(src, mover.speed, mover.flying))
                after = progress(ctx.mj_turns(tgt, mover.speed, mover.flying))
                gain += 0.5 * max(0.0, after - before)
    # what losing costs (two-sided fire by default, AMB-CB-15h)
    lose = 0.0 if ranged and rules.catapult_one_sided else _troop_loss(aunits, aheroes)
    # supporters (CB-67..CB-69), cheapest to risk first
    sup_costs: list[tuple[float, int]] = []
    if not (ranged and not rules.catapult_support):
        for n in ctx.geo.neighbours[tgt]:
            if n == src:
                continue
            units = [u for u in ctx.occ.get(n, []) if u.side == side and u.uid not in ids]
            if n == moved_from and not units:
                continue
            if not units:
                continue
            heroes = ctx.hero_cells.get(n, []) if side == PLAYERS else []
            sup_costs.append((_troop_loss(units, heroes), n))
    sup_costs.sort()
    best: tuple[float, list[int], float] = (-math.inf, [], 0.0)
    risked = 0.0
    for k in range(len(sup_costs) + 1):
        if k:
            risked += sup_costs[k - 1][0]
        p = combat_win(ctx, att + k, dfn, sa, sd, k)
        value = p * gain - (1 - p) * (lose + risked)
        if value > best[0] + 1e-9:
            best = (value, [c for _v, c in sup_costs[:k]], p)
    return best


def _troop_loss(units: Sequence[Unit], heroes: Sequence[Hero]) -> float:
    if not units:
        return HERO_VALUE * len(heroes)
    cost = min(unit_value(u) for u in units)
    if len(units) == 1:
        cost += 0.5 + HERO_VALUE * sum(1 for h in heroes if h.skill != "gladiateur")
    return cost


# --- traps, reload, recruit ------------------------------------------------------------------


def trap_value(ctx: Ctx, cell: int, side: int, leaving: bool) -> float:
    """A trap where an enemy ground troop is likely to walk (CB-18, CB-19)."""
    s = ctx.s
    if cell in s.traps:
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


# --- planning one activation -----------------------------------------------------------------

Plan = tuple[float, str, int]  # value, first key to play, destination (for "move")


def activation_plans(ctx: Ctx, seat: int, act: Frame) -> list[Plan]:
    """Every sensible way to play this activation, best first."""
    s, side = ctx.s, ctx.side
    d = act.data
    units = [s.units[uid] for uid in d["units"] if uid in s.units]
    heroes = [
        s.heroes[p] for p in d["heroes"] if not s.heroes[p].captured and s.heroes[p].cell >= 0
    ]
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
        traps = not g.flying and any(sd != side for sd in s.traps.values())
        for dest, path in reachable(s, src, side, g.speed, g.flying, paths=traps).items():
            moves[dest] = pos_value(ctx, dest, g) - base - _path_cost(ctx, path, g, dest)
    best_move = max(moves.values(), default=0.0)
    after = max(0.0, best_move) if can_move else 0.0
    if action_open:
        for c in cells:
            gc = g if c == src else group_at(c)
            for tgt, ranged, value in _strikes(ctx, c, gc):
                verb = "fire" if ranged else "attack"
                plans.append((value + 0.5 * after, f"{verb}:{lbl(c)}>{lbl(tgt)}", -1))
        for c in _trap_cells(ctx, act.seat, units):
            leaving = can_move and c == src
            v = trap_value(ctx, c, side, leaving=leaving)
            if v > MIN_GAIN:
                plans.append((v + (after if leaving else 0.0), f"trap:{lbl(c)}", -1))
        if not d["moved_before"] and units:
            cats = [u for u in units if u.kind == CATAPULTE]
            if (
                cats
                and not all(u.loaded for u in cats)
                and not (s.rules.catapult_split_first and len(cats) != len(units))
            ):
                plans.append((reload_value(ctx, src, g), "reload", -1))
            if can_recruit(s, act, units, heroes):
                plans.append((recruit_value(ctx, side), "recruit", -1))
    pool = _trap_pool_left(s, act.seat)
    for dest, gain in moves.items():
        value = gain
        if action_open:
            value += max(0.0, _best_action_at(ctx, dest, g, src, pool))
        plans.append((value, "move", dest))
    plans.sort(key=lambda p: -p[0])
    return plans


def _can_melee(ctx: Ctx, cell: int, side: int) -> bool:
    """CB-32: a troop fights in melee unless it is only Catapults (AMB-CB-15c); CB-51/53."""
    units = [u for u in ctx.occ.get(cell, []) if u.side == side]
    if any(u.kind != CATAPULTE or ctx.rules.catapult_melee for u in units):
        return True
    return not units and any(h.skill == "gladiateur" for h in ctx.hero_cells.get(cell, []))


def _trap_pool_left(s: ChampsState, seat: int) -> bool:
    """Trap tokens left: the MJ's (unlimited by default) or the players' pool (AMB-CB-16a/b)."""
    if s.side_of_seat(seat) == MJ:
        return s.mj_traps_left != 0
    return s.traps_left[seat if s.rules.trap_pool_per_player else 0] != 0


def _trap_cells(ctx: Ctx, seat: int, units: list[Unit]) -> list[int]:
    """Where these units may lay a trap (CB-17, CB-20, CB-22, AMB-CB-16a/c/k)."""
    s = ctx.s
    if not _trap_pool_left(s, seat):
        return []
    out: set[int] = set()
    for cell in {u.cell for u in units}:
        here = [u for u in units if u.cell == cell]
        soldiers = [u for u in here if TYPES[u.kind].traps]
        if not soldiers or (s.rules.trap_soldiers_only and len(soldiers) != len(here)):
            continue
        if not s.rules.trap_adjacent:
            if cell not in s.traps:
                out.add(cell)
            continue
        for n in ctx.geo.neighbours[cell]:
            if n not in s.traps and n not in s.bf.obstacles and ctx.side_at(n) is None:
                out.add(n)
    return sorted(out)


def _path_cost(ctx: Ctx, path: list[int], g: Group, dest: int) -> float:
    s = ctx.s
    cost = 0.0
    if not g.flying or s.rules.flyers_trigger:
        ground = [u for u in g.units if not TYPES[u.kind].flying or s.rules.flyers_trigger]
        if ground:
            traps = sum(1 for c in path if s.traps.get(c, g.side) != g.side)
            cost += traps * min(TRAP_LOSS, len(ground)) * g.cheap
    here = [u for u in ctx.occ.get(dest, []) if u.side == g.side and u not in g.units]
    if here and load(here) + load(g.units) > CAP:
        cost += 1.0  # an overflow to sort out (CB-8)
    return cost


def _strikes(ctx: Ctx, c: int, g: Group) -> list[tuple[int, bool, float]]:
    """Attacks (CB-32) and catapult shots (CB-15) open to the group on cell `c`, with values."""
    s, side = ctx.s, ctx.side
    out = []
    if _can_melee(ctx, c, side):
        for n in ctx.geo.neighbours[c]:
            if ctx.enemy(n, side):
                out.append((n, False, attack_value(ctx, c, g, n, False)[0]))
    if any(u.cell == c and ready(s, u) for u in g.units):
        out.extend(_shots(ctx, c, g))
    return out


def _shots(ctx: Ctx, c: int, g: Group) -> list[tuple[int, bool, float]]:
    s, side = ctx.s, ctx.side
    lo, hi = CATAPULT_RANGE
    out = []
    for n in ctx.foe_cells(1 - side):
        dist = ctx.geo.distance(c, n)
        if lo <= dist <= hi and (not s.rules.line_of_fire or ctx.geo.line_clear(c, n)):
            out.append((n, True, attack_value(ctx, c, g, n, True)[0]))
    return out


def _best_action_at(ctx: Ctx, dest: int, g: Group, src: int, traps: bool) -> float:
    """The best action after moving the group to `dest` (move first, then act: CB-37)."""
    s, side = ctx.s, ctx.side
    best = 0.0
    melee = any(u.kind != CATAPULTE or s.rules.catapult_melee for u in g.units) or (
        not g.units and any(h.skill == "gladiateur" for h in g.heroes)
    )
    if melee:
        for n in ctx.geo.neighbours[dest]:
            if ctx.enemy(n, side):
                best = max(best, attack_value(ctx, dest, g, n, False, moved_from=src)[0])
    if any(ready(s, u) for u in g.units):
        lo, hi = CATAPULT_RANGE
        for n in ctx.foe_cells(1 - side):
            dist = ctx.geo.distance(dest, n)
            if lo <= dist <= hi and (not s.rules.line_of_fire or ctx.geo.line_clear(dest, n)):
                best = max(best, attack_value(ctx, dest, g, n, True, moved_from=src)[0])
    if traps and any(TYPES[u.kind].traps for u in g.units) and not s.rules.trap_adjacent:
        best = max(best, trap_value(ctx, dest, side, leaving=False))
    return best


# --- the agent --------------------------------------------------------------------------------


class ChampsAI:
    """A heuristic player for any seat of Champs de Bataille (see the module docstring)."""

    def __init__(self, seed: int = 0, strict: bool = False) -> None:
        self.rng = Rng.from_seed(seed)
        self.strict = strict
        self.errors = 0
        # guards against re-planning loops: (game, turn, cell, units) -> moves started
        self._move_tries: dict[tuple[int, int, int, int], int] = {}

    def choose(self, ruleset: Any, state: ChampsState, decision: Decision) -> str:
        keys = decision.keys()
        if len(keys) == 1:
            return keys[0]
        handler = _HANDLERS.get(decision.kind)
        key: str | None = None
        if handler is not None:
            try:
                key = handler(self, state, decision)
            except Exception:
                self.errors += 1
                if self.strict:
                    raise
        if key is None or decision.find(key) is None:
            if self.strict and handler is not None:
                raise AssertionError(f"AI chose {key!r} for {decision.kind}: {keys}")
            key = _fallback(keys, self.rng)
        return key

    # -- setup
    def mj_army(self, s: ChampsState, dec: Decision) -> str:
        chosen = s.stack[-1].data["chosen"]
        plan = _MJ_ARMY["reach_start_line" if Ctx(s, MJ).objective() else "annihilation"]
        return f"type:{plan[len(chosen) % len(plan)]}"

    def deploy(self, s: ChampsState, dec: Decision) -> str:
        f = s.stack[-1]
        item = f.data["items"][0]
        side = s.side_of_seat(dec.seat)
        ctx = Ctx(s, side)
        best, best_key = -math.inf, dec.options[0].key
        for opt in dec.options:
            c = s.bf.parse(opt.key[5:])
            if c is None:
                continue
            value = _deploy_score(ctx, c, item, side, dec.seat) + 1e-3 * self.rng.below(100)
            if value > best:
                best, best_key = value, opt.key
        return best_key

    # -- turns and activations
    def turn(self, s: ChampsState, dec: Decision) -> str:
        side = s.side_of_seat(dec.seat)
        ctx = Ctx(s, side)
        if (
            side == MJ
            and ctx.objective()
            and any(u.side == MJ and u.cell in s.bf.players_line for u in s.units.values())
        ):
            return "end"  # the objective is reached at the end of this turn (AMB-CB-24)
        turn = s.stack[-1]
        best, best_key = MIN_GAIN, "end"
        for opt in dec.options:
            if not opt.key.startswith("act:"):
                continue
            cell = s.bf.parse(opt.key[4:])
            if cell is None:
                continue
            act = _virtual_activation(s, turn, cell)
            plans = activation_plans(ctx, dec.seat, act)
            if plans[0][0] > best:
                best, best_key = plans[0][0], opt.key
        if dec.find("recruit") is not None and self._free_recruit(s):
            return "recruit"
        return best_key

    def _free_recruit(self, s: ChampsState) -> bool:
        """recruit.mjMode=free: one free recruit per turn while the MJ line has room."""
        key = (id(s), s.turn_counter, -1, -1)
        if self._move_tries.get(key):
            return False
        self._move_tries[key] = 1
        troops = {u.cell for u in s.units.values() if u.side == MJ}
        return len(troops) < 2 * len(s.seats) + 2

    def activation(self, s: ChampsState, dec: Decision) -> str:
        act = s.stack[-1]
        ctx = Ctx(s, s.side_of_seat(dec.seat))
        tries = self._move_tries.get(self._move_key(s, act), 0)
        for value, key, _dest in activation_plans(ctx, dec.seat, act):
            if key == "move" and tries >= 2:
                continue
            if key != "end" and value <= 0.0:
                break
            if dec.find(key) is not None:
                if key == "move":
                    self._move_tries[self._move_key(s, act)] = tries + 1
                return key
        return "end"

    def _move_key(self, s: ChampsState, act: Frame) -> tuple[int, int, int, int]:
        if len(self._move_tries) > 2000:
            self._move_tries.clear()
        return (id(s), s.turn_counter, act.data["cell"], len(act.data["units"]))

    def move(self, s: ChampsState, dec: Decision) -> str:
        mv, act = s.stack[-1], s.stack[-2]
        if mv.data["moved"]:
            return "stop"
        ctx = Ctx(s, s.side_of_seat(dec.seat))
        for _value, key, dest in activation_plans(ctx, dec.seat, act):
            if key == "move":
                choice = f"to:{s.bf.label(dest)}"
                if dec.find(choice) is not None:
                    return choice
        return "stop"

    # -- combat
    def support(self, s: ChampsState, dec: Decision) -> str:
        f = s.stack[-1]
        d = f.data
        ctx = Ctx(s, d["aside"])
        units, heroes = ctx.troop(d["att"])
        g = Group(s, d["aside"], units, heroes)
        _v, wanted, _p = attack_value(ctx, d["att"], g, d["tgt"], d["ranged"])
        for c in sorted(set(wanted) ^ set(d["sup"])):
            key = f"sup:{s.bf.label(c)}"
            if dec.find(key) is not None:
                return key
        return "go"

    def support_consent(self, s: ChampsState, dec: Decision) -> str:
        f = s.stack[-1]
        cell = f.data["ask"][0][0]
        units = [u for u in s.units.values() if u.cell == cell and u.side == PLAYERS]
        if len(units) >= 2:
            return "lend"
        ctx = Ctx(s, f.data["aside"])
        au, ah = ctx.troop(f.data["att"])
        _v, _w, p = attack_value(
            ctx, f.data["att"], Group(s, f.data["aside"], au, ah), f.data["tgt"], f.data["ranged"]
        )
        return "lend" if p >= 0.85 else "refuse"

    def thief(self, s: ChampsState, dec: Decision) -> str:
        d = s.stack[-1].data
        _seat, role, _skill = d["skills"][0]
        own, opp = (d["ad"], d["dd"]) if role == "att" else (d["dd"], d["ad"])
        then = [(sk, r == "att") for _st, r, sk in d["skills"][1:]]
        pick = odds.best_thief_swap(own, opp, role == "att", s.rules, then=then)
        if pick is None:
            return "pass"
        i, j = pick
        mode = s.rules.thief_mode
        if mode == "swapValues":
            return f"swap:{own[i]}:{opp[j]}"
        if i < 0 or mode == "opponentPicksReturn":
            return f"take:{opp[j]}"
        return f"give:{own[i]}"

    def give(self, s: ChampsState, dec: Decision) -> str:
        d = s.stack[-1].data
        _seat, role, _skill = d["skills"][0]
        own, opp = (d["ad"], d["dd"]) if role == "att" else (d["dd"], d["ad"])
        then = [(sk, r == "att") for _st, r, sk in d["skills"][1:]]
        taken = opp.index(d["take"])
        i = odds.best_return_pick(own, opp, taken, role == "att", s.rules, then=then)
        return f"give:{own[i]}"

    def templar(self, s: ChampsState, dec: Decision) -> str:
        d = s.stack[-1].data
        _seat, role, _skill = d["skills"][0]
        own, opp = (d["ad"], d["dd"]) if role == "att" else (d["dd"], d["ad"])
        then = [(sk, r == "att") for _st, r, sk in d["skills"][1:]]
        eligible = _templar_eligible(s, d, role)
        opp_result = max(opp, default=0) if s.rules.highest else sum(opp)
        idx = odds.best_templar_reroll(
            own, opp_result, role == "att", s.rules, eligible, opp=opp, then=then
        )
        if not idx:
            return "pass"
        return "rr:" + ",".join(str(v) for v in sorted(own[i] for i in idx))

    def reattack(self, s: ChampsState, dec: Decision) -> str:
        d = s.stack[-1].data
        ctx = Ctx(s, d["aside"])
        units, heroes = ctx.troop(d["att"])
        if not units and not heroes:
            return "stop"
        value, _sup, _p = attack_value(
            ctx, d["att"], Group(s, d["aside"], units, heroes), d["tgt"], d["ranged"]
        )
        return "again" if value > 0 else "stop"

    def advance(self, s: ChampsState, dec: Decision) -> str:
        d = s.stack[-1].data
        side = d["aside"]
        ctx = Ctx(s, side)
        units, heroes = ctx.troop(d["att"])
        movers = [u for u in units if u.kind != CATAPULTE]
        g = Group(s, side, movers, heroes)
        if not movers and not heroes:
            return "stay"
        tgt = d["tgt"]
        gain = pos_value(ctx, tgt, g) - pos_value(ctx, d["att"], g)
        if s.traps.get(tgt, side) != side:
            gain -= min(TRAP_LOSS, len(movers)) * g.cheap
        if any(u.kind == CATAPULTE for u in units) and len(movers) == 1 and not heroes:
            gain -= 0.5  # leaving a catapult alone
        return "adv:all" if gain > 0 and dec.find("adv:all") else "stay"

    def loss(self, s: ChampsState, dec: Decision) -> str:
        f = s.stack[-1]
        cell, side = f.data["cell"], f.data["side"]
        units = [u for u in s.units.values() if u.cell == cell and u.side == side]
        best, best_key = math.inf, dec.options[0].key
        for opt in dec.options:
            token = opt.key[5:]
            kind = BY_ID[token.rstrip("*")].index
            value = VALUE[kind] + (0.4 if token.endswith("*") else 0.0)
            if f.data["side"] == MJ and TYPES[kind].move >= 2:
                value += 0.3  # fast units carry the objective
            if sum(1 for u in units if u.kind == kind) > 1:
                value -= 0.05
            if value < best:
                best, best_key = value, opt.key
        return best_key

    def retreat(self, s: ChampsState, dec: Decision) -> str:
        f = s.stack[-1]
        side = f.data["side"]
        ctx = Ctx(s, side)
        units, heroes = ctx.troop(f.data["src"])
        g = Group(s, side, units, heroes)
        best, best_key = -math.inf, dec.options[0].key
        for opt in dec.options:
            if not opt.key.startswith("all:"):
                continue
            c = s.bf.parse(opt.key[4:])
            if c is None:
                continue
            value = pos_value(ctx, c, g)
            if s.traps.get(c, side) != side:
                value -= min(TRAP_LOSS, len(units)) * g.cheap
            here = [u for u in ctx.occ.get(c, []) if u.side == side]
            if here and load(here) + load(units) > CAP:
                value -= 1.0
            if value > best:
                best, best_key = value, opt.key
        return best_key

    def overflow(self, s: ChampsState, dec: Decision) -> str:
        f = s.stack[-1]
        side = f.data["side"]
        ctx = Ctx(s, side)
        best, best_key = -math.inf, None
        cheapest, cheap_key = math.inf, dec.options[-1].key
        for opt in dec.options:
            parts = opt.key.split(":")
            kind = BY_ID[parts[1].rstrip("*")].index
            if parts[0] == "elim":
                if VALUE[kind] < cheapest:
                    cheapest, cheap_key = VALUE[kind], opt.key
                continue
            c = s.bf.parse(parts[2])
            if c is None:
                continue
            u = next(x for x in s.units.values() if x.cell == f.data["cell"] and x.kind == kind)
            value = pos_value(ctx, c, Group(s, side, [u], []))
            if s.traps.get(c, side) != side and not TYPES[kind].flying:
                value -= TRAP_LOSS * VALUE[kind] * 0.5
            if value > best:
                best, best_key = value, opt.key
        return best_key or cheap_key

    # -- recruitment
    def recruit_type(self, s: ChampsState, dec: Decision) -> str:
        """AMB-CB-17e: fast troops for the objective, else the most dice per recruit."""
        troops: dict[int, list[Unit]] = {}
        for u in s.units.values():
            if u.side == MJ:
                troops.setdefault(u.cell, []).append(u)
        kinds = [TYPES[min(us, key=lambda u: TYPES[u.kind].move).kind].id for us in troops.values()]
        if Ctx(s, MJ).objective():
            fast = kinds.count("airs") + kinds.count("cavalerie")
            if fast < 3 or "catapulte" in kinds:
                return (
                    "type:airs"
                    if kinds.count("airs") <= kinds.count("cavalerie")
                    else ("type:cavalerie")
                )
            return "type:catapulte"
        cycle = ("soldats", "mastodonte", "catapulte", "soldats", "cavalerie")
        return f"type:{cycle[len(kinds) % len(cycle)]}"

    def recruit_place(self, s: ChampsState, dec: Decision) -> str:
        f = s.stack[-1]
        side = s.side_of_seat(dec.seat)
        ctx = Ctx(s, side)
        kind = f.data["type"] or "soldats"
        best, best_key = -math.inf, dec.options[0].key
        for opt in dec.options:
            c = s.bf.parse(opt.key[5:])
            if c is None:
                continue
            value = _deploy_score(ctx, c, kind, side, dec.seat)
            if value > best:
                best, best_key = value, opt.key
        return best_key

    # -- consents
    def consent(self, s: ChampsState, dec: Decision) -> str:
        return "agree"  # allies: let a teammate lead a troop holding my hero (CB-38)


def _virtual_activation(s: ChampsState, turn: Frame, cell: int) -> Frame:
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


def _deploy_score(ctx: Ctx, c: int, item: str, side: int, seat: int) -> float:
    """Where to put a troop (or hero) on the start line (CB-25, CB-27, AMB-CB-17c)."""
    s = ctx.s
    here = [u for u in ctx.occ.get(c, []) if u.side == side]
    w = s.bf.width
    x = c % w
    centre = -abs(x - (w - 1) / 2) * 0.1
    if item == "hero":
        if not here:
            return -5.0 + centre
        taken = any(h.cell == c and h.seat != seat and not h.captured for h in s.heroes)
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


def _fallback(keys: list[str], rng: Rng) -> str:
    for safe in ("end", "stop", "go", "pass", "stay", "agree", "lend"):
        if safe in keys:
            return safe
    return keys[rng.below(len(keys))]


_Handler = Callable[[ChampsAI, ChampsState, Decision], str]
_HANDLERS: dict[str, _Handler] = {
    "champs.mj.army": ChampsAI.mj_army,
    "champs.deploy": ChampsAI.deploy,
    "champs.turn": ChampsAI.turn,
    "champs.activation": ChampsAI.activation,
    "champs.move": ChampsAI.move,
    "champs.support": ChampsAI.support,
    "champs.support.consent": ChampsAI.support_consent,
    "champs.skill.voleur": ChampsAI.thief,
    "champs.skill.templier": ChampsAI.templar,
    "champs.skill.give": ChampsAI.give,
    "champs.reattack": ChampsAI.reattack,
    "champs.advance": ChampsAI.advance,
    "champs.loss": ChampsAI.loss,
    "champs.retreat": ChampsAI.retreat,
    "champs.overflow": ChampsAI.overflow,
    "champs.recruit.type": ChampsAI.recruit_type,
    "champs.recruit.place": ChampsAI.recruit_place,
    "champs.consent.activate": ChampsAI.consent,
}


def _factory(seed: int) -> ChampsAI:
    return ChampsAI(seed)


AGENTS: Mapping[str, AgentFactory] = {"mj": _factory, "players": _factory}
