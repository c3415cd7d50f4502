"""Exact odds of one Champs de Bataille combat (CB-55..CB-58), heroes and support included.

What is computed (digest §9-§11, AMB-CB-4, AMB-CB-5, AMB-CB-15a, AMB-CB-20, AMB-CB-22f):

* Pools (CB-10..CB-14, CB-48, CB-51..CB-53, CB-68, CB-71): `side_from_troops` counts the dice
  of a troop; a `Side` can also be built from a raw dice count.
* Both sides roll at once (CB-55, dice of `dice.sides` faces, AMB-CB-4); then the attacker's
  hero skills, then the defender's (CB-56): Thief (CB-49, `thief.mode`, AMB-CB-20e) and Templar
  (CB-50, `templar.rerollSupportDice`, AMB-CB-20f). The result is the sum of the dice or the
  highest die (`combat.result`, AMB-CB-5); a side with no dice has result 0; the higher result
  wins and a tie goes to the attacker (CB-57, CB-58).
* Heroes are "used well": see `POLICY_EN` / `POLICY_FR`. The policy lives in one place, the
  option ranking of `_thief_options` / `_templar_options`, which the public helpers
  `best_thief_swap`, `best_templar_reroll` and `best_return_pick` (used by the game's engine and
  AIs with the actual dice) and `combat_odds` all call.

Everything is exact: integer counts and `fractions.Fraction`, never sampling.

* No Thief/Templar: convolution of the two pools (sum) or of their maxima (highest).
* One Thief or one Templar in the whole combat (the usual case: the MJ has no hero): each pool is
  reduced to a compact summary -- its sum and the few extreme dice the skill can touch (for a
  Templar in sum mode: sum and two lowest re-rollable dice; for a Thief: own lowest or highest die
  and the opponent's highest, ...). The hero's decision is asked of the policy helpers on a
  representative roll with that summary, and only where it can change the winner (the margin lies
  within what one skill use can move); elsewhere the policy declines. Tests check this against
  brute-force enumeration of every roll.
* Any other combination (skills on both sides, several Thieves/Templars in one troop): exact
  enumeration of every pair of rolled multisets and of the whole skill game; limited in size
  (`OddsTooComplex`).
"""

from __future__ import annotations

import bisect
import functools
import itertools
import math
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from arbitre.games.champs.config import Rules
from arbitre.games.champs.troops import (
    GLADIATOR_ALONE_DICE,
    GLADIATOR_TROOP_DICE,
    HEROES,
    SUPPORT_DICE,
    WARRIOR_DICE,
    troop_type,
)

WARRIOR, THIEF, TEMPLAR, GLADIATOR = "guerrier", "voleur", "templier", "gladiateur"
SKILL_HEROES = (THIEF, TEMPLAR)

POLICY_EN = (
    "Heroes are used well: each skill decision (Thief exchange, Templar re-roll, and the order "
    "of a side's skills) maximises that side's exact probability of winning the combat, knowing "
    "every die on the table, and assuming every skill still to come (the defender's come after "
    "the attacker's, CB-56) is used the same way. Skills are optional: a hero acts only if it "
    "strictly raises that probability. Among equally good choices a Thief takes the one that "
    "leaves his side the largest lead (own result minus the opponent's), then the highest own "
    "result; a Templar re-rolls as few dice as possible, then the ones that raise his expected "
    "result most (the lowest). In thief.mode=opponentPicksReturn the opponent picks the die he "
    "gets back so as to minimise the Thief's chances."
)
POLICY_FR = (
    "Les héros sont bien utilisés : chaque décision (échange du Voleur, relance du Templier, "
    "ordre des compétences d'un camp) maximise la probabilité exacte que son camp gagne le combat, "
    "en connaissant tous les dés sur la table, et en supposant que toute compétence encore à venir "
    "(celles du défenseur viennent après celles de l'attaquant, CB-56) est utilisée de la même "
    "façon. Les compétences sont facultatives : un héros n'agit que si cela augmente strictement "
    "cette probabilité. À chances égales, le Voleur choisit l'échange qui laisse à son camp la "
    "plus grande avance (son résultat moins celui de l'adversaire), puis le plus grand résultat ; "
    "le Templier relance le moins de dés possible, puis ceux qui augmentent le plus son résultat "
    "espéré (les plus faibles). En thief.mode=opponentPicksReturn, l'adversaire choisit le dé "
    "qu'il reçoit en échange de façon à minimiser les chances du Voleur."
)

# Beyond this many pairs of rolled multisets the general (multi-skill) enumeration refuses.
GENERAL_LIMIT = 20_000


