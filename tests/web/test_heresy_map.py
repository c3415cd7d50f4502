"""The Hérésie map in a real browser: an uploaded Holy Terra Asunder record replayed with its
board (impassable zones hatched and not choosable, breaches on their edge segment,
fortification markers), every token and zone name inside its zone's outline (or on a plate
inside the map), crowded zones shrinking their tokens then showing a "+n" badge, the
special tokens of Fortune Favors the Bold; every zone's full name in French and English,
never cut nor overlapping another; pieces that name themselves ("3 × Space Marines"); the
zone card (tap, click, Enter) with its neighbours and crevasses; the zones a movement
decision offers highlighted, a refused zone's "why not?" key; the phone without sideways
scroll. Screenshots: /tmp/shots/heresy-board-laptop.png, -phone.png."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from arbitre.engine.registry import get
from tests.web.conftest import CHROMIUM, LAPTOP, NO_CHROMIUM, PHONE, api, new_game
from tests.web.test_online import no_sideways_scroll
from tests.web.test_pages import HUMAN, link, settled, state_of

SHOTS = Path("/tmp/shots")

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
  for (const label of svg.querySelectorAll('g.zone-label:not(.plate)')) {
    const zone = label.dataset.zone;
    inside(label.querySelector('text.zone-name'), polygon(zone), `${zone} name`);
  }
  // a name on a plate outside its zone: inside the map
  const [mx, my, mw, mh] = svg.dataset.map.split(' ').map(Number);
  for (const plate of svg.querySelectorAll('g.zone-label.plate rect.name-plate')) {
    const b = plate.getBBox();
    if (b.x < mx || b.y < my || b.x + b.width > mx + mw || b.y + b.height > my + mh) {
      bad.push(`${plate.parentNode.dataset.zone} plate outside the map`);
    }
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

    # the cards say it too: a breached fortified zone names the breach, a gone zone is gone
    zones = {z["id"]: z for z in board["zones"]}
    a, b = view["breaches"][0].split("|")
    walled, other = (a, b) if zones[a]["fortified"] or a in view["fort_markers"] else (b, a)
    page.locator(f"svg.heresy g.zone[data-zone='{walled}']").focus()
    page.keyboard.press("Enter")
    card = page.locator(".zone-card")
    assert card.locator("h3").text_content() == zones[walled]["name"]["fr"]
    breaches = str(card.locator("p.breaches").text_content())
    assert breaches.startswith("Brèches : ") and zones[other]["name"]["fr"] in breaches
    gone = view["impassable"][0]
    page.locator(f"svg.heresy g.zone[data-zone='{gone}']").focus()
    page.keyboard.press("Enter")
    assert "Zone infranchissable" in str(page.locator(".zone-card").text_content())


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
        # the seat's side panel (heresy.js), wherever the page shell puts it
        panel = page.locator(f".specials:has(.special-token.seat-{seat})")
        assert panel.get_attribute("data-tokens") == str(n)
        assert panel.locator(".special-token").count() == n


# --- names, pieces, cards, highlights ------------------------------------------------------

# every zone's name as drawn: its lines, its box on screen, its rendered font size in px
NAMES = """(root) => {
  const svg = root.querySelector('svg.heresy');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('g.zone-label')].map((g) => {
    const text = g.querySelector('text.zone-name');
    const r = text.getBoundingClientRect();
    return {
      zone: g.dataset.zone,
      text: [...text.querySelectorAll('tspan')].map((t) => t.textContent).join(' '),
      box: [r.left, r.top, r.right, r.bottom],
      px: parseFloat(getComputedStyle(text).fontSize) * scale,
      plate: g.classList.contains('plate'),
    };
  });
}"""


def to_rassembler(server: str, game: dict[str, Any]) -> None:
    """Play game seed 1 through the API up to the Traitor's Rassembler in the Crucible (the
    same keys the engine's own game takes): a movement decision asking for a destination."""
    r = get("heresy")
    s = r.new({}, 1)
    played: list[tuple[int, str]] = []
    while (d := r.decision(s)) is not None and d.kind != "heresy.action":
        key = "done" if d.find("done") is not None else d.options[0].key
        played.append((d.seat, key))
        r.apply(s, key)
    played += [(1, "action:hand"), (1, "card:traitor_assemble"), (1, "sector:crucible")]
    for n, (seat, key) in enumerate(played):
        body = {"token": game["seats"][seat]["token"], "key": key, "expect": n}
        api(server, "POST", f"/api/games/{game['id']}/play", body)


