"""Combat dice pools and results (CB-10..CB-14, CB-48, CB-51, CB-52, CB-57, CB-58, AMB-CB-5)."""

from __future__ import annotations

from collections.abc import Sequence

from arbitre.games.champs.config import Rules
from arbitre.games.champs.state import Hero, Unit
from arbitre.games.champs.troops import (
    CATAPULTE,
    GLADIATOR_ALONE_DICE,
    GLADIATOR_TROOP_DICE,
    TYPES,
    WARRIOR_DICE,
)


def ground_troop(rules: Rules, units: Sequence[Unit]) -> bool:
    """Skills need a ground troop (CB-47): one ground unit, or all of them (AMB-CB-3)."""
    if not units:
        return False
    flags = [not TYPES[u.kind].flying for u in units]
    return all(flags) if rules.all_ground_for_skill else any(flags)


def unit_dice(rules: Rules, units: Sequence[Unit], ranged: bool) -> int:
    """Dice of the units; when firing only loaded Catapults count (AMB-CB-15a, -15i)."""
    cats = [u for u in units if u.kind == CATAPULTE and (u.loaded or not ranged)]
    cat_dice = (
        (TYPES[CATAPULTE].dice if cats else 0)
        if rules.catapult_per_troop
        else (TYPES[CATAPULTE].dice * len(cats))
    )
    if ranged:
        return cat_dice
    return cat_dice + sum(TYPES[u.kind].dice for u in units if u.kind != CATAPULTE)


def hero_dice(
    rules: Rules, units: Sequence[Unit], heroes: Sequence[Hero], skills: bool = True
) -> int:
    """Warrior +2 (CB-48), Gladiator +1 in a troop (CB-52) or 3 dice alone (CB-51).

    `skills=False` (a re-attack under `reattack.skills=false`, AMB-CB-14): the Warrior's and
    the Gladiator's added dice are skills and do not apply; a lone Gladiator keeps the 3 dice
    he fights with as a troop (CB-51)."""
    if not units:
        return GLADIATOR_ALONE_DICE if any(h.skill == "gladiateur" for h in heroes) else 0
    if not skills or not ground_troop(rules, units):
        return 0
    extra = 0
    for h in heroes:
        if h.skill == "guerrier":
            extra += WARRIOR_DICE
        elif h.skill == "gladiateur":
            extra += GLADIATOR_TROOP_DICE
    return extra


def result(rules: Rules, dice: Sequence[int]) -> int:
    """A side's result: the sum of its dice, or its highest die (AMB-CB-5)."""
    if not dice:
        return 0
    return max(dice) if rules.highest else sum(dice)


def attacker_wins(rules: Rules, att: Sequence[int], dfn: Sequence[int]) -> bool:
    """The higher result wins; a tie goes to the attacker (CB-57, CB-58)."""
    return result(rules, att) >= result(rules, dfn)
