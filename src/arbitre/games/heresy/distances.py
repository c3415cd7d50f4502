"""Movement distances (HH-21.21..HH-21.24, HH-23.2, HH-23.3): the map's adjacency with
crevasse costs, forward and backward searches of movement points, flying distances, and
the zones a ground move may not pass through; searches are kept per map and blocked zones
(speed: issue 14). `movement` re-exports what other modules use."""

from __future__ import annotations

import heapq

from arbitre.games.heresy.board import CONTESTED, ENEMY, NEUTRAL, neighbours, zone_type
from arbitre.games.heresy.state import HeresyState

_ADJ: dict[tuple[int, frozenset[str]], dict[str, tuple[tuple[str, int], ...]]] = {}
_CACHED = 64  # map variants kept (impassable zones differ from game to game)


def _adjacency(s: HeresyState) -> dict[str, tuple[tuple[str, int], ...]]:
    """(neighbour, ground MP cost) per zone, built once per content and impassable zones
    (speed); an impassable zone is nobody's neighbour (Holy Terra Asunder)."""
    key = (id(s.content), s.impassable)
    adj = _ADJ.get(key)
    if adj is None:
        g = s.content.graph
        gone = s.impassable
        adj = {
            z.id: tuple(
                (n, 2 if g.is_crevasse(z.id, n) else 1)
                for n in sorted(g.neighbours(z.id))
                if n not in gone
            )
            for z in s.content.zones
        }
        if len(_ADJ) >= _CACHED:
            _ADJ.clear()
        _ADJ[key] = adj
    return adj


def reach(
    s: HeresyState, seat: int, start: str, mp: int, flying: bool, types: dict[str, str]
) -> dict[str, int]:
    """Cheapest MP cost to each zone reachable from `start` (HH-21.21, HH-23.2): a crevasse
    costs 2 except for flyers; only flyers pass through enemy or contested zones (HH-23.3)."""
    adj = _adjacency(s)
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, zone = heapq.heappop(heap)
        if cost > best[zone]:
            continue
        if zone != start and not flying and types[zone] in (ENEMY, CONTESTED):
            continue  # HH-21.23: may not pass through
        for nxt, step in adj[zone]:
            total = cost + (1 if flying else step)
            if total <= mp and total < best.get(nxt, 99):
                best[nxt] = total
                heapq.heappush(heap, (total, nxt))
    return best


def ends(s: HeresyState, reached: dict[str, int], start: str, types: dict[str, str]) -> set[str]:
    """Zones where a move may end: friendly or neutral (HH-21.23, HH-23.3), not the start."""
    return {z for z in reached if z != start and types[z] not in BLOCKED}


BLOCKED = (ENEMY, CONTESTED)
UNLIMITED = 999  # Passages Secrets: no movement-point limit (HH-21.24 exception)


def _types(s: HeresyState, seat: int) -> dict[str, str]:
    """HH-37.10 for every zone, from the occupied zones only (speed)."""
    types = dict.fromkeys(s.content.zones.ids(), NEUTRAL)
    for zone, units in s.units.items():
        if units:
            types[zone] = zone_type(s, zone, seat)
    return types


def _distance_to(
    s: HeresyState, dest: str, flying: bool, types: dict[str, str], limit: int
) -> dict[str, int]:
    """MP needed from every zone to reach `dest` (HH-21.21, HH-23.2), searched backwards
    from `dest`: a path may start in any zone but only passes through friendly or neutral
    zones unless the mover flies (HH-21.23, HH-23.3). One search serves every mover.
    Flying distances ignore zone types and are kept per content. The result is shared:
    read it, never change it."""
    if flying:
        return _flying_from(s, dest)
    return ground_distance(s, dest, frozenset(z for z, t in types.items() if t in BLOCKED), limit)


def blocked_zones(s: HeresyState, seat: int) -> frozenset[str]:
    """Zones holding a unit of `seat`'s enemy: enemy or contested for him (HH-37.10), the
    zones a ground move may not pass through nor end in (HH-21.23). Only the enemy's units
    change it, so it stays the same through all of one player's movement picks.

    Read from `zone_sides` (speed: kept while no unit changed)."""
    sides = zone_sides(s)
    return sides[0] if seat else sides[1]


Sides = tuple[frozenset[str], frozenset[str], list[str]]