class OddsTooComplex(ValueError):
    """The exact general enumeration (skills on both sides, or several Thieves/Templars in one
    troop) would be too long for these pool sizes: `size` roll pairs, over `limit`."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(
            f"exact odds with these skills (several Thieves/Templars, or skills on both sides) "
            f"need {size} roll pairs (limit {limit}); use smaller pools"
        )
        self.size = size
        self.limit = limit


class Mode(NamedTuple):
    """The rule options the combat maths depends on (hashable, for caches)."""

    sides: int  # AMB-CB-4
    highest: bool  # AMB-CB-5
    thief: str  # AMB-CB-20e


def mode_of(rules: Rules) -> Mode:
    return Mode(rules.sides, rules.highest, rules.thief_mode)


# --------------------------------------------------------------------------- pools


@dataclass(frozen=True, slots=True)
class Side:
    """One side's dice pool.

    `dice` is the whole pool (units + heroes + support); `support` how many of those are support
    dice (CB-68; they matter only for a Templar when templar.rerollSupportDice=false, AMB-CB-20f);
    `skills` the Thief/Templar skills that apply in this combat (CB-47: hero in a ground troop);
    `heroes` every hero present and `hero_dice` the dice they add (informational).
    `Side(dice=8)` is a raw pool of 8 dice with no hero.
    """

    dice: int
    support: int = 0
    skills: tuple[str, ...] = ()
    heroes: tuple[str, ...] = ()
    hero_dice: int = 0
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.dice < 0:
            raise ValueError(f"a pool cannot have {self.dice} dice")
        if not 0 <= self.support <= self.dice:
            raise ValueError(f"support dice ({self.support}) must be within the pool (CB-68)")
        for skill in self.skills:
            if skill not in SKILL_HEROES:
                raise ValueError(f"{skill!r} is not a dice skill; expected one of {SKILL_HEROES}")

    @property
    def thieves(self) -> int:
        return self.skills.count(THIEF)

    @property
    def templars(self) -> int:
        return self.skills.count(TEMPLAR)

    @property
    def unit_dice(self) -> int:
        return self.dice - self.hero_dice - self.support * SUPPORT_DICE

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": self.dice,
            "unit_dice": self.unit_dice,
            "hero_dice": self.hero_dice,
            "support_dice": self.support * SUPPORT_DICE,
            "heroes": list(self.heroes),
            "skills": list(self.skills),
            "notes": list(self.notes),
        }


def _check_heroes(heroes: Sequence[str]) -> tuple[str, ...]:
    out = tuple(heroes)
    for h in out:
        if h not in HEROES:
            raise ValueError(f"unknown hero {h!r}; known: {', '.join(HEROES)} (CB-48..CB-52)")
    return out


def _assemble(
    unit_dice: int,
    has_units: bool,
    ground: bool,
    heroes: Sequence[str],
    support: int,
    rules: Rules,
    attacker: bool,
) -> Side:
    heroes = _check_heroes(heroes)
    if support < 0:
        raise ValueError(f"support must be >= 0, got {support}")
    if support and not attacker and not rules.defender_support:
        raise ValueError("the defender receives no support (CB-71; see support.defender)")
    dice = unit_dice
    hero_dice = 0
    skills: list[str] = []
    notes: list[str] = []
    rest = list(heroes)
    if not has_units:
        if GLADIATOR in rest:
            # CB-51 / AMB-CB-20g: a lone Gladiator is a one-unit troop with Mastodon stats
            # (3 dice, ground), so heroes with him are in a ground troop with a unit.
            rest.remove(GLADIATOR)
            hero_dice += GLADIATOR_ALONE_DICE
            ground = True
            notes.append("CB-51")
        else:
            # CB-53: other heroes do not fight alone: no dice, no skill.
            ground = False
            if rest:
                notes.append("CB-53")
    elif not ground and rest:
        notes.append("CB-47")  # not a ground troop: no skill applies (AMB-CB-3, AMB-CB-20b)
    if ground:
        for h in rest:
            if h == WARRIOR:
                hero_dice += WARRIOR_DICE  # CB-48
            elif h == GLADIATOR:
                hero_dice += GLADIATOR_TROOP_DICE  # CB-52
            else:
                skills.append(h)  # CB-49 / CB-50
    dice += hero_dice + support * SUPPORT_DICE  # CB-68
    return Side(
        dice=dice,
        support=support * SUPPORT_DICE,
        skills=tuple(skills),
        heroes=heroes,
        hero_dice=hero_dice,
        notes=tuple(notes),
    )


def side_from_troops(
    units: Mapping[str, int],
    heroes: Sequence[str],
    support: int,
    rules: Rules,
    *,
    attacker: bool = True,
) -> Side:
    """The pool of a troop: units by type id, heroes in it, supporting troops.

    Dice per unit from the troop table (CB-10..CB-14); a Catapult rolls 3 per unit, or 3 for the
    whole troop with catapult.dicePer=troop (AMB-CB-15a). Warrior +2 (CB-48), Gladiator +1 in a
    troop (CB-52), a lone Gladiator 3 dice (CB-51), other lone heroes none (CB-53). Skills apply
    only in a ground troop (CB-47, hero.groundTroopTest, AMB-CB-3). Each supporting troop adds 1
    die to the attacker (CB-68); the defender gets none unless support.defender (CB-71,
    AMB-CB-22f). Raises ValueError on an unknown type or hero, or a negative count.
    """
    unit_dice = 0
    kinds = []
    for tid, count in units.items():
        ttype = troop_type(tid)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"bad unit count {count!r} for {tid!r}")
        if count == 0:
            continue
        kinds.append(ttype)
        if ttype.ranged and rules.catapult_per_troop:
            unit_dice += ttype.dice
        else:
            unit_dice += ttype.dice * count
    has_units = bool(kinds)
    grounds = [not t.flying for t in kinds]
    ground = all(grounds) if rules.all_ground_for_skill else any(grounds)
    return _assemble(unit_dice, has_units, has_units and ground, heroes, support, rules, attacker)


def side_from_dice(
    dice: int,
    heroes: Sequence[str] = (),
    support: int = 0,
    rules: Rules | None = None,
    *,
    attacker: bool = True,
) -> Side:
    """A pool from a raw count of unit dice (assumed to be a ground troop when dice > 0), plus the
    heroes' dice and skills and the support dice, as in `side_from_troops`."""
    if dice < 0:
        raise ValueError(f"dice must be >= 0, got {dice}")
    if rules is None:
        from arbitre.games.champs.config import resolve

        rules = resolve({})
    return _assemble(dice, dice > 0, dice > 0, heroes, support, rules, attacker)


