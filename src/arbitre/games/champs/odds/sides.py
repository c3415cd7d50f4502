"""Each side's dice pool (CB-10..CB-14, CB-47..CB-53, CB-68, CB-71), and the rule options the
combat maths depends on (AMB-CB-4, AMB-CB-5, AMB-CB-20e); `OddsTooComplex` when the general
enumeration would be too long.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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
