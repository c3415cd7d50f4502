"""The pages by their seats' names (lobby, table, log), and a table whose WebSocket closes
catching up with the move another seat made while it was away."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM, api, new_game
from tests.web.test_pages import HUMAN, link, settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


def test_seats_read_by_their_names(server: str, page: Any) -> None:
    page.goto(f"{server}/?ruleset=champs")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length === 3")
    labels = page.locator("#seats label").all_inner_texts()
    assert labels == ["Joueur 1", "Joueur 2", "MJ"]
    assert page.locator("#seat-2 option:checked").inner_text() == "IA : MJ"
    page.select_option("#ruleset", "epic")
    page.wait_for_function("() => document.querySelectorAll('#seats select').length === 2")
    assert page.locator("#seats label").all_inner_texts() == ["Imperium", "Mille Fils"]

    game = new_game(server, "champs", [HUMAN, HUMAN, {"kind": "ai", "agent": "mj"}], seed=3)
    page.goto(link(server, game, game["admin"]))
    settled(page)
    seat = state_of(page)["decision"]["seat"]
    name = ["Joueur 1", "Joueur 2"][seat]
    assert page.locator("#decision .who").inner_text() == f"À vous : {name}"
    viewers = page.locator("#viewer option").all_inner_texts()
    assert viewers[1:] == ["Joueur 1", "Joueur 2"]
    moves = state_of(page)["moves"]
    page.locator("#decision button.option").first.click()
    page.wait_for_function("(m) => window.arbitre.state.moves > m", arg=moves)
    assert page.locator("#log li.log-choice b").first.inner_text().strip() == f"{name} :"
    page.click("#lang")
    assert page.locator("#viewer option").all_inner_texts()[1:] == ["Player 1", "Player 2"]


def test_a_page_whose_socket_closes_catches_up(server: str, page: Any) -> None:
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=5)
    imperium, traitor = (s["token"] for s in game["seats"])
    sockets: list[Any] = []
    held: list[Any] = []

    def route(ws: Any) -> None:
        sockets.append(ws)
        if len(sockets) == 1:
            ws.connect_to_server()
        else:
            held.append(ws)  # the reconnection waits until the other seat has moved

    page.route_web_socket("**/ws/games/**", route)
    page.goto(link(server, game, imperium))
    settled(page)
    page.wait_for_selector("#live.on")
    before = state_of(page)
    assert before["decision"]["seat"] == 1 and not before["decision"]["yours"]

    page.evaluate("() => window.arbitre.live.socket.close()")
    for _ in range(100):  # the page reconnects after its backoff (0.5 s)
        if held:
            break
        page.wait_for_timeout(50)
    assert len(sockets) == 2 and len(held) == 1, "the page did not reconnect"
    # the Traitor moves while the Imperium page is away
    s = api(server, "GET", f"/api/games/{game['id']}?token={traitor}")
    key = s["decision"]["options"][0]["key"]
    api(
        server, "POST", f"/api/games/{game['id']}/play", {"token": traitor, "key": key, "expect": 0}
    )
    page.wait_for_timeout(300)
    assert state_of(page)["moves"] == 0, "the closed socket still delivered the move"
    held[0].connect_to_server()  # the server sends the current State on connect
    page.wait_for_function("() => window.arbitre.state.moves === 1")
    assert "coup 1" in page.locator("#you").inner_text()
    last = page.locator("#log li").last.inner_text()
    assert last.strip()
    assert state_of(page)["log"][-1]["text"]["fr"] in last
