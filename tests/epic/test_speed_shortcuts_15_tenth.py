"""Epic's shortcuts for speed, issue 15 (tenth round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on states set up on purpose:

- `targeting.out_of_reach` (EPC-14, EP-11.7): the box of every enemy kept in the
  caller's `where` for the next detachment or Psyker of the same side; no box for a
  battery without guns.
- Whether a detachment flies (EP-16.32, EP-16.10), written out in `turn.movable` and
  `combat_phase._order` instead of `det_has`'s call.
- `fire.eligible` (EPC-14, EP-16.27, EP-16.45): line of sight asked only of a shooter
  and target not raised; `flies`, `stand_class`, `airborne`, `Profile.has` written out.
- `headings.shown` (EPC-11): `rounded`'s arithmetic written out for both components.
- `guns.shot_guns` (EPC-14): `_usable`'s kept answer read without its call.
- The first detachment without an order (EPC-9): `present` asked only of one that has
  no stand on the table.
- The detachments with Close Defences (EP-3.2, EP-3.3): loops, no generators.
- A move question's legal moves (EP-2.4, EPC-11): the stands near passed over when the
  block's moved box misses their box.
- The End phase's objectives (EPC-29, research §3.9): both sides' strength at an
  objective in one pass, a stand farther than 10 cm on x or y passed over.
- The enemies near a detachment (EPC-8): the box tested without chained comparisons.
"""

from __future__ import annotations

import math
import struct
from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.epic import (
    combat_phase,
    fire,
    guns,
    headings,
    moves,
    objectives,
    psychic,
    reactions,
    targeting,
    turn,
)
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.fire import DR, PHYSICAL, SHOT, Gun, Path, _in_quarter, _where, flies
from arbitre.games.epic.geometry import (
    TERRAIN,
    Point,
    cover_save,
    line_of_sight,
    segment_distance,
)
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.shooting import (
    DR_MAX_TARGET_CLASS,
    HIGH,
    HIGH_ALTITUDE_EXTRA_CM,
    may_target_airborne,
)
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.world import (
    airborne,
    areas,
    bounds,
    contact,
    det_has,
    in_front,
    near_foes,
    stand_class,
)
from tests.epic.board import Board
from tests.epic.speed_states import STATES, games_both_ways

# --- out_of_reach: the enemies' box kept --------------------------------------------------


def _out_of_reach_slowly(
    s: EpicState, guns: targeting.Battery, foes: list[Stand], where: Any = None
) -> bool:
    """`targeting.out_of_reach` before the tenth round: the foes' box worked out at every
    question, with or without guns; `where` is not read."""
    if not foes:
        return True
    x0, x1, y0, y1 = bounds(foes)
    slack = (2 * s.rules.base_radius if s.rules.measure_edge else 0.0) + 1e-6
    for st, _own, longest in guns:
        far = longest + slack
        x, y = st.x, st.y
        if not (x < x0 - far or x > x1 + far or y < y0 - far or y > y1 + far):
            return False
    return True


def test_EPC_14_targets_and_powers_as_with_the_box_worked_out_each_time(monkeypatch: Any) -> None:
    """On seeded games' states: every detachment's targets and every side's powers with
    one `where` shared by all the questions of a state, as with the box worked out at
    each (and `where` holds each side's box under `foes_key`, as `bounds` finds it)."""
    asked = 0
    for seed, s in STATES[::2]:
        table = s.by_det()
        where: dict[int, targeting.Box] = {}
        quick = [combat_phase.targets(s, d.did, table, None, where) for d in s.dets]
        powers = [
            psychic.powers_for(s, side, ph) for side in (0, 1) for ph in ("movement", "combat")
        ]
        with monkeypatch.context() as m:
            m.setattr(combat_phase, "out_of_reach", _out_of_reach_slowly)
            m.setattr(psychic, "out_of_reach", _out_of_reach_slowly)
            slow = [combat_phase.targets(s, d.did, table) for d in s.dets]
            slow_powers = [
                psychic.powers_for(s, side, ph) for side in (0, 1) for ph in ("movement", "combat")
            ]
        assert quick == slow and powers == slow_powers, seed
        for side in (0, 1):
            got = where.get(targeting.foes_key(side))
            if got is not None:
                assert got == bounds(s.foes_of(side)), seed
                asked += 1
    assert asked > 100
    assert targeting.foes_key(0) < 0 and targeting.foes_key(1) < 0
    assert targeting.foes_key(0) != targeting.foes_key(1)


