"""Unit abilities, morale, terrain and buildings on the table (EP-2..EP-15, EPC, AMB-EP)."""

from __future__ import annotations

import pytest

from arbitre.engine.ruleset import IllegalChoice
from arbitre.games.epic import abilities as ab
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.combat_phase import actions
from arbitre.games.epic.config import resolve
from arbitre.games.epic.fire import ETHEREAL, Gun, Roll, take_hit, wound
from arbitre.games.epic.state import EpicState, Frame
from arbitre.games.epic.world import areas, det_has, move_of
from tests.epic.board import Board, R, answer, keys, rig

U = CATALOG.units


def combat(b: Board, side: int = 0) -> None:
    b.run(Frame("end", 0), Frame("combat", side, {"side": side}))


def test_EP_2_2_EP_2_1_EX_EP_2_breakthrough_is_offered_after_a_won_assault() -> None:
    b = Board()
    b.det(0, "mille_fils", [(50.0, 50.0)], order="charge")
    b.det(1, "tactiques", [(50.0, 52.0)], order="tir_appuye")
    combat(b)
    s = b.s
    rig(s, [6, 6, 1, 1])
    answer(s, "assault:0")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.move" and d.seat == 0  # EP-2.2
    for opt in d.options:
        assert (float(opt.text.args["dx"]) ** 2 + float(opt.text.args["dy"]) ** 2) <= 25.01


def test_EP_4_1_EP_4_2_EX_EP_4_elite_rerolls_one_die_of_a_roll_in_play() -> None:
    b = Board()
    b.det(0, "terminators", [(50.0, 50.0)])
    s = b.run()
    s.elite = [2, 0]
    roll = Roll(s, s.stands[0])
    rig(s, [2, 5, 3, 3])
    assert roll.die(4)  # 2 fails, the Elite re-roll makes 5
    assert not roll.die(4)  # a second die of the same roll: no re-roll (EP-4.2)
    assert s.elite == [1, 0]
    b2 = Board()
    b2.det(0, "tactiques", [(50.0, 50.0)])
    s2 = b2.run()
    s2.elite = [2, 0]
    rig(s2, [2])
    assert not Roll(s2, s2.stands[0]).die(4)  # EP-4.1: only Elite stands
    assert s2.elite == [2, 0]


def test_EP_7_1_EP_7_2_infiltration_comes_after_deployment_before_turn_1() -> None:
    s = R.new({}, 2)
    seen = []
    while (d := R.decision(s)) is not None and d.kind != "epic.order":
        seen.append((d.kind, s.stack[-1].kind))
        R.apply(s, d.keys()[0])
    assert ("epic.activate", "infiltrate") in seen and s.turn == 1


def test_EP_7_5_EP_7_6_EP_7_7_AMB_EP_7_roll_off_then_alternate() -> None:
    b = Board()
    b.det(0, "tactiques", [(50.0, 20.0)])
    b.det(1, "mille_fils", [(120.0, 100.0)], extra=("infiltration",))
    b.det(0, "tactiques", [(100.0, 20.0)])
    s = b.s
    rig(s, [2, 5])  # EP-7.6: the higher D6 moves first
    b.run(Frame("infiltrate", 0, {"stage": "start"}))
    d = R.decision(s)
    assert d is not None and d.seat == 1 and d.keys() == ["act:1"]
    answer(s, "act:1")
    answer(s, "p:0")
    d = R.decision(s)
    assert d is not None and d.seat == 0  # EP-7.7: alternate
    answer(s, "act:0")
    with pytest.raises(IllegalChoice) as err:
        answer(s, "120,90")  # ends inside nothing, but the path is too long
    assert err.value.msg.rule == "EP-7.3"
    s.stands[1].x, s.stands[1].y = 50.0, 38.0
    with pytest.raises(IllegalChoice) as err:
        answer(s, "50,34.5")
    assert err.value.msg.rule == "EP-7.5"


def test_EP_10_2_EP_10_5_EP_10_11_bound_characters_move_and_break_with_their_detachment() -> None:
    s = R.new({}, 3)
    term = next(d.did for d in s.dets if d.spec == "terminators")
    capt = next(st for st in s.alive(term) if st.unit == "capitaine")
    assert len(s.alive(term)) == 5  # EP-10.1: one detachment
    mf = next(d.did for d in s.dets if d.spec == "mille_fils")
    assert move_of(s, mf) == U["mille_fils"].move != U["heraut"].move  # EP-10.5
    s.dets[term].order = "avance"
    from arbitre.games.epic.turn import move_options

    assert move_options(s, term)
    p = __import__("arbitre.games.epic.moves", fromlist=["plan"]).plan(s, term, "move")
    assert capt.sid in p.movers  # EP-10.2: moves in coherency with them
    s.dets[term].lost = s.dets[term].break_points
    assert s.dets[capt.det].broken  # EP-10.11


