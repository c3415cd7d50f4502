"""Flyers and Interceptors on the table (EP-8, EP-16, EX-EP-9, AMB-EP-8, AMB-EP-15)."""

from __future__ import annotations

import math

import pytest

from arbitre.engine.ruleset import IllegalChoice
from arbitre.games.epic import turn
from arbitre.games.epic.fire import eligible, modifiers_for, weapon_gun, weapons_of
from arbitre.games.epic.moves import plan
from arbitre.games.epic.state import Frame
from arbitre.games.epic.world import pinned, stand_class
from tests.epic.board import Board, R, answer, keys, rig


def move_frames(side: int) -> tuple[Frame, Frame]:
    return Frame("combat", 0, {"side": 0}), Frame("movement", side, {"side": side})


def test_EP_16_12_EP_16_13_EP_16_16_AMB_EP_15_n_starting_altitudes() -> None:
    s = R.new({}, 1)
    d = R.decision(s)
    assert d is not None and d.kind == "epic.altitude"
    did = s.stack[-1].data["todo"][0]
    assert s.dets[did].unit == "thunderhawk" and "alt:ground" in list(d.keys())  # Transport
    answer(s, "alt:high")
    assert {st.alt for st in s.alive(did)} == {"high"}
    d = R.decision(s)
    assert d is not None and d.kind == "epic.altitude" and "alt:ground" not in list(d.keys())


def test_EP_16_1_flyers_receive_the_same_orders() -> None:
    s = R.new({}, 1)
    while (d := R.decision(s)) is not None and d.kind != "epic.order":
        R.apply(s, d.keys()[0])
    seen = {}
    while (d := R.decision(s)) is not None and d.kind == "epic.order":
        did = next(
            x.did for x in s.dets if x.side == d.seat and x.order is None and s.present(x.did)
        )
        seen[s.dets[did].unit] = tuple(d.keys())
        R.apply(s, "avance")
    assert seen["thunderbolt"] == seen["tactiques"] == turn.GIVEN_ORDERS


def _lander(order: str = "tir_appuye") -> Board:
    b = Board()
    b.det(0, "thunderhawk", [(28.0, 10.0)], order=order, alt="low")
    b.det(1, "tactiques", [(150.0, 110.0)], order="tir_appuye")
    return b


def test_EP_16_2_EP_16_5_EP_16_17_EP_16_19_a_flyer_on_tir_appuye_lands() -> None:
    b = _lander()
    s = b.run(*move_frames(0))
    answer(s, "act:0")
    assert all(k.startswith("p:") for k in keys(s))
    answer(s, "p:1")
    st = s.stands[0]
    assert st.alt == "ground" and s.dets[0].landed_turn == s.turn and st.landing
    assert stand_class(st) == 4  # EP-16.19: Super-heavy
    s.dets[0].moved = False
    assert not turn.movable(s, 0)  # EP-16.5, AMB-EP-15d: stays grounded on Tir Appuyé
    s.dets[0].order = "avance"
    assert turn.movable(s, 0)  # takes off next turn with Avance or Charge


def test_EP_16_18_no_landing_in_a_forest() -> None:
    s = _lander().run(*move_frames(0))
    answer(s, "act:0")
    with pytest.raises(IllegalChoice) as err:
        answer(s, "28,58")
    assert err.value.msg.rule == "EP-16.18"


def test_EP_16_32_EP_16_33_EP_16_10_flyer_minimum_move_and_straight_line() -> None:
    b = Board()
    b.det(0, "thunderbolt", [(90.0, 20.0)], order="avance", alt="low")
    b.det(1, "tactiques", [(150.0, 110.0)])
    s = b.run()
    for dx, dy in turn.move_options(s, 0):
        assert 20 - 1e-6 <= math.hypot(dx, dy) <= 40 + 1e-6
    s.dets[0].order = "aucun"
    assert {round(math.hypot(*v), 6) for v in turn.move_options(s, 0)} == {20.0}
    s.dets[0].order = "avance"
    s = b.run(*move_frames(0))
    answer(s, "act:0")
    answer(s, "90,50")
    answer(s, "alt:low")
    assert s.stands[0].facing == pytest.approx(90.0)  # EP-16.33: faces its line


