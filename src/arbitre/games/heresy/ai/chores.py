"""Answers outside orders and battles: corruption (HH-13.7, HH-37.7), orbital
bombardments (HH-13.10, HH-35.6..HH-36.1), defense lasers (HH-36.14), stacking limits
(HH-38.6), the order of coexistence battles (HH-15.3), Event zones and healing (HH-16.2),
and a one-step look-ahead for any decision the AI has no rule for."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitre.engine.decision import Decision
from arbitre.games.heresy import bombardment as bomb
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.ai.landings import parse_label
from arbitre.games.heresy.ai.plans import Planner
from arbitre.games.heresy.ai.sample import guess
from arbitre.games.heresy.state import IMPERIUM, HeresyState, Unit

if TYPE_CHECKING:
    from arbitre.games.heresy.ai.agent import HeresyAI


def _side(ctx: Ctx, unit_type: str) -> int:
    return 0 if ctx.units[unit_type].side == "imperial" else 1


def corruption(pl: Planner, dec: Decision) -> str:
    """HH-13.7: the Imperial unit whose turning (a Chaos Star, about one in two) would
    change the board most: spaceport garrisons, then the strongest."""
    ctx = pl.ctx
    base = pl.board.value()
    best, key = -1e9, "done"
    for o in dec.options:
        if not o.key.startswith("unit:"):
            continue
        zone, _, text = o.key[5:].partition(":")
        u = parse_label(ctx.opp, text)
        into = ctx.units[u[1]].corrupts_into
        if into is None or u not in pl.board.units.get(zone, ()):
            continue
        b = pl.board.copy()
        b.take(zone, u)
        b.add(zone, (1 - u[0], into, u[2], u[3]))
        v = b.value() - base
        if v > best:
            best, key = v, o.key
    return key


# --- orbital bombardment ---------------------------------------------------------------------


def _hit_value(ctx: Ctx, board: Board, zone: str, n: int) -> float:
    """Worth of `n` damage in `zone` (HH-35.8, HH-35.9): the enemy's units first, killing
    the most valuable it can, the rest on the bombarder's own units."""
    if n <= 0:
        return 0.0
    b = board.copy()
    for side in (ctx.opp, ctx.me):
        units = [u for u in b.units.get(zone, ()) if u[0] == side]
        while n > 0 and units:
            killable = [u for u in units if ctx.rank(u) - u[3] <= n]
            u = max(killable, key=b.worth) if killable else min(units, key=lambda x: x[3])
            hp = ctx.rank(u) - u[3]
            hit = min(n, hp)
            n -= hit
            units.remove(u)
            b.damage(zone, u, hit)
    return b.value() - board.value()


def _cards(ctx: Ctx, s: HeresyState) -> list[str]:
    """The Bombardment cards that may come (the deck as a multiset, HH-39.5)."""
    return sorted(s.bombard_deck) or sorted(s.bombard_discard)


def expect(ctx: Ctx, board: Board, zone: str, mode: str) -> float:
    cut = bomb.reduction(ctx.s, zone)
    cards = _cards(ctx, ctx.s)
    if not cards:
        return 0.0
    memo: dict[int, float] = {}
    total = 0.0
    for c in cards:
        r = bomb._result(ctx.s, c, mode)
        n = max(0, r.damage - (max(0, cut - 1) if r.breach else cut))
        if n not in memo:
            memo[n] = _hit_value(ctx, board, zone, n)
        total += memo[n]
    return total / len(cards)


def bombard_zone(pl: Planner, dec: Decision) -> str:
    ctx = pl.ctx
    best, key = -1e9, dec.options[0].key
    for o in dec.options:
        if not o.key.startswith("zone:"):
            continue
        zone = o.key[5:]
        if not any(u[0] == ctx.opp for u in pl.board.units.get(zone, ())):
            continue
        v = max(expect(ctx, pl.board, zone, m) for m in ("precise", "saturation"))
        if v > best:
            best, key = v, o.key
    return key


def bombard_mode(pl: Planner, dec: Decision) -> str:
    zone = pl.ctx.s.stack[-1].data["zone"]
    p = expect(pl.ctx, pl.board, zone, "precise")
    s = expect(pl.ctx, pl.board, zone, "saturation")
    return "mode:precise" if p >= s else "mode:saturation"


def bombard_choose(pl: Planner, dec: Decision) -> str:
    """HH-36.1: the drawn card whose result is worth most."""
    ctx = pl.ctx
    d = ctx.s.stack[-1].data
    cut = bomb.reduction(ctx.s, d["zone"])
    best, key = -1e9, dec.options[0].key
    for o in dec.options:
        r = bomb._result(ctx.s, o.key[5:], d["mode"])
        n = max(0, r.damage - (max(0, cut - 1) if r.breach else cut))
        v = _hit_value(ctx, pl.board, d["zone"], n) + (0.5 if r.breach else 0.0)
        if v > best:
            best, key = v, o.key
    return key


def bombard_breach(pl: Planner, dec: Decision) -> str:
    """HH-35.10: the segment my units would attack across."""
    ctx = pl.ctx
    best, key = -1.0, dec.options[0].key
    for o in dec.options:
        a, _, b = o.key[5:].partition("|")
        v = pl.board.power(b)[ctx.me] + pl.board.power(a)[ctx.me] * 0.1
        if v > best:
            best, key = v, o.key
    return key