# --------------------------------------------------------------------------- the skill game

Group = tuple[int, ...]  # sorted dice values
Pool = tuple[Group, Group]  # (re-rollable by a Templar, not re-rollable: support dice, AMB-CB-20f)
Skills = tuple[int, int]  # (Thieves, Templars) still to act
State = tuple[Pool, Pool, Skills, Skills]  # attacker pool, defender pool, their skills
Action = tuple[Any, ...]
Rank = tuple[Any, ...]
Option = tuple[Rank, Action, Fraction]  # (how the acting side ranks it, action, P(attacker wins))

_NONE: Skills = (0, 0)


def _result(pool: Pool, highest: bool) -> int:
    """A side's combat result (AMB-CB-5): sum, or highest die; 0 without dice."""
    elig, other = pool
    if highest:
        return max(elig[-1] if elig else 0, other[-1] if other else 0)
    return sum(elig) + sum(other)


def _remove(group: Group, value: int) -> Group:
    i = group.index(value)
    return group[:i] + group[i + 1 :]


def _insert(group: Group, value: int) -> Group:
    i = bisect.bisect_left(group, value)
    return (*group[:i], value, *group[i:])


def _set_pool(pool: Pool, g: int, group: Group) -> Pool:
    return (group, pool[1]) if g == 0 else (pool[0], group)


def _mover(state: State) -> int:
    if state[2] != _NONE:
        return 0
    if state[3] != _NONE:
        return 1
    return -1


def _with(state: State, side: int, own: Pool, opp: Pool, skills: Skills) -> State:
    if side == 0:
        return (own, opp, skills, state[3])
    return (opp, own, state[2], skills)


def _skills_of(state: State, side: int) -> Skills:
    return state[2] if side == 0 else state[3]


def _sides_of(state: State, side: int) -> tuple[Pool, Pool]:
    """(acting side's pool, opponent's pool)."""
    return (state[0], state[1]) if side == 0 else (state[1], state[0])


def _for_side(value: Fraction, side: int) -> Fraction:
    return value if side == 0 else 1 - value


@functools.lru_cache(maxsize=1 << 16)
def _sum_counts(k: int, sides: int) -> dict[int, int]:
    """Number of ordered rolls of k dice giving each sum."""
    return dict(_G(k, 1, sides))


def _own_win_after_reroll(
    kept: int, k: int, opp_result: int, own_is_attacker: bool, mode: Mode
) -> Fraction:
    """P(own side wins) when its kept dice give `kept` (sum or max) and k dice are re-rolled,
    nothing else to come (CB-50, CB-57, CB-58)."""
    need = opp_result if own_is_attacker else opp_result + 1  # attacker wins ties (CB-58)
    total = mode.sides**k
    if mode.highest:
        if kept >= need or k == 0:
            return Fraction(int(kept >= need))
        below = min(max(need - 1, 0), mode.sides)
        return 1 - Fraction(below**k, total)
    hits = sum(c for s, c in _sum_counts(k, mode.sides).items() if kept + s >= need)
    return Fraction(hits, total)


def _expected_after_reroll(kept: int, k: int, mode: Mode) -> Fraction:
    if not mode.highest:
        return kept + Fraction(k * (mode.sides + 1), 2)
    if k == 0:
        return Fraction(kept)
    total = Fraction(0)
    for r in range(1, max(kept, mode.sides) + 1):  # E[X] = sum over r >= 1 of P(X >= r)
        total += 1 if kept >= r else 1 - Fraction((r - 1) ** k, mode.sides**k)
    return total


