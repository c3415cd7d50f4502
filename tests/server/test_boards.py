"""The static board the browser draws (arbitre.server.boards): JSON, complete, public.

Public means: the same for every seat and every hidden draw. A board built from a state
and from that state with everything a seat cannot see resampled (`determinize`) must be
identical, and the board does not change while hands, decks and piles do.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from arbitre.engine.registry import get
from arbitre.engine.rng import Rng
from arbitre.server.boards import board_of, shared_border

GAMES = ("champs", "heresy", "epic")


def played(game: str, seed: int, steps: int) -> Any:
    r = get(game)
    s = r.new({}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        d = r.decision(s)
        if d is None:
            break
        r.apply(s, rng.choice(d.options).key)
    return s


@pytest.mark.parametrize("game", GAMES)
def test_board_is_plain_json(game: str) -> None:
    r = get(game)
    board = board_of(game, r, r.new({}, 1))
    assert board["game"] == game
    assert json.loads(json.dumps(board)) == board


@pytest.mark.parametrize("game", GAMES)
def test_board_does_not_depend_on_hidden_information(game: str) -> None:
    r = get(game)
    s = played(game, 5, 60)
    board = board_of(game, r, s)
    for seat in range(len(r.seats({}))):
        hidden = r.determinize(s, seat, Rng(99 + seat))
        assert board_of(game, r, hidden) == board
    # nor on the game's progress or its seed: only the config decides the board
    assert board_of(game, r, r.new({}, 77)) == board


def test_heresy_board_has_every_zone_edge_and_track_space() -> None:
    r = get("heresy")
    s = r.new({}, 1)
    c = s.content
    board = board_of("heresy", r, s)
    zones = {z["id"]: z for z in board["zones"]}
    assert set(zones) == {z.id for z in c.zones}
    assert [x["id"] for x in board["sectors"]] == [x.id for x in c.sectors]
    for z in c.zones:
        drawn = zones[z.id]
        assert drawn["outline"] == [list(p) for p in z.outline]
        assert drawn["name"]["fr"] and drawn["name"]["en"]
        assert drawn["fortified"] == z.fortified
    assert len(board["edges"]) == len(c.edges)
    assert sum(e["crevasse"] for e in board["edges"]) == sum(e.crevasse for e in c.edges)
    # every pair of adjacent zones shares a stretch of border to draw the crevasse or wall on
    assert all(e["segments"] for e in board["edges"])
    assert [x["n"] for x in board["track"]] == [x.n for x in c.tracks.initiative.space]
    view = r.view(s, 0)
    for entry in [u for units in view["units"].values() for u in units]:
        assert entry.split(":")[1].split("/")[0] in board["names"]["units"]
    for hero in view["heroes"]:
        assert board["names"]["heroes"][hero]["name"]["en"]
    for card in view["hands"]["imperium"]:
        assert card.split("#")[0] in board["names"]["orders"]


def test_heresy_walls_stand_between_fortified_and_open_zones() -> None:
    r = get("heresy")
    s = r.new({}, 1)
    board = board_of("heresy", r, s)
    fortified = {z["id"]: z["fortified"] for z in board["zones"]}
    for e in board["edges"]:
        a, b = e["zones"]
        assert e["fortified"] == (fortified[a] != fortified[b])
    assert any(e["fortified"] for e in board["edges"])


def test_shared_border_of_two_outlines() -> None:
    left = [[0, 0], [100, 0], [100, 100], [0, 100]]
    right = [[100, 50], [200, 50], [200, 150], [100, 150]]
    assert shared_border(left, right) == [(100.0, 50.0, 100.0, 100.0)]
    far = [[300, 0], [400, 0], [400, 100], [300, 100]]
    assert shared_border(left, far) == []
    corner = [[100, 100], [200, 100], [200, 200], [100, 200]]
    assert shared_border(left, corner) == []  # touching at a point is not a border


def test_champs_board_matches_the_battlefield_in_the_view() -> None:
    r = get("champs")
    s = r.new({"battlefield": "plaine"}, 1)
    board = board_of("champs", r, s)
    bf = r.view(s, None)["battlefield"]
    for key in ("width", "height", "obstacles", "players_line", "mj_line", "objective"):
        assert board["battlefield"][key] == bf[key]
    assert board["names"]["types"]["soldats"]["letter"] == "S"
    assert board["names"]["heroes"]["guerrier"] == {"fr": "Guerrier", "en": "Warrior"}


def test_epic_board_gives_the_table_and_names() -> None:
    r = get("epic")
    s = r.new({}, 1)
    board = board_of("epic", r, s)
    view = r.view(s, 0)
    assert board["table"] == {"w": 180.0, "h": 120.0}
    assert all(0 <= st["x"] <= 180 and 0 <= st["y"] <= 120 for st in view["stands"])
    for det in view["detachments"]:
        assert board["names"]["units"][det["unit"]]["fr"]
    assert board["names"]["orders"]["charge"] == {"fr": "Charge", "en": "Charge"}


def test_unknown_ruleset_gets_an_empty_board() -> None:
    assert board_of("chess", None, None) == {"game": "chess"}