def test_EPC_14_no_gun_reaches_nothing_without_a_box() -> None:
    b = Board()
    b.det(0, "tactiques", [(50.0, 50.0)])
    foe = b.det(1, "tactiques", [(52.0, 50.0)])
    where: dict[int, targeting.Box] = {}
    assert targeting.out_of_reach(b.s, [], b.s.alive(foe), where) and not where
    assert targeting.out_of_reach(b.s, [], [], where) and not where


def test_EPC_14_targets_play_as_with_the_box_worked_out_each_time(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, combat_phase, {"out_of_reach": _out_of_reach_slowly}) > 1000
    assert games_both_ways(monkeypatch, psychic, {"out_of_reach": _out_of_reach_slowly}) > 1000


# --- whether a detachment flies, without det_has ------------------------------------------


def _order_slowly(s: EpicState, did: int) -> str | None:
    order = s.dets[did].order
    if order == "aucun" and det_has(s, did, "flyer"):
        return "avance"
    return order


def test_EP_16_10_flyers_found_as_det_has_finds_them() -> None:
    """Seeded games' states, each detachment given each order, with and without "flyer"
    gained (`Det.extra`): the Combat phase's order and `movable` as `det_has` says;
    `movable`'s answer for a Flyer on Tir Appuyé on the ground and in the air."""
    met = 0
    for seed, kept in STATES[::6]:
        s = Epic().clone(kept)
        for d in s.dets:
            for extra in ((), ("flyer",)):
                d.extra = extra
                for order in ("aucun", "avance", "tir_appuye", "charge", None):
                    d.order = order
                    assert combat_phase._order(s, d.did) == _order_slowly(s, d.did), seed
                    met += combat_phase._order(s, d.did) != order
    assert met > 50
    for alt in ("ground", "low"):
        b = Board()
        me = b.det(0, "tactiques", [(50.0, 50.0)], order="tir_appuye", extra=("flyer",), alt=alt)
        assert turn.movable(b.s, me) == (alt != "ground")  # EP-16.5, AMB-EP-15d
        b.s.dets[me].extra = ()
        assert not turn.movable(b.s, me)  # EPC-9: Tir Appuyé does not move


# --- fire.eligible, its line of sight and written-out calls -------------------------------


def _eligible_slowly(
    s: EpicState, st: Stand, gun: Gun, t: Stand, order: str | None, path: Path | None = None
) -> Point | None:
    """`fire.eligible` before the tenth round (line of sight always asked, with `raised`)."""
    rules = s.rules
    if path is None:
        table = math.hypot(t.x - st.x, t.y - st.y)
        alt = t.alt
    else:
        here = st.point
        where, alt = _where(t, here, path)
        table = segment_distance(here, path.start, path.end)
    if rules.measure_edge:
        table = max(0.0, table - 2 * rules.base_radius)
    prof = t.profile
    high_applies = prof.is_flyer or (rules.floaters_high and prof.has("floater"))
    if (st.alt == HIGH) != (high_applies and alt == HIGH):
        table += HIGH_ALTITUDE_EXTRA_CM
    if table > gun.range:
        return None
    if gun.kind == DR and stand_class(t) > DR_MAX_TARGET_CLASS:
        return None
    if path is None:
        where = t.point
    if gun.arc == 180 and not in_front(st, where):
        return None
    if gun.arc == 90 and not _in_quarter(st, where):
        return None
    t_air = (alt != "ground" and flies(t)) or (t.landing and path is not None)
    if t_air and gun.kind in (SHOT, PHYSICAL):
        me = st.profile
        ok, _rule = may_target_airborne(
            aa=gun.aa,
            arc=gun.arc,
            order=order or "",
            titan=me.type == "titan",
            praetorian=me.type == "praetorian",
        )
        if not ok:
            return None
    raised = airborne(st) or alt != "ground" or st.profile.cls >= 5 or stand_class(t) >= 5
    if s.rules.los_terrain and not line_of_sight(st.point, where, areas(s), raised):
        return None
    return where