def _outcomes(k: int, sides: int) -> list[tuple[Group, int]]:
    """Sorted outcomes of k re-rolled dice with their number of ordered rolls."""
    out: list[tuple[Group, int]] = []
    for combo in itertools.combinations_with_replacement(range(1, sides + 1), k):
        out.append((combo, _multinomial(combo)))
    return out


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


def _items(pool: Pool, descending: bool) -> list[tuple[int, int]]:
    """Distinct (group, value) dice of a pool, ascending (or descending) by value."""
    seen = {(g, v) for g in (0, 1) for v in pool[g]}
    return sorted(seen, key=lambda gv: (-gv[1] if descending else gv[1], gv[0]))


def _thief_options(state: State, side: int, mode: Mode) -> list[Option]:
    """Every choice of one Thief of `side` (CB-49, AMB-CB-20e), ranked by that side.

    Rank: (P(side wins), passive?, kind, (own result - opponent's, own result, earlier first)).
    A swapped value stays in its die's slot (a support die stays a support die); a moved die
    arrives as an ordinary, re-rollable die.
    """
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    base = _with(state, side, own, opp, (thieves - 1, templars))
    declined = _value(base, mode)
    options: list[Option] = [((_for_side(declined, side), 1, 1, ()), ("pass-thief",), declined)]
    highest = mode.highest

    def option(new_own: Pool, new_opp: Pool, action: Action, order: int) -> Option:
        value = _value(_with(base, side, new_own, new_opp, (thieves - 1, templars)), mode)
        mine = _result(new_own, highest)
        lead = mine - _result(new_opp, highest)
        return ((_for_side(value, side), 0, 1, (lead, mine, -order)), action, value)

    order = 0
    if mode.thief == "swapValues":
        for og, ov in _items(own, False):
            for pg, pv in _items(opp, True):
                if ov == pv:
                    continue
                new_own = _set_pool(own, og, _insert(_remove(own[og], ov), pv))
                new_opp = _set_pool(opp, pg, _insert(_remove(opp[pg], pv), ov))
                options.append(option(new_own, new_opp, ("swap", og, ov, pg, pv), order))
                order += 1
    elif mode.thief == "moveOneDie":
        for pg, pv in _items(opp, True):
            new_own = _set_pool(own, 0, _insert(own[0], pv))
            new_opp = _set_pool(opp, pg, _remove(opp[pg], pv))
            options.append(option(new_own, new_opp, ("take", pg, pv), order))
            order += 1
        for og, ov in _items(own, False):
            new_own = _set_pool(own, og, _remove(own[og], ov))
            new_opp = _set_pool(opp, 0, _insert(opp[0], ov))
            options.append(option(new_own, new_opp, ("give", og, ov), order))
            order += 1
    else:  # opponentPicksReturn
        for pg, pv in _items(opp, True):
            replies = _return_replies(own, opp, pg, pv, base, side, mode)
            if not replies:
                continue
            reply = max(replies, key=lambda o: o[0])
            og, ov = reply[1][1], reply[1][2]
            new_own = _set_pool(own, og, _insert(_remove(own[og], ov), pv))
            new_opp = _set_pool(opp, pg, _insert(_remove(opp[pg], pv), ov))
            options.append(option(new_own, new_opp, ("swap", og, ov, pg, pv), order))
            order += 1
    return options


def _return_replies(
    own: Pool, opp: Pool, pg: int, pv: int, base: State, side: int, mode: Mode
) -> list[Option]:
    """opponentPicksReturn (AMB-CB-20e): the Thief took the opponent's (pg, pv); the opponent
    picks which of the Thief side's dice he gets instead, ranked by the opponent."""
    other = 1 - side
    out: list[Option] = []
    for order, (og, ov) in enumerate(_items(own, True)):
        new_own = _set_pool(own, og, _insert(_remove(own[og], ov), pv))
        new_opp = _set_pool(opp, pg, _insert(_remove(opp[pg], pv), ov))
        value = _value(_with(base, side, new_own, new_opp, _skills_of(base, side)), mode)
        theirs = _result(new_opp, mode.highest)
        lead = theirs - _result(new_own, mode.highest)
        out.append(((_for_side(value, other), lead, theirs, -order), ("take", og, ov), value))
    return out


