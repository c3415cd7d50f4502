"""Unit abilities as pure rule functions (EP-4, EP-5, EP-10, EP-11, EP-12, EP-15, EP-16).

Each function cites the sub-rule it applies; none holds state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from arbitre.games.epic.catalog import UnitProfile
from arbitre.games.epic.config import DEFAULT_RULES, Rules
from arbitre.games.epic.geometry import Point, within
from arbitre.games.epic.odds import die_success
from arbitre.games.epic.shooting import GROUND, HIGH, LOW

HQ_SACRIFICE_CM = 6.0  # EP-12.3
INHERITED = ("infiltration", "command")  # EP-10.6
LANDED_CLASS, LANDED_SUPER_HEAVY_CLASS = 3, 4  # EP-16.19


# --- Elite (EP-4, EP-10.12) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EliteSource:
    """One detachment: the Elite X of its stands (None if not Elite), its stand count, and
    the Elite X of each Bound Character that joined it."""

    x: int | None
    stands: int
    bound: tuple[int, ...] = ()


def elite_pool(sources: Sequence[EliteSource], rules: Rules = DEFAULT_RULES) -> int:
    """The player's Elite re-rolls (EP-4.4, AMB-EP-4a); a Bound Character's X is added
    whether or not its detachment is Elite (EP-10.12)."""
    total = 0
    for s in sources:
        if s.x is not None:
            if rules.elite_pool == "perStand":
                total += s.x * s.stands
            elif rules.elite_pool == "onePerDetachment":
                total += 1
            else:
                total += s.x
        total += sum(s.bound)
    return total


# --- Demolisher (EP-5) ------------------------------------------------------------------


def demolisher_loss(building_save: int, x: int, rules: Rules = DEFAULT_RULES) -> Fraction:
    """EP-5.1/5.2: P(the building loses 1 Structure Point) for one hit of a Demolisher (X)
    weapon: the building saves at PA X (AMB-EP-5a: one save per hit)."""
    target = building_save + x
    return Fraction(1) if target > 6 else 1 - die_success(target, rules)


# --- Bound Character (EP-10) -------------------------------------------------------------


def bound_abilities(char: UnitProfile, host: UnitProfile) -> tuple[str, ...]:
    """EP-10.3: keeps its own abilities; EP-10.6: gains Infiltration and Command Unit from
    its detachment."""
    own = [a for a, _x in char.abilities]
    return (*own, *(a for a in INHERITED if host.has(a) and a not in own))


# --- Psyker (EP-11) ----------------------------------------------------------------------


def power_allowed(
    phase: str, order: str | None, kind: str, interception: bool = False
) -> tuple[bool, str]:
    """EP-11.6: Movement-phase powers whatever the order; Combat-phase powers need an
    order that allows shooting (AMB-EP-11a: Avance, Tir Appuyé). EP-11.10/11.15: only
    physical powers serve as interception fire."""
    if interception:
        return (kind == "physical"), ("EP-11.10" if kind == "physical" else "EP-11.15")
    if phase == "movement":
        return True, "EP-11.6"
    return order in ("avance", "tir_appuye"), "EP-11.6"


def power_rerolls_ones(kind: str, order: str | None, revealed: bool = False) -> bool:
    """EP-11.10: physical powers re-roll 1s under an unrevealed Tir Appuyé; EP-11.15:
    ethereal powers never do."""
    return kind == "physical" and order == "tir_appuye" and not revealed


def ethereal_location() -> str:
    """EP-11.14: an ethereal power always hits the bridge/head of a location sheet."""
    return "tete"


def may_regenerate(lost_to_ethereal: bool) -> bool:
    """EP-11.13: wounds lost to an ethereal power cannot be regenerated."""
    return not lost_to_ethereal


# --- HQ (EP-12) --------------------------------------------------------------------------


def hq_sacrifice_candidates(
    hq: Point,
    hq_cls: int,
    friends: Sequence[tuple[str, Point, int]],
    in_assault: bool,
    rules: Rules = DEFAULT_RULES,
) -> list[str]:
    """EP-12.3: friendly stands (AMB-EP-12a) of the same class within 6 cm that may take
    the HQ's failed save; EP-12.4: none in Assault."""
    if in_assault:
        return []
    return [
        sid
        for sid, pos, cls in friends
        if cls == hq_cls and within(hq, pos, HQ_SACRIFICE_CM, rules)
    ]


# --- Command Unit (EP-15) ----------------------------------------------------------------


def command_unit_order(order: str | None) -> tuple[str | None, bool]:
    """(order for the Combat phase, revealed) after the detachment's move.

    EP-15.2: Charge becomes Avance for shooting; EP-15.3: Avance becomes a revealed Tir
    Appuyé (so no re-roll of 1s); AMB-EP-14c: the others are unchanged.
    """
    if order == "charge":
        return "avance", True
    if order == "avance":
        return "tir_appuye", True
    return order, False


def rerolls_ones(order: str | None, revealed: bool) -> bool:
    """EPC-9/EP-15.3: an unrevealed Tir Appuyé re-rolls 1s in the Combat phase."""
    return order == "tir_appuye" and not revealed


# --- Flyers (EP-16) ----------------------------------------------------------------------


def may_end_at(unit: UnitProfile, altitude: str) -> tuple[bool, str]:
    """EP-16.12: High, Low or Ground; EP-16.13: only Transport Flyers land."""
    if altitude in (HIGH, LOW):
        return True, "EP-16.12"
    return unit.has("transport"), "EP-16.13"


def landed_class(unit: UnitProfile) -> int:
    """EP-16.19: a landed Flyer is class 3, or 4 with Super-heavy (EP-16.29)."""
    return LANDED_SUPER_HEAVY_CLASS if unit.has("super_heavy") else LANDED_CLASS


