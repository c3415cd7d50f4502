"""Why not? (issue 13): why a detachment cannot shoot, logged as the combat phase starts
(EPC-9 orders, EPC-14 range and targets, EPC-15 interception, EPC-28 fall-back), and the
Ruleset's `why_not` / `why_key` hooks for a point or a detachment the page proposes."""

from __future__ import annotations

from typing import Any

from arbitre.engine.i18n import Msg, translate
from arbitre.engine.registry import get
from arbitre.games.epic import why
from arbitre.games.epic.state import EpicState
from tests.epic.test_turn import tiny

R: Any = get("epic")  # the Epic ruleset and its hooks (why_not, why_key, choice_text)


def fr(msg: Msg | None) -> str:
    assert msg is not None
    return translate(msg, "fr")


def play_to(
    s: EpicState, kind: str, prefer: tuple[str, ...] = ("avance",), setup: bool = False
) -> None:
    """Answer (preferred keys first, else the first option) until a `kind` decision of the
    turn (past the set-up's infiltration, unless `setup`)."""
    while (d := R.decision(s)) is not None and (
        d.kind != kind or (s.phase == "orders" and not setup)
    ):
        keys = d.keys()
        R.apply(s, next((k for k in prefer if k in keys), keys[0]))


def test_EPC_9_a_charge_does_not_shoot_and_says_so() -> None:
    s = tiny()
    s.dets[0].order = "charge"
    reason = why.no_fire(s, 0)
    assert reason is not None and reason.rule == "EPC-9"
    event = why.no_fire_event(s, 0, reason)
    assert (
        fr(event)
        == "Marines tactiques (B) ne tire pas : Charge : pas de tir (assaut seulement) [EPC-9]"
    )
    assert translate(event, "en").startswith("Tactical Marines (B) does not shoot: Charge: no")


def test_EPC_9_no_order_and_retreat_do_not_shoot() -> None:
    s = tiny()
    s.dets[0].order = None
    assert why.no_fire(s, 0) == Msg("epic.why.order_none", {}, "EPC-9")
    s.dets[0].order = "retraite"
    assert why.no_fire(s, 0) == Msg("epic.why.order_retreat", {}, "EPC-9")


def test_EPC_14_out_of_range_gives_the_distance_and_the_range() -> None:
    s = tiny()
    s.dets[0].order = "avance"
    s.stands[1].y = 120.0  # 80 cm away
    reason = why.no_fire(s, 0)
    assert reason is not None and reason.key == "epic.why.range" and reason.rule == "EPC-14"
    assert reason.args["dist"] == 80.0 and reason.args["range"] < 80
    assert "hors de portée : ennemi le plus proche à 80 cm, portée" in fr(reason)


def test_EPC_14_in_range_a_detachment_shoots_and_nothing_is_said() -> None:
    s = tiny()
    s.dets[0].order = "avance"
    s.stands[1].y = 60.0  # 20 cm away
    assert why.no_fire(s, 0) is None


def test_EPC_14_no_visible_target_within_range() -> None:
    """A ground stand without AA weapons cannot shoot a Flyer high above (EP-16.45)."""
    s = R.new({}, 1)
    terminators = next(d.did for d in s.dets if d.spec == "terminators")
    flyer = next(st for st in s.stands.values() if st.unit == "hell_blade")
    for d in s.dets:
        d.order = "avance"
    mine = s.alive(terminators)[0]
    for st in s.stands.values():  # every other enemy far away, the Flyer 10 cm off, high
        if st.side != mine.side:
            st.x, st.y = 170.0, 115.0
    flyer.x, flyer.y, flyer.alt = mine.x, mine.y + 10.0, "high"
    reason = why.no_fire(s, terminators)
    assert reason is not None and (reason.key, reason.rule) == ("epic.why.no_target", "EPC-14")


