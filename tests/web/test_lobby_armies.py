"""The lobby's seat menus follow the Epic armies chosen (issue 16, EPC-3), on a laptop
(1366×768) and a phone (390×844): once army.0 / army.1 name other lists, the seat rows
(human or which AI) and "I play" name each seat by its army, "Garde Impériale",
"Eldars", "Space Marines (nord)" / "(sud)", the same names the game then uses; they
change with the army menus, in French and in English. The page asks the server
(POST /api/seats) with the current options; an army it refuses is shown next to its
field and the seats fall back to the starter names. Screenshots:
/tmp/shots/lobby-armies-<what>-<size>.png."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM, SIZES, api
from tests.web.test_online import SHOTS, no_sideways_scroll, stored

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)


def shot(p: Any, name: str) -> None:
    """The whole form, army menus and seat rows together, at both sizes."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / f"{name}-{p.size}.png"), full_page=True)


def choose(p: Any, key: str, prefix: str) -> None:
    """Pick the entry of option `key`'s menu whose words start with `prefix`."""
    index = p.evaluate(
        """([id, prefix]) => [...document.getElementById(id).options]
             .findIndex((o) => o.textContent.startsWith(prefix))""",
        [f"opt-{key}", prefix],
    )
    assert index >= 0, (key, prefix)
    p.select_option(f"[id='opt-{key}']", value=str(index))


def seat_rows(p: Any) -> list[str]:
    out: list[str] = p.locator("#seats label").all_inner_texts()
    return out


def wait_seats(p: Any, want: list[str]) -> None:
    """The seat rows, then the "I play" menu (online), name the seats `want`."""
    p.wait_for_function(
        """(want) => JSON.stringify([...document.querySelectorAll('#seats label')]
             .map((l) => l.textContent)) === JSON.stringify(want)""",
        arg=want,
    )
    plays = p.locator("#creator-seat option").all_inner_texts()
    assert plays[: len(want)] == want, plays


@pytest.mark.parametrize("sized", list(SIZES), indirect=True)
def test_EPC_3_lobby_seats_follow_the_armies(server: str, sized: Any) -> None:
    p = sized
    p.goto(f"{server}/?ruleset=epic")
    p.wait_for_selector("body[data-ready='1']")
    p.wait_for_selector("[id='opt-army.0']")
    p.check("input[name=mode][value=online]")  # shows "I play …" (#creator-seat)
    wait_seats(p, ["Imperium", "Mille Fils"])

    choose(p, "army.0", "Garde Impériale · 2000")
    wait_seats(p, ["Garde Impériale", "Mille Fils"])
    choose(p, "army.1", "Eldars · 2000")
    wait_seats(p, ["Garde Impériale", "Eldars"])
    # each seat row is still a menu of who plays it, in words
    menus = p.locator("#seats select").first.locator("option").all_inner_texts()
    assert menus[0] == "Humain" and all(m.startswith("IA : ") for m in menus[1:]), menus
    no_sideways_scroll(p)
    shot(p, "lobby-armies-two-lists")

    # two armies of one list: told apart by the edge each deploys from
    choose(p, "army.0", "Space Marines · 2000")
    choose(p, "army.1", "Space Marines · 4000")
    wait_seats(p, ["Space Marines (nord)", "Space Marines (sud)"])
    p.click("#lang")
    p.wait_for_function("() => document.documentElement.lang === 'en'")
    wait_seats(p, ["Space Marines (north)", "Space Marines (south)"])
    choose(p, "army.1", "Eldar · 2000")
    wait_seats(p, ["Space Marines", "Eldar"])
    no_sideways_scroll(p)
    shot(p, "lobby-armies-english")

    # an army the server refuses (options are never trusted): named next to its field,
    # the seats back to the starter names, never an error page
    def tampered(route: Any) -> None:
        body = json.loads(route.request.post_data or "{}")
        body.setdefault("config", {})["army.0"] = "../../nowhere.toml"
        route.continue_(post_data=json.dumps(body))

    p.route("**/api/seats", tampered)
    choose(p, "army.1", "Chaos")
    wait_seats(p, ["Imperium", "Thousand Sons"])
    error = p.locator("[data-option='army.0'] .field-error")
    error.wait_for(state="visible")
    assert "nowhere" in error.inner_text() and "army.0" not in error.inner_text()
    shot(p, "lobby-armies-refused")
    p.unroute("**/api/seats")

    # the game made has the seats the lobby named
    choose(p, "army.1", "Eldar · 4000")
    wait_seats(p, ["Space Marines", "Eldar"])
    p.check("input[name=mode][value=hotseat]")
    p.click("#create")
    p.wait_for_selector("#created:not([hidden])")
    ((game_id, known),) = stored(p).items()
    state = api(server, "GET", f"/api/games/{game_id}?token={known['admin']}")
    labels = [s["label"] for s in state["game"]["seats"]]
    assert labels == [
        {"fr": "Space Marines", "en": "Space Marines"},
        {"fr": "Eldars", "en": "Eldar"},
    ]
    assert state["game"]["config"]["army.1"] == "eldar@4000"
    no_sideways_scroll(p)


def test_EPC_3_seats_endpoint_names_armies_and_refuses_bad_ones(server: str) -> None:
    """POST /api/seats: the armies' names (French and English), a refused army a 422
    naming its field, never a server error; a file path is never read from a client."""
    ask = {"ruleset": "epic", "config": {"army.0": "chaos@2000", "army.1": "chaos@4000"}}
    labels = api(server, "POST", "/api/seats", ask)["seat_labels"]
    assert labels == [
        {"fr": "Chaos (nord)", "en": "Chaos (north)"},
        {"fr": "Chaos (sud)", "en": "Chaos (south)"},
    ]
    import urllib.error

    for bad in ("nowhere@12", "/etc/hostname.toml", 12, ""):
        body = {"ruleset": "epic", "config": {"army.1": bad}}
        with pytest.raises(urllib.error.HTTPError) as caught:
            api(server, "POST", "/api/seats", body)
        assert caught.value.code == 422, bad
        error = json.loads(caught.value.read())["error"]
        assert error["field"] == "army.1", error
