"""Clocks in the browser (issue 17; docs/web.md, Clocks): an online Heresy game with a live
clock, each seat in its own browser; the clocks shown by seat name at 1366×768 and
390×844; the Traitor's time runs out (the test moves the server's fake time), the AI takes
the seat and plays, then the person takes it back. The lobby's "Clock" fieldset makes a
game with a clock. Screenshots: /tmp/shots/clocks-*.png."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from arbitre.server import clocks
from tests.web.conftest import CHROMIUM, LAPTOP, NO_CHROMIUM, PHONE, api, new_game
from tests.web.test_online import People, no_sideways_scroll, shot, small_targets
from tests.web.test_pages import settled

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

HUMAN = {"kind": "human"}
LIVE = {"kind": "live", "base": 10, "increment": 60}


class FakeTime:
    def __init__(self) -> None:
        self.t = time.time()

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeTime]:
    """The server's clocks read this time (the server runs in this process's thread)."""
    now = FakeTime()
    clocks.set_now(now)
    monkeypatch.setattr(clocks, "TICK", 0.05)
    yield now
    clocks.set_now(None)


@pytest.fixture
def crowd(browser: Any) -> Iterator[People]:
    people = People(browser, LAPTOP)
    yield people
    people.close()
    failed = [e for e in people.errors if e]
    assert not failed, f"JavaScript errors or CSP violations: {failed}"


def open_seat(people: People, server: str, game_id: str, token: str) -> Any:
    p = people.new()
    p.goto(f"{server}/game/{game_id}?token={token}")
    settled(p)
    p.wait_for_selector("#clock-panel:not([hidden]) .clock-seat")
    return p


def clock_row(p: Any, name: str) -> Any:
    return p.locator("#clock-panel .clock-seat", has_text=name)


def test_a_clock_runs_out_and_the_ai_takes_the_seat(
    server: str, crowd: People, fake: FakeTime
) -> None:
    game = new_game(server, "heresy", [HUMAN, HUMAN], mode="online", seed=3, clock=LIVE)
    joined = api(
        server, "POST", f"/api/games/{game['id']}/join", {"code": game["invites"][0]["code"]}
    )
    imperium = open_seat(crowd, server, game["id"], game["seat"]["token"])
    traitor = open_seat(crowd, server, game["id"], joined["token"])
    for p in (imperium, traitor):
        p.wait_for_function(
            "() => document.querySelector('#clock-panel .clock-seat.running') !== null"
        )
        assert clock_row(p, "Imperium").count() == 1 and clock_row(p, "Traître").count() == 1
        assert "running" in (clock_row(p, "Traître").get_attribute("class") or "")
        assert clock_row(p, "Imperium").locator("time").inner_text() == "10:00"
        assert clock_row(p, "Traître").get_attribute("aria-current") == "true"
    shot(imperium, "clocks", "laptop")
    traitor.set_viewport_size(PHONE)
    traitor.wait_for_timeout(200)
    no_sideways_scroll(traitor)
    box = traitor.locator("#clock-panel").bounding_box()
    assert box is not None and box["y"] < 844, "the clocks are seen without scrolling"
    shot(traitor, "clocks", "phone")
    # the last minute: a low-time look, and one announcement (a page opened now sees it)
    fake.t += 545
    imperium.reload()
    settled(imperium)
    imperium.wait_for_function(
        "() => document.querySelector('#clock-say')?.textContent.includes('moins d\\'une minute')"
    )
    assert imperium.locator("#clock-say").inner_text() == "Traître : moins d'une minute"
    assert "low" in (clock_row(imperium, "Traître").get_attribute("class") or "")
    # the Traitor's ten minutes run out: the AI takes the seat and answers
    fake.t += 56
    traitor.wait_for_function("() => window.arbitre.state.moves > 0", timeout=20_000)
    clock_row(traitor, "Traître").locator(".clock-state", has_text="l'IA joue").wait_for()
    traitor.locator("#log", has_text="n'a plus de temps : l'IA prend sa place").wait_for()
    take = traitor.locator("#take-seat")
    take.wait_for()
    assert not small_targets(traitor, "#take-seat, #clock-panel button")
    shot(traitor, "clocks-timeout", "phone")
    shot(imperium, "clocks-timeout", "laptop")
    take.click()
    clock_row(traitor, "Traître").locator("time", has_text="1:00").wait_for(timeout=10_000)
    assert clock_row(traitor, "Traître").locator(".clock-state", has_text="l'IA joue").count() == 0
    traitor.locator("#hand-seat").wait_for()  # the seat is the person's again
    words = """(secs) => import('/static/js/table_clock.js').then((m) =>
        [m.clockText(secs, 'turn'), m.clockText(42, 'live'), m.clockText(3723, 'live')])"""
    assert traitor.evaluate(words, 2 * 86400 + 3 * 3600) == ["2 j 3 h", "0:42", "1:02:03"]
    # English words, the same clocks
    traitor.locator("#lang").click()
    assert traitor.evaluate(words, 2 * 86400 + 3 * 3600)[0] == "2 d 3 h"
    clock_row(traitor, "Traitor").wait_for()
    assert traitor.locator("#clock-panel h2").inner_text().startswith("Clock")
    shot(traitor, "clocks-back", "phone")


def test_the_lobby_makes_a_game_with_a_clock(server: str, crowd: People) -> None:
    p = crowd.new()
    p.set_viewport_size(PHONE)
    p.goto(server)
    p.wait_for_selector("body[data-ready='1']")
    p.select_option("#ruleset", "heresy")
    p.locator("#mode-online").check()
    fieldset = p.locator("#clock-fieldset")
    fieldset.wait_for()
    assert fieldset.locator("legend").inner_text() == "Pendule"
    assert p.locator("#clock-timeout-row").is_hidden()
    p.locator("label[for=clock-preset-custom]").click()
    p.select_option("#clock-kind", "turn")
    assert "jours" in p.locator("#clock-base-label").inner_text()
    p.fill("#clock-base", "40")  # beyond 30 days: the server names the field
    p.locator("#create").click()
    p.locator("#form-error", has_text="clock.base").wait_for()
    p.locator("label[for=clock-preset-blitz]").click()
    p.select_option("#clock-timeout", "claim")
    no_sideways_scroll(p)
    assert not small_targets(p, "#clock-fieldset label.choice")
    fieldset.scroll_into_view_if_needed()
    shot(p, "clocks-lobby", "phone")
    with p.expect_response(lambda r: r.url.endswith("/api/games") and r.status == 201) as made:
        p.locator("#create").click()
    game = made.value.json()
    out = api(server, "GET", f"/api/games/{game['id']}/clock?token={game['host']}")
    assert (out["kind"], out["base"], out["increment"], out["timeout"]) == (
        "live",
        600,
        5,
        "claim",
    )


def test_a_seat_claims_the_game_on_time(server: str, crowd: People, fake: FakeTime) -> None:
    game = new_game(
        server, "heresy", [HUMAN, HUMAN], mode="online", seed=3, clock=LIVE, timeout="claim"
    )
    code = game["invites"][0]["code"]
    api(server, "POST", f"/api/games/{game['id']}/join", {"code": code})
    imperium = open_seat(crowd, server, game["id"], game["seat"]["token"])
    imperium.set_viewport_size(PHONE)
    assert imperium.locator("#clock-claim").count() == 0
    fake.t += 601
    claim = imperium.locator("#clock-claim")
    claim.wait_for(timeout=10_000)
    assert clock_row(imperium, "Traître").locator(".clock-state").inner_text() == "temps écoulé"
    assert not small_targets(imperium, "#clock-claim")
    shot(imperium, "clocks-claim", "phone")
    claim.click()
    imperium.locator(
        "#result", has_text="Le Traître a perdu au temps : victoire de l'Imperium"
    ).wait_for()
