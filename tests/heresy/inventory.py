"""Every component of a Heresy game, counted wherever it is, including what is in flight
inside a pending frame (an executed order, the cards played this iteration, landing or
flying units, Bombardment cards drawn and not yet kept). Two inventories of one game
must be equal at every step: nothing is created or lost (HH-3.x, HH-39.2, DESIGN.md)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from arbitre.games.heresy.state import TRAITOR, HeresyState

AIR = "@air"  # a Hero carried by an air transport (movement.py)


def _unit_kind(u: Any) -> str:
    """A figure: corruption swaps the base, not the figure (HH-37.5), so count figures."""
    return str(u[1])


def units_in_flight(s: HeresyState) -> list[Any]:
    out: list[Any] = []
    for f in s.stack:
        d = f.data
        if f.kind in ("landing", "lasers"):
            out += d.get("incoming", []) + d.get("landed", [])
        elif f.kind == "move" and d.get("fly"):
            out += [d["fly"]["unit"], *d["fly"]["cargo"]]
    return out


def inventory(s: HeresyState) -> dict[str, Any]:
    """Counts that never change once setup is over."""
    orders: list[Counter[str]] = [Counter(), Counter()]
    combat: list[Counter[str]] = [Counter(), Counter()]
    for seat in (0, 1):
        orders[seat].update(s.hands[seat] + s.decks[seat] + s.discards[seat])
        orders[seat].update(s.card_reserve[seat])
        combat[seat].update(s.combat_hands[seat] + s.combat_decks[seat] + s.combat_discards[seat])
        combat[seat].update(s.hero_decks[seat] + s.hero_discards[seat])
    for pile in s.piles.values():
        for card, owner, _fresh in pile:
            orders[owner][card] += 1
    bombard = Counter(s.bombard_deck + s.bombard_discard)
    for f in s.stack:
        if f.kind == "end_order":  # executed, not yet discarded (AMB-37)
            orders[f.seat][f.data["card"]] += 1
        elif f.kind == "battle":
            combat[f.data["active"]].update(f.data["played"])
        elif f.kind == "bombard":  # drawn, or kept until resolved (HH-35.12)
            bombard.update(f.data.get("drawn", []))
            if f.data.get("card"):
                bombard[f.data["card"]] += 1
    figures: Counter[str] = Counter()
    for units in s.units.values():
        figures.update(_unit_kind(u) for u in units)
    figures.update(_unit_kind(u) for u in units_in_flight(s))
    figures.update(_unit_kind(u) for u in s.box)
    for reserve in s.reserve:
        figures.update({k: n for k, n in reserve.items() if n})
    return {
        "orders": orders,
        "combat": combat,
        "bombardment": bombard,
        "events": Counter([c for _act, c in s.events] + s.event_discard),
        "figures": _by_figure(s, figures),
        "lasers": sum(s.lasers.values()) + s.lasers_destroyed,
        "heroes": sorted(s.heroes),
    }


def _by_figure(s: HeresyState, figures: Counter[str]) -> Counter[str]:
    """A Traitor Army is an Imperial Army figure on a black base (HH-37.3)."""
    out: Counter[str] = Counter()
    for kind, n in figures.items():
        origin = next((t.id for t in s.content.units if t.corrupts_into == kind), kind)
        out[origin] += n
    return out


def check_pieces(s: HeresyState) -> None:
    """What holds at every step whatever its count: the 12 spare black bases are never
    over-used (HH-37.9), at most 6 fortification markers (HH-3.9), every marker, breach
    and Hero on a real place, damage only on units, initiative markers on the track."""
    c = s.content
    for into in ("traitor_army", "traitor_tank_division"):
        used = sum(1 for us in s.units.values() for u in us if u[1] == into)
        used += sum(1 for u in units_in_flight(s) if u[1] == into)
        used += s.reserve[TRAITOR].get(into, 0)
        assert used <= c.units[into].count, into
    assert len(s.fort_markers) <= 6 and s.fort_markers <= set(c.zones.ids())
    for edge in s.breaches:
        a, _, b = edge.partition("|")
        assert b in c.graph.neighbours(a) and not c.graph.is_crevasse(a, b), edge
    for marks in s.marks:
        assert set(marks) <= set(c.zones.ids()) and set(marks.values()) <= {1, 2}
    places = set(c.zones.ids()) | {"", "dead", AIR}
    assert all(z in places for z in s.heroes.values()), s.heroes
    for zone, units in s.units.items():
        assert zone in c.zones.ids()
        for u in units:
            assert u[3] >= 0 and u[0] in (0, 1)
    last = max(t.n for t in c.tracks.initiative.space)
    assert all(1 <= p <= last for p in s.pos)
