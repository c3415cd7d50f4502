"""The fast exact path for exactly one Thief or one Templar in the whole combat (the usual case).

Each pool is reduced to its summary (`summaries`); the hero's decision is asked of the policy
helpers on a representative roll with that summary, and only where it can change the winner (the
margin lies within what one skill use can move); elsewhere the policy declines.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import NamedTuple

from arbitre.games.champs.odds.distributions import _G, _count_wins, _Exact, _finish, _sum_counts
from arbitre.games.champs.odds.policy import _templar_pick, _thief_pick
from arbitre.games.champs.odds.pools import Group
from arbitre.games.champs.odds.sides import TEMPLAR, Mode
from arbitre.games.champs.odds.summaries import (
    Summary,
    _dice_of,
    _extremes,
    _rep,
    _sum_range,
    _sum_summary,
)


class _Spec(NamedTuple):
    """Summary shapes for the one-skill fast path: (lows, highs) of the skilled side's
    re-rollable dice, and of the other side's dice."""

    own_lows: int
    own_highs: int
    opp_lows: int
    opp_highs: int


def _spec(kind: str, mode: Mode) -> _Spec:
    if kind == TEMPLAR:
        return _Spec(2, 0, 0, 0) if not mode.highest else _Spec(0, 2, 0, 1)
    if mode.highest:
        if mode.thief == "opponentPicksReturn":
            # he gives his lowest or his best die; the opponent returns his lowest or his best
            return _Spec(1, 2, 1, 2)
        return _Spec(1, 1, 0, 2)
    if mode.thief == "opponentPicksReturn":
        # he gives his lowest die, the opponent returns his lowest (AMB-CB-20e)
        return _Spec(1, 0, 1, 0)
    return _Spec(1, 0, 0, 1)


class _Fight(NamedTuple):
    """The combat seen from the skilled side: the rule options, its skill (THIEF or TEMPLAR),
    whether it attacks, its re-rollable dice, its other (support) dice, the opponent's dice."""

    mode: Mode
    kind: str
    own_is_attacker: bool
    ne: int
    ni: int
    no: int


@functools.lru_cache(maxsize=1 << 16)
def _sum_decision(
    fight: _Fight, own_key: tuple[Group, Group], opp_key: tuple[Group, Group], margin: int
) -> tuple[int, int, int] | None:
    """Sum mode: the policy's choice at own sum - opp sum = margin, as (own change, opp change,
    dice re-rolled), or None to decline."""
    mode, kind, own_is_attacker, ne, ni, no = fight
    lo_o, hi_o = _sum_range(no, *opp_key, mode.sides)
    if ni:
        lo_e, hi_e = _sum_range(ne, own_key[0], (), mode.sides)
        lo_p, hi_p = lo_e + ni, hi_e + ni * mode.sides
    else:
        lo_p, hi_p = _sum_range(ne, *own_key, mode.sides)
    s_own = max(lo_p, lo_o + margin)
    if s_own > min(hi_p, hi_o + margin):
        raise AssertionError("no roll with this margin")  # pragma: no cover
    own, elig = _rep(mode, ne, ni, own_key, (), s_own)
    if kind == TEMPLAR:
        idx = _templar_pick(own, s_own - margin, own_is_attacker, mode, elig)
        if not idx:
            return None
        return (-sum(own[i] for i in idx), 0, len(idx))
    opp = tuple(_dice_of(no, *opp_key, s_own - margin, mode.sides))
    pick = _thief_pick(own, opp, own_is_attacker, mode)
    if pick is None:
        return None
    i, j = pick
    if i < 0:
        return (opp[j], -opp[j], 0)
    if j < 0:
        return (-own[i], own[i], 0)
    return (opp[j] - own[i], own[i] - opp[j], 0)


@functools.lru_cache(maxsize=1 << 16)
def _max_decision(
    fight: _Fight, own_key: tuple[Group, Group], other_tops: Group, opp_key: tuple[Group, Group]
) -> tuple[tuple[tuple[int, int], int], ...]:
    """Highest mode: distribution of (own result, opp result) after the policy's choice, as
    counts over sides**2."""
    mode, kind, own_is_attacker, ne, ni, no = fight
    scale = mode.sides**2
    own, elig = _rep(mode, ne, ni, own_key, other_tops, None)
    opp = tuple(_dice_of(no, *opp_key, None, mode.sides))
    opp_res = max(opp, default=0)
    if kind == TEMPLAR:
        idx = _templar_pick(own, opp_res, own_is_attacker, mode, elig)
        kept = max((v for i, v in enumerate(own) if i not in idx), default=0)
        k = len(idx)
        out = []
        for r in range(kept, mode.sides + 1):
            at_most = r**k
            below = ((r - 1) ** k) if r - 1 >= kept else 0
            c = (at_most - below) * scale // mode.sides**k
            if c:
                out.append(((r, opp_res), c))
        return tuple(out)
    pick = _thief_pick(own, opp, own_is_attacker, mode)
    new_own, new_opp = list(own), list(opp)
    if pick is not None:
        i, j = pick
        if i < 0:
            new_own.append(new_opp.pop(j))
        elif j < 0:
            new_opp.append(new_own.pop(i))
        else:
            new_own[i], new_opp[j] = opp[j], own[i]
    return (((max(new_own, default=0), max(new_opp, default=0)), scale),)


