"""Epic's shortcuts for speed, issue 15 (seventh round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on states set up on purpose:

- A reaction question (EPC-15, EP-3.2, EP-3.3): the detachments with a Close Defence
  stand on the table are found once per table (`reactions._dr_dets`, kept with the
  `by_det` answer it read) instead of reading each stand's unit at every question.
- A move question (EPC-11, EP-2.4, EP-2.5): what a move can bump into (`moves._near`)
  lists the pieces impassable to each class among the movers, with their boxes, once per
  question, and the movers' spread without a generator; the moves toward the two nearest
  enemies (`moves._toward_enemy`) are found without copying the enemy stands.
- A move in words (issue 13): the search for the enemy nearest to where a move ends
  (`move_texts._Table.nearest`) stops once the enemies met nearest first are too far
  from the detachment's first stand to be as near as the best found.
- A move in words: a move off the eight headings (toward an enemy) gets its text as a
  heading (`move_texts._plain`) only when that text is read: a free point, or no enemy.
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.i18n import Msg
from arbitre.games.epic import move_texts, moves, reactions
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.geometry import EPS, Area, Point, impassable_to, touch_box_of
from arbitre.games.epic.shooting import GROUND
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.world import areas, contact, stand_class
from tests.epic.board import Board
from tests.epic.speed_states import STATES, games_both_ways, reaction_groups_both_ways

# --- a reaction question: the detachments with Close Defences ---------------------------


def _dr_dets_slowly(table: dict[int, list[Stand]]) -> frozenset[int]:
    """`reactions._dr_dets` read afresh from every stand's unit, nothing kept."""
    return frozenset(
        did
        for did, alive in table.items()
        if any(CATALOG.units[st.unit].param("dr") for st in alive)
    )


def test_EPC_15_reactions_found_as_with_every_unit_read(monkeypatch: Any) -> None:
    asked, found = reaction_groups_both_ways(monkeypatch, {"_dr_dets": _dr_dets_slowly})
    assert asked > 50 and found > 20


def test_EPC_15_reactions_play_as_with_every_unit_read(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, reactions, {"_dr_dets": _dr_dets_slowly}) > 1000


def test_EP_3_2_close_defence_detachments_follow_the_table() -> None:
    """Set up: a Rhino (Close Defences) and a squad (none); the Rhino's stands die one by
    one, a stand without Close Defences joins the Rhinos' detachment: each answer is that
    of the table as it is then, never one kept from before."""
    assert CATALOG.units["rhino"].param("dr") and not CATALOG.units["tactiques"].param("dr")
    b = Board()
    squad = b.det(0, "tactiques", [(50.0, 50.0), (52.0, 50.0)])
    rhino = b.det(0, "rhino", [(60.0, 50.0), (62.0, 50.0)])
    s = b.s
    for _ in range(2):  # asked twice of the same table: the kept answer
        got = reactions._dr_dets(s.by_det())
        assert got == _dr_dets_slowly(s.by_det()) == {rhino}
    first, second = (st.sid for st in s.alive(rhino))
    del s.stands[first]
    assert reactions._dr_dets(s.by_det()) == _dr_dets_slowly(s.by_det()) == {rhino}
    moved = s.stands.pop(second)  # out of the dict, into the squad (as binding.py does)
    moved.det = squad
    s.stands[second] = moved
    assert reactions._dr_dets(s.by_det()) == _dr_dets_slowly(s.by_det()) == {squad}
    del s.stands[second]
    assert reactions._dr_dets(s.by_det()) == frozenset()
    b.det(1, "rhino", [(90.0, 50.0)])
    assert reactions._dr_dets(s.by_det()) == _dr_dets_slowly(s.by_det()) == {2}


# --- a move question: what a move can bump into, the moves toward enemies ---------------


def _meets(
    box: tuple[float, float, float, float], x0: float, x1: float, y0: float, y1: float
) -> bool:
    """Whether the box (x0, x1, y0, y1) meets the rectangle x0..x1 × y0..y1 (what
    `moves._meets` was until the tenth round, when nothing of moves.py called it)."""
    return box[0] <= x1 and x0 <= box[1] and box[2] <= y1 and y0 <= box[3]


