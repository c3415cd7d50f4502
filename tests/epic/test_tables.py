"""Epic tables as game data (issue 16, tables.py): each refusal of a table file names its
field and its rule (TABLE-1..TABLE-7), the default table round-trips through TOML, a game
reads its size, terrain, objectives and deployment zones from its own table, and a game on
a custom table with turned ruins plays to the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitre.engine import conformance, get
from arbitre.engine.rng import Rng
from arbitre.games.epic.geometry import Area, Point, impassable_to, path_blocked
from arbitre.games.epic.objectives import update
from arbitre.games.epic.tables import (
    TableError,
    default_table,
    default_text,
    load_table,
    parse_table,
    to_json,
    to_toml,
)

CUSTOM = """
name_fr = "Ruines tournées"
name_en = "Turned ruins"
width = 180.0
height = 120.0
source = "ours (test)"

[[areas]]
kind = "ruins"
x0 = 60.0
y0 = 50.0
x1 = 90.0
y1 = 60.0
angle = 30.0

[[areas]]
kind = "water"
x0 = 120.0
y0 = 55.0
x1 = 160.0
y1 = 65.0
angle = -45.0

[[areas]]
kind = "building"
x0 = 30.0
y0 = 55.0
x1 = 38.0
y1 = 63.0
structure = 5

[[deployment]]
side = 0
x0 = 0.0
y0 = 0.0
x1 = 180.0
y1 = 25.0

[[deployment]]
side = 1
x0 = 0.0
y0 = 95.0
x1 = 180.0
y1 = 120.0

