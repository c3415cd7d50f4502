"""Online, beyond the moves (issue 17): two people, each in their own browser, chat both
ways (markup shown as text), one resigns after a confirmation, both see the result, the
record link and the rematch; the rematch is proposed, accepted and opened with new seat
tokens. At 1366×768 and 390×844: no sideways scroll, finger-sized buttons. Screenshots go
to /tmp/shots/online-social-*.png."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM, api, new_game
from tests.web.test_online import SIZES, People, no_sideways_scroll, shot, small_targets
from tests.web.test_pages import settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

HUMAN = {"kind": "human"}
EVIL = "<b>gras</b> & <img src=x onerror=alert(1)>"


@pytest.fixture
def crowd(browser: Any, request: Any) -> Iterator[People]:
    """One browser context per person (test_online.People), at the size asked."""
    people = People(browser, SIZES[request.param])
    yield people
    people.close()
    failed = [e for e in people.errors if e]
    assert not failed, f"JavaScript errors or CSP violations: {failed}"


def two_people(server: str) -> tuple[str, list[str], str]:
    game = new_game(server, "champs", [HUMAN, HUMAN], mode="online", config={"players": 1}, seed=4)
    code = game["invites"][0]["code"]
    joined = api(server, "POST", f"/api/games/{game['id']}/join", {"code": code})
    return game["id"], [game["seat"]["token"], joined["token"]], game["host"]


def open_seat(people: People, server: str, game_id: str, token: str) -> Any:
    p = people.new()
    p.goto(f"{server}/game/{game_id}?token={token}")
    settled(p)
    p.wait_for_selector("#chat-panel")
    p.wait_for_function("() => window.arbitre.live && window.arbitre.live.open")
    return p


def say(p: Any, text: str) -> None:
    p.get_by_label("Votre message").fill(text)
    p.get_by_role("button", name="Envoyer").click()


def seen(p: Any, text: str) -> None:
    p.locator("#chat-log .chat-text", has_text=text).first.wait_for()


@pytest.mark.parametrize("crowd", list(SIZES), indirect=True)
def test_chat_resign_and_rematch(server: str, crowd: People) -> None:
    people = crowd
    size = next(k for k, v in SIZES.items() if v == people.viewport)
    game_id, (p1, mj), host_token = two_people(server)
    a = open_seat(people, server, game_id, p1)
    b = open_seat(people, server, game_id, mj)

    # chat both ways, in a named region with a labelled input and an ARIA log
    region = a.get_by_role("region", name="Discussion")
    assert region.is_visible()
    assert a.get_by_role("log", name="Discussion").count() == 1
    say(a, EVIL)
    seen(b, "gras")
    line = b.locator("#chat-log .chat-line").last
    assert line.locator(".chat-text").inner_text() == EVIL  # text, never markup
    assert line.locator("img, b").count() == 0
    assert "Joueur 1" in line.locator(".chat-who").inner_text()
    say(b, "Bien joué, à toi.")
    seen(a, "Bien joué")
    assert a.get_by_label("Votre message").input_value() == ""
    shot(a, "online-social-chat", size)
    if size == "phone":
        no_sideways_scroll(a)
        assert not small_targets(a, "#chat-panel button, #chat-text, #social-panel button")

    # the host's page: each person's seat, present or away, and the absence limit
    host = people.new()
    host.goto(f"{server}/game/{game_id}?token={host_token}")
    settled(host)
    seats = host.get_by_role("region", name="Places des joueurs")
    seats.wait_for()
    seats.get_by_text("Joueur 1 : présent").wait_for()
    assert "MJ : présent" in seats.inner_text()
    assert host.get_by_label("Confier à l'IA une place absente depuis").input_value() == "300"
    if size == "phone":
        no_sideways_scroll(host)
        assert not small_targets(host, "#social-panel button, #social-panel select")

    # the in-game actions: hand to the AI and take it back, resign (after a confirmation)
    a.get_by_role("button", name="Confier ma place à l'IA").click()
    a.get_by_role("button", name="Reprendre ma place").click()
    a.get_by_role("button", name="Confier ma place à l'IA").wait_for()
    log = b.locator("#log")
    log.get_by_text("Le Joueur 1 confie sa place à l'IA (joueurs)").wait_for()
    log.get_by_text("Le Joueur 1 reprend sa place").wait_for()
    shot(host, "online-social-host", size)
    a.get_by_role("button", name="Abandonner…").click()
    dialog = a.get_by_role("dialog", name="Abandonner la partie ?")
    dialog.wait_for()
    dialog.get_by_role("button", name="Continuer à jouer").click()
    assert state_of(a)["result"] is None
    a.get_by_role("button", name="Abandonner…").click()
    a.get_by_role("button", name="Oui, abandonner").click()
    for p in (a, b):
        p.wait_for_function("() => window.arbitre.state && window.arbitre.state.result")
        p.locator("#end-panel:not([hidden])").wait_for()
    result = b.locator("#result").inner_text()
    assert "Le Joueur 1 a abandonné : victoire du MJ" in result
    assert "Le Joueur 1 abandonne : la partie est terminée" in b.locator("#log").inner_text()
    link = b.locator("#record-link")
    assert link.get_attribute("download") and "/record?token=" in (link.get_attribute("href") or "")
    replay = b.locator("#result a", has_text="Revoir")
    assert replay.count() == 1 and "/replay?" in (replay.get_attribute("href") or "")
    assert b.locator("#social-panel").is_hidden()

    # rematch: proposed by the player with sides swapped, accepted by the MJ
    a.get_by_text("Changer de camp").click()
    a.get_by_role("button", name="Proposer une revanche").click()
    b.get_by_text("Le Joueur 1 propose une revanche en changeant de camp.").wait_for()
    shot(b, "online-social-rematch", size)
    if size == "phone":
        no_sideways_scroll(b)
        assert not small_targets(b, "#end-panel button, #end-panel a.button")
    b.get_by_role("button", name="Accepter").click()
    for p in (a, b):
        p.get_by_role("link", name="Aller à la revanche").wait_for()
    b.get_by_role("link", name="Aller à la revanche").click()
    settled(b)
    fresh = state_of(b)
    assert fresh["game"]["id"] != game_id and fresh["moves"] == 0
    assert fresh["you"] == {"role": "seat", "seats": [0]}  # the MJ's person now plays Joueur 1
    assert mj not in b.url
    # English, too
    b.locator("#lang").click()
    b.get_by_role("region", name="Chat").wait_for()
    assert b.get_by_role("button", name="Resign…").is_visible()
    shot(b, "online-social-rematch-open", size)