def _near_slowly(s: EpicState, did: int, p: moves.Plan) -> moves._Near:
    """`moves._near` as before the shortcut: each mover's impassable pieces and their
    boxes asked afresh, the spread by a generator."""
    side = s.dets[did].side
    movers = [s.stands[i] for i in p.movers]
    moving = set(p.movers)
    air = p.flying and not p.land
    lead = movers[0].point if movers else Point(0, 0)
    xs, ys = [st.x for st in movers] or [0.0], [st.y for st in movers] or [0.0]
    box = (min(xs), max(xs), min(ys), max(ys))
    touching = contact(s)
    m = p.hi + touching + 1e-5
    x0, x1, y0, y1 = box[0] - m, box[1] + m, box[2] - m, box[3] + m
    stands = [
        (o.x, o.y, o.side != side)
        for o in s.stands.values()
        if x0 <= o.x <= x1 and y0 <= o.y <= y1 and o.sid not in moving and (o.alt != GROUND) == air
    ]
    zones: list[tuple[Point, int]] = []
    if not (p.flying or p.engage):
        hypot = math.hypot
        spread = max((hypot(b.x - a.x, b.y - a.y) for a in movers for b in movers), default=0.0)
        reach = p.hi + spread + 8.0
        dets, lx, ly = s.dets, lead.x, lead.y
        zones = [
            (e.point, stand_class(e))
            for e in s.foes_of(side)
            if hypot(e.x - lx, e.y - ly) <= reach and e.alt == GROUND and not dets[e.det].fallback
        ]
    others = [st.point for st in s.alive(did) if st.sid not in moving]
    terrain = areas(s)
    stops: list[tuple[Area, ...]] = []
    for st in movers:
        if p.flying:
            stops.append(())
            continue
        r, x, y = p.hi + 1e-6, st.x, st.y
        stops.append(
            tuple(
                ar
                for ar in impassable_to(stand_class(st), terrain)
                if _meets(touch_box_of(ar), x - r, x + r, y - r, y + r)
            )
        )
    starts = [st.point for st in movers]
    overlap = 2 * s.rules.base_radius - EPS
    blocked = any(stops)
    near = (stands, zones, others, movers, starts, stops, blocked, box, overlap, touching)
    return moves._Near(*near)


def _toward_enemy_slowly(s: EpicState, did: int, p: moves.Plan) -> list[tuple[float, float]]:
    """`moves._toward_enemy` as before the shortcut: the enemy stands copied, the two
    nearest kept as (distance, stand) pairs."""
    side = s.dets[did].side
    lead = s.stands[p.movers[0]] if p.movers else None
    if lead is None:
        return []
    engage, lead_air = p.engage, lead.alt != GROUND
    foes = [e for e in s.foes_of(side) if not engage or (e.alt != GROUND) == lead_air]
    lx, ly = lead.x, lead.y
    b1: tuple[float, Stand] | None = None
    b2: tuple[float, Stand] | None = None
    for e in foes:
        d = math.hypot(e.x - lx, e.y - ly)
        if b1 is None or d < b1[0]:
            b1, b2 = (d, e), b1
        elif b2 is None or d < b2[0]:
            b2 = (d, e)
    foes = [b[1] for b in (b1, b2) if b is not None]
    out = []
    gap_to = 2 * s.rules.base_radius + 0.05
    for foe in foes[:2]:
        for sid in p.movers[:3]:
            me = s.stands[sid]
            gap = math.hypot(foe.x - me.x, foe.y - me.y)
            if gap <= 1e-9:
                continue
            if p.engage and gap_to < gap <= p.hi + gap_to:
                k = (gap - gap_to) / gap
            elif not p.engage:
                k = min(1.0, p.hi / gap) * 0.999
                out.append(
                    (moves._clean((foe.x - me.x) * k, 0.05), moves._clean((foe.y - me.y) * k, 0.05))
                )
                continue
            else:
                continue
            out.append(((foe.x - me.x) * k, (foe.y - me.y) * k))
    return out


_MOVE_SLOWLY = {"_near": _near_slowly, "_toward_enemy": _toward_enemy_slowly}


def _plans(s: EpicState) -> list[tuple[int, moves.Plan]]:
    """Every detachment on the table with a plan for each purpose that reads it."""
    out = []
    for d in s.dets:
        if not s.alive(d.did):
            continue
        for purpose in (moves.MOVE, moves.FALLBACK, moves.ZONE, moves.INFILTRATE):
            out.append((d.did, moves.plan(s, d.did, purpose)))
    return out


