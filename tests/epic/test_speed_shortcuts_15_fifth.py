"""Epic's shortcuts for speed, issue 15 (fifth round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on states set up on purpose.

- Disengaging (research §3.5) and a charge's contact after its flight (EPC-17): the
  enemies near the movers listed once for `engaged`, again after a loss.
- The movement frame (EPC-9, EPC-11): a move question's plan kept with its candidates;
  the next side's movable detachments and powers, found as the activation passes to it,
  read by the activation question that follows.
- Psychic powers (EP-11.6): each enemy detachment's box worked out once per question.
- A volley (EPC-13): the stands a die may hit, ranked once for the shooter's alike guns
  while the stands on the table are the same.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.rng import Rng
from arbitre.games.epic import air, assault
from arbitre.games.epic.rules import Epic, settle
from arbitre.games.epic.state import EpicState, Stand
from arbitre.games.epic.world import engaged
from tests.epic.board import Board
from tests.epic.speed_states import games_both_ways


def _engaged_slowly(s: EpicState, st: Stand, near: list[Stand] | None = None) -> list[Stand]:
    """`engaged` reading every enemy stand, whatever list it is handed."""
    return engaged(s, st)


def _outcome(s: EpicState) -> tuple[Any, ...]:
    return (s.snapshot(), list(s.log))


# --- disengaging and a charge's contact ------------------------------------------------


def test_EPC_17_disengage_and_charge_contact_play_as_asking_every_enemy(
    monkeypatch: Any,
) -> None:
    met = games_both_ways(monkeypatch, assault, {"engaged": _engaged_slowly})
    met += games_both_ways(monkeypatch, air, {"engaged": _engaged_slowly})
    assert met > 2000


def _contact_board() -> EpicState:
    """Three Tactical stands in contact with four enemies of different FA, a fifth enemy
    out of contact, a Flyer among them (never attacked)."""
    b = Board()
    b.det(0, "tactiques", [(50.0, 50.0), (52.2, 50.0), (54.4, 50.0)])
    b.det(1, "mille_fils", [(50.0, 52.2), (54.4, 52.2), (70.0, 70.0)])
    b.det(1, "terminators", [(52.2, 47.8)])
    b.det(1, "dreadnought_mf", [(56.6, 50.0)])
    return b.run()


def test_EPC_17_disengage_lists_the_enemies_again_after_a_loss(monkeypatch: Any) -> None:
    """Set up: movers leaving contact with several enemies; with real dice some seeds
    lose stands mid-way. Each seed gives the same stands, dice and log both ways."""
    lost = 0
    for seed in range(40):
        for v in ((0.0, -10.0), (10.0, 0.0), (-3.0, 0.0)):
            quick = _contact_board()
            quick.rng = Rng.from_seed(seed)
            slow = _contact_board()
            slow.rng = Rng.from_seed(seed)
            assault.disengage(quick, [0, 1, 2], *v)
            with monkeypatch.context() as m:
                m.setattr(assault, "engaged", _engaged_slowly)
                assault.disengage(slow, [0, 1, 2], *v)
            assert _outcome(quick) == _outcome(slow), (seed, v)
            assert quick.rng.state == slow.rng.state
            lost += sum(1 for sid in (0, 1, 2) if sid not in quick.stands)
    assert lost > 5


def test_EP_3_3_a_charge_touching_with_its_last_stand_is_a_charge(monkeypatch: Any) -> None:
    """Set up: a charge whose second stand alone ends in contact with a Rhino (Close
    Defences): the reaction offers the counter-charge both ways (EP-3.3)."""
    got = []
    for slow in (False, True):
        b = Board()
        b.det(0, "tactiques", [(50.0, 50.0), (60.0, 50.0)], order="charge")
        b.det(1, "rhino", [(60.0, 62.2)], order="avance")
        s = b.run()
        with monkeypatch.context() as m:
            if slow:
                m.setattr(air, "engaged", _engaged_slowly)
            air.start_flight(s, 0, [0, 1], (0.0, 10.0), "ground", "move")
            settle(s)
        d = Epic().decision(s)
        assert d is not None and any(o.key.startswith("cc:") for o in d.options)
        got.append((d, _outcome(s)))
    assert got[0] == got[1]