_GUNS = [
    Gun(30, 1, 5, 0, 360),
    Gun(60, 1, 5, 0, 180),
    Gun(45, 1, 5, 0, 90),
    Gun(40, 1, 5, 0, 180, aa=True),
    Gun(15, 1, 7, 0, 360, kind=DR),
    Gun(25, 1, 4, 0, 360, kind=PHYSICAL),
]


def test_EPC_14_eligible_as_with_line_of_sight_always_asked() -> None:
    """Every pair of stands of seeded games' states (the shooter's own guns and a few
    kinds), standing and along a path, with `los.terrain`, `measure.from` and
    `altitude.floatersHigh` each way; set up: titans, Flyers landed and in the air,
    Floaters, a landing Flyer, shots across the table's buildings."""
    rng = Rng.from_seed(10)
    pairs = seen = 0
    for seed, kept in STATES[::25]:
        for config in (
            {},
            {"los.terrain": False},
            {"measure.from": "edge"},
            {"altitude.floatersHigh": False},
        ):
            s = Epic().clone(kept)
            s.rules = Board(config).s.rules
            stands = list(s.stands.values())
            for st in stands:
                own = [*guns.shot_guns(st), _GUNS[rng.below(len(_GUNS))]]
                for t in stands:
                    if t.side == st.side:
                        continue
                    path = None
                    if rng.below(3) == 0:
                        a = Point(t.x - 10.0, t.y + 5.0)
                        path = Path(a, Point(t.x, t.y), "low", t.alt)
                    for g in own:
                        for order in ("tir_appuye", "avance"):
                            got = fire.eligible(s, st, g, t, order, path)
                            assert got == _eligible_slowly(s, st, g, t, order, path), seed
                            pairs += 1
                            seen += got is not None
    assert pairs > 20000 and seen > 1000
    b = Board()
    units = ["reaver", "thunderbolt", "disques_tzeentch", "tactiques", "thunderhawk", "rhino"]
    units += ["mastodon", "chevalier_bright", "tour_peste"]  # classes 4 and 5
    blocking = [a for a in areas(b.s) if TERRAIN[a.kind].blocks_los]
    for i in range(90):
        x, y = 10.0 + rng.below(160), 10.0 + rng.below(100)
        if i % 3 == 0:  # either side of a piece that blocks the line of sight
            c = blocking[i % len(blocking)].centre
            x, y = c.x + (rng.below(41) - 20.0), c.y + (rng.below(41) - 20.0)
        alt = ("ground", "low", "high")[rng.below(3)]
        unit = units[i % len(units)]
        b.det(i % 2, unit, [(x, y)], alt=alt if CATALOG.units[unit].is_flyer else "ground")
    for st in b.s.stands.values():
        st.landing = st.sid % 7 == 0
    stands = list(b.s.stands.values())
    hidden = 0
    for st in stands:
        for t in stands:
            if t.side != st.side:
                for g in _GUNS + list(guns.shot_guns(st)):
                    for path in (None, Path(Point(t.x + 8.0, t.y), Point(t.x, t.y), "low", t.alt)):
                        got = fire.eligible(b.s, st, g, t, "tir_appuye", path)
                        assert got == _eligible_slowly(b.s, st, g, t, "tir_appuye", path)
                        seen += got is not None
                        there = Point(t.x, t.y)
                        hidden += path is None and not line_of_sight(st.point, there, blocking)
    assert seen > 2000 and hidden > 500


