"""Where units and Heroes should go: a greedy search of single moves on the what-if board,
each kept while it raises the position's worth (evaluate.Board). Used to weigh movement
orders (HH-21.17..HH-24.1), to answer their picks, and for the advance after a battle
(HH-30.11).

Reach follows the movement rules (HH-21.21, HH-21.23, HH-23.2): the engine's own distance
searches over friendly and neutral zones (movement._distance_to), no unit leaves a zone
activated for its owner (HH-21.7).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.games.heresy import movement
from arbitre.games.heresy.ai import values as V
from arbitre.games.heresy.ai.context import Ctx
from arbitre.games.heresy.ai.evaluate import Board
from arbitre.games.heresy.board import CONTESTED, activated
from arbitre.games.heresy.state import Unit, label

MAX_MOVES = 5
KEEP = 8  # moves tried again after the first round
TRY_DESTS = 2  # destinations searched in full by a one-destination order


@dataclass(slots=True)
class Mover:
    key: str  # the engine's option key: unit:<zone>:<label> or hero:<id>
    src: str
    unit: Unit | None
    hero: str
    mp: int
    flying: bool
    cargo: tuple[Unit, ...] = ()  # carried by an air transport (HH-23.4)


Move = tuple[Mover, str]


def with_cargo(ctx: Ctx, board: Board, m: Mover) -> Mover | None:
    """An air transport with the strongest friendly units of its zone aboard, up to its
    capacity (HH-23.4, AMB-22); None if it is no transport or has no one to carry."""
    if m.unit is None or not ctx.units[m.unit[1]].air_transport:
        return None
    room = ctx.units[m.unit[1]].air_transport
    others = [
        u
        for u in board.units.get(m.src, ())
        if u[0] == ctx.me and not ctx.units[u[1]].air_transport
    ]
    others.sort(key=lambda u: (-board.worth(u), label(u)))
    if not others:
        return None
    return Mover(m.key, m.src, m.unit, "", m.mp, m.flying, tuple(others[:room]))


def movers(ctx: Ctx, board: Board, reach: str) -> list[Mover]:
    """Every unit (one per label and zone) and Hero of the seat free to move."""
    s, me = ctx.s, ctx.me
    out: list[Mover] = []
    types = _types(ctx)
    for zone, units in board.units.items():
        if activated(s, zone, me):
            continue
        if types.get(zone) == CONTESTED and not s.rules.leave_contested:
            continue
        seen: set[str] = set()
        for u in units:
            if u[0] != me or label(u) in seen:
                continue
            seen.add(label(u))
            kind = ctx.units[u[1]]
            m = Mover(f"unit:{zone}:{label(u)}", zone, u, "", kind.move, kind.flying)
            out.append(m)
            loaded = with_cargo(ctx, board, m)
            if loaded is not None:
                out.append(loaded)
    for hero, zone in sorted(board.heroes.items()):
        if ctx.st.heroes_side[hero] != me or activated(s, zone, me):
            continue
        out.append(Mover(f"hero:{hero}", zone, None, hero, s.content.heroes[hero].move, False))
    return out


def _types(ctx: Ctx) -> dict[str, str]:
    """HH-37.10 zone types for the seat, once per decision."""
    if ctx.types is None:
        ctx.types = movement._types(ctx.s, ctx.me)
    return ctx.types


class Reach:
    """Who can reach which destination, with the engine's searches, cached per dest."""

    def __init__(self, ctx: Ctx, rule: str) -> None:
        self.ctx = ctx
        self.rule = rule
        self.types = _types(ctx)
        self._dist: dict[tuple[str, bool], dict[str, int]] = {}
        self.ship = frozenset(ctx.st.sectors.get("vengeful_spirit", ()))

    def ok(self, m: Mover, dest: str) -> bool:
        if dest == m.src:
            return False
        if self.rule == "board":  # Action d'Embarquement: Terra <-> the Vengeful Spirit
            return (m.src in self.ship) != (dest in self.ship)
        limit = movement.UNLIMITED if self.rule == "unlimited" else 5
        key = (dest, m.flying)
        dist = self._dist.get(key)
        if dist is None:
            dist = movement._distance_to(self.ctx.s, dest, m.flying, self.types, limit)
            self._dist[key] = dist
        mp = movement.UNLIMITED if self.rule == "unlimited" else m.mp
        return dist.get(m.src, movement.UNLIMITED + 1) <= mp


def apply_move(board: Board, m: Mover, src: str, dest: str) -> None:
    if m.unit is not None:
        board.move(m.unit, src, dest)
        for u in m.cargo:
            board.move(u, src, dest)
    else:
        board.move_hero(m.hero, dest)


