"""Player decisions added to the table: Bound Characters' detachments (EP-10.1, EP-10.7,
EP-10.8), the Warlord card (EP-9.2), Elite re-rolls (EP-4.1), the fall-back move
(EPC-28), disengaging (EPC-17), titans' turning (EPC-11) and objectives (EPC-29)."""

from __future__ import annotations

import pytest

from arbitre.engine.ruleset import IllegalChoice
from arbitre.games.epic.binding import hosts
from arbitre.games.epic.moves import plan
from arbitre.games.epic.objectives import OBJECTIVES, bonus, update
from arbitre.games.epic.state import EpicState, Frame
from arbitre.games.epic.turn import auto_end, movable
from tests.epic.board import Board, R, answer, keys, rig


def until(s: EpicState, kind: str) -> None:
    while (d := R.decision(s)) is not None and d.kind != kind:
        R.apply(s, d.keys()[0])


def test_EP_10_1_EP_10_8_a_bound_character_joins_a_detachment_of_its_company() -> None:
    b = Board()
    b.det(0, "terminators", [(50.0, 20.0)], bound=[("capitaine", 53.0, 20.0)])
    b.det(0, "tactiques", [(80.0, 20.0)])
    b.det(0, "tactiques", [(110.0, 20.0)])
    b.det(0, "rhino", [(140.0, 20.0)])
    s = b.s
    s.dets[0].company = s.dets[1].company = "1re"
    s.dets[2].company = "2e"
    capt = s.stands[1]
    assert hosts(s, capt, "1re") == [0, 1]  # EP-10.8: not the 2e; EP-10.9: not a Rhino
    assert hosts(s, capt, "") == [0, 1, 2]
    b.run(Frame("bind", 0, {"todo": [[1, "1re"]]}))
    d = R.decision(s)
    assert d is not None and d.kind == "epic.bind" and d.keys() == ["join:0", "join:1"]
    with pytest.raises(IllegalChoice):
        answer(s, "join:2")
    answer(s, "join:1")
    assert capt.det == 1 and capt.point.to(s.stands[2].point) <= 6.0  # EP-10.2


def test_EP_10_7_at_most_two_bound_characters_per_detachment() -> None:
    b = Board()
    b.det(0, "tactiques", [(50.0, 20.0)], bound=[("capitaine", 53, 20), ("astropathe", 56, 20)])
    b.det(0, "terminators", [(80.0, 20.0)], bound=[("capitaine", 83.0, 20.0)])
    s = b.s
    assert 0 not in hosts(s, s.stands[4], "")


def test_EP_10_1_setup_asks_where_each_bound_character_goes() -> None:
    s = R.new({}, 1)
    until(s, "epic.bind")
    d = R.decision(s)
    assert d is not None and d.seat == 0
    spec = {k: s.dets[int(k.split(":")[1])].spec for k in keys(s)}
    assert "assaut" not in spec.values() and "thunderhawk" not in spec.values()
    listed = R.new({"bound.join": "asListed"}, 1)
    until(listed, "epic.bind")
    assert R.decision(listed) is None or R.decision(listed).kind != "epic.bind"  # type: ignore[union-attr]


def test_EP_9_2_the_warlord_card_goes_only_on_a_character() -> None:
    s = R.new({"scenario.cards": "maelstrom"}, 1)
    until(s, "epic.warlord")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.warlord"
    units = {s.stands[int(k.split(":")[1])].unit for k in keys(s)}
    assert units <= {"capitaine", "astropathe"}  # Characters (AMB-EP-10d: Bound too)
    term = next(st.sid for st in s.stands.values() if st.unit == "terminators")
    with pytest.raises(IllegalChoice):
        answer(s, f"lord:{term}")
    answer(s, d.keys()[0])
    answer(s, R.decision(s).keys()[0])  # type: ignore[union-attr]
    lords = list(s.warlords)
    assert all(x >= 0 for x in lords)
    before = bonus(s, 0)
    del s.stands[lords[1]]
    assert bonus(s, 0) == before + 3  # slaying the enemy Warlord


