"""Sides named by their armies (issue 16, EPC-3): in a game from armies every text a person
reads names each side by its army list, with the right French forms ("de la Garde
Impériale", "des Eldars", "du Chaos"), two armies of one list told apart by their edge;
the starter battle keeps "Imperium" / "Mille Fils" (its message arguments unchanged, so
the golden games too). The texts of army games pass tests/test_french.py's checks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from arbitre.engine import get
from arbitre.engine.i18n import Msg, translate
from arbitre.games.epic import messages_sides, sides
from arbitre.games.epic.rules import Epic
from tests.test_french import _check, _msgs_in, _report

GI_ELDAR = {"army.0": "garde_imperiale@2000", "army.1": "eldar@2000"}
SM_SM = {"army.0": "space_marines@2000", "army.1": "space_marines@2000"}
CHAOS_STARTER = {"army.0": "chaos@2000"}
STARTER_WORDS = ("Imperium", "Thousand Sons")  # "Mille Fils" is also a Chaos unit's name


def _played(config: dict[str, Any], seed: int, most: int) -> Iterator[Msg]:
    """What a random game from `config` says: events, decisions, options, views, result."""
    r = get("epic")
    rng = random.Random(seed)
    s = r.new(config, seed)
    yield from r.events(s)
    for n in range(most):
        d = r.decision(s)
        if d is None:
            break
        yield d.text
        yield from (o.text for o in d.options)
        if n % 40 == 0:
            for seat in (0, 1, None):
                yield from _msgs_in(r.view(s, seat))
        r.apply(s, rng.choice(d.options).key)
        yield from r.events(s)
    result = r.result(s)
    if result is not None:
        yield result.summary


def _sampled() -> Iterator[Msg]:
    """Every message naming a side, with each army side name."""
    keys = list(messages_sides.MESSAGES)
    for key in ("epic.ev.assault", "epic.ev.objective", "epic.ev.no_power"):
        for side in keys:
            yield Msg(key, {"side": side, "n": 2})
    for side in keys:
        yield Msg("epic.ev.initiative", {"a": 4, "b": 2, "side": side})
        yield Msg(
            "epic.result", {"winner": side, "reason": "epic.reason.objectives", "a": 3, "b": 1}
        )
        yield Msg("epic.side.of", {"side": side})
        yield Msg("epic.side.edge", {"side": side})


@pytest.fixture(scope="module")
def texts() -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    msgs = [*_played(GI_ELDAR, 1, 500), *_played(SM_SM, 2, 300), *_played(CHAOS_STARTER, 3, 300)]
    for msg in [*msgs, *_sampled()]:
        for lang in ("fr", "en"):
            out.setdefault((lang, translate(msg, lang)), msg.key)
    return out


def test_EPC_3_army_game_texts_read_right_in_french(texts: dict[tuple[str, str], str]) -> None:
    found = _check(texts, "fr")
    assert not found, _report(found)


def test_EPC_3_army_game_texts_have_no_french_in_english(texts: dict[tuple[str, str], str]) -> None:
    found = _check(texts, "en")
    assert not found, _report(found)


def test_EPC_3_a_game_of_two_lists_never_says_imperium() -> None:
    said = [translate(m, lang) for m in _played(GI_ELDAR, 4, 400) for lang in ("fr", "en")]
    assert not [t for t in said if any(w in t for w in STARTER_WORDS)]
    assert any("Garde Impériale" in t for t in said) or any("Eldars" in t for t in said)


def test_EPC_3_side_keys_by_army_and_edge() -> None:
    r = get("epic")
    s = r.new(GI_ELDAR, 1)
    assert sides.side_keys(s) == ("epic.side.garde_imperiale", "epic.side.eldar")
    twin = r.new(SM_SM, 1)
    assert sides.side_keys(twin) == (
        "epic.side.space_marines.north",
        "epic.side.space_marines.south",
    )
    mixed = r.new(CHAOS_STARTER, 1)
    assert sides.side_keys(mixed) == ("epic.side.chaos", "epic.seat.mille_fils")
    starter = r.new({}, 1)
    assert sides.side_keys(starter) == ("epic.seat.imperium", "epic.seat.mille_fils")


@pytest.mark.parametrize(
    ("key", "fr", "en"),
    [
        ("epic.side.garde_imperiale", "Victoire de la Garde Impériale", "The Imperial Guard wins"),
        ("epic.side.eldar", "Victoire des Eldars", "The Eldar win"),
        (
            "epic.side.space_marines.south",
            "Victoire des Space Marines (sud)",
            "The Space Marines (south) win",
        ),
        ("epic.side.chaos", "Victoire du Chaos", "Chaos wins"),
        ("epic.seat.imperium", "Victoire de l'Imperium", "The Imperium wins"),
    ],
)
def test_EPC_3_the_result_names_the_winner_with_its_article(key: str, fr: str, en: str) -> None:
    msg = Msg("epic.result", {"winner": key, "reason": "epic.reason.objectives", "a": 3, "b": 1})
    assert translate(msg, "fr").startswith(fr + " (objectifs tenus)")
    assert translate(msg, "en").startswith(en + " (objectives held)")


def test_EPC_3_result_and_view_name_the_armies() -> None:
    r = get("epic")
    s = r.new(GI_ELDAR, 1)
    s.over = True
    s.outcome = {"winner": 1, "points": [2, 5], "reason": "objectives"}
    result = r.result(s)
    assert result is not None
    assert translate(result.summary, "fr").startswith("Victoire des Eldars")
    assert translate(result.summary, "en").startswith("The Eldar win")
    view = r.view(s, 0)
    assert [x["name"] for x in view["sides"]] == [
        {"fr": "Garde Impériale", "en": "Imperial Guard"},
        {"fr": "Eldars", "en": "Eldar"},
    ]
    assert view["sides"][0]["edge"] == {
        "fr": "Bord de la Garde Impériale",
        "en": "Imperial Guard edge",
    }
    assert view["sides"][1]["of"] == {"fr": "des Eldars", "en": "of the Eldar"}
    assert view["sides"][0]["the"] == {"fr": "la Garde Impériale", "en": "the Imperial Guard"}
    assert "sides" not in r.view(r.new({}, 1), 0)  # the starter page keeps its own words


def test_EPC_3_seat_title_hook_and_the_servers_seat_label() -> None:
    from arbitre.server import messages  # noqa: F401  (the web app's seat names)
    from arbitre.server.live import seat_label

    r = get("epic")
    assert isinstance(r, Epic)
    assert r.seat_title(SM_SM, "mille_fils") == Msg("epic.side.space_marines.south")
    assert r.seat_title({}, "imperium") is None
    assert translate(seat_label(r, "imperium", GI_ELDAR), "fr") == "Garde Impériale"
    assert translate(seat_label(r, "mille_fils", GI_ELDAR), "en") == "Eldar"
    starter = translate(seat_label(r, "mille_fils"), "fr")
    assert starter == translate(seat_label(r, "mille_fils", {}), "fr") == "Mille Fils"


def test_EPC_3_the_terminal_and_the_report_name_the_armies() -> None:
    from arbitre.cli import report
    from arbitre.cli.render import seat_labels
    from arbitre.cli.render_epic import status_line
    from arbitre.engine.match import Match

    r = get("epic")
    match = Match(r, GI_ELDAR, 3)
    assert seat_labels(match, "fr") == ["Garde Impériale", "Eldars"]
    assert seat_labels(Match(r, {}, 3), "fr") == ["Imperium", "Mille Fils"]
    line = status_line(r.view(match.state, 1), "fr").plain
    assert "vue des Eldars" in line and "Imperium" not in line
    summary = {
        "game": "epic",
        "config": SM_SM,
        "results": [{"seat": "imperium"}, {"seat": "mille_fils"}],
    }
    named = report._seats_by_name(summary, "en")
    assert [x["seat"] for x in named["results"]] == [
        "Space Marines (north)",
        "Space Marines (south)",
    ]
