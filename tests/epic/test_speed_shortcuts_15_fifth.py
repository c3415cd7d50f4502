"""Epic's shortcuts for speed, issue 15 (fifth round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on states set up on purpose.

- Disengaging (research §3.5) and a charge's contact after its flight (EPC-17): the
  enemies near the movers listed once for `engaged`, again after a loss.
- The movement frame (EPC-9, EPC-11): a move question's plan kept with its candidates;
  the next side's movable detachments and powers, found as the activation passes to it,
  read by the activation question that follows.
- Psychic powers (EP-11.6): each enemy detachment's box worked out once per question.
- A volley (EPC-13): the stands a die may hit, ranked once for the shooter's alike guns
  while the stands on the table are the same.
- A move question's words (EPC-11): the options of the moves before the first toward an
  enemy kept per list of moves, with what they said.
- The Combat phase's targets (EPC-14, EPC-18): each stand's part of the battery kept by
  its unit, weapon locations lost, a Flyer on the ground and Close Defences left.
- The transports on the table kept with the stands (`EpicState.carriers`, EPC-21), as
  `by_det` and the Psykers are.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.epic import (
    air,
    assault,
    combat_phase,
    fire,
    move_texts,
    moves,
    psychic,
    transport,
    turn,
)
from arbitre.games.epic.fire import Gun, Path, eligible, volley
from arbitre.games.epic.rules import Epic, settle
from arbitre.games.epic.state import EpicState, Frame, Stand, Stands
from arbitre.games.epic.targeting import battery, hits_any
from arbitre.games.epic.templates import template_weapons
from arbitre.games.epic.transport import room
from arbitre.games.epic.world import bounds, engaged, pinned
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


# --- psychic powers --------------------------------------------------------------------


def _power_targets_slowly(
    s: EpicState, st: Stand, i: int, where: dict[int, Any] | None = None
) -> list[int]:
    """`psychic._targets` as it was: a battery, each detachment's box worked out anew."""
    guns = battery([(st, fire.power_gun(st.profile.powers[i]))])
    order = s.dets[st.det].order
    table = s.by_det()
    return [
        d.did
        for d in s.dets
        if d.side != st.side and hits_any(s, guns, table.get(d.did, []), order)
    ]


def test_EP_11_6_power_targets_play_as_asked_afresh(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, psychic, {"_targets": _power_targets_slowly}) > 1000


def test_EP_11_6_power_targets_set_up(monkeypatch: Any) -> None:
    """Set up: two Psykers and enemies near, far and in between; both phases."""
    b = Board()
    b.det(0, "heraut", [(40.0, 40.0)], order="tir_appuye")
    b.det(0, "heraut", [(90.0, 40.0)], order="avance")
    b.det(1, "tactiques", [(40.0, 55.0), (42.0, 55.0)])
    b.det(1, "terminators", [(120.0, 40.0)])
    b.det(1, "rhino", [(65.0, 10.0)])
    s = b.run()
    found = 0
    for phase in ("movement", "combat"):
        quick = psychic.powers_for(s, 0, phase)
        with monkeypatch.context() as m:
            m.setattr(psychic, "_targets", _power_targets_slowly)
            assert quick == psychic.powers_for(s, 0, phase), phase
        found += len(quick)
    assert found > 0


def test_EP_11_6_a_psyker_at_the_edge_of_its_reach(monkeypatch: Any) -> None:
    """Set up: an enemy at the Herald's ranges (25 and 30 cm), a hair inside and
    outside, on x, y and a diagonal, edge-to-edge measuring or not: the targets are
    those asked afresh (no enemy looked at when every one is beyond reach)."""
    found = 0
    for edge in ("centre", "edge"):
        for gap in (25.0, 30.0, 32.0, 34.0):
            for nudge in (-1e-5, -1e-7, 0.0, 1e-7, 1e-6, 2e-6, 1e-5):
                for ux, uy in ((1.0, 0.0), (0.0, -1.0), (0.6, 0.8)):
                    b = Board({"measure.from": edge})
                    b.det(0, "heraut", [(60.0, 60.0)], order="tir_appuye")
                    d = gap + nudge
                    b.det(1, "tactiques", [(60.0 + ux * d, 60.0 + uy * d)])
                    s = b.run()
                    for phase in ("movement", "combat"):
                        quick = psychic.powers_for(s, 0, phase)
                        with monkeypatch.context() as m:
                            m.setattr(psychic, "_targets", _power_targets_slowly)
                            assert quick == psychic.powers_for(s, 0, phase), (edge, d, phase)
                        found += len(quick)
    assert found > 20


# --- a volley's victims ----------------------------------------------------------------


def _victim_slowly(
    s: EpicState,
    st: Stand,
    gun: Gun,
    target_did: int,
    order: str | None,
    paths: dict[int, Path] | None,
    doomed: dict[int, int],
    kept: Any = None,
) -> tuple[Stand, str] | None:
    """The nearest stand the gun may shoot that is not doomed, every stand asked at
    every die (`fire._victim` before issue 15's fifth round)."""
    best: tuple[float, int, Stand, str] | None = None
    here = st.point
    for t in s.alive(target_did):
        if doomed.get(t.sid, 0) >= t.wounds:
            continue
        path = paths.get(t.sid) if paths else None
        where = eligible(s, st, gun, t, order, path)
        if where is None:
            continue
        key = (here.to(where), t.sid)
        if best is None or key < best[:2]:
            _p, alt = fire._where(t, here, path)
            best = (key[0], key[1], t, alt)
    return None if best is None else (best[2], best[3])