def test_EP_16_7_EP_16_11_EP_16_31_flyers_activate_then_shoot_on_avance() -> None:
    b = Board()
    b.det(0, "thunderbolt", [(90.0, 20.0)], order="avance", alt="low")
    b.det(1, "tactiques", [(90.0, 50.0)], order="tir_appuye")
    s = b.run(*move_frames(0))
    assert keys(s) == ["act:0"]
    from arbitre.games.epic.combat_phase import actions

    assert "fire:0:1" in actions(s, 0)


def test_EP_16_8_EP_8_1_a_charging_flyer_engages_aircraft_at_their_altitude() -> None:
    b = Board()
    b.det(0, "thunderbolt", [(50.0, 30.0)], order="charge", alt="low")
    b.det(1, "hell_blade", [(50.0, 60.0)], order="avance", alt="high")
    s = b.run(*move_frames(0))
    answer(s, "act:0")
    assert set(keys(s)) == {"zone", "assault"}  # EP-8.2
    answer(s, "assault")
    p = plan(s, 0, "move")
    assert p.hi == 40  # EP-16.8: not doubled
    answer(s, "50,57.5")
    st = s.stands[0]
    assert st.alt == "high"  # EP-16.8: at the altitude of what it engaged
    from arbitre.games.epic.combat_phase import actions

    assert "assault:0" in actions(s, 0)


def test_EP_16_20_EP_16_25_EP_16_28_EP_16_29_who_engages_flyers_on_the_table() -> None:
    b = Board()
    b.det(0, "terminators", [(50.0, 50.0)], order="charge")
    b.det(1, "thunderhawk", [(50.0, 52.0)], alt="low")
    s = b.run()
    from arbitre.games.epic.assault import assault_pairs

    assert assault_pairs(s, 0) == []  # EP-16.20: only Flyers/Floaters reach Low altitude
    s.stands[1].alt = "high"
    assert assault_pairs(s, 0) == []  # EP-16.25
    s.stands[1].alt = "ground"
    assert assault_pairs(s, 0)  # EP-16.29: any ground troop engages a landed Flyer
    assert not pinned(s, s.stands[1])  # EP-16.28: never blocked in Assault
    assert pinned(s, s.stands[0])  # the terminators are pinned by a class-4 stand


def test_EP_16_23_EP_16_26_airborne_stands_are_seen_over_the_forest() -> None:
    b = Board()
    b.det(0, "hydre", [(28.0, 40.0)], order="tir_appuye")
    b.det(1, "tactiques", [(28.0, 76.0)])
    s = b.run()
    gun = weapon_gun(weapons_of(s.stands[0])[0])
    assert eligible(s, s.stands[0], gun, s.stands[1], "tir_appuye") is None  # forest
    s.stands[1].unit = "hell_blade"
    s.stands[1].alt = "low"
    assert eligible(s, s.stands[0], gun, s.stands[1], "tir_appuye") is not None


def test_EP_16_27_high_altitude_adds_25cm_on_the_table() -> None:
    b = Board()
    b.det(0, "hydre", [(90.0, 20.0)], order="tir_appuye")
    b.det(1, "hell_blade", [(90.0, 60.0)], alt="high")
    s = b.run()
    gun = weapon_gun(weapons_of(s.stands[0])[0])  # 60 cm
    assert eligible(s, s.stands[0], gun, s.stands[1], "tir_appuye") is None  # 65 cm
    s.stands[1].alt = "low"
    assert eligible(s, s.stands[0], gun, s.stands[1], "tir_appuye") is not None


def test_EP_16_37_EP_16_6_EP_16_40_flyer_arcs_and_landed_flyers() -> None:
    b = Board()
    b.det(0, "thunderhawk", [(90.0, 50.0)], alt="low")
    b.det(1, "tactiques", [(90.0, 80.0)])
    s = b.run()
    hawk = s.stands[0]
    gun = weapon_gun(weapons_of(hawk)[0])
    assert gun.arc == 180 and eligible(s, hawk, gun, s.stands[1], "avance") is not None
    hawk.facing = -90.0  # target now behind: outside the 180° frontal arc
    assert eligible(s, hawk, gun, s.stands[1], "avance") is None
    hawk.alt = "ground"
    assert weapons_of(hawk) == []  # only 360° weapons once landed


