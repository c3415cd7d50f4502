"""Epic's shortcuts for speed, issue 15 (sixth round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on the states of some of them:

- A reaction question (EPC-15, EP-3.2, EP-3.3, EP-11.10): the movers' paths and their
  box worked out only for the first detachment that may react.
- Why a detachment cannot shoot (EPC-14): the search for the nearest enemy stops at the
  first enemy within range (the answer is then "no visible target").
"""

from __future__ import annotations

import math
from typing import Any

from arbitre.engine.i18n import Msg
from arbitre.games.epic import reactions, transport, why
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.state import EpicState, Frame, Stand
from arbitre.games.epic.world import contact, pinned_sids
from tests.epic.board import Board
from tests.epic.speed_states import STATES, games_both_ways, reaction_groups_both_ways

# --- a reaction question ---------------------------------------------------------------


# Every unit taken for one with Close Defences: no detachment of the reacting side is
# passed over before the box, which is then worked out for the first of them, as before
# the shortcut. The answers are the same: the Close Defence groups read the profile's
# "dr" itself, and `_out_of_reach` (a fresh `_LONGEST`) only passes over fewer stands.
def _every_detachment() -> dict[str, Any]:
    return {"_has_dr": lambda unit: True, "_LONGEST": {}}


def test_EPC_15_reactions_found_as_with_the_box_first(monkeypatch: Any) -> None:
    asked, found = reaction_groups_both_ways(monkeypatch, _every_detachment())
    assert asked > 50 and found > 20


def test_EPC_15_reactions_play_as_with_the_box_first(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, reactions, _every_detachment()) > 1000


# --- why a detachment cannot shoot -----------------------------------------------------

_no_fire = why.no_fire


def _no_fire_slowly(
    s: EpicState,
    did: int,
    seen: dict[int, list[int]] | None = None,
    table: dict[int, list[Stand]] | None = None,
    pins: set[int] | None = None,
    where: Any = None,
) -> Msg | None:
    """`why.no_fire`, its last answer (the nearest enemy out of range, or no visible
    target) worked out again from the distance to every enemy stand."""
    got = _no_fire(s, did, seen, table, pins, where)
    if got is None or got.key not in ("epic.why.range", "epic.why.no_target"):
        return got
    side = s.dets[did].side
    nearest = min(
        (st.point.to(e.point) for st in s.alive(did) for e in s.foes_of(side)),
        default=math.inf,
    )
    reach = why.longest_gun(s, did) or 0
    if math.isfinite(nearest) and nearest > reach:
        return Msg("epic.why.range", {"dist": round(nearest, 1), "range": reach}, "EPC-14")
    return Msg("epic.why.no_target", {}, "EPC-14")


def test_EPC_14_why_not_fire_as_every_enemy_measured() -> None:
    kinds: dict[str, int] = {}
    for seed, s in STATES:
        pins = pinned_sids(s)
        for d in s.dets:
            quick = why.no_fire(s, d.did, None, None, pins)
            assert quick == _no_fire_slowly(s, d.did, None, None, pins), f"seed {seed}"
            if quick is not None:
                kinds[quick.key] = kinds.get(quick.key, 0) + 1
    assert kinds.get("epic.why.no_target", 0) > 20 and kinds.get("epic.why.range", 0) > 20


def test_EPC_14_why_not_fire_plays_as_every_enemy_measured(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, why, {"no_fire": _no_fire_slowly}) > 1000


def test_EPC_15_the_box_is_worked_out_for_a_later_detachment(monkeypatch: Any) -> None:
    """Set up: the reacting side's first detachment has no order and no Close Defences
    (passed over before the box), the second, on Tir Appuyé, reaches the mover's path."""
    assert not CATALOG.units["tactiques"].param("dr")
    b = Board()
    mover = b.det(0, "tactiques", [(50.0, 50.0)], order="avance")
    b.det(1, "tactiques", [(10.0, 10.0)])
    firer = b.det(1, "tactiques", [(50.0, 70.0)], order="tir_appuye")
    sid = b.s.alive(mover)[0].sid
    f = Frame(
        "react",
        1,
        {
            "target": mover,
            "paths": [[sid, 50.0, 40.0, 50.0, 50.0, "ground", "ground"]],
            "charge": False,
        },
    )
    quick = reactions._groups(b.s, f)
    assert list(quick) == [f"fire:{firer}"]
    with monkeypatch.context() as m:
        for name, stand_in in _every_detachment().items():
            m.setattr(reactions, name, stand_in)
        slower = reactions._groups(b.s, Frame("react", 1, dict(f.data)))
    assert {k: [(st.sid, g) for st, g in v[0]] for k, v in quick.items()} == {
        k: [(st.sid, g) for st, g in v[0]] for k, v in slower.items()
    }


# --- embarking -------------------------------------------------------------------------


def _never_stranded(mine: list[Stand], carriers: list[Stand], far: float) -> bool:
    """Every stand looked for a carrier as before the shortcut."""
    return False


def test_EP_16_4_seats_for_plays_as_every_stand_seated(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, transport, {"_stranded": _never_stranded}) > 1000


def test_EP_16_4_seats_for_set_up(monkeypatch: Any) -> None:
    """A Rhino and a squad at the limit the embarking move reaches (just within, just
    beyond on x, beyond on y, and diagonally beyond though within on each axis)."""
    assert CATALOG.units["rhino"].param("transport")
    for rx, ry in [(60.0, 50.0), (60.1, 50.0), (50.0, 39.9), (57.5, 57.5), (40.0, 60.0)]:
        b = Board()
        squad = b.det(0, "tactiques", [(50.0, 50.0)], order="avance")
        rhino = b.det(0, "rhino", [(rx, ry)], order="avance")
        reach = 10.0 - contact(b.s) - 1e-9  # exactly 10 cm with `seats_for`'s slack
        quick = transport.seats_for(b.s, squad, rhino, reach)
        with monkeypatch.context() as m:
            m.setattr(transport, "_stranded", _never_stranded)
            slower = transport.seats_for(b.s, squad, rhino, reach)
        assert quick == slower, (rx, ry)
        far = reach + contact(b.s) + 1e-9
        assert (quick is None) == (math.hypot(rx - 50.0, ry - 50.0) > far), (rx, ry)
