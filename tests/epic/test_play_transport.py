"""Transports on the table: embarking, disembarking, dropping, the Emergency Exit, the
Character's abandoned transport (EPC-21, EP-9.3, EP-10.4, EP-16.4, EP-16.17, EP-16.21,
EP-16.34..16.36, AMB-EP-9, AMB-EP-15j)."""

from __future__ import annotations

import pytest

from arbitre.engine.ruleset import IllegalChoice
from arbitre.games.epic.fire import Gun, modifiers_for, wound
from arbitre.games.epic.geometry import Point
from arbitre.games.epic.moves import plan
from arbitre.games.epic.state import EpicState, Frame
from arbitre.games.epic.transport import room_left
from tests.epic.board import Board, R, answer, keys, rig


def move_frames(side: int) -> tuple[Frame, Frame]:
    return Frame("combat", 0, {"side": 0}), Frame("movement", side, {"side": side})


def put_aboard(s: EpicState, did: int, carrier: int) -> None:
    for st in list(s.alive(did)):
        del s.stands[st.sid]
        st.carrier, st.x, st.y = carrier, s.stands[carrier].x, s.stands[carrier].y
        s.aboard[st.sid] = st


def test_EP_16_17_EP_16_4_EP_10_4_troops_embark_into_a_landed_flyer() -> None:
    b = Board()
    b.det(0, "thunderhawk", [(50.0, 50.0)], alt="ground")
    b.det(
        0,
        "terminators",
        [(50.0, 56.0), (52.0, 56.0)],
        order="avance",
        bound=[("capitaine", 54.0, 56.0)],
    )
    b.det(0, "tactiques", [(80.0, 50.0)], order="avance")  # 30 cm away: too far
    b.det(1, "mille_fils", [(150.0, 110.0)])
    s = b.run(*move_frames(0))
    answer(s, "act:1")
    assert "emb:0" in keys(s)  # EP-16.17: on the ground, troops embark
    answer(s, "emb:0")
    assert not s.alive(1) and {st.carrier for st in s.embarked(1)} == {0}
    assert s.dets[1].moved
    # EP-10.4: the Captain takes no room; two Terminators fill 2 of the 4 places
    assert room_left(s, s.stands[0]) == 2
    answer(s, "act:2")
    assert "emb:0" not in keys(s)  # EP-16.4: 10 cm less 5 cm does not reach 30 cm


def test_EP_16_21_no_embarking_into_an_airborne_flyer() -> None:
    b = Board()
    b.det(0, "thunderhawk", [(50.0, 50.0)], alt="low")
    b.det(0, "terminators", [(50.0, 54.0)], order="avance")
    b.det(1, "mille_fils", [(150.0, 110.0)])
    s = b.run(*move_frames(0))
    answer(s, "act:1")
    assert not any(k.startswith("emb:") for k in keys(s))


def test_EP_16_4_EP_16_17_disembarking_costs_5_cm() -> None:
    b = Board()
    b.det(0, "thunderhawk", [(50.0, 50.0)], alt="ground", order="tir_appuye")
    b.det(0, "assaut", [(0.0, 0.0), (0.0, 0.0)], order="avance")
    b.det(1, "mille_fils", [(150.0, 110.0)])
    put_aboard(b.s, 1, 0)
    s = b.run(*move_frames(0))
    assert "act:1" in keys(s)
    answer(s, "act:1")
    assert len(s.alive(1)) == 2 and not s.embarked(1)  # set down around the transport
    assert all(st.point.to(s.stands[0].point) <= 6.0 for st in s.alive(1))
    p = plan(s, 1, "move")
    assert p.hi == 15 - 5  # EP-16.4: 5 cm of the 15 cm move are lost
    assert any(m.key == "epic.ev.disembark" and m.rule == "EP-16.4" for m in s.log)
    lead = s.stands[p.movers[0]]
    with pytest.raises(IllegalChoice):
        answer(s, f"{lead.x},{lead.y + 12.0}")
    answer(s, f"{lead.x},{lead.y + 9.0}")
    assert s.dets[1].moved and s.stands[lead.sid].y == pytest.approx(lead.y)


def test_EP_16_21_EP_16_34_jump_packs_drop_from_the_air_others_stay() -> None:
    b = Board()
    b.det(0, "thunderhawk", [(50.0, 50.0)], alt="low", order="avance")
    b.det(0, "assaut", [(0.0, 0.0)], order="charge")
    b.det(0, "tactiques", [(0.0, 0.0)], order="charge")
    b.det(1, "mille_fils", [(150.0, 110.0)])
    put_aboard(b.s, 1, 0)
    put_aboard(b.s, 2, 0)
    s = b.run(*move_frames(0))
    assert "act:1" in keys(s) and "act:2" not in keys(s)  # EP-16.21
    answer(s, "act:1")
    dropper = s.alive(1)[0]
    assert dropper.alt == "low"  # still in the air until it lands (EP-16.34)
    gun = Gun(30, 1, 4, 0, 360)
    assert modifiers_for(s, gun, dropper, "low", False) == 1  # Difficult Target
    assert modifiers_for(s, Gun(30, 1, 4, 0, 360, aa=True), dropper, "low", False) == 0
    answer(s, "p:0")
    assert dropper.alt == "ground"