def test_EPC_14_shots_play_as_with_line_of_sight_always_asked(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, targeting, {"eligible": _eligible_slowly}) > 1000
    assert games_both_ways(monkeypatch, fire, {"eligible": _eligible_slowly}) > 1000
    assert games_both_ways(monkeypatch, reactions, {"eligible": _eligible_slowly}) > 1000


# --- headings.shown -----------------------------------------------------------------------


def _bits(v: float) -> bytes:
    return struct.pack("<d", v)


def test_EPC_11_shown_is_round_to_the_bit() -> None:
    """`headings.shown` against `round(·, 1) + 0.0` of each: zeros of either sign, values
    either side of every half-way point of a few thousand (a float apart), far and
    non-finite values, and a hundred thousand seeded ones; the same bits each time."""
    rng = Rng.from_seed(17)
    values = [0.0, -0.0, 0.05, -0.05, 0.25, 2.675, 1.05, 5e-324, -5e-324, 0.04999, -0.051]
    values += [1e8, -1e8, 1e9, 1e12, -1e300, math.inf, -math.inf]
    for k in range(-30000, 30000, 7):
        half = (k + 0.5) / 10.0
        values += [half, math.nextafter(half, math.inf), math.nextafter(half, -math.inf)]
        values.append(k / 10.0)
    values += [(rng.below(2_000_001) - 1_000_000) / 1777.0 for _ in range(100_000)]
    for i, v in enumerate(values):
        w = values[-1 - i]
        a, b = headings.shown(v, w)
        assert (_bits(a), _bits(b)) == (_bits(round(v, 1) + 0.0), _bits(round(w, 1) + 0.0)), (v, w)
    a, b = headings.shown(math.nan, 1.0)
    assert math.isnan(a) and b == 1.0
    assert len(values) > 100_000


def _shown_slowly(dx: float, dy: float) -> tuple[float, float]:
    return round(dx, 1) + 0.0, round(dy, 1) + 0.0


def test_EPC_11_moves_play_as_with_round_texts(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, moves, {"shown": _shown_slowly}) > 1000


# --- guns.shot_guns -----------------------------------------------------------------------


def test_EPC_14_shot_guns_as_usable_keeps_them(monkeypatch: Any) -> None:
    """Every stand of seeded games' states (on the table and aboard), with what earlier
    states kept and with nothing kept; set up: titans with weapon locations lost, a
    landed Flyer."""
    for fresh in (False, True):
        asked = 0
        for seed, s in STATES[::3]:
            if fresh:
                monkeypatch.setattr(guns, "_WEAPONS", {})
            for st in [*s.stands.values(), *s.aboard.values()]:
                assert guns.shot_guns(st) == guns._usable(st)[1], seed
                asked += 1
        assert asked > 5000
    b = Board()
    titan = b.det(0, "reaver", [(50.0, 50.0)])
    flyer = b.det(0, "thunderbolt", [(80.0, 50.0)])
    for damage in ((), ("arme",), ("arme", "jambes", "arme")):
        for st in [*b.s.alive(titan), *b.s.alive(flyer)]:
            st.damage = damage
            for alt in ("ground", "low"):
                st.alt = alt
                got = guns.shot_guns(st)
                assert (
                    got
                    == guns._usable(st)[1]
                    == tuple(
                        fire.weapon_gun(w) for w in fire.weapons_of(st) if not w.has("template")
                    )
                )


# --- the first detachment without an order ------------------------------------------------


def test_EPC_9_first_unordered_with_stands_aboard() -> None:
    """Set up: detachments on the table, all aboard a transport, gone; with and without
    orders: the first of `_unordered` (which asks `present` of each)."""
    for n in range(64):
        b = Board()
        dids = [b.det(0, "tactiques", [(20.0 + 10 * i, 50.0)]) for i in range(3)]
        b.det(1, "tactiques", [(20.0, 90.0)])
        for i, did in enumerate(dids):
            (st,) = b.s.alive(did)
            where = (n >> (2 * i)) & 3  # on the table, aboard, gone
            if where == 1:
                b.s.aboard[st.sid] = b.s.stands.pop(st.sid)
            elif where == 2:
                del b.s.stands[st.sid]
            if where == 3:
                b.s.dets[did].order = "avance"
        todo = turn._unordered(b.s, 0)
        assert turn._first_unordered(b.s, 0) == (todo[0] if todo else None), n


