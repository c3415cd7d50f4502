"""The initiative track and the round (HH-14.1..HH-15.9, HH-44.1..HH-44.4).

A round: action step (actions.py), then `end_action`: advance the marker, initiative
change (coexistence hook, stacking), special phases in the order reached, next round.
"""

from __future__ import annotations

from bisect import bisect_right
from itertools import pairwise

from arbitre.games.heresy import strategic, victory
from arbitre.games.heresy.opts import new_msg
from arbitre.games.heresy.state import Frame, HeresyState

PHASE_ICONS = ("event", "order_draw", "restoration")


def current_player(s: HeresyState) -> int:
    """HH-14.4, HH-14.5: closest to the start; on a shared space, the marker on top."""
    a, b = s.pos
    if a != b:
        return 0 if a < b else 1
    return s.top


def last_space(s: HeresyState) -> int:
    got = _LAST.get(id(s.content))
    if got is None:  # speed: asked at every marker move
        got = _LAST[id(s.content)] = max(t.n for t in s.content.tracks.initiative.space)
    return got


_LAST: dict[int, int] = {}  # id(content) -> the track's last space


def move_marker(s: HeresyState, seat: int, spaces: int) -> list[tuple[int, str]]:
    """HH-14.9, HH-14.10: advance; landing on the opponent's space puts this marker on
    top. Returns the untriggered special-phase icons reached, in order (HH-15.6, HH-15.7).
    """
    if spaces <= 0:
        return []
    start = s.pos[seat]
    end = min(start + spaces, last_space(s))
    s.pos[seat] = end
    if s.pos[1 - seat] == end:
        s.top = seat
    reached: list[tuple[int, str]] = []
    phase, numbers = _phase_spaces(s)
    if numbers is not None:  # in track order: only those past start up to end (speed)
        phase = phase[bisect_right(numbers, start) : bisect_right(numbers, end)]
    triggered = s.triggered
    for n, icons in phase:
        if start < n <= end and n not in triggered:
            for icon in icons:
                reached.append((n, icon))
            triggered.add(n)
    s.log.append(
        new_msg(("heresy.log.advance", {"seat": seat, "from": start, "to": end}, "HH-14.9"))
    )
    return reached


PhaseSpaces = tuple[tuple[int, tuple[str, ...]], ...]


def _phase_spaces(s: HeresyState) -> tuple[PhaseSpaces, tuple[int, ...] | None]:
    """The track's spaces showing a special-phase icon, in track order, with those icons
    (speed: built once per content, asked at every marker move); and their numbers when
    they rise along the track (so that move_marker looks only at those it passes), else
    None."""
    got = _PHASES.get(id(s.content))
    if got is None:
        spaces = tuple(
            (space.n, tuple(i for i in space.icons if i in PHASE_ICONS))
            for space in s.content.tracks.initiative.space
            if any(i in PHASE_ICONS for i in space.icons)
        )
        numbers = tuple(n for n, _ in spaces)
        rising = all(a < b for a, b in pairwise(numbers))
        got = _PHASES[id(s.content)] = (spaces, numbers if rising else None)
    return got


_PHASES: dict[int, tuple[PhaseSpaces, tuple[int, ...] | None]] = {}  # id(content) -> …


def initiative_changed(s: HeresyState, seat: int) -> bool:
    """HH-15.2: the current player is no longer closest to the start (or is underneath)."""
    mine, theirs = s.pos[seat], s.pos[1 - seat]
    return mine > theirs or (mine == theirs and s.top != seat)


def end_action(s: HeresyState, seat: int, cost: int) -> None:
    """Steps 2-4 of the round (HH-14.7), queued as frames; then the next round starts."""
    reached = move_marker(s, seat, cost)
    victory.check_track(s)
    if s.over:
        return
    s.stack.append(Frame("new_round", seat))
    for space, icon in reversed(reached):
        s.stack.append(Frame(icon, seat, {"space": space}))
    if initiative_changed(s, seat):
        s.log.append(new_msg(("heresy.log.initiative_change", {"seat": 1 - seat}, "HH-15.2")))
        strategic.clear_fresh(s)
        s.stack.append(Frame("stacking", seat, {}))
        s.stack.append(Frame("coexistence", seat, {}))


def auto_new_round(s: HeresyState, f: Frame) -> None:
    """HH-14.3, HH-14.6: a new round; its current player is fixed now."""
    s.stack.pop()
    victory.check_spaceports(s)
    if s.over:
        return
    s.round += 1
    s.current = current_player(s)
    s.stack.append(Frame("action", s.current, {}))