def _left(board: Board, m: Mover) -> bool:
    if m.unit is None:
        return board.heroes.get(m.hero) == m.src
    there = board.units.get(m.src, ())
    if not m.cargo:
        return m.unit in there
    wanted = (m.unit, *m.cargo)
    return all(there.count(u) >= wanted.count(u) for u in wanted)


def greedy(
    ctx: Ctx,
    board: Board,
    pool: list[Mover],
    dests: list[str],
    can: Reach | None,
    most: int = MAX_MOVES,
) -> tuple[float, list[Move]]:
    """Add the single move that raises the board's worth most, while it does; `board` is
    left with the moves made. Returns the gain and the moves. Only the moves that looked
    best alone are tried again after the first (speed)."""
    base = board.value()
    start = base
    moves: list[Move] = []
    moved_heroes: set[str] = set()
    pairs = [
        (m, d) for m in pool for d in dests if (can.ok(m, d) if can is not None else d != m.src)
    ]
    for round_ in range(most):
        best: tuple[float, Mover, str] | None = None
        scored: list[tuple[float, int]] = []
        for i, (m, dest) in enumerate(pairs):
            if (m.hero and m.hero in moved_heroes) or not _left(board, m):
                continue
            apply_move(board, m, m.src, dest)
            v = board.value()
            apply_move(board, m, dest, m.src)
            scored.append((v, i))
            if best is None or v > best[0]:
                best = (v, m, dest)
        if best is None or best[0] - base < V.MIN_GAIN:
            break
        if round_ == 0:  # keep the most promising moves only
            scored.sort(reverse=True)
            pairs = [pairs[i] for _v, i in scored[:KEEP]]
        v, m, dest = best
        apply_move(board, m, m.src, dest)
        if m.hero:
            moved_heroes.add(m.hero)
        moves.append((m, dest))
        base = v
    return base - start, moves


def relevant(ctx: Ctx, board: Board, zones: tuple[str, ...] | list[str]) -> list[str]:
    """Destinations worth trying: spaceports, the commanders' zones and their neighbours
    (where the worth of a position changes), friendly or neutral only (HH-21.23)."""
    keys = set(ctx.st.ports)
    for seat in (0, 1):
        z = board.heroes.get(ctx.st.commander[seat], "")
        if z:
            keys.add(z)
    near = set(keys)
    for k in keys:
        near.update(ctx.st.adj[k])
    out = []
    for z in zones:
        if board.owner(z) in (ctx.me, -1) and (z in near or z not in ctx.st.terra):
            out.append(z)
    return out


def plan_moves(
    ctx: Ctx, board: Board, sector: str, one: bool, reach: str, dest: str | None = None
) -> tuple[float, str, list[Move]]:
    """The best movement in a sector: one destination (Rassembler) or several
    (Redéployer); returns (gain, destination, moves)."""
    can = Reach(ctx, reach)
    pool = movers(ctx, board, reach)
    zones = ctx.st.sectors.get(sector, ())
    dests = [dest] if dest else relevant(ctx, board, zones)
    if not dests:
        return 0.0, "", []
    if not one:
        b = board.copy()
        gain, moves = greedy(ctx, b, pool, dests, can)
        return gain, moves[0][1] if moves else "", moves
    if len(dests) > TRY_DESTS:  # the destinations whose best single move gains most
        base = board.value()
        first: dict[str, float] = {}
        for m in pool:
            for d in dests:
                if can.ok(m, d):
                    apply_move(board, m, m.src, d)
                    first[d] = max(first.get(d, -1e9), board.value() - base)
                    apply_move(board, m, d, m.src)
        dests = sorted(first, key=lambda d: (-first[d], d))[:TRY_DESTS]
    best: tuple[float, str, list[Move]] = (0.0, "", [])
    for d in dests:
        b = board.copy()
        gain, moves = greedy(ctx, b, pool, [d], can)
        if gain > best[0]:
            best = (gain, d, moves)
    return best


def advance_plan(ctx: Ctx, board: Board, target: str, zones: list[str]) -> tuple[float, list[Move]]:
    """HH-30.11: which surviving engaged units and Heroes enter the cleared target."""
    pool = [m for m in movers_in(ctx, board, zones)]
    b = board.copy()
    return greedy(ctx, b, pool, [target], None)


def movers_in(ctx: Ctx, board: Board, zones: list[str]) -> list[Mover]:
    out: list[Mover] = []
    for zone in zones:
        seen: set[str] = set()
        for u in board.units.get(zone, ()):
            if u[0] == ctx.me and label(u) not in seen:
                seen.add(label(u))
                out.append(Mover(f"unit:{zone}:{label(u)}", zone, u, "", 0, False))
        for hero, z in sorted(board.heroes.items()):
            if z == zone and ctx.st.heroes_side[hero] == ctx.me:
                out.append(Mover(f"hero:{hero}", zone, None, hero, 0, False))
    return out