def test_EP_10_4_EP_10_8_EP_9_1_EP_9_2_EP_9_3_AMB_EP_9_characters_and_transports() -> None:
    assert ab.transport_space([U["terminators"]] * 4 + [U["capitaine"]]) == 4
    assert ab.transport_space([U["dreadnought_mf"]]) == 2
    assert ab.company_ok("A", "A") and not ab.company_ok("A", "B")
    assert set(ab.card_targets([U["capitaine"], U["tactiques"], U["heraut"]])) == {
        "capitaine",
        "heraut",
    }
    assert ab.abandon_transport() == "transport"
    assert ab.abandon_transport(resolve({"character.abandon": "character"})) == "character"


def test_EP_16_4_EP_16_17_EP_16_21_EP_16_34_EP_16_35_EP_16_36_EPC_21_transports() -> None:
    assert ab.disembark_move(10, True) == 5 and ab.disembark_move(10, False) == 10
    assert ab.may_use_transport(U["terminators"], "ground", embark=True) == (True, "EP-16.17")
    assert ab.may_use_transport(U["terminators"], "low", embark=False)[0] is False
    assert ab.emergency_exit([U["terminators"]], [True]) == [False]  # EP-16.36


def test_EP_16_15_EP_16_22_EP_16_38_EP_16_41_EP_16_42_EP_16_43_EPC_18_templates() -> None:
    under = [("a", "low"), ("b", "ground"), ("c", "ground")]
    assert ab.template_victims(under, "air") == ["a"]
    assert ab.template_victims(under, "ground") == ["b", "c"]
    assert ab.bomb_victims(under) == ["b", "c"]
    assert ab.templates_combine(flyers=False, bombs=False)
    assert not ab.templates_combine(flyers=True, bombs=False)
    assert not ab.templates_combine(flyers=False, bombs=True)


def test_EP_11_1_EP_11_3_EPC_27_every_power_is_physical_or_ethereal() -> None:
    powers = [p for u in U.values() for p in u.powers]
    assert powers and {p.kind for p in powers} == {"physical", "ethereal"}
    assert all(U[u].has("psyker") for u in U if U[u].powers)


def test_EP_11_4_EP_11_5_a_psyker_uses_a_power_and_its_weapons_even_engaged() -> None:
    b = Board()
    b.det(0, "tactiques", [(50.0, 50.0)], order="avance", bound=[("astropathe", 53.0, 50.0)])
    b.det(1, "mille_fils", [(50.0, 70.0), (53.0, 52.0)])
    combat(b)
    got = actions(b.s, 0)
    assert any(k.startswith("fire:0") for k in got) and any(k.startswith("psy:1") for k in got)
    assert "psy:1:1:1" in got  # EP-11.5: the astropath is engaged, its power still works


def test_EP_11_8_a_physical_power_destroys_an_energy_shield() -> None:
    b = Board()
    b.det(0, "tactiques", [(90.0, 30.0)], order="avance", bound=[("astropathe", 93.0, 30.0)])
    b.det(1, "reaver", [(90.0, 50.0)])
    combat(b)
    s = b.s
    assert s.stands[2].shields == 4
    rig(s, [6, 6])
    answer(s, "psy:1:1:1")
    assert s.stands[2].shields == 2


def test_EX_EP_10_EP_11_14_EPC_23_an_ethereal_power_hits_the_titans_head() -> None:
    b = Board()
    b.det(1, "reaver", [(90.0, 50.0)])
    s = b.run()
    titan = s.stands[0]
    gun = Gun(30, 1, 4, 0, 360, kind=ETHEREAL)
    assert take_hit(s, None, titan, gun, Roll(s, titan))  # no Psychic Save: lost
    assert titan.damage == ("tete",) and titan.shields == 4  # shields ignored


