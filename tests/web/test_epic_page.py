"""The Epic table in a real browser: the first turn against the AI played through the page
(start altitudes, orders, activations on the board, a move by clicking a ghost destination
placed from the option's raw arguments), seat names, objectives, ruins and flyers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import CHROMIUM, NO_CHROMIUM, new_game
from tests.web.test_pages import HUMAN, link, settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

# the ghost whose centre really receives a click (ghosts may overlap), farthest first
FREE_GHOST = """() => {
  const out = [];
  for (const g of document.querySelectorAll('svg.epic g.ghost.pickable')) {
    const r = g.querySelector('circle').getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest('g.ghost') === g) {
      out.push({target: g.dataset.target, x, y, d: Math.hypot(+g.dataset.dx, +g.dataset.dy)});
    }
  }
  out.sort((a, b) => b.d - a.d);
  return out[0] || null;
}"""


def click_option(page: Any, key: str) -> None:
    moves = state_of(page)["moves"]
    page.locator(f"#decision button.option[data-key='{key}']").click()
    page.wait_for_function(
        "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=moves
    )


def own_det(state: dict[str, Any]) -> dict[str, Any]:
    """The detachment the decision names (its raw argument `det`)."""
    view = state["view"]
    spec = state["decision"]["args"]["det"]
    return next(
        d for d in view["detachments"] if d["detachment"] == spec and d["side"] == view["seat"]
    )


def stands_of(state: dict[str, Any], det: int) -> dict[int, tuple[float, float]]:
    return {s["id"]: (s["x"], s["y"]) for s in state["view"]["stands"] if s["det"] == det}


def check_moved(
    state: dict[str, Any], det: int, before: dict[int, tuple[float, float]], dx: float, dy: float
) -> None:
    """Every stand of the detachment still on the table moved by the ghost's (dx, dy)."""
    for sid, (x, y) in stands_of(state, det).items():
        assert x == pytest.approx(before[sid][0] + dx, abs=0.11)
        assert y == pytest.approx(before[sid][1] + dy, abs=0.11)


def test_first_turn_of_epic_against_the_ai(server: str, page: Any) -> None:
    game = new_game(server, "epic", [HUMAN, {"kind": "ai", "agent": "ai"}], seed=1)
    page.goto(link(server, game, game["seats"][0]["token"]))
    settled(page)
    first = state_of(page)
    assert [s["label"]["fr"] for s in first["game"]["seats"]] == ["Imperium", "Mille Fils"]
    # the seats read by their names: the decision, the status line, the detachments
    assert page.locator("#decision .who").inner_text() == "À vous : Imperium"
    assert "Vous : Imperium" in page.locator("#board .board-info").inner_text()
    sides = page.locator("table.dets tr td:nth-child(3)").all_inner_texts()
    assert sides == [
        {"imperium": "Imperium", "mille_fils": "Mille Fils"}[d["side"]]
        for d in first["view"]["detachments"]
    ]
    objectives = first["view"]["objectives"]
    assert page.locator("svg.epic g.objective").count() == len(objectives) > 0

    done = {"altitude": 0, "order": 0, "board": 0, "ghost": 0}
    pending: list[tuple[int, dict[int, tuple[float, float]], float, float]] = []
    for _ in range(120):
        page.wait_for_function(
            "() => { const s = window.arbitre.state; return !window.arbitre.busy &&"
            " (s.result || s.view.turn > 1 || (s.decision && s.decision.yours)); }"
        )
        s = state_of(page)
        for moved in [p for p in pending if stands_of(s, p[0]) != p[1]]:
            check_moved(s, *moved)
            pending.remove(moved)
            done["ghost"] += 1
        if s["result"] or s["view"]["turn"] > 1:
            break
        d = s["decision"]
        keys = [o["key"] for o in d["options"]]
        if d["kind"] == "epic.altitude":
            det = own_det(s)
            key = "alt:low" if "alt:low" in keys else keys[0]
            click_option(page, key)
            after = state_of(page)
            alts = {st["alt"] for st in after["view"]["stands"] if st["det"] == det["id"]}
            assert alts == {key[4:]}  # EP-16.12: the detachment flies at the chosen altitude
            done["altitude"] += 1
        elif d["kind"] == "epic.order":
            det = own_det(s)
            key = "avance" if "avance" in keys else keys[0]
            click_option(page, key)
            after = state_of(page)
            order = next(x for x in after["view"]["detachments"] if x["id"] == det["id"])["order"]
            assert order == (None if key == "aucun" else key)
            done["order"] += 1
        elif d["kind"] == "epic.activate" and page.locator("svg.epic g.det.pickable").count():
            # activate a detachment by clicking one of its stands on the table
            stand = page.locator("svg.epic g.det.pickable .stand rect").first
            did = int(str(stand.locator("xpath=../..").get_attribute("data-det")))
            stand.click()
            menu = page.locator("#popover:not([hidden])")
            if menu.count():  # several options on that detachment (activate, abandon…)
                menu.locator(f"button.option[data-key='act:{did}']").click()
            page.wait_for_function(
                "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=s["moves"]
            )
            chosen = next(o["text"]["fr"] for o in d["options"] if o["key"] == f"act:{did}")
            seen = s["log"][-1]["index"] if s["log"] else -1
            new = [e for e in state_of(page)["log"] if e["index"] > seen]
            assert next(e["text"]["fr"] for e in new if e["kind"] == "choice") == chosen
            done["board"] += 1
        elif d["kind"] == "epic.move" and page.locator("svg.epic g.ghost.pickable").count():
            det = own_det(s)
            before = stands_of(s, det["id"])
            ghosts = page.locator("svg.epic g.ghost.pickable")
            # one ghost per option, where its raw arguments say
            assert ghosts.count() == len([o for o in d["options"] if o["key"].startswith("p:")])
            pick = page.evaluate(FREE_GHOST)
            assert pick is not None, "every ghost is covered by another"
            key = pick["target"].removeprefix("move:")
            option = next(o for o in d["options"] if o["key"] == key)
            dx, dy = option["args"]["dx"], option["args"]["dy"]
            page.mouse.click(pick["x"], pick["y"])
            page.wait_for_function(
                "(m) => window.arbitre.state.moves !== m && !window.arbitre.busy", arg=s["moves"]
            )
            # a flyer's move lands once its end altitude is chosen (EP-16.12): checked then
            pending.append((det["id"], before, dx, dy))
        else:
            click_option(page, "pass" if "pass" in keys else keys[0])
    assert state_of(page)["view"]["turn"] == 2, "the first turn did not end"
    assert all(done.values()), done
    # the AI's answers are logged under its seat's name
    log = page.locator("#log").inner_text()
    assert "Mille Fils :" in log and "Imperium :" in log


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
