"""Epic's shortcuts for speed, issue 15 (seventh round), against the slow, sure way: each
played both ways on seeded random games (`speed_states.games_both_ways`: decisions,
events, dice and states the same) and asked both ways on states set up on purpose:

- A reaction question (EPC-15, EP-3.2, EP-3.3): the detachments with a Close Defence
  stand on the table are found once per table (`reactions._dr_dets`, kept with the
  `by_det` answer it read) instead of reading each stand's unit at every question.
"""

from __future__ import annotations

from typing import Any

from arbitre.games.epic import reactions
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.state import Stand
from tests.epic.board import Board
from tests.epic.speed_states import games_both_ways, reaction_groups_both_ways

# --- a reaction question: the detachments with Close Defences ---------------------------


def _dr_dets_slowly(table: dict[int, list[Stand]]) -> frozenset[int]:
    """`reactions._dr_dets` read afresh from every stand's unit, nothing kept."""
    return frozenset(
        did
        for did, alive in table.items()
        if any(CATALOG.units[st.unit].param("dr") for st in alive)
    )


def test_EPC_15_reactions_found_as_with_every_unit_read(monkeypatch: Any) -> None:
    asked, found = reaction_groups_both_ways(monkeypatch, {"_dr_dets": _dr_dets_slowly})
    assert asked > 50 and found > 20


def test_EPC_15_reactions_play_as_with_every_unit_read(monkeypatch: Any) -> None:
    assert games_both_ways(monkeypatch, reactions, {"_dr_dets": _dr_dets_slowly}) > 1000


def test_EP_3_2_close_defence_detachments_follow_the_table() -> None:
    """Set up: a Rhino (Close Defences) and a squad (none); the Rhino's stands die one by
    one, a stand without Close Defences joins the Rhinos' detachment: each answer is that
    of the table as it is then, never one kept from before."""
    assert CATALOG.units["rhino"].param("dr") and not CATALOG.units["tactiques"].param("dr")
    b = Board()
    squad = b.det(0, "tactiques", [(50.0, 50.0), (52.0, 50.0)])
    rhino = b.det(0, "rhino", [(60.0, 50.0), (62.0, 50.0)])
    s = b.s
    for _ in range(2):  # asked twice of the same table: the kept answer
        got = reactions._dr_dets(s.by_det())
        assert got == _dr_dets_slowly(s.by_det()) == {rhino}
    first, second = (st.sid for st in s.alive(rhino))
    del s.stands[first]
    assert reactions._dr_dets(s.by_det()) == _dr_dets_slowly(s.by_det()) == {rhino}
    moved = s.stands.pop(second)  # out of the dict, into the squad (as binding.py does)
    moved.det = squad
    s.stands[second] = moved
    assert reactions._dr_dets(s.by_det()) == _dr_dets_slowly(s.by_det()) == {squad}
    del s.stands[second]
    assert reactions._dr_dets(s.by_det()) == frozenset()
    b.det(1, "rhino", [(90.0, 50.0)])
    assert reactions._dr_dets(s.by_det()) == _dr_dets_slowly(s.by_det()) == {2}
