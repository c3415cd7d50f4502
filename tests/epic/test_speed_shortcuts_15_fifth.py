"""Epic's shortcuts for speed, issue 15 (fifth round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on states set up on purpose.
Moving (the shooting ones: `test_speed_shortcuts_15_fifth_fire.py`):

- Disengaging (research §3.5) and a charge's contact after its flight (EPC-17): the
  enemies near the movers listed once for `engaged`, again after a loss.
- The movement frame (EPC-9, EPC-11): a move question's plan kept with its candidates;
  the next side's movable detachments and powers, found as the activation passes to it,
  read by the activation question that follows.
- A move question's words (EPC-11): the options of the moves before the first toward an
  enemy kept per list of moves, with what they said.
- The transports on the table kept with the stands (`EpicState.carriers`, EPC-21), as
  `by_det` and the Psykers are; the free spots around a transport read only the stands
  near its rings (EP-16.35).
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.decision import Option
from arbitre.engine.rng import Rng
from arbitre.games.epic import (
    air,
    assault,
    move_texts,
    moves,
    transport,
    turn,
)
from arbitre.games.epic.geometry import Point, coherent, path_blocked
from arbitre.games.epic.rules import Epic, settle
from arbitre.games.epic.state import EpicState, Frame, Stand, Stands
from arbitre.games.epic.transport import room
from arbitre.games.epic.world import areas, contact, engaged
from tests.epic.board import Board
from tests.epic.speed_states import GAMES, games_both_ways
from tests.epic.test_speed_shortcuts_15 import _named_slowly


def _engaged_slowly(s: EpicState, st: Stand, near: list[Stand] | None = None) -> list[Stand]:
    """`engaged` reading every enemy stand, whatever list it is handed."""
    return engaged(s, st)


def _outcome(s: EpicState) -> tuple[Any, ...]:
    return (s.snapshot(), list(s.log))


# --- disengaging and a charge's contact ------------------------------------------------


def test_EPC_17_disengage_and_charge_contact_play_as_asking_every_enemy(
    monkeypatch: Any,
) -> None:
    met = games_both_ways(monkeypatch, assault, {"engaged": _engaged_slowly})
    met += games_both_ways(monkeypatch, air, {"engaged": _engaged_slowly})
    assert met > 2000


def _contact_board() -> EpicState:
    """Three Tactical stands in contact with four enemies of different FA, a fifth enemy
    out of contact, a Flyer among them (never attacked)."""
    b = Board()
    b.det(0, "tactiques", [(50.0, 50.0), (52.2, 50.0), (54.4, 50.0)])
    b.det(1, "mille_fils", [(50.0, 52.2), (54.4, 52.2), (70.0, 70.0)])
    b.det(1, "terminators", [(52.2, 47.8)])
    b.det(1, "dreadnought_mf", [(56.6, 50.0)])
    return b.run()


def test_EPC_17_disengage_lists_the_enemies_again_after_a_loss(monkeypatch: Any) -> None:
    """Set up: movers leaving contact with several enemies; with real dice some seeds
    lose stands mid-way. Each seed gives the same stands, dice and log both ways."""
    lost = 0
    for seed in range(40):
        for v in ((0.0, -10.0), (10.0, 0.0), (-3.0, 0.0)):
            quick = _contact_board()
            quick.rng = Rng.from_seed(seed)
            slow = _contact_board()
            slow.rng = Rng.from_seed(seed)
            assault.disengage(quick, [0, 1, 2], *v)
            with monkeypatch.context() as m:
                m.setattr(assault, "engaged", _engaged_slowly)
                assault.disengage(slow, [0, 1, 2], *v)
            assert _outcome(quick) == _outcome(slow), (seed, v)
            assert quick.rng.state == slow.rng.state
            lost += sum(1 for sid in (0, 1, 2) if sid not in quick.stands)
    assert lost > 5


def test_EP_3_3_a_charge_touching_with_its_last_stand_is_a_charge(monkeypatch: Any) -> None:
    """Set up: a charge whose second stand alone ends in contact with a Rhino (Close
    Defences): the reaction offers the counter-charge both ways (EP-3.3)."""
    got = []
    for slow in (False, True):
        b = Board()
        b.det(0, "tactiques", [(50.0, 50.0), (60.0, 50.0)], order="charge")
        b.det(1, "rhino", [(60.0, 62.2)], order="avance")
        s = b.run()
        with monkeypatch.context() as m:
            if slow:
                m.setattr(air, "engaged", _engaged_slowly)
            air.start_flight(s, 0, [0, 1], (0.0, 10.0), "ground", "move")
            settle(s)
        d = Epic().decision(s)
        assert d is not None and any(o.key.startswith("cc:") for o in d.options)
        got.append((d, _outcome(s)))
    assert got[0] == got[1]


# --- the movement frame ----------------------------------------------------------------


def _plan_slowly(s: EpicState, f: Any) -> moves.Plan:
    return moves.plan(s, f.data["det"], f.data.get("purpose", moves.MOVE))


def test_EPC_11_the_kept_plan_plays_as_the_plan_asked_again(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, turn, {"_plan": _plan_slowly}) > 1000


def test_EPC_11_the_kept_plan_is_the_plan_of_the_state() -> None:
    """On the move questions of seeded random games, the plan kept with the candidates
    is the plan asked afresh (detachment, purpose and state as they are)."""
    kept = 0
    r = Epic()
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            f = s.stack[-1]
            if f.kind == "movement" and isinstance(f.memo, turn._Moves):
                assert f.memo.plan == _plan_slowly(s, f), f"seed {seed}"
                kept += 1
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert kept > 100


def test_EPC_9_the_activation_reads_what_the_passing_side_found(monkeypatch: Any) -> None:
    """Without what `auto_movement` found (nothing kept), the games are the same."""
    met = games_both_ways(monkeypatch, turn, {"_Asked": lambda side, todo, powers: None})
    assert met > 1000


def test_EPC_9_the_activation_keeps_nothing_it_read(monkeypatch: Any) -> None:
    """Set up: the side passing finds its enemy's detachments to move; the question that
    follows reads them once and leaves no memo for a later state to read stale."""
    b = Board()
    b.det(0, "tactiques", [(20.0, 20.0)], order="avance")
    b.det(1, "tactiques", [(80.0, 80.0)], order="avance")
    s = b.s
    s.dets[0].moved = True
    s.phase = "movement"
    s = b.run(Frame("movement", 0, {"side": 0, "det": -1}))
    d = Epic().decision(s)
    assert d is not None and d.kind == "epic.activate" and d.seat == 1
    assert [o.key for o in d.options] == ["act:1"]
    assert s.stack[-1].memo is None


def test_EPC_9_kept_activation_options_play_as_built_anew(monkeypatch: Any) -> None:
    def slowly(s: EpicState, did: int) -> Option:
        return Option(f"act:{did}", turn._activate_text(s, did))

    assert games_both_ways(monkeypatch, turn, {"_activate_option": slowly}) > 1000


def test_EPC_9_kept_activation_options_follow_the_order_and_the_name() -> None:
    """Set up: the same detachment asked with each order, then under another name."""
    b = Board()
    b.det(0, "tactiques", [(20.0, 20.0)])
    s = b.run()
    for order in (*turn.GIVEN_ORDERS, None, "retraite", "avance"):
        s.dets[0].order = order
        assert turn._activate_option(s, 0) == Option("act:0", turn._activate_text(s, 0))
    s.dets[0].spec = "autre"
    assert turn._activate_option(s, 0).text.args["det"] == "autre"


# --- the transports kept ---------------------------------------------------------------


def _carriers_slowly(s: EpicState) -> list[Stand]:
    return [st for st in s.stands.values() if room(st) > 0]


def _embark_targets_slowly(s: EpicState, did: int, allowance: float) -> list[int]:
    """`transport.embark_targets` scanning every stand for a transport (EPC-21)."""
    det = s.dets[did]
    mine = s.alive(did)
    if det.disembarked or not mine or any(st.profile.is_flyer for st in mine):
        return []
    reach = allowance - transport.EMBARK_COST_CM
    if reach < 0 or s.embarked(did):
        return []
    hosts = {
        st.det
        for st in s.stands.values()
        if st.side == det.side and st.alt == "ground" and room(st) > 0
    }
    return [
        t.did
        for t in s.dets
        if t.did in hosts and t.did != did and transport.seats_for(s, did, t.did, reach) is not None
    ]


def test_EPC_21_kept_transports_play_as_the_table_scanned(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, EpicState, {"carriers": _carriers_slowly}) > 1000
    slow = {"embark_targets": _embark_targets_slowly}
    assert games_both_ways(monkeypatch, turn, slow) > 1000


def test_EPC_21_transports_to_board_set_up() -> None:
    """Set up: two Rhinos of a side near a Tactical detachment, one of the enemy's, one
    in the air (a Thunderhawk, grounded then flying): those it may board are found."""
    b = Board()
    b.det(0, "tactiques", [(20.0, 20.0), (22.0, 20.0)], order="avance")
    b.det(0, "rhino", [(26.0, 20.0)])
    b.det(0, "rhino", [(20.0, 26.0), (60.0, 60.0)])
    b.det(1, "rhino", [(20.0, 14.0)])
    b.det(0, "thunderhawk", [(16.0, 20.0)])
    s = b.run()
    for alt in ("ground", "high"):
        s.stands[max(s.stands)].alt = alt
        for allowance in (5.0, 10.0, 15.0, 30.0):
            quick = transport.embark_targets(s, 0, allowance)
            assert quick == _embark_targets_slowly(s, 0, allowance), (alt, allowance)
    assert transport.embark_targets(s, 0, 30.0)


def test_EPC_21_kept_transports_are_forgotten_at_every_change() -> None:
    """Set up: a Rhino and a Tactical detachment; each way the dict changes forgets the
    kept transports, a clone keeps none, a plain dict is scanned every time."""
    b = Board()
    b.det(0, "rhino", [(20.0, 20.0), (30.0, 20.0)])
    b.det(1, "tactiques", [(60.0, 60.0)])
    s = b.run()
    rhino = s.stands[0]
    assert s.carriers() == _carriers_slowly(s) == [s.stands[0], s.stands[1]]
    assert s.carriers() is s.carriers()
    changes = [
        lambda: s.stands.__delitem__(rhino.sid),
        lambda: s.stands.__setitem__(rhino.sid, rhino),
        lambda: s.stands.pop(rhino.sid),
        lambda: s.stands.setdefault(rhino.sid, rhino),
        lambda: s.stands.popitem(),
        lambda: s.stands.update({rhino.sid: rhino}),
        lambda: s.stands.__ior__({2: s.stands.get(2) or rhino}),
    ]
    for change in changes:
        before = s.carriers()
        change()
        assert s.stands.carriers is None  # type: ignore[attr-defined]
        assert s.carriers() == _carriers_slowly(s)
        assert s.carriers() is not before or not before
    twin = Epic().clone(s)
    assert type(twin.stands) is Stands and twin.stands.carriers is None
    assert [st.sid for st in twin.carriers()] == [st.sid for st in s.carriers()]
    assert all(st is twin.stands[st.sid] for st in twin.carriers())
    s.stands = dict(s.stands)  # as tests and older callers may set it
    del s.stands[next(iter(s.stands))]
    assert s.carriers() == _carriers_slowly(s)


def _spots_slowly(
    s: EpicState, centre: Point, n: int, cls: int, side: int, airborne: bool
) -> list[Point]:
    """`transport.spots` reading every grounded stand for every spot."""
    out: list[Point] = []
    terrain = areas(s)
    gap, touch = 2 * s.rules.base_radius, contact(s)
    ground = [o for o in s.stands.values() if o.alt == "ground"]
    for radius, count in transport.RINGS:
        for i in range(count):
            a = 2 * math.pi * i / count + math.pi / 2
            p = Point(centre.x + radius * math.cos(a), centre.y + radius * math.sin(a))
            if not (0 <= p.x <= s.table.width and 0 <= p.y <= s.table.height):
                continue
            if not airborne and path_blocked(centre, p, cls, terrain, False):
                continue
            if any(p.to(q) < gap for q in out):
                continue
            if not any(
                p.to(o.point) < gap or (o.side != side and p.to(o.point) <= touch) for o in ground
            ):
                out.append(p)
            if len(out) == n:
                return out if coherent(out, s.rules) else []
    return []


def test_EP_16_35_spots_play_as_every_stand_read(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, transport, {"spots": _spots_slowly}) > 1000


def test_EP_16_35_spots_set_up() -> None:
    """Set up: stands of both sides around a transport, at the edge of the largest ring
    plus contact and a hair either side, on x, y and diagonals, ground and air."""
    rng = Rng.from_seed(3)
    found = 0
    for n in range(160):
        b = Board()
        b.det(0, "rhino", [(60.0, 60.0)])
        for k in range(1 + n % 5):
            # toward a spot of either ring (or anywhere), a base's gap or contact (2 or
            # 2.5 cm) beyond it, a hair or more either side
            ring, count = transport.RINGS[rng.below(2)]
            a = 2 * math.pi * rng.below(count) / count + math.pi / 2
            a += 0.0 if n % 3 else rng.below(360) * math.pi / 180
            d = ring + (2.0, 2.5)[rng.below(2)] + (rng.below(7) - 3) * [1e-7, 1e-3, 0.5][n % 3]
            b.det(k % 2, "tactiques", [(60.0 + d * math.cos(a), 60.0 + d * math.sin(a))])
        s = b.run()
        for want in (1, 6, 9, 14, 20):
            for side in (0, 1):
                quick = transport.spots(s, Point(60.0, 60.0), want, 1, side, n % 7 == 0)
                assert quick == _spots_slowly(s, Point(60.0, 60.0), want, 1, side, n % 7 == 0)
                found += len(quick)
    assert found > 100


# --- a move question's words -----------------------------------------------------------


def _options_slowly(s: EpicState, did: int, cands: list[tuple[float, float]]) -> list[Any]:
    table = move_texts._Table(s, did)
    return _named_slowly([table.words(dx, dy) for dx, dy in cands])


def test_EPC_11_move_options_are_every_move_named_in_turn() -> None:
    """The move questions of seeded random games name their moves as the slow way does
    (each move's words, then two that read the same say more)."""
    r = Epic()
    asked = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            f = s.stack[-1]
            if d.kind == "epic.move" and f.kind == "movement" and f.memo is not None:
                slow = _options_slowly(s, f.data["det"], f.memo)
                assert list(d.options[: len(slow)]) == slow, f"seed {seed}"
                asked += 1
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert asked > 300


def test_EPC_11_move_options_set_up() -> None:
    """Set up: lists of moves mixing headings (some reading the same), moves toward
    enemies and odd vectors, in random orders: named as the slow way names them."""
    b = Board()
    b.det(0, "tactiques", [(40.0, 40.0), (42.0, 41.0)], order="charge")
    b.det(1, "tactiques", [(40.0, 60.0), (52.0, 44.0)])
    b.det(1, "terminators", [(25.0, 30.0)])
    s = b.run()
    pool = [(0.0, 0.0), (10.0, 0.0), (10.0, 0.04), (0.0, -10.0), (7.07, 7.07), (-5.0, 0.0)]
    pool += [(0.0, 17.8), (9.5, 3.6), (-13.0, -8.5), (0.1, 17.8), (2.0, 3.0), (10.0, 3.0)]
    rng = Rng.from_seed(7)
    for n in range(300):
        cands = [pool[rng.below(len(pool))] for _ in range(1 + n % 12)]
        cands = list(dict.fromkeys(cands))  # the candidates of a question differ
        assert list(move_texts._options(s, 0, cands)) == _options_slowly(s, 0, cands)
