"""The Epic table editor (issue 16, /editor/epic-table) at laptop and phone sizes: place,
move and turn a piece, add a deployment zone and an objective, save the table by name in
the library, open it again, and start a game on it from the lobby; a table the server
refuses shows the field and the rule (TABLE-n). Screenshots: /tmp/shots/epic-table-editor-*.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import SIZES, api
from tests.web.test_online import no_sideways_scroll, shot, small_targets, stored


def piece(p: Any, name: str) -> Any:
    return p.locator(f"svg.ete-svg [role=button][aria-label='{name}']")


def chosen_name(p: Any) -> str:
    return str(p.locator(".ete-chosen-name").inner_text())


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_place_move_turn_save_reload_and_play(server: str, sized: Any) -> None:
    """The editor's whole round: the default table opens (its forest is a button named
    "Forêt à (28, 58)"), a ruin is added, moved and turned 30°, a zone and an objective
    are added, the table is saved by name, opened again, and a game is made on it."""
    p = sized
    name = f"essai-{p.size}"
    p.goto(f"{server}/?ruleset=epic")  # the lobby links to the editor
    p.wait_for_selector("body[data-ready='1']")
    p.click("a[href='/editor/epic-table']")
    p.wait_for_selector("svg.ete-svg")
    piece(p, "Forêt à (28, 58)").wait_for()
    assert p.locator("svg.ete-svg [role=button]").count() == 4 + 2 + 3  # pieces, zones, objectives
    # place a ruin: it appears in the middle of the table, chosen
    p.click("button[data-add='ruins']")
    assert chosen_name(p) == "Ruines à (90, 60)"
    if p.size == "laptop":  # drag it 20 cm to the right with the mouse
        box = piece(p, "Ruines à (90, 60)").bounding_box()
        svg = p.locator("svg.ete-svg").bounding_box()
        per_cm = svg["width"] / (180 + 6)
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        p.mouse.move(x, y)
        p.mouse.down()
        for k in range(1, 6):
            p.mouse.move(x + per_cm * 4 * k, y)
        p.mouse.up()
    else:  # on a phone: the chosen piece's step buttons, 5 cm a tap
        for _ in range(4):
            p.click("button[data-step='right']")
    moved = re.fullmatch(r"Ruines à \((\d+), 60\)", chosen_name(p))
    assert moved and 108 <= int(moved.group(1)) <= 112, chosen_name(p)
    ruin_name = chosen_name(p)
    if p.size == "laptop":  # the square handle resizes it: 16 x 10 cm grows
        handle = p.locator("svg.ete-svg [data-handle='size']").bounding_box()
        svg = p.locator("svg.ete-svg").bounding_box()
        per_cm = svg["width"] / (180 + 6)
        hx, hy = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
        p.mouse.move(hx, hy)
        p.mouse.down()
        for k in range(1, 5):
            p.mouse.move(hx + per_cm * k, hy + per_cm * k)
        p.mouse.up()
        assert float(p.locator("#ete-w").input_value()) >= 22
        assert float(p.locator("#ete-h").input_value()) >= 16
    p.click("button[data-step='rot-right']")
    p.click("button[data-step='rot-right']")
    assert p.locator("#ete-angle").input_value() == "30"
    assert "rotate(30" in (
        p.locator("svg.ete-svg .ete-item.chosen rect").get_attribute("transform") or ""
    )
    shot(p, "epic-table-editor-turned", p.size)  # the chosen ruin with its handles
    # a zone for the second player and an objective
    p.click("button[data-add='zone-1']")
    assert chosen_name(p).startswith("Zone du second joueur")
    p.click("button[data-add='objective']")
    assert chosen_name(p) == "Objectif 4 à (90, 60)"
    for _ in range(2):  # out of the building (TABLE-6: never in a structure)
        p.click("button[data-step='up']")
    assert chosen_name(p) == "Objectif 4 à (90, 50)"
    p.wait_for_function("() => document.getElementById('ete-check').textContent.startsWith('✓')")
    shot(p, "epic-table-editor", p.size)
    no_sideways_scroll(p)
    targets = "#ete-selected button, #ete-add button, .ete-row button"
    assert not small_targets(p, targets) if p.size == "phone" else True
    # its names, then save by name in the library
    p.fill("#ete-name-fr", f"Ruines tournées {p.size}")
    p.fill("#ete-name-en", f"Turned ruins {p.size}")
    p.fill("#ete-save-name", name)
    p.click("#ete-save")
    p.wait_for_function(
        "() => /enregistrée/.test(document.getElementById('ete-status').textContent)"
    )
    saved = api(server, "GET", f"/api/library/epic.table/{name}")
    assert "angle = 30.0" in saved["text"] and saved["text"].count("[[objectives]]") == 4
    # open it again after a reload (the page starts on the default table)
    p.reload()
    piece(p, "Forêt à (28, 58)").wait_for()
    p.select_option("#ete-pick", name)
    p.click("#ete-load")
    piece(p, ruin_name).wait_for()
    assert "30" in (piece(p, ruin_name).locator("rect").get_attribute("transform") or "")
    assert p.locator("svg.ete-svg [role=button]").count() == 5 + 3 + 4
    # a game on it, made in the lobby
    p.goto(f"{server}/?ruleset=epic")
    p.wait_for_selector("#options [data-option='table']")
    options = p.locator("#opt-table option").all_inner_texts()
    label = next(o for o in options if f"Ruines tournées {p.size}" in o)
    p.select_option("#opt-table", label=label)
    p.click("#create")
    p.wait_for_selector("#created:not([hidden])")
    game_id, known = next(iter(stored(p).items()))
    board = api(server, "GET", f"/api/games/{game_id}/board?token={known['admin']}")
    assert any(t.get("angle") == 30.0 for t in board["terrain"]), board["terrain"]
    assert len([z for z in board["zones"] if z["side"] == 1]) == 2


def test_refused_table_names_field_and_rule(server: str, page: Any) -> None:
    """TABLE-5: a second player without any zone is refused on save; the page shows the
    field and the rule, and nothing is saved."""
    page.goto(f"{server}/editor/epic-table")
    piece(page, "Forêt à (28, 58)").wait_for()
    for _ in range(2):  # delete both zones of the default table... then the first is back
        page.locator("svg.ete-svg [role=button][aria-label^='Zone du second']").first.click()
        page.click("button[data-step='delete']")
        if not page.locator("svg.ete-svg [aria-label^='Zone du second']").count():
            break
    page.wait_for_selector("#ete-check.error")  # checked by the server as it is edited
    assert "TABLE-5" in page.locator("#ete-check").inner_text()
    page.fill("#ete-save-name", "sans-zone")
    page.click("#ete-save")
    page.wait_for_selector("#ete-status.error")
    text = page.locator("#ete-status").inner_text()
    assert "deployment" in text and "TABLE-5" in text, text
    names = [e["name"] for e in api(server, "GET", "/api/library/epic.table")["entries"]]
    assert "sans-zone" not in names
    page.click("details.ete-items-box > summary")  # every item also listed as a button
    assert page.locator("#ete-items button").count() == 4 + 1 + 3  # no zone of side 1 left
    page.click("#lang")  # the page's words in English too
    page.wait_for_function("() => document.title === 'Epic table editor'")
    assert piece(page, "Forest at (28, 58)").count() == 1


TURNED = """name_fr = "Fichier"
name_en = "File"
width = 150.0
height = 100.0
[[areas]]
kind = "ruins"
x0 = 60.0
y0 = 50.0
x1 = 90.0
y1 = 60.0
angle = 30.0
[[objectives]]
x = 20.0
y = 20.0
"""


def test_download_and_open_files(server: str, page: Any, tmp_path: Any) -> None:
    """The table downloads as TOML that reads back; a file opened is checked by the server
    first (a refused one names its field and rule, TABLE-1) and then drawn."""
    page.goto(f"{server}/editor/epic-table")
    piece(page, "Forêt à (28, 58)").wait_for()
    with page.expect_download() as got:
        page.click("#ete-download")
    text = Path(got.value.path()).read_text("utf-8")
    assert got.value.suggested_filename == "table.toml"
    assert 'kind = "forest"' in text and "[[deployment]]" in text and "[[objectives]]" in text
    good, bad = tmp_path / "turned.toml", tmp_path / "narrow.toml"
    good.write_text(TURNED, "utf-8")
    bad.write_text("width = 20.0\n", "utf-8")
    page.set_input_files("#ete-file", str(bad))
    page.wait_for_selector("#ete-status.error")
    assert "TABLE-1" in page.locator("#ete-status").inner_text()
    assert piece(page, "Forêt à (28, 58)").count() == 1  # nothing changed
    page.set_input_files("#ete-file", str(good))
    piece(page, "Ruines à (75, 55)").wait_for()
    assert page.locator("#ete-width").input_value() == "150"
    assert "rotate(30" in (
        piece(page, "Ruines à (75, 55)").locator("rect").get_attribute("transform") or ""
    )
