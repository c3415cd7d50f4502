"""What the game pages say, read as a person reads it: the three games played a few moves in
French and then shown in English, the whole page's text checked with the French/English
checker of tests/test_french.py (broken articles and elision, raw ids, English words in
French pages and French words in English ones, Fluent leftovers)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.test_french import _check, _report
from tests.web.conftest import CHROMIUM, NO_CHROMIUM, api, new_game
from tests.web.test_pages import settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

GAMES: dict[str, list[dict[str, Any]] | None] = {
    "champs": None,  # the lobby's default seats: the players human, the MJ an AI
    "heresy": [{"kind": "human"}, {"kind": "ai", "agent": "ai"}],
    "epic": [{"kind": "human"}, {"kind": "ai", "agent": "ai"}],
}
MOVES = 12


def page_lines(page: Any) -> set[str]:
    """Every line of text the page shows (the board's SVG labels included)."""
    text: str = page.evaluate("() => document.body.innerText")
    return {line.strip() for line in text.splitlines() if line.strip()}


def play_a_little(page: Any) -> set[str]:
    """Answer the decisions that are ours with the number key 1, collecting what is read."""
    seen = page_lines(page)
    for _ in range(MOVES):
        settled(page)
        state = state_of(page)
        if state.get("result"):
            break
        if not (state.get("decision") or {}).get("yours"):
            time.sleep(0.3)
            continue
        before = state["moves"]
        page.keyboard.press("1")
        page.wait_for_function(f"() => window.arbitre.state.moves > {before}", timeout=15_000)
        seen |= page_lines(page)
    return seen


@pytest.mark.parametrize("game", list(GAMES))
def test_game_pages_read_right_in_french_and_english(server: str, page: Any, game: str) -> None:
    seats = GAMES[game]
    if seats is None:
        made = api(server, "POST", "/api/games", {"ruleset": game, "mode": "hotseat"})
    else:
        made = new_game(server, game, seats)
    page.goto(f"{server}/game/{made['id']}?token={made['admin']}")
    settled(page)
    french = play_a_little(page)
    page.locator("#lang").click()
    settled(page)
    english = page_lines(page)
    assert len(french) > 40 and len(english) > 40, "the pages say too little to check"
    found = _check({("fr", line): "page" for line in french}, "fr")
    found |= {
        f"{name} (en)": hits
        for name, hits in _check({("en", line): "page" for line in english}, "en").items()
    }
    assert not found, _report(found)
