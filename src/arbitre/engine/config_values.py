"""Configuration values read against a ruleset's documented options.

A value is read against the option's choices and default (true/false/oui/non, numbers,
comma lists, none), then the ruleset itself has the last word (it raises ConfigError).
The CLI reads `key=value` strings; the server reads JSON objects whose values may already
be typed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.engine.i18n import Msg, add_messages
from arbitre.engine.ruleset import ConfigError, ConfigOption, Ruleset

TRUE_WORDS = ("true", "yes", "oui", "1", "on", "vrai")
FALSE_WORDS = ("false", "no", "non", "0", "off", "faux")
NONE_WORDS = ("none", "null", "aucun", "-")


class BadConfig(Exception):
    """A `--config` item that cannot be read; `msg` says why, in both languages."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.key)
        self.msg = msg


def format_value(value: Any) -> str:
    """A config value the way `--config` accepts it back."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(format_value(v) for v in value)
    return str(value)


def _as_bool(option: ConfigOption, low: str, raw: str) -> bool:
    if low in TRUE_WORDS:
        return True
    if low in FALSE_WORDS:
        return False
    raise BadConfig(Msg("config.bad_bool", {"key": option.key, "value": raw}))


def coerce(option: ConfigOption, raw: str) -> Any:
    """The typed value of `raw` for `option` (choices matched case-insensitively)."""
    text = raw.strip()
    low = text.lower()
    nullable = option.default is None or (option.choices is not None and None in option.choices)
    if nullable and low in NONE_WORDS:
        return None
    if option.choices is not None:
        for choice in option.choices:
            if isinstance(choice, bool):
                if (low in TRUE_WORDS and choice) or (low in FALSE_WORDS and not choice):
                    return choice
            elif format_value(choice).lower() == low:
                return choice
        choices = ", ".join(format_value(c) for c in option.choices)
        raise BadConfig(
            Msg("config.bad_choice", {"key": option.key, "value": raw, "choices": choices})
        )
    default = option.default
    if isinstance(default, bool):
        return _as_bool(option, low, raw)
    if isinstance(default, int) or (default is None and low.lstrip("-").isdigit()):
        try:
            return int(text)
        except ValueError:
            raise BadConfig(Msg("config.bad_int", {"key": option.key, "value": raw})) from None
    if isinstance(default, list | tuple):
        return tuple(v.strip() for v in text.split(",") if v.strip())
    return text


def parse_config(ruleset: Ruleset[Any], items: Sequence[str] | None) -> dict[str, Any]:
    """`["key=value", …]` into a config dict; unknown keys and bad values raise BadConfig."""
    schema = {o.key: o for o in ruleset.options_schema()}
    config: dict[str, Any] = {}
    for item in items or ():
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BadConfig(Msg("config.syntax", {"item": item}))
        if key not in schema:
            raise BadConfig(Msg("config.unknown", {"key": key, "game": ruleset.id}))
        config[key] = coerce(schema[key], raw)
    return config


def check_config(ruleset: Ruleset[Any], config: dict[str, Any]) -> tuple[str, ...]:
    """The seats for `config`; the ruleset's own refusal becomes BadConfig."""
    try:
        return ruleset.seats(config)
    except (ConfigError, ValueError) as exc:
        raise BadConfig(Msg("config.refused", {"error": str(exc)})) from None


def _check_typed(option: ConfigOption, value: Any) -> Any:
    """A JSON value that is not a string: it must be one of the choices or of the default's type."""
    if option.choices is not None:
        # Compare type and value: True == 1 must not pick the choice 1.
        if any(type(c) is type(value) and c == value for c in option.choices):
            return value
        if isinstance(value, list) and tuple(value) in option.choices:
            return tuple(value)
        choices = ", ".join(format_value(c) for c in option.choices)
        raise BadConfig(
            Msg("config.bad_choice", {"key": option.key, "value": value, "choices": choices})
        )
    default = option.default
    if value is None and default is None:
        return None
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise BadConfig(Msg("config.bad_bool", {"key": option.key, "value": value}))
    if isinstance(default, int) or default is None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise BadConfig(Msg("config.bad_int", {"key": option.key, "value": value}))
    if (
        isinstance(default, list | tuple)
        and isinstance(value, list)
        and all(isinstance(v, str) for v in value)
    ):
        return tuple(value)
    raise BadConfig(Msg("config.bad_value", {"key": option.key, "value": value}))


def read_config(ruleset: Ruleset[Any], data: Any) -> dict[str, Any]:
    """A JSON object of config values; strings are read like `--config` values."""
    if not isinstance(data, Mapping):
        raise BadConfig(Msg("config.not_object", {}))
    schema = {o.key: o for o in ruleset.options_schema()}
    config: dict[str, Any] = {}
    for key, value in data.items():
        if key not in schema:
            raise BadConfig(Msg("config.unknown", {"key": key, "game": ruleset.id}))
        option = schema[key]
        config[key] = (
            coerce(option, value) if isinstance(value, str) else _check_typed(option, value)
        )
    return config


add_messages(
    {
        "config.syntax": {
            "fr": "Option de configuration « {item} » mal formée : écrivez clé=valeur",
            "en": "Malformed config option '{item}': write key=value",
        },
        "config.unknown": {
            "fr": "Clé de configuration inconnue « {key} » ; voir `arbitre rules {game}`",
            "en": "Unknown config key '{key}'; see `arbitre rules {game}`",
        },
        "config.bad_choice": {
            "fr": "Valeur « {value} » impossible pour {key} : choisissez parmi {choices}",
            "en": "Value '{value}' is not allowed for {key}: choose one of {choices}",
        },
        "config.bad_bool": {
            "fr": "Valeur « {value} » impossible pour {key} : attendu true/false (oui/non)",
            "en": "Value '{value}' is not allowed for {key}: expected true/false (yes/no)",
        },
        "config.bad_int": {
            "fr": "Valeur « {value} » impossible pour {key} : un nombre entier est attendu",
            "en": "Value '{value}' is not allowed for {key}: a whole number is expected",
        },
        "config.bad_value": {
            "fr": "Valeur « {value} » impossible pour {key}",
            "en": "Value '{value}' is not allowed for {key}",
        },
        "config.not_object": {
            "fr": "La configuration doit être un objet JSON {{clé: valeur}}",
            "en": "The configuration must be a JSON object {{key: value}}",
        },
        "config.refused": {
            "fr": "Configuration refusée : {error}",
            "en": "Configuration refused: {error}",
        },
    }
)
