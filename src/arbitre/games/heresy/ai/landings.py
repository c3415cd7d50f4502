"""Landings (HH-20.3..HH-20.6, HH-36.10..HH-36.15, HH-37.15) and reinforcements: where to
put units from the reserve or the Vengeful Spirit, which units, and what the defense
lasers will probably cost (the share of Bombardment cards reading 'Touché' on the line for
the lasers in range, HH-36.12, HH-36.13).

A landing in a zone the enemy holds brings a coexistence battle at the next initiative
change (HH-20.5): the Imperium attacks, 8 iterations, no fortification (HH-25.7,
HH-33.10); the battle model weighs it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from arbitre.games.heresy import landing
from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.ai.fight import force
from arbitre.games.heresy.ai.odds import simulate
from arbitre.games.heresy.board import CONTESTED, ENEMY, zone_type
from arbitre.games.heresy.state import IMPERIUM, Frame, Unit, label

_DAMAGE = re.compile(r"d\d+")


@dataclass(slots=True)
class Landing:
    gain: float
    target: str
    source: str
    keys: list[str]  # the unit and Hero options to take, in order


def hit_chance(ctx: Ctx, zone: str) -> float:
    return ctx.laser_hit(zone)


def _unit_of(ctx: Ctx, key: str) -> tuple[str, Unit | None, str]:
    """(source, unit, hero) of a landing option key."""
    verb, _, rest = key.partition(":")
    if verb == "hero":
        return "", None, rest
    src, _, text = rest.partition(":")
    return src, parse_label(ctx.me, text), ""


def _kind(key: str) -> str:
    """The unit type of a landing option `unit:<source>:<label>`."""
    return key.split(":", 2)[2].split("/")[0]


def parse_label(seat: int, text: str) -> Unit:
    """The unit a label names (state.label: type, /tag, /d<damage>)."""
    parts = text.split("/")
    dmg = 0
    if len(parts) > 1 and _DAMAGE.fullmatch(parts[-1]):
        dmg = int(parts.pop()[1:])
    return (seat, parts[0], parts[1] if len(parts) > 1 else "", dmg)


def pick_units(ctx: Ctx, f: Frame, src: str, used: int) -> list[str]:
    """The strongest units that fit the order's limit (count or combined rank), then the
    Heroes there except the commander (HH-32.2: Heroes come in addition)."""
    d = f.data
    room = d["limit"] - used
    options = [k for k, _w in landing._choices_from(ctx.s, f, src)]
    units = []
    pool: dict[str, int] = {}
    if src == "reserve":
        pool = {f"unit:reserve:{t}": n for t, n in ctx.s.reserve[ctx.me].items()}
    else:
        for u in ctx.s.units.get(src, ()):
            if u[0] == ctx.me:
                pool[f"unit:{src}:{label(u)}"] = pool.get(f"unit:{src}:{label(u)}", 0) + 1
    kinds = {k: _kind(k) for k in options if k.startswith("unit:")}
    ranked = sorted(kinds, key=lambda k: (-ctx.units[kinds[k]].rank, k))
    for k in ranked:
        cost = 1 if d["by"] == "count" else ctx.units[kinds[k]].rank
        left = pool.get(k, 0)
        while left > 0 and cost <= room:
            units.append(k)
            room -= cost
            left -= 1
    heroes = [k for k in options if k.startswith("hero:") and k[5:] != ctx.st.commander[ctx.me]]
    return units + (heroes if units else [])


def weigh(ctx: Ctx, board: Board, target: str, src: str, keys: list[str], vs: bool) -> float:
    b = board.copy()
    p = 0.0 if vs else hit_chance(ctx, target)
    loss = 0.0
    for k in keys:
        where, u, hero = _unit_of(ctx, k)
        if u is None:
            b.move_hero(hero, target)
            continue
        if where == "reserve":
            b.from_reserve(ctx.me, target, u)
        else:
            if u not in b.units.get(where, ()):
                continue
            b.move(u, where, target)
        loss += p * b.worth(u)
    gain = b.value() - board.value() - loss
    if b.owner(target) == 2:
        gain += _coexistence(ctx, b, target)
    return gain


def _coexistence(ctx: Ctx, b: Board, zone: str) -> float:
    """The coming coexistence battle in `zone`, from this seat's side."""
    units = b.units.get(zone, [])
    heroes = [h for h, z in b.heroes.items() if z == zone]
    forces = []
    for seat in (IMPERIUM, 1 - IMPERIUM):
        mine = [u for u in units if u[0] == seat]
        hs = [h for h in heroes if ctx.st.heroes_side[h] == seat]
        forces.append(force(ctx, b, seat, mine, hs, seat == IMPERIUM, False))
    out = simulate(forces[0], forces[1], 8, 0, 0, ctx.rng("coex", zone), V.SAMPLES // 2)
    me_att = ctx.me == IMPERIUM
    gain = out.gain(me_att)
    theirs = [u for u in units if u[0] == ctx.opp]
    if theirs:
        c = b.copy()
        for u in theirs:
            c.take(zone, u)
        positional = c.value() - b.value() - sum(b.worth(u) for u in theirs)
        p_mine = out.cleared if me_att else out.wiped
        gain += p_mine * positional
    return gain


def best(ctx: Ctx, board: Board, f: Frame) -> Landing | None:
    """The best target, source and units for a landing frame (template or live)."""
    d = f.data
    found: Landing | None = None
    targets = [d["target"]] if d.get("target") else landing._targets(ctx.s, f)
    for target in targets:
        probe = Frame(f.kind, f.seat, dict(d, target=target))
        sources = [d["source"]] if d.get("source") else landing._sources(ctx.s, probe)
        for src in sources:
            keys = pick_units(ctx, probe, src, d.get("used", 0))
            if not keys:
                continue
            gain = weigh(ctx, board, target, src, keys, bool(d["vs"]))
            if found is None or gain > found.gain:
                found = Landing(gain, target, src, keys)
    return found


def tanks_gain(ctx: Ctx, board: Board, sector: str) -> tuple[float, str]:
    """Tank reinforcements (effects.decide_tanks): the industrial complex gaining most."""
    kind = "imperial_tank_division"
    n = min(2, ctx.s.reserve[ctx.me].get(kind, 0))
    if not n:
        return 0.0, ""
    best_gain, best_zone = 0.0, ""
    for z in ctx.st.sectors.get(sector, ()):
        if ctx.s.content.zones[z].kind != "industrial_complex":
            continue
        if zone_type(ctx.s, z, ctx.me) in (ENEMY, CONTESTED):
            continue
        b = board.copy()
        for _ in range(n):
            b.from_reserve(ctx.me, z, (ctx.me, kind, "", 0))
        gain = b.value() - board.value()
        if gain > best_gain:
            best_gain, best_zone = gain, z
    return best_gain, best_zone
