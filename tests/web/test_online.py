"""Online play as people do it, each in their own browser (one Playwright context each): the
creator makes an online game in the lobby, the host renews the invite, a friend opens the
invite link, both play, a takeback is asked and accepted (then refused), the host sees the
public view only and deletes the game. The same on a laptop (1366×768) and a phone
(390×844): no horizontal scroll, finger-sized new buttons. Screenshots go to /tmp/shots/."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, LAPTOP, NO_CHROMIUM, PHONE, api, watch
from tests.web.test_pages import settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

SHOTS = Path("/tmp/shots")
SIZES = {"laptop": LAPTOP, "phone": PHONE}
TAP = 44  # px: the smallest comfortable tap target


class People:
    """One browser context per person; their JavaScript errors and CSP violations."""

    def __init__(self, browser: Any, viewport: dict[str, int]) -> None:
        self.browser = browser
        self.viewport = viewport
        self.contexts: list[Any] = []
        self.errors: list[list[str]] = []

    def new(self) -> Any:
        context = self.browser.new_context(viewport=self.viewport)
        p = context.new_page()
        self.errors.append(watch(p))
        self.contexts.append(context)
        return p

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def people(browser: Any, request: Any) -> Iterator[People]:
    crowd = People(browser, SIZES[request.param])
    yield crowd
    crowd.close()
    failed = [e for e in crowd.errors if e]
    assert not failed, f"JavaScript errors or CSP violations: {failed}"


def shot(p: Any, name: str, size: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=size == "phone")


def no_sideways_scroll(p: Any) -> None:
    width = p.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


def small_targets(p: Any, selector: str) -> list[Any]:
    """The visible elements matching `selector` smaller than a finger (44 px)."""
    out: list[Any] = p.evaluate(
        """([sel, min]) => [...document.querySelectorAll(sel)]
          .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden")
          .map((e) => { const r = e.getBoundingClientRect();
                        const name = e.textContent.trim() || e.getAttribute("aria-label");
                        return [name, r.width, r.height]; })
          .filter(([, w, h]) => w < min || h < min)""",
        [selector, TAP],
    )
    return out


def stored(p: Any) -> dict[str, Any]:
    out: dict[str, Any] = p.evaluate(
        "() => JSON.parse(localStorage.getItem('arbitre.tokens') || '{}')"
    )
    return out


def play_first(p: Any) -> None:
    """Answer the decision on screen with its first option button."""
    moves = state_of(p)["moves"]
    p.locator("#decision button.option").first.click()
    p.wait_for_function("(m) => window.arbitre.state.moves > m && !window.arbitre.busy", arg=moves)


def wait_moves(p: Any, n: int) -> None:
    p.wait_for_function("(n) => window.arbitre.state && window.arbitre.state.moves === n", arg=n)


def create_online_game(p: Any, server: str, size: str, listed: bool = False) -> dict[str, str]:
    """The lobby, as a person uses it: Champs for one player against a human GM, online,
    the creator playing Joueur 1. Returns the links it shows."""
    p.goto(f"{server}/?ruleset=champs")
    p.wait_for_selector("body[data-ready='1']")
    p.select_option("#opt-players", label="1")
    p.wait_for_function("() => document.querySelectorAll('#seats select').length === 2")
    p.select_option("#seat-1", label="Humain")
    p.get_by_text("En ligne (chacun sur son appareil)").click()
    assert p.locator("#online-options").is_visible()
    creator_seats = p.locator("#creator-seat option").all_inner_texts()
    assert creator_seats == ["Joueur 1", "MJ", "Aucune : j'héberge seulement"]
    p.select_option("#creator-seat", label="Joueur 1")
    if listed:
        p.get_by_text("Lister la partie publiquement").click()
    p.fill("#seed", "4")
    if size == "phone":
        no_sideways_scroll(p)
        assert not small_targets(p, "#new-game label.choice, #new-game label.check, #create")
    p.click("#create")
    p.wait_for_selector("#created:not([hidden])")
    created = p.locator("#created")
    assert "chaque invitation ne sert qu'une fois" in created.inner_text()

    def row(label: str) -> Any:
        return created.locator(".link-row", has_text=label)

    assert row("Votre place : Joueur 1").locator("a.button.primary").count() == 1
    invite = row("Invitation : MJ")
    assert invite.locator(".chip.once").inner_text() == "ne sert qu'une fois"
    assert invite.locator("a").count() == 0, "opening your friend's invite would take their seat"
    assert invite.locator("button", has_text="Copier").count() == 1
    links = {
        "mine": row("Votre place : Joueur 1").locator("input").input_value(),
        "invite": invite.locator("input").input_value(),
        "host": row("Hôte").locator("input").input_value(),
        "spectator": row("Spectateur").locator("input").input_value(),
    }
    assert "?invite=" in links["invite"]
    # this browser keeps the host link, its own seat and the invite code: no other seat token
    game_id = links["mine"].split("/game/")[1].split("?")[0]
    kept = stored(p)[game_id]
    assert kept["host"] and kept["mode"] == "online" and "admin" not in kept
    assert list(kept["seats"]) == ["0"] and list(kept["invites"]) == ["1"]
    links["id"] = game_id
    shot(p, "lobby-created", size)
    if size == "phone":
        no_sideways_scroll(p)
        assert not small_targets(p, "#created a.button, #created button")
    return links


@pytest.mark.parametrize("people", list(SIZES), indirect=True)
def test_an_online_game_by_invite(server: str, people: People) -> None:
    size = next(k for k, v in SIZES.items() if v == people.viewport)
    creator = people.new()
    links = create_online_game(creator, server, size)
    game_id = links["id"]

    # the creator opens their own seat
    creator.locator("#created .link-row", has_text="Votre place").locator("a.button").click()
    settled(creator)
    assert state_of(creator)["you"] == {"role": "seat", "seats": [0]}
    assert creator.locator("#mode").inner_text() == "en ligne"
    assert "en attente d'un joueur" in creator.locator("#seats-panel").inner_text()
    assert creator.locator("#role-panel").is_hidden()  # no one-screen notice online

    # the host (another device): public view, no options, the seats and their invites
    host = people.new()
    host.goto(links["host"])
    settled(host)
    s = state_of(host)
    assert s["you"]["role"] == "host" and s["viewer"] is None
    banner = host.get_by_role("heading", name="Vous hébergez cette partie : vue publique")
    assert banner.is_visible()
    assert host.locator("#decision button.option").count() == 0
    assert host.locator("#board .pickable").count() == 0
    assert host.locator("#undo").is_hidden()
    spectator = links["spectator"].split("token=")[1]
    public = api(server, "GET", f"/api/games/{game_id}?token={spectator}")
    assert s["view"] == public["view"], "the host must see exactly the public view"
    mj = host.locator("#seats-panel li[data-seat='1']")
    assert "en attente d'un joueur" in mj.inner_text()
    # this device has no invite code yet: the host makes a new one (the lobby's stops working)
    mj.get_by_role("button", name="Créer un lien d'invitation").click()
    host.wait_for_selector("#seats-panel li[data-seat='1'] input.invite-url")
    fresh = mj.locator("input.invite-url").input_value()
    assert fresh != links["invite"] and "?invite=" in fresh
    shot(host, "table-host", size)
    if size == "phone":
        no_sideways_scroll(host)
        assert not small_targets(host, "#seats-panel button, #seats-panel select")

    # the old invite no longer works: its text shows
    stranger = people.new()
    stranger.goto(links["invite"])
    stranger.wait_for_selector("#board .alert")
    assert "Invitation inconnue ou déjà utilisée" in stranger.locator("#board .alert").inner_text()

    # the friend opens the new invite link: joins, keeps the token, the URL shows the token
    friend = people.new()
    friend.goto(fresh)
    settled(friend)
    assert state_of(friend)["you"] == {"role": "seat", "seats": [1]}
    assert "invite=" not in friend.url and "token=" in friend.url
    token = friend.url.split("token=")[1]
    assert stored(friend)[game_id]["seats"] == {"1": token}
    # everyone sees the seat taken
    host.wait_for_function("() => !window.arbitre.state.game.seats[1].open")
    creator.wait_for_function("() => !window.arbitre.state.game.seats[1].open")
    assert "en attente d'un joueur" not in host.locator("#seats-panel").inner_text()
    # opening the used link again, elsewhere, is refused
    stranger.goto(fresh)
    stranger.wait_for_selector("#board .alert")
    assert "déjà utilisée" in stranger.locator("#board .alert").inner_text()

    # Joueur 1 deploys until it is the GM's turn, then the GM answers once
    turns = 0
    while state_of(creator)["decision"]["seat"] == 0:
        assert turns < 20
        play_first(creator)
        turns += 1
    moves = state_of(creator)["moves"]
    wait_moves(friend, moves)
    assert state_of(friend)["decision"]["yours"]
    play_first(friend)
    moves += 1
    wait_moves(creator, moves)
    wait_moves(host, moves)

    # the GM asks to take it back: Joueur 1 must accept
    undo = friend.locator("#undo")
    friend.wait_for_function("() => window.arbitre.state.can_ask_undo")
    assert undo.inner_text() == "Demander d'annuler" and undo.is_enabled()
    undo.click()
    asked = creator.get_by_role("dialog", name="Demande d'annulation")
    asked.wait_for()
    assert "MJ demande à annuler son dernier coup" in asked.inner_text()
    waiting = friend.get_by_role("dialog", name="Demande d'annulation")
    waiting.wait_for()
    assert "En attente d'une réponse" in waiting.inner_text()
    assert waiting.get_by_role("button", name="Retirer la demande").is_visible()
    host.wait_for_function("() => window.arbitre.state.takeback !== null")
    assert host.get_by_role("dialog").count() == 0  # the host answers nothing
    assert "MJ demande à annuler" in host.locator("#decision .takeback-line").inner_text()
    shot(creator, "table-takeback-asked", size)
    shot(friend, "table-takeback-waiting", size)
    if size == "phone":
        for p in (creator, friend, host):
            no_sideways_scroll(p)
        assert not small_targets(creator, "#takeback button")
        assert not small_targets(friend, "#takeback button, #undo")
    asked.get_by_role("button", name="Accepter").click()
    for p in (creator, friend, host):
        wait_moves(p, moves - 1)
    assert creator.get_by_role("dialog").count() == 0
    friend.wait_for_function("() => !document.querySelector('#takeback').open")
    assert state_of(friend)["decision"]["yours"]

    # again: this time Joueur 1 refuses and nothing changes
    play_first(friend)
    friend.wait_for_function("() => window.arbitre.state.can_ask_undo")
    friend.click("#undo")
    asked.wait_for()
    asked.get_by_role("button", name="Refuser").click()
    friend.locator(".toast", has_text="refusée").wait_for()
    assert state_of(friend)["moves"] == moves and state_of(friend)["takeback"] is None

    # the host deletes the game: the players' pages say so
    host.click("#delete-game")
    confirm = host.get_by_role("dialog", name="Supprimer la partie")
    confirm.get_by_role("button", name="Supprimer la partie").click()
    host.wait_for_url(f"{server}/")
    for p in (creator, friend):
        p.locator("#board .alert", has_text="Cette partie a été supprimée.").wait_for()
    assert game_id not in stored(creator)


@pytest.mark.parametrize("people", ["phone"], indirect=True)
def test_a_listed_game_is_joined_from_the_lobby(server: str, people: People) -> None:
    creator = people.new()
    links = create_online_game(creator, server, "phone", listed=True)
    # "My games" comes from the server, with this browser's role
    creator.goto(f"{server}/")
    creator.wait_for_selector("body[data-ready='1']")
    mine = creator.locator(f"#mine-list tr[data-game='{links['id']}']")
    assert mine.get_attribute("data-role") == "seat"
    assert "joueur (Joueur 1)" in mine.inner_text()
    assert "MJ (libre)" in mine.inner_text()

    stranger = people.new()
    stranger.goto(f"{server}/")
    stranger.wait_for_selector("body[data-ready='1']")
    row = stranger.locator(f"#open-list tr[data-game='{links['id']}']")
    join = row.get_by_role("button", name="Rejoindre : MJ")
    assert join.count() == 1 and row.get_by_role("button", name="Rejoindre : Joueur 1").count() == 0
    no_sideways_scroll(stranger)
    assert not small_targets(stranger, "#open-list button, #open-list a.button")
    shot(stranger, "lobby-open-games", "phone")
    join.click()
    settled(stranger)
    assert state_of(stranger)["you"] == {"role": "seat", "seats": [1]}
    no_sideways_scroll(stranger)
    shot(stranger, "table-joined", "phone")
    # the game is full: it leaves the open list
    creator.reload()
    creator.wait_for_selector("body[data-ready='1']")
    assert creator.locator(f"#open-list tr[data-game='{links['id']}']").count() == 0


@pytest.mark.parametrize("people", ["laptop"], indirect=True)
def test_hotseat_notice_and_no_inline_script(server: str, people: People) -> None:
    """A seat link of a one-screen game says that the table link sees every seat; every
    page runs under the Content-Security-Policy (the fixture fails on a violation)."""
    p = people.new()
    game = api(
        server,
        "POST",
        "/api/games",
        {"ruleset": "champs", "mode": "hotseat", "config": {"players": 1}, "seed": 1},
    )
    p.goto(f"{server}/game/{game['id']}?token={game['seats'][0]['token']}")
    settled(p)
    notice = p.get_by_role("note")
    assert "voit toutes les places" in notice.inner_text()
    assert p.locator("#mode").inner_text() == "sur un écran"
    p.goto(f"{server}/replay")
    p.wait_for_selector("#board p.muted")
    p.goto(f"{server}/")
    p.wait_for_selector("body[data-ready='1']")
    for url in ("/", "/replay", f"/game/{game['id']}"):
        html = api_text(server, url)
        assert '<script type="module">' not in html and "<script>" not in html


def api_text(base: str, path: str) -> str:
    """A page's HTML; its answer carries the Content-Security-Policy."""
    with urllib.request.urlopen(base + path, timeout=30) as resp:
        text: str = resp.read().decode()
        assert "script-src 'self'" in resp.headers["Content-Security-Policy"]
        return text


