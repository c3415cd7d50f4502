"""The Champs battlefield editor (/editor/champs) as an author meets it, on a laptop
(1366×768, mouse) and a phone (390×844, touch): draw a small battlefield, see a refusal
next to its field with the rule (AMB-CB-24), save it by name, find it in the lobby beside
the built-in battlefields and play on it (the board shows the obstacles drawn, AMB-CB-1);
download it as TOML and open the file again; French and English.
Screenshots: /tmp/shots/champs-editor-<size>.png."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import (
    CHROMIUM,
    NO_CHROMIUM,
    PHONE,
    api,
    every_word_in_both_languages,
    watch,
)
from tests.web.test_online import no_sideways_scroll, shot, small_targets, stored

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


def open_editor(p: Any, server: str) -> None:
    p.goto(f"{server}/editor/champs")
    p.wait_for_selector("body[data-ready='1']")
    p.wait_for_selector("#check-status.good")


def cell(p: Any, at: str) -> Any:
    return p.locator(f'.ced-cell[data-cell="{at}"]')


def test_AMB_CB_1_draw_save_play_and_round_trip_on_a_laptop(
    server: str, page: Any, tmp_path: Path
) -> None:
    p = page
    open_editor(p, server)
    every_word_in_both_languages(p)
    name = f"arene-{secrets.token_hex(3)}"
    try:
        draw_save_play(p, server, tmp_path, name)
    finally:  # the session's other tests expect the built-in battlefields only
        token = p.evaluate("() => localStorage.getItem('arbitre.author')")
        remove(server, name, token)


def remove(server: str, name: str, token: str | None) -> None:
    import urllib.error
    import urllib.request

    if not token:  # the page never saved anything
        return
    req = urllib.request.Request(
        f"{server}/api/library/champs.battlefield/{name}",
        method="DELETE",
        headers={"X-Author-Token": token or ""},
    )
    try:
        urllib.request.urlopen(req, timeout=10).close()
    except urllib.error.HTTPError as exc:
        assert exc.code == 404  # already deleted by the page


def draw_save_play(p: Any, server: str, tmp_path: Path, name: str) -> None:
    # the lobby links here
    p.goto(server + "/")
    p.wait_for_selector("body[data-ready='1']")
    p.click("#editor-champs")
    p.wait_for_selector("body[data-ready='1']")
    p.wait_for_selector("#check-status.good")
    p.fill("#f-width", "6")
    p.fill("#f-height", "5")
    p.wait_for_function("() => document.querySelectorAll('.ced-cell').length === 30")
    cell(p, "2,2").click()
    # dragging with the mouse paints a run of cells
    box1, box2 = cell(p, "3,2").bounding_box(), cell(p, "4,2").bounding_box()
    p.mouse.move(box1["x"] + 10, box1["y"] + 10)
    p.mouse.down()
    p.mouse.move(box2["x"] + 10, box2["y"] + 10, steps=4)
    p.mouse.up()
    assert cell(p, "2,2").get_attribute("aria-label") == "case 2,2 : obstacle"
    assert cell(p, "4,2").get_attribute("aria-pressed") == "true"
    assert "ligne des joueurs" in (cell(p, "1,0").get_attribute("aria-label") or "")
    cell(p, "4,2").click()  # and a click takes one away
    assert cell(p, "4,2").get_attribute("aria-pressed") == "false"
    # from the keyboard: the arrows move the chosen cell, Enter toggles it
    cell(p, "0,1").focus()
    p.keyboard.press("ArrowRight")
    p.keyboard.press("ArrowUp")
    assert p.evaluate("() => document.activeElement.dataset.cell") == "1,2"
    assert "1,2" in p.locator("#selected-cell").inner_text()
    p.keyboard.press("Enter")
    assert cell(p, "1,2").get_attribute("aria-pressed") == "true"
    p.keyboard.press("Space")
    assert cell(p, "1,2").get_attribute("aria-pressed") == "false"
    assert p.locator(".ced-cell[tabindex='0']").count() == 1  # one tab stop for the grid
    # a refused value: the server's rule next to the field, then fixed
    p.fill("#f-rounds", "0")
    error = p.locator("#err-rounds")
    error.wait_for(state="visible")
    assert "AMB-CB-24" in error.inner_text() and "99" in error.inner_text()
    assert p.locator("#f-rounds").get_attribute("aria-invalid") == "true"
    p.fill("#f-rounds", "6")
    p.wait_for_selector("#check-status.good")
    assert error.is_hidden()
    # an obstacle on a start line is refused by the loader (AMB-CB-1), shown by the grid
    cell(p, "0,4").click()
    p.locator("#err-obstacles").wait_for(state="visible")
    assert "AMB-CB-1" in p.locator("#err-obstacles").inner_text()
    cell(p, "0,4").click()
    p.wait_for_selector("#check-status.good")
    p.fill("#f-name_fr", "L'arène d'essai")
    p.fill("#f-name_en", "The test arena")
    p.fill("#f-name", "Bad Name")
    assert p.locator("#err-name").is_visible()
    p.fill("#f-name", name)
    p.click("#save")
    p.wait_for_selector("#play-link:not([hidden])")
    assert name in p.locator("#file-status").inner_text()
    assert p.locator("#start-from").input_value() == name
    assert p.locator("#delete").is_visible()  # it is mine
    shot(p, "champs-editor", "laptop")
    no_sideways_scroll(p)
    # download, then open the file again on a blank form
    with p.expect_download() as wait:
        p.click("#download")
    path = tmp_path / "bf.toml"
    wait.value.save_as(path)
    text = path.read_text("utf-8")
    assert "obstacles = [[2, 2], [3, 2]]" in text and "rounds = 6" in text
    p.select_option("#start-from", "")
    p.click("#load")
    p.wait_for_function("() => document.querySelectorAll('.ced-cell').length === 80")
    p.set_input_files("#upload", str(path))
    p.wait_for_function("() => document.querySelectorAll('.ced-cell').length === 30")
    assert cell(p, "3,2").get_attribute("aria-pressed") == "true"
    assert p.locator("#f-name_en").input_value() == "The test arena"
    # a file the loader refuses: the rule shown, the form kept
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("rounds = 6", "rounds = 500"), encoding="utf-8")
    p.set_input_files("#upload", str(bad))
    p.locator("#err-text").wait_for(state="visible")
    assert "AMB-CB-24" in p.locator("#err-text").inner_text()
    assert p.locator("#f-rounds").input_value() == "6"

    # the lobby offers it beside the built-in battlefields; a game on it shows the obstacles
    p.goto(p.locator("#play-link a").evaluate("a => a.href"))
    p.wait_for_selector("body[data-ready='1']")
    p.wait_for_selector("#opt-battlefield")
    labels = p.locator("#opt-battlefield option").all_inner_texts()
    assert "L'arène d'essai" in labels and "La plaine du gué" in labels, labels
    p.select_option("#opt-battlefield", label="L'arène d'essai")
    p.click("#create")
    p.wait_for_selector("#created:not([hidden])")
    game_id, known = next(
        (gid, k) for gid, k in stored(p).items() if k.get("ruleset") in (None, "champs")
    )
    state = api(server, "GET", f"/api/games/{game_id}?token={known['admin']}")
    assert state["view"]["battlefield"]["id"] == name
    p.goto(f"{server}/game/{game_id}#token={known['admin']}")
    p.wait_for_selector(".board-svg.champs")
    drawn = p.eval_on_selector_all(
        ".board-svg .cell.obstacle", "els => els.map((e) => e.dataset.target)"
    )
    assert sorted(drawn) == ["cell:2,2", "cell:3,2"]
    # the author deletes it; the game keeps its battlefield (the version it started with)
    p.goto(f"{server}/editor/champs?load={name}")
    p.wait_for_selector("body[data-ready='1']")
    assert p.locator("#f-name").input_value() == name
    p.click("#delete")
    p.wait_for_function(
        "(n) => ![...document.querySelectorAll('#start-from option')].some((o) => o.value === n)",
        arg=name,
    )
    state = api(server, "GET", f"/api/games/{game_id}?token={known['admin']}")
    assert len(state["view"]["battlefield"]["obstacles"]) == 2


@pytest.fixture
def phone(browser: Any) -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    p = context.new_page()
    errors = watch(p)
    yield p
    context.close()
    assert not errors, f"JavaScript errors or CSP violations on the page: {errors}"


def test_the_editor_on_a_phone_by_touch_in_english(server: str, phone: Any) -> None:
    p = phone
    open_editor(p, server)
    no_sideways_scroll(p)
    tappable = "button, select, input[type=number], input[type=text], .file-button, label.check"
    assert small_targets(p, tappable) == []
    cell(p, "4,4").tap()
    assert cell(p, "4,4").get_attribute("aria-pressed") == "true"
    assert "4,4" in p.locator("#selected-cell").inner_text()
    p.wait_for_selector("#check-status.good")
    # a big grid scrolls inside its frame, never the page
    p.fill("#f-width", "30")
    p.wait_for_function("() => document.querySelectorAll('.ced-cell').length === 240")
    no_sideways_scroll(p)
    frame = p.eval_on_selector("#grid-frame", "e => [e.scrollWidth, e.clientWidth]")
    assert frame[0] > frame[1]
    p.click("#zoom-out")
    assert cell(p, "0,0").bounding_box()["width"] < 44
    p.click("#zoom-in")
    p.fill("#f-width", "10")
    p.click("#lang")
    p.wait_for_function("() => document.documentElement.lang === 'en'")
    assert p.locator("h1.editor-title").inner_text() == "Battlefield editor"
    assert cell(p, "1,0").get_attribute("aria-label") == "cell 1,0: free, players' line"
    assert cell(p, "4,4").get_attribute("aria-label") == "cell 4,4: obstacle"
    assert p.locator("#f-deck-soldats").input_value() == "4"  # kept through the switch
    assert p.locator("#deck-total").inner_text() == "14 cards in all"
    p.locator("#check-status.good").wait_for()
    shot(p, "champs-editor", "phone")
    p.click("#lang")  # back to French for the other tests
    p.wait_for_function("() => document.documentElement.lang === 'fr'")
