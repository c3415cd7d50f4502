"""Exact odds of one combat (CB-55..CB-58): the choice of method, the general enumeration of the
whole skill game, and the public results (`combat_odds`, `win_probability`).
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from arbitre.games.champs.config import Rules
from arbitre.games.champs.odds.distributions import (
    _G,
    _Exact,
    _frac_dist,
    _multisets,
    _no_skill,
    _sum_counts,
)
from arbitre.games.champs.odds.game import Skills, _best, _play
from arbitre.games.champs.odds.one_skill import _max_decision, _one_skill, _sum_decision
from arbitre.games.champs.odds.policy import POLICY_EN
from arbitre.games.champs.odds.sides import TEMPLAR, THIEF, Mode, OddsTooComplex, Side, mode_of
from arbitre.games.champs.odds.summaries import _extremes, _sum_lows

# Beyond this many pairs of rolled multisets the general (multi-skill) enumeration refuses.
GENERAL_LIMIT = 20_000


def general_size(groups: Sequence[int], sides: int) -> int:
    """Number of pairs of rolled multisets the general enumeration visits."""
    return math.prod(math.comb(n + sides - 1, sides - 1) for n in groups)


def _general(a: tuple[int, int], d: tuple[int, int], sa: Skills, sd: Skills, mode: Mode) -> _Exact:
    """Exact enumeration of every rolled multiset pair and of the whole skill game."""
    size = general_size((*a, *d), mode.sides)
    if size > GENERAL_LIMIT:
        raise OddsTooComplex(size, GENERAL_LIMIT)
    wins = Fraction(0)
    att_d: dict[int, Fraction] = defaultdict(Fraction)
    def_d: dict[int, Fraction] = defaultdict(Fraction)
    denom = mode.sides ** (sum(a) + sum(d))
    for ae, wae in _multisets(a[0], mode.sides):
        for ai, wai in _multisets(a[1], mode.sides):
            for de, wde in _multisets(d[0], mode.sides):
                for di, wdi in _multisets(d[1], mode.sides):
                    w = Fraction(wae * wai * wde * wdi, denom)
                    for (ra, rd), p in _play(((ae, ai), (de, di), sa, sd), mode):
                        q = w * p
                        att_d[ra] += q
                        def_d[rd] += q
                        if ra >= rd:
                            wins += q
    return _Exact(wins, _frac_dist(att_d), _frac_dist(def_d), "enumeration")


@functools.lru_cache(maxsize=4096)
def _exact(a: tuple[int, int], d: tuple[int, int], sa: Skills, sd: Skills, mode: Mode) -> _Exact:
    total = sum(sa) + sum(sd)
    if total == 0:
        return _no_skill(sum(a), sum(d), mode)
    if total == 1:
        own_is_attacker = sum(sa) == 1
        kind = THIEF if (sa[0] or sd[0]) else TEMPLAR
        own, opp = (a, d) if own_is_attacker else (d, a)
        ne, ni = own
        if kind == THIEF:
            ne, ni = ne + ni, 0
        return _one_skill(kind, own_is_attacker, ne, ni, sum(opp), mode)
    return _general(a, d, sa, sd, mode)


# --------------------------------------------------------------------------- public API


@dataclass(frozen=True)
class Odds:
    """Exact odds of one combat: who wins, and the final results (after skills) of each side."""

    attacker: Side
    defender: Side
    attacker_wins: float
    defender_wins: float
    attacker_result: dict[int, float]
    defender_result: dict[int, float]
    exact_attacker_wins: Fraction
    exact_attacker_result: dict[int, Fraction]
    exact_defender_result: dict[int, Fraction]
    method: str
    rules: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "champs",
            "attacker": self.attacker.to_json(),
            "defender": self.defender.to_json(),
            "attacker_wins": self.attacker_wins,
            "defender_wins": self.defender_wins,
            "attacker_wins_exact": str(self.exact_attacker_wins),
            "attacker_result": {str(k): v for k, v in self.attacker_result.items()},
            "defender_result": {str(k): v for k, v in self.defender_result.items()},
            "method": self.method,
            "rules": dict(self.rules),
            "policy": POLICY_EN,
        }


def _groups(side: Side, rules: Rules) -> tuple[int, int]:
    """(re-rollable dice, other dice): support dice are set apart only for a Templar with
    templar.rerollSupportDice=false (AMB-CB-20f)."""
    if side.templars and not rules.templar_support_dice:
        return side.dice - side.support, side.support
    return side.dice, 0


def combat_odds(attacker: Side, defender: Side, rules: Rules) -> Odds:
    """Exact odds of one combat (CB-55..CB-58) with the heroes' skills used well (POLICY_EN).

    Raises OddsTooComplex for large pools with several Thieves/Templars or skills on both sides.
    """
    mode = mode_of(rules)
    if mode.sides < 1:
        raise ValueError("dice.sides must be >= 1 (AMB-CB-4)")
    res = _exact(
        _groups(attacker, rules),
        _groups(defender, rules),
        (attacker.thieves, attacker.templars),
        (defender.thieves, defender.templars),
        mode,
    )
    att = dict(res.attacker_result)
    dfd = dict(res.defender_result)
    return Odds(
        attacker=attacker,
        defender=defender,
        attacker_wins=float(res.attacker_wins),
        defender_wins=float(1 - res.attacker_wins),
        attacker_result={k: float(v) for k, v in att.items()},
        defender_result={k: float(v) for k, v in dfd.items()},
        exact_attacker_wins=res.attacker_wins,
        exact_attacker_result=att,
        exact_defender_result=dfd,
        method=res.method,
        rules={
            "dice.sides": rules.sides,
            "combat.result": "highest" if rules.highest else "sum",
            "thief.mode": rules.thief_mode,
            "templar.rerollSupportDice": rules.templar_support_dice,
        },
    )


@functools.lru_cache(maxsize=1 << 16)
def _win_exact(att_dice: int, def_dice: int, sides: int, highest: bool) -> Fraction:
    return _no_skill(att_dice, def_dice, Mode(sides, highest, "swapValues")).attacker_wins


@functools.lru_cache(maxsize=1 << 16)
def _win_float(att_dice: int, def_dice: int, sides: int, highest: bool) -> float:
    return float(_win_exact(att_dice, def_dice, sides, highest))


def win_probability(att_dice: int, def_dice: int, rules: Rules) -> float:
    """P(attacker wins) for plain pools, no hero skill (CB-55..CB-58), cached for AIs."""
    if att_dice < 0 or def_dice < 0:
        raise ValueError("dice counts must be >= 0")
    return _win_float(att_dice, def_dice, rules.sides, rules.highest)


def exact_win_probability(att_dice: int, def_dice: int, rules: Rules) -> Fraction:
    """`win_probability` as an exact fraction."""
    if att_dice < 0 or def_dice < 0:
        raise ValueError("dice counts must be >= 0")
    return _win_exact(att_dice, def_dice, rules.sides, rules.highest)


def clear_caches() -> None:
    """Forget every memoised distribution and decision (for cold timings and memory)."""
    for cached in (
        _sum_counts,
        _best,
        _play,
        _G,
        _sum_lows,
        _extremes,
        _sum_decision,
        _max_decision,
        _multisets,
        _exact,
        _win_exact,
        _win_float,
    ):
        cached.cache_clear()
