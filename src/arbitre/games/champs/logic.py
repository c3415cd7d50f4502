"""Shared queries and effects on a Champs state: occupancy, stacking, losses, captures, traps.

Effects that may need a person's choice push a frame instead of deciding themselves.
"""

from __future__ import annotations

from arbitre.engine.i18n import Msg
from arbitre.games.champs.state import MJ, PLAYERS, ChampsState, Frame, Hero, Unit
from arbitre.games.champs.troops import CAP, CATAPULTE, TYPES


class Occ:
    """Who stands where, computed once per question: units and heroes by cell."""

    __slots__ = ("held", "heroes", "units")

    def __init__(self, s: ChampsState) -> None:
        # One pass over the units fills the cells and which side holds each (a cell's side
        # is its first unit's): the sets get their cells in the order the comprehensions
        # over `units` gave them, so anything iterating them sees the same order.
        units: dict[int, list[Unit]] = {}
        players: set[int] = set()
        mj: set[int] = set()
        for u in s.units.values():
            cell = u.cell
            here = units.get(cell)
            if here is None:
                units[cell] = [u]
                (players if u.side == PLAYERS else mj).add(cell)
            else:
                here.append(u)
        heroes: dict[int, list[Hero]] = {}
        for h in s.heroes:
            if not h.captured and h.cell >= 0:
                heroes.setdefault(h.cell, []).append(h)
        self.units = units
        self.heroes = heroes
        players.update(heroes)
        self.held = (players, mj)

    def get(self, cell: int, default: list[Unit] | None = None) -> list[Unit]:
        """The units on a cell (`default`, or a fresh empty list, when none)."""
        return self.units.get(cell) or (default if default is not None else [])

    def items(self) -> list[tuple[int, list[Unit]]]:
        return list(self.units.items())

    def side(self, cell: int) -> int | None:
        """The side holding a cell: its units', or the players' if only heroes stand there."""
        units = self.units.get(cell)
        if units:
            return units[0].side
        return PLAYERS if cell in self.heroes else None

    def enemy(self, cell: int, side: int) -> bool:
        return cell in self.held[1 - side]


def occupancy(s: ChampsState) -> Occ:
    """The occupancy map, cached until a unit or hero moves, appears or leaves.

    Every such change goes through this module or sets `s.occ = None` next to it.
    """
    occ = s.occ
    if occ is None:
        occ = s.occ = Occ(s)
    return occ  # type: ignore[no-any-return]


def units_at(s: ChampsState, cell: int) -> list[Unit]:
    return [u for u in s.units.values() if u.cell == cell]


def heroes_at(s: ChampsState, cell: int) -> list[Hero]:
    return [h for h in s.heroes if h.cell == cell and not h.captured]


def enemy_at(s: ChampsState, cell: int, side: int, occ: Occ) -> bool:
    return cell in occ.held[1 - side]


def load(units: list[Unit]) -> int:
    """Stacking load in small-equivalents (CB-6); heroes do not count (CB-7)."""
    return sum(TYPES[u.kind].size for u in units)


def is_ground(u: Unit) -> bool:
    return not TYPES[u.kind].flying


def skill_active(s: ChampsState, units: list[Unit]) -> bool:
    """A hero's skill works only inside a ground troop (CB-47, AMB-CB-3)."""
    if not units:
        return False
    if s.rules.all_ground_for_skill:
        return all(is_ground(u) for u in units)
    return any(is_ground(u) for u in units)


def controller(s: ChampsState, cell: int, side: int) -> int:
    """Who chooses for a troop: the MJ, a player whose hero is in it, or the acting player.

    Player troops have no owner (AMB-CB-19e); outside a player's turn the last player to
    have played answers for a hero-less troop.
    """
    if side == MJ:
        return s.mj_seat
    seats = sorted(h.seat for h in heroes_at(s, cell))
    if seats:
        return seats[0]
    if s.stack and s.stack[0].kind == "turn" and s.stack[0].seat != s.mj_seat:
        return s.stack[0].seat
    return s.last_player


def distinct_units(units: list[Unit]) -> dict[str, Unit]:
    """One representative per distinguishable unit (type, loaded), keyed by option token."""
    out: dict[str, Unit] = {}
    for u in sorted(units, key=lambda u: u.uid):
        token = TYPES[u.kind].id + ("*" if u.kind == CATAPULTE and u.loaded else "")
        out.setdefault(token, u)
    return out


def remove_unit(s: ChampsState, u: Unit, why: str, rule: str) -> None:
    """Permanently remove a unit to the discard pile (CB-59, AMB-CB-28)."""
    del s.units[u.uid]
    s.occ = None
    s.removed.append(TYPES[u.kind].id)
    s.log.append(
        Msg(
            "champs.ev.unit_lost",
            {"type": f"champs.type.{TYPES[u.kind].id}", "cell": s.bf.label(u.cell), "why": why},
            rule,
        )
    )


def capture(s: ChampsState, hero: Hero) -> None:
    """A hero eliminated in combat is captured; his player gains 1 Destiny point (CB-66)."""
    hero.captured = True
    s.occ = None
    hero.destiny += 1
    s.log.append(
        Msg(
            "champs.ev.captured",
            {"hero": f"champs.hero.{hero.skill}", "seat": s.seats[hero.seat]},
            "CB-66",
        )
    )


def place_unit(s: ChampsState, kind: int, side: int, cell: int, acted: bool) -> Unit:
    u = Unit(s.next_uid, kind, side, cell, acted, s.rules.catapult_starts_loaded, -1)
    s.next_uid += 1
    s.units[u.uid] = u
    s.occ = None
    return u


def enter(s: ChampsState, group: list[Unit], cell: int, side: int, final: bool) -> None:
    """Units arrive on `cell`: an enemy trap there may trigger (CB-18, CB-23, AMB-CB-16h).

    Flyers never trigger by default; with `traps.flyersTrigger=onEnd` they do where they land.
    """
    if not group or s.traps.get(cell, side) == side:
        return
    ground = [u.uid for u in group if is_ground(u)]
    if s.rules.flyers_trigger and final:
        ground = [u.uid for u in group]
    if ground:
        s.stack.append(Frame("trap", side_seat(s, cell, side), {"cell": cell, "uids": ground}))


def side_seat(s: ChampsState, cell: int, side: int) -> int:
    return controller(s, cell, side)


def push_overflow(s: ChampsState, cell: int, side: int) -> None:
    """Over 6 small-equivalents: the owner moves the surplus out or loses it (CB-8, CB-44)."""
    if load([u for u in s.units.values() if u.cell == cell]) > CAP:
        s.stack.append(Frame("overflow", controller(s, cell, side), {"cell": cell, "side": side}))


def side_units(s: ChampsState, side: int) -> list[Unit]:
    return [u for u in s.units.values() if u.side == side]


def has_army(s: ChampsState, side: int) -> bool:
    """Units left on the grid; a lone Gladiator counts, other lone heroes do not (AMB-CB-24)."""
    if any(u.side == side for u in s.units.values()):
        return True
    return side == PLAYERS and any(
        h.skill == "gladiateur" and not h.captured and h.cell >= 0 for h in s.heroes
    )


def troop(s: ChampsState, cell: int, side: int) -> tuple[list[Unit], list[Hero]]:
    """The units of `side` on a cell, and the heroes with them (CB-5)."""
    units = [u for u in s.units.values() if u.cell == cell and u.side == side]
    heroes = heroes_at(s, cell) if side == PLAYERS else []
    return units, heroes
