"""Issue 18 item 7: the seed's Epic corners under the default and every alternative of
the ambiguity option involved (EP-3/AMB-EP-3, EP-11/AMB-EP-11, EP-16.34/AMB-EP-15)."""

from __future__ import annotations

import pytest

from arbitre.games.epic.state import Frame
from tests.epic.board import Board, R, answer, keys, rig


def _charge(config: dict[str, object]) -> Board:
    """A charging Tactical detachment contacts Rhino 1; Rhino 2 stands 10 cm off."""
    b = Board(config)
    b.det(0, "tactiques", [(90.0, 30.0)], order="charge")
    b.det(1, "rhino", [(90.0, 45.0)])
    b.det(1, "rhino", [(100.0, 45.0)])
    b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    return b


@pytest.mark.parametrize("dr_combat", [False, True])
def test_EP_3_2_EP_3_3_AMB_EP_3_close_defences_against_a_charge_outside_contact(
    dr_combat: bool,
) -> None:
    """Seed L16-L20: each DR has a 7+ interception shot and a 6+ counter-charge shot,
    15 cm, 360°. The Rhino the charge reaches fires counter-charge (6+); the Rhino it
    does not contact, 10 cm away, keeps its interception shot (7+)."""
    b = _charge({"dr.combatPhase": dr_combat})
    s = b.s
    answer(s, "act:0")
    answer(s, "90,42.5")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.react"
    assert "cc:1" in keys(s) and "dr:2" in keys(s)
    rig(s, [6, 3])  # 7+: a 6 then a 3 misses (AMB-EP-2 default)
    answer(s, "dr:2")
    assert s.stands[2].dr_used == 1 and 0 in s.stands


@pytest.mark.parametrize("dr_combat", [False, True])
def test_EP_3_2_AMB_EP_3_close_defences_when_the_charge_stops_short(dr_combat: bool) -> None:
    """A charge that ends 6 cm short of the Rhino engages nobody: no counter-charge,
    but the Rhinos within 15 cm may still fire their 7+ interception shot (EP-3.2)."""
    b = _charge({"dr.combatPhase": dr_combat})
    s = b.s
    answer(s, "act:0")
    answer(s, "90,39")
    d = R.decision(s)
    assert d is not None and d.kind == "epic.react"
    assert "dr:1" in keys(s) and "cc:1" not in keys(s)


def _herald_in_retreat(config: dict[str, object]) -> Board:
    b = Board(config)
    b.det(0, "mille_fils", [(50.0, 50.0)], bound=[("heraut", 53.0, 50.0)], order="retraite")
    b.s.dets[0].fallback = True
    b.det(1, "tactiques", [(50.0, 70.0)])
    b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    return b


@pytest.mark.parametrize("orders", ["shooting", "any"])
def test_EP_11_6_AMB_EP_11_movement_powers_under_retraite(orders: str) -> None:
    """Seed L147: Movement-phase powers "peuvent être utilisés quel que soit l'ordre";
    Retraite is an order (L193). The Herald in Retraite may still use Emprise."""
    from arbitre.games.epic.psychic import powers_for

    s = _herald_in_retreat({"psyker.combatOrders": orders}).s
    herald = next(st for st in s.stands.values() if st.unit == "heraut")
    assert f"psy:{herald.sid}:1:1" in [k for k, _m in powers_for(s, 0, "movement")]


def test_EP_11_6_AMB_EP_11_combat_powers_not_under_retraite_by_default() -> None:
    """Seed L147: a Combat-phase power needs an order that allows it; Retraite allows no
    shooting (AMB-EP-11a reading). The alternative `any` is left as it is: the seed does
    not say whether Retraite "allows" a power."""
    from arbitre.games.epic.psychic import powers_for

    s = _herald_in_retreat({}).s
    assert powers_for(s, 0, "combat") == []


@pytest.mark.parametrize("orders", ["shooting", "any"])
def test_EP_11_2_AMB_EP_11_a_psychic_power_may_be_declined(orders: str) -> None:
    """Seed L139: Psykers "peuvent utiliser" one power a turn: a choice, not a duty.
    With nothing else to activate, the Herald must still be able to pass."""
    b = Board({"psyker.combatOrders": orders})
    b.det(0, "mille_fils", [(50.0, 50.0)], bound=[("heraut", 53.0, 50.0)], order="avance")
    b.det(1, "tactiques", [(50.0, 70.0)])
    b.s.dets[0].moved = b.s.dets[1].moved = True
    s = b.run(Frame("combat", 0, {"side": 0}), Frame("movement", 0, {"side": 0}))
    assert keys(s) and any(not k.startswith("psy:") for k in keys(s))


def _dropper(config: dict[str, object]) -> Board:
    from tests.epic.test_play_transport import move_frames, put_aboard

    b = Board(config)
    b.det(0, "thunderhawk", [(50.0, 50.0)], alt="low", order="avance")
    b.det(0, "assaut", [(0.0, 0.0)], order="charge")
    b.det(1, "mille_fils", [(150.0, 110.0)])
    put_aboard(b.s, 1, 0)
    b.run(*move_frames(0))
    answer(b.s, "act:1")
    return b


@pytest.mark.parametrize("evasive", ["landingMove", "wholeTurn"])
@pytest.mark.parametrize("ta", ["asAvance", "lands"])
def test_EP_16_34_AMB_EP_15_troops_dropping_from_a_flyer_are_difficult_targets(
    evasive: str, ta: str
) -> None:
    """Seed L242: troops leaving a Flyer have Cible Difficile until they touch the
    ground; L254: -1 to hit for every non-AA shot, none for AA weapons."""
    from arbitre.games.epic.fire import Gun, modifiers_for

    s = _dropper({"flyer.evasive": evasive, "flyer.tirAppuyeNoTransport": ta}).s
    dropper = s.alive(1)[0]
    assert dropper.alt == "low"
    gun = Gun(30, 1, 4, 0, 360)
    assert modifiers_for(s, gun, dropper, "low", False) == 1
    assert modifiers_for(s, gun, dropper, "low", True) == 2  # plus interception -1
    assert modifiers_for(s, Gun(30, 1, 4, 0, 360, aa=True), dropper, "low", True) == 0
    assert modifiers_for(s, gun, dropper, "ground", False) == 0  # on the ground: none


@pytest.mark.parametrize("evasive", ["landingMove", "wholeTurn"])
def test_EP_16_34_EP_3_2_close_defences_at_dropping_troops_take_difficult_target(
    evasive: str,
) -> None:
    """Seed L18: only the interception malus is inside the DR's 7+; L242/L254: Cible
    Difficile gives -1 to every non-AA shot, so a DR needs 8+ at dropping troops."""
    from arbitre.games.epic.fire import dr_gun, modifiers_for

    s = _dropper({"flyer.evasive": evasive}).s
    dropper = s.alive(1)[0]
    assert modifiers_for(s, dr_gun(1, "interception"), dropper, "low", True) == 1
