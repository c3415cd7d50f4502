"""Epic's shortcuts for speed (issue 14) against the slow, sure way, on the states of
seeded random games (the golden games' seeds) and on made-up pieces of terrain.

- `Stands` keeps `by_det` and the enemy stands until the dict changes: `alive`,
  `by_det` and `foes_of` must answer what a scan of the stands answers, at every step.
- `world.pinned_sids` finds every pinned stand in one sweep (research §3.2, EP-16.28).
- `targeting.hits_any` passes over a shooter far from the foes' box (EPC-14).
- `fire.shot_guns`, `templates.template_weapons` are kept by unit (EPC-14, EPC-18).
- A move's candidates (EPC-11, EP-2.4..2.6): the headings kept per allowance, the
  impassable pieces a plan cannot reach left out (`geometry.touch_box`), the end points
  built only when a test reads them; their texts kept per vector and their options per
  list of moves (issue 13).
- `geometry.segment_distance` written out without Points.
- Reactions (EPC-15): a detachment far from every path is passed over at once.
- `moves._legal` (the yes/no of `candidates`) answers `check(...) is None`; the Psykers
  kept with the stands; `world.near_foes` holds every enemy `pinned` and `engaged` find;
  the Combat phase's targets with template guns in one battery (EPC-14, EPC-18).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from arbitre.engine.decision import Option
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.epic import move_texts, moves
from arbitre.games.epic.combat_phase import _order
from arbitre.games.epic.fire import eligible, guns_of, shot_guns, weapon_gun, weapons_of
from arbitre.games.epic.geometry import (
    EPS,
    Area,
    Point,
    coherent,
    impassable_to,
    may_land,
    path_enters_zoc,
    segment_distance,
    touch_box,
    touch_box_of,
)
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.state import EpicState, Stand, Stands
from arbitre.games.epic.targeting import Battery, battery, hits_any
from arbitre.games.epic.templates import template_weapons
from arbitre.games.epic.world import areas, pinned, pinned_sids, stand_class
from tests.epic.speed_states import STATES, candidates_slowly, reaction_groups_both_ways

# --- the stands' kept lists -----------------------------------------------------------


def test_EPC_3_alive_by_det_and_foes_answer_what_a_scan_answers() -> None:
    seen = 0
    for seed, s in STATES:
        assert type(s.stands) is Stands
        for _ in range(2):  # asked twice: the second answer is the kept one
            table = s.by_det()
            for d in s.dets:
                scan = [st for st in s.stands.values() if st.det == d.did]
                assert s.alive(d.did) == scan, f"seed {seed}"
                assert table.get(d.did, []) == scan
            assert set(table) == {st.det for st in s.stands.values()}
            for side in (0, 1):
                assert s.foes_of(side) == [e for e in s.stands.values() if e.side != side]
        seen += 1
    assert seen > 300


def test_EPC_3_every_change_of_the_stands_forgets_what_was_kept() -> None:
    _seed, s = STATES[len(STATES) // 2]
    first = next(iter(s.stands.values()))
    did = first.det

    def kept() -> None:
        s.by_det()
        s.foes_of(0)
        assert s.stands.index is not None and s.stands.sides is not None  # type: ignore[attr-defined]

    def fresh() -> None:
        assert s.alive(did) == [st for st in s.stands.values() if st.det == did]
        assert s.foes_of(first.side) == [e for e in s.stands.values() if e.side != first.side]

    changes = [
        lambda: s.stands.__delitem__(first.sid),
        lambda: s.stands.__setitem__(first.sid, first),
        lambda: s.stands.pop(first.sid),
        lambda: s.stands.setdefault(first.sid, first),
        lambda: s.stands.pop(first.sid, None),
        lambda: s.stands.update({first.sid: first}),
    ]
    for change in changes:
        kept()
        change()
        assert s.stands.index is None and s.stands.sides is None  # type: ignore[attr-defined]
        fresh()
    kept()
    s.stands.clear()
    assert s.alive(did) == [] and s.by_det() == {} and s.foes_of(0) == []


def test_EPC_3_a_plain_dict_of_stands_is_scanned_every_time() -> None:
    _seed, s = STATES[10]
    s.stands = dict(s.stands)  # as tests and older callers may set it
    st = next(iter(s.stands.values()))
    before = s.alive(st.det)
    del s.stands[st.sid]
    assert s.alive(st.det) == [x for x in before if x.sid != st.sid]
    assert all(e.sid != st.sid for e in s.foes_of(1 - st.side))


def test_EPC_3_a_clone_keeps_nothing_of_its_original() -> None:
    _seed, s = STATES[20]
    s.by_det()
    twin = Epic().clone(s)
    assert type(twin.stands) is Stands and twin.stands.index is None
    for did, stands in twin.by_det().items():
        assert all(st is twin.stands[st.sid] for st in stands)
        assert [st.sid for st in stands] == [st.sid for st in s.alive(did)]


# --- pinned, guns, targets ------------------------------------------------------------


def test_research_3_2_pinned_sids_is_pinned_of_every_stand() -> None:
    pins_seen = 0
    for seed, s in STATES:
        slow = {sid for sid, st in s.stands.items() if pinned(s, st)}
        assert pinned_sids(s) == slow, f"seed {seed}"
        pins_seen += len(slow)
    assert pins_seen > 0  # some states have stands in contact


def _hits_any_slowly(s: EpicState, guns: Battery, foes: list[Stand], order: str | None) -> bool:
    return any(
        eligible(s, st, g, t, order) is not None for st, own, _r in guns for t in foes for g in own
    )


def test_EPC_14_hits_any_answers_what_every_shot_answers() -> None:
    yes = no = 0
    for seed, s in STATES[::4]:
        table = s.by_det()
        for d in s.dets:
            if d.did not in table:
                continue
            order = _order(s, d.did)
            guns = battery(guns_of(s, d.did, order))
            for e in s.dets:
                foes = table.get(e.did, [])
                if e.side == d.side or not foes:
                    continue
                got = hits_any(s, guns, foes, order)
                assert got == _hits_any_slowly(s, guns, foes, order), f"seed {seed}"
                yes, no = yes + got, no + (not got)
    assert yes > 50 and no > 50


def test_EPC_14_guns_and_template_weapons_kept_by_unit() -> None:
    for _seed, s in STATES[::10]:
        for st in s.stands.values():
            usable = weapons_of(st)
            assert list(shot_guns(st)) == [weapon_gun(w) for w in usable if not w.has("template")]
            assert template_weapons(st) == [
                (i, w)
                for i, w in enumerate(st.profile.weapons)
                if w.has("template") and w in usable
            ]


def test_geometry_segment_distance_is_the_distance_to_the_nearest_point() -> None:
    rng = Rng.from_seed(5)
    for _ in range(3000):
        p, a, b = (Point(rng.below(4000) / 37.0, rng.below(4000) / 41.0) for _ in range(3))
        if rng.below(10) == 0:
            b = a
        dx, dy = b.x - a.x, b.y - a.y
        length2 = dx * dx + dy * dy
        if length2 == 0:
            slow = p.to(a)
        else:
            t = max(0.0, min(1.0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
            slow = p.to(Point(a.x + t * dx, a.y + t * dy))
        assert segment_distance(p, a, b) == slow


# --- moves: candidates and their words ------------------------------------------------


def test_EPC_11_touch_box_holds_everything_crossed_by_touches() -> None:
    rng = Rng.from_seed(7)
    pieces = [
        Area("bois", 30.0, 40.0, radius=7.5),
        Area("bois", 10.0, 12.0, 25.0, 20.0),
        Area("bois", 50.0, 50.0, 70.0, 58.0, angle=30.0),
        Area("bois", 20.0, 60.0, 22.0, 90.0, angle=-75.0),
    ]
    crossed = 0
    for ar in pieces:
        x0, x1, y0, y1 = touch_box(ar)
        assert touch_box_of(ar) == touch_box(ar) == touch_box_of(ar)  # kept, the same
        for _ in range(4000):
            a = Point(rng.below(1000) / 10.0, rng.below(1000) / 10.0)
            ang, length = rng.below(3600) / 10.0, rng.below(300) / 10.0
            rad = math.radians(ang)
            b = Point(a.x + length * math.cos(rad), a.y + length * math.sin(rad))
            if ar.crossed_by(a, b):
                crossed += 1
                lo_x, hi_x = min(a.x, b.x), max(a.x, b.x)
                lo_y, hi_y = min(a.y, b.y), max(a.y, b.y)
                assert x0 <= hi_x and lo_x <= x1 and y0 <= hi_y and lo_y <= y1, ar
        # a segment ending exactly on the piece's rim (within EPS) still meets its box
        for q in ar.corners() if ar.radius <= 0 else (Point(ar.x0 + ar.radius, ar.y0),):
            assert ar.crossed_by(Point(q.x + 20.0, q.y), q)
            assert x0 <= q.x <= x1 and y0 <= q.y <= y1
    assert crossed > 500


def _check_slowly(
    s: EpicState, did: int, p: moves.Plan, dx: float, dy: float, near: moves._Near
) -> bool:
    """Whether a block move is legal: `moves.check` as it was before the shortcuts (every
    impassable piece, every end point a Point)."""
    dist = math.hypot(dx, dy)
    if dist > p.hi + EPS or dist < p.lo - EPS:
        return False
    if p.facing is not None and dist > EPS:
        turn = (math.degrees(math.atan2(dy, dx)) - p.facing + 180.0) % 360.0 - 180.0
        if abs(turn) > moves.TITAN_TURN + EPS:
            return False
    dests = [Point(x + dx, y + dy) for x, y in near.starts]
    terrain = areas(s)
    for st, start, dest in zip(near.movers, near.starts, dests, strict=True):
        if not (0 <= dest.x <= s.table.width and 0 <= dest.y <= s.table.height):
            return False
        stops = () if p.flying else impassable_to(stand_class(st), terrain)
        if any(ar.crossed_by(start, dest) for ar in stops):
            return False
        if p.land and not may_land(dest, terrain):
            return False
        air = p.flying and not p.land
        every = [
            (o.x, o.y, o.side != s.dets[did].side)
            for o in s.stands.values()
            if o.sid not in p.movers and (o.alt != "ground") == air
        ]
        for ox, oy, enemy in every:  # every stand, not only those `_near` lists
            d = math.hypot(dest.x - ox, dest.y - oy)
            if d < near.overlap or (enemy and not p.engage and d <= near.touching):
                return False
        if near.zones and (dx or dy) and path_enters_zoc(start, dest, near.zones):
            return False
    return not near.others or coherent((*dests, *near.others), s.rules)


def _words_slowly(s: EpicState, did: int, dx: float, dy: float) -> Msg:
    sx, sy = round(dx, 1) + 0.0, round(dy, 1) + 0.0
    cm = round(math.hypot(dx, dy), 1)
    if cm == 0:
        return Msg("epic.opt.stay", {"dx": sx, "dy": sy})
    angle = math.degrees(math.atan2(-dy, dx)) % 360.0
    turns = round(angle / 45.0)
    side = s.dets[did].side
    ends = [(st.x + dx, st.y + dy) for st in s.alive(did)]
    gaps = [
        (min(math.hypot(e.x - x, e.y - y) for x, y in ends), e.det)
        for e in s.stands.values()
        if e.side != side
    ]
    if abs(angle - 45.0 * turns) < 0.5 or not gaps:
        heading = f"epic.dir.{move_texts.COMPASS[turns % 8]}"
        return Msg("epic.opt.move", {"dx": sx, "dy": sy, "cm": cm, "dir": heading})
    target = s.dets[min(gaps, key=lambda g: g[0])[1]].spec
    key = "epic.opt.move_contact" if s.dets[did].order == "charge" else "epic.opt.move_toward"
    return Msg(key, {"dx": sx, "dy": sy, "cm": cm, "target": target})


def test_EPC_11_move_candidates_and_words_are_those_of_the_slow_way() -> None:
    asked = 0
    for seed, s in STATES:
        f = s.stack[-1] if s.stack else None
        d = s.cached
        if f is None or d is None or d.kind != "epic.move" or f.kind != "movement":
            continue
        did = f.data["det"]
        p = moves.plan(s, did, f.data.get("purpose", moves.MOVE))
        # the plan's nearby pieces as `check` reads them, every piece as the slow way does
        near = moves._near(s, did, p)
        full = replace(near, stops=[impassable_to(stand_class(st), areas(s)) for st in near.movers])
        for dx, dy, _key, _text in moves._headings(p.lo, p.hi):
            quick = moves.check(s, did, p, dx, dy, near) is None
            assert quick == _check_slowly(s, did, p, dx, dy, full), f"seed {seed}"
            assert quick == (moves.check(s, did, p, dx, dy) is None)
            assert quick == moves._legal(s, p, dx, dy, near), f"seed {seed}"
        rng = Rng.from_seed(seed * 7 + asked)  # anywhere around, off the table too
        for _ in range(12):
            reach = p.hi + 30.0
            dx = (rng.below(20001) / 10000 - 1) * reach
            dy = (rng.below(20001) / 10000 - 1) * reach
            quick = moves.check(s, did, p, dx, dy, near) is None
            assert moves._legal(s, p, dx, dy, near) == quick, f"seed {seed} ({dx}, {dy})"
        cands = moves.candidates(s, did, p)
        near = moves._near(s, did, p)
        slow = candidates_slowly(
            s,
            did,
            p,
            lambda dx, dy: _check_slowly(s, did, p, dx, dy, near),  # noqa: B023 (called at once)
        )
        assert cands == slow, f"seed {seed}"
        table = move_texts._Table(s, did)
        for dx, dy in cands:
            assert table.words(dx, dy)[0] == _words_slowly(s, did, dx, dy), f"seed {seed}"
        kept = move_texts.move_decision(s, did, d.seat, cands, "move")
        move_texts._PLAIN.clear()  # every text worked out afresh, every option too
        move_texts._OPTIONS.clear()
        assert move_texts.move_decision(s, did, d.seat, cands, "move") == kept
        # the options kept per list of moves are those the detachment's words give
        assert kept.options == move_texts._named([table.words(dx, dy) for dx, dy in cands])
        assert all(type(o) is Option for o in d.options)
        asked += 1
    assert asked > 50


def test_EPC_15_reactions_passed_over_far_away_are_none(monkeypatch: Any) -> None:
    """The reactions found with detachments far from every path passed over at once are
    those found when every detachment is examined (EPC-15, EP-3.2, EP-3.3, EP-11.10)."""
    slow = {"_out_of_reach": lambda *a: False}
    asked, found = reaction_groups_both_ways(monkeypatch, slow)
    assert asked > 20 and found > 5


def test_EP_11_2_kept_psykers_near_foes_and_one_battery_answer_the_slow_way() -> None:
    """`EpicState.psykers` is the table's Psykers by id; `near_foes` of a detachment holds
    every enemy its stands are `pinned` by or `engaged` with (research §3.2, EPC-8); the
    targets (EPC-14, EPC-18) are those the weapons or, apart, the templates may hit."""
    from arbitre.games.epic.combat_phase import targets
    from arbitre.games.epic.templates import template_targets
    from arbitre.games.epic.world import engaged, near_foes

    met = aimed = 0
    for seed, s in STATES:
        scan = sorted(
            [st for st in s.stands.values() if st.profile.has("psyker")], key=lambda x: x.sid
        )
        assert s.psykers() == scan == s.psykers(), f"seed {seed}"
        if type(s.stands) is Stands:  # kept until the stands change (another test may
            assert s.psykers() is s.psykers()  # have given this state a plain dict)
        table = s.by_det()
        for d in s.dets:
            mine = table.get(d.did, [])
            near = near_foes(s, mine)
            for st in mine:
                assert pinned(s, st, near) == pinned(s, st), f"seed {seed}"
                assert engaged(s, st, near) == engaged(s, st), f"seed {seed}"
                met += bool(engaged(s, st))
            if not mine or s.over:
                continue
            order = _order(s, d.did)
            guns = battery(guns_of(s, d.did, order))
            plates = set(template_targets(s, d.did, order))
            slow = [
                e.did
                for e in s.dets
                if e.side != d.side
                and table.get(e.did)
                and (e.did in plates or hits_any(s, guns, table[e.did], order))
            ]
            assert targets(s, d.did) == slow, f"seed {seed}"
            aimed += bool(slow)
    # contact is rare in random play: an enemy stand set against one of each state's
    # first detachment (touching on x, a hair inside), at its altitude
    r = Epic()
    for seed, state in STATES[::5]:
        s = r.clone(state)
        mine = s.alive(s.dets[0].did)
        foes = [e for e in s.foes_of(s.dets[0].side) if mine and e.alt == mine[0].alt]
        if not foes:
            continue
        e = foes[0]
        e.x, e.y = mine[0].x + 2 * s.rules.base_radius - 0.01, mine[0].y
        s.stands[e.sid] = e  # a change of the dict: what was kept is forgotten
        near = near_foes(s, mine)
        for st in mine:
            assert pinned(s, st, near) == pinned(s, st), f"seed {seed}"
            assert engaged(s, st, near) == engaged(s, st), f"seed {seed}"
            met += bool(engaged(s, st))
    assert met > 20 and aimed > 100  # the comparisons met both answers