def test_EP_4_1_the_player_decides_to_spend_elite_rerolls() -> None:
    for answer_key, spent in (("elite:no", 0), ("elite:yes", 1)):
        b = Board()
        b.det(0, "terminators", [(50.0, 40.0)], order="avance")
        b.det(1, "tactiques", [(50.0, 60.0)])
        s = b.run(Frame("end", 0), Frame("combat", 0, {"side": 0}))
        s.elite = [2, 0]
        s.cached = R.decision(s)
        answer(s, "fire:0:1")
        d = R.decision(s)
        assert d is not None and d.kind == "epic.elite" and d.seat == 0
        rig(s, [1, 1, 1, 1], then=1)
        answer(s, answer_key)
        assert s.elite == [2 - spent, 0]
    auto = Board({"elite.decide": "auto"})
    auto.det(0, "terminators", [(50.0, 40.0)], order="avance")
    auto.det(1, "tactiques", [(50.0, 60.0)])
    s = auto.run(Frame("end", 0), Frame("combat", 0, {"side": 0}))
    s.elite = [2, 0]
    rig(s, [1, 1], then=1)
    answer(s, "fire:0:1")
    assert s.elite == [1, 0]  # spent by the referee, no question


def test_EPC_28_the_owner_places_the_fall_back_move() -> None:
    b = Board()
    b.det(0, "tactiques", [(70.0, 30.0)], order="avance")
    b.det(1, "mille_fils", [(70.0, 55.0), (73.0, 55.0)], morale=9)
    s = b.run(Frame("end", 0), Frame("combat", 0, {"side": 0}))
    rig(s, [5, 1], then=1)
    answer(s, "fire:0:1")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.move" and d.seat == 1
    assert s.stack[-1].kind == "fallback"
    with pytest.raises(IllegalChoice):
        answer(s, "73,90")  # 35 cm: more than the double move (AMB-EP-17)
    answer(s, "73,70")
    assert s.stands[2].y == 70.0 and s.dets[1].fallback


def test_EPC_17_a_stand_that_leaves_contact_takes_opportunity_attacks() -> None:
    b = Board()
    b.det(0, "rhino", [(50.0, 50.0)], order="avance")
    b.det(1, "tactiques", [(50.0, 52.0)])
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    assert movable(s, 0) and not movable(s, 1)  # the Rhino is not pinned by infantry
    answer(s, "act:0")
    rig(s, [6])  # FA 3: 6+ hits, an assault hit without save
    answer(s, "50,40")
    assert 0 not in s.stands
    assert any(m.key == "epic.ev.opportunity" for m in R.events(s))


def test_EPC_11_titans_turn_at_most_90_degrees() -> None:
    b = Board()
    b.det(0, "reaver", [(90.0, 30.0)], order="avance", facing=90.0)
    b.det(1, "tactiques", [(150.0, 110.0)])
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    answer(s, "act:0")
    with pytest.raises(IllegalChoice) as err:
        answer(s, "90,15")  # straight back: 180°
    assert err.value.msg.rule == "EPC-11"
    answer(s, "80,30")  # a quarter turn is allowed
    assert s.stands[0].x == 80.0
    free = Board({"titan.turn90": False})
    free.det(0, "reaver", [(90.0, 60.0)], order="avance", facing=90.0)
    assert plan(free.s, 0, "move").facing is None


def test_EPC_29_objectives_are_taken_held_and_scored() -> None:
    b = Board()
    o = OBJECTIVES[0]
    b.det(0, "tactiques", [(o.x, o.y + 4.0)])
    s = b.s
    s.objectives = [-1] * len(OBJECTIVES)
    update(s)
    assert s.objectives[0] == 0 and bonus(s, 0) == 2
    b.det(1, "mille_fils", [(o.x, o.y - 4.0)])
    update(s)
    assert s.objectives[0] == 0  # contested, no lead of 2: stays as it was
    b.det(1, "dreadnought_mf", [(o.x + 4.0, o.y)])
    b.det(1, "mille_fils", [(o.x - 4.0, o.y)])
    update(s)
    assert s.objectives[0] == 1  # a lead of 2 wounds takes it


def test_EPC_29_majority_of_objectives_decides_the_game() -> None:
    b = Board({"victory.objectives": "majority"})
    b.det(0, "tactiques", [(10.0, 10.0)])
    b.det(1, "mille_fils", [(170.0, 110.0)])
    s = b.s
    s.objectives = [1, 1, 0]
    s.turn = 4
    s.stack.append(Frame("end", 0))
    auto_end(s, s.stack[-1])
    assert s.over and s.outcome["winner"] == 1 and s.outcome["reason"] == "objectives"
    assert keys(s) == []
