"""Seats are shown by the names a person reads, in the chosen language."""

from __future__ import annotations

from arbitre.cli.render import seat_label, seat_labels
from arbitre.engine import get
from arbitre.engine.match import Match


def test_heresy_seats_read_as_sides_in_both_languages():
    match = Match(get("heresy"), {}, 1)
    assert seat_labels(match, "fr") == ["Imperium", "Traître"]
    assert seat_labels(match, "en") == ["Imperium", "Traitor"]


def test_champs_and_epic_seats_read_by_name():
    match = Match(get("champs"), {"players": 1, "heroes": "voleur"}, 1)
    assert seat_labels(match, "en") == ["Player 1", "GM"]
    assert seat_labels(match, "fr") == ["Joueur 1", "MJ"]
    epic = Match(get("epic"), {}, 1)
    assert seat_labels(epic, "fr") == ["Imperium", "Mille Fils"]


def test_seats_without_a_name_keep_their_id():
    assert seat_label("champs", "p9", "en") == "p9"