def test_EP_16_21_jump_packs_leave_a_flyer_in_the_air_without_losing_5_cm() -> None:
    b = Board()
    b.det(0, "thunderhawk", [(50.0, 50.0)], alt="low", order="avance")
    b.det(0, "assaut", [(0.0, 0.0)], order="avance")
    b.det(1, "mille_fils", [(150.0, 110.0)])
    put_aboard(b.s, 1, 0)
    s = b.run(*move_frames(0))
    answer(s, "act:1")
    assert s.dets[1].disembarked and s.dets[1].dropped
    assert plan(s, 1, "move").hi == 15  # EP-16.21 "sans difficulté", not EP-16.4
    assert any(m.key == "epic.ev.disembark" and m.rule == "EP-16.21" for m in s.log)


def test_EP_16_35_EP_16_36_AMB_EP_15_j_emergency_exit_from_the_air() -> None:
    b = Board()
    b.det(0, "thunderhawk", [(50.0, 50.0)], alt="low")
    b.det(0, "assaut", [(0.0, 0.0), (0.0, 0.0)])
    b.det(0, "tactiques", [(0.0, 0.0), (0.0, 0.0)])
    s = b.run()
    put_aboard(s, 1, 0)
    put_aboard(s, 2, 0)
    s.stands[0].wounds = 1
    rig(s, [4, 3])  # PA -2: 2+ becomes 4+; the first passes, the second fails
    wound(s, s.stands[0], "EPC-13", pa=-2)
    assert 0 not in s.stands and not s.aboard
    saved = s.alive(1)
    assert len(saved) == 1 and saved[0].alt == "ground"
    assert saved[0].point.to(Point(50.0, 50.0)) <= 6.0  # within 6 cm of the wreck
    assert s.dets[1].lost == 1
    assert not s.alive(2) and s.dets[2].lost == 2  # EP-16.36: no test without Jump Packs


def test_AMB_EP_15_j_a_ground_transport_lost_in_assault_tests_on_4() -> None:
    b = Board({"transport.exitTest": 3})
    b.det(0, "rhino", [(50.0, 50.0)])
    b.det(0, "tactiques", [(0.0, 0.0), (0.0, 0.0)])
    s = b.run()
    put_aboard(s, 1, 0)
    rig(s, [4, 3])  # research §3.5: 4+ in an assault, whatever the option
    wound(s, s.stands[0], "EPC-17")
    assert len(s.alive(1)) == 1 and s.dets[1].lost == 1
    b2 = Board({"transport.exitTest": 3})
    b2.det(0, "rhino", [(50.0, 50.0)])
    b2.det(0, "tactiques", [(0.0, 0.0)])
    s2 = b2.run()
    put_aboard(s2, 1, 0)
    rig(s2, [3])  # on the ground everyone tests: 3+ at PA 0
    wound(s2, s2.stands[0], "EPC-13")
    assert len(s2.alive(1)) == 1


def test_EPC_21_a_detachment_starts_aboard_and_lands_in_play() -> None:
    s = R.new({}, 1)
    assault = next(d.did for d in s.dets if d.spec == "assaut")
    hawk = next(d.did for d in s.dets if d.spec == "thunderhawk")
    assert not s.alive(assault) and len(s.embarked(assault)) == 4
    assert {st.carrier for st in s.embarked(assault)} == {s.alive(hawk)[0].sid}
    view = R.view(s, 0)
    assert len(view["aboard"]) == 4 and all(v["det"] == assault for v in view["aboard"])
    twin = R.clone(s)
    twin.aboard.clear()
    assert len(s.aboard) == 4  # the clone owns its passengers


def test_EP_9_3_AMB_EP_9_a_character_abandons_its_transport_in_play() -> None:
    for reading in ("transport", "character"):
        b = Board({"character.abandon": reading})
        b.det(0, "terminators", [(50.0, 50.0)], order="avance", bound=[("capitaine", 53.0, 50.0)])
        b.det(0, "rhino", [(80.0, 50.0), (83.0, 50.0)], order="avance")
        b.det(1, "mille_fils", [(150.0, 110.0)])
        b.s.dets[0].transport = 1
        s = b.run(*move_frames(0))
        assert "abandon:0" in keys(s)
        answer(s, "abandon:0")
        d = R.decision(s)
        assert d is not None and d.kind == "epic.activate" and d.seat == 0  # still to act
        assert "abandon:0" not in keys(s)
        if reading == "transport":
            assert not s.alive(1) and s.dets[1].lost == 2  # destroyed, counts as a loss
            assert len(s.alive(0)) == 2
        else:
            assert len(s.alive(1)) == 2 and s.dets[0].lost == 1
            assert all(st.unit != "capitaine" for st in s.alive(0))


def test_EP_9_3_no_abandon_without_a_character_or_with_passengers() -> None:
    b = Board()
    b.det(0, "tactiques", [(50.0, 50.0)], order="avance")
    b.det(0, "rhino", [(80.0, 50.0)], order="avance")
    b.det(1, "mille_fils", [(150.0, 110.0)])
    b.s.dets[0].transport = 1
    s = b.run(*move_frames(0))
    assert not any(k.startswith("abandon:") for k in keys(s))
