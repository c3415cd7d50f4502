"""Template weapons and bombs on the table (EPC-18, EP-16.15, EP-16.22, EP-16.38,
EP-16.41..16.43)."""

from __future__ import annotations

import pytest

from arbitre.engine.ruleset import IllegalChoice
from arbitre.games.epic.state import EpicState, Frame
from tests.epic.board import Board, R, answer, keys, rig

FLAMER = 1  # the Chaos Dreadnought's heavy flamer (template:6)
ROCKETS, BOMBS = 1, 2  # the Thunderbolt's rockets (template:6) and bombs


def combat(b: Board, side: int) -> EpicState:
    return b.run(Frame("end", 0), Frame("combat", side, {"side": side}))


def resolve(b: Board, did: int, placed: list[list[object]], bomb: bool = False) -> EpicState:
    data = {"det": did, "target": -1, "todo": [], "placed": placed, "bomb": bomb}
    return b.run(Frame("template", b.s.dets[did].side, data))


def test_EPC_18_a_template_is_placed_by_its_owner_then_hits_every_stand_under_it() -> None:
    b = Board()
    b.det(1, "dreadnought_mf", [(50.0, 60.0)], order="avance")
    b.det(0, "tactiques", [(50.0, 45.0), (52.0, 45.0), (60.0, 45.0)])
    s = combat(b, 1)
    rig(s, [1, 1, 1])  # the assault cannon misses with its three dice
    answer(s, "fire:0:1")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.template" and d.seat == 1
    with pytest.raises(IllegalChoice) as err:
        answer(s, "50,20")  # 40 cm: out of the flamer's 20 cm
    assert err.value.msg.rule == "EPC-18"
    rig(s, [6, 1, 6, 1])  # each covered stand: a hit, a failed save
    answer(s, "51,45")
    assert {st.x for st in s.alive(1)} == {60.0}  # the two under the 6 cm circle fell
    assert any(m.key == "epic.ev.template" for m in R.events(s))


def test_EPC_18_a_detachments_templates_combine() -> None:
    b = Board()
    b.det(1, "dreadnought_mf", [(48.0, 60.0), (52.0, 60.0)], order="avance")
    b.det(0, "tactiques", [(50.0, 45.0)])
    s = b.s
    rig(s, [1, 6, 1])  # the first template misses, the second hits, the save fails
    resolve(b, 0, [[50.0, 45.0, 0, FLAMER, "ground"], [50.0, 45.0, 1, FLAMER, "ground"]])
    assert not s.alive(1)


def test_EP_16_38_a_flyer_squadrons_templates_never_combine() -> None:
    b = Board()
    b.det(0, "thunderbolt", [(48.0, 30.0), (52.0, 30.0)], alt="low", order="avance")
    b.det(1, "tactiques", [(50.0, 45.0)])
    s = b.s
    rig(s, [1, 6, 1])  # only one attack: the miss
    resolve(b, 0, [[50.0, 45.0, 0, ROCKETS, "ground"], [50.0, 45.0, 1, ROCKETS, "ground"]])
    assert len(s.alive(1)) == 1


def test_EP_16_15_EP_16_22_a_template_over_a_flyer_hits_the_air_or_the_ground() -> None:
    b = Board()
    b.det(0, "dreadnought_mf", [(50.0, 45.0)], order="tir_appuye")  # may aim at Flyers
    b.det(1, "tactiques", [(50.0, 60.0)])
    b.det(1, "hell_blade", [(51.0, 60.0)], alt="low")
    s = b.s
    data = {"det": 0, "target": 1, "todo": [[0, FLAMER]], "placed": [], "bomb": False}
    frame = Frame("template", 0, data)
    s.stack.append(frame)
    from arbitre.games.epic.templates import choose_template

    choose_template(s, frame, "50,60")  # the 6 cm circle covers both layers
    assert frame.data["layer_at"] is not None
    b.run()
    d = R.decision(s)
    assert (
        d is not None
        and d.kind == "epic.layer"
        and set(d.keys())
        == {
            "layer:air",
            "layer:ground",
        }
    )
    rig(s, [6, 1, 6, 1])
    answer(s, "layer:ground")
    assert not s.alive(1) and len(s.alive(2)) == 1  # never both (EP-16.22)


def _bombers() -> Board:
    b = Board()
    b.det(0, "thunderbolt", [(50.0, 30.0), (53.0, 30.0)], alt="low", order="avance")
    b.det(1, "tactiques", [(50.0, 50.0)])
    b.det(1, "hell_blade", [(51.0, 50.5)], alt="low")
    return b


def test_EP_16_41_EP_16_43_bombs_fall_on_the_line_of_movement() -> None:
    b = _bombers()
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    answer(s, "act:0")
    answer(s, "50,70")
    if R.decision(s) is not None and R.decision(s).kind == "epic.altitude":  # type: ignore[union-attr]
        answer(s, "alt:low")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.template" and "pass" in keys(s)
    with pytest.raises(IllegalChoice) as err:
        answer(s, "60,50")  # 10 cm off the line flown
    assert err.value.msg.rule == "EP-16.41"
    answer(s, "50,50")
    assert s.stands[0].bombed
    rig(s, [6, 1])
    answer(s, "pass")  # the second bomber keeps its bombs
    assert not s.alive(1)  # resolved at once (EP-16.41)
    assert len(s.alive(2)) == 1  # the airborne Hell Blade under it is untouched (EP-16.43)


def test_EP_16_42_bombs_never_combine() -> None:
    b = _bombers()
    s = b.s
    rig(s, [1, 6, 1])
    resolve(b, 0, [[50.0, 50.0, 0, BOMBS, "ground"], [50.0, 50.0, 1, BOMBS, "ground"]], True)
    assert len(s.alive(1)) == 1


def test_EPC_18_templates_are_fired_in_ai_battles() -> None:
    factory = R.agents()["ai"]
    seen = set()
    for seed in range(6):
        s = R.new({}, seed)
        agents = [factory(seed), factory(seed + 1)]
        while (d := R.decision(s)) is not None:
            seen.add(d.kind)
            R.apply(s, agents[d.seat].choose(R, s, d))
    assert "epic.template" in seen
    assert keys(s) == []
