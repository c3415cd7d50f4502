"""The Epic table in a real browser (issue 13): at 1366×768 and 390×844, a move placed by
clicking a point on the table (the lead stand ends there), a refused point explained with
its rule, the reachable area drawn, one ghost at a time, the edges named (whose is the
enemy's), detachments named in decisions, stands and the log, the detachments as cards in
the sidebar, no sideways scroll on a phone; then the first turn against the AI played
through the page; ruins and flyers drawn from the view."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, LAPTOP, NO_CHROMIUM, PHONE, new_game, watch
from tests.web.test_online import no_sideways_scroll, shot, small_targets
from tests.web.test_pages import HUMAN, link, settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

AI = {"kind": "ai", "agent": "ai"}
RULE = re.compile(r"^(EP|EPC|AMB-EP)-[\w.]+$")
RAW_POINT = re.compile(r"\d+\.\d+,\d+\.\d+")  # a key "x,y" where words belong
VISIBLE_GHOSTS = """() => [...document.querySelectorAll('svg.epic .ghost')]
  .filter((g) => g.getClientRects().length && getComputedStyle(g).display !== 'none').length"""
TO_SCREEN = """([x, y]) => { const svg = document.querySelector('svg.epic');
  const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM()); return [p.x, p.y]; }"""


def click_option(page: Any, key: str) -> None:
    moves = state_of(page)["moves"]
    page.locator(f"#decision button.option[data-key='{key}']").click()
    page.wait_for_function(
        "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=moves
    )


def mine(page: Any) -> dict[str, Any]:
    page.wait_for_function(
        "() => { const s = window.arbitre.state; return !window.arbitre.busy &&"
        " (s.result || (s.decision && s.decision.yours)); }"
    )
    return state_of(page)


def until_move(page: Any) -> dict[str, Any]:
    """Answer with the buttons (low altitude, Avance) until a move is to be placed."""
    for _ in range(60):
        s = mine(page)
        d = s["decision"]
        if d["kind"] == "epic.move" and s["view"]["reach"]:
            return s
        keys = [o["key"] for o in d["options"]]
        key = next((k for k in ("alt:low", "avance") if k in keys), keys[0])
        click_option(page, key)
    raise AssertionError("no move to place")


def screen(page: Any, x: float, y: float) -> tuple[float, float]:
    out = page.evaluate(TO_SCREEN, [x, y])
    return out[0], out[1]


def det_label(view: dict[str, Any], det: dict[str, Any], page: Any) -> str:
    """ "Marines tactiques (B)": the unit's name (board names) and the table letter."""
    sides: list[str] = []
    for d in view["detachments"]:
        if d["side"] not in sides:
            sides.append(d["side"])
    n = [d["id"] for d in view["detachments"] if d["side"] == det["side"]].index(det["id"])
    letter = chr(65 + n)
    letter = letter if sides.index(det["side"]) == 0 else letter.lower()
    name = page.evaluate("(u) => window.arbitre.board.names.units[u].fr", det["unit"])
    return f"{name} ({letter})"


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_epic_move_by_pointing(server: str, page: Any, size: str) -> None:
    """EPC-11, EP-2.4, EP-7.3: a point clicked on the table moves the detachment there; a
    point on a friendly stand is refused with its rule; the reachable area and one ghost."""
    page.set_viewport_size(LAPTOP if size == "laptop" else PHONE)
    game = new_game(server, "epic", [HUMAN, AI], seed=1)
    page.goto(link(server, game, game["admin"]))
    settled(page)
    s = until_move(page)
    view, reach = s["view"], s["view"]["reach"]
    det = next(d for d in view["detachments"] if d["id"] == reach["det"])
    label = det_label(view, det, page)

    # the decision names the detachment, never by a bare letter or an id
    text = page.locator("#decision .decision-text").inner_text()
    assert label in text, (label, text)
    rest = text.replace(label, "")
    assert not re.search(rf"\b{re.escape(det['detachment'])}\b|\([A-Za-z]\)|det:", rest), text
    # options in words, no vectors "(0.7, 20.0) cm"
    options = page.locator("#decision button.option").all_inner_texts()
    assert options and not any(re.search(r"\(-?\d+\.\d+, -?\d+\.\d+\)", o) for o in options)
    assert any("Aller vers" in o for o in options)

    # the reachable area around the lead stand, and the two edges named
    area = page.locator("svg.epic g.reach")
    assert area.count() == 1 and float(area.get_attribute("data-hi") or 0) == reach["hi"] > 0
    assert page.locator(".epic-edge.own").inner_text().startswith("▲ Bord de l'Imperium")
    enemy = page.locator(".epic-edge.enemy")
    assert "Bord des Mille Fils" in enemy.inner_text() and "bord ennemi" in enemy.inner_text()
    assert page.locator("svg.epic g.objective .objective-name").count() == len(view["objectives"])

    # one ghost at a time: none with the pointer off the table and no option focused (a
    # new decision focuses its first option, whose ghost then shows), then under the
    # mouse, then for the option button hovered
    assert page.evaluate(VISIBLE_GHOSTS) <= 1
    page.mouse.move(0, 0)
    page.evaluate("() => document.activeElement?.blur()")
    assert page.evaluate(VISIBLE_GHOSTS) == 0
    page.mouse.move(*screen(page, reach["x"], reach["y"] + reach["hi"] / 2))
    assert page.evaluate(VISIBLE_GHOSTS) == 1
    page.locator("#decision button.option").nth(2).hover()
    assert page.evaluate(VISIBLE_GHOSTS) == 1
    shot(page, "epic-mid-move", size)

    # a point on another friendly stand: refused, the note says why with the rule
    other = next(
        st
        for st in view["stands"]
        if st["det"] != det["id"]
        and st["alt"] == "ground"
        and 3 < ((st["x"] - reach["x"]) ** 2 + (st["y"] - reach["y"]) ** 2) ** 0.5 < reach["hi"]
    )
    page.mouse.click(*screen(page, other["x"], other["y"]))
    note = page.locator(".epic-note[data-kind='refusal']")
    note.wait_for()
    rule = note.locator(".rule-chip").inner_text()
    assert RULE.match(rule), rule
    assert label in note.inner_text() and "contact" in note.inner_text()
    assert state_of(page)["moves"] == s["moves"]  # nothing was played
    assert small_targets(page, ".epic-note button") == []
    shot(page, "epic-refused", size)

    # a legal point: the lead stand ends there, the others keep their places around it
    before = {st["id"]: (st["x"], st["y"]) for st in view["stands"]}
    want = (reach["x"] + 2.0, reach["y"] + 9.0)
    page.mouse.click(*screen(page, *want))
    page.wait_for_function(
        "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=s["moves"]
    )
    after = state_of(page)
    stands = {st["id"]: st for st in after["view"]["stands"]}
    lead = stands[reach["lead"]]
    assert lead["x"] == pytest.approx(want[0], abs=0.4)
    assert lead["y"] == pytest.approx(want[1], abs=0.4)
    dx, dy = lead["x"] - reach["x"], lead["y"] - reach["y"]
    for sid in reach["movers"]:
        assert stands[sid]["x"] == pytest.approx(before[sid][0] + dx, abs=0.02)
        assert stands[sid]["y"] == pytest.approx(before[sid][1] + dy, abs=0.02)
    # the log reads the move in words and names the detachment
    log = page.locator("#log").inner_text()
    assert not RAW_POINT.search(log), log[-400:]
    assert label in log and "Aller vers le sud" in log

    # the detachments as cards in the sidebar panel: every one by name
    cards = page.locator("[data-panel='epic-dets'] li.det-card")
    assert cards.count() == len(after["view"]["detachments"])
    assert page.locator("table.dets").count() == 0
    if size == "phone":
        no_sideways_scroll(page)
        assert small_targets(page, "#decision button.option") == []
    shot(page, "epic", size)