[[objectives]]
x = 90.0
y = 60.0
"""


def _refused(text: str) -> TableError:
    with pytest.raises(TableError) as got:
        parse_table(text)
    return got.value


ZONES = """
[[deployment]]
side = 0
x0 = 0.0
y0 = 0.0
x1 = 180.0
y1 = 30.0
[[deployment]]
side = 1
x0 = 0.0
y0 = 90.0
x1 = 180.0
y1 = 120.0
"""


@pytest.mark.parametrize(
    ("text", "field", "rule"),
    [
        ("width = 50.0", "width", "TABLE-1"),
        ("height = 401", "height", "TABLE-1"),
        ("width = true", "width", "TABLE-1"),
        ('[[areas]]\nkind = "lava"\nx = 5\ny = 5\nradius = 2', "areas[0].kind", "TABLE-2"),
        ('[[areas]]\nkind = "forest"\nx = 5\ny = 5\nradius = 70', "areas[0].radius", "TABLE-3"),
        ('[[areas]]\nkind = "forest"\nx = 3\ny = 50\nradius = 5', "areas[0]", "TABLE-3"),
        (
            '[[areas]]\nkind = "ruins"\nx0 = 10\ny0 = 10\nx1 = 5\ny1 = 20',
            "areas[0].x1",
            "TABLE-3",
        ),
        (  # a long wall turned by 90° leaves the table
            '[[areas]]\nkind = "ruins"\nx0 = 10\ny0 = 50\nx1 = 170\ny1 = 52\nangle = 90',
            "areas[0]",
            "TABLE-3",
        ),
        (
            '[[areas]]\nkind = "forest"\nx = 50\ny = 50\nradius = 5\nstructure = 3',
            "areas[0].structure",
            "TABLE-4",
        ),
        (
            '[[areas]]\nkind = "building"\nx0 = 10\ny0 = 10\nx1 = 15\ny1 = 15\nstructure = 21',
            "areas[0].structure",
            "TABLE-4",
        ),
        (
            "[[deployment]]\nside = 2\nx0 = 0\ny0 = 0\nx1 = 10\ny1 = 10",
            "deployment[0].side",
            "TABLE-5",
        ),
        (
            "[[deployment]]\nside = 0\nx0 = 0\ny0 = 0\nx1 = 190\ny1 = 10",
            "deployment[0]",
            "TABLE-5",
        ),
        (
            "[[deployment]]\nside = 0\nx0 = 0\ny0 = 0\nx1 = 180\ny1 = 30\n"
            "[[deployment]]\nside = 1\nx0 = 0\ny0 = 20\nx1 = 180\ny1 = 50",
            "deployment[1]",
            "TABLE-5",
        ),
        (
            "[[deployment]]\nside = 0\nx0 = 0\ny0 = 0\nx1 = 180\ny1 = 30",
            "deployment",
            "TABLE-5",
        ),
        ("[[objectives]]\nx = 200\ny = 10", "objectives[0]", "TABLE-6"),
        ("[[objectives]]\nx = 20", "objectives[0].y", "TABLE-6"),
        (  # research S1: not in a lake nor a structure
            '[[areas]]\nkind = "water"\nx0 = 10\ny0 = 50\nx1 = 30\ny1 = 60\n'
            "[[objectives]]\nx = 20\ny = 55",
            "objectives[0]",
            "TABLE-6",
        ),
        ('colour = "red"', "colour", "TABLE-7"),
        ('name_fr = "' + "x" * 61 + '"', "name_fr", "TABLE-7"),
        ("width = ", "-", "TABLE-7"),
        ("# " + "x" * 70_000, "-", "TABLE-7"),
    ],
)
def test_TABLE_refusals_name_field_and_rule(text: str, field: str, rule: str) -> None:
    """TABLE-1..TABLE-7: every refusal names its field and its rule, in both languages."""
    err = _refused(text)
    assert (err.field, err.rule) == (field, rule)
    assert err.msg.rule == rule and err.msg.args["field"] == field
    en, fr = err.text("en"), err.text("fr")
    assert field in en and rule in en and field in fr and rule in fr
    assert en != fr and "epic.table" not in en + fr  # real sentences, not keys


def test_TABLE_2_at_most_200_pieces() -> None:
    piece = '[[areas]]\nkind = "forest"\nx = 50\ny = 50\nradius = 2\n'
    assert len(parse_table(ZONES + piece * 200).areas) == 200
    err = _refused(ZONES + piece * 201)
    assert (err.field, err.rule) == ("areas", "TABLE-2")


def test_default_table_round_trips_through_toml() -> None:
    """The default table → TOML → parse gives the same table (the editor's download)."""
    table = default_table()
    again = parse_table(to_toml(table))
    assert again == table
    custom = parse_table(CUSTOM)
    assert parse_table(to_toml(custom)) == custom
    assert custom.structure == (0, 0, 5)  # EP-5: this building has 5 Structure Points


def test_default_table_is_todays_table() -> None:
    """The default table keeps today's data: 180 × 120 cm, four pieces, three objectives,
    zones holding the fixed rows (ground 20 cm, Flyers 8 cm from each long edge)."""
    t = default_table()
    assert (t.width, t.height) == (180.0, 120.0)
    assert [a.kind for a in t.areas] == ["forest", "ruins", "building", "water"]
    assert t.objectives == (Point(45.0, 60.0), Point(90.0, 45.0), Point(140.0, 60.0))
    for side, ys in ((0, (8.0, 20.0)), (1, (100.0, 112.0))):
        assert all(t.contains_deploy(side, x, y) for x in (15.0, 170.0) for y in ys)
        assert not t.contains_deploy(1 - side, 90.0, ys[0])
    assert load_table("default") is t and parse_table(default_text()) is t


def test_turned_rectangle_contains_crosses_and_blocks() -> None:
    """TABLE-3 turned rectangles: inside, crossing and distance follow the turn (EPC-11)."""
    wall = Area("impassable", 40.0, 49.0, 60.0, 51.0, angle=90.0)  # now upright at x = 50
    assert wall.contains(Point(50.0, 58.0)) and not wall.contains(Point(58.0, 50.0))
    assert wall.crossed_by(Point(40.0, 55.0), Point(60.0, 55.0))
    assert not wall.crossed_by(Point(40.0, 45.0 - 20.0), Point(60.0, 25.0))
    assert abs(wall.distance_to(Point(55.0, 50.0)) - 4.0) < 1e-9
    assert path_blocked(Point(40.0, 55.0), Point(60.0, 55.0), 1, (wall,), False)
    assert not path_blocked(Point(45.0, 30.0), Point(55.0, 30.0), 1, (wall,), False)


def test_game_reads_size_terrain_objectives_zones_from_its_table(tmp_path: Path) -> None:
    """The state carries its table; moves, objectives and the board read it."""
    path = tmp_path / "turned.toml"
    path.write_text(CUSTOM, "utf-8")
    r = get("epic")
    s = r.new({"table": str(path)}, 5)
    assert s.table == parse_table(CUSTOM) and s.table.name_en == "Turned ruins"
    assert s.structure == {2: 5} and len(s.objectives) == 1
    assert s.copy().table is s.table  # shared by clones, never copied
    # objectives come from the table (research §3.9: an eligible stand within 10 cm)
    st = next(iter(s.stands.values()))
    st.x, st.y = 92.0, 60.0
    update(s)
    assert s.objectives == [st.side]
    # the turned water blocks ground stands of class 1 (EPC-11), per its turned shape
    water = s.table.areas[1]
    assert water in impassable_to(1, s.table.areas)
    assert path_blocked(Point(140.0, 45.0), Point(140.0, 75.0), 1, s.table.areas, False)
    view = r.view(s, None)
    assert view["table"]["w"] == 180.0 and view["table"]["terrain"][0]["angle"] == 30.0
    assert view["table"]["zones"][0] == {"side": 0, "x0": 0.0, "y0": 0.0, "x1": 180.0, "y1": 25.0}
    assert to_json(s.table)["objectives"] == [{"x": 90.0, "y": 60.0}]


def test_game_on_custom_table_plays_to_the_end(tmp_path: Path) -> None:
    """A game on a table with turned ruins and water plays to the end with random agents."""
    path = tmp_path / "turned.toml"
    path.write_text(CUSTOM, "utf-8")
    r = get("epic")
    for seed in (1, 2):
        s = r.new({"table": str(path)}, seed)
        rng = Rng.from_seed(seed)
        n = 0
        while (d := r.decision(s)) is not None and n < 20_000:
            r.apply(s, d.options[rng.below(len(d.options))].key)
            n += 1
        assert r.result(s) is not None, f"seed {seed} did not end"
        assert all(s.table.on_table(st.x, st.y) for st in s.stands.values())


def test_unknown_table_name_is_refused() -> None:
    with pytest.raises(TableError) as got:
        load_table("nowhere")
    assert got.value.field == "table"
    with pytest.raises(ValueError, match="table"):
        get("epic").new({"table": "nowhere"}, 1)


def test_library_validator_registered() -> None:
    """The library knows kind `epic.table`: its built-in `default`, and the validator
    that names a saved table or refuses it with the field and rule."""
    from arbitre.engine import library

    assert "default" in library.names("epic.table")
    check = library.validator("epic.table")
    assert check is not None
    assert check(CUSTOM) == {"fr": "Ruines tournées", "en": "Turned ruins"}
    with pytest.raises(ValueError, match="TABLE-1"):
        check("width = 10")


def test_golden_default_game_unchanged() -> None:
    """The default game plays exactly as before tables became data (golden games)."""
    from benchmarks import epic_golden

    assert epic_golden.check(40) == []


def test_S1_standard_scenario_counts_cover_when_holding_objectives() -> None:
    """Scenarios (docs/epic.md): the starter battle keeps our count; the standard scenario
    adds one Wound per eligible stand in terrain with a cover save (research S1, End
    Phase "Capturing Objectives"); a game from armies defaults to the standard one."""
    from arbitre.games.epic.objectives import scenario, strength

    r = get("epic")
    starter, standard = r.new({}, 1), r.new({"scenario": "standard"}, 1)
    assert scenario(starter) == "starter" and scenario(standard) == "standard"
    target = Point(45.0, 60.0)  # the default table's first objective
    for s in (starter, standard):
        st = next(st for st in s.stands.values() if st.side == 0 and st.alt == "ground")
        for other in s.stands.values():
            other.x, other.y = 170.0, 5.0  # everyone else far away
        st.x, st.y = 35.0, 60.0  # inside the forest (centre 28, 58; radius 8), 10 cm away
        base = st.wounds
    assert strength(starter, 0, target) == base
    assert strength(standard, 0, target) == base + 1


def test_terminal_map_draws_the_games_table(tmp_path: Path) -> None:
    """The terminal board (cli/render_epic.py) draws the game's own table: its size on the
    ruler, the turned ruins and water under the stands, and names the terrain marks."""
    from rich.console import Console

    from arbitre.cli.render_epic import render, terrain_cells

    path = tmp_path / "turned.toml"
    small = CUSTOM.replace("180.0", "150.0").replace("x0 = 120.0", "x0 = 100.0")
    path.write_text(small.replace("x1 = 160.0", "x1 = 140.0"), "utf-8")
    r = get("epic")
    s = r.new({"table": str(path)}, 5)
    view = r.view(s, None)
    cells = terrain_cells(view, 30, 24)
    assert cells[(15, 11)] == "ruins"  # (77.5, 57.5) cm: inside the ruins turned 30°
    assert (17, 10) not in cells  # (87.5, 52.5): inside the unturned box, not the turned one
    console = Console(width=120, record=True, color_system=None)
    console.print(render(view, "en"))
    text = console.export_text()
    ruler = next(line for line in text.splitlines() if line.strip().startswith("0     30"))
    assert ruler.split()[-1] == "150"  # the ruler ends at the table's 150 cm
    assert "░ Ruins" in text and "≈ Water" in text and "▪ Building" in text


def test_conformance_on_a_custom_table_with_the_standard_scenario(tmp_path: Path) -> None:
    """The harness (secrecy of unrevealed orders, EPC-9, included) on a turned-terrain table
    with `scenario=standard` and the players deploying (TABLE-1..7, EPC-3)."""
    path = tmp_path / "turned.toml"
    path.write_text(CUSTOM, "utf-8")
    config = {"table": str(path), "scenario": "standard", "deployment": "players"}
    records = conformance.check_all(get("epic"), [config], seeds=range(2))
    assert len(records) == 2