def damage(pl: Planner, dec: Decision) -> str:
    """HH-35.8, HH-35.9: points one at a time: kill the most valuable enemy unit the points
    left can kill, else wound; on one's own units, the least valuable."""
    ctx = pl.ctx
    left = int(ctx.s.stack[-1].data.get("dmg", 1))
    board = pl.board
    best: tuple[float, str] | None = None
    for o in dec.options:
        verb, _, rest = o.key.partition(":")
        if verb == "hero":
            v = 50.0 if rest == ctx.st.commander[ctx.opp] else 5.0
            if ctx.st.heroes_side.get(rest) == ctx.me:
                v = -v
        elif verb == "unit":
            text = rest.partition(":")[2]
            side = _side(ctx, text.split("/")[0])
            u = parse_label(side, text)
            hp = ctx.rank(u) - u[3]
            if side == ctx.opp:
                v = board.worth(u) + 10.0 if hp <= left else 5.0 - hp
            else:
                v = -board.worth(u) - (10.0 if hp <= left else 0.0) + hp * 0.1
        else:
            v = -100.0
        if best is None or v > best[0]:
            best = (v, o.key)
    return best[1] if best else dec.options[0].key


# --- lasers, stacking, coexistence -----------------------------------------------------------


def lasers(pl: Planner, dec: Decision) -> str:
    """HH-36.14: each incoming unit draws one card anyway; aim at the strongest first."""
    ctx = pl.ctx
    return max(
        (o.key for o in dec.options),
        key=lambda k: (ctx.units[k[5:].split("/")[0]].rank, k),
    )


def stacking(pl: Planner, dec: Decision) -> str:
    """HH-38.6: the least valuable unit goes."""
    ctx = pl.ctx

    def worth(key: str) -> float:
        return pl.board.worth(parse_label(ctx.me, key[5:].partition(":")[2]))

    return min((o.key for o in dec.options), key=lambda k: (worth(k), k))


def coexistence(pl: Planner, dec: Decision) -> str:
    """HH-15.3: the Imperium fights first where it is strongest."""
    ctx = pl.ctx

    def edge(key: str) -> float:
        p = pl.board.power(key[5:])
        return p[ctx.me] - p[ctx.opp]

    return max((o.key for o in dec.options), key=lambda k: (edge(k), k))


# --- Events -----------------------------------------------------------------------------------


def heal(pl: Planner, dec: Decision) -> str:
    ctx = pl.ctx
    best, key = 0.0, "done"
    for o in dec.options:
        if o.key.startswith("unit:"):
            text = o.key[5:].partition(":")[2]
            u: Unit = parse_label(ctx.me, text)
            if u[3] > best:
                best, key = float(u[3]), o.key
    return key


def token(pl: Planner, dec: Decision) -> str:
    """Special tokens (Fortune Favors the Bold): spent on the dearer actions, and on any
    once the game nears its end."""
    cost = int(pl.ctx.s.stack[-1].data.get("cost", 0))
    late = max(pl.ctx.s.pos) >= pl.ctx.st.last_space - 10
    return "token:spend" if cost >= 2 or late else "token:keep"


def impassable(pl: Planner, dec: Decision) -> str:
    """Holy Terra Asunder, Cry Havoc (HH-12.5): the Traitor removes the Imperium's walls
    (a fortified zone away from the spaceports and the Inner Palace: the Army the setup
    puts in a fortress is destroyed, and the Imperium loses a place to hold); the
    Imperium removes approaches to the spaceports and the Inner Palace, first where
    fewest are left."""
    ctx = pl.ctx
    adj = ctx.st.adj
    keys = [*ctx.st.ports, "inner_palace"]

    def score(zone: str) -> float:
        near = [k for k in keys if zone in adj.get(k, ())]
        if ctx.me == IMPERIUM:
            v = sum(1.0 / max(1, len(adj[k])) for k in near)
            return v - (1.0 if ctx.s.content.zones[zone].fortified else 0.0)
        v = 2.0 if ctx.s.content.zones[zone].fortified else 0.0
        return v - 0.75 * len(near)

    zones = [o.key for o in dec.options if o.key.startswith("zone:")]
    return max(zones, key=lambda k: (score(k[5:]), k)) if zones else dec.options[0].key


def probe(ai: HeresyAI, state: HeresyState, dec: Decision, guessed: bool = False) -> str:
    """Any other decision: each option tried on a guess of the hidden cards (or on the
    guess already being played out), the board valued after it (a one-step look-ahead)."""
    from arbitre.games.heresy.rules import Heresy

    ctx = Ctx(state, dec.seat)
    r = Heresy()
    twin = state if guessed else guess(state, dec.seat, ctx.rng("probe", dec.kind))
    best, key = -1e18, dec.options[0].key
    for o in dec.options[:40]:
        t = twin.copy()
        try:
            r.apply(t, o.key)
        except Exception:
            continue
        if t.over:
            v = 1e9 if t.winner == dec.seat else -1e9
        else:
            v = Board(Ctx(t, dec.seat)).value()
        if v > best + 1e-9:
            best, key = v, o.key
    return key
