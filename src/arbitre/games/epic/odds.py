"""Exact odds of a shooting attack and of an assault, as fractions (EPC-12..EPC-19).

Shooting: one D6 per attack die against the modified to-hit number (7+ per
`roll.sevenPlus`, AMB-EP-2); Tir Appuyé re-rolls 1s (EP-11.10, EPC-19); Elite re-rolls one
failed die of the roll, never a die already re-rolled (EP-4.2, AMB-EP-4c); each hit then
takes a save: cover first (fixed), then the armour save worsened by PA, or the fixed save
(EPC-13); an ethereal power allows only a Psychic Save, unmodified (EP-11.12, EP-14,
AMB-EP-13a), and is not a shot: it never re-rolls 1s under Tir Appuyé (EP-11.15, as
`fire.volley` plays it).

Assault: a duel is 2D6 + FA each; the higher total wins, the loser loses one wound with
no save, a tie does nothing; each further duel against the same surviving stand gives the
outnumbering side +1D6, cumulative (research §3.7). Elite re-rolls one die of an Assault
roll (EP-4.3): the lowest, when the side is losing (option `assault.eliteWhen`); the
attacking side decides first.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from arbitre.games.epic.config import DEFAULT_RULES, Rules

SIXTH = Fraction(1, 6)


def die_success(target: int, rules: Rules = DEFAULT_RULES) -> Fraction:
    """P(one D6 roll reaches `target`+), EPC-12 and AMB-EP-2 for targets above 6."""
    if target <= 1:
        return Fraction(5, 6) if rules.natural_one_misses else Fraction(1)
    if target <= 6:
        return Fraction(7 - target, 6)
    if rules.seven_plus == "impossible":
        return Fraction(0)
    if rules.seven_plus == "naturalSix":
        return SIXTH
    second = target - 3  # 7+ = a 6 then 4+, 8+ = a 6 then 5+, 9+ = a 6 then 6+
    return SIXTH * Fraction(max(0, 7 - second), 6) if second <= 6 else Fraction(0)


@dataclass(frozen=True, slots=True)
class DieOutcome:
    """One attack die: success, failure still eligible for an Elite re-roll, failure after
    a re-roll (AMB-EP-4c: a die is re-rolled at most once)."""

    hit: Fraction
    fail_fresh: Fraction
    fail_rerolled: Fraction
    reroll_success: Fraction  # P(success) of an Elite re-roll of a fresh failure


def to_hit_die(target: int, reroll_ones: bool, rules: Rules = DEFAULT_RULES) -> DieOutcome:
    p = die_success(target, rules)
    ones_fail = target > 1 or rules.natural_one_misses
    if not (reroll_ones and ones_fail):
        return DieOutcome(p, 1 - p, Fraction(0), p)
    return DieOutcome(p + SIXTH * p, 1 - p - SIXTH, SIXTH * (1 - p), p)


def successes(n: int, die: DieOutcome, elite: bool) -> dict[int, Fraction]:
    """Distribution of successes among `n` dice of one roll, Elite re-roll of one die."""
    states: dict[tuple[int, bool], Fraction] = {(0, False): Fraction(1)}
    for _ in range(n):
        nxt: dict[tuple[int, bool], Fraction] = defaultdict(Fraction)
        for (k, fresh), w in states.items():
            nxt[(k + 1, fresh)] += w * die.hit
            nxt[(k, True)] += w * die.fail_fresh
            nxt[(k, fresh)] += w * die.fail_rerolled
        states = {s: w for s, w in nxt.items() if w}
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (k, fresh), w in states.items():
        if elite and fresh:
            out[k + 1] += w * die.reroll_success
            out[k] += w * (1 - die.reroll_success)
        else:
            out[k] += w
    return dict(sorted((k, w) for k, w in out.items() if w))


@dataclass(frozen=True, slots=True)
class SaveProfile:
    """The saves a target takes against one hit."""

    armour: int | None = None
    fixed: int | None = None
    cover: int | None = None
    psychic: int | None = None


def save_die(
    save: SaveProfile, pa: int, ethereal: bool, rules: Rules = DEFAULT_RULES
) -> DieOutcome:
    """One hit's save as a die outcome (success = saved); the Elite re-roll repeats the
    last save die rolled."""
    if ethereal:
        chain = [die_success(save.psychic, rules)] if save.psychic else []
    else:
        chain = []
        if save.cover:
            chain.append(die_success(save.cover, rules))
        armour = save.armour - pa if save.armour is not None else None
        if armour is not None and armour <= 6:
            best = rules.dual_save == "best" and save.fixed is not None
            chain.append(die_success(min(armour, save.fixed or 7) if best else armour, rules))
            if save.fixed is not None and rules.dual_save == "twoRolls":
                chain.append(die_success(save.fixed, rules))
        elif save.fixed is not None:
            chain.append(die_success(save.fixed, rules))
    if not chain:
        return DieOutcome(Fraction(0), Fraction(1), Fraction(0), Fraction(0))
    fail = Fraction(1)
    for p in chain:
        fail *= 1 - p
    return DieOutcome(1 - fail, fail, Fraction(0), chain[-1])


@dataclass(frozen=True, slots=True)
class ShootingOdds:
    hit_target: int
    hits: dict[int, Fraction]
    unsaved: dict[int, Fraction]
    p_hit_die: Fraction
    p_save: Fraction

    def mean(self, which: str = "unsaved") -> Fraction:
        dist = self.unsaved if which == "unsaved" else self.hits
        return sum((k * w for k, w in dist.items()), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        def show(d: dict[int, Fraction]) -> dict[str, Any]:
            return {str(k): {"p": str(w), "float": float(w)} for k, w in d.items()}

        return {
            "to_hit": self.hit_target,
            "p_hit_per_die": str(self.p_hit_die),
            "p_save_per_hit": str(self.p_save),
            "hits": show(self.hits),
            "unsaved": show(self.unsaved),
            "mean_hits": str(self.mean("hits")),
            "mean_unsaved": str(self.mean()),
        }


def shooting_odds(
    dice: int,
    to_hit: int,
    pa: int = 0,
    save: SaveProfile = SaveProfile(),
    *,
    reroll_ones: bool = False,
    elite_attacker: bool = False,
    elite_defender: bool = False,
    ethereal: bool = False,
    rules: Rules = DEFAULT_RULES,
) -> ShootingOdds:
    """Exact distributions of hits and of unsaved hits (losses) for one attack roll.

    `reroll_ones` (Tir Appuyé) does not apply to an ethereal power (EP-11.15)."""
    die = to_hit_die(to_hit, reroll_ones and not ethereal, rules)
    hits = successes(dice, die, elite_attacker)
    sdie = save_die(save, pa, ethereal, rules)
    unsaved: dict[int, Fraction] = defaultdict(Fraction)
    for k, w in hits.items():
        for saved, ws in successes(k, sdie, elite_defender).items():
            unsaved[k - saved] += w * ws
    return ShootingOdds(
        hit_target=to_hit,
        hits=hits,
        unsaved=dict(sorted((k, w) for k, w in unsaved.items() if w)),
        p_hit_die=die.hit,
        p_save=sdie.hit,
    )


# --- assault ------------------------------------------------------------------------


@cache
def roll_dist(k: int) -> tuple[tuple[int, int, int], ...]:
    """kD6 as (sum, lowest die, count of the 6**k outcomes)."""
    states: dict[tuple[int, int], int] = {(0, 7): 1}
    for _ in range(k):
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        for (s, m), c in states.items():
            for d in range(1, 7):
                nxt[(s + d, min(m, d))] += c
        states = nxt
    return tuple((s, m, c) for (s, m), c in sorted(states.items()))


@dataclass(frozen=True, slots=True)
class DuelOdds:
    """Outcome -> probability; outcome = (winner 'a'|'b'|'tie', a used Elite, b used)."""

    outcomes: dict[tuple[str, bool, bool], Fraction]

    def p(self, winner: str) -> Fraction:
        return sum((w for (o, _a, _b), w in self.outcomes.items() if o == winner), Fraction(0))


def _outcome(ta: int, tb: int) -> str:
    return "a" if ta > tb else "b" if tb > ta else "tie"


@cache
def duel_odds(
    fa_a: int,
    fa_b: int,
    dice_a: int = 2,
    dice_b: int = 2,
    elite_a: bool = False,
    elite_b: bool = False,
    rules: Rules = DEFAULT_RULES,
) -> DuelOdds:
    """One duel: (dice_a)D6 + FA_a against (dice_b)D6 + FA_b, exact (research §3.7)."""
    counts: dict[tuple[str, bool, bool], int] = defaultdict(int)

    def wants(mine: int, theirs: int) -> bool:
        return mine < theirs or (rules.elite_when_tied and mine == theirs)

    for sa, ma, ca in roll_dist(dice_a):
        for sb, mb, cb in roll_dist(dice_b):
            base = ca * cb
            finals_a: list[tuple[int, int, bool]]  # (total a, weight out of 6, used)
            if elite_a and wants(sa + fa_a, sb + fa_b):
                finals_a = [(sa - ma + d + fa_a, 1, True) for d in range(1, 7)]
            else:
                finals_a = [(sa + fa_a, 6, False)]
            for ta, wa, used_a in finals_a:
                tb0 = sb + fa_b
                if elite_b and wants(tb0, ta):
                    for d in range(1, 7):
                        counts[(_outcome(ta, sb - mb + d + fa_b), used_a, True)] += base * wa
                else:
                    counts[(_outcome(ta, tb0), used_a, False)] += base * wa * 6
    total = 6**dice_a * 6**dice_b * 36
    return DuelOdds({k: Fraction(c, total) for k, c in counts.items()})


@dataclass(frozen=True, slots=True)
class Fighter:
    fa: int
    wounds: int = 1


@dataclass(frozen=True, slots=True)
class AssaultOdds:
    """(defender wounds lost, attackers destroyed) -> probability, for one combat group;
    `duels[i]` = P(winner of duel i | duel i is fought)."""

    dist: dict[tuple[int, int], Fraction]
    defender_wounds: int
    attackers: int
    duels: list[dict[str, Fraction]] = field(default_factory=list)

    def p_defender_destroyed(self) -> Fraction:
        return sum(
            (w for (lost, _a), w in self.dist.items() if lost >= self.defender_wounds),
            Fraction(0),
        )

    def mean_attackers_lost(self) -> Fraction:
        return sum((a * w for (_l, a), w in self.dist.items()), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        return {
            "defender_wounds": self.defender_wounds,
            "attackers": self.attackers,
            "p_defender_destroyed": str(self.p_defender_destroyed()),
            "p_defender_destroyed_float": float(self.p_defender_destroyed()),
            "mean_attackers_lost": str(self.mean_attackers_lost()),
            "duels": [{k: str(v) for k, v in d.items()} for d in self.duels],
            "outcomes": [
                {"defender_wounds_lost": lost, "attackers_lost": a, "p": str(w), "float": float(w)}
                for (lost, a), w in sorted(self.dist.items())
            ],
        }


def assault_odds(
    attackers: list[Fighter],
    defender: Fighter,
    *,
    attacker_rerolls: int = 0,
    defender_rerolls: int = 0,
    rules: Rules = DEFAULT_RULES,
) -> AssaultOdds:
    """A combat group: each attacker in turn duels the one defending stand; duel i gives
    the attackers +i dice (outnumbering, research §3.7); stops when the defender falls.
    Elite pools (EP-4.1) are spent greedily: one re-roll per losing duel (EP-4.2)."""
    # state: (defender wounds lost, attackers lost, pool a, pool d) -> probability
    states: dict[tuple[int, int, int, int], Fraction] = {
        (0, 0, attacker_rerolls, defender_rerolls): Fraction(1)
    }
    duels: list[dict[str, Fraction]] = []
    for i, att in enumerate(attackers):
        nxt: dict[tuple[int, int, int, int], Fraction] = defaultdict(Fraction)
        summary: dict[str, Fraction] = defaultdict(Fraction)
        for (lost, dead, pa_, pd), w in states.items():
            if lost >= defender.wounds:
                nxt[(lost, dead, pa_, pd)] += w
                continue
            duel = duel_odds(att.fa, defender.fa, 2 + i, 2, pa_ > 0, pd > 0, rules)
            for (winner, ua, ud), p in duel.outcomes.items():
                summary[winner] += w * p
                key = (
                    lost + (winner == "a"),
                    dead + (winner == "b"),
                    pa_ - ua,
                    pd - ud,
                )
                nxt[key] += w * p
        fought = sum(summary.values(), Fraction(0))
        duels.append({k: v / fought for k, v in summary.items()} if fought else {})
        states = nxt
    dist: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for (lost, dead, _a, _d), w in states.items():
        dist[(lost, dead)] += w
    return AssaultOdds(dict(dist), defender.wounds, len(attackers), duels)
