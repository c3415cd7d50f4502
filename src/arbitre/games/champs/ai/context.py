"""The AI's view of one state from one side: troops as groups, and maps computed on demand.

A `Ctx` lives for one decision. Who stands where is the engine's occupancy map
(`logic.occupancy`, cached on the state until something moves); the rest (distances to the
players' line, enemy threat, the MJ troops' danger) is computed the first time it is asked.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.games.champs import odds
from arbitre.games.champs.activation import can_melee
from arbitre.games.champs.ai.values import progress, unit_value
from arbitre.games.champs.dice import hero_dice, unit_dice
from arbitre.games.champs.logic import occupancy
from arbitre.games.champs.movement import group_profile
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Hero, Unit
from arbitre.games.champs.troops import CATAPULT_RANGE, CATAPULTE
from arbitre.games.champs.turns import counts_for_objective

_LINE_DIST: dict[tuple[Any, ...], list[int]] = {}
_FAR = 99  # no walking path


counts_on_line = counts_for_objective  # the engine's rule, under the AI's name


def best_cell_option(
    s: ChampsState, dec: Decision, prefix: str, score: Callable[[int], float]
) -> str:
    """The option `prefix` + cell label whose cell scores best (else the first option)."""
    best, best_key = -math.inf, dec.options[0].key
    for opt in dec.options:
        if not opt.key.startswith(prefix):
            continue
        c = s.bf.parse(opt.key[len(prefix) :])
        if c is None:
            continue
        value = score(c)
        if value > best:
            best, best_key = value, opt.key
    return best_key


class Group:
    """Some units and heroes of one side that act together, with their combat summary."""

    __slots__ = (
        "cats",
        "cheap",
        "counts",
        "dice",
        "flying",
        "heroes",
        "n",
        "side",
        "speed",
        "units",
    )

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
        self.counts = counts_on_line(s, units)
        self.speed, self.flying = group_profile(s, units, heroes, spent)


class Ctx:
    """Lazily computed maps of one state, seen from one side."""

    def __init__(self, s: ChampsState, side: int) -> None:
        self.s = s
        self.side = side
        self.rules = s.rules
        self.geo = s.geo
        self.occ = occupancy(s)
        self.traps = s.known_traps(side)  # with hidden traps (AMB-CB-16d), not the enemy's
        self.my_turn = bool(s.stack) and s.side_of_seat(s.stack[0].seat) == side
        self._threat: list[tuple[int, int]] | None = None
        self._ground: list[int] | None = None
        self._line_dist: list[int] | None = None
        self._mj_troops: list[tuple[int, int, float, int]] | None = None
        self._line_threats: int | None = None

    # -- cells
    def troop(self, c: int) -> tuple[list[Unit], list[Hero]]:
        """The troop on a cell (either side): its units, and the heroes if it is the players'."""
        units = self.occ.get(c)
        heroes = self.occ.heroes.get(c, []) if not units or units[0].side == PLAYERS else []
        return list(units), list(heroes)

    def own(self, c: int, side: int) -> list[Unit]:
        """The units of `side` on a cell (a new list)."""
        return [u for u in self.occ.get(c) if u.side == side]

    def defence_dice(self, c: int) -> int:
        units, heroes = self.troop(c)
        return unit_dice(self.rules, units, False) + hero_dice(self.rules, units, heroes)

    def win(self, att: int, dfn: int) -> float:
        return odds.win_probability(max(att, 0), max(dfn, 0), self.rules)

    def foe_cells(self, side: int) -> list[int]:
        """Cells held by `side` (a lone hero holds his cell for the players)."""
        return sorted(self.occ.held[side])

    # -- the MJ's objective (AMB-CB-24)
    def objective(self) -> bool:
        s = self.s
        return (
            s.rules.victory_mode == "annihilationOrObjective"
            and s.bf.objective == "reach_start_line"
        )

    def decisive(self) -> bool:
        """An MJ unit on the line at the end of the MJ's next turn wins (`bf.hold` turns)."""
        return self.s.line_held + 1 >= self.s.bf.hold

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

    def ground(self) -> list[int]:
        """Walking distance of every cell to a free players' start-line cell, for MJ troops."""
        if self._ground is None:
            s, occ = self.s, self.occ
            dist = [_FAR] * self.geo.size
            frontier = [
                c for c in s.bf.players_line if c not in s.bf.obstacles and occ.side(c) != PLAYERS
            ]
            for c in frontier:
                dist[c] = 0
            while frontier:
                nxt = []
                for c in frontier:
                    for n in self.geo.steps[c]:
                        if dist[n] == _FAR and n not in s.bf.obstacles and occ.side(n) != PLAYERS:
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
        return g if g < _FAR else fly + 4

    def mj_turns(self, c: int, speed: int, flying: bool) -> float:
        return self.goal_dist(c, flying) / max(speed, 1)

    def mj_troops(self) -> list[tuple[int, int, float, int]]:
        """MJ troops as (cell, dice, danger to the players' line, units)."""
        if self._mj_troops is None:
            out = []
            for c in sorted(self.occ.held[MJ]):
                units = self.occ.get(c)
                if self.objective() and counts_on_line(self.s, units):
                    speed, flying = group_profile(self.s, units, [])
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

    def line_threats(self) -> int:
        """MJ troops that count on the line and can stand on it at the MJ's next turn end."""
        if self._line_threats is None:
            self._line_threats = sum(
                1
                for c in self.occ.held[MJ]
                if counts_on_line(self.s, self.occ.get(c))
                and self.mj_turns(c, *group_profile(self.s, self.occ.get(c), [])) <= 1.0
            )
        return self._line_threats

    def threat(self) -> list[tuple[int, int]]:
        """Per cell: (strongest enemy attack that can reach it next turn, how many enemy troops)."""
        if self._threat is None:
            s, geo = self.s, self.geo
            out = [(0, 0)] * geo.size
            foe = 1 - self.side
            lo, hi = CATAPULT_RANGE
            for c in self.occ.held[foe]:
                units, heroes = self.troop(c)
                if not units and not any(h.skill == "gladiateur" for h in heroes):
                    continue  # lone heroes never attack (CB-53)
                speed, _fly = group_profile(s, units, heroes)
                melee = can_melee(s, c, foe, self.occ)
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
