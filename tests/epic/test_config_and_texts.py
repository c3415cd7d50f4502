"""Rule options (AMB-EP-n) and the fr/en texts of the Epic game."""

from __future__ import annotations

import pytest

from arbitre.engine.i18n import Msg, has_message, translate
from arbitre.engine.ruleset import ConfigError
from arbitre.games.epic import messages
from arbitre.games.epic.config import DEFAULTS, ORIGIN, options_schema, resolve


def test_AMB_EP_2_default_and_choices() -> None:
    assert DEFAULTS["roll.sevenPlus"] == "sixThen"
    assert resolve({"roll.sevenPlus": "impossible"}).seven_plus == "impossible"


def test_AMB_EP_4_elite_pool_defaults() -> None:
    rules = resolve()
    assert (rules.elite_pool, rules.elite_scope) == ("perDetachment", "game")


def test_AMB_EP_6_breakthrough_defaults() -> None:
    rules = resolve()
    assert not rules.breakthrough_exact and not rules.breakthrough_big


def test_AMB_EP_8_b_measurement_default_is_centre() -> None:
    assert not resolve().measure_edge
    assert resolve({"measure.from": "edge"}).measure_edge


def test_AMB_EP_15_o_floaters_high_altitude_default() -> None:
    assert resolve().floaters_high


def test_config_errors_name_the_key() -> None:
    with pytest.raises(ConfigError, match="nope"):
        resolve({"nope": 1})
    with pytest.raises(ConfigError, match=r"roll\.sevenPlus"):
        resolve({"roll.sevenPlus": "maybe"})
    with pytest.raises(ConfigError, match=r"coherency\.cm"):
        resolve({"coherency.cm": -1})


def test_every_option_has_an_origin_and_both_texts() -> None:
    for opt in options_schema():
        assert ORIGIN[opt.key] in ("seed", "research", "ours")
        assert has_message(opt.help.key), opt.key


def test_every_epic_text_exists_in_french_and_english() -> None:
    for key, texts in messages.MESSAGES.items():
        assert texts["fr"] and texts["en"], key
    msg = Msg("epic.move.coherency", {"cm": 6.0}, "EP-2.6")
    assert translate(msg, "fr").endswith("[EP-2.6]")
    assert "coherency" in translate(msg, "en")