def _one_skill(kind: str, own_is_attacker: bool, ne: int, ni: int, no: int, mode: Mode) -> _Exact:
    """Exactly one Thief or one Templar in the combat (see the package docstring)."""
    fight = _Fight(mode, kind, own_is_attacker, ne, ni, no)
    if mode.highest:
        return _one_skill_highest(fight, _spec(kind, mode))
    return _one_skill_sum(fight, _spec(kind, mode))


def _one_skill_highest(fight: _Fight, spec: _Spec) -> _Exact:
    mode, _, own_is_attacker, ne, ni, no = fight
    sides = mode.sides
    own_sum: dict[tuple[tuple[Group, Group], Group], int] = defaultdict(int)
    for (tops, bots), c in _extremes(ne, sides, spec.own_highs, spec.own_lows):
        for (itops, _ib), ci in _extremes(ni, sides, 1, 0):
            own_sum[((bots, tops), itops)] += c * ci
    opp_sum = {(b, t): c for (t, b), c in _extremes(no, sides, spec.opp_highs, spec.opp_lows)}
    scale = sides**2
    wins = 0
    own_d: dict[int, int] = defaultdict(int)
    opp_d: dict[int, int] = defaultdict(int)
    for (ok, itops), oc in own_sum.items():
        for pk, pc in opp_sum.items():
            for (r_own, r_opp), w in _max_decision(fight, ok, itops, pk):
                m = oc * pc * w
                own_d[r_own] += m
                opp_d[r_opp] += m
                if (r_own >= r_opp) if own_is_attacker else (r_own > r_opp):
                    wins += m
    denom = sides ** (ne + ni + no) * scale
    return _finish(wins, own_d, opp_d, denom, own_is_attacker, "summary")


def _totals(summary: Summary) -> dict[int, int]:
    """{sum: count} over every key of a summary."""
    out: dict[int, int] = defaultdict(int)
    for sums in summary.values():
        for s, c in sums.items():
            out[s] += c
    return out


def _one_skill_sum(fight: _Fight, spec: _Spec) -> _Exact:
    mode, _, own_is_attacker, ne, ni, no = fight
    sides = mode.sides
    own_s: Summary = _sum_summary(ne, sides, spec.own_lows, spec.own_highs)
    if ni:
        other = _G(ni, 1, sides)
        merged: Summary = {}
        for key, sums in own_s.items():
            d: dict[int, int] = defaultdict(int)
            for s, c in sums.items():
                for t, ct in other:
                    d[s + t] += c * ct
            merged[key] = dict(d)
        own_s = merged
    opp_s = _sum_summary(no, sides, spec.opp_lows, spec.opp_highs)
    own_tot = _totals(own_s)
    opp_tot = _totals(opp_s)
    thr = 0 if own_is_attacker else 1  # the skilled side wins iff own - opp >= thr (CB-58)
    # baseline: nobody uses the skill
    scale = sides**2
    wins = _count_wins(own_tot, opp_tot, thr) * scale
    own_move: dict[tuple[int, int], dict[int, int]] = defaultdict(lambda: defaultdict(int))
    opp_move: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    reach = 2 * sides  # no single skill use moves the margin by more
    for ok, osums in own_s.items():
        for pk, psums in opp_s.items():
            lo_m = min(osums) - max(psums)
            hi_m = max(osums) - min(psums)
            for margin in range(max(lo_m, -reach), min(hi_m, thr - 1) + 1):
                pairs = [
                    (s, c * psums[s - margin]) for s, c in osums.items() if s - margin in psums
                ]
                if not pairs:
                    continue
                choice = _sum_decision(fight, ok, pk, margin)
                if choice is None:
                    continue
                d_own, d_opp, k = choice
                mass = sum(m for _, m in pairs)
                need = thr - margin - d_own + d_opp
                hits = sum(c for s, c in _sum_counts(k, sides).items() if s >= need)
                wins += mass * hits * sides ** (2 - k)
                om = own_move[(d_own, k)]
                pm = opp_move[d_opp]
                for s, m in pairs:
                    om[s] += m
                    pm[s - margin] += m
    own_d: dict[int, int] = defaultdict(int)
    for s, c in own_tot.items():
        own_d[s] += c * scale * sides**no  # marginal over the opponent's rolls too
    for (d_own, k), vec in own_move.items():
        counts = _sum_counts(k, sides)
        for s, m in vec.items():
            own_d[s] -= m * scale
            for x, cx in counts.items():
                own_d[s + d_own + x] += m * cx * sides ** (2 - k)
    opp_d: dict[int, int] = defaultdict(int)
    for s, c in opp_tot.items():
        opp_d[s] += c * scale * sides ** (ne + ni)
    for d_opp, vec in opp_move.items():
        for s, m in vec.items():
            opp_d[s] -= m * scale
            opp_d[s + d_opp] += m * scale
    denom = sides ** (ne + ni + no) * scale
    return _finish(wins, own_d, opp_d, denom, own_is_attacker, "summary")