def test_EP_12_1_EP_12_2_EX_EP_7_hq_sacrifice_in_play() -> None:
    b = Board()
    b.det(0, "mille_fils", [(90.0, 30.0)], order="avance")
    b.det(1, "terminators", [(120.0, 50.0)], bound=[("capitaine", 90.0, 50.0)])
    combat(b)
    s = b.s
    s.stands[1].x = 94.0  # a terminator 4 cm from the HQ
    rig(s, [6, 1])  # the Inferno bolter hits the nearest stand, the HQ; its save fails
    answer(s, "fire:0:1")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.hq" and d.seat == 1
    assert d.keys() == ["keep", "sac:1"]
    answer(s, "sac:1")
    assert 2 in s.stands and 1 not in s.stands  # the HQ survives, the terminator goes


def test_EP_15_1_EX_EP_8_AMB_EP_14_command_units_in_play() -> None:
    b = Board()
    b.det(0, "terminators", [(90.0, 30.0)], order="charge", bound=[("capitaine", 93.0, 30.0)])
    b.det(1, "mille_fils", [(90.0, 60.0)])
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    assert det_has(s, 0, "command")
    answer(s, "act:0")
    answer(s, "90,40")
    assert s.dets[0].order == "avance" and s.dets[0].converted  # EP-15.2
    assert _command_rule(s) == "EP-15.2"
    assert "assault:0" not in actions(s, 0)  # not in contact; it may shoot as on Avance
    assert any(k.startswith("fire:0") for k in actions(s, 0))
    b = Board()
    b.det(0, "terminators", [(90.0, 30.0)], order="avance", bound=[("capitaine", 93.0, 30.0)])
    b.det(1, "mille_fils", [(150.0, 110.0)])
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    answer(s, "act:0")
    answer(s, "p:0")
    assert s.dets[0].order == "tir_appuye" and s.dets[0].converted  # EP-15.3: no re-roll


def _command_rule(s: EpicState) -> str:
    return next(m.rule or "" for m in s.log if m.key == "epic.ev.command")


def test_EP_15_3_advance_becomes_a_revealed_tir_appuye_citing_ep_15_3() -> None:
    b = Board()
    b.det(0, "terminators", [(90.0, 30.0)], order="avance", bound=[("capitaine", 93.0, 30.0)])
    b.det(1, "mille_fils", [(150.0, 110.0)])
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    answer(s, "act:0")
    answer(s, "p:0")
    assert s.dets[0].order == "tir_appuye" and _command_rule(s) == "EP-15.3"


def test_EP_5_1_EP_5_2_EPC_20_demolisher_brings_a_building_down() -> None:
    b = Board()
    b.det(0, "reaver", [(89.0, 30.0)], order="tir_appuye")
    b.det(1, "tactiques", [(150.0, 110.0)])
    s = b.s
    s.structure = {2: 3}
    combat(b)
    assert "demolish:0:2" in actions(s, 0)
    rig(s, [], then=1)  # AMB-EP-5a: one save per hit; here nothing hits
    answer(s, "demolish:0:2")
    assert s.structure[2] == 3
    from arbitre.games.epic.combat_phase import demolish

    rig(s, [6, 6, 6, 6, 6, 6, 6, 6], then=6)
    demolish(s, 0, 2)
    assert s.structure[2] == 3  # 4+ save at PA -2 = 6+: every six saves
    rig(s, [6, 1, 6, 1, 6, 1, 6, 1])
    demolish(s, 0, 2)
    assert s.structure[2] == 1  # two hits, two failed saves (EP-5.2)
    demolish(s, 0, 2)
    assert s.structure[2] == 0 and areas(s)[2].kind == "ruins"


def test_EPC_16_EP_3_3_counter_charge_fire_in_play() -> None:
    b = Board()
    b.det(0, "tactiques", [(90.0, 30.0)], order="charge")
    b.det(1, "rhino", [(90.0, 45.0)])
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    answer(s, "act:0")
    answer(s, "90,42.5")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.react" and "cc:1" in list(d.keys())
    rig(s, [5])  # 6+ needed: a 5 misses
    answer(s, "cc:1")
    assert s.stands[1].dr_used == 1 and 0 in s.stands


def test_EPC_15_EP_3_2_interception_fire_after_a_move() -> None:
    b = Board()
    b.det(0, "tactiques", [(70.0, 30.0)], order="avance")
    b.det(1, "tactiques", [(70.0, 60.0)], order="tir_appuye")
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    answer(s, "act:0")
    answer(s, "70,38")
    assert "fire:1" in keys(s)
    answer(s, "fire:1")
    assert s.dets[1].acted  # spent for the combat phase


