"""Battle damage (HH-29.3..HH-31.9): damage tokens, elimination, Hero damage, rout and
retreat, and the engaged-piece bookkeeping of the `battle` frame.

Engaged units are `[seat, zone, label]` entries of `f.data["eng"]` (identical units are
interchangeable); engaged Heroes are ids in `f.data["heroes"]`.
"""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.heresy import victory
from arbitre.games.heresy.board import (
    FRIENDLY,
    NEUTRAL,
    add_unit,
    eliminate,
    hero_side,
    neighbours,
    units_of,
    zone_type,
)
from arbitre.games.heresy.opts import new_msg
from arbitre.games.heresy.state import ACTIVE, IMPERIUM, ROUT, Frame, HeresyState, label


def engaged(f: Frame, seat: int) -> list[tuple[str, str]]:
    return [(z, t) for k, z, t in f.data["eng"] if k == seat]


def engaged_heroes(s: HeresyState, f: Frame, seat: int) -> list[str]:
    return [h for h in f.data["heroes"] if hero_side(s, h) == seat]


def rank(s: HeresyState, text: str) -> int:
    return s.content.units[text.split("/")[0]].rank


def flying(s: HeresyState, text: str) -> bool:
    return s.content.units[text.split("/")[0]].flying


def take(s: HeresyState, zone: str, seat: int, text: str) -> tuple[int, str, str, int]:
    units = s.own_units(zone) if zone in s.units else []
    for i, u in enumerate(units):
        if u[0] == seat and label(u) == text:
            return units.pop(i)
    raise AssertionError(f"no {text} of seat {seat} in {zone}")


def disengage(f: Frame, seat: int, zone: str, text: str) -> None:
    """Take a unit out of the battle; a unit that was never engaged (a bombarded or
    morale-checked bystander, HH-36.5, AMB-31) has nothing to remove."""
    if [seat, zone, text] in f.data["eng"]:
        f.data["eng"].remove([seat, zone, text])


def is_engaged(f: Frame, seat: int, zone: str, text: str) -> bool:
    return [seat, zone, text] in f.data["eng"]


def damage_unit(s: HeresyState, f: Frame, seat: int, zone: str, text: str, n: int) -> None:
    """HH-30.14..HH-30.16: damage accumulates; equal to the rank, the unit is eliminated."""
    u = take(s, zone, seat, text)
    hurt = (u[0], u[1], u[2], u[3] + n)
    was = is_engaged(f, seat, zone, text)
    disengage(f, seat, zone, text)
    if hurt[3] >= s.content.units[u[1]].rank and not (was and held(f, hurt)):
        eliminate(s, hurt)
        s.log.append(new_msg(("heresy.log.eliminated", {"unit": text, "zone": zone}, "HH-30.14")))
        return
    add_unit(s, zone, hurt)
    if was:
        f.data["eng"].append([seat, zone, label(hurt)])
    s.log.append(new_msg(("heresy.log.damaged", {"unit": text, "zone": zone, "n": n}, "HH-30.15")))


def held(f: Frame, u: tuple[int, str, str, int]) -> bool:
    """Rogal Dorn's ability (reconstructed, data/heroes.toml): his engaged Imperial Fists
    are only eliminated when the battle ends (FAQ example)."""
    return bool(f.data.get("dorn")) and u[0] == IMPERIUM and u[2] == "imperial_fists"


def eliminate_held(s: HeresyState, f: Frame) -> None:
    """End of a battle under Rogal Dorn: units whose damage reached their rank go."""
    for zone in sorted({z for _k, z, _t in f.data["eng"]}):
        for u in [x for x in s.units.get(zone, ()) if held(f, x)]:
            if u[3] >= s.content.units[u[1]].rank:
                s.own_units(zone).remove(u)
                eliminate(s, u)
                s.log.append(
                    Msg("heresy.log.eliminated", {"unit": label(u), "zone": zone}, "HH-30.14")
                )


def kill_unit(s: HeresyState, f: Frame, seat: int, zone: str, text: str) -> None:
    """An effect that eliminates a unit whatever its rank (HH-31.2, HH-31.3)."""
    u = take(s, zone, seat, text)
    disengage(f, seat, zone, text)
    eliminate(s, u)
    s.log.append(new_msg(("heresy.log.eliminated", {"unit": text, "zone": zone}, "HH-30.14")))


