"""Issue 18's Epic small print: a psychic power may be declined for a phase (EP-11.2);
psychic, template and Regeneration dice are shown in their events (as a shot's are);
the terminal's point questions say a point may be typed as x,y."""

from __future__ import annotations

from rich.console import Console

from arbitre.cli.render import decision_view
from arbitre.engine.i18n import Msg, translate
from arbitre.games.epic.fire import wound
from arbitre.games.epic.psychic import NO_POWER
from arbitre.games.epic.state import EpicState, Frame, Stand
from tests.epic.board import Board, R, answer, keys, rig


def _herald(order: str = "avance") -> Board:
    """The Herald of Tzeentch bound to a Thousand Sons detachment, 20 cm from Marines;
    both detachments have moved, so only powers are left to do."""
    b = Board()
    b.det(0, "mille_fils", [(50.0, 50.0)], bound=[("heraut", 53.0, 50.0)], order=order)
    b.det(1, "tactiques", [(50.0, 70.0)])
    b.s.dets[0].moved = b.s.dets[1].moved = True
    return b


def _herald_stand(s: EpicState) -> Stand:
    return next(st for st in s.stands.values() if st.unit == "heraut")


def _last(s: EpicState, key: str) -> Msg:
    return [m for m in s.log if m.key == key][-1]


def test_EP_11_2_a_movement_power_declined_leaves_the_turns_power_for_combat() -> None:
    """Seed L139: "peuvent utiliser l'un d'eux par tour": declining Emprise in the
    Movement phase does not spend the turn's power; Flames of Change (a Combat-phase
    power) is still offered in the Combat phase."""
    b = _herald()
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    herald = _herald_stand(s)
    assert NO_POWER in keys(s) and f"psy:{herald.sid}:1:1" in keys(s)
    answer(s, NO_POWER)
    assert not herald.power_used
    assert _last(s, "epic.ev.no_power").rule == "EP-11.2"
    d = R.decision(s)
    assert d is not None and d.kind == "epic.combat"
    assert f"psy:{herald.sid}:0:1" in keys(s) and "fire:0:1" in keys(s)


def test_EP_11_2_a_combat_power_may_be_declined_and_the_phase_ends() -> None:
    b = _herald()
    b.s.dets[0].acted = True  # its shooting is done: the power is all it has left
    s = b.run(Frame("combat", 0, {"side": 0}))
    assert NO_POWER in keys(s)
    answer(s, NO_POWER)
    assert R.decision(s) is None  # nobody has anything left: the phase (and stack) ends
    assert not _herald_stand(s).power_used and s.psy_pass == [True, False]


def test_EP_11_2_no_pass_offered_while_something_else_remains() -> None:
    """The pass is only offered when powers are all that is left: with a detachment to
    activate, activating it is how a player puts a power off."""
    b = _herald()
    b.s.dets[0].moved = False
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    assert "act:0" in keys(s) and NO_POWER not in keys(s)


def test_EP_11_7_issue_18_a_powers_event_shows_its_dice() -> None:
    """Flames of Change (physical, EP-11.7) rolls to hit then the target saves: the
    event lists both, in French and English, like a shot's."""
    b = _herald()
    s = b.run(Frame("combat", 0, {"side": 0}))
    herald = _herald_stand(s)
    key = f"psy:{herald.sid}:0:1"
    rig(s, [2, 6, 1, 6, 6, 6])
    answer(s, key)
    ev = _last(s, "epic.ev.power")
    assert ev.args["to_hit"].count("+ →") >= 1 and ev.args["to_hit"] != "—"
    assert ev.args["to_hit"].split("→ ")[1].startswith("2")
    fr, en = translate(ev, "fr"), translate(ev, "en")
    hits = ev.args["hits"]  # French singular for 0 and 1, English for 1 only
    assert f"pour toucher {ev.args['to_hit']} → {hits} touche{'s' * (hits > 1)} ;" in fr
    assert f"sauvegardes {ev.args['saves']}" in fr
    assert f"to hit {ev.args['to_hit']} → {hits} hit{'s' * (hits != 1)};" in en


def test_EPC_18_issue_18_a_templates_event_shows_its_dice() -> None:
    b = Board()
    b.det(1, "dreadnought_mf", [(50.0, 60.0)], order="avance")
    b.det(0, "tactiques", [(50.0, 45.0), (52.0, 45.0)])
    data = {"det": 0, "target": -1, "todo": [], "placed": [[51.0, 45.0, 0, 1, "ground"]]}
    data["bomb"] = False
    rig(b.s, [6, 1, 3])  # the first stand: hit, failed save; the second: a miss
    s = b.run(Frame("template", 1, data))
    ev = _last(s, "epic.ev.template")
    assert ev.args["hits"] == 1 and ev.args["lost"] == 1
    assert ev.args["to_hit"].endswith("→ 6 3") and ev.args["saves"].endswith("→ 1")
    assert "pour toucher" in translate(ev, "fr") and "to hit" in translate(ev, "en")
    assert ev.args["to_hit"] in translate(ev, "en")


def test_EPC_25_issue_18_regeneration_shows_its_die_made_or_not() -> None:
    """The Herald regenerates on 5+ (research S6): the die is shown either way."""
    b = _herald()
    s = b.s
    herald = _herald_stand(s)
    wounds = herald.wounds
    rig(s, [5])
    wound(s, herald, "EPC-13")
    made = _last(s, "epic.ev.regenerated")
    assert made.args["dice"] == "5+ → 5" and herald.wounds == wounds
    assert "5+ → 5" in translate(made, "fr") and "regenerates" in translate(made, "en")
    rig(s, [3])
    wound(s, herald, "EPC-13")
    failed = _last(s, "epic.ev.regen_failed")
    assert failed.args["dice"] == "5+ → 3" and failed.rule == "EPC-25"
    assert "ne régénère pas (5+ → 3)" in translate(failed, "fr")
    assert herald.wounds == wounds - 1 or herald.sid not in s.stands


def _text(renderable: object) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_issue_18_the_terminals_move_question_says_a_point_may_be_typed() -> None:
    s = R.new({}, 1)
    while (d := R.decision(s)) is not None and d.kind != "epic.move":
        R.apply(s, d.options[0].key)
    assert d is not None
    fr, en = _text(decision_view(d, "Imperium", "fr")), _text(decision_view(d, "Imperium", "en"))
    assert "tapez le point x,y" in fr and "60,45" in fr
    assert "type the point x,y" in en
