"""Victory (HH-39.8..HH-40.3): commanders, spaceports from space 17, the last space."""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.heresy.state import IMPERIUM, TRAITOR, HeresyState


def win(s: HeresyState, seat: int, reason: str, rule: str) -> None:
    """HH-39.8: every victory condition takes effect at once; the first one met counts."""
    if s.over:
        return
    s.over = True
    s.winner = seat
    s.reason = reason
    s.reason_rule = rule
    s.stack.clear()
    s.log.append(Msg("heresy.log.victory", {"seat": seat, "reason": reason}, rule))


def _reached(s: HeresyState, icon: str) -> bool:
    key = (id(s.content), icon)
    spaces = _SPACES.get(key)
    if spaces is None:  # speed: asked before every step once a marker is far enough
        spaces = _SPACES[key] = s.content.tracks.initiative.spaces_with(icon)
    if not spaces:
        return False
    markers = s.pos if s.rules.any_marker_wins else [s.pos[s.current]]
    return max(markers) >= min(spaces)


_SPACES: dict[tuple[int, str], tuple[int, ...]] = {}  # (id(content), icon) -> spaces


def spaceports(s: HeresyState) -> list[str]:
    return [z.id for z in s.content.zones if z.kind == "spaceport"]


def check_spaceports(s: HeresyState) -> None:
    """HH-40.1, HH-40.2: once a marker reached 'Victoire Spatioport Possible', a player for
    whom every spaceport is a friendly zone (units only, HH-37.10) wins at once.
    Not looked at again while no unit changed since the ports alone said no (speed, as in
    settle: `HeresyState.ports_looked`)."""
    if s.over or s.ports_looked == s.units_changes:
        return
    if _spaceports(s, watched(s)[2]):
        s.ports_looked = s.units_changes


def _spaceports(s: HeresyState, ports: tuple[str, ...]) -> bool:
    """check_spaceports over `ports`, the spaceport zones (the game is not over). True
    when the ports alone said no (not all held by one side), which only a change to the
    units can undo (settle keeps it with `units_changes`, speed)."""
    holder = -1
    units_at = s.units
    for zone in ports:  # cheap: run before every automatic step (watch)
        units = units_at.get(zone)
        if not units:
            return True
        side = units[0][0]
        if holder != -1 and side != holder:
            return True
        for u in units:  # a plain loop: cheaper than any() over a generator
            if u[0] != side:
                return True
        holder = side
    # the track last (speed: the ports are rarely all held; both are plain reads)
    if holder in (IMPERIUM, TRAITOR) and _reached(s, "spaceport_victory"):
        win(s, holder, "spaceports", "HH-40.1")
    return False


def check_track(s: HeresyState) -> None:
    """After a marker moved: the spaceport check, which may have just opened (HH-40.2),
    then 'Victoire de l'Imperium' (HH-40.3, AMB-6 d) — in the order reached (AMB-16)."""
    check_spaceports(s)
    if _reached(s, "imperial_victory"):
        win(s, IMPERIUM, "attrition", "HH-40.3")


Watched = tuple[tuple[tuple[str, int], ...], int, tuple[str, ...]]
WATCHED: dict[int, Watched] = {}  # id(content) -> what watch reads of the content


def watched(s: HeresyState) -> Watched:
    """The commanders (Hero, the seat his death makes win), the first 'Victoire Spatioport
    Possible' space and the spaceport zones, built once per content (speed: one lookup
    before every step)."""
    got = WATCHED.get(id(s.content))
    if got is None:
        commanders = tuple(
            (h.id, 0 if h.death_gives_victory_to == "imperial" else 1)
            for h in s.content.heroes
            if h.death_gives_victory_to
        )
        spaces = s.content.tracks.initiative.spaces_with("spaceport_victory")
        got = (commanders, min(spaces) if spaces else 10**9, tuple(spaceports(s)))
        WATCHED[id(s.content)] = got
    return got


def watch(s: HeresyState) -> None:
    """HH-39.8: checked before every step of the game's automatic work, so a condition met
    by any effect (battle, bombardment, event, landing, corruption) ends the game at once:
    a commander's death (HH-39.9), then the spaceports (HH-40.1, HH-40.2) — the order in
    which they can arise (AMB-16)."""
    if s.over:
        return
    got = WATCHED.get(id(s.content))
    commanders, port, ports = got if got is not None else watched(s)
    heroes = s.heroes
    for hero, seat in commanders:
        if heroes.get(hero) == "dead":
            win(s, seat, "commander", "HH-39.9")
            return
    pos = s.pos
    if pos[0] >= port or pos[1] >= port:  # max(s.pos) >= port, without a call
        _spaceports(s, ports)


def check_commanders(s: HeresyState) -> None:
    """HH-39.9: the Emperor or Horus eliminated (hook: heroes die with the battle issue)."""
    for hero in s.content.heroes:
        if hero.death_gives_victory_to and s.heroes.get(hero.id) == "dead":
            win(s, 0 if hero.death_gives_victory_to == "imperial" else 1, "commander", "HH-39.9")
