"""`GET /api/rulesets` as the lobby reads it: every option of every game named for a
person in French and English (a short label, a one-line help, its rule ID), its values in
words, the few options a new player sets kept apart from the advanced ones, grouped; and
a refused value (422) naming the field it belongs to."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.engine.i18n import translate
from arbitre.engine.registry import get, names

GAMES = ("champs", "epic", "heresy")
# the options a new player sees at once, per game (everything else is folded)
ESSENTIAL = {
    "champs": {"players", "heroes", "battlefield"},
    "heresy": {"scenario"},
    "epic": {"scenario.cards", "victory.objectives", "elite.decide", "fallback.move"},
}
ESSENTIAL["epic"] |= {"army.0", "army.1", "deployment", "table", "scenario"}  # issue 16


def _rulesets(client: TestClient) -> dict[str, dict[str, Any]]:
    data = client.get("/api/rulesets").json()["rulesets"]
    return {r["id"]: r for r in data}


@pytest.mark.parametrize("game", GAMES)
def test_every_config_option_has_a_label_and_help_in_both_languages(game: str) -> None:
    """Each ConfigOption of the game declares a label and a help with text in French and
    English; a new option without one fails here."""
    assert game in names()
    for option in get(game).options_schema():
        assert option.label is not None, f"{game} option {option.key!r} has no label"
        for lang in ("fr", "en"):
            label = translate(option.label, lang)
            help_ = translate(option.help, lang)
            assert label.strip() and help_.strip(), (game, option.key, lang)
            assert label != option.key and "{" not in label, (game, option.key, label)
            assert len(label) <= 45, f"{game} {option.key}: label too long for a form: {label!r}"
        assert option.rule, (game, option.key)


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_and_empty_value_is_named_in_words(game: str) -> None:
    """A text choice ("halfplane", "sixThen"…) has a name in both languages; so does the
    empty value (None) of a free number, and each item of a list option (Champs heroes)."""
    for option in get(game).options_schema():
        named = {repr(v): m for v, m in option.value_labels}
        wanted: list[Any] = [c for c in option.choices or () if isinstance(c, str)]
        wanted += list(option.items or ())
        if option.default is None and option.value_type in ("int", "float"):
            wanted.append(None)
        if option.choices is not None and None in option.choices:
            wanted.append(None)
        for value in wanted:
            msg = named.get(repr(value))
            assert msg is not None, f"{game} {option.key}: no name for the value {value!r}"
            fr, en = translate(msg, "fr"), translate(msg, "en")
            assert fr.strip() and en.strip(), (game, option.key, value)


def test_the_api_gives_labels_groups_and_value_names(client: TestClient) -> None:
    rulesets = _rulesets(client)
    assert set(rulesets) == set(GAMES)
    for game, ruleset in rulesets.items():
        options = ruleset["options"]
        essential = {o["key"] for o in options if not o["group"]}
        assert essential == ESSENTIAL[game], game
        for o in options:
            assert o["label"]["fr"] and o["label"]["en"], (game, o["key"])
            assert o["help"]["fr"] and o["help"]["en"], (game, o["key"])
            assert o["rule"], (game, o["key"])
            if o["group"]:
                assert o["group_label"]["fr"] and o["group_label"]["en"], (game, o["key"])
            else:
                assert o["group_label"] is None
        groups = {o["group"] for o in options if o["group"]}
        assert 2 <= len(groups) <= 10, f"{game}: advanced options grouped sensibly: {groups}"
    champs = {o["key"]: o for o in rulesets["champs"]["options"]}
    heroes = {v["value"]: v["label"] for v in champs["heroes"]["value_labels"]}
    assert heroes["voleur"] == {"fr": "Voleur", "en": "Thief"}
    adjacency = {v["value"]: v["label"]["fr"] for v in champs["grid.adjacency"]["value_labels"]}
    assert adjacency[4] == "4 (sans diagonales)"
    rounds = champs["victory.rounds"]["value_labels"]
    assert rounds == [
        {"value": None, "label": {"fr": "ceux du champ de bataille", "en": "the battlefield's"}}
    ]
    fields = {s["value"]: s["label"]["fr"] for s in champs["battlefield"]["suggestions"]}
    assert fields == {
        "plaine": "La plaine du gué",
        "defile": "Le défilé",
        "forteresse": "Les murs de la forteresse",
    }
    heresy = {o["key"]: o for o in rulesets["heresy"]["options"]}
    scenarios = heresy["scenario"]["suggestions"]
    assert scenarios[0] == {
        "value": "brother_against_brother",
        "label": {"fr": "Frère contre Frère", "en": "Brother Against Brother"},
    }
    carry = {repr(v["value"]): v["label"]["fr"] for v in heresy["transport.heroes"]["value_labels"]}
    assert carry["True"] == "oui" and carry["False"] == "non" and "FAQ" in carry["None"]


@pytest.mark.parametrize(
    ("ruleset", "config", "field"),
    [
        ("champs", {"dice.sides": 99}, "dice.sides"),
        ("champs", {"players": 3, "heroes": ["voleur"]}, "heroes"),
        ("champs", {"battlefield": "/etc/passwd"}, "battlefield"),
        ("heresy", {"scenario": "nowhere"}, "scenario"),
        ("epic", {"coherency.cm": -1}, "coherency.cm"),
    ],
)
def test_a_refused_value_names_its_field(
    client: TestClient, ruleset: str, config: dict[str, Any], field: str
) -> None:
    """The 422 of a bad config carries the field it refuses (the lobby shows the text
    next to that field), in both languages."""
    r = client.post("/api/games", json={"ruleset": ruleset, "mode": "hotseat", "config": config})
    assert r.status_code == 422, r.text
    error = r.json()["error"]
    assert error["code"] == "bad_config"
    assert error["field"] == field and error["text"]["field"] == field
    assert error["text"]["fr"] and error["text"]["en"]
    seats = client.post("/api/seats", json={"ruleset": ruleset, "config": config})
    if seats.status_code == 422:  # the seats ask checks the values too (not the game's setup)
        assert seats.json()["error"].get("field") == field


def test_an_installed_battlefield_is_offered_by_its_name(client: TestClient, tmp_path: Any) -> None:
    """A battlefield the operator installed (`arbitre serve --content-dir`) is in the
    lobby's menu by its name in each language, and a game can be made on it by name."""
    from pathlib import Path

    from arbitre.engine import library

    source = Path(library.__file__).parent.parent / "games/champs/data/battlefields/plaine.toml"
    folder = tmp_path / "champs"
    folder.mkdir()
    text = source.read_text(encoding="utf-8")
    text = text.replace("La plaine du gué", "Le marais salant")
    text = text.replace("The plain by the ford", "The salt marsh")
    (folder / "marais.toml").write_text(text, encoding="utf-8")
    library.install_dir(tmp_path)
    try:
        champs = _rulesets(client)["champs"]
        field = next(o for o in champs["options"] if o["key"] == "battlefield")
        offered = {s["value"]: s["label"] for s in field["suggestions"]}
        assert offered["marais"] == {"fr": "Le marais salant", "en": "The salt marsh"}
        body = {"ruleset": "champs", "mode": "hotseat", "config": {"battlefield": "marais"}}
        assert client.post("/api/games", json=body).status_code == 201
    finally:
        library.clear()