def zone_sides(s: HeresyState) -> Sides:
    """The zones holding a unit of the Imperium, those holding a unit of the Traitor
    (HH-37.10: the zones blocked for the other side), and those holding units of both
    (contested: HH-15.3, HH-25.7), in the units' order. Shared: read it, never change it.

    One scan for all three, kept in the state's `from_units` memo (speed: each was a
    scan of its own, asked again while no unit changed; the coexistence step and a move
    often ask two or three of them between two changes)."""
    memo = s.from_units()
    got: Sides | None = memo.get("sides")
    if got is None:
        imperium: list[str] = []
        traitor: list[str] = []
        both: list[str] = []
        for z, units in s.units.items():
            if units:
                first = units[0][0]
                for u in units:  # plain loops: cheaper than any() over a generator
                    if u[0] != first:
                        both.append(z)
                        break
                else:
                    (traitor if first else imperium).append(z)
        got = memo["sides"] = (frozenset(imperium + both), frozenset(traitor + both), both)
    return got


_GROUND: dict[tuple[int, frozenset[str], frozenset[str], str, int], dict[str, int]] = {}


def ground_distance(
    s: HeresyState, dest: str, blocked: frozenset[str], limit: int
) -> dict[str, int]:
    """`_distance_to` for a ground mover, kept per map, blocked zones, destination and
    limit (speed: the same searches recur for every pick of a move and game after game).
    The result is shared: read it, never change it."""
    key = (id(s.content), s.impassable, blocked, dest, limit)
    got = _GROUND.get(key)
    if got is None:
        got = _ground_search(_adjacency(s), dest, blocked, limit)
        if len(_GROUND) >= _CACHED * 256:
            _GROUND.clear()
        _GROUND[key] = got
    return got


def _ground_search(
    adj: dict[str, tuple[tuple[str, int], ...]], dest: str, blocked: frozenset[str], limit: int
) -> dict[str, int]:
    best = {dest: 0}
    if limit >= UNLIMITED:
        heap = [(0, dest)]
        while heap:
            cost, zone = heapq.heappop(heap)
            if cost > best[zone] or (zone != dest and zone in blocked):
                continue  # a move may start here, never pass through
            for nxt, step in adj[zone]:
                total = cost + step
                if total < best.get(nxt, UNLIMITED + 1):
                    best[nxt] = total
                    heapq.heappush(heap, (total, nxt))
        return best
    buckets: list[list[str]] = [[] for _ in range(limit + 1)]
    buckets[0].append(dest)
    for cost in range(limit + 1):
        for zone in buckets[cost]:
            if best[zone] != cost or (cost and zone in blocked):
                continue
            for nxt, step in adj[zone]:
                total = cost + step
                if total <= limit and total < best.get(nxt, UNLIMITED + 1):
                    best[nxt] = total
                    buckets[total].append(nxt)
    return best


_FLY: dict[tuple[int, frozenset[str], str], dict[str, int]] = {}


def _flying_from(s: HeresyState, dest: str) -> dict[str, int]:
    key = (id(s.content), s.impassable, dest)
    got = _FLY.get(key)
    if got is None:
        got = _flight_distance(s, [dest])
        if len(_FLY) >= _CACHED * 64:
            _FLY.clear()
        _FLY[key] = got
    return got


_MAXMP: dict[int, int] = {}


def _max_move(s: HeresyState) -> int:
    """The most MP any ground mover has: the bound of the backwards searches."""
    key = id(s.content)
    got = _MAXMP.get(key)
    if got is None:
        got = max(
            [u.move for u in s.content.units if not u.flying]
            + [h.move for h in s.content.heroes]
            + [1]
        )
        _MAXMP[key] = got
    return got


def _transport_can_end(s: HeresyState, start: str, mp: int, dests: list[str]) -> bool:
    fly = _flight_distance(s, dests)
    return (start in fly and 0 < fly[start] <= mp) or any(
        fly.get(n, 99) + 1 <= mp for n in neighbours(s, start)
    )


def _flight_distance(s: HeresyState, dests: list[str]) -> dict[str, int]:
    """Flying steps from every zone to the nearest destination (zone types ignored)."""
    dist = {d: 0 for d in dests}
    frontier = list(dests)
    while frontier:
        nxt = []
        for zone in frontier:
            for n in neighbours(s, zone):
                if n not in dist:
                    dist[n] = dist[zone] + 1
                    nxt.append(n)
        frontier = nxt
    return dist