def test_epic_tap_to_place_then_confirm_and_drag(server: str, browser: Any, page: Any) -> None:
    """EPC-11 on a phone: a tap places the ghost and asks "Aller ici" (a button of 44 px at
    least), which plays it; with a mouse, dragging the detachment moves it by the drag."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    phone = context.new_page()
    errors = watch(phone)
    try:
        game = new_game(server, "epic", [HUMAN, AI], seed=1)
        phone.goto(link(server, game, game["admin"]))
        settled(phone)
        s = until_move(phone)
        reach = s["view"]["reach"]
        phone.touchscreen.tap(*screen(phone, reach["x"], reach["y"] + 6.0))
        confirm = phone.locator(".epic-note[data-kind='confirm'] button[data-confirm]")
        confirm.wait_for()
        assert state_of(phone)["moves"] == s["moves"]  # nothing played before the confirmation
        assert phone.evaluate(VISIBLE_GHOSTS) == 1
        assert small_targets(phone, ".epic-note button") == []
        no_sideways_scroll(phone)
        shot(phone, "epic-tap-confirm", "phone")
        confirm.click()
        phone.wait_for_function(
            "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=s["moves"]
        )
        lead = next(st for st in state_of(phone)["view"]["stands"] if st["id"] == reach["lead"])
        assert (lead["x"], lead["y"]) == pytest.approx((reach["x"], reach["y"] + 6.0), abs=0.4)
    finally:
        context.close()
    assert not errors, errors

    game = new_game(server, "epic", [HUMAN, AI], seed=1)
    page.goto(link(server, game, game["admin"]))
    settled(page)
    s = until_move(page)
    reach = s["view"]["reach"]
    stand = next(st for st in s["view"]["stands"] if st["id"] == reach["movers"][-1])
    start = screen(page, stand["x"], stand["y"])
    end = screen(page, stand["x"] + 1.0, stand["y"] + 7.0)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    page.mouse.move(*end)
    assert page.evaluate(VISIBLE_GHOSTS) == 1
    page.mouse.up()
    page.wait_for_function(
        "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=s["moves"]
    )
    lead = next(st for st in state_of(page)["view"]["stands"] if st["id"] == reach["lead"])
    assert (lead["x"], lead["y"]) == pytest.approx((reach["x"] + 1.0, reach["y"] + 7.0), abs=0.4)


def test_epic_names_on_tap_and_why_a_detachment_cannot_shoot(server: str, page: Any) -> None:
    """Stands name themselves on tap ("… (a) — Mille Fils · 7 socles, pertes 0/3 · ordre");
    EPC-14: the log says why a detachment does not shoot, with its rule."""
    game = new_game(server, "epic", [HUMAN, AI], seed=1)
    page.goto(link(server, game, game["admin"]))
    settled(page)
    mine(page)
    view = state_of(page)["view"]
    enemy = next(d for d in view["detachments"] if d["side"] == "mille_fils")
    page.locator(f"svg.epic g.det[data-det='{enemy['id']}'] .stand rect").first.click()
    note = page.locator(".epic-note[data-kind='info']")
    note.wait_for()
    said = note.inner_text()
    assert det_label(view, enemy, page) in said and re.search(r"\b\d+ socles?, pertes 0/", said)
    assert "ordre :" in said
    # play on (buttons) until the first combat phase: each idle detachment's reason is logged
    for _ in range(80):
        s = mine(page)
        if s["result"] or s["view"]["phase"] in ("combat", "end") or s["view"]["turn"] > 1:
            break
        d = s["decision"]
        keys = [o["key"] for o in d["options"]]
        key = next((k for k in ("alt:low", "charge", "p:0") if k in keys), keys[0])
        click_option(page, key)
    lines = [e["text"]["fr"] for e in state_of(page)["log"] if "ne tire pas" in e["text"]["fr"]]
    assert lines, "no reason logged"
    assert all(re.search(r"\[(EP|EPC)-[\d.]+\]$", line) for line in lines), lines
    assert any("Charge : pas de tir" in line for line in lines), lines


def test_epic_ruins_and_flyers_are_drawn_from_the_view(server: str, page: Any) -> None:
    game = new_game(server, "epic", [HUMAN, HUMAN], seed=2)
    page.goto(link(server, game, game["spectator"]))
    settled(page)
    view = state_of(page)["view"]
    building = next(iter(view["structure"]))
    shown = page.locator(f"svg.epic g.piece[data-terrain='{building}']")
    assert shown.get_attribute("data-kind") == "building"
    assert shown.locator("text.structure").text_content() == str(view["structure"][building])
    # the same page given a view whose building lost its last Structure Point (EP-5.2)
    ruined = page.evaluate(
        """async (id) => {
          const epic = await import('/static/js/epic.js');
          const a = window.arbitre;
          const view = structuredClone(a.state.view);
          view.structure[id] = 0;
          view.stands[0].alt = 'high';
          const host = document.createElement('div');
          document.body.append(host);
          epic.render(host, {state: a.state, board: a.board, view, decision: null});
          const piece = host.querySelector(`g.piece[data-terrain='${id}']`);
          const out = [piece.dataset.kind, piece.querySelector('.terrain-ruins') !== null,
                       host.querySelectorAll('.stand.alt-high').length];
          host.remove();
          return out;
        }""",
        building,
    )
    assert ruined == ["ruins", True, 1]