def test_EPC_28_AMB_EP_16_morale_failure_falls_back() -> None:
    b = Board({"fallback.move": "auto"})  # the referee places it (the decision: test_transport)
    b.det(0, "tactiques", [(70.0, 30.0)], order="avance")
    b.det(1, "mille_fils", [(70.0, 55.0), (73.0, 55.0)], morale=9)
    combat(b)
    s = b.s
    rig(s, [5, 1], then=1)  # hit, failed save: 1 of 2 lost; morale 2 < 9
    answer(s, "fire:0:1")
    assert s.dets[1].fallback and s.dets[1].order == "retraite"
    assert s.stands[2].y > 55.0  # fell back away from the enemy
    assert resolve({"assault.phase": "separate"}).separate_assault_phase


def test_EPC_25_EP_11_13_regeneration_but_not_against_ethereal_powers() -> None:
    b = Board()
    b.det(1, "mille_fils", [(50.0, 50.0)], bound=[("heraut", 53.0, 50.0)])
    s = b.run()
    rig(s, [5])
    wound(s, s.stands[1], "EPC-13")
    assert 1 in s.stands  # regenerated on 5+
    rig(s, [5])
    wound(s, s.stands[1], "EPC-13", ethereal=True)
    assert 1 not in s.stands


def test_EPC_24_shields_come_back_at_the_end_phase() -> None:
    b = Board()
    b.det(1, "reaver", [(90.0, 50.0)])
    s = b.run()
    s.stands[0].shields = 1
    rig(s, [4, 3, 6])
    from arbitre.games.epic.turn import end_phase_upkeep

    end_phase_upkeep(s)
    assert s.stands[0].shields == 3


def test_EPC_14_forests_block_line_of_sight_on_the_ground() -> None:
    from arbitre.games.epic.geometry import LAYOUT, Point, line_of_sight

    assert not line_of_sight(Point(28, 40), Point(28, 76), LAYOUT)
    assert line_of_sight(Point(28, 40), Point(28, 76), LAYOUT, raised=True)
    assert line_of_sight(Point(28, 40), Point(28, 58), LAYOUT)  # target inside


def test_EPC_22_EPC_4_EPC_29_EPC_31_data_and_scoring() -> None:
    from arbitre.games.epic.turn import score

    s = R.new({}, 5)
    flyers = [d for d in s.dets if det_has(s, d.did, "flyer")]
    assert flyers and all(len({st.alt for st in s.alive(d.did)}) == 1 for d in flyers)
    assert {d.formation for a in CATALOG.armies.values() for d in a.detachments} >= {
        "compagnie",
        "soutien",
    }
    s.dets[-1].lost = s.dets[-1].break_points
    assert score(s, 0) == s.dets[-1].break_points  # a loss counts for the opponent
    assert CATALOG.abilities["regeneration"].source.startswith("research")


def test_AMB_EP_1_EP_2_and_EP_5_names_are_data() -> None:
    assert CATALOG.abilities["breakthrough"].rule == "EP-2"
    assert CATALOG.abilities["demolisher"].name_fr == "Endommage les bâtiments"


def test_AMB_EP_3_AMB_EP_5_AMB_EP_10_AMB_EP_11_AMB_EP_12_options() -> None:
    assert not resolve().dr_combat and resolve({"dr.combatPhase": True}).dr_combat
    assert resolve().demolisher_per_hit
    assert resolve().bound_cavalry
    assert not resolve().psyker_any_order
    assert resolve().hq_any_detachment
    assert not resolve({"hq.sacrificeFrom": "ownDetachment"}).hq_any_detachment


def test_AMB_EP_13_psychic_save_unmodified_in_play() -> None:
    b = Board()
    b.det(1, "tactiques", [(50.0, 50.0)], bound=[("astropathe", 53.0, 50.0)])
    s = b.run()
    rig(s, [4])
    gun = Gun(30, 1, 4, -3, 360, kind=ETHEREAL)
    assert not take_hit(s, None, s.stands[1], gun, Roll(s, s.stands[1]))  # 4+ kept


def test_ai_plays_200_starter_battles_to_the_end_without_error() -> None:
    factory = R.agents()["ai"]
    errors = 0
    for seed in range(200):
        try:
            s = R.new({}, seed)
            agents = [factory(seed), factory(seed + 7919)]
            while (d := R.decision(s)) is not None:
                R.apply(s, agents[d.seat].choose(R, s, d))
            result = R.result(s)
            assert result is not None and sum(result.scores) == 1.0
        except Exception:
            errors += 1
    assert errors == 0
