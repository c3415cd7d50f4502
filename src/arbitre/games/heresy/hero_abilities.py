"""The Heroes' individual abilities (HH-32.4..HH-32.6) at the battle step the FAQ times
them (research heroes.yaml): joining the battle (Jaghatai Khan, the Fabricator General),
engaging units (Fulgrim, Mortarion, Rogal Dorn, Magnus le Rouge, Angron), preparing to
fight (the Emperor, Horus) and the iterations (Sanguinius, when the Imperium totals its
normal damage).

The texts are on the reference sheets, which no source shows (AMB-9): every ability here
is designed from the clues and marked `ability_reconstructed` in data/heroes.toml; the
readings are in docs/heresy-battles.md. An ability works while its Hero is engaged. A pure
gain is always taken (declining it changes nothing, HH-32.5); Magnus's bombardment and the
Khan's move are offered as choices.
"""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.heresy import combat_cards as cc
from arbitre.games.heresy import damage as dmg
from arbitre.games.heresy.board import FRIENDLY, NEUTRAL, activated, add_unit, neighbours
from arbitre.games.heresy.fortification import any_breach, fortified
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, Frame, HeresyState, label

KHAN, MAGNUS = "jaghatai_khan", "magnus_the_red"
EXTRA_CARDS = 2  # the Emperor's and Horus's extra Combat cards (reconstructed)


def _engaged(f: Frame, hero: str) -> bool:
    return hero in f.data["heroes"]


def _legion_units(f: Frame, seat: int, legion: str) -> list[tuple[str, str]]:
    return [(z, t) for z, t in dmg.engaged(f, seat) if f"/{legion}" in t]


def _log(s: HeresyState, hero: str, what: str, **args: object) -> None:
    s.log.append(Msg(f"heresy.log.ability_{what}", {"what": hero, **args}, "HH-32.4"))


# --- joining the battle --------------------------------------------------------------------


def khan_options(s: HeresyState, f: Frame) -> list[str]:
    """Jaghatai Khan (reconstructed 'swept in from nowhere'): when the Imperium attacks,
    the Khan, not in a zone activated for the Imperium (FAQ), may move up to 3 MP to a
    friendly or neutral zone adjacent to the target that may be an origin zone (counted
    against the order's limit, like flyers, HH-25.9); he is engaged there."""
    from arbitre.games.heresy.joining import room_for_origin
    from arbitre.games.heresy.movement import _types, reach

    d = f.data
    zone = s.heroes.get(KHAN, "")
    if d["att"] != IMPERIUM or d["coex"] or _engaged(f, KHAN) or not zone:
        return []
    if zone in ("dead", d["target"]) or zone not in s.content.zones:
        return []
    if zone in d["origins"] or activated(s, zone, IMPERIUM):
        return []
    types = _types(s, IMPERIUM)
    reached = reach(s, IMPERIUM, zone, s.content.heroes[KHAN].move, False, types)
    return [
        f"khan:{z}"
        for z in sorted(neighbours(s, d["target"]))
        if z in reached
        and types[z] in (FRIENDLY, NEUTRAL)
        and not activated(s, z, IMPERIUM)
        and (z in d["origins"] or room_for_origin(f))
    ]


def khan_join(s: HeresyState, f: Frame, key: str) -> None:
    dest = key[5:]
    s.heroes[KHAN] = dest
    if dest not in f.data["origins"]:
        f.data["origins"].append(dest)
    f.data["heroes"].append(KHAN)
    _log(s, KHAN, "khan", zone=dest)


def _fabricator(s: HeresyState, f: Frame) -> None:
    """The Fabricator General (reconstructed, Adeptus Mechanicus repairs): each engaged
    Imperial unit in his zone loses 1 damage."""
    zone = s.heroes.get("fabricator_general", "")
    for i, (seat, z, text) in enumerate(list(f.data["eng"])):
        if seat != IMPERIUM or z != zone:
            continue
        u = dmg.take(s, z, seat, text)
        if u[3] == 0:
            add_unit(s, z, u)
            continue
        fixed = (u[0], u[1], u[2], u[3] - 1)
        add_unit(s, z, fixed)
        f.data["eng"][i] = [seat, z, label(fixed)]
        _log(s, "fabricator_general", "repair", unit=text)


# --- engaging units ------------------------------------------------------------------------


