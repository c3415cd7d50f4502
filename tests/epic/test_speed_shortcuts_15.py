"""Epic's shortcuts for speed, issue 15, against the slow, sure way, on the states of
seeded random games (the golden games' seeds) and on states set up on purpose.

- `move_texts._Table.nearest` passes over the enemy stands farther on x or y than the
  best gap so far, met nearest first (issue 13's move words, EPC-11); the keys "p:i".
- `moves._legal_many` answers `check(...) is None` for every move of a plan at once, with
  stands set in the movers' way on purpose (EPC-11, EP-2.4..2.6); `moves._near` works
  out the movers' spread only for the zones of control it reads (EP-2.5).
- The order decision's four options built once (EPC-9).
- The Combat phase's targets kept with `combat_phase.aims_key` from one action to the
  next, and from the log of who cannot shoot (EPC-14, EPC-18); each detachment's box
  worked out once (`hits_any`'s `box`); the nearest enemy of "out of range" passes over
  enemies farther on x or y (EPC-14).
- Reactions (EPC-15, EP-3.2): the paths' box and the detachments passed over with loops
  written out; `buildings_in_reach` likewise (EP-5.1); `moves.Plan` a NamedTuple.
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.decision import Option
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.epic import combat_phase, move_texts, moves, reactions, turn, why
from arbitre.games.epic.fire import Path, guns_of
from arbitre.games.epic.geometry import Point
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.state import EpicState
from arbitre.games.epic.targeting import battery, hits_any
from arbitre.games.epic.world import bounds, zoc_of

GAMES = range(0, 1000, 97)  # 11 golden seeds spread over the recorded ones


def _states(games: range = GAMES, every: int = 1) -> list[tuple[int, EpicState]]:
    """(seed, a clone of the state) at every `every`-th decision of seeded random games."""
    r = Epic()
    out = []
    for seed in games:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while (d := r.decision(s)) is not None:
            if n % every == 0:
                out.append((seed, s))
                s = r.clone(s)  # the kept one stays as it was
            r.apply(s, d.options[rng.below(len(d.options))].key)
            n += 1
    return out


STATES = _states(every=3)


# --- the enemy nearest to a move's end ------------------------------------------------


def _nearest_slowly(s: EpicState, did: int, dx: float, dy: float) -> int | None:
    """Every enemy stand in table order, the first with the smallest gap (its smallest
    distance to an end of the detachment's stands moved by (dx, dy))."""
    ends = [(st.x + dx, st.y + dy) for st in s.alive(did)]
    best: tuple[float, int] | None = None
    for e in s.stands.values():
        if e.side == s.dets[did].side:
            continue
        gap = min((math.hypot(e.x - x, e.y - y) for x, y in ends), default=math.inf)
        if best is None or gap < best[0]:
            best = (gap, e.det)
    return None if best is None else best[1]


def test_EPC_11_nearest_enemy_is_that_of_every_stand_asked() -> None:
    asked = 0
    for seed, s in STATES:
        f = s.stack[-1] if s.stack else None
        if f is None or s.cached is None or s.cached.kind != "epic.move":
            continue
        if f.kind != "movement":
            continue
        did = f.data["det"]
        p = moves.plan(s, did, f.data.get("purpose", moves.MOVE))
        table = move_texts._Table(s, did)
        vectors = list(moves.candidates(s, did, p))
        rng = Rng.from_seed(seed * 11 + asked)  # anywhere around, off the table too
        for _ in range(10):
            reach = p.hi + 60.0
            vectors.append(
                ((rng.below(20001) / 10000 - 1) * reach, (rng.below(20001) / 10000 - 1) * reach)
            )
        for dx, dy in vectors:
            assert table.nearest(dx, dy) == _nearest_slowly(s, did, dx, dy), f"seed {seed}"
        asked += 1
    assert asked > 50


def test_EPC_11_nearest_enemy_ties_go_to_the_first_in_table_order() -> None:
    """Enemy stands of three detachments set at the very same distance from the mover,
    the first in table order met last (farther on x + y): it names the detachment; no
    enemy at all is None; a detachment with no stand on the table, the first enemy."""
    r = Epic()
    met = 0
    for seed, state in STATES[::40]:
        s = r.clone(state)
        did = s.dets[0].did
        mine = s.alive(did)
        foes = s.foes_of(s.dets[did].side)
        if not mine or len({e.det for e in foes}) < 3:
            continue
        lead = mine[0]
        for st in mine:
            st.x, st.y = 60.0, 60.0  # whole numbers: the distances below are exact
        # 30 cm each (18, 24 is a 3-4-5 triangle), the first the farthest on x + y; the
        # other enemies far away
        dets: list[int] = []
        spots = ((78.0, 84.0), (90.0, 60.0), (60.0, 30.0))
        for i, e in enumerate(foes):
            if e.det not in dets:
                dets.append(e.det)
                if len(dets) <= 3:
                    e.x, e.y = spots[len(dets) - 1]
                    continue
            e.x, e.y = 400.0 + i, 400.0
        s.stands[lead.sid] = lead  # a change of the dict: what was kept is forgotten
        assert _nearest_slowly(s, did, 0.0, 0.0) == dets[0]
        table = move_texts._Table(s, did)
        for dx, dy in ((0.0, 0.0), (0.0, 0.0001), (-0.0001, 0.0), (3.0, -4.0), (-30.0, 0.0)):
            assert table.nearest(dx, dy) == _nearest_slowly(s, did, dx, dy), f"seed {seed}"
        met += 1
    assert met >= 3
    s = r.clone(STATES[5][1])
    for e in list(s.foes_of(s.dets[0].side)):
        del s.stands[e.sid]
    assert move_texts._Table(s, s.dets[0].did).nearest(1.0, 1.0) is None
    s = r.clone(STATES[5][1])
    gone = s.dets[0].did
    for st in s.alive(gone):
        del s.stands[st.sid]
    first = s.foes_of(s.dets[0].side)[0].det
    assert move_texts._Table(s, gone).nearest(1.0, 1.0) == first


def test_EPC_11_move_keys_are_p_and_their_place() -> None:
    msg = Msg("epic.opt.stay", {"dx": 0.0, "dy": 0.0})
    for n in (1, 64, 70):  # each reads differently: no heading or bearing added
        words: list[tuple[Msg, move_texts.Said]] = [
            (msg, ("epic.opt.stay", (("i", i),))) for i in range(n)
        ]
        assert [o.key for o in move_texts._named(words)] == [f"p:{i}" for i in range(n)]


# --- the legality of a plan's moves at once -------------------------------------------


def _move_states() -> list[tuple[int, EpicState, int, moves.Plan]]:
    out = []
    for seed, s in STATES:
        f = s.stack[-1] if s.stack else None
        if f is None or s.cached is None or s.cached.kind != "epic.move":
            continue
        if f.kind != "movement":
            continue
        did = f.data["det"]
        out.append((seed, s, did, moves.plan(s, did, f.data.get("purpose", moves.MOVE))))
    return out


def _vectors(seed: int, p: moves.Plan) -> list[tuple[float, float]]:
    """The headings, and random moves anywhere around (off the table too)."""
    out = [(dx, dy) for dx, dy, _k, _t in moves._headings(p.lo, p.hi)]
    rng = Rng.from_seed(seed * 13 + int(p.hi))
    for _ in range(12):
        reach = p.hi + 30.0
        out.append(((rng.below(20001) / 10000 - 1) * reach, (rng.below(20001) / 10000 - 1) * reach))
    return out


def test_EP_2_4_legal_many_is_check_of_each_move() -> None:
    asked = refused = 0
    r = Epic()
    for seed, state, did, p in _move_states():
        for bump in (False, True):
            s = state
            if bump:
                # a stand of each side in the movers' way: half the allowance east and
                # north of the lead stand, at its altitude (contact and overlap refusals)
                s = r.clone(state)
                lead = s.stands[p.movers[0]] if p.movers else None
                others = [st for st in s.stands.values() if st.sid not in p.movers]
                if lead is None or len(others) < 2:
                    continue
                for st, (ux, uy) in zip(others[:2], ((1.0, 0.0), (0.0, -1.0)), strict=False):
                    st.x, st.y = lead.x + ux * p.hi / 2, lead.y + uy * p.hi / 2
                    st.alt = lead.alt
                    s.stands[st.sid] = st  # what was kept is forgotten
            near = moves._near(s, did, p)
            vectors = _vectors(seed, p)
            slow = [moves.check(s, did, p, dx, dy, near) is None for dx, dy in vectors]
            assert moves._legal_many(s, p, near, vectors) == slow, f"seed {seed} {bump}"
            assert [moves._legal(s, p, dx, dy, near) for dx, dy in vectors] == slow
            asked += 1
            refused += bump and slow.count(False) > 0
    assert asked > 100 and refused > 20


def test_EP_2_5_near_zones_read_the_spread_of_the_movers() -> None:
    """The zones `_near` keeps are those within the allowance, the movers' spread and
    8 cm of the lead stand; none for a flight or a charge. An enemy ground stand is set
    in reach on purpose (zones are rare in random play)."""
    asked = 0
    r = Epic()
    for _seed, state, did, p in _move_states():
        for s in (state, r.clone(state)):
            movers = [s.stands[i] for i in p.movers]
            side = s.dets[did].side
            if s is not state:  # the clone: an enemy ground stand 5 cm beyond the allowance
                foes = [e for e in s.foes_of(side) if e.alt == "ground"]
                if not movers or not foes:
                    continue
                foes[0].x, foes[0].y = movers[0].x + p.hi + 5.0, movers[0].y
                s.stands[foes[0].sid] = foes[0]  # what was kept is forgotten
                s.dets[foes[0].det].fallback = False
            near = moves._near(s, did, p)
            if p.flying or p.engage:
                assert near.zones == []
                continue
            spread = max((a.point.to(b.point) for a in movers for b in movers), default=0.0)
            lead = movers[0].point
            slow = [z for z in zoc_of(s, side) if lead.to(z[0]) <= p.hi + spread + 8.0]
            assert near.zones == slow
            asked += bool(slow)
    assert asked > 20


def test_EPC_9_order_options_are_the_four_orders() -> None:
    built = tuple(Option(o, Msg(f"epic.order.{o}")) for o in turn.GIVEN_ORDERS)
    assert built == turn.ORDER_OPTIONS
    orders = [s.cached for _seed, s in STATES if s.cached and s.cached.kind == "epic.order"]
    assert len(orders) > 100 and all(d.options == built for d in orders)


# --- the Combat phase's targets kept --------------------------------------------------


def _shooters(s: EpicState) -> list[int]:
    table = s.by_det()
    return [
        d.did
        for d in s.dets
        if d.did in table and combat_phase._order(s, d.did) in combat_phase.SHOOTERS
    ]


def test_EPC_14_kept_targets_are_those_asked_afresh() -> None:
    """Random games, one `kept` carried from state to state as the combat frame carries
    it: the actions found with it are those found without, at every decision; the
    targets the log of who cannot shoot finds are those asked afresh."""
    r = Epic()
    reused = asked = 0
    for seed in range(0, 1000, 61):
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        kept: combat_phase.Kept = {}
        while (d := r.decision(s)) is not None:
            if s.phase == "combat":
                before = dict(kept)
                for side in (0, 1):
                    quick = combat_phase.actions(s, side, None, kept)
                    assert quick == combat_phase.actions(s, side), f"seed {seed}"
                reused += sum(1 for k, v in kept.items() if before.get(k) is v)
                asked += 1
            else:
                kept = {}
            if s.stack and s.stack[-1].kind == "combat" and s.stack[-1].memo:
                memo = s.stack[-1].memo
                for did, (key, aims) in memo.get("kept", {}).items():
                    assert aims == combat_phase.targets(s, did) or key != combat_phase.aims_key(
                        s, did, s.by_det(), combat_phase._foes_key(s, s.dets[did].side)
                    ), f"seed {seed}"
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert asked > 100 and reused > 100


def _edit(s: EpicState, what: str, did: int, mine: int, foe: int | None) -> None:
    """One change of what `targets` reads: of a stand of `did`, of the detachment, of a
    building, of an enemy stand."""
    st = s.stands[mine]
    if what == "x":
        st.x += 7.0
    elif what == "facing":
        st.facing += 90.0
    elif what == "alt":
        st.alt = "high" if st.alt != "high" else "low"
    elif what == "damage":
        st.damage += ("arme",)
    elif what == "dr_used":
        st.dr_used += 1
    elif what == "order":
        s.dets[did].order = "avance" if s.dets[did].order != "avance" else "tir_appuye"
    elif what == "structure":
        s.structure[0] = s.structure.get(0, 1) - 1
    elif foe is not None and what == "foe_y":
        s.stands[foe].y -= 9.0
    elif foe is not None and what == "foe_alt":
        s.stands[foe].alt = "low" if s.stands[foe].alt != "low" else "ground"
    elif foe is not None:
        del s.stands[foe]


def test_EPC_14_aims_key_changes_with_all_targets_read() -> None:
    """States set up on purpose: every change `targets` reads (a stand of either side
    moved, turned, raised, damaged; Close Defences fired; the order; a building's
    Structure Points) changes the key, and the kept targets then are asked afresh."""
    r = Epic()
    changed = 0
    for seed, state in STATES[::25]:
        for did in _shooters(state)[:2]:
            side = state.dets[did].side
            foe_sid = state.foes_of(side)[0].sid if state.foes_of(side) else None
            mine_sid = state.alive(did)[0].sid

            def key(s: EpicState, did: int = did, side: int = side) -> tuple[object, ...]:
                return combat_phase.aims_key(s, did, s.by_det(), combat_phase._foes_key(s, side))

            edits = ["x", "facing", "alt", "damage", "dr_used", "order", "structure"]
            if foe_sid is not None:
                edits += ["foe_y", "foe_alt", "foe_gone"]
            for edit in edits:
                s = r.clone(state)
                kept: combat_phase.Kept = {}
                before = key(s)
                combat_phase.actions(s, side, None, kept)
                _edit(s, edit, did, mine_sid, foe_sid)
                after = key(s)
                assert after != before, f"seed {seed}: {edit}"
                changed += 1
                assert combat_phase.actions(s, side, None, kept) == combat_phase.actions(s, side), (
                    f"seed {seed}"
                )
                if did in kept:
                    assert kept[did][0] == after
    assert changed > 100


def test_EPC_14_log_no_fire_keeps_its_targets_with_their_key() -> None:
    met = 0
    for seed, state in STATES[::4]:
        s = Epic().clone(state)
        seen = why.log_no_fire(s)
        kept = combat_phase.keep(s, seen)
        assert kept.keys() == seen.keys()
        for did, (key, aims) in kept.items():
            assert aims == combat_phase.targets(s, did), f"seed {seed}"
            foes = combat_phase._foes_key(s, s.dets[did].side)
            assert key == combat_phase.aims_key(s, did, s.by_det(), foes)
            met += bool(aims)
    assert met > 50


def test_EPC_14_hits_any_with_the_box_given_and_boxes_kept() -> None:
    met = 0
    for seed, s in STATES[::3]:
        table = s.by_det()
        where: dict[int, tuple[float, float, float, float]] = {}
        for did in _shooters(s):
            order = combat_phase._order(s, did)
            guns = battery(guns_of(s, did, order))
            for e, foes in table.items():
                if s.dets[e].side != s.dets[did].side:
                    got = hits_any(s, guns, foes, order, bounds(foes))
                    assert got == hits_any(s, guns, foes, order), f"seed {seed}"
                    met += got
            aims = combat_phase.targets(s, did, table, None, where)
            assert aims == combat_phase.targets(s, did), f"seed {seed}"
        assert where == {e: bounds(foes) for e, foes in table.items() if e in where}
    assert met > 50


def _nearest_enemy_slowly(s: EpicState, did: int) -> float:
    """The nearest distance between a stand of `did` and an enemy stand, every pair."""
    mine = s.alive(did)
    foes = [e for e in s.stands.values() if e.side != s.dets[did].side]
    return min((a.point.to(b.point) for a in mine for b in foes), default=math.inf)


def test_EPC_14_out_of_range_names_the_nearest_enemy() -> None:
    """'Out of range' says the distance to the nearest enemy; the same on states where
    enemies are set at equal or almost equal distances on purpose."""
    r = Epic()
    ranged = 0
    for seed, state in STATES[::2]:
        for did in _shooters(state):
            for setup in (False, True):
                s = state
                if setup:
                    s = r.clone(state)
                    mine = s.alive(did)
                    foes = s.foes_of(s.dets[did].side)
                    if not mine or len(foes) < 3:
                        continue
                    a = mine[0]  # three enemies 100 cm away, two a hair apart
                    spots = ((100.0, 0.0), (0.0, 100.0), (-100.0, 1e-10))
                    for e, (ux, uy) in zip(foes, spots, strict=False):
                        e.x, e.y = a.x + ux, a.y + uy
                    s.stands[a.sid] = a  # what was kept is forgotten
                msg = why.no_fire(s, did)
                if msg is None or msg.key != "epic.why.range":
                    continue
                assert msg.args["dist"] == round(_nearest_enemy_slowly(s, did), 1), f"seed {seed}"
                ranged += 1
    assert ranged > 30


# --- reactions ------------------------------------------------------------------------


def test_EPC_15_paths_box_is_min_and_max_of_the_ends() -> None:
    rng = Rng.from_seed(15)
    assert reactions._paths_box([]) == (0.0, 0.0, 0.0, 0.0)
    for n in range(1, 30):
        moved = []
        for _ in range(n % 5 + 1):
            a = Point(rng.below(2000) / 10 - 50, rng.below(2000) / 10 - 50)
            b = Point(rng.below(2000) / 10 - 50, rng.below(2000) / 10 - 50)
            moved.append(Path(a, b, "ground", "ground"))
        ends = [q for p in moved for q in (p.start, p.end)]
        xs, ys = [q.x for q in ends], [q.y for q in ends]
        assert reactions._paths_box(moved) == (min(xs), max(xs), min(ys), max(ys))


def test_EPC_15_reactions_passed_over_are_none(monkeypatch: Any) -> None:
    """The reactions found when detachments without order or Close Defences, or far from
    every path, are passed over at once are those found when none is (EPC-15, EP-3.2)."""
    asked = found = 0
    for seed, s in _states(range(0, 1000, 37), every=1):
        f = s.stack[-1] if s.stack else None
        if f is None or f.kind != "react":
            continue
        quick = reactions._groups(s, f)
        with monkeypatch.context() as m:
            m.setattr(reactions, "_out_of_reach", lambda *a: False)
            m.setattr(reactions, "_has_dr", lambda unit: True)
            slow = reactions._groups(s, f)
        assert {k: [(st.sid, g) for st, g in v[0]] for k, v in quick.items()} == {
            k: [(st.sid, g) for st, g in v[0]] for k, v in slow.items()
        }, f"seed {seed}"
        asked, found = asked + 1, found + len(quick)
    assert asked > 20 and found > 5


def test_EP_5_1_buildings_in_reach_of_every_weapon() -> None:
    """The buildings a Demolisher weapon reaches, every stand's every weapon asked (no
    stand passed over for its unit), on the golden states and with a building set next
    to each detachment on purpose."""
    from arbitre.games.epic.combat_phase import buildings_in_reach
    from arbitre.games.epic.fire import weapons_of
    from arbitre.games.epic.world import in_front

    def slowly(s: EpicState, did: int) -> list[int]:
        out = []
        for i, area in enumerate(s.table.areas):
            if s.structure.get(i, 0) <= 0:
                continue
            if any(
                w.has("demolisher")
                and area.distance_to(st.point) <= w.range
                and (w.arc == 360 or in_front(st, area.centre))
                for st in s.alive(did)
                for w in weapons_of(st)
            ):
                out.append(i)
        return out

    found = 0
    for seed, s in STATES[::5]:
        for d in s.dets:
            got = buildings_in_reach(s, d.did)
            assert got == slowly(s, d.did), f"seed {seed}"
            found += len(got)
    # every area a building with Structure Points left, every stand of the table on it
    r = Epic()
    for seed, state in STATES[::50]:
        s = r.clone(state)
        if not s.table.areas:
            continue
        s.structure = {i: 3 for i in range(len(s.table.areas))}
        centre = s.table.areas[0].centre
        for st in s.stands.values():
            st.x, st.y = centre.x, centre.y
        for d in s.dets:
            got = buildings_in_reach(s, d.did)
            assert got == slowly(s, d.did), f"seed {seed}"
            found += len(got)
    assert found > 0


def test_EPC_11_plan_is_an_immutable_record() -> None:
    p = moves.Plan((1, 2), 0.0, 10.0, "EPC-11")
    assert (p.engage, p.flying, p.land, p.facing) == (False, False, False, None)
    assert p == moves.Plan(movers=(1, 2), lo=0.0, hi=10.0, rule="EPC-11")
    try:
        p.hi = 20.0  # type: ignore[misc]
    except AttributeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a Plan was changed")