def test_EPC_11_move_neighbourhood_as_asked_per_mover() -> None:
    met = blocked = 0
    for seed, s in STATES[::4]:
        for did, p in _plans(s):
            quick = moves._near(s, did, p)
            assert quick == _near_slowly(s, did, p), f"seed {seed}"
            assert moves._toward_enemy(s, did, p) == _toward_enemy_slowly(s, did, p)
            met, blocked = met + 1, blocked + quick.blocked
    assert met > 1000 and blocked > 50


def test_EPC_11_moves_play_as_asked_per_mover(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, moves, _MOVE_SLOWLY) > 1000


def test_EPC_11_mixed_classes_by_impassable_terrain() -> None:
    """Set up: a detachment of infantry with a Dreadnought-class and a Rhino stand among
    them (classes 1, 2, 3…) beside the starter table's pieces, at allowances from 0 to
    50 cm, on the ground and charging; and a charge toward enemies at several altitudes."""
    blocked = 0
    for x, y in [(28.0, 48.0), (118.0, 56.0), (160.0, 66.0), (88.0, 50.0), (10.0, 10.0)]:
        b = Board()
        did = b.det(
            0,
            "tactiques",
            [(x, y), (x + 3.0, y)],
            order="avance",
            bound=[("dreadnought_mf", x, y + 3.0), ("rhino", x + 3.0, y + 3.0)],
        )
        b.det(1, "tactiques", [(x + 20.0, y + 5.0), (x - 15.0, y)], order="avance")
        b.det(1, "hell_blade", [(x + 10.0, y - 10.0)], alt="high")
        s = b.s
        classes = {stand_class(st) for st in s.alive(did)}
        assert len(classes) >= 2
        sids = tuple(st.sid for st in s.alive(did))
        for hi in (0.0, 5.0, 15.0, 30.0, 50.0):
            for engage in (False, True):
                p = moves.Plan(sids, 0.0, hi, "EPC-11", engage=engage)
                quick = moves._near(s, did, p)
                assert quick == _near_slowly(s, did, p), (x, y, hi)
                blocked += quick.blocked
                want = _toward_enemy_slowly(s, did, p)
                assert moves._toward_enemy(s, did, p) == want, (x, y, hi)
    assert blocked > 10


# --- a move in words: the nearest enemy --------------------------------------------------


class _TableSlowly(move_texts._Table):
    """`_Table` whose `nearest` measures every enemy not passed over on x or y (the
    search as before the shortcut: no stop)."""

    def nearest(self, dx: float, dy: float) -> int | None:
        if not self.own:
            return self.foes[0][2] if self.foes else None
        ends = [(x + dx, y + dy) for x, y in self.own]
        best, best_at, best_det = math.inf, -1, None
        for at, (ex, ey, edet) in enumerate(self.foes):
            gap = min(math.hypot(ex - x, ey - y) for x, y in ends)
            if gap < best or (gap == best and at < best_at):
                best, best_at, best_det = gap, at, edet
        return best_det


def test_issue_13_nearest_enemy_as_every_enemy_measured() -> None:
    met = 0
    for seed, s in STATES[::2]:
        for d in s.dets:
            if not s.alive(d.did):
                continue
            quick, slow = move_texts._Table(s, d.did), _TableSlowly(s, d.did)
            p = moves.plan(s, d.did, moves.MOVE)
            vectors = [*moves.candidates(s, d.did, p), *moves._toward_enemy(s, d.did, p)]
            vectors += [(x, y) for x in (-60.0, -7.5, 0.0, 12.25, 40.0) for y in (-30.0, 0.0, 9.0)]
            for dx, dy in vectors:
                assert quick.nearest(dx, dy) == slow.nearest(dx, dy), f"seed {seed}"
                met += 1
    assert met > 10000


def test_issue_13_move_words_play_as_every_enemy_measured(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, move_texts, {"_Table": _TableSlowly}) > 1000