def _dorn(s: HeresyState, f: Frame) -> None:
    """Rogal Dorn (reconstructed from the FAQ example and HH-33.10): engaged in a
    fortified zone without any breach (defending it, or in a coexistence battle there), his
    engaged Imperial Fists are eliminated only when the battle ends (damage.held)."""
    target = f.data["target"]
    if s.heroes.get("rogal_dorn") != target or not fortified(s, target):
        return
    if any_breach(s, target) or not _legion_units(f, IMPERIUM, "imperial_fists"):
        return
    f.data["dorn"] = True
    _log(s, "rogal_dorn", "dorn", zone=target)


def _draw_mod(f: Frame, seat: int, n: int) -> None:
    mod = f.data.setdefault("draw_mod", [0, 0])
    mod[seat] += n


def _fulgrim_mortarion(s: HeresyState, f: Frame) -> None:
    """Fulgrim: the enemy draws 1 Combat card fewer with Emperor's Children engaged.
    Mortarion: with Death Guard engaged, the enemy's engaged units count 1 rank lower for
    its draw. Both reconstructed."""
    if _engaged(f, "fulgrim") and _legion_units(f, TRAITOR, "emperors_children"):
        _draw_mod(f, IMPERIUM, -1)
        _log(s, "fulgrim", "cards", n=-1)
    if _engaged(f, "mortarion") and _legion_units(f, TRAITOR, "death_guard"):
        f.data["rank_cut"] = [1, 0]
        _log(s, "mortarion", "ranks")


def _angron(s: HeresyState, f: Frame) -> None:
    """Angron (reconstructed): +1 Combat card with World Eaters engaged."""
    if _engaged(f, "angron") and _legion_units(f, TRAITOR, "world_eaters"):
        _draw_mod(f, TRAITOR, 1)
        _log(s, "angron", "cards", n=1)


def magnus_may(s: HeresyState, f: Frame) -> bool:
    """Magnus le Rouge (HH-32.5, EX-32.2; count reconstructed): attacking with engaged
    Thousand Sons, he may make an orbital bombardment of the target zone, drawing 2
    Bombardment cards and choosing one (HH-36.1)."""
    d = f.data
    return (
        d["att"] == TRAITOR
        and not d["coex"]
        and _engaged(f, MAGNUS)
        and bool(_legion_units(f, TRAITOR, "thousand_sons"))
        and not d.get("magnus_done", False)
    )


def magnus_use(s: HeresyState, f: Frame) -> None:
    from arbitre.games.heresy import bombardment

    f.data["magnus_done"] = True
    _log(s, MAGNUS, "magnus", zone=f.data["target"])
    s.stack.append(bombardment.orbital(s, TRAITOR, [f.data["target"]], 2, rule="HH-36.1"))


def on_joined(s: HeresyState, f: Frame) -> None:
    """Joining- and engaging-step abilities, in the FAQ v1.0 order, once units are
    engaged: joining (Jaghatai Khan came with the units, then the Fabricator General);
    engaging: Fulgrim, Mortarion, Rogal Dorn, (Magnus le Rouge: his optional bombardment
    is the next decision, `magnus_may`), Angron. The reconstructed effects do not depend
    on one another, so only the log shows the order."""
    if _engaged(f, "fabricator_general"):
        _fabricator(s, f)
    _fulgrim_mortarion(s, f)
    if _engaged(f, "rogal_dorn"):
        _dorn(s, f)
    _angron(s, f)


# --- preparing to fight and the iterations -----------------------------------------------


def draw_count(s: HeresyState, f: Frame, seat: int) -> int:
    """HH-26.2 with the engaging-step modifiers above."""
    cut: int = f.data.get("rank_cut", [0, 0])[seat]
    bonus: int = f.data.get("draw_mod", [0, 0])[seat]
    ranks = sum(max(0, dmg.rank(s, t) - cut) for _z, t in dmg.engaged(f, seat))
    return max(0, -(-ranks // 2) + bonus)


def after_draw(s: HeresyState, f: Frame) -> None:
    """The Emperor and Horus (reconstructed from the forum clue on the Emperor's draw):
    each draws 2 more Combat cards once the hands are drawn."""
    for hero, seat in (("the_emperor", IMPERIUM), ("horus", TRAITOR)):
        if _engaged(f, hero):
            n = cc.draw(s, seat, EXTRA_CARDS)
            _log(s, hero, "cards", n=n)


def damage_bonus(s: HeresyState, f: Frame) -> int:
    """Sanguinius (HH-32.6, EX-32.3; formula reconstructed): +1 normal damage per engaged
    Blood Angels unit when the Imperium totals its normal damage."""
    if f.data["active"] != IMPERIUM or not _engaged(f, "sanguinius"):
        return 0
    n = len(_legion_units(f, IMPERIUM, "blood_angels"))
    if n:
        _log(s, "sanguinius", "damage", n=n)
    return n