def test_EP_16_39_rear_shots_at_vehicles_gain_a_pa() -> None:
    from arbitre.games.epic.fire import Roll, take_hit

    b = Board()
    b.det(0, "thunderbolt", [(110.0, 20.0)], alt="low")
    b.det(1, "rhino", [(110.0, 45.0)], facing=90.0)  # facing away from the Flyer
    s = b.run()
    gun = weapon_gun(weapons_of(s.stands[0])[0])
    rig(s, [5])  # rhino 4+ at PA -1 -> 5+; from the rear PA -2 -> 6+: fails
    assert take_hit(s, s.stands[0], s.stands[1], gun, Roll(s, s.stands[1]))
    s.stands[1].facing = -90.0
    rig(s, [5])
    assert not take_hit(s, s.stands[0], s.stands[1], gun, Roll(s, s.stands[1]))


def test_EP_16_3_EP_16_14_EP_16_44_EP_16_45_shots_at_a_landing_flyer() -> None:
    from arbitre.games.epic.fire import Path, _where
    from arbitre.games.epic.geometry import Point

    b = Board()
    b.det(0, "rhino", [(90.0, 20.0)], order="tir_appuye")
    b.det(1, "thunderhawk", [(90.0, 40.0)], alt="ground")
    s = b.run()
    hawk = s.stands[1]
    hawk.landing = True
    path = Path(Point(90, 60), Point(90, 30), "low", "ground")
    near, alt = _where(hawk, s.stands[0].point, path)
    assert alt == "ground" and near.y == 30  # EP-16.14: past the midpoint, landed
    far = Path(Point(90, 30), Point(90, 60), "low", "ground")
    assert _where(hawk, s.stands[0].point, far)[1] == "low"
    gun = weapon_gun(weapons_of(s.stands[0])[0])  # 360°, not AA
    assert eligible(s, s.stands[0], gun, hawk, "tir_appuye", far) is not None
    assert eligible(s, s.stands[0], gun, hawk, "avance", far) is None  # EP-16.45
    # EP-16.3 + EP-16.44 + interception: +3 on the to-hit number
    assert modifiers_for(s, gun, hawk, "low", interception=True) == 3


# --- Interceptors (EP-8) ------------------------------------------------------------------


def _zone_board() -> Board:
    b = Board()
    b.det(0, "thunderbolt", [(90.0, 60.0), (93.0, 60.0)], order="charge", alt="high")
    b.s.dets[0].zone = True
    b.det(1, "hell_blade", [(60.0, 100.0), (63.0, 100.0), (66.0, 100.0)], order="avance", alt="low")
    return b


def test_EP_8_2_EP_8_3_EP_8_4_EP_8_5_EP_8_6_EP_8_7_AMB_EP_8_a_a_zone_is_made() -> None:
    b = Board()
    b.det(0, "thunderbolt", [(90.0, 20.0), (93.0, 20.0)], order="charge", alt="low")
    b.det(1, "tactiques", [(150.0, 110.0)])
    s = b.run(*move_frames(0))
    answer(s, "act:0")  # EP-8.4: activated in the Normal Movement Phase
    answer(s, "zone")  # EP-8.2/8.3: declared on revealing its Charge
    d = R.decision(s)
    assert d is not None
    for dx, dy in s.stack[-1].memo:
        assert math.hypot(dx, dy) == pytest.approx(20.0)  # EP-8.5: exactly half
    answer(s, "p:1")
    assert s.dets[0].zone and {st.alt for st in s.alive(0)} == {"high"}  # EP-8.5/8.6/8.7
    view = R.view(s, 1)
    assert view["detachments"][0]["order"] == "charge"  # EP-8.7: token shown


