"""The Epic board drawn from one seat's view: map, letters, legend, hidden orders, langs."""

from __future__ import annotations

import copy
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from arbitre.cli import _register, app, render_epic
from arbitre.cli.render import RENDERERS, render_board
from arbitre.engine import get
from arbitre.engine.i18n import Msg, translate

ORDERS = ("tir_appuye", "avance", "charge", "retraite")


def text_of(renderable: Any, width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def fresh_view(seat: int | None) -> dict[str, Any]:
    ruleset = get("epic")
    view: dict[str, Any] = ruleset.view(ruleset.new({}, 1), seat)
    return view


def map_rows(text: str) -> list[str]:
    """The map's rows, between the top and bottom borders."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if "┌" in line)
    bottom = next(i for i, line in enumerate(lines) if "└" in line)
    return lines[top + 1 : bottom]


def order_names(order: str) -> set[str]:
    return {translate(Msg(f"epic.order.{order}"), lang) for lang in ("fr", "en")}


def test_epic_has_a_registered_renderer():
    assert RENDERERS["epic"] is render_epic.render
    text = text_of(render_board("epic", fresh_view(0), "fr"))
    assert "Tour 1" in text and "ordres" in text
    assert '"stands"' not in text  # not the generic JSON fallback


def test_fresh_view_renders_for_every_seat_in_both_languages():
    for seat in (0, 1, None):
        view = fresh_view(seat)
        for lang, turn, phase in (("fr", "Tour 1", "ordres"), ("en", "Turn 1", "orders")):
            text = text_of(render_epic.render(view, lang))
            assert turn in text and phase in text
            rows = map_rows(text)
            assert len(rows) == 24  # 120 cm / 5
            assert all(len(row) == render_epic.LEFT + 36 + 1 for row in rows)  # 180 cm / 5
            assert "0     30    60    90    120   150   180" in text
            for det in view["detachments"]:
                assert render_epic.det_name(det, lang) in text
        seen = text_of(render_epic.render(view, "en"))
        assert ("public view" in seen) == (seat is None)


def test_letters_are_per_side_upper_then_lower():
    view = fresh_view(0)
    letters = render_epic.letters(view)
    sides = render_epic.sides_of(view)
    for det in view["detachments"]:
        letter = letters[det["id"]]
        assert letter.isupper() == (det["side"] == sides[0])
    counts = [sum(d["side"] == side for d in view["detachments"]) for side in sides]
    expected = [chr(65 + i) for i in range(counts[0])] + [chr(97 + i) for i in range(counts[1])]
    assert sorted(letters.values()) == sorted(expected)
    text = text_of(render_epic.render(view, "fr"))
    assert "A Terminators (Imperium)" in text


def test_stands_appear_at_their_cells():
    view = fresh_view(None)
    letters = render_epic.letters(view)
    rows = map_rows(text_of(render_epic.render(view, "fr")))
    for stand in view["stands"]:
        col, row = render_epic.cell_of(stand["x"], stand["y"], 36, 24)
        assert rows[row][render_epic.LEFT + col] == letters[stand["det"]], stand
    # one stand computed by hand: the first Terminators stand at (15, 20) cm -> cell (3, 4)
    first = view["stands"][0]
    assert (first["x"], first["y"]) == (15.0, 20.0)
    assert rows[4][render_epic.LEFT + 3] == "A"
    # a stand moved to the far corner stays on the map, in the last cell
    moved = copy.deepcopy(view)
    moved["stands"][0].update(x=180.0, y=120.0)
    rows = map_rows(text_of(render_epic.render(moved, "fr")))
    assert rows[23][render_epic.LEFT + 35] == "A"


def test_the_other_sides_hidden_orders_are_never_named():
    ruleset = get("epic")
    state = ruleset.new({}, 1)
    while (decision := ruleset.decision(state)) is not None and decision.kind != "epic.order":
        ruleset.apply(state, decision.keys()[0])  # setup: altitudes, infiltration
    total = len(ruleset.view(state, None)["detachments"])
    # all the secret orders of turn 1 but the last (the last one would start the turn)
    for n in range(total - 1):
        decision = ruleset.decision(state)
        assert decision is not None and decision.kind == "epic.order"
        ruleset.apply(state, decision.options[n % len(decision.options)].key)
    public = ruleset.view(state, None)["detachments"]
    assert [d["order"] for d in public] == ["hidden"] * (total - 1) + [None]
    first = sum(d["side"] == public[0]["side"] for d in public)
    for seat in (0, 1, None):
        view = ruleset.view(state, seat)
        letters = render_epic.letters(view)
        hidden = [d for d in view["detachments"] if d["order"] == "hidden"]
        assert len(hidden) == {0: total - 1 - first, 1: first, None: total - 1}[seat]
        for lang in ("fr", "en"):
            legend = text_of(render_epic.render(view, lang)).splitlines()
            for det in view["detachments"]:
                line = next(x for x in legend if x.startswith(letters[det["id"]] + " "))
                if det["order"] == "hidden":
                    assert render_epic.order_name("hidden", lang) in line
                    assert not any(n in line for o in ORDERS for n in order_names(o)), line
                elif det["order"] is not None:
                    assert render_epic.order_name(det["order"], lang) in line


def test_hidden_orders_in_a_view_never_show_as_names():
    view = fresh_view(0)
    for det in view["detachments"]:
        det["order"] = "avance" if det["side"] == view["seat"] else "hidden"
    for lang in ("fr", "en"):
        text = text_of(render_epic.render(view, lang))
        name = translate(Msg("epic.order.avance"), lang)
        hidden = render_epic.order_name("hidden", lang)
        mine = sum(d["side"] == view["seat"] for d in view["detachments"])
        theirs = len(view["detachments"]) - mine
        assert text.count(name) == mine and text.count(hidden) == theirs
        for other in ("tir_appuye", "charge", "retraite"):
            assert not order_names(other) & set(text.split(" · "))


def test_broken_detachment_is_marked():
    view = fresh_view(0)
    view["detachments"][0]["broken"] = True
    assert "BRISÉ" in text_of(render_epic.render(view, "fr"))
    assert "BROKEN" in text_of(render_epic.render(view, "en"))


def test_play_epic_shows_the_map():
    _register()
    result = CliRunner().invoke(
        app, ["play", "epic", "--seats", "human,random", "--seed", "1"], input="1\nquit\n"
    )
    assert result.exit_code == 0, result.output
    assert "┌" + "─" * 36 + "┐" in result.output
    assert "Terminators" in result.output and "Tour 1" in result.output
