"""The Hérésie map in a real browser: an uploaded Holy Terra Asunder record replayed with its
board (impassable zones hatched and not choosable, breaches on their edge segment,
fortification markers), every token and zone name inside its zone's outline, crowded zones
shrinking their tokens then showing a "+n" badge, the special tokens of Fortune Favors the
Bold."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from arbitre.engine.registry import get
from tests.web.conftest import CHROMIUM, NO_CHROMIUM, api, new_game
from tests.web.test_pages import HUMAN, link, settled, state_of

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)

# every token's body and every zone name must lie inside its zone's polygon
OUTSIDE = """(root) => {
  const svg = root.querySelector('svg.heresy');
  const polygon = (zone) => svg.querySelector(`g.zone[data-zone="${zone}"] > polygon`);
  const bad = [];
  const inside = (el, poly, what) => {
    const b = el.getBBox();
    const m = poly.getCTM().inverse().multiply(el.getCTM());
    const corners = [[b.x + 1, b.y + 1], [b.x + b.width - 1, b.y + 1],
                     [b.x + 1, b.y + b.height - 1], [b.x + b.width - 1, b.y + b.height - 1]];
    for (const [x, y] of corners) {
      const p = new DOMPoint(x, y).matrixTransform(m);
      if (!poly.isPointInFill(p)) bad.push(`${what} at ${p.x.toFixed(1)},${p.y.toFixed(1)}`);
    }
  };
  for (const group of svg.querySelectorAll('g.zone-pieces')) {
    for (const token of group.children) {
      const what = `${group.dataset.zone} ${token.getAttribute('data-target') || 'badge'}`;
      inside(token.querySelector('rect'), polygon(group.dataset.zone), what);
    }
  }
  for (const label of svg.querySelectorAll('g.zone-label')) {
    const zone = label.dataset.zone;
    inside(label.querySelector('text.zone-name'), polygon(zone), `${zone} name`);
  }
  return bad;
}"""

# per zone: the unit groups and Heroes drawn, those behind the badge, the token scale
COUNTS = """(root) => Object.fromEntries([...root.querySelectorAll('svg.heresy g.zone-pieces')].map(
  (g) => [g.dataset.zone, {
    shown: g.querySelectorAll(':scope > g[data-target]').length,
    hidden: Number(g.querySelector(':scope > g.more')?.dataset.more || 0),
    scale: Number(g.dataset.scale),
  }]))"""


def record_with_everything() -> dict[str, Any]:
    """A Holy Terra Asunder game played at random until its view has impassable zones, a
    breach and a fortification marker (seeds tried in order; none found is a failure)."""
    r = get("heresy")
    config = {"scenario": "holy_terra_asunder"}
    for seed in range(1, 40):
        s = r.new(config, seed)
        rng = random.Random(seed)
        keys: list[str] = []
        while (d := r.decision(s)) is not None and len(keys) < 500:
            key = rng.choice(d.options).key
            r.apply(s, key)
            keys.append(key)
            v = r.view(s, None)
            if v["breaches"] and v["fort_markers"] and v["impassable"]:
                return {
                    "ruleset": "heresy",
                    "version": r.version,
                    "config": config,
                    "seed": seed,
                    "keys": keys,
                }
    raise AssertionError("no random Holy Terra Asunder game had a breach and a marker")


def groups_per_zone(view: dict[str, Any]) -> dict[str, int]:
    out = {z: len(set(units)) for z, units in view["units"].items() if units}
    for zone in view["heroes"].values():
        if zone:
            out[zone] = out.get(zone, 0) + 1
    return out


def test_an_uploaded_heresy_record_replays_with_its_board(
    server: str, page: Any, tmp_path: Path
) -> None:
    record = record_with_everything()
    saved = tmp_path / "hta.json"
    saved.write_text(json.dumps(record))
    page.goto(f"{server}/replay")
    page.set_input_files("#record-file", str(saved))
    page.wait_for_function("() => document.body.dataset.upto === '0'")
    page.click("#last")
    total = len(record["keys"])
    page.wait_for_function("(n) => document.body.dataset.upto === String(n)", arg=total)
    # the page has no game to ask for the board: POST /api/replay sent it
    end = api(server, "POST", "/api/replay", {"record": record, "upto": total, "seat": None})
    board, view = end["board"], end["view"]
    assert page.locator("svg.heresy g.zone").count() == len(board["zones"])

    hatched = page.locator("svg.heresy g.zone.impassable")
    assert sorted(hatched.evaluate_all("els => els.map(e => e.dataset.zone)")) == view["impassable"]
    assert hatched.evaluate_all("els => els.filter(e => e.hasAttribute('data-target')).length") == 0
    assert page.locator("svg.heresy g.zone.impassable polygon.hatch").count() == len(
        view["impassable"]
    )

    edges = {"|".join(sorted(e["zones"])): e["segments"] for e in board["edges"]}
    for key in view["breaches"]:
        lines = page.locator(f"svg.heresy g.breach[data-edge='{key}'] line.breach-gap")
        drawn = lines.evaluate_all(
            "els => els.map(l => ['x1', 'y1', 'x2', 'y2'].map(k => Number(l.getAttribute(k))))"
        )
        assert drawn == edges[key]  # HH-33.5: on the segment the two zones share
    assert page.locator("svg.heresy g.breach").count() == len(view["breaches"])

    markers = page.locator("svg.heresy .fort-marker")
    assert sorted(markers.evaluate_all("els => els.map(e => e.dataset.zone)")) == sorted(
        view["fort_markers"]
    )
    for zone in view["fort_markers"]:
        assert "fortified" in str(
            page.locator(f"svg.heresy g.zone[data-zone='{zone}']").get_attribute("class")
        )
    assert page.locator("svg.heresy .labels .laser").count() == len(view["lasers"])

    assert page.evaluate(OUTSIDE, page.locator("#board").element_handle()) == []
    counts = page.evaluate(COUNTS, page.locator("#board").element_handle())
    assert {z: c["shown"] + c["hidden"] for z, c in counts.items()} == groups_per_zone(view)


def test_crowded_zones_keep_their_tokens_inside(server: str, page: Any) -> None:
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=1)
    page.goto(link(server, game, game["spectator"]))
    settled(page)
    assert page.evaluate(OUTSIDE, page.locator("#board").element_handle()) == []
    board = page.evaluate("() => window.arbitre.board")
    sizes = {z["id"]: z for z in board["zones"]}
    units = [u for u, info in board["names"]["units"].items() if info["side"] == "traitor"]
    # a 50 × 50 fortress, a small square zone, an L-shaped zone, each given many groups
    crowd = {"tower_of_shadows": 9, "lions_gate_centre": 7, "crucible_west": 8}
    assert all(z in sizes for z in crowd)
    counts = page.evaluate(
        """async ([crowd, units]) => {
          const heresy = await import('/static/js/heresy.js');
          const a = window.arbitre;
          const view = structuredClone(a.state.view);
          for (const [zone, n] of Object.entries(crowd)) {
            const unit = (i) => `traitor:${units[i % units.length]}/d${i}`;
            view.units[zone] = Array.from({length: n}, (_, i) => unit(i));
          }
          const host = document.createElement('div');
          host.style.width = '1000px';
          document.body.append(host);
          heresy.render(host, {state: a.state, board: a.board, view, decision: null});
          window.crowdHost = host;
          return null;
        }""",
        [crowd, units],
    )
    host = page.evaluate_handle("() => window.crowdHost")
    assert page.evaluate(OUTSIDE, host) == []
    counts = page.evaluate(COUNTS, host)
    for zone, n in crowd.items():
        c = counts[zone]
        assert c["shown"] + c["hidden"] == n, (zone, c)
    # the fortress cannot hold nine tokens: smaller ones, then a badge for the rest
    assert counts["tower_of_shadows"]["hidden"] > 0
    assert counts["tower_of_shadows"]["scale"] < 1
    badge = page.evaluate(
        "(h) => h.querySelector(`g.zone-pieces[data-zone='tower_of_shadows'] g.more`).textContent",
        host,
    )
    hidden = counts["tower_of_shadows"]["hidden"]
    assert badge.startswith(f"+{hidden}")  # one unit per group here
    page.evaluate("(h) => h.remove()", host)


def test_special_tokens_show_in_each_side_panel(server: str, page: Any) -> None:
    game = new_game(
        server, "heresy", [HUMAN, HUMAN], seed=1, config={"scenario": "fortune_favors_the_bold"}
    )
    page.goto(link(server, game, game["seats"][0]["token"]))
    settled(page)
    tokens = state_of(page)["view"]["tokens"]
    assert all(n > 0 for n in tokens.values())
    for seat, n in tokens.items():
        panel = page.locator(f".panel.side.seat-{seat} .specials")
        assert panel.get_attribute("data-tokens") == str(n)
        assert panel.locator(".special-token").count() == n
