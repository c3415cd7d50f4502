"""Epic's shortcuts for speed, issue 15, against the slow, sure way: shooting,
reactions, templates (on the states of seeded random games, `speed_states`, and on states
set up on purpose).

- The Combat phase's targets kept with `combat_phase.aims_key` from one action to the
  next, and from the log of who cannot shoot (EPC-14, EPC-18); each detachment's box
  worked out once (`hits_any`'s `box`); the nearest enemy of "out of range" passes over
  enemies farther on x or y (EPC-14).
- Reactions (EPC-15, EP-3.2): the paths' box and the detachments passed over with loops
  written out; `buildings_in_reach` likewise (EP-5.1); `moves.Plan` a NamedTuple.
- The stands under a template passed over when farther on x (EPC-18).
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.epic import combat_phase, moves, reactions, targeting, why
from arbitre.games.epic.fire import Path, guns_of
from arbitre.games.epic.geometry import Point
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.state import EpicState
from arbitre.games.epic.targeting import battery, hits_any
from arbitre.games.epic.world import bounds
from tests.epic.speed_states import STATES, reaction_groups_both_ways

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
        kept = {e: box for e, box in where.items() if e >= 0}  # detachments' boxes
        assert kept == {e: bounds(foes) for e, foes in table.items() if e in where}
        for side in (0, 1):  # the box of every enemy (tenth round: `targeting.foes_key`)
            every = where.get(targeting.foes_key(side))
            assert every is None or every == bounds(s.foes_of(side)), f"seed {seed}"
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
    slow = {"_out_of_reach": lambda *a: False, "_has_dr": lambda unit: True}
    asked, found = reaction_groups_both_ways(monkeypatch, slow)
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


def test_EPC_18_template_covers_the_stands_within_its_radius() -> None:
    from arbitre.games.epic.templates import _covered

    rng = Rng.from_seed(18)
    for _seed, s in STATES[::7]:
        for _ in range(5):
            p = Point(rng.below(2000) / 10, rng.below(1400) / 10)
            r = rng.below(100) / 10
            slow = [st for st in s.stands.values() if st.point.to(p) <= r + 1e-9]
            assert _covered(s, p, r) == slow
        st = next(iter(s.stands.values()))  # a stand exactly on the rim, on x and y
        for p in (Point(st.x + 3.0, st.y), Point(st.x, st.y - 3.0)):
            assert st in _covered(s, p, 3.0)