def test_EPC_13_ranked_victims_play_as_asked_at_every_die(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, fire, {"_victim": _victim_slowly}) > 1000


def _transport_board() -> EpicState:
    """A Rhino carrying Tactical stands of its own detachment, a Tactical stand beside
    it, and a Reaver with many dice in range of both: the Rhino's wreck puts stands of
    the target on the table in the middle of the volley (EP-16.35)."""
    b = Board()
    b.det(0, "reaver", [(50.0, 20.0)], order="avance")
    did = b.det(1, "rhino", [(50.0, 50.0)], bound=[("tactiques", 53.0, 50.0)] * 3)
    s = b.s
    rhino = next(st for st in s.alive(did) if st.unit == "rhino")
    for st in [st for st in s.alive(did) if st.unit == "tactiques"][:2]:
        del s.stands[st.sid]
        st.carrier = rhino.sid
        s.aboard[st.sid] = st
    return b.run()


def test_EPC_13_ranked_victims_set_up(monkeypatch: Any) -> None:
    """Set up: volleys of many dice at a detachment whose transport may be wrecked with
    its own stands aboard, with real dice (seeds): the same hits, stands and log both
    ways; some seeds wreck the Rhino and put its passengers on the table."""
    wrecked = 0
    for seed in range(60):
        states = []
        for slow in (False, True):
            s = _transport_board()
            s.rng = Rng.from_seed(seed)
            reaver = s.stands[0]
            guns = [(reaver, Gun(75, 6, 4, 1, 360)), (reaver, Gun(75, 4, 3, 2, 360))]
            with monkeypatch.context() as m:
                if slow:
                    m.setattr(fire, "_victim", _victim_slowly)
                tally = volley(s, guns, 1, "avance")
            states.append((_outcome(s), s.rng.state, tally.args()))
        assert states[0] == states[1], f"seed {seed}"
        wrecked += not any(st.unit == "rhino" for st in s.stands.values())
    assert wrecked > 0


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


# --- the Combat phase's targets --------------------------------------------------------


def _targets_slowly(s: EpicState, did: int) -> list[int]:
    """`combat_phase.targets` before the fifth round (`aims_and_guns`): the guns of
    `guns_of` and the unpinned stands' template Guns in one battery, built anew."""
    order = combat_phase._order(s, did)
    shooters = fire.guns_of(s, did, order)
    plates = [(st, fire.weapon_gun(w)) for st in s.alive(did) for _i, w in template_weapons(st)]
    shooters += [(st, g) for st, g in plates if not pinned(s, st)]
    guns = battery(shooters)
    table = s.by_det()
    return [
        e.did
        for e in s.dets
        if e.side != s.dets[did].side
        and table.get(e.did)
        and hits_any(s, guns, table[e.did], order, bounds(table[e.did]))
    ]


def test_EPC_14_targets_are_those_of_a_battery_built_anew() -> None:
    """At every combat question of seeded random games, for every detachment."""
    r = Epic()
    asked = found = 0
    for seed in GAMES:
        s = r.new({}, seed)
        rng = Rng.from_seed(seed)
        while (d := r.decision(s)) is not None:
            if d.kind == "epic.combat":
                for det in s.dets:
                    quick = combat_phase.targets(s, det.did)
                    assert quick == _targets_slowly(s, det.did), f"seed {seed}"
                    asked, found = asked + 1, found + bool(quick)
            r.apply(s, d.options[rng.below(len(d.options))].key)
    assert asked > 500 and found > 100


def test_EPC_14_targets_set_up() -> None:
    """Set up: stands whose guns depend on what they lost (a titan's weapon locations),
    on the ground (a landed Flyer), on Close Defences left (`dr.combatPhase`) and on
    templates, some pinned, against enemies near and far, at each altitude."""
    met = 0
    for dr_combat in (False, True):
        b = Board({"dr.combatPhase": dr_combat})
        b.det(0, "reaver", [(40.0, 40.0)], order="avance")
        b.det(0, "rhino", [(60.0, 40.0), (62.5, 40.0)], order="tir_appuye")
        b.det(0, "thunderbolt", [(20.0, 60.0)], order="avance")
        b.det(0, "dreadnought_mf", [(80.0, 40.0), (90.0, 40.0)], order="avance")
        b.det(0, "tour_peste", [(100.0, 70.0)], order="tir_appuye")
        b.det(0, "rhino_chaos", [(40.0, 75.0)], order="avance")  # Close Defences alone
        b.det(1, "tactiques", [(40.0, 88.0), (62.5, 42.2), (80.0, 52.0)])
        b.det(1, "tactiques", [(90.0, 42.2), (20.0, 90.0)])
        b.det(1, "thunderhawk", [(55.0, 65.0)], alt="low")
        b.det(1, "terminators", [(100.0, 140.0), (140.0, 100.0)])
        s = b.run()
        for damage, alt, dr_used in (
            ((), "ground", 0),
            (("arme",), "low", 1),
            (("arme",) * 2, "high", 0),
        ):
            for st in s.stands.values():
                if st.side == 0:
                    st.damage, st.dr_used = damage, dr_used
                    st.alt = alt if st.profile.is_flyer else "ground"
            hawk = next(st for st in s.stands.values() if st.unit == "thunderhawk")
            hawk.alt = "high" if alt == "ground" else "ground"
            for det in s.dets:
                quick = combat_phase.targets(s, det.did)
                assert quick == _targets_slowly(s, det.did), (dr_combat, damage, det.did)
                met += len(quick)
    assert met > 20