def test_EPC_15_already_fired_in_interception() -> None:
    s = tiny()
    s.dets[0].order = "tir_appuye"
    s.dets[0].acted = True
    assert why.no_fire(s, 0) == Msg("epic.why.intercepted", {}, "EPC-15")
    assert "a déjà tiré en interception" in fr(
        why.no_fire_event(s, 0, Msg("epic.why.intercepted", {}, "EPC-15"))
    )


def test_EPC_28_a_detachment_falling_back_does_not_shoot() -> None:
    s = tiny()
    s.dets[0].order = "avance"
    s.dets[0].fallback = True
    assert why.no_fire(s, 0) == Msg("epic.why.fallback", {}, "EPC-28")


def test_EPC_14_the_log_says_why_as_the_combat_phase_starts() -> None:
    """Played to the first combat phase: one event per detachment that will not shoot."""
    s = R.new({}, 1)
    events: list[Msg] = []
    while s.phase != "combat" and s.turn == 1:
        d = R.decision(s)
        assert d is not None
        keys = d.keys()
        R.apply(s, next((k for k in ("charge", "p:0") if k in keys), keys[0]))
        events += R.events(s)
    said = [e for e in events if e.key == "epic.ev.no_fire"]
    assert said and all(e.rule in ("EPC-9", "EPC-14", "EPC-15", "EPC-17", "EPC-28") for e in said)
    assert any(e.rule == "EPC-9" and "Charge : pas de tir" in fr(e) for e in said)


def test_EPC_11_why_not_a_point_names_the_rule() -> None:
    """A point out of reach, or onto a friendly stand (EP-2.4); a legal one: None."""
    s = R.new({}, 1)
    play_to(s, "epic.move", setup=True)  # the Tactical Marines' Infiltration (EP-7.3)
    d = R.decision(s)
    reach = R.view(s, d.seat)["reach"]
    far = f"{reach['x']},{reach['y'] + reach['hi'] + 5}"
    too_far = R.why_not(s, d, far)
    assert (
        too_far is not None and too_far.key == "epic.move.too_far" and too_far.rule == reach["rule"]
    )
    other = next(
        st
        for st in s.stands.values()
        if st.det != reach["det"]
        and st.side == 0
        and st.alt == "ground"
        and 3 < ((st.x - reach["x"]) ** 2 + (st.y - reach["y"]) ** 2) ** 0.5 < reach["hi"]
    )
    contact = R.why_not(s, d, f"{other.x},{other.y}")
    assert contact is not None and contact.rule == "EP-2.4"
    assert R.why_not(s, d, f"{reach['x']},{reach['y'] + 5}") is None
    assert R.why_not(s, d, d.keys()[0]) is None
    # the same refusal the game gives when the point is played
    assert R.why_not(s, d, "nonsense,1") is not None


def test_EPC_9_why_not_a_detachment_that_cannot_be_activated() -> None:
    s = R.new({}, 1)
    play_to(s, "epic.activate", prefer=("tir_appuye",))
    d = R.decision(s)
    assert d is not None and d.kind == "epic.activate"
    named = {o.key.split(":")[1] for o in d.options}
    mine = next(x for x in s.dets if x.side == d.seat and str(x.did) not in named)
    assert mine.order == "tir_appuye"
    reason = R.why_not(s, d, f"det:{mine.did}")
    assert reason is not None and reason.rule == "EPC-9"
    assert "Tir Appuyé : ce détachement ne bouge pas" in fr(reason)
    enemy = next(x for x in s.dets if x.side != d.seat)
    assert "détachement adverse" in fr(R.why_not(s, d, f"det:{enemy.did}"))


def test_EPC_9_why_key_a_clicked_detachment_is_its_activation() -> None:
    s = R.new({}, 1)
    play_to(s, "epic.activate")
    d = R.decision(s)
    once = [o.key.split(":")[1] for o in d.options]
    act = next(o.key for o in d.options if o.key.startswith("act:") and once.count(o.key[4:]) == 1)
    assert R.why_key(s, d, "det:" + act[4:]) == act
    assert R.why_key(s, d, "det:999") == "det:999"
    assert R.why_not(s, d, "det:" + act[4:]) is None  # a legal choice: nothing to say
