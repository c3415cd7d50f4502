"""The Champs board drawn from a view: grid size, obstacles, start lines, troops, heroes."""

from __future__ import annotations

import copy
from typing import Any

from rich.console import Console

from arbitre.cli import render_champs
from arbitre.cli.render import RENDERERS, register_renderer, render_board
from arbitre.engine import get
from arbitre.engine.agents import make_agent
from arbitre.engine.match import Match


def text_of(renderable, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def fresh_view(seat: int | None = None, config: dict[str, Any] | None = None) -> dict[str, Any]:
    ruleset = get("champs")
    return ruleset.view(ruleset.new(config or {}, 0), seat)


def grid_rows(text: str) -> dict[int, list[str]]:
    """Board rows by y: the cell texts between the vertical bars."""
    rows = {}
    for line in text.splitlines():
        parts = line.split("│")
        if len(parts) > 2 and parts[0].strip().isdigit():
            rows[int(parts[0])] = [p.strip() for p in parts[1:-1]]
    return rows


def test_fresh_board_has_the_battlefield_dimensions():
    view = fresh_view()
    bf = view["battlefield"]
    text = text_of(render_board("champs", view, "fr"))
    assert f"{bf['width']}×{bf['height']}" in text
    assert bf["name"]["fr"] in text
    assert "Manche 1/12" in text
    rows = grid_rows(text)
    assert sorted(rows) == list(range(bf["height"]))
    assert all(len(cells) == bf["width"] for cells in rows.values())
    header = next(line for line in text.splitlines() if line.startswith("y\\x"))
    assert [h.strip() for h in header.split("│")[1:-1]] == [str(x) for x in range(bf["width"])]


def test_obstacles_and_start_lines_are_drawn():
    view = fresh_view()
    rows = grid_rows(text_of(render_champs.board_table(view, "en")))
    for x, y in view["battlefield"]["obstacles"]:
        assert rows[y][x] == "▓▓▓"
    text = text_of(render_champs.board_table(view, "fr"))
    lines = {int(ln.split("│")[0]): ln for ln in text.splitlines() if ln[:3].strip().isdigit()}
    top, bottom = view["battlefield"]["height"] - 1, 0
    assert lines[top].rstrip().endswith("MJ") and lines[bottom].rstrip().endswith("J")
    empty_start = [c for c in grid_rows(text)[top] if c]
    assert set(empty_start) == {"·"}  # the MJ has not deployed yet


def test_units_heroes_and_traps_in_cells():
    view = fresh_view()
    view = copy.deepcopy(view)
    view["cells"] = [
        {
            "at": [4, 2],
            "side": "players",
            "units": [
                {"id": 1, "type": "soldats", "acted": False, "loaded": False},
                {"id": 2, "type": "soldats", "acted": False, "loaded": False},
                {"id": 3, "type": "cavalerie", "acted": True, "loaded": False},
            ],
            "heroes": [{"seat": "p1", "skill": "guerrier", "acted": False}],
        },
        {
            "at": [5, 6],
            "side": "mj",
            "units": [{"id": 4, "type": "catapulte", "acted": False, "loaded": True}],
            "heroes": [],
        },
    ]
    view["traps"] = [{"at": [1, 1], "side": "players"}, {"at": [5, 6], "side": "mj"}]
    rows = grid_rows(text_of(render_champs.board_table(view, "fr")))
    assert rows[2][4] == "1c2SH1"  # lowercase: the cavalry has acted
    assert rows[6][5] == "1K*▼"  # loaded catapult on an MJ trap
    assert rows[1][1] == "▲"


def test_info_lists_heroes_turn_and_counts_in_english():
    ruleset = get("champs")
    agents = {i: make_agent(ruleset, "random", i) for i in range(3)}
    match = Match(ruleset, {}, 1, agents)
    for _ in range(40):
        match.step()
    view = ruleset.view(match.state, None)
    text = text_of(render_board("champs", view, "en"))
    assert "Heroes:" in text and "Warrior" in text and "Thief" in text
    assert f"Round {view['round']}/" in text
    assert f"units: players {view['units_left']['players']}" in text
    assert "S soldiers" in text and "K catapult" in text


def test_combat_dice_are_shown():
    view = copy.deepcopy(fresh_view())
    view["combat"] = {
        "attacker": [3, 3],
        "target": [3, 4],
        "ranged": False,
        "support": [[2, 3]],
        "attacker_dice": [6, 2],
        "defender_dice": [5],
        "stage": "resolve",
    }
    text = text_of(render_board("champs", view, "en"))
    assert "Melee combat: (3,3) attacks (3,4) — stage: resolution" in text
    assert "[6] [2]" in text and "[5]" in text
    assert "support from (2,3)" in text


def test_hidden_traps_are_counted_not_drawn():
    ruleset = get("champs")
    view = fresh_view(seat=0, config={"traps.visible": False})
    view = copy.deepcopy(view)
    view["hidden_traps"] = 2
    text = text_of(render_board("champs", view, "en"))
    assert "2 hidden traps" in text
    assert ruleset.id in RENDERERS


def test_unknown_game_falls_back_to_compact_json():
    text = text_of(render_board("other", {"board": [1, 2], "turn": "a"}, "en"))
    assert '{"board":[1,2],"turn":"a"}' in text
    register_renderer("other", lambda view, lang: f"custom {lang}")
    try:
        assert "custom en" in text_of(render_board("other", {}, "en"))
    finally:
        del RENDERERS["other"]
