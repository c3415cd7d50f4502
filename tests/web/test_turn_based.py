"""A turn-based Heresy game between two browsers, played across page closes (issue 17;
docs/web.md, Turn-based play and notifications): the creator chooses the pace in the
lobby, plays and closes the page; the other seat is told (its page, hidden, raises a
browser Notification and its tab title says so; the local push endpoint gets its Web Push,
decrypted here), opens "my games", finds the game under "your turn" and plays. At
1366×768 and 390×844, screenshots in /tmp/shots/turns-*.png."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.test_turns import Browser, PushService
from tests.web.conftest import CHROMIUM, NO_CHROMIUM, api, every_word_in_both_languages
from tests.web.test_online import (
    SIZES,
    People,
    no_sideways_scroll,
    shot,
    small_targets,
)
from tests.web.test_pages import settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

# The page's Notification calls recorded (the real one still runs), and a switch that
# makes the page believe it is hidden (a headless page is always "visible").
RECORD = """
(() => {
  window.__notes = [];
  window.__hidden = false;
  const Real = window.Notification;
  if (Real) {
    class Recorded extends Real {
      constructor(title, options) {
        window.__notes.push({ title, body: options && options.body, tag: options && options.tag });
        super(title, options);
      }
    }
    window.Notification = Recorded;
  }
  Object.defineProperty(document, "hidden", { get: () => window.__hidden });
  Object.defineProperty(document, "visibilityState", {
    get: () => (window.__hidden ? "hidden" : "visible"),
  });
})();
"""


@pytest.fixture(scope="module")
def pushes() -> Iterator[PushService]:
    service = PushService()
    yield service
    service.server.shutdown()


@pytest.fixture(scope="module")
def turn_server(tmp_path_factory: pytest.TempPathFactory, pushes: PushService) -> Iterator[str]:
    """The app as `arbitre serve --push-allow 127.0.0.1:PORT` runs it (the test's push
    service allowed), on a free loopback port."""
    import uvicorn

    from arbitre.server import turns
    from arbitre.server.app import create_app

    db = tmp_path_factory.mktemp("turns") / "games.sqlite3"
    app = create_app(f"sqlite:///{db}", rate=None)
    turns.configure(app.state.store, (f"127.0.0.1:{pushes.port}",))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on", ws="websockets-sansio")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture
def people(browser: Any, request: Any) -> Iterator[People]:
    crowd = People(browser, SIZES[request.param])
    yield crowd
    crowd.close()
    failed = [e for e in crowd.errors if e]
    assert not failed, f"JavaScript errors or CSP violations: {failed}"


def create_turn_based(p: Any, server: str, size: str) -> dict[str, str]:
    """The lobby: Heresy, two people, online, "Au long cours", the creator the Traitor."""
    p.goto(f"{server}/?ruleset=heresy")
    p.wait_for_selector("body[data-ready='1']")
    p.get_by_text("En ligne (chacun sur son appareil)").click()
    pace = p.locator("#pace")
    assert pace.is_visible() and "Rythme" in pace.inner_text()
    p.get_by_text("Au long cours").click()
    p.select_option("#creator-seat", label="Traître")
    p.fill("#seed", "3")
    if size == "phone":
        no_sideways_scroll(p)
        assert not small_targets(p, "#pace label.choice, #nav-games")
    shot(p, "turns-lobby", size)
    p.click("#create")
    p.wait_for_selector("#created:not([hidden])")
    created = p.locator("#created")

    def field(label: str) -> str:
        value: str = created.locator(".link-row", has_text=label).locator("input").input_value()
        return value

    mine, invite = field("Votre place : Traître"), field("Invitation : Imperium")
    return {"mine": mine, "invite": invite, "id": mine.split("/game/")[1].split("?")[0]}


def play_on_the_page(p: Any) -> None:
    """Answer the decision on screen with its first option button."""
    settled(p)
    assert state_of(p)["decision"]["yours"]
    moves = state_of(p)["moves"]
    p.locator("#decision button.option").first.click()
    p.wait_for_function("(m) => window.arbitre.state.moves > m && !window.arbitre.busy", arg=moves)


def finish_turn(server: str, game_id: str, token: str) -> int:
    """The seat's other answers of this turn, as its page would send them (a Heresy turn
    is many answers: clicking each on a loaded machine would take most of the test's
    time); the answers given."""
    for played in range(80):
        st = api(server, "GET", f"/api/games/{game_id}?token={token}")
        if not st["decision"] or not st["decision"]["yours"]:
            return played
        key = st["decision"]["options"][0]["key"]
        body = {"token": token, "key": key, "expect": st["moves"], "reply": "brief"}
        api(server, "POST", f"/api/games/{game_id}/play", body)
    raise AssertionError("the turn never left this seat")


def token_of(p: Any, game_id: str) -> str:
    token: str = p.evaluate(
        "(id) => Object.values(JSON.parse(localStorage.getItem('arbitre.tokens'))[id].seats)[0]",
        game_id,
    )
    return token


@pytest.mark.parametrize("people", list(SIZES), indirect=True)
def test_a_turn_based_game_across_page_closes(
    turn_server: str, people: People, pushes: PushService
) -> None:
    size = "phone" if people.viewport == SIZES["phone"] else "laptop"
    server = turn_server
    a = people.new()
    links = create_turn_based(a, server, size)
    game_id = links["id"]

    # B: another browser, its notifications allowed, its Notification calls recorded
    b = people.new()
    b.context.grant_permissions(["notifications"], origin=server)
    b.add_init_script(RECORD)
    b.goto(links["invite"])
    settled(b)
    assert state_of(b)["you"]["role"] == "seat"
    panel = b.locator("#turn-panel")
    b.wait_for_function("() => /depuis/.test(document.querySelector('.turn-line')?.textContent)")
    assert panel.locator(".turn-line").inner_text().startswith("Au tour du Traître depuis")
    assert "Partie au long cours" in panel.inner_text()
    b.get_by_role("button", name="Me prévenir").click()
    # no push service in a headless browser: the page says it tells while it is open
    b.wait_for_selector("#turn-panel .turn-off", timeout=15_000)
    assert "tant que cette page est ouverte" in panel.inner_text()
    # the subscription a real browser would give, through the page's own call
    device = Browser(pushes.url(f"/{size}/imperium"))
    b.evaluate(
        "async (sub) => (await import('/static/js/table_turn.js')).sendSubscription(sub)",
        device.subscription,
    )
    b.wait_for_function("() => /vous serez prévenu quand/i.test(document.body.innerText)")
    if size == "phone":
        no_sideways_scroll(b)
        assert not small_targets(b, "#turn-panel button, #turn-panel a.button")
    b.evaluate("() => { window.__hidden = true; }")  # B looks at another tab

    # A plays its turn (several answers of the Traitor) and closes the page
    a.goto(links["mine"])
    settled(a)
    # "since when" once the server said it (no made-up "just begun" before)
    a.wait_for_function("() => /depuis/.test(document.querySelector('.turn-line')?.textContent)")
    assert a.locator("#turn-panel .turn-line").inner_text().startswith("À vous de jouer depuis")
    play_on_the_page(a)
    shot(a, "turns-table-a", size)
    a_token = token_of(a, game_id)
    a.close()
    finish_turn(server, game_id, a_token)

    # B's hidden page raised one notification, its title says so; one push reached B
    b.wait_for_function("() => window.__notes.length > 0", timeout=15_000)
    notes = b.evaluate("() => window.__notes")
    assert notes == [
        {
            "title": "À vous de jouer",
            "body": "L'Hérésie d'Horus, Frère contre Frère",
            "tag": f"arbitre-{game_id}",
        }
    ]
    assert b.title().startswith("À vous de jouer — L'Hérésie d'Horus")
    deadline = time.monotonic() + 10
    while not pushes.to(f"/{size}/imperium") and time.monotonic() < deadline:
        time.sleep(0.1)
    got = pushes.to(f"/{size}/imperium")
    assert len(got) == 1, "one push per turn change"
    assert device.read(got[0]) == {
        "title": "À vous de jouer",
        "body": "L'Hérésie d'Horus, Frère contre Frère",
        "url": f"/game/{game_id}",
        "tag": f"arbitre-{game_id}",
    }
    b.evaluate("() => { window.__hidden = false; }")
    shot(b, "turns-table-b", size)
    b.close()

    # B comes back through "my games": the game is under "À vous de jouer", first
    games = people.contexts[1].new_page()
    people.errors.append([])
    games.goto(f"{server}/games")
    games.wait_for_selector("body[data-ready='1']")
    first = games.locator(".games-group").first
    assert first.locator("h2").inner_text().startswith("À vous de jouer")
    card = first.locator(f".game-card[data-id='{game_id}']")
    assert "L'Hérésie d'Horus, Frère contre Frère" in card.inner_text()
    assert "Vous : Imperium" in card.inner_text() and "Au long cours" in card.inner_text()
    assert "À vous depuis" in card.inner_text()
    every_word_in_both_languages(games)
    if size == "phone":
        no_sideways_scroll(games)
        assert not small_targets(games, ".game-link, .topbar a.button, .topbar button")
    shot(games, "turns-games", size)
    games.get_by_role("button", name="English").click()
    assert games.locator(".games-group h2").first.inner_text().startswith("Your turn")
    assert "Your turn for" in card.inner_text()
    games.get_by_role("button", name="Français").click()
    card.locator("a.game-link").click()
    games.wait_for_url(f"**/game/{game_id}*")
    play_on_the_page(games)
    b_token = token_of(games, game_id)
    games.close()
    assert finish_turn(server, game_id, b_token) >= 0

    # A, back in "my games" on its own browser: its turn again
    a2 = people.contexts[0].new_page()
    a2.goto(f"{server}/games")
    a2.wait_for_selector("body[data-ready='1']")
    mine = a2.locator("#games-mine")
    assert mine.locator(f".game-card[data-id='{game_id}']").count() == 1
    assert "Vous : Traître" in mine.inner_text()
    a2.close()
