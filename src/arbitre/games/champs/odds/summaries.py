"""Compact summaries of a rolled pool for the one-skill fast path: exact joint counts of a
pool's sum and its few extreme dice (the ones one Thief or Templar use can touch), and a
representative roll for each summary.
"""

from __future__ import annotations

import functools
import itertools
from collections import defaultdict

from arbitre.games.champs.odds.distributions import _G
from arbitre.games.champs.odds.pools import Group
from arbitre.games.champs.odds.sides import Mode

Summary = dict[tuple[Group, Group], dict[int, int]]


@functools.cache
def _sum_lows(
    n: int, sides: int, lows: int
) -> tuple[tuple[Group, tuple[tuple[int, int], ...]], ...]:
    """Joint counts of (lowest `lows` dice ascending, sum) of n dice, lows <= 2."""
    out: dict[Group, dict[int, int]] = {}
    if lows == 0 or n == 0:
        out[()] = dict(_G(n, 1, sides))
    elif n <= lows:
        for roll in itertools.product(range(1, sides + 1), repeat=n):
            key = tuple(sorted(roll))
            out.setdefault(key, defaultdict(int))[sum(roll)] += 1
    elif lows == 1:
        for m in range(1, sides + 1):
            diff = dict(_G(n, m, sides))
            for s, c in _G(n, m + 1, sides):
                diff[s] -= c
            out[(m,)] = {s: c for s, c in diff.items() if c}
    else:

        def at_least(a: int, b: int) -> dict[int, int]:  # lowest >= a and second lowest >= b
            b = max(a, b)
            if a > sides:
                return {}
            res: dict[int, int] = defaultdict(int, _G(n, b, sides))
            rest = _G(n - 1, b, sides)
            for v in range(a, b):
                for s, c in rest:
                    res[s + v] += n * c
            return res

        for a in range(1, sides + 1):
            for b in range(a, sides + 1):
                d: dict[int, int] = defaultdict(int)
                for (x, y), sign in (((a, b), 1), ((a + 1, b), -1), ((a, b + 1), -1)):
                    for s, c in at_least(x, y).items():
                        d[s] += sign * c
                for s, c in at_least(a + 1, b + 1).items():
                    d[s] += c
                kept = {s: c for s, c in d.items() if c}
                if kept:
                    out[(a, b)] = kept
    return tuple((k, tuple(sorted(v.items()))) for k, v in sorted(out.items()))


def _sum_summary(n: int, sides: int, lows: int, highs: int) -> Summary:
    """(lows ascending, highs descending) -> {sum: count}; one of lows/highs is 0."""
    out: Summary = {}
    if highs:
        # reflect v -> sides + 1 - v: the highest dice are the reflected lowest ones
        top = n * (sides + 1)
        for key, sums in _sum_lows(n, sides, highs):
            out[((), tuple(sides + 1 - v for v in key))] = {top - s: c for s, c in sums}
    else:
        for key, sums in _sum_lows(n, sides, lows):
            out[(key, ())] = dict(sums)
    return out


@functools.cache
def _extremes(
    n: int, sides: int, highs: int, lows: int
) -> tuple[tuple[tuple[Group, Group], int], ...]:
    """Joint counts of (highest `highs` dice descending, lowest `lows` ascending) of n dice."""
    if n == 0:
        return ((((), ()), 1),)
    out: dict[tuple[Group, Group], int] = defaultdict(int)
    for (tops, bots), c in _extremes(n - 1, sides, highs, lows):
        for v in range(1, sides + 1):
            nt = tuple(sorted((*tops, v), reverse=True)[:highs])
            nb = tuple(sorted((*bots, v))[:lows])
            out[(nt, nb)] += c
    return tuple(sorted(out.items()))


def _between(n: int, lows: Group, highs: Group, sides: int) -> tuple[int, int, int] | None:
    """For n dice with these lowest/highest dice: (how many dice lie between them, their least and
    greatest possible value), or None when the given dice already fix the whole roll."""
    nl, nh = len(lows), len(highs)
    if n <= max(nl, nh) or n < nl + nh:
        return None
    return n - nl - nh, lows[-1] if lows else 1, highs[-1] if highs else sides


def _dice_of(n: int, lows: Group, highs: Group, total: int | None, sides: int) -> list[int]:
    """A roll of n dice with these lowest/highest dice (and this total, if given)."""
    free = _between(n, lows, highs, sides)
    if free is None:
        nl = len(lows)
        if n <= nl:
            return list(lows[:n])
        if n <= len(highs):
            return sorted(highs[:n])
        return sorted([*lows, *highs[: n - nl]])
    k, lo, hi = free
    fill = [lo] * k
    if total is not None:
        extra = total - sum(lows) - sum(highs) - lo * k
        if extra < 0 or extra > (hi - lo) * k:
            raise AssertionError("infeasible representative")  # pragma: no cover
        for i in range(k):
            step = min(extra, hi - lo)
            fill[i] += step
            extra -= step
    return sorted([*lows, *fill, *highs])


def _sum_range(n: int, lows: Group, highs: Group, sides: int) -> tuple[int, int]:
    free = _between(n, lows, highs, sides)
    if free is None:
        fixed = sum(_dice_of(n, lows, highs, None, sides))
        return fixed, fixed
    k, lo, hi = free
    fixed = sum(lows) + sum(highs)
    return fixed + k * lo, fixed + k * hi


def _rep(
    mode: Mode,
    ne: int,
    ni: int,
    own_key: tuple[Group, Group],
    other_tops: Group,
    total: int | None,
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """Representative roll of the skilled side: its dice, and the re-rollable indices (None: all).

    `own_key` = (lowest, highest) re-rollable dice; `other_tops` the highest other (support)
    dice in highest mode; `total` the whole sum in sum mode.
    """
    lows, highs = own_key
    if ni == 0:
        return tuple(_dice_of(ne, lows, highs, total, mode.sides)), None
    if total is None:
        elig = _dice_of(ne, lows, highs, None, mode.sides)
        other = _dice_of(ni, (), other_tops, None, mode.sides)
    else:
        lo_e, hi_e = _sum_range(ne, lows, highs, mode.sides)
        s_e = max(lo_e, total - ni * mode.sides)
        if s_e > hi_e or total - s_e < ni:
            raise AssertionError("infeasible representative")  # pragma: no cover
        elig = _dice_of(ne, lows, highs, s_e, mode.sides)
        other = _dice_of(ni, (), (), total - s_e, mode.sides)
    return tuple(elig + other), tuple(range(ne))
