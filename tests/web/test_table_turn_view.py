"""The table page of a turn-based online game with a clock (issue 17; docs/web.md,
Turn-based play and notifications, Clocks): switching the page's language rewords every
live, clock, turn and chat text at once (the "en direct" chip too), the same as a page
opened in English; and on a phone (390×844) the turn panel is on screen, never under
the fixed decision sheet. Screenshots: /tmp/shots/C-*.png."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM, api, new_game
from tests.web.test_online import SIZES, People, no_sideways_scroll, shot
from tests.web.test_pages import settled

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

HUMAN = {"kind": "human"}
TURN_CLOCK = {"kind": "turn", "base": 3, "increment": 24}  # 3 days + 1 day a move
ENGLISH = "localStorage.setItem('arbitre.lang', 'en');"
# what the parts this test is about show (their times' digits left out: they tick)
TEXTS = """() => {
  const text = (sel) => { const e = document.querySelector(sel);
                          return e && !e.hidden ? e.innerText.replace(/\\d+/g, '#') : null; };
  return { live: text('#live'), clock: text('#clock-panel'), turn: text('#turn-panel'),
           chat: text('#chat-panel'), head: text('.topbar'), title: document.title };
}"""


@pytest.fixture
def crowd(browser: Any, request: Any) -> Iterator[People]:
    people = People(browser, SIZES[getattr(request, "param", "laptop")])
    yield people
    people.close()
    failed = [e for e in people.errors if e]
    assert not failed, f"JavaScript errors or CSP violations: {failed}"


def turn_game(server: str) -> dict[str, Any]:
    """A turn-based Heresy game with a turn clock, both seats held; `tokens` by seat."""
    game = new_game(
        server, "heresy", [HUMAN, HUMAN], mode="online", seed=3, pace="turn", clock=TURN_CLOCK
    )
    code = game["invites"][0]["code"]
    joined = api(server, "POST", f"/api/games/{game['id']}/join", {"code": code})
    game["tokens"] = [game["seat"]["token"], joined["token"]]
    out: dict[str, Any] = game
    return out


def open_table(people: People, server: str, game: dict[str, Any], seat: int, english: bool) -> Any:
    p = people.new()
    if english:
        p.context.add_init_script(ENGLISH)
    p.goto(f"{server}/game/{game['id']}?token={game['tokens'][seat]}")
    settled(p)
    p.wait_for_selector("#clock-panel:not([hidden]) .clock-seat")
    # the clock started (both seats are held): the server's timer tells the open sockets
    # a moment after the page's first clock frame, which may still say it waits for seats
    p.wait_for_selector("#clock-panel .clock-seat.running")
    p.wait_for_selector("#chat-panel #chat-title")
    # the turn line once the server said since when (its time in words)
    p.wait_for_function(
        "() => /\\d|moins|less/.test("
        "document.querySelector('#turn-panel .turn-line')?.textContent || '')"
    )
    p.wait_for_function("() => document.querySelector('#live')?.classList.contains('on')")
    return p


def test_switching_language_rewords_live_clock_turn_and_chat(server: str, crowd: People) -> None:
    game = turn_game(server)
    api(
        server,
        "POST",
        f"/api/games/{game['id']}/chat",
        {"token": game["tokens"][0], "text": "salut"},
    )
    fr = open_table(crowd, server, game, 1, english=False)  # the Traitor: his turn first
    before = fr.evaluate(TEXTS)
    assert before["live"] == "en direct"
    assert before["turn"].startswith("À vous de jouer depuis")
    assert before["clock"].startswith("Pendule") and before["chat"].startswith("Discussion")
    fr.click("#lang")
    fr.wait_for_function("() => document.documentElement.lang === 'en'")
    fr.wait_for_function(
        "() => document.querySelector('#clock-title')?.textContent.startsWith('Clock')"
    )
    after = fr.evaluate(TEXTS)
    assert after["live"] == "live"  # the chip too, though the socket's status did not change
    en = open_table(crowd, server, game, 1, english=True)
    fresh = en.evaluate(TEXTS)
    assert fresh["live"] == "live" and fresh["turn"].startswith("Your turn for")
    # every part reads as on a page opened in English, nothing left in French
    assert after == fresh
    for part in ("clock", "turn", "chat"):
        assert after[part] != before[part], part
    # and back: the same as at first
    fr.click("#lang")
    fr.wait_for_function("() => document.querySelector('#live').textContent === 'en direct'")
    assert fr.evaluate(TEXTS) == before
    shot(en, "C-lang-en", "laptop")


def covered(p: Any, selector: str) -> dict[str, Any]:
    """Where `selector` is on screen, and whether the decision sheet lies over it."""
    out: dict[str, Any] = p.evaluate(
        """(sel) => {
          const e = document.querySelector(sel);
          const r = e.getBoundingClientRect();
          const sheet = document.querySelector('#decision').getBoundingClientRect();
          const x = r.left + Math.min(r.width / 2, 40), y = r.top + r.height / 2;
          const hit = document.elementFromPoint(x, y);
          return { top: r.top, bottom: r.bottom, height: r.height, inner: innerHeight,
                   sheetTop: sheet.top, hit: !!hit && e.contains(hit),
                   scroll: scrollY };
        }""",
        selector,
    )
    return out


@pytest.mark.parametrize("crowd", ["laptop", "phone"], indirect=True)
def test_the_turn_panel_is_on_screen_not_under_the_sheet(
    server: str, crowd: People, request: Any
) -> None:
    size = request.node.callspec.params["crowd"]
    game = turn_game(server)
    for seat, name in ((1, "mine"), (0, "theirs")):
        p = open_table(crowd, server, game, seat, english=False)
        p.evaluate("() => window.scrollTo(0, 0)")
        where = covered(p, "#turn-panel .turn-line")
        shot(p, f"C-turn-{name}", size)
        if size == "phone":  # the shot above is the whole page: this is what one sees
            p.screenshot(path=f"/tmp/shots/C-turn-{name}-phone-screen.png")
        assert where["height"] > 0 and where["top"] >= 0, where
        assert where["bottom"] <= where["inner"], where  # on the first screen
        assert where["hit"], where  # nothing (the sheet) lies over it
        if size == "phone":
            assert where["bottom"] <= where["sheetTop"], where
        no_sideways_scroll(p)
        line = p.locator("#turn-panel .turn-line").inner_text()
        assert re.match(r"(À vous de jouer|Au tour d)", line), line


def without_time(route: Any) -> None:
    """The server's answer as for a game older than the answers' stored times."""
    response = route.fetch()
    body = response.json()
    if "games" in body:
        for game in body["games"]:
            if game.get("turn"):
                game["turn"]["since"] = None
    else:
        body["since"] = None
    route.fulfill(response=response, json=body)


def test_a_turn_of_unknown_age_shows_no_time_not_just_begun(server: str, crowd: People) -> None:
    game = turn_game(server)
    p = crowd.new()
    turn_url = re.compile(r".*/api/games/[^/]+/turn\?.*")
    p.route(turn_url, without_time)
    with p.expect_response(turn_url):  # the turn's answer came (and said no time)
        p.goto(f"{server}/game/{game['id']}?token={game['tokens'][1]}")
    settled(p)
    p.wait_for_timeout(200)  # drawn
    line = p.locator("#turn-panel .turn-line").inner_text()
    assert line == "À vous de jouer"  # whose turn, no "depuis moins d'une minute"
    other = crowd.new()
    other.route(turn_url, without_time)
    other.goto(f"{server}/game/{game['id']}?token={game['tokens'][0]}")
    settled(other)
    other.wait_for_function(
        "() => document.querySelector('#turn-panel .turn-line')?.textContent"
        " === 'Au tour du Traître'"
    )
    # "my games": the seat to play finds it under "your turn", without a time
    p.route("**/api/games/mine", without_time)
    p.goto(f"{server}/games")
    p.wait_for_selector("#games-mine .game-card")
    card = p.locator(f"#games-mine .game-card[data-id='{game['id']}'] .game-when")
    assert card.inner_text() == "À vous de jouer"
    other.route("**/api/games/mine", without_time)
    other.goto(f"{server}/games")
    other.wait_for_selector("#games-waiting .game-card")
    theirs = other.locator(f"#games-waiting .game-card[data-id='{game['id']}'] .game-when")
    assert theirs.inner_text() == "Au tour de : Traître"
