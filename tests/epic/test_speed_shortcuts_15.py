"""Epic's shortcuts for speed, issue 15, against the slow, sure way: moves (on the
states of seeded random games, `speed_states`, and on states set up on purpose).

- `move_texts._Table.nearest` passes over the enemy stands farther on x or y than the
  best gap so far, met nearest first (issue 13's move words, EPC-11); the keys "p:i".
- `moves._legal_many` answers `check(...) is None` for every move of a plan at once, with
  stands set in the movers' way on purpose (EPC-11, EP-2.4..2.6); `moves._near` works
  out the movers' spread only for the zones of control it reads (EP-2.5), and asks their
  distance first.
- A move's candidates (EPC-11): the headings deduplicated once per allowance; the move
  words of moves that read the same (`move_texts._named`, each text hashed once).
- The order decision's four options built once (EPC-9), its detachment the first one
  without an order, the others not looked at.
"""

from __future__ import annotations

import math

from arbitre.engine.decision import Option
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng
from arbitre.games.epic import move_texts, moves, turn
from arbitre.games.epic.rules import Epic
from arbitre.games.epic.state import EpicState
from arbitre.games.epic.world import zoc_of
from tests.epic.speed_states import STATES, candidates_slowly

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


def test_EPC_11_nearest_enemy_is_that_of_every_stand_asked() -> None:
    asked = 0
    for seed, s, did, p in _move_states():
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


# --- candidates, words, templates -----------------------------------------------------


def test_EPC_11_candidates_with_headings_deduplicated_once() -> None:
    """The candidates are those of the slow way, on the golden states and with an enemy
    set where a charge's contact move duplicates a heading's key or text (EP-2.4)."""
    r = Epic()
    asked = 0
    for seed, state, did, p in _move_states():
        for setup in (False, True):
            s = state
            if setup:
                s = r.clone(state)
                foes = s.foes_of(s.dets[did].side)
                if not p.movers or not foes:
                    continue
                lead = s.stands[p.movers[0]]
                gap = 2 * s.rules.base_radius + 0.05  # a charge stops this far
                # the two nearest enemies a hair apart (their moves share a key), in
                # contact after a full move east; the others far away
                for i, e in enumerate(foes):
                    e.x, e.y = lead.x + (p.hi + gap if i < 2 else 900.0), lead.y + i * 1e-5
                    e.alt = lead.alt
                s.stands[foes[0].sid] = foes[0]  # what was kept is forgotten
            slow = candidates_slowly(
                s,
                did,
                p,
                lambda dx, dy: moves.check(s, did, p, dx, dy) is None,  # noqa: B023 (called at once)
            )
            assert moves.candidates(s, did, p) == slow, f"seed {seed}"
            asked += 1
    assert asked > 100
    for lo, hi in ((0.0, 0.0), (0.0, 10.0), (5.0, 10.0), (10.0, 10.0), (7.5, 30.0)):
        heads, keys, vectors = moves._distinct_headings(lo, hi)
        firsts: dict[tuple[float, float], moves.Said] = {}
        for said in moves._headings(lo, hi):
            firsts.setdefault(said[2], said)
        assert list(heads) == list(firsts.values())
        assert keys == set(firsts) and vectors == tuple((h[0], h[1]) for h in heads)


def _named_slowly(words: list[tuple[Msg, move_texts.Said]]) -> list[Option]:
    seen: set[move_texts.Said] = set()
    named = []
    for i, (msg, said) in enumerate(words):
        if said in seen and "target" in msg.args:
            msg = Msg(
                "epic.opt.move_toward_dir", {**msg.args, "dir": move_texts._heading(msg.args)}
            )
            said = move_texts._said(msg)
        if said in seen:
            key = "epic.opt.move_bearing" if "target" in msg.args else "epic.opt.move_cap"
            msg = Msg(key, {**msg.args, "deg": move_texts._bearing(msg.args)})
            said = move_texts._said(msg)
        seen.add(said)
        named.append(Option(f"p:{i}", msg))
    return named


def test_EPC_11_words_that_read_the_same_say_more() -> None:
    """Moves toward the same enemy by the same length, in the same or other headings, and
    plain moves alike: the second says its heading, then its bearing, as before."""
    made = []
    for dx, dy in ((10.0, 0.0), (10.0, 0.04), (9.96, 0.9), (0.0, 10.0), (-10.0, 0.0)):
        for target, key in (("a", "epic.opt.move_toward"), (None, "epic.opt.move")):
            args: dict[str, object] = {"dx": dx, "dy": dy, "cm": 10.0}
            args.update({"target": target} if target else {"dir": "epic.dir.e"})
            msg = Msg(key, args)
            made.append((msg, move_texts._said(msg)))
    rng = Rng.from_seed(5)
    for n in range(1, 40):
        words = [made[rng.below(len(made))] for _ in range(n % 9 + 1)]
        assert list(move_texts._named(words)) == _named_slowly(words)
    asked = 0
    for _seed, s, did, _p in _move_states():
        f = s.stack[-1]
        if f.memo is None:
            continue
        table = move_texts._Table(s, did)
        words = [table.words(dx, dy) for dx, dy in f.memo]
        assert list(move_texts._named(words)) == _named_slowly(words)
        asked += 1
    assert asked > 50


def test_EPC_9_the_order_asked_is_of_the_first_detachment_without_one() -> None:
    """On the golden states, and with orders given or stands taken away on purpose."""
    r = Epic()
    met = 0
    for _seed, state in STATES[::3]:
        for side in (0, 1):
            todo = turn._unordered(state, side)
            assert turn._first_unordered(state, side) == (todo[0] if todo else None)
            met += bool(todo)
        s = r.clone(state)
        for d in s.dets[::2]:
            d.order = None  # every other detachment without an order
        for st in s.alive(s.dets[0].did):
            del s.stands[st.sid]  # the first has no stand left (unless some are aboard)
        for side in (0, 1):
            todo = turn._unordered(s, side)
            assert turn._first_unordered(s, side) == (todo[0] if todo else None)
            met += bool(todo)
    assert met > 50
