"""The table page's shell for the three games, on a laptop (1366×768) and a phone (390×844):
the decision in view without scrolling (a bottom sheet on the phone), no sideways scroll,
the log (an ARIA log that follows, or offers "new events ↓"), number keys, pinch-zoom on
the board, and the hotseat curtain that hides everything of the next seat until its player
says who they are. Screenshots go to /tmp/shots/shell-<game>-<size>.png."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM, PHONE, api, new_game, watch
from tests.web.test_online import small_targets
from tests.web.test_pages import settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

SHOTS = Path("/tmp/shots")
HUMAN = {"kind": "human"}
TAP = 44
SHELL_BUTTONS = (
    "#decision button, .topbar button, .topbar select, #log-new, .board-reset, #panels summary"
)
GAMES: dict[str, dict[str, Any]] = {
    "champs": {"seats": [HUMAN, {"kind": "ai", "agent": "mj"}], "config": {"players": 1}},
    "heresy": {"seats": [HUMAN, {"kind": "ai", "agent": "random"}]},
    "epic": {"seats": [HUMAN, {"kind": "ai", "agent": "random"}]},
}


def shot(p: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    p.screenshot(path=str(SHOTS / f"{name}-{p.size}.png"))


def open_table(p: Any, server: str, game: dict[str, Any], seat: int | None = None) -> None:
    pin = "" if seat is None else f"&seat={seat}"
    p.goto(f"{server}/game/{game['id']}?token={game['admin']}{pin}")
    settled(p)


def wait_mine(p: Any) -> None:
    p.wait_for_function(
        "() => document.body.dataset.yours === '1' && !window.arbitre.busy"
        " && document.querySelector('#decision button.option')"
    )


def first_option_in_view(p: Any) -> dict[str, Any]:
    """Where the first option is, without scrolling anything."""
    out: dict[str, Any] = p.evaluate(
        """() => {
          const b = document.querySelector('#decision button.option');
          const r = b.getBoundingClientRect();
          const sheet = document.querySelector('#decision').getBoundingClientRect();
          return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                  height: r.height, width: r.width, inner: innerHeight, innerW: innerWidth,
                  scrollY: scrollY, sheetTop: sheet.top,
                  fixed: getComputedStyle(document.querySelector('#decision')).position};
        }"""
    )
    return out


def no_sideways_scroll(p: Any) -> None:
    width = p.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


def check_decision_in_view(p: Any) -> None:
    where = first_option_in_view(p)
    assert where["scrollY"] == 0
    assert where["top"] >= 0 and where["bottom"] <= where["inner"], where
    assert where["left"] >= 0 and where["right"] <= where["innerW"], where
    if p.size == "phone":
        assert where["fixed"] == "fixed" and where["top"] >= where["sheetTop"], where
        assert where["height"] >= TAP and where["width"] >= TAP, where
        no_sideways_scroll(p)


def log_at_end(p: Any) -> bool:
    out: bool = p.evaluate(
        """() => { const l = document.querySelector('#log');
                   return l.scrollTop + l.clientHeight >= l.scrollHeight - 12; }"""
    )
    return out


def press(p: Any, key: str) -> None:
    """A number key as a player presses it (focus anywhere but a text field)."""
    moves = state_of(p)["moves"]
    p.keyboard.press(key)
    p.wait_for_function("(m) => window.arbitre.state.moves > m && !window.arbitre.busy", arg=moves)


@pytest.mark.parametrize("sized", ["laptop", "phone"], indirect=True)
@pytest.mark.parametrize("ruleset", ["champs", "heresy", "epic"])
def test_the_shell_at_laptop_and_phone_sizes(server: str, sized: Any, ruleset: str) -> None:
    p = sized
    spec = GAMES[ruleset]
    game = new_game(server, ruleset, spec["seats"], seed=5, config=spec.get("config", {}))
    open_table(p, server, game)
    wait_mine(p)
    check_decision_in_view(p)

    # the decision is a named region; its options are buttons named by their full text
    region = p.locator("#decision")
    assert region.get_attribute("role") == "region"
    title = p.locator("#" + str(region.get_attribute("aria-labelledby"))).inner_text()
    assert title.strip()
    first = p.locator("#decision button.option").first
    name = p.evaluate("(b) => b.querySelector('.option-text').textContent", first.element_handle())
    assert p.get_by_role("button", name=name, exact=True).count() >= 1
    assert first.locator(".key-badge").get_attribute("aria-hidden") == "true"
    assert first.evaluate("(b) => b === document.activeElement")  # focus on the new decision

    # the log: an ARIA log named "Journal", at its end
    log = p.locator("#log")
    assert log.get_attribute("role") == "log" and log.get_attribute("aria-live") == "polite"
    assert p.get_by_role("log", name="Journal").count() == 1
    assert log_at_end(p)

    # "1" plays the first option; the log follows what happened
    p.evaluate("() => { document.querySelector('#log').style.maxHeight = '40px'; }")
    press(p, "1")
    wait_mine(p)
    for _ in range(8):  # enough entries to scroll the (shortened) log
        if log.locator("li").count() >= 4:
            break
        press(p, "1")
        wait_mine(p)
    assert log.locator("li").count() > 0 and log_at_end(p)
    # a panel that grows does not leave the log behind
    p.evaluate(
        """() => { const box = document.querySelector('#panels');
                   box.hidden = false;
                   box.append(Object.assign(document.createElement('div'),
                                            {className: 'panel grow', textContent: 'x'}));
                   box.lastChild.style.height = '300px'; }"""
    )
    p.wait_for_timeout(100)
    assert log_at_end(p)

    # scrolled up, new entries bring "new events ↓", which goes to the end
    p.evaluate("() => { const l = document.querySelector('#log'); l.scrollTop = 0; }")
    scrollable = p.evaluate(
        "() => { const l = document.querySelector('#log');"
        " return l.scrollHeight > l.clientHeight; }"
    )
    assert scrollable, "the log is too short to scroll: the test would prove nothing"
    wait_mine(p)
    press(p, "1")
    p.wait_for_selector("#log-new:not([hidden])")
    assert p.locator("#log-new").inner_text() == "Nouveaux événements ↓"
    p.click("#log-new")
    assert log_at_end(p) and p.locator("#log-new").is_hidden()
    p.evaluate("() => window.scrollTo(0, 0)")  # the click scrolled the page to the log
    wait_mine(p)
    check_decision_in_view(p)
    shot(p, f"shell-{ruleset}")
    if p.size == "phone":
        no_sideways_scroll(p)
        small = small_targets(p, SHELL_BUTTONS)
        assert small == [], f"buttons smaller than a finger: {small}"
        pinch_and_tap(p)


def pinch_and_tap(p: Any) -> None:
    """Two fingers apart zoom the board in, one finger pans it, "reset" goes back."""
    svg = p.locator("#board svg.board-svg")
    before = svg.get_attribute("viewBox")
    box = svg.bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    p.evaluate(
        """([cx, cy]) => {
          const svg = document.querySelector('#board svg.board-svg');
          const ev = (type, id, x, y) => svg.dispatchEvent(new PointerEvent(type,
            {pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true,
             isPrimary: id === 1}));
          ev('pointerdown', 1, cx - 20, cy); ev('pointerdown', 2, cx + 20, cy);
          ev('pointermove', 1, cx - 80, cy); ev('pointermove', 2, cx + 80, cy);
          ev('pointerup', 1, cx - 80, cy); ev('pointerup', 2, cx + 80, cy);
        }""",
        [cx, cy],
    )
    zoomed = svg.get_attribute("viewBox")
    assert zoomed != before
    assert float(str(zoomed).split()[2]) < float(str(before).split()[2]) * 0.5
    reset = p.locator(".board-reset")
    assert reset.is_visible()
    rb = reset.bounding_box()
    assert rb["width"] >= TAP and rb["height"] >= TAP
    reset.click()
    assert svg.get_attribute("viewBox") == before
    no_sideways_scroll(p)


def test_champs_why_not_and_a_tap_on_a_target(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True)
    p = context.new_page()
    errors = watch(p)
    p.size = "phone"
    try:
        spec = GAMES["champs"]
        game = new_game(server, "champs", spec["seats"], seed=6, config=spec["config"])
        open_table(p, server, game)
        wait_mine(p)
        # a cell that is not a choice now: its key in the decision's own shape
        keys = [o["key"] for o in state_of(p)["decision"]["options"]]
        free = p.evaluate(
            """async (keys) => {
              const m = await import('/static/js/champs.js');
              const s = window.arbitre.state;
              const ctx = {state: s, view: s.view, decision: s.decision, board: {}};
              const cells = [...document.querySelectorAll('#board g.cell:not(.pickable)')];
              const el = cells[cells.length - 1];
              return [el.dataset.target, m.whyKey(el, ctx)];
            }""",
            keys,
        )
        target, key = free
        assert key and key not in keys and key.split(":")[0] == keys[0].split(":")[0]
        assert key.endswith(target.split(":")[1])
        # a tap on a pickable cell plays it
        moves = state_of(p)["moves"]
        p.locator("#board g.cell.pickable").first.tap()
        p.wait_for_function("(m) => window.arbitre.state.moves > m", arg=moves)
    finally:
        context.close()
    assert not errors, errors


def secret_names(server: str, game: dict[str, Any], seat: int, side: str) -> set[str]:
    """What only `seat` knows now: its hand by name and its face-down answers, minus what
    the public view shows anyway."""
    gid = game["id"]
    board = api(server, "GET", f"/api/games/{gid}/board?token={game['spectator']}")
    mine = api(server, "GET", f"/api/games/{gid}?token={game['admin']}&viewer={seat}")
    public = api(server, "GET", f"/api/games/{gid}?token={game['spectator']}")
    names = set()
    for card in mine["view"]["hands"][side]:
        name = board["names"]["orders"].get(card.split("#")[0], {}).get("name", {})
        names.add(name.get("fr", ""))
    shown = {e["text"]["fr"] for e in public["log"]}
    names |= {e["text"]["fr"] for e in mine["log"]} - shown
    text = json.dumps(public, ensure_ascii=False)
    return {n for n in names if n and n not in text}


def curtain_up(p: Any, seat: int) -> None:
    p.wait_for_function("(n) => document.body.dataset.curtain === String(n)", arg=seat)
    assert p.locator("dialog#curtain[open]").evaluate("(d) => d.matches(':modal')")
    assert p.evaluate("() => document.querySelector('#board').closest('[inert]') !== null")
    assert p.locator("#board").inner_html() == "" and p.locator("#log li").count() == 0


@pytest.mark.parametrize("sized", ["laptop", "phone"], indirect=True)
def test_the_hotseat_curtain_hides_the_next_seat(server: str, sized: Any) -> None:
    """HH-18.1: face-down orders and hands stay with their seat on a shared screen."""
    p = sized
    frames: list[str] = []
    p.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(str(f))))
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=3)
    gid = game["id"]
    open_table(p, server, game)
    # nobody confirmed yet: the Traitor's turn, and nothing of it on the page
    curtain_up(p, 1)
    shot(p, "shell-curtain")
    secrets = secret_names(server, game, 1, "traitor")
    seen = "\n".join(frames) + p.evaluate("() => document.body.innerText")
    assert secrets and not [x for x in secrets if x in seen]
    p.click("#curtain-go")
    p.wait_for_function("() => document.body.dataset.curtain === '' && window.arbitre.state")
    p.wait_for_selector("[data-hand='traitor'] .card")
    # the Traitor answers (through the API, as the page would) until the Imperium must play
    s = api(server, "GET", f"/api/games/{gid}?token={game['admin']}&viewer=1")
    while s["decision"]["seat"] == 1:
        body = {"token": game["admin"], "key": s["decision"]["options"][0]["key"]}
        body |= {"expect": s["moves"], "seat": 1}
        s = api(server, "POST", f"/api/games/{gid}/play", body)
    curtain_up(p, 0)
    p.click("#curtain-go")
    p.wait_for_function("() => document.body.dataset.curtain === '' && window.arbitre.state")
    wait_mine(p)
    # the Imperium answers with "1": the screen goes to the Traitor again, and until the
    # Traitor says so nothing the Traitor alone knows reaches the page
    secrets = secret_names(server, game, 1, "traitor")
    assert secrets
    frames.clear()
    p.keyboard.press("1")
    curtain_up(p, 1)
    p.wait_for_timeout(300)
    seen = "\n".join(frames) + p.evaluate("() => document.body.innerText")
    assert frames and not [x for x in secrets if x in seen]
    assert p.locator("[data-hand='traitor'] .card").count() == 0
    p.keyboard.press("1")  # no option to press under the curtain
    assert state_of(p)["decision"]["seat"] == 1
    p.click("#curtain-go")
    p.wait_for_selector("[data-hand='traitor'] .card")
    board = api(server, "GET", f"/api/games/{gid}/board?token={game['spectator']}")
    hand = api(server, "GET", f"/api/games/{gid}?token={game['admin']}&viewer=1")
    shown = p.evaluate("() => document.body.innerText")
    for card in hand["view"]["hands"]["traitor"]:
        assert board["names"]["orders"][card.split("#")[0]]["name"]["fr"] in shown
    wait_mine(p)
    check_decision_in_view(p)


@pytest.mark.parametrize("sized", ["laptop", "phone"], indirect=True)
def test_a_heresy_battle_keeps_its_decision_in_view(server: str, sized: Any) -> None:
    """HH-26: mid-battle the decision and its options stay on screen."""
    p = sized
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=3)
    gid = game["id"]
    s = api(server, "GET", f"/api/games/{gid}?token={game['admin']}")
    s = api(server, "GET", f"/api/games/{gid}?token={game['admin']}&viewer={s['handover']['seat']}")
    while not s["decision"]["kind"].startswith("heresy.battle.play"):
        keys = [o["key"] for o in s["decision"]["options"]]
        seat = s["decision"]["seat"]
        body = {"token": game["admin"], "key": keys[0], "expect": s["moves"], "seat": seat}
        s = api(server, "POST", f"/api/games/{gid}/play", body)
        if s["handover"]:
            q = f"/api/games/{gid}?token={game['admin']}&viewer={s['handover']['seat']}"
            s = api(server, "GET", q)
    open_table(p, server, game, seat=s["decision"]["seat"])  # #viewer pins the seat
    wait_mine(p)
    assert state_of(p)["view"]["battle"]
    check_decision_in_view(p)
    shot(p, "shell-heresy-battle")