def overlapping(boxes: list[tuple[str, list[float]]]) -> list[tuple[str, str]]:
    out = []
    for i, (a, ra) in enumerate(boxes):
        for b, rb in boxes[i + 1 :]:
            if (
                ra[0] + 0.5 < rb[2]
                and rb[0] + 0.5 < ra[2]
                and ra[1] + 0.5 < rb[3]
                and rb[1] + 0.5 < ra[3]
            ):
                out.append((a, b))
    return out


def shot(page: Any, name: str, size: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=size == "phone")


def test_every_zone_shows_its_full_name_in_french_and_english(server: str, page: Any) -> None:
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=1)
    page.goto(link(server, game, game["spectator"]))
    settled(page)
    board = page.evaluate("() => window.arbitre.board")
    for lang in ("fr", "en"):
        page.evaluate("(l) => { localStorage.setItem('arbitre.lang', l); }", lang)
        page.reload()
        settled(page)
        page.wait_for_selector("svg.heresy g.zone-label")
        names = {
            n["zone"]: n for n in page.evaluate(NAMES, page.locator("#board").element_handle())
        }
        assert set(names) == {z["id"] for z in board["zones"]}
        for z in board["zones"]:
            drawn = names[z["id"]]
            assert drawn["text"] == z["name"][lang], (lang, z["id"], drawn["text"])
            assert "…" not in drawn["text"]
            assert drawn["px"] >= 6.5, (z["id"], drawn["px"])  # legible at 1366 × 768
        assert overlapping([(n, d["box"]) for n, d in names.items()]) == []
        assert page.evaluate(OUTSIDE, page.locator("#board").element_handle()) == []
        # fortresses by their name, never initials; most names sit inside their zone
        assert sum(1 for d in names.values() if d["plate"]) <= 4
    shot(page, "heresy-board", "laptop")


def test_pieces_name_themselves_and_a_zone_opens_its_card(server: str, page: Any) -> None:
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=1)
    page.goto(link(server, game, game["spectator"]))
    page.evaluate("() => localStorage.setItem('arbitre.lang', 'en')")
    page.reload()
    settled(page)
    board = page.evaluate("() => window.arbitre.board")
    view = state_of(page)["view"]
    # a group of two or more units: "n × Name (Legion or Power)" as its accessible name
    zone, entry, n = next(
        (z, e, units.count(e))
        for z, units in view["units"].items()
        for e in sorted(set(units))
        if units.count(e) > 1
    )
    _seat, label = entry.split(":", 1)
    type_, *rest = label.split("/")
    tag = next((x for x in rest if not x.startswith("d")), "")
    want = f"{n} × {board['names']['units'][type_]['name']['en']}"
    if tag:
        tags = {**board["names"]["legions"], **board["names"]["powers"]}
        want += f" ({tags[tag]['name']['en']})"
    piece = page.locator(f"svg.heresy g.unit[data-target='unit:{zone}:{label}']")
    name = str(piece.get_attribute("aria-label"))
    assert name.startswith(want), (name, want)
    assert piece.get_attribute("role") == "img"
    assert piece.locator("title").text_content() == name
    # a tap on a piece opens its zone's card with that piece's line marked
    piece.click()
    card = page.locator(".zone-card")
    zones = {z["id"]: z for z in board["zones"]}
    assert card.locator("h3").text_content() == zones[zone]["name"]["en"]
    assert str(card.locator("li.focused").text_content()).startswith(want)
    card.locator("button.close").click()
    assert page.locator(".zone-card").count() == 0
    # Enter on a focused zone: the spaceport's card, its crevasse to the plateau marked
    spaceport = page.locator("svg.heresy g.zone[data-zone='lions_gate_spaceport']")
    assert spaceport.get_attribute("role") == "button"
    assert spaceport.get_attribute("aria-label") == "Lions Gate Spaceport (spaceport)"
    spaceport.focus()
    page.keyboard.press("Enter")
    card = page.locator(".zone-card")
    assert card.locator("h3").text_content() == "Lions Gate Spaceport"
    kind = str(card.locator(".zone-kind").text_content())  # one sector: the singular
    assert kind.endswith("· Sector: Lions Gate"), kind
    for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"heresy-zone-card-{size}.png"))
    page.set_viewport_size(LAPTOP)
    east = card.locator("li[data-neighbour='plateau_east']")
    assert east.get_attribute("data-crevasse") == "1"
    assert "crevasse: 2 MP" in str(east.text_content())
    centre = card.locator("li[data-neighbour='lions_gate_centre']")
    assert centre.get_attribute("data-crevasse") == "0"
    # a neighbour's name opens that zone's card
    east.locator("button").click()
    assert page.locator(".zone-card h3").text_content() == "Imperial Plateau (east)"
    # the legend folds open
    page.locator(".map-legend summary").click()
    assert page.locator(".map-legend .legend-units li").count() >= 10