@pytest.mark.parametrize("people", ["laptop"], indirect=True)
def test_the_host_manages_the_seats(server: str, people: People) -> None:
    """A host-only creator on another device: an open seat given to an AI, its agent
    changed from the menu, then opened to a player again (a new invite shows)."""
    game = api(
        server,
        "POST",
        "/api/games",
        {"ruleset": "heresy", "mode": "online", "creator_seat": None, "seed": 2},
    )
    assert game["seat"] is None and len(game["invites"]) == 2
    host = people.new()
    host.goto(f"{server}/game/{game['id']}?token={game['host']}")
    settled(host)
    assert state_of(host)["you"]["role"] == "host"
    traitor = host.locator("#seats-panel li[data-seat='1']")
    assert traitor.locator("input.invite-url").count() == 0  # this device has no code
    traitor.get_by_role("button", name="Confier à une IA").click()
    host.wait_for_function("() => window.arbitre.state.game.seats[1].kind === 'ai'")
    menu = traitor.get_by_role("combobox", name="IA de Traître")
    assert menu.locator("option:checked").inner_text() == "IA : normale"
    menu.select_option(label="IA : facile")
    host.wait_for_function("() => window.arbitre.state.game.seats[1].agent === 'ai-easy'")
    traitor.get_by_role("button", name="Ouvrir à un joueur").click()
    host.wait_for_function("() => window.arbitre.state.game.seats[1].open")
    traitor.locator("input.invite-url").wait_for()
    code = traitor.locator("input.invite-url").input_value().split("invite=")[1]
    assert code not in {i["code"] for i in game["invites"]}
    assert stored(host)[game["id"]]["invites"] == {"1": code}
    # the lobby's "My games" shows this browser hosts it, with a Delete button
    host.goto(f"{server}/")
    host.wait_for_selector("body[data-ready='1']")
    row = host.locator(f"#mine-list tr[data-game='{game['id']}']")
    assert row.get_attribute("data-role") == "host"
    host.once("dialog", lambda d: d.accept())
    row.get_by_role("button", name="Supprimer").click()
    host.wait_for_function(
        "(id) => !document.querySelector(`#mine-list tr[data-game='${id}']`)", arg=game["id"]
    )
    assert game["id"] not in stored(host)


@pytest.mark.parametrize("people", ["laptop"], indirect=True)
def test_the_csp_watch_sees_a_violation(server: str, people: People) -> None:
    """The check every page test relies on is not vacuous: an inline script is refused by
    the server's policy and reported."""
    p = people.new()
    p.goto(f"{server}/")
    p.wait_for_selector("body[data-ready='1']")
    p.evaluate(
        """() => { const s = document.createElement("script");
                   s.textContent = "window.inlineRan = true"; document.body.append(s); }"""
    )
    p.wait_for_timeout(200)
    assert p.evaluate("() => window.inlineRan") is None
    errors = people.errors[-1]
    assert any("CSP violation: script-src" in e for e in errors), errors
    errors.clear()  # expected here: the fixture fails on any other