def may_assault(assailant: UnitProfile, target_altitude: str) -> tuple[bool, str]:
    """EP-16.20/16.25/16.30: only Flyers and Floaters assault a Flyer in the air;
    EP-16.29: any ground troop may engage a landed one."""
    if target_altitude == GROUND:
        return True, "EP-16.29"
    ok = assailant.has("flyer") or assailant.has("floater")
    return ok, "EP-16.20" if target_altitude == LOW else "EP-16.25"


def one_altitude(altitudes: Sequence[str]) -> bool:
    """EP-16.16: every stand of a detachment is at the same altitude."""
    return len(set(altitudes)) <= 1


def interception_move(move: int) -> float:
    """EP-8.5 (AMB-EP-8a): an Interceptor creating a zone moves exactly half its move and
    ends at High altitude."""
    return move / 2


INTERCEPTION_RADIUS_CM = 25.0  # EP-8.6


def zone_radius(rules: Rules = DEFAULT_RULES) -> float:
    """EP-8.6, AMB-EP-8b: the zone's 25 cm as centre-to-centre reach; measured from the
    base edge (`measure.from=edge`) it reaches both bases' radii farther (EPC-30)."""
    return INTERCEPTION_RADIUS_CM + (2 * rules.base_radius if rules.measure_edge else 0.0)


def in_interception_zone(
    interceptors: Sequence[Point], p: Point, rules: Rules = DEFAULT_RULES
) -> bool:
    """EP-8.6/8.8: within 25 cm of any Interceptor of the squadron (AMB-EP-8b)."""
    return any(i.to(p) <= zone_radius(rules) for i in interceptors)


def interception_pairs(interceptors: int, targets: int) -> tuple[int, int, int]:
    """EP-8.12..8.14: (duels one-to-one, targets not engaged, extra outnumbering
    interceptors)."""
    duels = min(interceptors, targets)
    return duels, targets - duels, interceptors - duels


# --- Character (EP-9), transports and templates (EP-10.4, EP-16) --------------------------
# Pure rules not yet played on the table (no transport or template weapon in the starter
# armies' play); the referee's tests check them by ID.

EMBARK_COST_CM = 5.0  # EP-16.4 (research S3: entering a transport costs 5 cm)
EMERGENCY_EXIT_CM = 6.0  # EP-16.35


def card_targets(units: Sequence[UnitProfile]) -> list[str]:
    """EP-9.1/9.2: Character has no effect of its own; scenario cards aimed at
    Characters may only be played on units that have it (a Bound Character too,
    AMB-EP-10d)."""
    return [u.id for u in units if u.has("character") or u.has("bound_character")]


def abandon_transport(rules: Rules = DEFAULT_RULES) -> str:
    """EP-9.3 (AMB-EP-9): what is destroyed and counts as a loss when a Character
    abandons its transport: the transport (reading) or the Character."""
    return "transport" if rules.abandon_destroys_transport else "character"


def transport_space(stands: Sequence[UnitProfile]) -> int:
    """EP-10.4: a Bound Character takes no space in a transport; a walker takes 2
    (research §3.5), any other stand 1."""
    return sum([0 if u.has("bound_character") else 2 if u.type == "walker" else 1 for u in stands])


def disembark_move(move: float, via_landed_flyer: bool) -> float:
    """EP-16.4: a stand leaving (or entering) a landed Flyer loses 5 cm of its move."""
    return max(0.0, move - EMBARK_COST_CM) if via_landed_flyer else move


def may_use_transport(unit: UnitProfile, flyer_altitude: str, embark: bool) -> tuple[bool, str]:
    """EP-16.17: on the ground, troops embark and disembark; EP-16.21: from Low or High
    altitude, only Jump Packs/Antigrav stands disembark, and none embark."""
    if flyer_altitude == GROUND:
        return True, "EP-16.17"
    if embark:
        return False, "EP-16.21"
    return unit.has("jump_packs") or unit.has("antigrav"), "EP-16.21"


def emergency_exit(carried: Sequence[UnitProfile], passes: Sequence[bool]) -> list[bool]:
    """EP-16.35/16.36: when an air transport is destroyed during its move, Jump Packs or
    Antigrav stands survive if they pass their Emergency Exit test (then placed within
    6 cm); the others are destroyed with no test. `passes[i]` is stand i's test."""
    return [
        (u.has("jump_packs") or u.has("antigrav")) and ok
        for u, ok in zip(carried, passes, strict=True)
    ]


def template_victims(under: Sequence[tuple[str, str]], layer: str) -> list[str]:
    """EP-16.15/16.22: a template touching a Flyer at Low or High altitude hits either the
    airborne stands or the ground stands beneath (`layer`: 'air' or 'ground'), never
    both. `under` = (stand id, altitude) of the stands it covers."""
    return [sid for sid, alt in under if (alt != GROUND) == (layer == "air")]


def bomb_victims(under: Sequence[tuple[str, str]]) -> list[str]:
    """EP-16.41/16.43: a bomb template dropped on the line of movement hits ground stands
    only, never airborne ones."""
    return [sid for sid, alt in under if alt == GROUND]


def templates_combine(flyers: bool, bombs: bool) -> bool:
    """EPC-18: templates of a detachment normally combine; EP-16.38: a squadron's Flyer
    templates never do; EP-16.42: bombs never combine their Barrage Points."""
    return not (flyers or bombs)


def company_ok(char_company: str | None, det_company: str | None) -> bool:
    """EP-10.8: a Bound Character of a Company Formation joins a detachment of it."""
    return char_company is None or char_company == det_company
