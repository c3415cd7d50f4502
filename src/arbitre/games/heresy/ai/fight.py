"""Battles as the AI weighs them: the two forces of a prospective or running battle for the
model (odds.py), the fortification reduction (HH-33.9, HH-34.1, HH-34.5) and the gain of
an attack in a sector (target, origin zones, what a cleared target is worth).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.games.heresy import hero_abilities as ha
from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.ai.odds import Force, Outcome, simulate
from arbitre.games.heresy.board import activated
from arbitre.games.heresy.combat_cards import power_of
from arbitre.games.heresy.fortification import breached
from arbitre.games.heresy.state import Unit


@dataclass(slots=True)
class Attack:
    gain: float
    target: str
    origins: list[str]
    outcome: Outcome | None = None


def met(ctx: Ctx, units: list[Unit], heroes: list[str], attacker: bool, fortress: bool) -> set[str]:
    """The unit conditions (HH-26.15, content Requirement names) a side meets."""
    out = {"attacking_unit" if attacker else "defending_unit"} if units else set()
    if heroes:
        out.add("hero")
    for u in units:
        out.add(u[1])
        text = u[1] + ("/" + u[2] if u[2] else "")
        power = power_of(ctx.s, text)
        if power:
            out.add(f"{power}_unit")
        if attacker and fortress and u[1] == "chaos_titan":
            out.add("chaos_titan_attacking_fortification")
    return out


def hero_track(ctx: Ctx, hero: str) -> int:
    return ctx.s.content.tracks.hero_damage.defeated - ctx.s.hero_damage.get(hero, 0)


def force(
    ctx: Ctx,
    board: Board,
    seat: int,
    units: list[Unit],
    heroes: list[str],
    attacker: bool,
    fortress: bool,
    drawn: bool = False,
) -> Force:
    """A side before its cards are drawn (or, `drawn`, holding its current hand)."""
    cmd = ctx.st.commander[seat]
    f = Force(
        units=[(ctx.rank(u) - u[3], board.worth(u)) for u in units],
        hero_hp=sum(hero_track(ctx, h) for h in heroes if h != cmd),
        commander_hp=hero_track(ctx, cmd) if cmd in heroes else 0,
        met=frozenset(met(ctx, units, heroes, attacker, fortress)),
    )
    f.pool = ctx.pool(seat, False)
    f.hero_pool = ctx.pool(seat, True)
    if drawn:
        if seat == ctx.me:
            f.hand = [ctx.card(c) for c in ctx.hand()]
        else:
            f.unknown = len(ctx.s.combat_hands[seat])
        return f
    ranks = sum(ctx.rank(u) for u in units)
    f.draws = -(-ranks // 2)
    if cmd in heroes:
        f.draws += ha.EXTRA_CARDS
    if heroes:
        wounded = ctx.s.content.tracks.hero_damage.wounded[0]
        f.hero_draws = 1 if all(ctx.s.hero_damage.get(h, 0) >= wounded for h in heroes) else 2
    return f


def reduction(ctx: Ctx, target: str, origins: list[str], flyers: set[str]) -> int:
    """HH-33.9, HH-34.1, HH-34.2, HH-34.5 for attackers engaged from `origins`."""
    if target in origins or not origins:
        return 0
    graph = ctx.s.content.graph
    if ctx.fortified(target):
        weak = any(z in flyers or breached(ctx.s, z, target) for z in origins)
        return 1 if weak else 2
    if all(graph.is_crevasse(z, target) for z in origins):
        return 1 if any(z in flyers for z in origins) else 2
    return 0


def engaged_heroes(ctx: Ctx, board: Board, zones: list[str], seat: int) -> list[str]:
    """Heroes an attacker engages: all but his commander (too dear to risk)."""
    cmd = ctx.st.commander[seat]
    return sorted(
        h
        for h, z in board.heroes.items()
        if z in zones and ctx.st.heroes_side[h] == seat and h != cmd
    )


def attack_gain(
    ctx: Ctx, board: Board, target: str, origins: list[str], iters: int, samples: int
) -> Attack:
    """The expected gain of attacking `target` with everything in `origins` (and own units
    already in the target, HH-25.6): material lost on both sides, the commanders at stake,
    and what clearing the target is worth (the survivors may advance, HH-30.11)."""
    me, opp = ctx.me, ctx.opp
    zones = [z for z in origins if z != target]
    mine = [u for z in zones for u in board.units.get(z, ()) if u[0] == me]
    inside = [u for u in board.units.get(target, ()) if u[0] == me]
    heroes = engaged_heroes(ctx, board, zones, me)
    heroes += [h for h, z in board.heroes.items() if z == target and ctx.st.heroes_side[h] == me]
    theirs = [u for u in board.units.get(target, ()) if u[0] == opp]
    their_heroes = [
        h for h, z in board.heroes.items() if z == target and ctx.st.heroes_side[h] == opp
    ]
    fortress = ctx.fortified(target)
    flyers = {z for z in zones for u in board.units.get(z, ()) if ctx.units[u[1]].flying}
    fort = 0 if inside else reduction(ctx, target, zones, flyers)
    att = force(ctx, board, me, mine + inside, heroes, True, fortress)
    dfn = force(ctx, board, opp, theirs, their_heroes, False, fortress)
    if not att.units:
        return Attack(-99.0, target, origins)
    # the defender usually lets the attacker open (HH-26.9): he then has the even, larger
    # iterations (HH-26.11)
    out = simulate(att, dfn, iters, 0, fort, ctx.rng("attack", target, iters), samples)
    gain = out.loss[1] - out.loss[0]
    gain += V.WIN * (out.commander[1] - out.commander[0])
    gain += out.hero_damage[1] * 0.3 - out.hero_damage[0] * 0.3
    if theirs:
        gain += out.cleared * capture_value(ctx, board, target, zones, theirs)
    activated_units = sum(board.count(z, me) for z in zones if not activated(ctx.s, z, me))
    gain -= V.ACTIVATION * activated_units
    return Attack(gain, target, origins, out)


def capture_value(ctx: Ctx, board: Board, target: str, zones: list[str], theirs: list[Unit]
                  ) -> float:  # fmt: skip
    """Positional worth of the target cleared and entered by what the greedy advance
    would send (material is counted by the battle model)."""
    from arbitre.games.heresy.ai.moves import advance_plan

    b = board.copy()
    for u in theirs:
        b.take(target, u)
    before = b.value()
    gain, _moves = advance_plan(ctx, b, target, zones)
    after_clear = before + gain
    return (after_clear - board.value()) - sum(board.worth(u) for u in theirs)


def attacks(
    ctx: Ctx, board: Board, sector: str, iters: int, limit: int, samples: int = V.SAMPLES
) -> list[Attack]:
    """Every target of the sector (HH-25.3) with its best origin zones (HH-25.4,
    HH-25.5), best first."""
    me, opp = ctx.me, ctx.opp
    out: list[Attack] = []
    for target in ctx.st.sectors.get(sector, ()):
        enemy = board.count(target, opp) > 0 or any(
            z == target and ctx.st.heroes_side[h] == opp for h, z in board.heroes.items()
        )
        if not enemy:
            continue
        origins = [
            z for z in ctx.st.adj[target] if board.count(z, me) and not activated(ctx.s, z, me)
        ]
        inside = board.count(target, me) > 0
        if not origins and not inside:
            continue
        if limit and len(origins) > limit:
            origins.sort(key=lambda z: -board.power(z)[me])
            options = [[z] for z in origins[:3]]
        else:
            options = [origins]
        for chosen in options:
            out.append(attack_gain(ctx, board, target, chosen, iters, samples))
    out.sort(key=lambda a: -a.gain)
    return out
