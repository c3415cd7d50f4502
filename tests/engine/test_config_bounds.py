"""Every option's value is checked once, by the engine, against its declared type and
limits: through `read_config` (the web), `parse_config` (the CLI) and `ruleset.new`
(Python) alike. No value may make a computation explode (issue: one request froze the
server with `dice.sides = 2**64 + 1`)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from arbitre.engine import get
from arbitre.engine.config_values import (
    MAX_KEY,
    MAX_TEXT,
    BadConfig,
    check_value,
    format_value,
    parse_config,
    read_config,
)
from arbitre.engine.i18n import has_message, translate
from arbitre.engine.rng import MAX_BELOW, Rng
from arbitre.engine.ruleset import ConfigError, ConfigOption

GAMES = ("champs", "epic", "heresy")
OPTIONS = [(g, o) for g in GAMES for o in get(g).options_schema()]
NUMERIC = [(g, o) for g, o in OPTIONS if o.value_type in ("int", "float") and o.choices is None]


def _id(item: tuple[str, ConfigOption]) -> str:
    return f"{item[0]}:{item[1].key}"


def _names_key(exc: BadConfig, key: str) -> None:
    """The refusal names the key, in French and in English."""
    assert exc.msg.args["key"] == key
    for lang in ("fr", "en"):
        assert key in translate(exc.msg, lang)
    assert has_message(exc.msg.key)


# --------------------------------------------------------------------------- declarations


@pytest.mark.parametrize("item", OPTIONS, ids=[_id(i) for i in OPTIONS])
def test_every_free_number_has_bounds_and_every_list_a_size(item: tuple[str, ConfigOption]):
    _game, option = item
    if option.value_type in ("int", "float") and option.choices is None:
        assert option.lo is not None and option.hi is not None, option.key
        assert option.lo <= option.default <= option.hi if option.default is not None else True
    if option.value_type == "list":
        assert option.max_items is not None, option.key
    assert option.value_type in ("bool", "int", "float", "str", "list")
    if option.default is not None:  # every default passes its own check
        assert check_value(option, option.default) == option.default


def test_the_declared_bounds() -> None:
    bounds = {f"{g}:{o.key}": (o.lo, o.hi) for g, o in NUMERIC}
    assert bounds == {
        "champs:dice.sides": (2, 20),  # AMB-CB-4: a D2 to a D20
        "champs:traps.playerPool": (1, 99),  # AMB-CB-16a
        "champs:victory.rounds": (1, 99),  # AMB-CB-24
        "epic:measure.baseRadius": (0.0, 5.0),  # EPC-30
        "epic:coherency.cm": (0.0, 50.0),  # EPC-5
    }


def test_AMB_CB_20k_heroes_is_a_list_of_at_most_four_heroes() -> None:
    heroes = next(o for o in get("champs").options_schema() if o.key == "heroes")
    assert heroes.max_items == 4
    assert heroes.items == ("guerrier", "voleur", "templier", "gladiateur")


def test_options_are_plain_json() -> None:
    import json

    for _game, option in OPTIONS:
        json.dumps(option.limits())


# --------------------------------------------------------------------------- bounds


def _outside(option: ConfigOption) -> tuple[Any, Any]:
    assert option.lo is not None and option.hi is not None
    step = 1 if option.value_type == "int" else 0.5
    return option.lo - step, option.hi + step


def _new(game: str, config: dict[str, Any]) -> None:
    get(game).new(config, 1)


@pytest.mark.parametrize("item", NUMERIC, ids=[_id(i) for i in NUMERIC])
def test_numbers_within_bounds_are_accepted_everywhere(item: tuple[str, ConfigOption]):
    game, option = item
    ruleset = get(game)
    for value in (option.lo, option.hi):
        assert read_config(ruleset, {option.key: value}) == {option.key: value}
        assert read_config(ruleset, {option.key: value}, names_only=True) == {option.key: value}
        assert parse_config(ruleset, [f"{option.key}={value}"]) == {option.key: value}
        _new(game, {option.key: value})


@pytest.mark.parametrize("item", NUMERIC, ids=[_id(i) for i in NUMERIC])
def test_numbers_just_outside_bounds_are_refused_everywhere(item: tuple[str, ConfigOption]):
    game, option = item
    ruleset = get(game)
    for value in _outside(option):
        with pytest.raises(BadConfig) as web:
            read_config(ruleset, {option.key: value})
        _names_key(web.value, option.key)
        assert str(option.lo) in translate(web.value.msg, "en")
        assert str(option.hi) in translate(web.value.msg, "fr")
        with pytest.raises(BadConfig) as cli:
            parse_config(ruleset, [f"{option.key}={value}"])
        _names_key(cli.value, option.key)
        with pytest.raises(ConfigError, match=option.key.replace(".", r"\.")):
            _new(game, {option.key: value})


@pytest.mark.parametrize("item", NUMERIC, ids=[_id(i) for i in NUMERIC])
def test_wrong_types_and_huge_numbers_are_refused(item: tuple[str, ConfigOption]):
    game, option = item
    ruleset = get(game)
    bad: list[Any] = [True, False, 2**64 + 1, -(2**64 + 1), 10**5000, [1], {"a": 1}, "x"]
    if option.value_type == "int":
        bad += [float(option.lo or 0), 6.5]
    else:
        bad += [math.nan, math.inf, -math.inf]
    for value in bad:
        with pytest.raises(BadConfig) as exc:
            read_config(ruleset, {option.key: value})
        _names_key(exc.value, option.key)
        with pytest.raises(ConfigError, match=option.key.replace(".", r"\.")):
            _new(game, {option.key: value})
    texts = ["nan", "inf", "-inf", "1e400", "18446744073709551617", "9" * (MAX_TEXT + 1)]
    for text in texts:
        with pytest.raises(BadConfig) as cli:
            parse_config(ruleset, [f"{option.key}={text}"])
        _names_key(cli.value, option.key)


def test_AMB_CB_4_the_reported_freeze_is_refused_at_once() -> None:
    champs = get("champs")
    with pytest.raises(BadConfig) as exc:
        read_config(champs, {"dice.sides": 18446744073709551617})
    assert exc.value.msg.key == "config.bad_int_range"
    assert "dice.sides" in translate(exc.value.msg, "fr") and "2 à 20" in translate(
        exc.value.msg, "fr"
    )
    assert "from 2 to 20" in translate(exc.value.msg, "en")
    with pytest.raises(ConfigError, match=r"dice\.sides"):
        champs.new({"dice.sides": 18446744073709551617}, 1)


def test_EPC_5_a_float_option_takes_an_int_and_gives_a_float() -> None:
    epic = get("epic")
    assert read_config(epic, {"coherency.cm": 6}) == {"coherency.cm": 6.0}
    assert isinstance(read_config(epic, {"coherency.cm": 6})["coherency.cm"], float)


def test_an_int_option_with_choices_refuses_a_bool_and_a_float() -> None:
    champs = get("champs")
    for value in (True, 2.0, "2.0"):
        with pytest.raises(BadConfig) as exc:
            read_config(champs, {"players": value})
        _names_key(exc.value, "players")
        assert "1, 2, 3, 4" in translate(exc.value.msg, "en")
    with pytest.raises(BadConfig) as exc:
        read_config(champs, {"hero.loneMove": True})
    _names_key(exc.value, "hero.loneMove")


def test_a_bool_option_refuses_an_int() -> None:
    with pytest.raises(BadConfig) as exc:
        read_config(get("champs"), {"traps.visible": 1})
    _names_key(exc.value, "traps.visible")
    with pytest.raises(ConfigError, match=r"faq.*\[FAQ\]"):
        get("heresy").new({"faq": 0}, 1)


# --------------------------------------------------------------------------- lists, texts, keys


def test_AMB_CB_20k_heroes_over_four_or_unknown_are_refused_everywhere() -> None:
    champs = get("champs")
    five = ["guerrier", "voleur", "templier", "gladiateur", "voleur"]
    for value in (five, ",".join(five), ["guerrier", "sorcier"], ["guerrier", 3], "a" * 300):
        with pytest.raises(BadConfig) as exc:
            read_config(champs, {"heroes": value})
        _names_key(exc.value, "heroes")
        assert "at most 4" in translate(exc.value.msg, "en")
        with pytest.raises(ConfigError, match="heroes"):
            champs.new({"heroes": value}, 1)
    with pytest.raises(BadConfig) as cli:
        parse_config(champs, ["heroes=" + ",".join(five)])
    _names_key(cli.value, "heroes")
    assert read_config(champs, {"heroes": ["voleur", "templier"]}) == {
        "heroes": ("voleur", "templier")
    }


def test_CB_24_too_few_heroes_for_the_players_is_refused_in_both_languages() -> None:
    from arbitre.engine.config_values import check_config

    champs = get("champs")
    config = read_config(champs, {"players": 3, "heroes": ["voleur"]})
    with pytest.raises(BadConfig) as exc:
        check_config(champs, config)
    assert exc.value.msg.rule == "CB-24"
    assert "heroes" in translate(exc.value.msg, "fr") and "heroes" in str(exc.value)


def test_HH_12_1_an_over_long_text_is_refused_naming_the_key() -> None:
    heresy = get("heresy")
    long = "x" * (MAX_TEXT + 1)
    with pytest.raises(BadConfig) as exc:
        read_config(heresy, {"scenario": long})
    _names_key(exc.value, "scenario")
    assert len(translate(exc.value.msg, "en")) < 200  # the value is not repeated whole
    with pytest.raises(ConfigError, match="scenario"):
        heresy.new({"scenario": long}, 1)
    with pytest.raises(BadConfig) as cli:
        parse_config(heresy, [f"scenario={long}"])
    _names_key(cli.value, "scenario")


def test_over_long_non_text_and_too_many_keys_are_refused() -> None:
    champs = get("champs")
    long_key = "k" * (MAX_KEY + 1)
    with pytest.raises(BadConfig) as exc:
        read_config(champs, {long_key: 1})
    assert exc.value.msg.key == "config.bad_key"
    assert long_key[:20] in translate(exc.value.msg, "en")
    with pytest.raises(BadConfig) as exc:
        read_config(champs, {1: 1})
    assert exc.value.msg.key == "config.bad_key"
    many = {f"k{i}": 1 for i in range(len(champs.options_schema()) + 1)}
    with pytest.raises(BadConfig) as exc:
        read_config(champs, many)
    assert exc.value.msg.key == "config.too_many"
    with pytest.raises(BadConfig) as exc:
        read_config(champs, {"nope": 1})
    _names_key(exc.value, "nope")


def test_choices_and_bools_still_read_from_text() -> None:
    champs = get("champs")
    assert parse_config(champs, ["combat.result=Highest", "traps.visible=non"]) == {
        "combat.result": "highest",
        "traps.visible": False,
    }
    assert read_config(champs, {"traps.playerPool": "none", "victory.rounds": "7"}) == {
        "traps.playerPool": None,
        "victory.rounds": 7,
    }
    assert champs.new({"dice.sides": "8"}, 1).rules.sides == 8
    for _game, option in OPTIONS:  # every default, written back as text, reads the same
        assert check_value(option, format_value(option.default)) == option.default


def test_every_config_message_has_both_languages() -> None:
    from arbitre.engine.i18n import catalog_keys

    keys = [k for k in catalog_keys() if k.startswith("config.")]
    assert "config.bad_int_range" in keys and "config.unknown_name" in keys
    for key in keys:
        assert has_message(key)


# --------------------------------------------------------------------------- Rng.below


@pytest.mark.parametrize("n", [0, -1, MAX_BELOW + 1, 2**64, 2**64 + 1, 10**40])
def test_rng_below_refuses_n_outside_1_to_2_63(n: int) -> None:
    rng = Rng.from_seed(1)
    with pytest.raises(ValueError, match=r"1 to 2\*\*63"):
        rng.below(n)
    with pytest.raises(ValueError, match=r"1 to 2\*\*63"):
        rng.die(n)
    with pytest.raises(ValueError, match=r"1 to 2\*\*63"):
        rng.dice(2, n)


def test_rng_below_works_up_to_2_63() -> None:
    rng = Rng.from_seed(1)
    assert 0 <= rng.below(MAX_BELOW) < MAX_BELOW
    assert rng.below(1) == 0
    assert 1 <= rng.die(20) <= 20