def damage_hero(s: HeresyState, f: Frame, hero: str, n: int) -> None:
    """HH-32.9, HH-32.12: the shared track (damage beyond Defeated is wasted, AMB-30);
    Defeated = eliminated, forever (HH-39.9), and the morale check (HH-32.13)."""
    defeated = s.content.tracks.hero_damage.defeated
    s.hero_damage[hero] = min(defeated, s.hero_damage.get(hero, 0) + n)
    s.log.append(new_msg(("heresy.log.hero_damaged", {"what": hero, "n": n}, "HH-32.9")))
    if s.hero_damage[hero] >= defeated:
        zone = s.heroes[hero]
        s.heroes[hero] = "dead"
        if hero in f.data["heroes"]:
            f.data["heroes"].remove(hero)
        s.log.append(new_msg(("heresy.log.hero_dead", {"what": hero}, "HH-32.12")))
        victory.check_commanders(s)
        if not s.over:
            morale_check(s, f, hero_side(s, hero), zone)


def morale_check(s: HeresyState, f: Frame, seat: int, zone: str) -> None:
    """HH-32.13 (FAQ, AMB-31): one Bombardment card per unit of the owner in the fallen
    Hero's zone, engaged or not; the other side's symbol routs that unit. A card whose
    symbol is unknown routs nobody (data/MISSING.md)."""
    from arbitre.games.heresy import bombardment

    for u in units_of(s, zone, seat):
        card = bombardment.draw(s)
        if card is None:
            break
        bombardment.discard(s, card)
        symbol = bombardment.card_of(s, card).symbol
        ok = None if symbol is None else symbol == ("aquila", "chaos_star")[seat]
        result = {True: "holds", False: "routs", None: "unknown"}[ok]
        s.log.append(
            Msg(
                "heresy.log.morale",
                {"unit": label(u), "result": f"heresy.morale.{result}"},
                "HH-32.13",
            )
        )
        if ok is False:
            f.data["routs"].append([seat, zone, label(u)])


def wounded(s: HeresyState, hero: str) -> bool:
    """HH-32.9, HH-32.10: Wounded from the 6th point of damage (tracks.toml
    `hero_damage.wounded`, counted in points of damage, not in spaces).

    Reading: the marker starts on the track's first, double-sized space (HH-12.13, HH-32.9)
    and moves one space per point of damage, so a Hero's damage is the number of spaces
    after that start space. The research transcription of the board (map.yaml,
    heroes.yaml: "start space (0) | 5 unwounded spaces (1-5) | 4 wounded spaces (6-9) |
    Defeated (10)", "wounded_from_damage: 6") counts the start space apart from the five
    Unwounded spaces; read that way the two sources agree, and 5 damage (the fifth
    Unwounded space) is still Unwounded. Numbering the start space as space 1 would give
    5, but no source puts the start space inside the Unwounded section, so no option: a
    content pack transcribed from a real board may set other bounds (docs/content.md)."""
    return s.hero_damage.get(hero, 0) >= s.content.tracks.hero_damage.wounded[0]


def mark_rout(s: HeresyState, seat: int, zone: str) -> None:
    """HH-30.5, HH-31.9: a rout marker; an activation-side marker is flipped; never two."""
    if s.marks[seat].get(zone) != ROUT:
        s.marks[seat][zone] = ROUT


def crossing_ok(s: HeresyState, a: str, b: str, fly: bool) -> bool:
    """HH-30.4, HH-31.8: only flying units cross a crevasse when retreating or routing."""
    return fly or not s.content.graph.is_crevasse(a, b)


def escape_zones(s: HeresyState, f: Frame, seat: int, fly: bool) -> list[str]:
    """Friendly or neutral zones adjacent to the target zone (HH-30.3, HH-31.5)."""
    target = f.data["target"]
    return sorted(
        z
        for z in neighbours(s, target)
        if zone_type(s, z, seat) in (FRIENDLY, NEUTRAL) and crossing_ok(s, target, z, fly)
    )


