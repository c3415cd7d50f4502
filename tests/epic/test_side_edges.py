"""Two armies of one list named by the edge they really deploy from (issue 16, EPC-3,
TABLE-5): on a custom table the edge is read from where each side's deployment zones are,
not from the side's index: side 0 deploying at the bottom is "(sud)" / "(south)", zones
side by side are west and east, zones whose centres coincide fall back to the index. The
game's texts, the view and the server's seat labels all say the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.engine import get
from arbitre.engine.i18n import Msg, translate
from arbitre.games.epic import sides
from arbitre.games.epic.tables import parse_table

SM = "space_marines@2000"


def _zone(side: int, x0: float, y0: float, x1: float, y1: float) -> str:
    return f"[[deployment]]\nside = {side}\nx0 = {x0}\ny0 = {y0}\nx1 = {x1}\ny1 = {y1}\n"


def _table(*zones: str) -> str:
    head = 'name_fr = "Essai"\nname_en = "Trial"\nwidth = 180.0\nheight = 120.0\n\n'
    return head + "\n".join(zones)


# side 0 deploys along the bottom (south) edge, side 1 along the top
UPSIDE_DOWN = _table(_zone(0, 0, 90, 180, 120), _zone(1, 0, 0, 180, 30))
# side 0 along the right-hand (east) short edge, side 1 along the left-hand one
SIDEWAYS = _table(_zone(0, 150, 0, 180, 120), _zone(1, 0, 0, 30, 120))
# two zones each, mirrored about the centre: side 0's weight is at the bottom-left
SPLIT = _table(
    _zone(0, 0, 60, 30, 120),
    _zone(0, 30, 100, 180, 120),
    _zone(1, 150, 0, 180, 60),
    _zone(1, 0, 0, 150, 20),
)
# both sides' zones centred on the same point: nothing to tell them apart by
CENTRED = _table(_zone(0, 60, 40, 120, 50), _zone(0, 60, 70, 120, 80), _zone(1, 30, 55, 150, 65))


@pytest.mark.parametrize(
    ("text", "edges"),
    [
        (UPSIDE_DOWN, ("south", "north")),
        (SIDEWAYS, ("east", "west")),
        (SPLIT, ("south", "north")),
        (CENTRED, ("north", "south")),
    ],
)
def test_EPC_3_edges_of_a_table_follow_its_zones(text: str, edges: tuple[str, str]) -> None:
    assert sides.edges_of(parse_table(text)) == edges


def test_EPC_3_the_default_table_keeps_north_then_south() -> None:
    from arbitre.games.epic.tables import default_table

    assert sides.edges_of(default_table()) == ("north", "south")


def test_EPC_3_side_zero_deploying_at_the_bottom_is_south(tmp_path: Path) -> None:
    path = tmp_path / "upside_down.toml"
    path.write_text(UPSIDE_DOWN, "utf-8")
    config = {"army.0": SM, "army.1": SM, "table": str(path)}
    r = get("epic")
    s = r.new(config, 5)
    # the zones the game plays are the file's: side 0's at the bottom of the table
    assert min(z.y0 for z in s.table.zones[0]) == 90.0
    assert sides.side_keys(s) == ("epic.side.space_marines.south", "epic.side.space_marines.north")
    names = [x["name"] for x in r.view(s, 0)["sides"]]
    assert names == [
        {"fr": "Space Marines (sud)", "en": "Space Marines (south)"},
        {"fr": "Space Marines (nord)", "en": "Space Marines (north)"},
    ]
    # the edge words drop the compass: "Bord des Space Marines"
    assert r.view(s, 0)["sides"][0]["edge"]["fr"] == "Bord des Space Marines"
    # the seat labels (server, terminal) read the same table from the options alone
    from arbitre.server import messages  # noqa: F401  (the web app's seat names)
    from arbitre.server.live import seat_label

    assert translate(seat_label(r, "imperium", config), "fr") == "Space Marines (sud)"
    assert translate(seat_label(r, "mille_fils", config), "en") == "Space Marines (north)"


def test_EPC_3_zones_side_by_side_are_west_and_east(tmp_path: Path) -> None:
    path = tmp_path / "sideways.toml"
    path.write_text(SIDEWAYS, "utf-8")
    config = {"army.0": SM, "army.1": SM, "table": str(path)}
    s = get("epic").new(config, 2)
    keys = sides.side_keys(s)
    assert keys == ("epic.side.space_marines.east", "epic.side.space_marines.west")
    said = {lang: [translate(Msg(k), lang) for k in keys] for lang in ("fr", "en")}
    assert said == {
        "fr": ["Space Marines (est)", "Space Marines (ouest)"],
        "en": ["Space Marines (east)", "Space Marines (west)"],
    }
    won = Msg(
        "epic.result", {"winner": keys[1], "reason": "epic.reason.objectives", "a": 3, "b": 1}
    )
    assert translate(won, "fr").startswith("Victoire des Space Marines (ouest)")


def test_EPC_3_an_unreadable_table_name_falls_back_to_the_index() -> None:
    """The seat labels never raise for a table the game would refuse: the index names."""
    config = {"army.0": SM, "army.1": SM, "table": "no-such-table"}
    assert [sides.side_key_of(config, side) for side in (0, 1)] == [
        "epic.side.space_marines.north",
        "epic.side.space_marines.south",
    ]


def test_EPC_3_two_lists_need_no_edge(tmp_path: Path) -> None:
    path = tmp_path / "upside_down.toml"
    path.write_text(UPSIDE_DOWN, "utf-8")
    config = {"army.0": "eldar@2000", "army.1": SM, "table": str(path)}
    assert [sides.side_key_of(config, side) for side in (0, 1)] == [
        "epic.side.eldar",
        "epic.side.space_marines",
    ]
