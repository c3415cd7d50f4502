"""Heresy's shortcuts of issue 15 (tenth sitting) against the slow, sure way.

- `rules.settle` reads the two commanders without a loop (HH-39.9) and compares the count
  of unit changes before the lasers (HH-37.2): every choice of seeded random games of the
  six scenarios is played both ways (the engine's loop calling `destroy_captured` and
  `victory.watch`), and states are set up on purpose with either commander dead, a Hero
  who is no commander dead, and the record of a content with more than two commanders.
- `Heresy.apply` looks for the key among the options itself: an unknown key is refused.
- A move keeps the zones blocked for the mover after his own picks (`MoveMemo.units_at`,
  HH-37.10, HH-21.23), passes over a zone of the enemy's units alone, and keeps each
  Hero's mover while he stays put (HH-21.18, HH-32.1): at every pick the movers are those
  of a count by the rules, searched forwards from each zone (`distances.reach`), and a
  change of the enemy's units between two picks (set up on purpose) is seen.
- A battle's "a side is gone" (AMB-3) answers at once when its first and last engaged
  units are of both sides: compared with the definition at every step of a battle.
- `board.terra_zones` is kept per content and impassable zones (HH-3.11).
- `board.take_unit` reads each unit's label written out: the unit taken is the first
  of the label, as `state.label` says.
- The zones holding each side's units and both sides' are read in one scan
  (`distances.zone_sides`), the coexisting zones (HH-15.3, HH-25.7) and each seat's
  presence (HH-25.3, HH-25.5) and where an event places units (HH-37.10) from it:
  compared with the definitions at every decision, and the coexisting zones on Heroes
  placed on purpose.
"""

from __future__ import annotations

import copy

import pytest

from arbitre.engine.ruleset import IllegalChoice
from arbitre.games.heresy import rules, victory
from arbitre.games.heresy.battle import _side_gone
from arbitre.games.heresy.board import (
    CONTESTED,
    FRIENDLY,
    hero_seats,
    take_unit,
    terra_zones,
    zone_type,
)
from arbitre.games.heresy.distances import (
    BLOCKED,
    UNLIMITED,
    _transport_can_end,
    _types,
    reach,
    zone_sides,
)
from arbitre.games.heresy.events import _place_zones
from arbitre.games.heresy.joining import presence
from arbitre.games.heresy.movers import AIR, MoveMemo, destinations, movers, vengeful
from arbitre.games.heresy.phases import coexisting_zones
from arbitre.games.heresy.rules import HANDLERS, settle
from arbitre.games.heresy.state import Frame, HeresyState, label
from tests.heresy.test_speed_shortcuts import _coexisting_the_long_way
from tests.heresy.test_speed_shortcuts_15 import (
    _blocked_the_long_way,
    _both_ways,
    _games,
    _same,
)


def test_HH_39_9_either_commander_dead_or_another_hero_dead_states_set_up() -> None:
    """The first or the second commander dead wins for the other side; another Hero dead
    wins nothing; with the record of a content of more than two commanders (all looked
    at, in their order, at every step) the same."""
    won: dict[str, int] = {}
    for i, (r, s, key) in enumerate(_games()):
        if i % 11 == 0 and not s.over:
            commanders, _port, _ports = victory.watched(s)
            others = [h for h in s.heroes if h not in dict(commanders)]
            for dead in (commanders[0][0], commanders[1][0], others[i % len(others)]):
                t = s.copy()
                t.heroes[dead] = "dead"
                a = _both_ways(t)
                what = "commander" if a.over and a.reason == "commander" else "none"
                won[what] = won.get(what, 0) + 1
                if dead in dict(commanders):
                    assert a.over and a.winner == dict(commanders)[dead]
            # the record of a content with more commanders: the names left empty
            key_of = id(s.content)
            kept = rules._WATCHED.get(key_of)
            assert kept is not None
            rules._WATCHED[key_of] = ("", "", True, *kept[3:])
            try:
                for dead in ("", commanders[1][0]):
                    t = s.copy()
                    if dead:
                        t.heroes[dead] = "dead"
                    a = _both_ways(t)
                    assert a.over == bool(dead)
            finally:
                rules._WATCHED[key_of] = kept
        r.apply(s, key)
    assert won.get("commander", 0) > 100 and won.get("none", 0) > 50, won