def rout_options(s: HeresyState, f: Frame, seat: int, text: str) -> list[str]:
    """HH-31.5: a routing defender's possible zones; none if his rout marker is on the
    target zone already."""
    if s.marks[seat].get(f.data["target"]) == ROUT:
        return []
    return escape_zones(s, f, seat, flying(s, text))


def rout_unit(s: HeresyState, f: Frame, seat: int, zone: str, text: str, to: str) -> None:
    """HH-31.5..HH-31.9: `to` = a zone, or "" to eliminate it. An attacker's unit stays in
    its origin zone (eliminated if it already holds his rout marker; AMB-12). Under "Du
    Sang pour le Dieu du Sang" the unit is eliminated instead (reconstructed)."""
    if f.data.get("blood", -1) == 1 - seat:
        kill_unit(s, f, seat, zone, text)
        return
    if seat == f.data["att"] and not f.data["coex"]:
        if s.marks[seat].get(zone) == ROUT:
            kill_unit(s, f, seat, zone, text)
            return
        disengage(f, seat, zone, text)
        mark_rout(s, seat, zone)
        s.log.append(new_msg(("heresy.log.routed", {"unit": text, "zone": zone}, "HH-31.6")))
        return
    if not to:
        kill_unit(s, f, seat, zone, text)
        return
    u = take(s, zone, seat, text)
    disengage(f, seat, zone, text)
    add_unit(s, to, u)
    mark_rout(s, seat, to)
    s.log.append(new_msg(("heresy.log.routed", {"unit": text, "zone": to}, "HH-31.5")))


def can_retreat(s: HeresyState, f: Frame, seat: int) -> bool:
    """HH-30.1, HH-30.2, HH-30.6; no retreat from a coexistence battle (FAQ)."""
    if f.data["coex"] or f.data["it"] < 2:
        return False
    if any(s.marks[seat].get(z) == ROUT for z, _t in engaged(f, seat)):
        return False
    if seat == f.data["att"]:
        return True
    return bool(retreat_zones(s, f, seat))


def retreat_zones(s: HeresyState, f: Frame, seat: int) -> list[str]:
    texts = [t for _z, t in engaged(f, seat)]
    fly = bool(texts) and all(flying(s, t) for t in texts) and not engaged_heroes(s, f, seat)
    return escape_zones(s, f, seat, fly)


def retreat(s: HeresyState, f: Frame, seat: int, to: str) -> None:
    """HH-30.3, HH-30.5 (defender: all engaged units and Heroes move) and HH-30.7
    (attacker: nobody moves, every origin zone with engaged units gets a rout marker)."""
    if seat == f.data["att"]:
        for zone in sorted({z for z, _t in engaged(f, seat)}):
            mark_rout(s, seat, zone)
    else:
        for zone, text in engaged(f, seat):
            add_unit(s, to, take(s, zone, seat, text))
        for hero in engaged_heroes(s, f, seat):
            s.heroes[hero] = to
        mark_rout(s, seat, to)
    f.data["eng"] = [e for e in f.data["eng"] if e[0] != seat]
    f.data["heroes"] = [h for h in f.data["heroes"] if hero_side(s, h) != seat]
    s.log.append(
        Msg("heresy.log.retreat", {"seat": seat, "zone": to or f.data["target"]}, "HH-30.1")
    )


def activate_zone(s: HeresyState, seat: int, zone: str) -> None:
    if zone not in s.marks[seat]:
        s.marks[seat][zone] = ACTIVE


def damage_targets(s: HeresyState, f: Frame) -> list[str]:
    passive = 1 - f.data["active"]
    units = sorted({f"unit:{z}:{t}" for z, t in engaged(f, passive)})
    return units or [f"hero:{h}" for h in engaged_heroes(s, f, passive)]


def advance_options(s: HeresyState, f: Frame) -> list[str]:
    d = f.data
    att, target = d["att"], d["target"]
    if d["coex"] or d["retreated"] == att or d.get("held_target", False):
        return []
    keys = sorted({f"unit:{z}:{t}" for z, t in engaged(f, att) if z != target})
    keys += [f"hero:{h}" for h in engaged_heroes(s, f, att) if s.heroes[h] != target]
    return keys