def _templar_options(state: State, side: int, mode: Mode) -> list[Option]:
    """Every choice of one Templar of `side` (CB-50, AMB-CB-20f), ranked by that side.

    Rank: (P(side wins), passive?, kind, (-dice re-rolled, expected own result, earlier first)).
    """
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    skills = (thieves, templars - 1)
    base = _with(state, side, own, opp, skills)
    declined = _value(base, mode)
    options: list[Option] = [((_for_side(declined, side), 1, 0, ()), ("pass-templar",), declined)]
    last = _mover(base) < 0
    opp_result = _result(opp, mode.highest)
    elig, other = own
    order = 0
    for k in (1, 2):
        for values in sorted(set(itertools.combinations(elig, k))):
            kept_group = elig
            for v in values:
                kept_group = _remove(kept_group, v)
            kept = _result((kept_group, other), mode.highest)
            if last:
                mine = _own_win_after_reroll(kept, k, opp_result, side == 0, mode)
                value = _for_side(mine, side)
            else:
                acc = Fraction(0)
                for combo, weight in _outcomes(k, mode.sides):
                    group = kept_group
                    for v in combo:
                        group = _insert(group, v)
                    acc += weight * _value(_with(base, side, (group, other), opp, skills), mode)
                value = acc / mode.sides**k
            rank = (-k, _expected_after_reroll(kept, k, mode), -order)
            options.append(((_for_side(value, side), 0, 0, rank), ("reroll", values), value))
            order += 1
    return options


@functools.lru_cache(maxsize=1 << 20)
def _best(state: State, mode: Mode) -> tuple[Action, Fraction]:
    """The acting side's best move (POLICY_EN) and P(attacker wins) after it."""
    side = _mover(state)
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    ended = _value(_with(state, side, own, opp, _NONE), mode)
    options: list[Option] = [((_for_side(ended, side), 2, 0, ()), ("end",), ended)]
    if thieves:
        options += _thief_options(state, side, mode)
    if templars:
        options += _templar_options(state, side, mode)
    best = max(options, key=lambda o: o[0])
    return best[1], best[2]


def _value(state: State, mode: Mode) -> Fraction:
    """P(attacker wins) from `state` with both sides playing POLICY_EN."""
    if _mover(state) < 0:
        return Fraction(int(_result(state[0], mode.highest) >= _result(state[1], mode.highest)))
    return _best(state, mode)[1]


@functools.lru_cache(maxsize=1 << 18)
def _play(state: State, mode: Mode) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """Distribution of the final (attacker result, defender result) from `state`."""
    side = _mover(state)
    if side < 0:
        return (((_result(state[0], mode.highest), _result(state[1], mode.highest)), Fraction(1)),)
    action, _ = _best(state, mode)
    own, opp = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    kind = action[0]
    nexts: list[tuple[State, Fraction]]
    if kind == "end":
        nexts = [(_with(state, side, own, opp, _NONE), Fraction(1))]
    elif kind == "pass-thief":
        nexts = [(_with(state, side, own, opp, (thieves - 1, templars)), Fraction(1))]
    elif kind == "pass-templar":
        nexts = [(_with(state, side, own, opp, (thieves, templars - 1)), Fraction(1))]
    elif kind in ("swap", "take", "give"):
        new_own, new_opp = _apply_thief(own, opp, action)
        nexts = [(_with(state, side, new_own, new_opp, (thieves - 1, templars)), Fraction(1))]
    else:  # reroll
        values: Group = action[1]
        group = own[0]
        for v in values:
            group = _remove(group, v)
        nexts = []
        denom = mode.sides ** len(values)
        for combo, weight in _outcomes(len(values), mode.sides):
            new_group = group
            for v in combo:
                new_group = _insert(new_group, v)
            pool = (new_group, own[1])
            nexts.append(
                (_with(state, side, pool, opp, (thieves, templars - 1)), Fraction(weight, denom))
            )
    acc: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for nxt, p in nexts:
        for pair, q in _play(nxt, mode):
            acc[pair] += p * q
    return tuple(sorted(acc.items()))


def _apply_thief(own: Pool, opp: Pool, action: Action) -> tuple[Pool, Pool]:
    if action[0] == "swap":
        _, og, ov, pg, pv = action
        return (
            _set_pool(own, og, _insert(_remove(own[og], ov), pv)),
            _set_pool(opp, pg, _insert(_remove(opp[pg], pv), ov)),
        )
    if action[0] == "take":
        _, pg, pv = action
        return _set_pool(own, 0, _insert(own[0], pv)), _set_pool(opp, pg, _remove(opp[pg], pv))
    _, og, ov = action
    return _set_pool(own, og, _remove(own[og], ov)), _set_pool(opp, 0, _insert(opp[0], ov))


# --------------------------------------------------------------------------- policy helpers


def _pool_of(dice: Sequence[int], eligible: Sequence[int] | None) -> Pool:
    for v in dice:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"bad die value {v!r}")
    if eligible is None:
        return (tuple(sorted(dice)), ())
    idx = set(eligible)
    if any(not 0 <= i < len(dice) for i in idx):
        raise ValueError(f"eligible indices {sorted(idx)} out of range")
    return (
        tuple(sorted(v for i, v in enumerate(dice) if i in idx)),
        tuple(sorted(v for i, v in enumerate(dice) if i not in idx)),
    )