def test_EP_8_8_EP_8_9_EP_8_10_EP_8_13_EP_8_15_EP_8_16_EP_8_17_EP_8_18_EP_8_19() -> None:
    """EX-EP-9: a squadron crossing a zone is stopped, fought, and finishes its move."""
    s = _zone_board().run(*move_frames(1))
    answer(s, "act:1")
    answer(s, "60,50")
    answer(s, "alt:low")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.intercept" and d.seat == 0  # EP-8.9
    assert "pass" in list(d.keys()) and "icpt:0" in list(d.keys())  # EP-8.8: anywhere in the zone
    rig(s, [], then=3)
    answer(s, "icpt:0")
    third = [st for st in s.alive(1) if st.sid == 4]
    assert not third or third[0].duels == 0  # EP-8.13: one target not engaged
    assert not s.dets[0].zone  # EP-8.17
    for st in s.alive(0):
        assert st.alt == "low" and st.duels == 1  # EP-8.18, EP-8.19
    for st in s.alive(1):
        assert st.y == pytest.approx(50.0)  # EP-8.16: survivors finish their move


def test_EP_8_14_extra_interceptors_add_outnumbering_dice() -> None:
    from arbitre.games.epic.air import _placements

    b = Board()
    b.det(0, "thunderbolt", [(90.0, 60.0), (93.0, 60.0)], alt="high")
    b.det(1, "hell_blade", [(60.0, 60.0)], alt="low")
    s = b.run()
    place = _placements(s, 0, 1)
    assert [r[1] for r in place] == [2, 2]  # both on the single target
    s.stack.append(Frame("intercept", 0, {"zone": 0, "target": 1, "stage": 1, "place": place}))
    rig(s, [1, 1, 1, 1, 1, 1, 1, 6, 6], then=1)
    from arbitre.games.epic.rules import settle

    settle(s)
    hb = s.stands.get(2)
    assert hb is None or hb.duels == 2


def test_EP_8_11_ground_interception_fire_at_the_interceptors() -> None:
    b = _zone_board()
    b.det(1, "hydre", [(90.0, 90.0)], order="tir_appuye")
    s = b.run(*move_frames(1))
    answer(s, "act:1")
    answer(s, "60,50")
    answer(s, "alt:low")
    answer(s, "icpt:0")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.react" and d.seat == 1
    assert "fire:2" in list(d.keys())


def test_EP_8_20_AMB_EP_8_h_a_detachment_crosses_several_zones() -> None:
    b = _zone_board()
    b.det(0, "thunderbolt", [(40.0, 40.0)], order="charge", alt="high")
    b.s.dets[2].zone = True
    s = b.run(*move_frames(1))
    answer(s, "act:1")
    answer(s, "60,50")
    answer(s, "alt:low")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.intercept"
    assert s.stack[-1].data["ask"][0] == 0  # the zone entered first
    answer(s, "pass")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.intercept" and s.stack[-1].data["ask"][0] == 2


def test_EP_8_21_interceptors_may_be_intercepted_on_their_own_move() -> None:
    b = Board()
    b.det(0, "thunderbolt", [(90.0, 20.0)], order="charge", alt="low")
    b.det(1, "hell_blade", [(90.0, 55.0)], order="charge", alt="high")
    b.s.dets[1].zone = True
    s = b.run(*move_frames(0))
    answer(s, "act:0")
    answer(s, "zone")
    answer(s, "90,40")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.intercept" and d.seat == 1


def test_EP_8_22_late_interception_at_the_end_of_movement() -> None:
    b = Board()
    b.det(0, "thunderbolt", [(90.0, 60.0)], order="charge", alt="high")
    b.s.dets[0].zone = True
    b.s.dets[0].moved = True
    b.det(1, "hell_blade", [(90.0, 75.0)], order="avance", alt="low")
    b.s.dets[1].moved = True
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    d = R.decision(s)
    assert d is not None and d.kind == "epic.intercept" and d.keys() == ["pass", "late:1"]
    rig(s, [], then=3)
    answer(s, "late:1")
    assert not s.dets[0].zone and all(st.duels for st in s.alive(0))