def test_apply_refuses_a_key_that_is_no_option() -> None:
    refused = 0
    for i, (r, s, key) in enumerate(_games()):
        if i % 13 == 0:
            t = s.copy()
            with pytest.raises(IllegalChoice):
                r.apply(t, key + "?")
            assert t.snapshot() == s.snapshot()  # nothing was done
            refused += 1
        r.apply(s, key)
    assert refused > 400


def _movers_the_long_way(s: HeresyState, f: Frame) -> list[tuple[str, str, list[str]]]:
    """HH-21.7, HH-21.18, HH-21.21, HH-21.23, HH-21.24, HH-23.4, HH-32.1, AMB-24: each kind
    of the mover's units in a zone he may leave, fewer of them moved there than stand
    there, with a destination in reach (searched forwards from the zone) or an air
    transport that may end there; then his Heroes, in name order."""
    seat = f.seat
    types = _types(s, seat)
    dests = destinations(s, f, types)
    rule = f.data.get("reach", "normal")
    marks = s.marks[seat]
    moved = f.data["moved"]

    def ok(zone: str, mp: int, flying: bool) -> list[str]:
        if rule == "board":
            ship = vengeful(s)
            return [d for d in dests if (zone in ship) != (d in ship)]
        got = reach(s, seat, zone, UNLIMITED if rule == "unlimited" else mp, flying, types)
        limit = UNLIMITED if rule == "unlimited" else mp
        return [d for d in dests if d != zone and got.get(d, UNLIMITED + 1) <= limit]

    out: list[tuple[str, str, list[str]]] = []
    for zone, units in s.units.items():
        if not units or marks.get(zone):
            continue
        if not s.rules.leave_contested and types[zone] in BLOCKED:
            continue
        counts: dict[str, int] = {}
        for u in units:
            if u[0] == seat:
                counts[label(u)] = counts.get(label(u), 0) + 1
        for t, n in counts.items():
            if n <= moved.get(zone, {}).get(t, 0):
                continue
            kind = s.content.units[t.split("/")[0]]
            dests_ok = ok(zone, kind.move, kind.flying)
            lifts = kind.air_transport and rule == "normal"
            if dests_ok or (lifts and _transport_can_end(s, zone, kind.move, dests)):
                out.append((f"unit:{zone}:{t}", t, dests_ok))
    seat_of = hero_seats(s)
    for h in sorted(s.content.heroes, key=lambda h: h.id):
        at = s.heroes.get(h.id)
        if seat_of[h.id] != seat or not at or at in ("dead", AIR):
            continue
        if h.id in f.data["heroes_moved"] or marks.get(at):
            continue
        if not s.rules.leave_contested and types[at] == CONTESTED:
            continue
        dests_ok = ok(at, h.move, False)
        if dests_ok:
            out.append((f"hero:{h.id}", h.id, dests_ok))
    return out


def _check_pick(s: HeresyState) -> bool:
    """At a move's pick: the memo's blocked zones and the movers are those of the rules."""
    d = s.cached
    if d is None or d.kind != "heresy.move.units":
        return False
    f = s.stack[-1]
    assert movers(s, f) == _movers_the_long_way(s, f)
    m = f.memo
    assert isinstance(m, MoveMemo) and m.blocked == _blocked_the_long_way(s, f.seat)
    keys = [o.key for o in d.options if o.key.startswith(("unit:", "hero:"))]
    assert keys == [k for k, _w, _o in _movers_the_long_way(s, f)]
    return True


def test_HH_21_18_HH_32_1_every_pick_asks_the_movers_of_the_rules() -> None:
    picks = 0
    for r, s, key in _games():
        picks += _check_pick(s)
        r.apply(s, key)
    assert picks > 300


