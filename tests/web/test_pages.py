"""The pages in a real browser: a whole Champs game against the AI, the first round of a
Heresy game by two seats in two browser contexts, and a screenshot of each board."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, LAPTOP, NO_CHROMIUM, api, new_game, watch

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

HUMAN = {"kind": "human"}
PNG = b"\x89PNG\r\n\x1a\n"


def link(base: str, game: dict[str, Any], token: str) -> str:
    return f"{base}/game/{game['id']}?token={token}"


def settled(page: Any, timeout: float = 15_000) -> None:
    """Wait until the page shows a State and is not busy sending a move."""
    page.wait_for_function(
        "() => window.arbitre && window.arbitre.state && !window.arbitre.busy", timeout=timeout
    )


def state_of(page: Any) -> dict[str, Any]:
    out: dict[str, Any] = page.evaluate("() => window.arbitre.state")
    return out


def answer(page: Any, rng: random.Random) -> str:
    """Answer the decision on screen: a clickable board element half of the time (the menu
    when several options share it), else an option button. Returns the key chosen."""
    moves = state_of(page)["moves"]
    board = page.locator("#board .pickable")
    if board.count() and rng.random() < 0.5:
        target = board.nth(rng.randrange(board.count()))
        anchor = target.locator(".anchor")  # a Heresy zone: click inside its outline
        (anchor if anchor.count() else target).click()
        menu = page.locator("#popover:not([hidden]) button.option")
        if menu.count():
            key = str(menu.nth(0).get_attribute("data-key"))
            menu.nth(0).click()
        else:
            key = "board"
    else:
        buttons = page.locator("#decision button.option")
        button = buttons.nth(rng.randrange(buttons.count()))
        key = str(button.get_attribute("data-key"))
        button.click()
    page.wait_for_function(
        "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=moves
    )
    return key


def test_a_whole_champs_game_against_the_ai(server: str, page: Any, tmp_path: Path) -> None:
    # the lobby creates the game: one player, the MJ played by the AI (its default)
    page.goto(f"{server}/?ruleset=champs")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#opt-players", label="1")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length === 2")
    assert page.locator("#seat-1").input_value() == "ai:mj"
    page.fill("#seed", "4")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.locator("#created a.button.primary").click()
    page.wait_for_selector("#decision button.option")
    settled(page)
    first = state_of(page)
    assert first["you"]["role"] == "admin" and first["decision"]["yours"]
    assert page.locator("svg.board-svg.champs").count() == 1

    # "why?" shows the rule texts of the decision
    page.click("#why")
    page.wait_for_selector("#dialog[open] .rule")
    rule_ids = page.locator("#dialog .rule .rule-chip").all_inner_texts()
    assert rule_ids == first["decision"]["rules"]
    assert all(t.strip() for t in page.locator("#dialog .rule-text").all_inner_texts())
    page.click("#dialog button.primary")

    # one move, then undo it
    rng = random.Random(7)
    answer(page, rng)
    page.wait_for_function("() => window.arbitre.state.can_undo")
    page.click("#undo")
    page.wait_for_function("() => window.arbitre.state.moves === 0")

    # English, then play on until the result shows
    page.click("#lang")
    assert page.locator("#undo").inner_text() == "Undo"
    clicks = 0
    while not state_of(page)["result"]:
        assert clicks < 400, "the game did not end"
        page.wait_for_function(
            "() => window.arbitre.state.result || window.arbitre.state.decision.yours"
        )
        if state_of(page)["result"]:
            break
        answer(page, rng)
        clicks += 1
    page.wait_for_selector("#result:not([hidden]) .summary")
    summary = page.locator("#result .summary").inner_text()
    assert summary == state_of(page)["result"]["summary"]["en"]
    assert page.locator("#decision h2").inner_text() == "Game over"

    # save: the record downloads and replays to the same end
    with page.expect_download() as download:
        page.click("#save")
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text())
    assert record["ruleset"] == "champs" and len(record["keys"]) == state_of(page)["moves"]
    replayed = api(server, "POST", "/api/replay", {"record": record, "upto": None, "seat": None})
    assert replayed["result"]["summary"] == state_of(page)["result"]["summary"]

    # the replay page steps back through it
    page.locator("#result a.button").click()
    page.wait_for_selector("body[data-upto]")
    total = len(record["keys"])
    page.wait_for_function("(n) => document.body.dataset.upto === String(n)", arg=total)
    page.click("#prev")
    page.wait_for_function("(n) => document.body.dataset.upto === String(n)", arg=total - 1)
    assert page.locator("svg.board-svg.champs").count() == 1


def test_first_round_of_heresy_by_two_seats_online(server: str, browser: Any) -> None:
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=3)
    pages = []
    contexts = []
    for seat in game["seats"]:
        context = browser.new_context(viewport=LAPTOP)
        p = context.new_page()
        errors = watch(p)
        p.goto(link(server, game, seat["token"]))
        settled(p)
        contexts.append(context)
        pages.append((p, errors))
    imperium, traitor = pages[0][0], pages[1][0]
    seats = {0: "imperium", 1: "traitor"}
    rng = random.Random(3)
    clicks = 0
    try:
        while state_of(imperium)["view"]["round"] < 2:
            assert clicks < 200, "round 1 did not end"
            for n, (p, _errors) in enumerate(pages):
                s = state_of(p)
                mine, other = seats[n], seats[1 - n]
                # each seat sees its own hand and only the size of the other's
                assert isinstance(s["view"]["hands"][mine], list)
                assert isinstance(s["view"]["hands"][other], int)
                backs = p.locator(f"[data-hand='{other}'] .card-back")
                assert backs.count() == s["view"]["hands"][other]
                shown = p.locator(f"[data-hand='{mine}'] .card")
                assert shown.count() == len(s["view"]["hands"][mine])
            mover = next((p for p, _ in pages if state_of(p)["decision"]["yours"]), None)
            if mover is None:  # the other page has not caught up yet
                imperium.wait_for_timeout(50)
                continue
            before = state_of(mover)["moves"]
            answer(mover, rng)
            clicks += 1
            for p, _ in pages:  # both pages follow live (WebSocket)
                p.wait_for_function("(m) => window.arbitre.state.moves > m", arg=before)
        # the opponent's hand never shows by name
        hand = state_of(traitor)["view"]["hands"]["traitor"]
        board = api(server, "GET", f"/api/games/{game['id']}/board?token={game['spectator']}")
        names = {board["names"]["orders"][c.split("#")[0]]["name"]["fr"] for c in hand}
        opponent_panel = imperium.locator("[data-hand='traitor']").inner_text()
        assert not any(name in opponent_panel for name in names)
        assert state_of(imperium)["moves"] == state_of(traitor)["moves"] == clicks
    finally:
        for context in contexts:
            context.close()
    for _p, errors in pages:
        assert not errors, errors


def shoot(page: Any, path: Path) -> bytes:
    page.set_viewport_size({"width": LAPTOP["width"], "height": 1200})  # the whole board
    page.locator("#board svg.board-svg").screenshot(path=str(path))
    page.set_viewport_size(LAPTOP)
    data = path.read_bytes()
    assert data.startswith(PNG) and len(data) > 5_000
    return data


def test_screenshot_of_each_board(server: str, page: Any, tmp_path: Path) -> None:
    champs = new_game(server, "champs", [HUMAN, HUMAN, {"kind": "ai", "agent": "mj"}], seed=2)
    page.goto(link(server, champs, champs["admin"]))
    settled(page)
    bf = state_of(page)["view"]["battlefield"]
    cells = bf["width"] * bf["height"]
    assert page.locator("svg.champs g.cell").count() == cells
    assert page.locator("svg.champs").get_attribute("data-cells") == str(cells)
    assert page.locator("svg.champs g.cell.obstacle").count() == len(bf["obstacles"])
    shoot(page, tmp_path / "champs.png")

    heresy = new_game(server, "heresy", [HUMAN, HUMAN], seed=1)
    page.goto(link(server, heresy, heresy["spectator"]))
    settled(page)
    board = api(server, "GET", f"/api/games/{heresy['id']}/board?token={heresy['spectator']}")
    assert page.locator("svg.heresy g.zone").count() == len(board["zones"])
    assert page.locator("svg.heresy .track .space").count() == len(board["track"])
    assert page.locator(".piles .pile").count() == len(board["sectors"])
    view = state_of(page)["view"]
    heroes_on_map = [h for h, where in view["heroes"].items() if where]
    assert page.locator("svg.heresy .pieces g.hero").count() == len(heroes_on_map)
    shoot(page, tmp_path / "heresy.png")

    epic = new_game(server, "epic", [HUMAN, {"kind": "ai", "agent": "random"}], seed=1)
    page.goto(link(server, epic, epic["seats"][0]["token"]))
    settled(page)
    view = state_of(page)["view"]
    assert page.locator("svg.epic g.stand").count() == len(view["stands"])
    assert page.locator("svg.epic g.det").count() == len({s["det"] for s in view["stands"]})
    shoot(page, tmp_path / "epic.png")
    print(f"board screenshots in {tmp_path}")


def test_every_page_word_exists_in_both_languages(server: str, page: Any) -> None:
    page.goto(f"{server}/")
    page.wait_for_selector("body[data-ready='1']")
    missing = page.evaluate(
        """async () => {
          const m = await import('/static/js/i18n.js');
          const fr = Object.keys(m._strings.fr), en = Object.keys(m._strings.en);
          return [fr.filter(k => !en.includes(k)), en.filter(k => !fr.includes(k))];
        }"""
    )
    assert missing == [[], []]
