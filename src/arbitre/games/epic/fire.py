"""Resolving shots on the table: who may fire at whom, the to-hit roll with its
modifiers and re-rolls, then the saves, shields, location sheets, Regeneration and the
HQ sacrifice (EPC-12..15, EPC-19, EPC-23..25, EP-3, EP-4, EP-11, EP-12, EP-14, EP-16).

A `Gun` is any source of shots: a weapon, a psychic power (physical or ethereal), or a
Close Defence. Each attack die picks the nearest eligible stand of the target detachment
that is not already doomed by earlier dice (research §3.6: closest first).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from arbitre.engine.i18n import Msg
from arbitre.games.epic.abilities import (
    HQ_SACRIFICE_CM,
    ethereal_location,
    landed_class,
    may_regenerate,
)
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.dice import Dice as Dice  # re-exported: the shot's dice
from arbitre.games.epic.dice import Roll as Roll
from arbitre.games.epic.dice import elite_left as elite_left
from arbitre.games.epic.dice import show_dice as show_dice
from arbitre.games.epic.dice import spend_elite as spend_elite
from arbitre.games.epic.dice import success as success
from arbitre.games.epic.geometry import Point, cover_save, line_of_sight, segment_distance, within
from arbitre.games.epic.guns import DR as DR  # re-exported: what a stand fires (guns.py)
from arbitre.games.epic.guns import ETHEREAL as ETHEREAL
from arbitre.games.epic.guns import PHYSICAL as PHYSICAL
from arbitre.games.epic.guns import SHOT as SHOT
from arbitre.games.epic.guns import Gun as Gun
from arbitre.games.epic.guns import Path as Path
from arbitre.games.epic.guns import dr_gun as dr_gun
from arbitre.games.epic.guns import power_gun as power_gun
from arbitre.games.epic.guns import shot_guns as shot_guns
from arbitre.games.epic.guns import weapon_gun as weapon_gun
from arbitre.games.epic.guns import weapons_of as weapons_of
from arbitre.games.epic.profiles import Sheet
from arbitre.games.epic.shooting import (
    DR_MAX_TARGET_CLASS,
    GROUND,
    HIGH,
    HIGH_ALTITUDE_EXTRA_CM,
    may_target_airborne,
    save_target,
    to_hit_modifiers,
)
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.world import airborne, areas, in_front, near_foes, pinned, stand_class

# --- who may shoot whom ---------------------------------------------------------------


def _where(t: Stand, shooter: Point, path: Path | None) -> tuple[Point, str]:
    """The target's point and altitude for this shot: on a move, the path point nearest
    the shooter, airborne for the first half of a landing move (EP-16.14)."""
    if path is None:
        return tuple.__new__(Point, (t.x, t.y)), t.alt  # = t.point, no property
    a, b = path.start, path.end
    dx, dy = b.x - a.x, b.y - a.y
    length2 = dx * dx + dy * dy
    k = 0.0
    if length2 > 0:
        k = max(0.0, min(1.0, ((shooter.x - a.x) * dx + (shooter.y - a.y) * dy) / length2))
    where = tuple.__new__(Point, (a.x + k * dx, a.y + k * dy))  # Point(…) without its __new__
    return where, path.alt_start if k < 0.5 else path.alt_end


def eligible(
    s: EpicState,
    st: Stand,
    gun: Gun,
    t: Stand,
    order: str | None,
    path: Path | None = None,
) -> Point | None:
    """The point `st` may shoot `t` at with `gun`, or None (range with EP-16.27, arc,
    line of sight, EP-16.45/46 for airborne targets, EP-3.6 for Close Defences).

    The hottest function of a game (issue 14): a target standing still is measured on
    the coordinates without building Points, and range, the usual refusal, comes first."""
    rules = s.rules
    if path is None:
        table = math.hypot(t.x - st.x, t.y - st.y)  # = st.point.to(t.point)
        alt = t.alt
    else:
        here = tuple.__new__(Point, (st.x, st.y))  # = st.point (eighth round: no property)
        where, alt = _where(t, here, path)
        table = segment_distance(here, path.start, path.end)
    if rules.measure_edge:
        table = max(0.0, table - 2 * rules.base_radius)
    prof = CATALOG.units[t.unit]  # = t.profile (eighth round: no property)
    # tenth round: `prof.has(…)` read without its call (`Profile.params`)
    high_applies = prof.is_flyer or (rules.floaters_high and "floater" in prof.params)
    if (st.alt == HIGH) != (high_applies and alt == HIGH):
        table += HIGH_ALTITUDE_EXTRA_CM  # EP-16.27 (shooting.effective_range_distance)
    if table > gun.range:
        return None
    if gun.kind == DR and stand_class(t) > DR_MAX_TARGET_CLASS:
        return None
    if path is None:
        where = tuple.__new__(Point, (t.x, t.y))  # = t.point (issue 15: no Python __new__)
    if gun.arc == 180 and not in_front(st, where):
        return None
    if gun.arc == 90 and not _in_quarter(st, where):
        return None
    # EP-16.45 (seed L258): the restriction covers Low/High altitude "ou lors du mouvement
    # d'atterrissage": shots along the landing move (a path), not at the landed Flyer
    # in the Combat phase (AMB-EP-15b: then a ground target, whatever `flyer.evasive`)
    # `flies(t)` without its call (tenth round): a Flyer or a Floater
    t_air = (alt != GROUND and (prof.is_flyer or "floater" in prof.params)) or (
        t.landing and path is not None
    )
    if t_air and gun.kind in (SHOT, PHYSICAL):
        me = CATALOG.units[st.unit]
        ok, _rule = may_target_airborne(
            aa=gun.aa,
            arc=gun.arc,
            order=order or "",
            titan=me.type == "titan",
            praetorian=me.type == "praetorian",
        )
        if not ok:
            return None
    if not rules.los_terrain:
        return where
    # tenth round: `line_of_sight(…, raised)` is true at once when `raised`, so it is
    # asked only when not; `raised` = airborne(st) or alt != ground or a class 5+ shooter
    # or `stand_class(t) >= 5` (a landed Flyer: `landed_class`), written out without calls
    if st.alt != GROUND or alt != GROUND or CATALOG.units[st.unit].cls >= 5:
        return where
    if (landed_class(prof) if prof.is_flyer and t.alt == GROUND else prof.cls) >= 5:
        return where
    here = tuple.__new__(Point, (st.x, st.y))  # = st.point, no property
    if not line_of_sight(here, where, areas(s)):
        return None
    return where


def flies(t: Stand) -> bool:
    """A Flyer or a Floater (EP-16.44/16.45 name them); troops dropping from a transport
    are airborne too but only Difficult Targets (EP-16.34)."""
    prof = CATALOG.units[t.unit]  # = t.profile (eighth round: no property)
    return prof.is_flyer or prof.has("floater")


def _in_quarter(st: Stand, p: Point) -> bool:
    angle = math.degrees(math.atan2(p.y - st.y, p.x - st.x))
    return abs((angle - st.facing + 180.0) % 360.0 - 180.0) <= 45.0 + 1e-9


def modifiers_for(s: EpicState, gun: Gun, t: Stand, alt: str, interception: bool) -> int:
    """EP-16.3, EP-16.44, EPC-15, EPC-26 (shooting.to_hit_modifiers). A Close Defence's
    7+ already holds the interception −1 (EP-3.2, seed L18), and nothing else: Cible
    Difficile (EP-16.34, EP-16.44) and an evasive landing (EP-16.3) still apply to it."""
    if gun.kind == DR:
        interception = False  # EP-3.2: "malus d'interception déjà compté"
    landing = t.landing and interception  # shots during the landing move (EP-16.14)
    up = alt != "ground"
    mods = to_hit_modifiers(
        aa=gun.aa,
        target_airborne=up and flies(t),
        target_landing=landing,
        dropping_troops=up and not flies(t),  # EP-16.34
        target_class=stand_class(t),
        interception=interception,
        rules=s.rules,
    )
    total = sum([m.value for m in mods])  # (a list, no generator: eighth round)
    if t.landing and not interception and s.rules.evasive_whole_turn:
        # AMB-EP-15b alternative: the evasive -1 of EP-16.3 lasts while landed, even
        # against AA; Cible Difficile (seed L254) is for Low/High altitude only, so the
        # landed Flyer does not keep it (fixed: it used to take both, -2 not -1).
        total += 1
    return total


# --- damage --------------------------------------------------------------------------


def remove(s: EpicState, victim: Stand, rule: str, pa: int = 0) -> None:
    """A stand is destroyed; a transport's passengers take their Emergency Exit
    (EP-16.35/16.36, transport.wreck) first."""
    if s.aboard and s.cargo(victim.sid):
        from arbitre.games.epic.transport import wreck

        wreck(s, victim, pa, rule == "EPC-17")
    del s.stands[victim.sid]
    det = s.dets[victim.det]
    det.lost += 1
    s.log.append(Msg("epic.ev.stand_lost", {"unit": f"epic.unit.{victim.unit}"}, rule))
    if det.lost == det.break_points:
        s.log.append(Msg("epic.ev.broken", {"det": det.spec}, "EPC-3"))


def wound(s: EpicState, victim: Stand, rule: str, ethereal: bool = False, pa: int = 0) -> None:
    """One wound lost; Regeneration (X+) may cancel it (research S6, EPC-25), never one
    lost to an ethereal power (EP-11.13)."""
    regen = victim.profile.param("regeneration")
    if regen and may_regenerate(ethereal):
        seen: list[str] = []
        saved = success(s, regen, seen=seen)
        args = {"unit": f"epic.unit.{victim.unit}", "dice": show_dice([(regen, seen[0])])}
        key = "epic.ev.regenerated" if saved else "epic.ev.regen_failed"
        s.log.append(Msg(key, args, "EPC-25"))  # issue 18: its die shown, made or not
        if saved:
            return
    victim.wounds -= 1
    if victim.wounds <= 0:
        remove(s, victim, rule, pa)


def location_hit(s: EpicState, titan: Stand, loc: str, rule: str) -> None:
    """EPC-23 (research §3.11, simplified and ours): each failed save costs one wound and
    the location's effect: legs −5 cm, weapon lost, head −2 FA, shield generator shields
    gone, reactor one more wound, 'choix' the attacker's pick (reactor from the rear,
    else a weapon)."""
    if loc == "choix":
        loc = "reacteur" if "reacteur" in sheet_of(titan).rear else "arme"
    titan.damage = (*titan.damage, loc)
    s.log.append(Msg("epic.ev.location", {"loc": f"epic.loc.{loc}"}, "EPC-23"))
    if loc == "generateur":
        titan.shields = 0
    if loc == "reacteur" and titan.wounds > 1:
        titan.wounds -= 1
    wound(s, titan, rule)


def sheet_of(st: Stand) -> Sheet:
    return CATALOG.sheets[st.profile.sheet or ""]


def take_hit(s: EpicState, shooter: Stand | None, victim: Stand, gun: Gun, roll: Roll) -> bool:
    """One hit: shields, saves, location; True when the victim must lose a wound (the
    caller applies it, or offers the HQ sacrifice)."""
    prof = victim.profile
    if gun.kind == ETHEREAL:
        # EP-11.12, EP-14.1/14.2, AMB-EP-13a: only a Psychic Save, never modified.
        psy = prof.param("psychic_save")
        if psy is not None and roll.die(psy):
            return False
        if prof.save.sheet:
            victim.damage = (*victim.damage, ethereal_location())  # EP-11.14
        return True
    if prof.save.sheet:
        if victim.shields > 0:
            # EPC-24 (research §3.11): a hit with PA -1 or better strips a shield, a
            # physical power destroys one as a normal shot does (EP-11.8); PA 0 bounces.
            if gun.pa <= -1 or gun.kind == PHYSICAL:
                victim.shields -= 1
                s.log.append(Msg("epic.ev.shield", {"left": victim.shields}, "EP-11.8"))
            return False
        pa = gun.pa - (1 if shooter is not None and _rear(shooter, victim) else 0)
        target = save_target(sheet_of(victim).save, None, pa, s.rules)
        if target is not None and roll.die(target):
            return False
        front = shooter is None or in_front(victim, shooter.point)
        table = sheet_of(victim).front if front else sheet_of(victim).rear
        location_hit(s, victim, table[s.roll() - 1], "EPC-23")
        return False
    cover = None if airborne(victim) else cover_save(victim.point, areas(s))
    if cover is not None and roll.plain(cover):
        return False
    pa = gun.pa
    if shooter is not None and _rear(shooter, victim) and gun.kind == SHOT:
        pa -= 1  # EP-16.39 (research §3.6): flank or rear shot at a vehicle
    armour, fixed = prof.save.armour, prof.save.fixed
    target = save_target(armour, fixed, pa, s.rules)
    if target is not None and roll.die(target):
        return False
    if s.rules.dual_save == "twoRolls" and armour is not None and fixed is not None:
        return not roll.plain(fixed)
    return True


def _rear(shooter: Stand, victim: Stand) -> bool:
    """EP-16.39: outside the front arc of a class 3+ ground target."""
    return stand_class(victim) >= 3 and not airborne(victim) and not in_front(victim, shooter.point)


def hq_candidates(s: EpicState, hq: Stand) -> list[int]:
    """EP-12.3: friendly stands of the same class within 6 cm (AMB-EP-12a: any friendly
    detachment by default); EP-12.4: not while in Assault."""
    if not hq.profile.has("hq"):
        return []
    cls = stand_class(hq)
    return [
        f.sid
        for f in s.stands.values()
        if f.side == hq.side
        and f.sid != hq.sid
        and stand_class(f) == cls
        and (s.rules.hq_any_detachment or f.det == hq.det)
        # AMB-EP-12b / EPC-30: "à 6 cm" measured as `measure.from` says (edge: base to base)
        and within(hq.point, f.point, HQ_SACRIFICE_CM, s.rules)
    ]


# --- a volley ------------------------------------------------------------------------


@dataclass(slots=True)
class Tally:
    hits: int = 0
    lost: int = 0
    to_hit: Dice = field(default_factory=list)
    saves: Dice = field(default_factory=list)

    def args(self) -> dict[str, object]:
        """The event arguments: counts and the dice, "4+: 6 3 5" per target ("—" when
        none were rolled); the dice are public, as every reader sees them fall."""
        return {
            "hits": self.hits,
            "lost": self.lost,
            "to_hit": show_dice(self.to_hit),
            "saves": show_dice(self.saves),
        }


def volley(
    s: EpicState,
    shooters: list[tuple[Stand, Gun]],
    target_did: int,
    order: str | None,
    *,
    reroll_ones: bool = False,
    interception: bool = False,
    paths: dict[int, Path] | None = None,
) -> Tally:
    """Every gun fires its dice at the target detachment; failed HQ saves with a stand to
    sacrifice go to an `hq` frame for the owner's choice (EP-12.3)."""
    tally = Tally()
    doomed: dict[int, int] = {}
    queued: list[list[int]] = []
    kept: Ranked = {}
    for st, gun in shooters:
        if st.sid not in s.stands:
            continue
        roll = Roll(s, st, tally.to_hit)
        ones = reroll_ones and gun.kind in (SHOT, PHYSICAL)  # EP-11.10, EP-11.15
        for _ in range(gun.dice):
            pick = _victim(s, st, gun, target_did, order, paths, doomed, kept)
            if pick is None:
                break
            victim, alt = pick
            mods = modifiers_for(s, gun, victim, alt, interception)
            if not roll.die(gun.to_hit + mods, ones):
                continue
            tally.hits += 1
            if not take_hit(s, st, victim, gun, Roll(s, victim, tally.saves)):
                continue
            tally.lost += 1
            if hq_candidates(s, victim):
                doomed[victim.sid] = doomed.get(victim.sid, 0) + 1
                queued.append([victim.sid, 1 if gun.kind == ETHEREAL else 0])
            else:
                wound(s, victim, "EPC-13", gun.kind == ETHEREAL, gun.pa)
    if queued:
        s.stack.append(Frame("hq", s.dets[target_did].side, {"queue": queued}))
    return tally


