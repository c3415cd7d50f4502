"""The table page on patches (issue 14): it asks its socket for patches, builds each State
from the one it holds, and plays on the socket; what it shows is exactly the full State
the server gives its seat, through moves of both seats, and after the socket reconnects."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM, PHONE, api, new_game
from tests.web.test_online import no_sideways_scroll, shot
from tests.web.test_pages import HUMAN, link, settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


def full_state(server: str, game: dict[str, Any], token: str) -> dict[str, Any]:
    out: dict[str, Any] = api(server, "GET", f"/api/games/{game['id']}?token={token}")
    return out


def test_the_table_builds_its_states_from_patches(server: str, page: Any) -> None:
    """HH-18.1 orders stay hidden: the Imperium page, the Traitor playing through the API;
    the page's State equals the Imperium's full State after every move, its own moves go
    over the socket (no POST …/play), and a reconnection starts again from a whole State."""
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=5)
    imperium, traitor = (s["token"] for s in game["seats"])
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(link(server, game, imperium))
    settled(page)
    page.wait_for_selector("#live.on")
    own = 0
    for _ in range(60):  # the Traitor opens with a dozen picks; then both seats answer
        if own >= 3:
            break
        s = full_state(server, game, traitor)
        moves = s["moves"]
        if s["decision"]["seat"] == 1:
            key = s["decision"]["options"][0]["key"]
            body = {"token": traitor, "key": key, "expect": moves}
            api(server, "POST", f"/api/games/{game['id']}/play", body)
        else:
            page.wait_for_function("(m) => window.arbitre.state.moves === m", arg=moves)
            settled(page)
            page.locator("#decision button.option").first.click()
            own += 1
        page.wait_for_function("(m) => window.arbitre.state.moves > m", arg=moves)
        settled(page)
        assert state_of(page) == full_state(server, game, imperium)
    assert own > 0, "the Imperium never had to answer"
    assert page.evaluate("() => window.arbitre.live.patched") >= 10
    assert not [u for u in posts if u.endswith("/play")], posts
    assert not page.errors
    shot(page, "table-patches", "laptop")

    page.evaluate("() => window.arbitre.live.socket.close()")
    page.wait_for_selector("#live.on", timeout=10_000)
    s = full_state(server, game, traitor)
    if s["decision"]["seat"] == 1:
        body = {"token": traitor, "key": s["decision"]["options"][0]["key"], "expect": s["moves"]}
        api(server, "POST", f"/api/games/{game['id']}/play", body)
        page.wait_for_function("(m) => window.arbitre.state.moves > m", arg=s["moves"])
    settled(page)
    assert state_of(page) == full_state(server, game, imperium)

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    no_sideways_scroll(page)
    shot(page, "table-patches", "phone")
