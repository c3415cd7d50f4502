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


def test_objectives_are_drawn_on_the_map_and_listed():
    view = fresh_view(0)
    text = text_of(render_epic.render(view, "fr"))
    rows = map_rows(text)
    for o in view["objectives"]:
        col, row = render_epic.cell_of(o["x"], o["y"], 36, 24)
        assert rows[row][render_epic.LEFT + col] == render_epic.OBJECTIVE
    assert text.count("objectif (") == len(view["objectives"]) > 0
    assert "non tenu" in text
    view["objectives"][0]["holder"] = "imperium"
    assert "tenu par l'Imperium" in text_of(render_epic.render(view, "fr"))


def test_each_sides_edge_is_named_and_the_enemy_edge_marked():
    # setup.py: the first side deploys along y = 0 (the top row), the second along y = 120
    seen_by_imperium = text_of(render_epic.render(fresh_view(0), "fr")).splitlines()
    top = next(i for i, line in enumerate(seen_by_imperium) if "┌" in line)
    bottom = next(i for i, line in enumerate(seen_by_imperium) if "└" in line)
    above, below = seen_by_imperium[top - 2], seen_by_imperium[bottom + 1]
    assert "Imperium" in above and "y = 0 cm" in above and "votre bord" in above
    assert "Mille Fils" in below and "y = 120 cm" in below and "bord ennemi" in below
    en = text_of(render_epic.render(fresh_view(1), "en"))
    assert "Imperium: deploys here (y = 0 cm), advances downward · enemy edge" in en
    public = text_of(render_epic.render(fresh_view(None), "fr"))
    assert "bord ennemi" not in public and "votre bord" not in public


def test_the_outcome_is_a_sentence_with_sides_by_name():
    view = fresh_view(None)
    view["over"] = True
    view["outcome"] = {"winner": 1, "reason": "broken", "points": [3, 8], "turn": 4}
    fr = text_of(render_epic.render(view, "fr"))
    assert "Victoire des Mille Fils (armée adverse brisée), points 3–8" in fr
    assert "winner" not in fr and "reason" not in fr
    view["outcome"] = {"winner": -1, "reason": "points", "points": [2, 2]}
    assert "Draw, points 2–2" in text_of(render_epic.render(view, "en"))


def test_a_point_typed_as_x_y_answers_a_move_decision():
    from arbitre.cli.human import Pick, parse_answer
    from arbitre.engine.match import Match
    from arbitre.engine.ruleset import IllegalChoice

    match = Match(get("epic"), {}, 1)
    while (d := match.decision()) is not None and d.kind != "epic.move":
        match.play(d.options[0].key)
    assert d is not None and d.kind == "epic.move"
    assert parse_answer(d, " 20 , 35 ") == Pick("20,35")
    assert parse_answer(d, "(20; 35)") == Pick("20,35")
    try:
        match.play("20,35")
    except IllegalChoice as refused:  # read as a point: refused by the move's own rules
        assert refused.msg.key.startswith("epic.move."), refused.msg


def test_the_result_panel_reads_as_sentences_with_seats_by_name():
    from arbitre.cli.render import result_view
    from arbitre.engine.ruleset import Result

    result = Result(
        (0.0, 1.0),
        Msg(
            "epic.result",
            {"winner": "epic.seat.mille_fils", "reason": "epic.reason.broken", "a": 3, "b": 8},
        ),
        {"winner": 1, "reason": "broken", "points": [3, 8], "objectives": [1, 0], "turn": 4},
    )
    text = text_of(result_view(result, ["Imperium", "Mille Fils"], "fr"))
    assert "Victoire des Mille Fils (armée adverse brisée), points 3–8" in text
    assert "Imperium 3 · Mille Fils 8" in text and "dernier tour" in text
    assert "winner" not in text and "reason" not in text and "broken" not in text