def _then_skills(then: Sequence[tuple[str, bool]], acting_attacker: bool) -> tuple[Skills, Skills]:
    att = [0, 0]
    dfd = [0, 0]
    for hero, on_attacker in then:
        if hero not in SKILL_HEROES:
            raise ValueError(f"{hero!r} has no skill to apply after the roll; use {SKILL_HEROES}")
        if on_attacker and not acting_attacker:
            raise ValueError("the attacker's skills come first (CB-56)")
        slot = att if on_attacker else dfd
        slot[SKILL_HEROES.index(hero)] += 1
    return (att[0], att[1]), (dfd[0], dfd[1])


def _index_of(
    dice: Sequence[int], eligible: Sequence[int] | None, group: int, value: int, used: set[int]
) -> int:
    elig = set(range(len(dice))) if eligible is None else set(eligible)
    for i, v in enumerate(dice):
        if v == value and i not in used and ((i in elig) == (group == 0)):
            return i
    raise AssertionError("die not found")  # pragma: no cover


def _acting_state(
    own: Pool, opp: Pool, own_is_attacker: bool, mine: Skills, then: Sequence[tuple[str, bool]]
) -> tuple[State, int]:
    att, dfd = _then_skills(then, own_is_attacker)
    if own_is_attacker:
        return (own, opp, (att[0] + mine[0], att[1] + mine[1]), dfd), 0
    return (opp, own, _NONE, (dfd[0] + mine[0], dfd[1] + mine[1])), 1


def _thief_pick(
    own: tuple[int, ...],
    opp: tuple[int, ...],
    own_is_attacker: bool,
    mode: Mode,
    then: tuple[tuple[str, bool], ...] = (),
    own_eligible: tuple[int, ...] | None = None,
    opp_eligible: tuple[int, ...] | None = None,
) -> tuple[int, int] | None:
    own_pool = _pool_of(own, own_eligible)
    opp_pool = _pool_of(opp, opp_eligible)
    state, side = _acting_state(own_pool, opp_pool, own_is_attacker, (1, 0), then)
    best = max(_thief_options(state, side, mode), key=lambda o: o[0])
    action = best[1]
    if action[0] == "pass-thief":
        return None
    if action[0] == "take":
        return (-1, _index_of(opp, opp_eligible, action[1], action[2], set()))
    if action[0] == "give":
        return (_index_of(own, own_eligible, action[1], action[2], set()), -1)
    _, og, ov, pg, pv = action
    return (
        _index_of(own, own_eligible, og, ov, set()),
        _index_of(opp, opp_eligible, pg, pv, set()),
    )


def best_thief_swap(
    own: Sequence[int],
    opp: Sequence[int],
    own_is_attacker: bool,
    rules: Rules,
    *,
    then: Sequence[tuple[str, bool]] = (),
    own_eligible: Sequence[int] | None = None,
    opp_eligible: Sequence[int] | None = None,
) -> tuple[int, int] | None:
    """The Thief's best use of his skill on the actual dice (CB-49, AMB-CB-20e, POLICY_EN).

    Returns None to decline, else `(i, j)`:
    * swapValues: exchange own[i] and opp[j] (each pool keeps its size);
    * moveOneDie: `(-1, j)` moves opp[j] into the Thief's pool, `(i, -1)` moves own[i] out;
    * opponentPicksReturn: the Thief takes opp[j]; `i` is the die the opponent will pick in
      exchange (he minimises the Thief's chances; see `best_return_pick`).
    `then` lists the skills still to act after this one, as (hero id, on the attacker's side),
    e.g. `[("templier", False)]` for a defending Templar; by default the Thief acts last.
    `own_eligible` / `opp_eligible` give the indices a Templar may re-roll (support dice
    excluded with templar.rerollSupportDice=false); they matter only with a Templar in `then`.
    """
    mode = mode_of(rules)
    return _thief_pick(
        tuple(own),
        tuple(opp),
        own_is_attacker,
        mode,
        tuple(then),
        None if own_eligible is None else tuple(own_eligible),
        None if opp_eligible is None else tuple(opp_eligible),
    )


def best_return_pick(
    thief_dice: Sequence[int],
    opp: Sequence[int],
    taken: int,
    thief_is_attacker: bool,
    rules: Rules,
    *,
    then: Sequence[tuple[str, bool]] = (),
) -> int:
    """thief.mode=opponentPicksReturn (AMB-CB-20e): after the Thief took opp[taken], the index of
    the Thief side's die the opponent should take in exchange (minimising the Thief's chances)."""
    mode = mode_of(rules)
    own_pool = _pool_of(thief_dice, None)
    opp_pool = _pool_of(opp, None)
    if not 0 <= taken < len(opp) or not thief_dice:
        raise ValueError("nothing to exchange")
    state, side = _acting_state(own_pool, opp_pool, thief_is_attacker, (1, 0), then)
    own_s, opp_s = _sides_of(state, side)
    thieves, templars = _skills_of(state, side)
    base = _with(state, side, own_s, opp_s, (thieves - 1, templars))
    replies = _return_replies(own_s, opp_s, 0, opp[taken], base, side, mode)
    reply = max(replies, key=lambda o: o[0])
    return _index_of(thief_dice, None, 0, reply[1][2], set())


