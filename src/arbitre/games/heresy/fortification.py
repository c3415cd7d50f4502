"""Fortifications (HH-33.1..HH-35.1): fortified zones and markers, edge segments and
their breaches, and the battle reduction of normal damage (AMB-7's procedure).

A breach lies on one edge segment, the boundary two adjacent zones share (HH-33.5); it is
stored as the sorted pair `"a|b"` in `s.breaches`, so a breach between two fortified
zones counts for both (HH-33.14).
"""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.heresy.board import neighbours
from arbitre.games.heresy.state import Frame, HeresyState


def edge_key(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def fortified(s: HeresyState, zone: str) -> bool:
    """HH-33.2, HH-33.3: a plastic-piece zone or the Command Bridge, or a marker."""
    return s.content.zones[zone].fortified or zone in s.fort_markers


def segments(s: HeresyState, zone: str) -> list[str]:
    """HH-33.5: one edge segment per adjacent zone (EX-33.1: the Librarium has 3)."""
    return sorted(edge_key(zone, n) for n in neighbours(s, zone))


def breached(s: HeresyState, a: str, b: str) -> bool:
    return edge_key(a, b) in s.breaches


def any_breach(s: HeresyState, zone: str) -> bool:
    """HH-34.4: a breach marker on any segment of the zone (orbital reduction 1)."""
    return any(k in s.breaches for k in segments(s, zone))


def can_breach(s: HeresyState, zone: str, other: str) -> bool:
    """HH-33.13, HH-35.1: a fortified zone's segment holds one breach; crevasses never."""
    if not fortified(s, zone) or other not in neighbours(s, zone):
        return False
    if zone in s.fort_markers and not s.content.zones[zone].fortified:
        return True  # HH-33.16: the marker goes instead
    return not s.content.graph.is_crevasse(zone, other) and not breached(s, zone, other)


def breach(s: HeresyState, zone: str, other: str, rule: str = "HH-33.15") -> bool:
    """Breach the segment between `zone` and `other`; a zone fortified only by a marker
    loses the marker, and no breach marker is placed (HH-33.16). False: nothing to do."""
    if not can_breach(s, zone, other):
        return False
    if zone in s.fort_markers and not s.content.zones[zone].fortified:
        s.fort_markers.discard(zone)
        s.log.append(Msg("heresy.log.battle_unfortified", {"zone": zone}, "HH-33.16"))
        return True
    s.breaches.add(edge_key(zone, other))
    s.log.append(Msg("heresy.log.battle_breach", {"zone": zone, "to": other}, rule))
    return True


def add_marker(s: HeresyState, zone: str) -> None:
    """HH-33.3: a zone becomes fortified with a fortification marker."""
    s.fort_markers.add(zone)


def reduction(s: HeresyState, f: Frame) -> int:
    """HH-33.9..HH-35.1 by AMB-7, over the attacking units engaged now: 0 in a coexistence
    battle (HH-33.10) or with attackers inside the target; fortified target: 2, or 1 if a
    crossed segment is breached or crossed by an engaged flyer (HH-34.1, HH-34.2);
    otherwise 2 / 1 only when every attacker crosses a crevasse (HH-34.5, EX-35.1)."""
    d = f.data
    if d["coex"]:
        return 0
    target = d["target"]
    crossing: dict[str, bool] = {}  # origin zone -> an engaged flyer crosses from it
    units = s.content.units
    for seat, zone, text in d["eng"]:
        if seat != d["att"]:
            continue
        if zone == target:
            return 0  # FAQ: attackers already inside the target zone
        fly = units[text.split("/")[0]].flying
        crossing[zone] = crossing.get(zone, False) or fly
    if not crossing:
        return 0
    graph = s.content.graph
    if fortified(s, target):
        weak = any(fly or breached(s, z, target) for z, fly in crossing.items())
        return 1 if weak else 2
    if all(graph.is_crevasse(z, target) for z in crossing):
        return 1 if any(crossing.values()) else 2
    return 0
