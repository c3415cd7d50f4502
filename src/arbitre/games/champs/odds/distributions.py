"""Counting rolls exactly, and the plain combat without skills (CB-55, CB-57, CB-58).

Counts are integers over the ordered rolls; `_Exact` carries a combat's outcome as fractions.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import NamedTuple

from arbitre.games.champs.odds.pools import Group
from arbitre.games.champs.odds.sides import Mode


@functools.cache
def _G(n: int, lo: int, hi: int) -> tuple[tuple[int, int], ...]:
    """(sum, number of ordered rolls) of n dice each in [lo, hi]."""
    if n == 0:
        return ((0, 1),)
    if lo > hi:
        return ()
    prev = dict(_G(n - 1, lo, hi))
    out: dict[int, int] = defaultdict(int)
    for s, c in prev.items():
        for v in range(lo, hi + 1):
            out[s + v] += c
    return tuple(sorted(out.items()))


@functools.lru_cache(maxsize=1 << 16)
def _sum_counts(k: int, sides: int) -> dict[int, int]:
    """Number of ordered rolls of k dice giving each sum."""
    return dict(_G(k, 1, sides))


def _multinomial(combo: Iterable[int]) -> int:
    counts: dict[int, int] = defaultdict(int)
    n = 0
    for v in combo:
        counts[v] += 1
        n += 1
    w = math.factorial(n)
    for c in counts.values():
        w //= math.factorial(c)
    return w


@functools.cache
def _multisets(n: int, sides: int) -> tuple[tuple[Group, int], ...]:
    """Sorted outcomes of n dice with their number of ordered rolls."""
    return tuple(
        (combo, _multinomial(combo))
        for combo in itertools.combinations_with_replacement(range(1, sides + 1), n)
    )


def _plain_counts(n: int, mode: Mode) -> dict[int, int]:
    if not mode.highest:
        return dict(_G(n, 1, mode.sides))
    if n == 0:
        return {0: 1}
    return {m: m**n - (m - 1) ** n for m in range(1, mode.sides + 1)}


def _count_wins(own: Mapping[int, int], opp: Mapping[int, int], thr: int) -> int:
    """Number of (own, opp) result pairs with own - opp >= thr, weighted by their counts."""
    opp_keys = sorted(opp)
    cum = list(itertools.accumulate(opp[s] for s in opp_keys))
    wins = 0
    for s, c in own.items():
        i = bisect.bisect_right(opp_keys, s - thr)
        if i:
            wins += c * cum[i - 1]
    return wins


class _Exact(NamedTuple):
    """P(attacker wins) and both final result distributions, exact."""

    attacker_wins: Fraction
    attacker_result: tuple[tuple[int, Fraction], ...]
    defender_result: tuple[tuple[int, Fraction], ...]
    method: str


def _frac_dist(
    counts: Mapping[int, int | Fraction], denom: int = 1
) -> tuple[tuple[int, Fraction], ...]:
    return tuple((r, Fraction(c, denom)) for r, c in sorted(counts.items()) if c)


def _finish(
    own_wins: int,
    own_d: Mapping[int, int],
    opp_d: Mapping[int, int],
    denom: int,
    own_is_attacker: bool,
    method: str,
) -> _Exact:
    p = Fraction(own_wins, denom)
    if own_is_attacker:
        return _Exact(p, _frac_dist(own_d, denom), _frac_dist(opp_d, denom), method)
    return _Exact(1 - p, _frac_dist(opp_d, denom), _frac_dist(own_d, denom), method)


def _no_skill(na: int, nd: int, mode: Mode) -> _Exact:
    """Plain combat (CB-55, CB-57, CB-58): P(A >= D) from the two result distributions."""
    a, d = _plain_counts(na, mode), _plain_counts(nd, mode)
    denom = mode.sides ** (na + nd)
    return _Exact(
        Fraction(_count_wins(a, d, 0), denom),
        _frac_dist(a, mode.sides**na),
        _frac_dist(d, mode.sides**nd),
        "convolution",
    )
