"""Issue 18: a shot's event shows its dice (to hit, re-rolls, saves), exactly those drawn;
and a move option never reads -0.0."""

from __future__ import annotations

import re

from arbitre.engine.i18n import Msg, translate
from arbitre.engine.rng import Rng
from arbitre.games.epic import combat_phase
from arbitre.games.epic.fire import Roll, show_dice
from arbitre.games.epic.moves import MOVE
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.turn import move_decision
from tests.epic.test_turn import rigged, tiny


def _squad(seed: int) -> EpicState:
    """Three bolter stands 25 cm from one Mille Fils stand, on a seeded Rng."""
    s = tiny()
    s.rng = Rng.from_seed(seed)
    s.stands[1].y = 65.0
    s.stands[2] = Stand(2, 0, 0, "tactiques", 45.0, 40.0, 1)
    s.stands[3] = Stand(3, 0, 0, "tactiques", 55.0, 40.0, 1)
    s.dets[0].order = "avance"
    return s


def _values(shown: str) -> list[int]:
    """The die values of a shown dice string, targets ("4+ →") left out."""
    return [int(v) for v in re.findall(r"\d", re.sub(r"\d+\+ →", "", shown))]


def _fire_event(s: EpicState) -> Msg:
    events: list[Msg] = [m for m in s.log if m.key == "epic.ev.fire"]
    return events[-1]


def test_issue_18_the_fire_event_lists_exactly_the_dice_drawn() -> None:
    seen_saves = False
    for seed in range(1, 25):
        s = _squad(seed)
        replay = Rng(s.rng.state)
        combat_phase.shoot(s, 0, 1)
        drawn: list[int] = []
        while replay.state != s.rng.state:
            drawn.append(replay.die(6))
            assert len(drawn) < 50
        ev = _fire_event(s)
        to_hit, saves = _values(ev.args["to_hit"]), _values(ev.args["saves"])
        assert sorted(to_hit + saves) == sorted(drawn)
        assert 1 <= len(to_hit) <= 3  # one die per bolter, until the target falls
        assert len(saves) == ev.args["hits"]  # one save per hit (no shields, no re-roll)
        assert drawn[0] == to_hit[0]  # the first stand's die comes first
        seen_saves = seen_saves or bool(saves)
        fr, en = translate(ev, "fr"), translate(ev, "en")
        hits, lost = ev.args["hits"], ev.args["lost"]  # French singular for 0 and 1
        assert f"pour toucher {ev.args['to_hit']} → {hits} touche{'s' * (hits > 1)} ;" in fr
        assert f"sauvegardes {ev.args['saves']} → {lost} PV perdu{'s' * (lost > 1)}" in fr
        assert f"to hit {ev.args['to_hit']} → {hits} hit{'s' * (hits != 1)};" in en
        assert f"saves {ev.args['saves']}" in en
    assert seen_saves


def test_issue_18_a_missed_volley_shows_no_save_dice() -> None:
    s = tiny()
    s.stands[1].y = 65.0
    s.dets[0].order = "avance"
    rigged(s, [2])
    combat_phase.shoot(s, 0, 1)
    ev = _fire_event(s)
    assert ev.args["saves"] == "—" and ev.args["hits"] == 0
    assert ev.args["to_hit"].endswith("→ 2")


def test_issue_18_rerolls_and_seven_plus_show_every_die() -> None:
    s = tiny()
    rigged(s, [1, 6, 6, 4, 2])
    r = Roll(s, s.stands[0], [])
    assert r.die(5, reroll_ones=True)  # Tir Appuyé re-rolls the 1
    assert r.die(7)  # a 6, then 4+
    assert not r.die(3)
    assert r.dice == [(5, "1↻6"), (7, "6+4"), (3, "2")]
    assert show_dice(r.dice) == "5+ → 1↻6 · 7+ → 6+4 · 3+ → 2"
    assert show_dice([]) == "—"


def test_issue_18_the_move_option_never_shows_minus_zero() -> None:
    s = tiny()
    d = move_decision(s, 0, 0, [(-0.04, -0.01), (-1.26, 2.0)], MOVE)
    texts = [translate(o.text, "en") for o in d.options]
    assert "-0.0" not in " ".join(texts)
    assert texts[0] == "Stay in place"  # issue 13: moves in words, not vectors
    assert "2.4 cm" in texts[1]
    assert [(o.text.args["dx"], o.text.args["dy"]) for o in d.options] == [(0.0, 0.0), (-1.3, 2.0)]
    assert str(d.options[0].text.args["dx"]) == "0.0"  # never "-0.0" in the raw vector either
