"""A fast model of a battle (HH-26.1..HH-30.14) to weigh attacks, retreats and who goes
first: Monte Carlo over the cards each side may draw, with a simple policy for both sides.

Per iteration the active side plays up to N cards (HH-26.11), its normal damage less the
fortification (attacker only, HH-33.9) is resisted by up to N shield cards (HH-28.4), the
rest kills units where it can (HH-30.14) and then wounds Heroes once no unit is left
(HH-29.4); card effects count as extra damage by what the engine's effect does
(context._KNOWN_EFFECTS) when their unit condition is met (HH-26.15). The battle ends
when a side has nothing engaged or no card is left (HH-30.9).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from arbitre.engine.rng import Rng
from arbitre.games.heresy.ai.context import Card

UnitHP = tuple[int, float]  # damage it can still take, its worth


@dataclass(slots=True)
class Force:
    """One side of a battle as the model sees it."""

    units: list[UnitHP]
    hero_hp: int = 0  # the non-commander Heroes' remaining track
    commander_hp: int = 0  # the commander's remaining track, 0 if not engaged
    hand: list[Card] = field(default_factory=list)  # cards already held
    unknown: int = 0  # cards held that this seat cannot see
    draws: int = 0  # normal Combat cards still to draw
    hero_draws: int = 0
    pool: list[Card] = field(default_factory=list)
    hero_pool: list[Card] = field(default_factory=list)
    met: frozenset[str] = frozenset()  # unit conditions this side meets


@dataclass(slots=True)
class Outcome:
    loss: list[float]  # expected worth lost: attacker, defender
    cleared: float  # P(no defending unit left)
    wiped: float  # P(no attacking unit left)
    commander: list[float]  # P(the commander dies): attacker's, defender's
    hero_damage: list[float]  # expected damage to the non-commander Heroes

    def gain(self, seat_is_attacker: bool) -> float:
        a, d = self.loss
        return d - a if seat_is_attacker else a - d


def _take(pool: list[Card], n: int, rng: Rng) -> list[Card]:
    if n <= 0 or not pool:
        return []
    if n >= len(pool):
        return list(pool)
    picked = list(pool)
    out = []
    for _ in range(n):
        i = rng.below(len(picked))
        out.append(picked[i])
        picked[i] = picked[-1]
        picked.pop()
    return out


def _hand(f: Force, rng: Rng) -> list[Card]:
    hand = list(f.hand)
    hand += _take(f.pool, f.draws + f.unknown, rng)
    hand += _take(f.hero_pool, f.hero_draws, rng)
    return hand


def _strike(c: Card, met: frozenset[str]) -> float:
    return c[0] + (c[2] if (not c[3] or c[3] in met) else 0.0)


def choose_play(hand: list[Card], it: int, met: frozenset[str], keep: bool) -> list[Card]:
    """The cards to play this iteration: the strongest strikes, keeping shield cards
    worth more as shields while the opponent still has iterations to come."""
    ranked = sorted(hand, key=lambda c: -_strike(c, met))
    out: list[Card] = []
    for c in ranked:
        if len(out) >= it:
            break
        strike = _strike(c, met)
        if strike <= 0 or (keep and c[1] > strike + 0.5):
            continue
        out.append(c)
    return out


def _shields(hand: list[Card], it: int, dmg: int) -> int:
    """HH-28.4: up to N cards discarded for their shields, the biggest first."""
    blocked = 0
    for used, c in enumerate(sorted(hand, key=lambda c: -c[1])):
        if used >= it or blocked >= dmg or c[1] <= 0:
            break
        hand.remove(c)
        blocked += c[1]
    return blocked


def _assign(units: list[list[float]], dmg: int) -> float:
    """Kill what can be killed, the most valuable first; the rest wounds. Worth lost."""
    lost = 0.0
    while dmg > 0 and units:
        best = -1
        for i, u in enumerate(units):
            if u[0] <= dmg and (best < 0 or u[1] > units[best][1]):
                best = i
        if best >= 0:
            hp, worth = units.pop(best)
            dmg -= int(hp)
            lost += worth
            continue
        u = min(units, key=lambda u: u[0])
        u[0] -= dmg
        lost += 0.5 * dmg
        u[1] -= 0.5 * dmg
        dmg = 0
    return lost


def simulate(
    att: Force,
    dfn: Force,
    iters: int,
    first: int,
    fort: int,
    rng: Rng,
    samples: int,
    it0: int = 1,
) -> Outcome:
    """`first`: 0 if the attacker is active in iteration `it0`, 1 if the defender is."""
    loss = [0.0, 0.0]
    cleared = wiped = 0.0
    cmd = [0.0, 0.0]
    hero_dmg = [0.0, 0.0]
    forces = (att, dfn)
    for _ in range(samples):
        hands = [_hand(att, rng), _hand(dfn, rng)]
        units = [[[float(h), w] for h, w in att.units], [[float(h), w] for h, w in dfn.units]]
        heroes = [att.hero_hp, dfn.hero_hp]
        cmds = [att.commander_hp, dfn.commander_hp]
        active = first
        for it in range(it0, iters + 1):
            if not hands[0] and not hands[1]:
                break
            if any(not units[k] and heroes[k] <= 0 and cmds[k] <= 0 for k in (0, 1)):
                break
            a, p = active, 1 - active
            active = p
            keep = it < iters and bool(hands[p])
            play = choose_play(hands[a], it, forces[a].met, keep)
            if not play:
                continue
            normal = 0
            special = 0.0
            for c in play:
                hands[a].remove(c)
                normal += c[0]
                if not c[3] or c[3] in forces[a].met:
                    special += c[2]
            if a == 0:
                normal -= fort
            if normal > 0:
                normal -= _shields(hands[p], it, normal)
            dmg = max(0, normal) + int(special + rng.below(100) / 100.0)
            if units[p]:
                loss[p] += _assign(units[p], dmg)
                continue
            if cmds[p] > 0:  # an enemy commander in reach: every point on him
                hit = min(dmg, cmds[p])
                cmds[p] -= hit
                dmg -= hit
                if cmds[p] <= 0:
                    cmd[p] += 1.0
            if dmg and heroes[p] > 0:
                hit = min(dmg, heroes[p])
                heroes[p] -= hit
                hero_dmg[p] += hit
        if not units[1]:
            cleared += 1.0
        if not units[0]:
            wiped += 1.0
    n = float(max(1, samples))
    return Outcome(
        [loss[0] / n, loss[1] / n],
        cleared / n,
        wiped / n,
        [cmd[0] / n, cmd[1] / n],
        [hero_dmg[0] / n, hero_dmg[1] / n],
    )