# (shooter, what `eligible` reads of the gun) -> the target's stands when they were
# ranked (`by_det`'s list, kept until the stands change), the eligible ones nearest first
Ranked = dict[tuple[int, int, str, int, bool], tuple[object, list[tuple[float, int, Stand, str]]]]


def _victim(
    s: EpicState,
    st: Stand,
    gun: Gun,
    target_did: int,
    order: str | None,
    paths: dict[int, Path] | None,
    doomed: dict[int, int],
    kept: Ranked,
) -> tuple[Stand, str] | None:
    """The stand of the target the die hits (EPC-13): the nearest the gun may shoot (by
    distance, then id) that is not doomed already. Issue 15: the eligible stands, ranked,
    are kept in `kept` for the shooter's next die and alike guns (range, kind, arc, AA:
    all `eligible` reads of a gun) while the stands on the table are the same (`by_det`
    kept): within a volley a hit changes no position, altitude, facing or terrain, only
    wounds, which `doomed` is checked against at each die."""
    members = s.by_det().get(target_did)
    alike = (st.sid, gun.range, gun.kind, gun.arc, gun.aa)
    got = kept.get(alike)
    if got is None or got[0] is not members:
        ranked = []
        here = st.point  # issue 14: one Point for every target stand
        for t in s.alive(target_did):
            path = paths.get(t.sid) if paths else None
            where = eligible(s, st, gun, t, order, path)
            if where is not None:
                ranked.append((here.to(where), t.sid, t, _where(t, here, path)[1]))
        ranked.sort(key=_rank)
        got = kept[alike] = (members, ranked)
    for _d, sid, t, alt in got[1]:
        if doomed.get(sid, 0) < t.wounds:
            return t, alt
    return None


def _rank(e: tuple[float, int, Stand, str]) -> tuple[float, int]:
    return e[0], e[1]  # distance, then id (ids differ: no two Stands compared)


def guns_of(
    s: EpicState, did: int, order: str | None, pins: set[int] | None = None
) -> list[tuple[Stand, Gun]]:
    """The weapons a detachment fires in one shooting action (pinned stands cannot,
    research §3.2; Close Defences only with `dr.combatPhase`, AMB-EP-3a); `pins` is
    `world.pinned_sids(s)` when the caller has it (same state)."""
    out: list[tuple[Stand, Gun]] = []
    mine = s.alive(did)
    near = near_foes(s, mine) if pins is None else None  # issue 14: `pinned` reads these
    for st in sorted(mine, key=lambda x: x.sid):
        if (st.sid in pins) if pins is not None else bool(near) and pinned(s, st, near):
            continue
        out += [(st, g) for g in shot_guns(st)]  # weapons_of(st) but templates, as Guns
        dr = st.profile.param("dr")
        if dr and s.rules.dr_combat and st.dr_used < dr:
            out.append((st, dr_gun(dr - st.dr_used, "counter_charge")))
    return out