def test_HH_21_23_a_change_of_the_enemy_units_between_two_picks_is_seen() -> None:
    """After a pick, an enemy unit set down on purpose in one of the move's destinations,
    the enemy's units taken from a zone blocked for the mover, or one of his Heroes not yet
    moved carried to a destination, before the next pick: that pick's destinations and
    movers are those of the rules, as on a clone that has no memo."""
    seen = changed = heroes = 0
    for i, (r, s, key) in enumerate(_games()):
        f = s.stack[-1] if s.stack else None
        if f is not None and f.kind == "move" and s.cached is not None and i % 2 == 0:
            m = f.memo
            if isinstance(m, MoveMemo) and f.data["fly"] is None and m.dests:
                t = s.copy()
                top = t.stack[-1]
                top.memo = copy.deepcopy(m)  # the memo goes on with the twin's picks
                t.log = []
                HANDLERS["move"].choose(t, top, key)
                if t.stack and t.stack[-1] is top and top.data["pick"] is None:
                    enemy = [u for us in t.units.values() for u in us if u[0] != top.seat]
                    seat_of = hero_seats(t)
                    mine = [
                        h
                        for h, z in sorted(t.heroes.items())
                        if seat_of[h] == top.seat and z not in ("", "dead", AIR)
                        if h not in top.data["heroes_moved"]
                    ]
                    how = (i // 2) % 3
                    if how == 0 and enemy:
                        t.own_units(m.dests[i % len(m.dests)]).append(enemy[0])
                    elif how == 1 and mine:  # a Hero of his carried off (not by the move)
                        t.heroes[mine[i % len(mine)]] = m.dests[i % len(m.dests)]
                        heroes += 1
                    else:
                        for zone in sorted(m.blocked):
                            units = t.own_units(zone)
                            units[:] = [u for u in units if u[0] == top.seat]
                            break
                    settle(t)
                    fresh = t.copy()
                    fresh.stack[-1].memo = None
                    settle(fresh)
                    assert _same(t.cached, fresh.cached)
                    _check_pick(t)
                    now = t.stack[-1].memo
                    assert isinstance(now, MoveMemo)
                    changed += now.blocked != m.blocked
                    seen += 1
        r.apply(s, key)
    assert seen > 100 and changed > 50 and heroes > 20, (seen, changed, heroes)


def _sides_the_long_way(s: HeresyState) -> tuple[frozenset[str], frozenset[str], list[str]]:
    """HH-37.10: the zones holding a unit of each side; those holding both, in order."""
    imperium = frozenset(z for z, us in s.units.items() if any(u[0] == 0 for u in us))
    traitor = frozenset(z for z, us in s.units.items() if any(u[0] == 1 for u in us))
    return imperium, traitor, [z for z in s.units if z in imperium and z in traitor]


def _presence_the_long_way(s: HeresyState) -> tuple[tuple[set[str], set[str]], ...]:
    """HH-25.3, HH-25.5: per seat, the zones holding one of its units, one of its Heroes."""
    seat_of = hero_seats(s)
    return tuple(
        (
            {z for z, us in s.units.items() if any(u[0] == seat for u in us)},
            {z for h, z in s.heroes.items() if seat_of[h] == seat},
        )
        for seat in (0, 1)
    )


def test_HH_37_10_HH_15_3_the_sides_of_every_zone_read_in_one_scan() -> None:
    checked = 0
    for r, s, key in _games():
        for _ in range(2):  # the second time from the memo
            assert zone_sides(s) == _sides_the_long_way(s)
            assert coexisting_zones(s) == _coexisting_the_long_way(s)
            assert presence(s) == _presence_the_long_way(s)
        checked += 1
        r.apply(s, key)
    assert checked > 5000


def test_HH_15_3_HH_25_7_heroes_placed_on_purpose_coexist_as_defined() -> None:
    """A Hero alone among the enemy's units, two Heroes of both sides in a zone without
    units or with one side's, a Hero in a zone of both sides' units (counted once)."""
    placed = 0
    for i, (r, s, key) in enumerate(_games()):
        if i % 17 == 0:
            seat_of = hero_seats(s)
            zones = [z for z, us in s.units.items() if us] + ["", "dead", AIR]
            empty = [z.id for z in s.content.zones if not s.units.get(z.id)]
            heroes = sorted(seat_of)
            for n in range(6):
                t = s.copy()
                coexisting_zones(t)  # a kept answer first: the Heroes' places then change
                a = heroes[(i + n) % len(heroes)]
                b = next(h for h in heroes if seat_of[h] != seat_of[a])
                t.heroes[a] = zones[(i + 3 * n) % len(zones)]
                if n % 2 and empty:
                    t.heroes[a] = t.heroes[b] = empty[(i + n) % len(empty)]
                assert coexisting_zones(t) == _coexisting_the_long_way(t)
                placed += 1
        r.apply(s, key)
    assert placed > 1000


def _side_gone_the_long_way(s: HeresyState, f: Frame) -> bool:
    """AMB-3: a side with no engaged unit and no engaged Hero left."""
    seat_of = hero_seats(s)
    sides = {e[0] for e in f.data["eng"]} | {seat_of[h] for h in f.data["heroes"]}
    return sides != {0, 1}


def test_AMB_3_a_side_gone_from_a_battle_as_defined() -> None:
    """At every step of a battle met in the games, and with its engaged units set up in
    every order (both sides at the ends or not, one side alone, none)."""
    asked = 0
    for i, (r, s, key) in enumerate(_games()):
        for f in s.stack:
            if f.kind == "battle" and "eng" in f.data:
                assert _side_gone(s, f) == _side_gone_the_long_way(s, f)
                eng = f.data["eng"]
                for order in (sorted(eng), sorted(eng, reverse=True), eng[i % 2 :], []):
                    g = Frame("battle", f.seat, {**f.data, "eng": order})
                    assert _side_gone(s, g) == _side_gone_the_long_way(s, g)
                asked += 1
        r.apply(s, key)
    assert asked > 1000


def test_take_unit_takes_the_first_unit_of_the_label() -> None:
    """`board.take_unit` with the label written out: the first unit whose `label` is the
    text, or none (a label of another zone, a text that is no label)."""
    taken = 0
    for i, (r, s, key) in enumerate(_games()):
        if i % 29 == 0:
            for zone, units in list(s.units.items()):
                texts = [label(u) for u in units] + ["x/y/d1", "army"]
                for text in dict.fromkeys(texts):
                    t = s.copy()
                    got = take_unit(t, zone, text)
                    want = next((u for u in units if label(u) == text), None)
                    assert got == want
                    left = list(units)
                    if want is not None:
                        left.remove(want)
                    assert t.units[zone] == left and s.units[zone] == units
                    taken += got is not None
        r.apply(s, key)
    assert taken > 1000


def _place_zones_the_long_way(s: HeresyState, f: Frame) -> list[str]:
    """HH-37.10: Terra's zones friendly or neutral for the seat (friendly only if asked),
    not the Palace's when the event says so, by their zone type."""
    out = []
    for z in terra_zones(s):
        kind = zone_type(s, z, f.seat)
        if kind in BLOCKED or (f.data["where"] == "friendly" and kind != FRIENDLY):
            continue
        if f.data["where"] == "own_no_palace" and "palace" in s.content.zones[z].sectors:
            continue
        out.append(z)
    return out


def test_HH_37_10_an_event_places_units_where_the_zone_types_allow() -> None:
    """`events._place_zones` reads the zones' sides: at every state of the games, for
    either seat and every kind of place an event names."""
    asked = 0
    for i, (r, s, key) in enumerate(_games()):
        if i % 5 == 0:
            for seat in (0, 1):
                for where in ("friendly", "own_no_palace", "any"):
                    f = Frame("ev_place", seat, {"where": where})
                    assert _place_zones(s, f) == _place_zones_the_long_way(s, f)
                    asked += 1
        r.apply(s, key)
    assert asked > 5000


def test_HH_3_11_terra_zones_kept_per_map_are_those_still_in_the_game() -> None:
    """`board.terra_zones` kept per content and impassable zones (Holy Terra Asunder and
    Cry Havoc take zones away during the game): Terra's zones still in the game, in map
    order, as a new list each time (a caller may keep or change it)."""
    asked = 0
    maps: set[frozenset[str]] = set()
    for i, (r, s, key) in enumerate(_games()):
        if i % 7 == 0:
            want = [z.id for z in s.content.zones if z.terra and z.id not in s.impassable]
            got = terra_zones(s)
            assert got == want
            got.append("changed")
            assert terra_zones(s) == want
            maps.add(s.impassable)
            asked += 1
        r.apply(s, key)
    assert asked > 1000 and len(maps) > 5