def test_a_movement_decision_lights_its_zones_and_explains_the_others(
    server: str, browser: Any
) -> None:
    game = new_game(server, "heresy", [HUMAN, HUMAN], seed=1)
    to_rassembler(server, game)
    traitor = game["seats"][1]["token"]
    for size, viewport in (("phone", PHONE), ("laptop", LAPTOP)):  # the laptop plays on
        context = browser.new_context(viewport=viewport, has_touch=size == "phone")
        page = context.new_page()
        page.goto(link(server, game, traitor))
        settled(page)
        options = [o["key"] for o in state_of(page)["decision"]["options"]]
        offered = sorted(k[3:] for k in options if k.startswith("to:"))
        lit = page.locator("svg.heresy g.zone.pickable").evaluate_all(
            "els => els.map(e => e.dataset.zone).sort()"
        )
        assert lit == offered
        dim = page.locator("svg.heresy g.zone[data-zone='volcanus_west'] > polygon")
        assert dim.evaluate("el => getComputedStyle(el).fillOpacity") == "0.35"
        # a zone the decision does not offer: the key its "why not?" asks about
        key = page.evaluate(
            """async () => {
              const heresy = await import('/static/js/heresy.js');
              const el = document.querySelector("svg.heresy g.zone[data-zone='volcanus_west']");
              const a = window.arbitre;
              const s = a.state;
              const ctx = {state: s, board: a.board, view: s.view, decision: s.decision};
              return heresy.whyKey(el, ctx);
            }"""
        )
        assert key == "to:volcanus_west"
        if size == "laptop":
            # the click itself: the page asks the game why not and names the rule
            page.locator("svg.heresy g.zone[data-zone='volcanus_west'] .anchor").click()
            why = page.locator("#why-popover")
            why.wait_for()
            assert why.locator(".rule-chip").first.text_content() == "HH-21.18"
            assert "Volcanus (ouest) n'est pas dans le secteur de l'ordre" in str(
                why.text_content()
            )
            # the zone's card opened too, with its neighbours
            assert page.locator(".zone-card h3").text_content() == "Volcanus (ouest)"
            page.keyboard.press("Escape")
            # the next question (which units move?): the zones they stand in are outlined
            moves = state_of(page)["moves"]
            page.locator("#decision button.option[data-key='to:crucible_north']").click()
            page.wait_for_function("(m) => window.arbitre.state.moves > m", arg=moves)
            settled(page)
            decision = state_of(page)["decision"]
            assert decision["kind"] == "heresy.move.units"
            starts = sorted(
                {
                    k.split(":")[1]
                    for k in (o["key"] for o in decision["options"])
                    if k.startswith("unit:")
                }
            )
            outlined = page.locator("svg.heresy g.zone.origin").evaluate_all(
                "els => els.map(e => e.dataset.zone).sort()"
            )
            assert starts and outlined == starts
        if size == "phone":
            no_sideways_scroll(page)
            zone = page.locator("svg.heresy g.zone[data-zone='volcanus_west'] .anchor")
            zone.tap()
            card = page.locator(".zone-card")
            card.wait_for()
            close = card.locator("button.close").bounding_box()
            assert close is not None and close["width"] >= 44 and close["height"] >= 44
            no_sideways_scroll(page)
        shot(page, "heresy-move", size)
        if size == "phone":
            shot(page, "heresy-board", size)
        context.close()