def _templar_pick(
    own: tuple[int, ...],
    opp_result: int,
    own_is_attacker: bool,
    mode: Mode,
    eligible: tuple[int, ...] | None = None,
    opp: tuple[int, ...] | None = None,
    then: tuple[tuple[str, bool], ...] = (),
    opp_eligible: tuple[int, ...] | None = None,
) -> tuple[int, ...]:
    own_pool = _pool_of(own, eligible)
    if opp is None:
        if then:
            raise ValueError("with skills still to come, pass the opponent's dice (opp=...)")
        if opp_result < 0:
            raise ValueError("opp_result must be >= 0")
        # Only the opponent's result matters: one pseudo-die carrying it.
        opp_pool: Pool = (((opp_result,) if opp_result else ()), ())
    else:
        opp_pool = _pool_of(opp, opp_eligible)
    state, side = _acting_state(own_pool, opp_pool, own_is_attacker, (0, 1), then)
    best = max(_templar_options(state, side, mode), key=lambda o: o[0])
    if best[1][0] == "pass-templar":
        return ()
    used: set[int] = set()
    out = []
    for v in best[1][1]:
        i = _index_of(own, eligible, 0, v, used)
        used.add(i)
        out.append(i)
    return tuple(sorted(out))


def best_templar_reroll(
    own: Sequence[int],
    opp_result: int,
    own_is_attacker: bool,
    rules: Rules,
    eligible: Sequence[int] | None = None,
    *,
    opp: Sequence[int] | None = None,
    then: Sequence[tuple[str, bool]] = (),
) -> tuple[int, ...]:
    """The Templar's best re-roll on the actual dice (CB-50, POLICY_EN): indices of up to 2 dice
    of `own` to re-roll (empty tuple: keep), maximising the exact probability of winning against
    `opp_result` (the opponent's result: sum or highest die, AMB-CB-5).

    `eligible`: indices he may re-roll (default all; without the support dice when
    templar.rerollSupportDice=false, AMB-CB-20f). With skills still to come (`then`, as in
    `best_thief_swap`), pass the opponent's dice as `opp`.
    """
    mode = mode_of(rules)
    return _templar_pick(
        tuple(own),
        opp_result,
        own_is_attacker,
        mode,
        None if eligible is None else tuple(eligible),
        None if opp is None else tuple(opp),
        tuple(then),
    )


# --------------------------------------------------------------------------- distributions


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


def _dice_of(n: int, lows: Group, highs: Group, total: int | None, sides: int) -> list[int]:
    """A roll of n dice with these lowest/highest dice (and this total, if given)."""
    nl, nh = len(lows), len(highs)
    if n <= nl:
        return list(lows[:n])
    if n <= nh:
        return sorted(highs[:n])
    if n < nl + nh:
        return sorted([*lows, *highs[: n - nl]])
    k = n - nl - nh
    lo = lows[-1] if lows else 1
    hi = highs[-1] if highs else sides
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
    nl, nh = len(lows), len(highs)
    if n <= max(nl, nh) or n < nl + nh:
        fixed = sum(_dice_of(n, lows, highs, None, sides))
        return fixed, fixed
    k = n - nl - nh
    lo = lows[-1] if lows else 1
    hi = highs[-1] if highs else sides
    fixed = sum(lows) + sum(highs)
    return fixed + k * lo, fixed + k * hi


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
            return _Spec(0, 2, 0, 2)
        return _Spec(1, 1, 0, 2)
    if mode.thief == "opponentPicksReturn":
        return _Spec(0, 1, 0, 1)
    return _Spec(1, 0, 0, 1)


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


@functools.lru_cache(maxsize=1 << 16)
def _sum_decision(
    mode: Mode,
    kind: str,
    own_is_attacker: bool,
    ne: int,
    ni: int,
    no: int,
    own_key: tuple[Group, Group],
    opp_key: tuple[Group, Group],
    margin: int,
) -> tuple[int, int, int] | None:
    """Sum mode: the policy's choice at own sum - opp sum = margin, as (own change, opp change,
    dice re-rolled), or None to decline."""
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
    mode: Mode,
    kind: str,
    own_is_attacker: bool,
    ne: int,
    ni: int,
    no: int,
    own_key: tuple[Group, Group],
    other_tops: Group,
    opp_key: tuple[Group, Group],
) -> tuple[tuple[tuple[int, int], int], ...]:
    """Highest mode: distribution of (own result, opp result) after the policy's choice, as
    counts over sides**2."""
    scale = mode.sides**2
    own, elig = _rep(mode, ne, ni, own_key, other_tops, None)
    opp = tuple(_dice_of(no, *opp_key, None, mode.sides))
    opp_res = max(opp, default=0)
    if kind == TEMPLAR:
        idx = _templar_pick(own, opp_res, own_is_attacker, mode, elig)
        kept = max((v for i, v in enumerate(own) if i not in idx), default=0)
        k = len(idx)
        out = []
        for r in range(0, mode.sides + 1):
            if r < kept:
                continue
            at_most = (r**k) if r >= kept else 0
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