# --- the detachments with Close Defences --------------------------------------------------


def test_EP_3_2_close_defence_detachments_as_with_generators(monkeypatch: Any) -> None:
    asked = 0
    for seed, s in STATES[::2]:
        monkeypatch.setattr(reactions, "_DR_DETS", {})
        table = s.by_det()
        slow = frozenset(
            did
            for did, alive in table.items()
            if any(CATALOG.units[st.unit].param("dr") for st in alive)
        )
        assert reactions._dr_dets(table) == slow, seed
        asked += len(slow)
    assert asked > 100
    b = Board()  # set up: a Close Defence stand after others in its detachment, or none
    mixed = b.det(0, "tactiques", [(50.0, 50.0), (53.0, 50.0)], bound=[("rhino", 56.0, 50.0)])
    plain = b.det(0, "tactiques", [(50.0, 70.0)], bound=[("capitaine", 53.0, 70.0)])
    alone = b.det(1, "rhino", [(90.0, 70.0)])
    assert reactions._dr_dets(b.s.by_det()) == {mixed, alone} and plain not in {mixed, alone}


# --- a move question's legal moves: the stands near passed over ---------------------------


def test_EP_2_4_legal_moves_as_checked_one_by_one() -> None:
    """Set up: a detachment with friends and enemies around it, at the very edge of
    contact and overlap after a heading (on an axis, on a diagonal, a hair either side),
    and seeded ones; each of its candidate vectors as `check` judges it alone."""
    rng = Rng.from_seed(21)
    judged = refused = 0
    for n in range(400):
        b = Board()
        me = b.det(0, "tactiques", [(60.0, 60.0), (63.0, 61.0)], order="avance")
        p = moves.plan(b.s, me, moves.MOVE)
        # the gaps at which two bases overlap and touch (`_Near.overlap`, `touching`)
        gaps = [2 * b.s.rules.base_radius - 1e-9, contact(b.s)]
        for k in range(1 + rng.below(3)):
            mx, my = ((60.0, 60.0), (63.0, 61.0))[rng.below(2)]  # near which mover
            a = 2 * math.pi * rng.below(8) / 8  # after which heading, at hi or hi / 2
            run = p.hi / (1 + rng.below(2))
            c = 2 * math.pi * rng.below(8) / 8  # and on which side of it
            gap = gaps[rng.below(2)] + (rng.below(3) - 1) * 1e-9
            x = mx + run * math.cos(a) + gap * math.cos(c)
            y = my + run * math.sin(a) + gap * math.sin(c)
            if k == 2:
                x, y = 40.0 + rng.below(41), 40.0 + rng.below(41)
            b.det(rng.below(2), "tactiques", [(x, y)])
        near = moves._near(b.s, me, p)
        vectors = [(v[0], v[1]) for v in moves._distinct_headings(p.lo, p.hi)[2]]
        vectors += [(rng.below(401) / 10.0 - 20.0, rng.below(401) / 10.0 - 20.0) for _ in range(20)]
        got = moves._legal_many(b.s, p, near, vectors)
        want = [moves.check(b.s, me, p, dx, dy, near) is None for dx, dy in vectors]
        assert got == want, n
        judged += len(vectors)
        refused += want.count(False)
    assert judged > 3000 and refused > 300
    asked = 0
    for seed, s in STATES[::4]:
        f = s.stack[-1] if s.stack else None
        if f is None or f.kind != "movement" or f.data.get("det", -1) < 0:
            continue
        did = f.data["det"]
        p = moves.plan(s, did, f.data.get("purpose", moves.MOVE))
        near = moves._near(s, did, p)
        vectors = [(v[0], v[1]) for v in moves._distinct_headings(p.lo, p.hi)[2]]
        vectors += moves._toward_enemy(s, did, p)
        want = [moves.check(s, did, p, dx, dy, near) is None for dx, dy in vectors]
        assert moves._legal_many(s, p, near, vectors) == want, seed
        asked += 1
    assert asked > 20


