"""Issue 18 item 7: every non-default value of every Epic ambiguity option (AMB-EP-n in
/work/shared/rules/epic.md), each with its own test on the table, then pairwise tests
where two options act on the same step. The defaults are tested elsewhere; the table of
option value -> test -> verdict is in docs/epic.md."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbitre.games.epic import moves
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.combat_phase import actions, demolish, may_assault_now
from arbitre.games.epic.dice import elite_left, spend_elite, success
from arbitre.games.epic.fire import Gun, eligible, guns_of, hq_candidates, modifiers_for, wound
from arbitre.games.epic.state import EpicState, Frame
from tests.epic.board import Board, R, answer, rig
from tests.epic.test_play_transport import move_frames, put_aboard

U = CATALOG.units


def combat(b: Board, side: int = 0) -> EpicState:
    return b.run(Frame("end", 0), Frame("combat", side, {"side": side}))


# --- AMB-EP-2: roll.sevenPlus -------------------------------------------------------------


def _seven(config: dict[str, object], dice: list[int], target: int = 7) -> bool:
    s = Board(config).s
    rig(s, dice, then=1)
    return success(s, target)


def test_AMB_EP_2_seven_plus_impossible() -> None:
    """EP-3.2 (seed L18, a DR's 7+): alternative "7+ cannot be rolled unless positive
    modifiers apply": a 6 then a 6 still misses, a 6+ target still hits on a 6."""
    cfg: dict[str, object] = {"roll.sevenPlus": "impossible"}
    assert not _seven(cfg, [6, 6])
    assert _seven(cfg, [6], target=6)


def test_AMB_EP_2_seven_plus_natural_six() -> None:
    """EP-3.2, AMB-EP-2 alternative "a natural 6 always hits": one 6 makes 7+ and 9+,
    without a second die; a 5 does not."""
    cfg: dict[str, object] = {"roll.sevenPlus": "naturalSix"}
    assert _seven(cfg, [6, 1]) and _seven(cfg, [6, 1], target=9)
    assert not _seven(cfg, [5, 6])


# --- AMB-EP-4: elite.pool, elite.scope ------------------------------------------------------


def _expected_pool(s: EpicState, side: int, mode: str) -> int:
    """EP-4.4, AMB-EP-4a worked out from the army list, independently of the code:
    Elite (X) per detachment, X per stand, or 1 per detachment; EP-10.12: a Bound
    Character's X is added."""
    total = 0
    every = [*s.stands.values(), *s.aboard.values()]
    for d in s.dets:
        x = U[d.unit].param("elite")
        if d.side != side or x is None:
            continue
        n = sum(1 for st in every if st.det == d.did and st.unit == d.unit)
        total += {"perDetachment": x, "perStand": x * n, "onePerDetachment": 1}[mode]
    return total + sum(
        U[st.unit].param("elite") or 0
        for st in every
        if st.side == side and U[st.unit].has("bound_character")
    )
    return total


@pytest.mark.parametrize("mode", ["perStand", "onePerDetachment"])
def test_AMB_EP_4a_elite_pool_alternatives_at_setup(mode: str) -> None:
    """Seed L24-L30, EP-4.4; AMB-EP-4a alternatives: X re-rolls per Elite stand, or one
    per Elite detachment, whatever X."""
    s = R.new({"elite.pool": mode}, 3)
    for side in (0, 1):
        assert s.elite[side] == _expected_pool(s, side, mode)
    assert s.elite != R.new({}, 3).elite or mode == "onePerDetachment"


def _two_elite_dets(config: dict[str, object]) -> EpicState:
    b = Board(config)
    b.det(0, "terminators", [(50.0, 50.0)])
    b.det(0, "mille_fils", [(80.0, 50.0)])
    b.det(1, "tactiques", [(150.0, 110.0)])
    s = b.run()
    s.dets[0].elite, s.dets[1].elite = 2, 0
    s.elite = [5, 0]
    s.elite_use = [True, True]
    return s


def test_AMB_EP_4b_elite_scope_detachment() -> None:
    """EP-4.1, AMB-EP-4b alternative: re-rolls usable only by the detachment that
    provided them; the player's pool plays no part."""
    s = _two_elite_dets({"elite.scope": "detachment"})
    term, mf = s.alive(0)[0], s.alive(1)[0]
    assert elite_left(s, term) == 2 and elite_left(s, mf) == 0
    spend_elite(s, term)
    assert s.dets[0].elite == 1 and s.elite == [5, 0]


def test_AMB_EP_4b_elite_scope_turn() -> None:
    """EP-4.1 "au cours de la partie"; AMB-EP-4b alternative: the pool refreshes each
    turn, back to its size at setup."""
    from arbitre.games.epic.turn import auto_turn

    s = R.new({"elite.scope": "turn"}, 3)
    start = list(s.elite)
    s.elite = [0, 0]
    s.stack.append(Frame("turn", 0))
    auto_turn(s, s.stack[-1])
    assert s.elite == start
    g = R.new({}, 3)
    g.elite = [0, 0]
    g.stack.append(Frame("turn", 0))
    auto_turn(g, g.stack[-1])
    assert g.elite == [0, 0]  # default "game": never replenished


# --- AMB-EP-6: breakthrough.exact, breakthrough.bigClasses ---------------------------------


def _winner(config: dict[str, object], unit: str) -> EpicState:
    b = Board(config)
    b.det(0, unit, [(50.0, 50.0)])
    b.det(1, "tactiques", [(150.0, 110.0)])
    s = b.run()
    s.stands[0].won, s.stands[0].duels = 1, 1
    return s


def test_AMB_EP_6a_breakthrough_exact() -> None:
    """EP-2.3 "se déplacer de 5 cm"; AMB-EP-6a alternative: exactly 5 cm (class 1)."""
    p = moves.plan(_winner({"breakthrough.exact": True}, "mille_fils"), 0, moves.BREAKTHROUGH)
    assert (p.lo, p.hi) == (5.0, 5.0)


def test_AMB_EP_6b_breakthrough_big_classes_like_class_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """EP-2.3 lists classes 1 and 2 only; AMB-EP-6b alternative: classes 3+ move 10 cm
    like class 2 (a class-3 stand with Breakthrough, made for the test)."""
    monkeypatch.setitem(
        U, "pred_bt", replace(U["predator_mf"], abilities=(("breakthrough", None),))
    )
    p = moves.plan(_winner({"breakthrough.bigClasses": "likeClass2"}, "pred_bt"), 0, "breakthrough")
    assert p.hi == 10.0 and p.lo == 0.0


@pytest.mark.parametrize("exact", [False, True])
@pytest.mark.parametrize("big", ["none", "likeClass2"])
def test_AMB_EP_6a_x_AMB_EP_6b_pairwise_class_3_breakthrough(
    exact: bool, big: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both options act on the same move (EP-2.3): a class-3 stand moves 0 (6b default)
    or 10 cm (6b alternative), up to (6a default) or exactly (6a alternative)."""
    monkeypatch.setitem(
        U, "pred_bt", replace(U["predator_mf"], abilities=(("breakthrough", None),))
    )
    cfg = {"breakthrough.exact": exact, "breakthrough.bigClasses": big}
    p = moves.plan(_winner(cfg, "pred_bt"), 0, moves.BREAKTHROUGH)
    hi = 10.0 if big == "likeClass2" else 0.0
    assert (p.lo, p.hi) == ((hi if exact else 0.0), hi)


# --- AMB-EP-15o: altitude.floatersHigh -------------------------------------------------------


@pytest.mark.parametrize("floaters", [True, False])
def test_AMB_EP_15o_floaters_high_altitude_range(
    floaters: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EP-16.27 (+25 cm against a Flyer at High altitude, EX-EP-5) names the Flyer only;
    AMB-EP-15o alternative `false`: a Floater at High altitude 40 cm away is in range
    of a 60 cm gun; by default (True) it counts as 65 cm, out of range."""
    floater = replace(U["hydre"], abilities=(("floater", None),))
    monkeypatch.setitem(U, "flotteur", floater)
    b = Board({"altitude.floatersHigh": floaters})
    b.det(0, "tactiques", [(50.0, 30.0)], order="avance")
    b.det(1, "flotteur", [(50.0, 70.0)], alt="high")
    s = b.run()
    got = eligible(s, s.stands[0], Gun(60, 1, 4, 0, 360, aa=True), s.stands[1], "avance")
    assert (got is None) is floaters


# --- AMB-EP-3: dr.combatPhase --------------------------------------------------------------


def test_AMB_EP_3a_close_defences_fire_in_the_combat_phase() -> None:
    """Seed L16-L20 list only interception and counter-charge fire; AMB-EP-3a
    alternative: a DR also fires in the Combat phase, with the 6+ PA 0 profile."""
    b = Board({"dr.combatPhase": True})
    b.det(0, "rhino", [(50.0, 50.0)], order="avance")
    b.det(1, "tactiques", [(50.0, 60.0)])
    s = combat(b)
    drs = [g for _st, g in guns_of(s, 0, "avance") if g.kind == "dr"]
    assert len(drs) == 1 and (drs[0].to_hit, drs[0].pa, drs[0].range) == (6, 0, 15)
    assert not [g for _st, g in guns_of(Board().s, 0, "avance")]  # sanity: empty board
    d = Board()
    d.det(0, "rhino", [(50.0, 50.0)], order="avance")
    d.det(1, "tactiques", [(50.0, 60.0)])
    assert not [g for _st, g in guns_of(combat(d), 0, "avance") if g.kind == "dr"]


# --- AMB-EP-5: demolisher.perHit -----------------------------------------------------------


def test_AMB_EP_5a_demolisher_one_save_per_attack_without_to_hit() -> None:
    """Seed L34-L36 "les attaques … forcent un bâtiment à effectuer une sauvegarde";
    AMB-EP-5a alternative: one save per attack die, no to-hit roll. With every die a 1
    nothing hits by default, but each attack's save fails under the alternative."""
    from arbitre.games.epic.fire import weapons_of

    lost = {}
    for per_hit in (True, False):
        b = Board({"demolisher.perHit": per_hit})
        b.det(0, "reaver", [(89.0, 30.0)], order="tir_appuye")
        b.det(1, "tactiques", [(150.0, 110.0)])
        s = combat(b)
        s.structure = {2: 9}
        rig(s, [], then=1)
        demolish(s, 0, 2)
        lost[per_hit] = 9 - s.structure[2]
    dice = sum(w.dice for w in weapons_of(s.stands[0]) if w.param("demolisher") is not None)
    assert lost[True] == 0 and lost[False] == min(dice, 9) > 0


# --- AMB-EP-7: infiltration.tie ------------------------------------------------------------


@pytest.mark.parametrize(("tie", "first"), [("reroll", 1), ("firstSeat", 0)])
def test_AMB_EP_7a_infiltration_tie(tie: str, first: int) -> None:
    """EP-7.6 (higher D6 moves first): a 3-3 tie is re-rolled (reading: then 2-5, the
    second player) or, alternative, goes to the first seat without another roll."""
    b = Board({"infiltration.tie": tie})
    b.det(0, "tactiques", [(50.0, 20.0)])
    b.det(1, "mille_fils", [(120.0, 100.0)], extra=("infiltration",))
    s = b.s
    rig(s, [3, 3, 2, 5])
    b.run(Frame("infiltrate", 0, {"stage": "start"}))
    d = R.decision(s)
    assert d is not None and d.seat == first


# --- AMB-EP-8: interceptor.move, measure.from (zone radius) ---------------------------------


def test_AMB_EP_8a_interceptor_moves_at_least_half() -> None:
    """EP-8.5 "se déplace de la moitié de son mouvement"; AMB-EP-8a alternative: at least
    half (20 cm of 40) and up to its full move."""
    b = Board({"interceptor.move": "atLeastHalf"})
    b.det(0, "thunderbolt", [(90.0, 20.0), (93.0, 20.0)], order="charge", alt="low")
    b.det(1, "tactiques", [(150.0, 110.0)])
    s = b.run(*move_frames(0))
    p = moves.plan(s, 0, moves.ZONE)
    assert (p.lo, p.hi) == (20.0, 40.0)
    answer(s, "act:0")
    answer(s, "zone")
    lengths = [(dx * dx + dy * dy) ** 0.5 for dx, dy in s.stack[-1].memo]
    assert min(lengths) >= 20.0 - 1e-6 and max(lengths) > 20.0 + 1e-6


def _zone_cross(config: dict[str, object]) -> EpicState:
    """A Thunderbolt zone whose nearest centre is 26 cm from the crossing Hell Blade."""
    b = Board(config)
    b.det(0, "thunderbolt", [(92.0, 60.0)], order="charge", alt="high")
    b.s.dets[0].zone = True
    b.det(1, "hell_blade", [(66.0, 100.0)], order="avance", alt="low")
    s = b.run(*move_frames(1))
    answer(s, "act:1")
    answer(s, "66,50")
    answer(s, "alt:low")
    return s


@pytest.mark.parametrize("measure", ["centre", "edge"])
def test_AMB_EP_8b_zone_radius_follows_measure_from(measure: str) -> None:
    """EP-8.6 "25 cm autour"; AMB-EP-8b / EPC-30: measured from the base edge (`edge`),
    a path 26 cm from the Interceptor's centre is inside the zone (26 - 2 x 1 cm);
    centre to centre (default) it is not. Fixed: the zone used to ignore the option."""
    s = _zone_cross({"measure.from": measure})
    d = R.decision(s)
    assert d is not None and (d.kind == "epic.intercept") is (measure == "edge")


@pytest.mark.parametrize("measure", ["centre", "edge"])
def test_AMB_EP_12b_hq_sacrifice_reach_follows_measure_from(measure: str) -> None:
    """EP-12.3 "à 6 cm"; AMB-EP-12b reads base edge to base edge: a terminator 7 cm
    (centres) from the HQ may be sacrificed with `measure.from=edge`, not by default.
    Fixed: the play path measured centre to centre whatever the option."""
    b = Board({"measure.from": measure})
    b.det(1, "terminators", [(97.0, 50.0)], bound=[("capitaine", 90.0, 50.0)])
    s = b.run()
    assert hq_candidates(s, s.stands[1]) == ([0] if measure == "edge" else [])


# --- AMB-EP-10a: bound.cavalry --------------------------------------------------------------


@pytest.mark.parametrize("cavalry", [True, False])
def test_AMB_EP_10a_bound_character_and_cavalry(
    cavalry: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """EP-10.9 "Infanterie (Cavalerie?)"; AMB-EP-10a alternative `false`: a class-1
    Bound Character joins Infantry only, never a Cavalry detachment."""
    from arbitre.games.epic.binding import hosts

    monkeypatch.setitem(U, "cavaliers", replace(U["tactiques"], type="cavalry"))
    b = Board({"bound.cavalry": cavalry})
    b.det(0, "cavaliers", [(50.0, 50.0)])
    b.det(0, "tactiques", [(80.0, 50.0), (83.0, 50.0)], bound=[("capitaine", 86.0, 50.0)])
    s = b.run()
    got = hosts(s, s.stands[3], "")
    assert 1 in got and (0 in got) is cavalry


# --- AMB-EP-11a: psyker.combatOrders --------------------------------------------------------


def _herald(config: dict[str, object], order: str) -> EpicState:
    b = Board(config)
    b.det(0, "mille_fils", [(50.0, 50.0)], bound=[("heraut", 53.0, 50.0)], order=order)
    b.det(1, "tactiques", [(50.0, 70.0)])
    return combat(b)


def test_AMB_EP_11a_combat_powers_under_any_order() -> None:
    """EP-11.6: a Combat-phase power needs an order that allows it; AMB-EP-11a
    alternative `any`: a Herald on Charge may use Flammes du Changement."""
    from arbitre.games.epic.psychic import powers_for

    assert powers_for(_herald({"psyker.combatOrders": "any"}, "charge"), 0, "combat")
    assert not powers_for(_herald({}, "charge"), 0, "combat")


@pytest.mark.parametrize("mode", ["shooting", "any"])
@pytest.mark.parametrize("order", ["avance", "tir_appuye", "charge"])
def test_AMB_EP_11a_pairwise_psychic_powers_and_orders(mode: str, order: str) -> None:
    """EP-11.6 × the orders (EPC-9): the shooting reading allows Avance and Tir Appuyé;
    `any` allows every order too."""
    from arbitre.games.epic.psychic import powers_for

    got = bool(powers_for(_herald({"psyker.combatOrders": mode}, order), 0, "combat"))
    assert got is (mode == "any" or order in ("avance", "tir_appuye"))


# --- AMB-EP-12a: hq.sacrificeFrom -----------------------------------------------------------


@pytest.mark.parametrize("scope", ["anyDetachment", "ownDetachment"])
def test_AMB_EP_12a_hq_sacrifice_from_own_detachment(scope: str) -> None:
    """EP-12.3 "un socle ami"; AMB-EP-12a alternative: only a stand of the HQ's own
    detachment. A Tactical stand of another detachment 4 cm away is offered only by
    default; the Terminator of the HQ's detachment always."""
    b = Board({"hq.sacrificeFrom": scope})
    b.det(1, "terminators", [(94.0, 50.0)], bound=[("capitaine", 90.0, 50.0)])
    b.det(1, "tactiques", [(86.0, 50.0)])
    s = b.run()
    got = hq_candidates(s, s.stands[1])
    assert 0 in got and (2 in got) is (scope == "anyDetachment")


# --- AMB-EP-14b: command.chargeAssaults -----------------------------------------------------


def _command_charge(config: dict[str, object]) -> EpicState:
    b = Board(config)
    b.det(0, "terminators", [(90.0, 30.0)], order="charge", bound=[("capitaine", 93.0, 30.0)])
    b.det(1, "mille_fils", [(90.0, 45.0)])
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    answer(s, "act:0")
    answer(s, "90,43")
    while (d := R.decision(s)) is not None and d.kind == "epic.react":
        answer(s, "pass")
    return s


@pytest.mark.parametrize("assaults", [True, False])
def test_AMB_EP_14b_command_charge_becomes_pure_avance(assaults: bool) -> None:
    """EP-15.2: a Command Unit on Charge shoots as on Avance after its move; AMB-EP-14b
    alternative `false`: it becomes a pure Avance and no longer assaults."""
    s = _command_charge({"command.chargeAssaults": assaults})
    assert s.dets[0].converted and s.dets[0].order == "avance"
    assert may_assault_now(s, 0) is assaults


# --- AMB-EP-15a/b: flyer.tirAppuyeNoTransport, flyer.evasive --------------------------------


@pytest.mark.parametrize("ta", ["asAvance", "lands"])
def test_AMB_EP_15a_flyer_without_transport_on_tir_appuye(ta: str) -> None:
    """EP-16.2 (Tir Appuyé lands a Flyer) vs EP-16.13 (only Transports land);
    AMB-EP-15a alternative `lands`: a Thunderbolt on Tir Appuyé lands."""
    b = Board({"flyer.tirAppuyeNoTransport": ta})
    b.det(0, "thunderbolt", [(90.0, 20.0)], order="tir_appuye", alt="low")
    b.det(1, "tactiques", [(150.0, 110.0)])
    s = b.run()
    assert moves.plan(s, 0, "move").land is (ta == "lands")


def _landed_hawk(evasive: str) -> EpicState:
    b = Board({"flyer.evasive": evasive})
    b.det(0, "tactiques", [(50.0, 30.0)], order="avance")
    b.det(1, "thunderhawk", [(50.0, 60.0)], order="tir_appuye")
    s = b.run()
    s.stands[1].landing = True  # landed this turn (air.py sets it at the end of the move)
    return s


def test_AMB_EP_15b_evasive_landing_for_the_whole_turn() -> None:
    """EP-16.3 (seed L184): -1 to hit a Flyer while it lands, "cumulatif avec … Cible
    Difficile", even against AA. AMB-EP-15b alternative `wholeTurn`: the evasive -1
    lasts while landed; Cible Difficile (L254) is for Low/High altitude only, so a landed
    Flyer takes -1 from non-AA weapons, not -2, and AA weapons one more than by default.
    Fixed: the alternative used to keep Cible Difficile too."""
    gun, aa = Gun(30, 1, 4, 0, 360), Gun(30, 1, 4, 0, 360, aa=True)
    whole, move = _landed_hawk("wholeTurn"), _landed_hawk("landingMove")
    hw, hm = whole.stands[1], move.stands[1]
    assert modifiers_for(whole, gun, hw, "ground", False) == 1
    assert modifiers_for(move, gun, hm, "ground", False) == 0
    assert modifiers_for(whole, aa, hw, "ground", False) == (
        modifiers_for(move, aa, hm, "ground", False) + 1
    )
    # during the landing move (interception): both, whatever the option (EX-EP-6)
    for s, h in ((whole, hw), (move, hm)):
        assert modifiers_for(s, gun, h, "ground", True) == 1 + 1 + 1  # EPC-15, DT, evasive
        assert modifiers_for(s, aa, h, "ground", True) == 1  # evasive only


# --- AMB-EP-16: assault.phase ---------------------------------------------------------------


def _melee_and_fire(config: dict[str, object]) -> EpicState:
    b = Board(config)
    b.det(0, "mille_fils", [(50.0, 50.0)], order="charge")
    b.det(1, "tactiques", [(50.0, 52.0)], order="tir_appuye")
    b.det(0, "tactiques", [(70.0, 40.0)], order="avance")
    return combat(b)


@pytest.mark.parametrize("phase", ["combat", "separate"])
def test_AMB_EP_16_separate_assault_phase(phase: str) -> None:
    """EP-8.19 / research §3.3: assaults are Combat-phase actions (default); AMB-EP-16
    alternative `separate`: no assault while a detachment may still shoot."""
    s = _melee_and_fire({"assault.phase": phase})
    got = actions(s, 0)
    assert any(k.startswith("fire:2") for k in got)
    assert ("assault:0" in got) is (phase == "combat")


# --- AMB-EP-15j: transport.exitTest ---------------------------------------------------------


@pytest.mark.parametrize("x", [3, 4, 5, 6])
def test_AMB_EP_15j_emergency_exit_test_value(x: int) -> None:
    """EP-16.35 gives no number; AMB-EP-15j: a D6 >= X (research §3.5: 2+). Each
    alternative X: a passenger rolling X-1 dies, one rolling X survives."""
    b = Board({"transport.exitTest": x})
    b.det(0, "rhino", [(50.0, 50.0)])
    b.det(0, "tactiques", [(0.0, 0.0), (0.0, 0.0)])
    s = b.run()
    put_aboard(s, 1, 0)
    rig(s, [x - 1, x])
    wound(s, s.stands[0], "EPC-13")
    assert len(s.alive(1)) == 1 and s.dets[1].lost == 1


# --- pairwise ------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["sixThen", "impossible", "naturalSix"])
def test_AMB_EP_2_x_EP_16_34_pairwise_close_defence_at_dropping_troops(mode: str) -> None:
    """A DR's interception shot needs 7+ (seed L18) and Cible Difficile adds -1 (L242,
    L254): 8+. sixThen: a 6 then 5+; impossible: never; naturalSix: any 6."""
    cfg: dict[str, object] = {"roll.sevenPlus": mode}
    hits = [_seven(cfg, [6, 5], target=8), _seven(cfg, [6, 4], target=8)]
    assert hits == {"sixThen": [True, False], "impossible": [False, False]}.get(mode, [True, True])


@pytest.mark.parametrize("pool", ["perDetachment", "perStand", "onePerDetachment"])
@pytest.mark.parametrize("scope", ["game", "detachment"])
def test_AMB_EP_4a_x_AMB_EP_4b_pairwise_re_rolls_a_stand_may_spend(pool: str, scope: str) -> None:
    """EP-4.1/4.4: the size (4a) and the scope (4b) meet in what one Elite stand may
    spend: its player's whole pool, or its own detachment's share."""
    s = R.new({"elite.pool": pool, "elite.scope": scope}, 3)
    s.elite_use = [True, True]
    term = next(d for d in s.dets if d.unit == "terminators")
    st = s.alive(term.did)[0]
    n = sum(1 for b in [*s.alive(term.did), *s.embarked(term.did)] if b.unit == "terminators")
    own = {"perDetachment": 2, "perStand": 2 * n, "onePerDetachment": 1}[pool]
    own += sum(  # EP-10.12: a Bound Character's re-rolls go to its host detachment
        U[b.unit].param("elite") or 0
        for b in [*s.alive(term.did), *s.embarked(term.did)]
        if b.unit != "terminators"
    )
    assert elite_left(s, st) == (own if scope == "detachment" else s.elite[term.side])


@pytest.mark.parametrize("assaults", [True, False])
@pytest.mark.parametrize("phase", ["combat", "separate"])
def test_AMB_EP_14b_x_AMB_EP_16_pairwise_command_assault_offered(
    assaults: bool, phase: str
) -> None:
    """A converted Command Unit in contact (EP-15.2) assaults only if AMB-EP-14b keeps
    its Charge, and (AMB-EP-16 `separate`) once nobody can shoot any more."""
    s = _command_charge({"command.chargeAssaults": assaults, "assault.phase": phase})
    s.stack.append(Frame("combat", 0, {"side": 0}))
    got = actions(s, 0)
    may_fire = any(not k.startswith("assault") for k in got) or phase == "combat"
    assert ("assault:0" in got) is (assaults and (phase == "combat" or not may_fire))


@pytest.mark.parametrize("tests", [True, False])
@pytest.mark.parametrize("place", ["ask", "auto"])
def test_EPC_28_pairwise_morale_and_fall_back(tests: bool, place: str) -> None:
    """research §3.8: a detachment losing half its stands tests 2D6 >= Morale; on a
    failure it falls back, placed by its owner (`ask`) or the referee (`auto`).
    With `morale.tests=false` nothing happens."""
    b = Board({"morale.tests": tests, "fallback.move": place})
    b.det(0, "tactiques", [(70.0, 30.0)], order="avance")
    b.det(1, "mille_fils", [(70.0, 55.0), (73.0, 55.0)], morale=9)
    s = combat(b)
    rig(s, [5, 1], then=1)
    answer(s, "fire:0:1")
    assert s.dets[1].fallback is tests
    d = R.decision(s)
    asked = d is not None and d.kind == "epic.move" and d.seat == 1
    assert asked is (tests and place == "ask")
    if tests and place == "auto":
        assert s.stands[2].y > 55.0


@pytest.mark.parametrize("x", [2, 4])
@pytest.mark.parametrize("pa", [0, -2])
def test_AMB_EP_15j_x_PA_pairwise_exit_test(x: int, pa: int) -> None:
    """EP-16.35 / research §3.5: the Emergency Exit test X is modified by the killing
    weapon's PA: X - PA (2+ at PA -2 is 4+)."""
    b = Board({"transport.exitTest": x})
    b.det(0, "rhino", [(50.0, 50.0)])
    b.det(0, "tactiques", [(0.0, 0.0), (0.0, 0.0)])
    s = b.run()
    put_aboard(s, 1, 0)
    need = x - pa
    rig(s, [need - 1, need])
    wound(s, s.stands[0], "EPC-13", pa=pa)
    assert len(s.alive(1)) == 1


@pytest.mark.parametrize("evasive", ["landingMove", "wholeTurn"])
def test_EP_16_45_AMB_EP_15b_a_landed_flyer_is_a_ground_target_in_the_combat_phase(
    evasive: str,
) -> None:
    """Seed L258 (EP-16.45): non-AA weapons may aim at Flyers at Low/High altitude "(ou
    lors du mouvement d'atterrissage/décolage)" only on Tir Appuyé with a 360° arc. Once
    landed the Flyer is on the ground (L184, AMB-EP-15b), so a 90° gun on Avance may aim
    at it in the Combat phase, under either option; along its landing move it may not.
    Fixed (default games changed): the landed Flyer stayed unassailable all turn."""
    from arbitre.games.epic.fire import Path
    from arbitre.games.epic.geometry import Point

    s = _landed_hawk(evasive)
    gun = Gun(30, 1, 4, 0, 90)
    shooter, hawk = s.stands[0], s.stands[1]
    assert eligible(s, shooter, gun, hawk, "avance") is not None
    landing = Path(Point(50.0, 70.0), Point(50.0, 60.0), "low", "ground")
    assert eligible(s, shooter, gun, hawk, "avance", landing) is None


# --- gaps settled by options of ours (EPC-n, research) ----------------------------------------


@pytest.mark.parametrize("ones", [True, False])
def test_EPC_12_natural_one_misses_option(ones: bool) -> None:
    """EPC-12 (ours): a natural 1 misses even a 1+ (default); `false`: a 1+ always hits."""
    s = Board({"roll.naturalOneMisses": ones}).s
    rig(s, [1])
    assert success(s, 1) is not ones


@pytest.mark.parametrize("when", ["losing", "losingOrTied"])
def test_EP_4_3_assault_elite_when_tied(when: str) -> None:
    """EP-4.3: Elite re-rolls serve in Assault rolls; `assault.eliteWhen` (ours): spent
    only when losing (default), or also on a tie. Two Terminators tie on 3+3."""
    from arbitre.games.epic.assault import duel

    b = Board({"assault.eliteWhen": when})
    b.det(0, "terminators", [(50.0, 50.0)])
    b.det(1, "terminators", [(50.0, 52.0)])
    s = b.run()
    s.elite = [1, 0]
    rig(s, [3, 3, 3, 3, 6])
    got = duel(s, s.stands[0], s.stands[1])
    assert (s.elite[0], got) == ((0, "a") if when == "losingOrTied" else (1, "tie"))


@pytest.mark.parametrize("attacks", [True, False])
def test_EPC_17_disengage_attacks_option(attacks: bool) -> None:
    """Research §3.5: a stand leaving base contact suffers an opportunity attack per
    enemy in contact; `disengage.attacks=false` (ours) drops them."""
    from arbitre.games.epic.assault import disengage

    b = Board({"disengage.attacks": attacks})
    b.det(0, "tactiques", [(50.0, 50.0)])
    b.det(1, "mille_fils", [(50.0, 52.0)])
    s = b.run()
    rig(s, [], then=6)
    disengage(s, [0], 0.0, -10.0)
    assert (0 in s.stands) is not attacks


@pytest.mark.parametrize("los", [True, False])
def test_EPC_14_line_of_sight_option(los: bool) -> None:
    """EPC-14 (research §3.6, simplified): a forest between two ground stands blocks the
    shot; `los.terrain=false` ignores terrain for sight."""
    b = Board({"los.terrain": los})
    b.det(0, "tactiques", [(28.0, 40.0)], order="avance")
    b.det(1, "tactiques", [(28.0, 76.0)])
    s = b.run()
    got = eligible(s, s.stands[0], Gun(60, 1, 4, 0, 360), s.stands[1], "avance")
    assert (got is None) is los


@pytest.mark.parametrize("penalty", [0, 1, 2])
def test_EPC_26_aa_ground_penalty_values(penalty: int) -> None:
    """Research §3.2 / S3: an AA weapon takes -`aa.groundPenalty` at a ground target of
    class < 5; none at a Flyer in the air."""
    b = Board({"aa.groundPenalty": penalty})
    b.det(0, "hydre", [(50.0, 30.0)], order="avance")
    b.det(1, "tactiques", [(50.0, 50.0)])
    b.det(1, "hell_blade", [(60.0, 50.0)], alt="low")
    s = b.run()
    aa = Gun(30, 1, 4, 0, 360, aa=True)
    assert modifiers_for(s, aa, s.stands[1], "ground", False) == penalty
    assert modifiers_for(s, aa, s.stands[2], "low", False) == 0


@pytest.mark.parametrize("mode", ["points", "majority", "off"])
def test_EPC_29_objectives_option_values(mode: str) -> None:
    """Research §3.9 (ours): each objective held is worth 2 points (`points`), counts
    only to break a tie of objectives (`majority`), or is ignored (`off`): an end-phase
    update with a Tactical stand on an objective takes it except under `off`."""
    from arbitre.games.epic.objectives import OBJECTIVES, bonus, update

    b = Board({"victory.objectives": mode})
    p = OBJECTIVES[0]
    b.det(0, "tactiques", [(p.x, p.y)])
    s = b.run()
    update(s)
    assert (s.objectives[:1] == [0]) is (mode != "off")
    assert bonus(s, 0) == (2 if mode == "points" else 0)