class _Exact(NamedTuple):
    """P(attacker wins) and both final result distributions, exact."""

    attacker_wins: Fraction
    attacker_result: tuple[tuple[int, Fraction], ...]
    defender_result: tuple[tuple[int, Fraction], ...]
    method: str


def _frac_dist(counts: Mapping[int, int], denom: int) -> tuple[tuple[int, Fraction], ...]:
    return tuple((r, Fraction(c, denom)) for r, c in sorted(counts.items()) if c)


def _plain_counts(n: int, mode: Mode) -> dict[int, int]:
    if not mode.highest:
        return dict(_G(n, 1, mode.sides))
    if n == 0:
        return {0: 1}
    return {m: m**n - (m - 1) ** n for m in range(1, mode.sides + 1)}


def _no_skill(na: int, nd: int, mode: Mode) -> _Exact:
    """Plain combat (CB-55, CB-57, CB-58): P(A >= D) from the two result distributions."""
    a, d = _plain_counts(na, mode), _plain_counts(nd, mode)
    cum: dict[int, int] = {}
    run = 0
    for s in sorted(d):
        run += d[s]
        cum[s] = run
    keys = sorted(d)
    wins = 0
    for s, c in a.items():
        i = bisect.bisect_right(keys, s)
        if i:
            wins += c * cum[keys[i - 1]]
    denom = mode.sides ** (na + nd)
    return _Exact(
        Fraction(wins, denom),
        _frac_dist(a, mode.sides**na),
        _frac_dist(d, mode.sides**nd),
        "convolution",
    )


def _one_skill(kind: str, own_is_attacker: bool, ne: int, ni: int, no: int, mode: Mode) -> _Exact:
    """Exactly one Thief or one Templar in the combat (see the module docstring)."""
    spec = _spec(kind, mode)
    sides = mode.sides
    if mode.highest:
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
                for (r_own, r_opp), w in _max_decision(
                    mode, kind, own_is_attacker, ne, ni, no, ok, itops, pk
                ):
                    m = oc * pc * w
                    own_d[r_own] += m
                    opp_d[r_opp] += m
                    if (r_own >= r_opp) if own_is_attacker else (r_own > r_opp):
                        wins += m
        denom = sides ** (ne + ni + no) * scale
        return _finish(wins, own_d, opp_d, denom, own_is_attacker, "summary")

    # sum mode
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
    own_tot: dict[int, int] = defaultdict(int)
    for sums in own_s.values():
        for s, c in sums.items():
            own_tot[s] += c
    opp_tot: dict[int, int] = defaultdict(int)
    for sums in opp_s.values():
        for s, c in sums.items():
            opp_tot[s] += c
    thr = 0 if own_is_attacker else 1  # the skilled side wins iff own - opp >= thr (CB-58)
    # baseline: nobody uses the skill
    opp_keys = sorted(opp_tot)
    cum = list(itertools.accumulate(opp_tot[s] for s in opp_keys))
    wins = 0
    for s, c in own_tot.items():
        i = bisect.bisect_right(opp_keys, s - thr)
        if i:
            wins += c * cum[i - 1]
    scale = sides**2
    wins *= scale
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
                choice = _sum_decision(mode, kind, own_is_attacker, ne, ni, no, ok, pk, margin)
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
    own_d = defaultdict(int)
    for s, c in own_tot.items():
        own_d[s] += c * scale * sides**no  # marginal over the opponent's rolls too
    for (d_own, k), vec in own_move.items():
        counts = _sum_counts(k, sides)
        for s, m in vec.items():
            own_d[s] -= m * scale
            for x, cx in counts.items():
                own_d[s + d_own + x] += m * cx * sides ** (2 - k)
    opp_d = defaultdict(int)
    for s, c in opp_tot.items():
        opp_d[s] += c * scale * sides ** (ne + ni)
    for d_opp, vec in opp_move.items():
        for s, m in vec.items():
            opp_d[s] -= m * scale
            opp_d[s + d_opp] += m * scale
    denom = sides ** (ne + ni + no) * scale
    return _finish(wins, own_d, opp_d, denom, own_is_attacker, "summary")


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


@functools.cache
def _multisets(n: int, sides: int) -> tuple[tuple[Group, int], ...]:
    return tuple(
        (combo, _multinomial(combo))
        for combo in itertools.combinations_with_replacement(range(1, sides + 1), n)
    )


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
    return _Exact(
        wins,
        tuple(sorted((k, v) for k, v in att_d.items() if v)),
        tuple(sorted((k, v) for k, v in def_d.items() if v)),
        "enumeration",
    )


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