# --- the End phase's objectives -----------------------------------------------------------


def test_EPC_29_objectives_weighed_as_side_by_side() -> None:
    """Seeded games' states at each objective, in the starter and standard scenarios; set
    up: stands at 10 cm on an axis and on a diagonal, a hair either side, in and out of
    cover, in Retraite, in the air."""
    asked = 0
    for seed, kept in STATES:
        for scenario in ("starter", "standard"):
            s = Epic().clone(kept)
            s.rules = Board({"scenario": scenario}).s.rules
            for p in s.table.objectives:
                slow = objectives.strength(s, 0, p), objectives.strength(s, 1, p)
                assert objectives.strengths(s, p) == slow, seed
                asked += bool(slow[0] or slow[1])
    assert asked > 80
    rng = Rng.from_seed(29)
    counted = covered = 0
    for n in range(200):
        b = Board({"scenario": "standard" if n % 2 else "starter"})
        marks = [*b.s.table.objectives, *(a.centre for a in areas(b.s))]  # (terrain: cover)
        p = marks[n % len(marks)]
        d = objectives.HOLD_CM / math.sqrt(2.0)
        spots = [(10.0, 0.0), (0.0, -10.0), (d, d), (-d, d), (10.0 + 1e-9, 0.0)]
        spots += [(math.nextafter(10.0, 0.0), 0.0), (0.0, math.nextafter(10.0, 99.0))]
        for dx, dy in spots + [(rng.below(41) - 20.0, rng.below(41) - 20.0) for _ in range(6)]:
            did = b.det(rng.below(2), "tactiques", [(p.x + dx, p.y + dy)])
            b.s.dets[did].fallback = rng.below(5) == 0
            if rng.below(6) == 0:
                b.s.alive(did)[0].alt = "low"
        slow = objectives.strength(b.s, 0, p), objectives.strength(b.s, 1, p)
        assert objectives.strengths(b.s, p) == slow, n
        counted += slow[0] + slow[1]
        covered += any(cover_save(st.point, areas(b.s)) for st in b.s.stands.values())
    assert counted > 500 and covered > 20


# --- the enemies near a detachment ----------------------------------------------------------


def _near_foes_slowly(s: EpicState, mine: list[Stand]) -> list[Stand]:
    """`world.near_foes` with `bounds` and chained comparisons (before the tenth round)."""
    if not mine:
        return []
    x0, x1, y0, y1 = bounds(mine)
    far = contact(s) + 1e-6
    return [
        e
        for e in s.foes_of(mine[0].side)
        if x0 - far <= e.x <= x1 + far and y0 - far <= e.y <= y1 + far
    ]


def test_EPC_8_near_foes_as_with_chained_comparisons(monkeypatch: Any) -> None:
    """Every detachment of seeded games' states, and set up: enemies at the very edge of
    the widened box (a hair either side) on each side."""
    found = 0
    for seed, s in STATES:
        for alive in s.by_det().values():
            got = near_foes(s, alive)
            assert got == _near_foes_slowly(s, alive), seed
            found += len(got)
    assert found > 40
    b = Board()
    me = b.det(0, "tactiques", [(50.0, 50.0), (56.0, 53.0)])
    far = contact(b.s) + 1e-6
    for dx, dy in [(-far, 0.0), (6.0 + far, 0.0), (0.0, -far), (3.0, 3.0 + far)]:
        for hair in (-1e-9, 0.0, 1e-9):
            b.det(1, "tactiques", [(50.0 + dx + hair, 50.0 + dy + hair)])
    mine = b.s.alive(me)
    got = near_foes(b.s, mine)
    assert got == _near_foes_slowly(b.s, mine) and 0 < len(got) < 12
