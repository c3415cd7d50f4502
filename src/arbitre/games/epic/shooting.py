"""Shooting rules as pure functions: to-hit modifiers, flyers as targets, close defences
(EP-3, EP-16.3, EP-16.27, EP-16.44..46, EPC-12, EPC-15, EPC-26).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitre.games.epic.config import DEFAULT_RULES, Rules

INTERCEPTION_PENALTY = 1  # EPC-15, implied by EP-3.2 (6+ becomes 7+ "penalty included")
HIGH_ALTITUDE_EXTRA_CM = 25  # EP-16.27
DR_RANGE_CM = 15  # EP-3.4
DR_INTERCEPTION_TO_HIT = 7  # EP-3.2
DR_COUNTER_CHARGE_TO_HIT = 6  # EP-3.3
DR_MAX_TARGET_CLASS = 2  # EP-3.6

GROUND, LOW, HIGH = "ground", "low", "high"  # EP-16.12


@dataclass(frozen=True, slots=True)
class Modifier:
    rule: str
    value: int  # added to the to-hit target number (a -1 to hit is +1 here)


def effective_range_distance(table_cm: float, shooter_altitude: str, target_altitude: str) -> float:
    """EP-16.27: add 25 cm between a High-altitude stand and its target or attacker,
    unless both are at High altitude (AMB-EP-15i: range checks only)."""
    if (shooter_altitude == HIGH) != (target_altitude == HIGH):
        return table_cm + HIGH_ALTITUDE_EXTRA_CM
    return table_cm


def in_range(
    weapon_range: float, table_cm: float, shooter_altitude: str, target_altitude: str
) -> bool:
    return effective_range_distance(table_cm, shooter_altitude, target_altitude) <= weapon_range


def may_target_airborne(
    *, aa: bool, arc: int, order: str, titan: bool = False, praetorian: bool = False
) -> tuple[bool, str]:
    """EP-16.45/46: who may shoot a Flyer at Low/High altitude (or landing/taking off).

    Returns (allowed, rule that decided).
    """
    if praetorian and arc != 360:
        return False, "EP-16.46"
    if aa:
        return True, "EPC-26"
    if order == "tir_appuye" and (arc == 360 or titan):
        return True, "EP-16.45"
    return False, "EP-16.45"


def to_hit_modifiers(
    *,
    aa: bool,
    target_airborne: bool,
    target_landing: bool = False,
    target_class: int = 1,
    interception: bool = False,
    dropping_troops: bool = False,
    rules: Rules = DEFAULT_RULES,
) -> list[Modifier]:
    """Every modifier on one shot (a positive value makes the hit harder).

    - interception fire: -1 (EPC-15), waived for AA weapons (research S3);
    - Difficult Target: -1 for non-AA weapons at an airborne Flyer (EP-16.44), also for
      troops leaving a Flyer (EP-16.34);
    - evasive landing: -1 even for AA weapons, stacking (EP-16.3);
    - AA weapons at a target that does not fly and is class < 5: -2 (research S3).
    """
    mods: list[Modifier] = []
    if interception and not aa:
        mods.append(Modifier("EPC-15", INTERCEPTION_PENALTY))
    if (target_airborne or target_landing or dropping_troops) and not aa:
        mods.append(Modifier("EP-16.44" if not dropping_troops else "EP-16.34", 1))
    if target_landing:
        mods.append(Modifier("EP-16.3", 1))
    grounded = not (target_airborne or target_landing or dropping_troops)  # research S3
    if aa and grounded and target_class < 5 and rules.aa_ground_penalty:
        mods.append(Modifier("EPC-26", rules.aa_ground_penalty))
    return mods


def modified_to_hit(base: int, mods: list[Modifier]) -> int:
    return base + sum(m.value for m in mods)


def dr_shots(x: int, *, mode: str, target_class: int, table_cm: float) -> tuple[int, int, str]:
    """EP-3: Close Defences DR (X) → (shots, to-hit target, deciding rule); PA is 0.

    mode: "interception" (7+, EP-3.2) or "counter_charge" (6+, EP-3.3).
    """
    if target_class > DR_MAX_TARGET_CLASS:
        return 0, 0, "EP-3.6"
    if table_cm > DR_RANGE_CM:
        return 0, 0, "EP-3.4"
    if mode == "interception":
        return x, DR_INTERCEPTION_TO_HIT, "EP-3.2"
    if mode == "counter_charge":
        return x, DR_COUNTER_CHARGE_TO_HIT, "EP-3.3"
    raise ValueError(f"unknown DR mode {mode!r}; DR fire only in interception or counter-charge")


def save_target(
    armour: int | None, fixed: int | None, pa: int, rules: Rules = DEFAULT_RULES
) -> int | None:
    """EPC-13: the number the first save roll needs; PA (<= 0) worsens the armour save,
    never a fixed save; None when that roll cannot succeed (target above 6). With
    `save.dual=twoRolls` the fixed save is a second roll, not reported here (see odds)."""
    best: list[int] = []
    if armour is not None and armour - pa <= 6:
        best.append(armour - pa)
    if fixed is not None and (rules.dual_save == "best" or armour is None):
        best.append(fixed)
    return min(best) if best else None
