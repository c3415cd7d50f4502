"""The worth of a position for one seat, and what-if edits to try moves on it.

`Board` copies the public board (units per zone, Heroes, reserves) and values it as:
material (each unit by rank and remaining damage, reserves and the Vengeful Spirit at a
discount), the spaceports (HH-40.1: each one held, more as the victory space nears, and
more again for three or four), the threat on every held spaceport and on each commander's
zone (HH-39.9) from the enemy units next to it (a fortified zone's defenders count more,
HH-33.9), unsupported Heroes (HH-32.14) and units over a stacking limit (HH-38.6).
"""

from __future__ import annotations

import heapq
import math

from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, Unit


def sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


class Board:
    """A what-if copy of the board: edit with `add`, `take`, `move_hero`, then `value`."""

    __slots__ = (
        "_boarding",
        "_landing",
        "_material",
        "_near",
        "_over",
        "_power",
        "ctx",
        "heroes",
        "reserve",
        "units",
    )
    ctx: Ctx
    units: dict[str, list[Unit]]
    heroes: dict[str, str]
    reserve: list[float]
    _power: dict[str, list[float]]
    _near: dict[str, list[float]]
    _material: float
    _over: set[str]
    _landing: float | None
    _boarding: float | None

    def __init__(self, ctx: Ctx, other: Board | None = None) -> None:
        self.ctx = ctx
        if other is not None:
            self.units = {z: list(v) for z, v in other.units.items()}
            self.heroes = dict(other.heroes)
            self.reserve = list(other.reserve)
            self._power = {z: list(p) for z, p in other._power.items()}
            self._near = {z: list(p) for z, p in other._near.items()}
            self._material = other._material
            self._over = set(other._over)
            self._landing = other._landing
            self._boarding = other._boarding
            return
        s = ctx.s
        self.units = {z: list(v) for z, v in s.units.items() if v}
        self.heroes = {h: z for h, z in s.heroes.items() if z in ctx.st.adj}
        self.reserve = [
            sum(ctx.units[t].rank * n for t, n in s.reserve[k].items()) * V.RESERVE_WEIGHT[k]
            for k in (0, 1)
        ]
        self._power = {}
        self._near = {}
        self._material = 0.0
        self._over = set()
        self._landing = None
        self._boarding = None
        for z, us in self.units.items():
            for u in us:
                self._material += self._signed(z, u)
            self._check(z)

    def copy(self) -> Board:
        return Board(self.ctx, self)

    # -- values of pieces --------------------------------------------------------------
    def worth(self, u: Unit) -> float:
        r = self.ctx.units[u[1]].rank
        return V.RANK_WEIGHT * r + V.HP_WEIGHT * (r - u[3])

    def _signed(self, zone: str, u: Unit) -> float:
        w = self.worth(u)
        if zone not in self.ctx.st.terra:
            w *= V.VS_WEIGHT
        return w if u[0] == self.ctx.me else -w

    def power(self, zone: str) -> list[float]:
        """Each side's strength in `zone`: units beyond the stacking limit (HH-38.6) will
        be gone at the next initiative change and do not count."""
        got = self._power.get(zone)
        if got is None:
            got = [0.0, 0.0]
            units = self.units.get(zone, ())
            limit = self.ctx.st.limit.get(zone, 6)
            if len(units) <= limit:
                for u in units:
                    got[u[0]] += self.worth(u)
            else:
                for d in (0, 1):
                    mine = sorted((self.worth(u) for u in units if u[0] == d), reverse=True)
                    got[d] = sum(mine[:limit])
            self._power[zone] = got
        return got

    # -- edits ---------------------------------------------------------------------------
    def add(self, zone: str, u: Unit) -> None:
        self.units.setdefault(zone, []).append(u)
        self._material += self._signed(zone, u)
        self._changed(zone)

    def take(self, zone: str, u: Unit) -> None:
        self.units[zone].remove(u)
        self._material -= self._signed(zone, u)
        self._changed(zone)

    def _changed(self, zone: str) -> None:
        if zone in self.ctx.st.terra:
            self._boarding = None
        else:
            self._landing = None
        self._power.pop(zone, None)
        near = self._near
        near.pop(zone, None)
        for n in self.ctx.st.adj.get(zone, ()):
            near.pop(n, None)
        self._check(zone)

    def _check(self, zone: str) -> None:
        if len(self.units.get(zone, ())) > self.ctx.st.limit.get(zone, 6):
            self._over.add(zone)
        else:
            self._over.discard(zone)

    def move(self, u: Unit, src: str, dest: str) -> None:
        self.take(src, u)
        self.add(dest, u)

    def damage(self, zone: str, u: Unit, n: int) -> Unit | None:
        """`n` damage to `u`; returns the hurt unit, or None if it was eliminated."""
        self.take(zone, u)
        hurt = (u[0], u[1], u[2], u[3] + n)
        if hurt[3] >= self.ctx.units[u[1]].rank:
            return None
        self.add(zone, hurt)
        return hurt

    def from_reserve(self, seat: int, zone: str, u: Unit) -> None:
        self.reserve[seat] -= self.ctx.units[u[1]].rank * V.RESERVE_WEIGHT[seat]
        self._landing = None
        self.add(zone, u)

    def move_hero(self, hero: str, zone: str) -> None:
        self.heroes[hero] = zone

    # -- queries --------------------------------------------------------------------------
    def owner(self, zone: str) -> int:
        """0/1: the side whose units alone stand there; -1 neutral; 2 contested."""
        p = self.power(zone)
        if p[0] > 0.0:
            return 2 if p[1] > 0.0 else 0
        return 1 if p[1] > 0.0 else -1

    def count(self, zone: str, seat: int) -> int:
        return sum(1 for u in self.units.get(zone, ()) if u[0] == seat)

    def near(self, zone: str, seat: int) -> float:
        """`seat`'s strength that could strike `zone`: in it and next to it."""
        got = self._near.get(zone)
        if got is None:
            p = self.power(zone)
            got = [p[0], p[1]]
            for n in self.ctx.st.adj[zone]:
                q = self.power(n)
                got[0] += q[0]
                got[1] += q[1]
            self._near[zone] = got
        return float(got[seat])

    # -- the value ---------------------------------------------------------------------
    def value(self) -> float:
        ctx = self.ctx
        me = ctx.me
        total = self._material + self.reserve[me] - self.reserve[1 - me] + self._stacking()
        # as the track's end nears, material only matters for the spaceports it takes
        total *= 1.0 - V.MATERIAL_FADE * ctx.late
        total += self._ports() * (1.0 + V.PORT_RISE * ctx.late)
        return total + self._commanders() + self._heroes()

    def ports_value(self) -> float:
        """The spaceports' part of `value` for `ctx.me` (HH-40.1; `_ports`)."""
        return self._ports()

    def _ports(self) -> float:
        """HH-40.1: every spaceport as the chance each side keeps or gets it (held: one
        less the threat on it, unless its holder can take it back; empty: a race between
        the strengths next to it and the Traitor's landings), a held
        one worth a little more (it takes a battle to win it back), the set of them, and
        the decisive one: the last a side lacks, or any of the four it holds; all four
        held as the space where they win nears (HH-40.2) count toward the win itself."""
        ctx = self.ctx
        phase = ctx.phase
        ports = ctx.st.ports
        owners = [self.owner(z) for z in ports]
        held = [owners.count(0), owners.count(1)]
        signs = (1.0, -1.0) if ctx.me == 0 else (-1.0, 1.0)
        each = V.PORT_HELD + V.PORT_HELD_LATE * phase + V.PORT_THREAT * (1.0 + phase)
        total = 0.0
        threat: dict[str, float] = {}
        for k in (0, 1):
            if held[k] == len(ports) and ctx.ports_open:
                return signs[k] * V.WIN
        for zone, d in zip(ports, owners, strict=True):
            if d in (0, 1):
                p = self._threat(zone, d, 0.0)  # lost for good, unless taken back
                threat[zone] = lost = p * (1.0 - V.RACE_SHARE * self._back(zone, d))
                total += signs[d] * each * (1.0 - 2.0 * lost)
            else:  # empty: it goes to whoever moves in, who may then be attacked
                share = 1.0 if d == 2 else V.RACE_SHARE
                total += signs[0] * each * share * (2.0 * self._race(zone) - 1.0)
        for k in (0, 1):
            total += signs[k] * (
                V.PORT_SET[min(4, held[k])] * (0.5 + phase) + V.PORT_KEEP * held[k]
            )
            if held[k] == len(ports) and ctx.imminent:  # HH-40.2: wins as a marker
                keep = math.prod(1.0 - p for p in threat.values())  # reaches the space
                total += signs[k] * V.WIN * ctx.imminent * keep
        decisive = V.PORT_DECISIVE * phase
        for k in (0, 1):
            if held[k] == len(ports) - 1:
                last = next(z for z, d in zip(ports, owners, strict=True) if d != k)
                d = self.owner(last)
                if d == 1 - k:
                    p = threat[last]
                else:
                    p = self._race(last) if k == 0 else 1.0 - self._race(last)
                total += signs[k] * decisive * p
            elif held[k] == len(ports):
                total -= signs[k] * decisive * max(threat.values(), default=0.0)
        return total

    def _race(self, zone: str) -> float:
        """How likely the Imperium gets a zone no one holds alone (empty, or contested
        until the coexistence battle, HH-20.5): a soft comparison of the strengths in it
        and next to it; 0.5 when no one is near."""
        if self.owner(zone) == 2:  # only the units in it fight (HH-20.5)
            a0, a1 = self.power(zone)
        else:
            a0, a1 = self.near(zone, 0), self.near(zone, 1)
            if zone in self.ctx.st.terra:  # HH-20.3: the Traitor may land in it
                a1 += V.RACE_LANDING * self.landing() * (1.0 - self.ctx.laser_hit(zone))
        if not (a0 or a1):
            return 0.5
        return sigmoid((a0 - a1) / (V.THREAT_SCALE + 0.15 * (a0 + a1)))

    def _back(self, zone: str, d: int) -> float:
        """How likely `d` takes `zone` back once it lost it: its strength next to it (and
        the Traitor's landings) against the enemy's next to it, who would have moved in."""
        mine = self.near(zone, d) - self.power(zone)[d]
        theirs = self.near(zone, 1 - d)
        if d == TRAITOR and zone in self.ctx.st.terra:
            mine += self.landing() * (1.0 - self.ctx.laser_hit(zone))
        if mine <= 0.0:
            return 0.0
        return sigmoid((mine - theirs) / (V.THREAT_SCALE + 0.15 * (mine + theirs)))

    def _threat(self, zone: str, d: int, guard: float) -> float:
        """How likely the enemy takes `zone` from `d` (a soft comparison of strengths)."""
        defence = self.power(zone)[d] + guard
        if self.ctx.fortified_zone(zone):
            defence *= V.FORT_DEFENCE
        attack = self.near(zone, 1 - d)
        if d == IMPERIUM and zone in self.ctx.st.terra:
            attack += self.landing() * (1.0 - self.ctx.laser_hit(zone))
        elif d == TRAITOR and zone not in self.ctx.st.terra and self.ctx.may_board:
            attack += self.boarding(zone)
        if attack <= 0.0:
            return 0.0
        return sigmoid((attack - defence) / (V.THREAT_SCALE + 0.15 * (attack + defence)))

    def landing(self) -> float:
        """HH-20.3, HH-20.4: the Traitor's strength aboard the Vengeful Spirit and in his
        reserve may land on any zone of Terra, about one landing's worth at a time; a share
        of it weighs on every Imperial zone (less where the defense lasers fire, HH-36.13)."""
        got = self._landing
        if got is None:
            st = self.ctx.st
            aboard = sum(self.power(z)[TRAITOR] for z in self.units if z not in st.terra)
            can = min(V.LANDING_CAP, aboard + self.reserve[TRAITOR])
            got = self._landing = V.LANDING_REACH * can
        return got

    def boarding(self, zone: str) -> float:
        """HH-21.24, HH-37.14: a boarding action brings the Imperium's strongest units of
        Terra, from anywhere, into one zone of the Vengeful Spirit (as many as it holds)."""
        got = self._boarding
        if got is None:
            terra = self.ctx.st.terra
            worths = [
                self.worth(u) for z, us in self.units.items() if z in terra
                for u in us if u[0] == IMPERIUM
            ]  # fmt: skip
            limit = self.ctx.st.limit.get(zone, 6)
            got = self._boarding = V.BOARD_REACH * sum(heapq.nlargest(limit, worths))
        return got

    def _commanders(self) -> float:
        ctx = self.ctx
        total = 0.0
        for d in (0, 1):
            zone = self.heroes.get(ctx.st.commander[d], "")
            if not zone:
                continue
            p = self._threat(zone, d, V.COMMANDER_GUARD)
            total += (-1.0 if d == ctx.me else 1.0) * V.COMMANDER_THREAT * p
        return total

    def _heroes(self) -> float:
        ctx = self.ctx
        total = 0.0
        for h, zone in self.heroes.items():
            d = ctx.st.heroes_side[h]
            worth = V.HERO_VALUE
            if zone in ctx.st.terra and self.power(zone)[d] <= 0.0:
                worth -= V.UNSUPPORTED_HERO
            total += worth if d == ctx.me else -worth
        return total

    def _stacking(self) -> float:
        """HH-38.6: units beyond a zone's limit are lost at the next initiative change."""
        ctx = self.ctx
        total = 0.0
        for zone in self._over:
            units = self.units[zone]
            limit = ctx.st.limit.get(zone, 6)
            for d in (0, 1):
                mine = sorted(self.worth(u) for u in units if u[0] == d)
                extra = len(mine) - limit
                if extra > 0:
                    lost = sum(mine[:extra])
                    total += -lost if d == ctx.me else lost
        return total