def test_issue_13_nearest_enemy_set_up() -> None:
    """Set up: a spread detachment and enemies at equal gaps (the first in table order
    wins), just beyond and just within the stop's bound, and straight along the move."""
    b = Board()
    did = b.det(0, "tactiques", [(50.0, 50.0), (80.0, 50.0), (50.0, 80.0)], order="avance")
    b.det(1, "tactiques", [(95.0, 50.0)])  # 15 from the second stand
    b.det(1, "tactiques", [(50.0, 95.0)])  # 15 from the third: a tie, later in table order
    b.det(1, "tactiques", [(20.0, 20.0), (10.0, 50.0)])
    b.det(1, "tactiques", [(130.0, 110.0)])
    s = b.s
    quick, slow = move_texts._Table(s, did), _TableSlowly(s, did)
    assert quick.nearest(0.0, 0.0) == slow.nearest(0.0, 0.0) == 1
    for dx in (-40.0, -20.0, -5.0, 0.0, 5.0, 14.999999, 15.0, 30.0, 45.0):
        for dy in (-40.0, -20.0, 0.0, 14.999999, 15.0, 45.0, 60.0):
            assert quick.nearest(dx, dy) == slow.nearest(dx, dy), (dx, dy)


# --- a move in words: the heading text of a move toward an enemy, built when read --------


def _plain_slowly(dx: float, dy: float) -> move_texts.Plain:
    """`move_texts._plain` as before the shortcut: every move's text as a heading built
    at once (and kept, as before)."""
    sx, sy = moves.shown(dx, dy)
    cm = round(math.hypot(dx, dy), 1)
    if cm == 0:
        stay = Msg("epic.opt.stay", {"dx": sx, "dy": sy}), ("epic.opt.stay", ())
        got: move_texts.Plain = (sx, sy, cm, True, stay)
    else:
        angle = math.degrees(math.atan2(-dy, dx)) % 360.0
        turns = round(angle / 45.0)
        heading = f"epic.dir.{move_texts.COMPASS[turns % 8]}"
        args = {"dx": sx, "dy": sy, "cm": cm, "dir": heading}
        said: move_texts.Said = ("epic.opt.move", (("cm", cm), ("dir", heading)))
        got = (sx, sy, cm, abs(angle - 45.0 * turns) < 0.5, (Msg("epic.opt.move", args), said))
    move_texts._PLAIN[(dx, dy)] = got
    return got


def _words_slowly() -> dict[str, Any]:
    """The slow `_plain`, with caches of its own (nothing kept from the quick way)."""
    return {"_plain": _plain_slowly, "_PLAIN": {}, "_OPTIONS": {}, "_HEADS": {}}


def test_issue_13_move_texts_as_every_heading_built(monkeypatch: Any) -> None:
    met = lazy = 0
    for seed, s in STATES[::3]:
        for d in s.dets:
            if not s.alive(d.did):
                continue
            p = moves.plan(s, d.did, moves.MOVE)
            vectors = [*moves.candidates(s, d.did, p), *moves._toward_enemy(s, d.did, p)]
            vectors += [(x, y) for x in (-33.3, 0.0, 7.77) for y in (-12.1, 0.0, 20.02)]
            for free in (False, True):
                move_texts._PLAIN.clear()
                quick = [move_texts._Table(s, d.did).words(dx, dy, free) for dx, dy in vectors]
                lazy += sum(v[4] is None for v in move_texts._PLAIN.values())
                with monkeypatch.context() as m:
                    for name, stand_in in _words_slowly().items():
                        m.setattr(move_texts, name, stand_in)
                    table = move_texts._Table(s, d.did)
                    slower = [table.words(dx, dy, free) for dx, dy in vectors]
                assert quick == slower, f"seed {seed}"
                met += len(vectors)
    assert met > 10000 and lazy > 1000


def test_issue_13_move_texts_play_as_every_heading_built(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, move_texts, _words_slowly()) > 1000


def test_issue_13_heading_text_without_enemies(monkeypatch: Any) -> None:
    """Set up: no enemy on the table, so a move off the headings reads as its nearest
    heading (the text left out until read), before and after its vector is kept."""
    b = Board()
    did = b.det(0, "tactiques", [(50.0, 50.0)], order="avance")
    s = b.s
    for dx, dy in [(3.3, -7.1), (-12.25, 0.4), (0.0, 9.0), (0.04, 0.0), (5.0, 5.2)]:
        for free in (False, True):
            move_texts._PLAIN.clear()
            first = move_texts._Table(s, did).words(dx, dy, free)
            again = move_texts._Table(s, did).words(dx, dy, free)
            with monkeypatch.context() as m:
                for name, stand_in in _words_slowly().items():
                    m.setattr(move_texts, name, stand_in)
                slower = move_texts._Table(s, did).words(dx, dy, free)
            assert first == again == slower, (dx, dy, free)
