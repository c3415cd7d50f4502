"""Configuration values checked against a ruleset's declared options, in one place.

Every value goes through `check_value`: the CLI's `key=value` strings (`coerce`,
`parse_config`), the server's JSON objects (`read_config`) and each game's own `resolve`
(so `ruleset.new(config, seed)` from Python refuses the same values). A value must have
the option's declared type exactly (a bool is not an int, a float is not an int), lie
within its bounds, be one of its choices; a list holds at most `max_items` items among
`items`. Strings given for a non-text option are read like `--config` text (true/false/
oui/non, numbers, comma lists, none). Every refusal is a `BadConfig` naming the key and
what is allowed, in French and English. The ruleset then has the last word on the whole
configuration (`check_config`, e.g. Champs needs as many heroes as players).

`read_config(..., names_only=True)` (the web server) also requires a resource option
(`ConfigOption.resource`: a Heresy content pack, a Champs battlefield) to be one of the
names installed in `arbitre.engine.library`: never a path, and no file is opened.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from arbitre.engine import library
from arbitre.engine.i18n import Msg, add_messages, translate
from arbitre.engine.ruleset import ConfigError, ConfigOption, Ruleset

TRUE_WORDS = ("true", "yes", "oui", "1", "on", "vrai")
FALSE_WORDS = ("false", "no", "non", "0", "off", "faux")
NONE_WORDS = ("none", "null", "aucun", "-")

MAX_KEY = 64  # characters of a config key
MAX_TEXT = 256  # characters of a text value (a name, a scenario id, a list item)
MAX_PATH = 1024  # characters of a resource given as a path (CLI and Python only)
MAX_ITEMS = 64  # items of a list option that declares no max_items
_SHOWN = 40  # characters of a refused value repeated in a message


class BadConfig(ConfigError):
    """A config value or key that cannot be accepted; `msg` says why, in both languages.

    A ConfigError (hence a ValueError) whose text is the English message.
    """

    msg: Msg

    def __init__(self, msg: Msg) -> None:
        super().__init__(translate(msg, "en"), msg)


def format_value(value: Any) -> str:
    """A config value the way `--config` accepts it back."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(format_value(v) for v in value)
    return str(value)


def _shown(value: Any) -> str:
    """A refused value, cut short: a message never repeats a huge or deep input."""
    if isinstance(value, str | bool | None):
        text = format_value(value)
    elif isinstance(value, list | tuple) and all(isinstance(v, str) for v in value[:8]):
        text = ",".join(value[:8]) + (",…" if len(value) > 8 else "")
    elif isinstance(value, int | float):
        try:
            text = repr(value)
        except ValueError:  # an int too long to print
            text = "…"
    else:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def _refuse(option: ConfigOption, key: str, value: Any, **args: Any) -> BadConfig:
    return BadConfig(Msg(key, {"key": option.key, "value": _shown(value), **args}, option.rule))


def _type_error(option: ConfigOption, value: Any) -> BadConfig:
    """What the option expects, with its choices or its bounds."""
    if option.choices is not None:
        choices = ", ".join(format_value(c) for c in option.choices)
        return _refuse(option, "config.bad_choice", value, choices=choices)
    kind = option.value_type
    if kind == "bool":
        return _refuse(option, "config.bad_bool", value)
    if kind in ("int", "float"):
        which = "int" if kind == "int" else "number"
        if option.lo is None:
            return _refuse(option, f"config.bad_{which}", value)
        return _refuse(option, f"config.bad_{which}_range", value, lo=option.lo, hi=option.hi)
    if kind == "list":
        most = option.max_items if option.max_items is not None else MAX_ITEMS
        if option.items is None:
            return _refuse(option, "config.bad_list", value, max=most, len=MAX_TEXT)
        choices = ", ".join(option.items)
        return _refuse(option, "config.bad_list_items", value, max=most, choices=choices)
    return _refuse(option, "config.bad_text", value, max=MAX_TEXT)


def _parse_text(option: ConfigOption, raw: str) -> Any:
    """A `--config` string read for a non-text option (choices matched case-insensitively)."""
    text = raw.strip()
    low = text.lower()
    if option.nullable and low in NONE_WORDS:
        return None
    if option.choices is not None:
        for choice in option.choices:
            if isinstance(choice, bool):
                if (low in TRUE_WORDS and choice) or (low in FALSE_WORDS and not choice):
                    return choice
            elif format_value(choice).lower() == low:
                return choice
        raise _type_error(option, raw)
    kind = option.value_type
    if kind == "bool":
        if low in TRUE_WORDS:
            return True
        if low in FALSE_WORDS:
            return False
    elif kind == "int":
        digits = text[1:] if text[:1] in "+-" else text
        if digits.isascii() and digits.isdigit():
            return int(text)
    elif kind == "float":
        try:
            return float(text)
        except ValueError:
            pass
    elif kind == "list":
        return tuple(v.strip() for v in text.split(",") if v.strip())
    raise _type_error(option, raw)


def _check_list(option: ConfigOption, value: Any) -> tuple[str, ...]:
    most = option.max_items if option.max_items is not None else MAX_ITEMS
    if not isinstance(value, list | tuple) or len(value) > most:
        raise _type_error(option, value)
    for item in value:
        if not isinstance(item, str) or len(item) > MAX_TEXT:
            raise _type_error(option, value)
        if option.items is not None and item not in option.items:
            raise _type_error(option, value)
    return tuple(value)


def _check_number(option: ConfigOption, value: Any) -> int | float:
    if option.value_type == "int":
        if type(value) is not int:
            raise _type_error(option, value)
        number: int | float = value
    else:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise _type_error(option, value)
        try:
            number = float(value)
        except OverflowError:  # an int beyond any float
            raise _type_error(option, value) from None
        if not math.isfinite(number):
            raise _type_error(option, value)
    if option.lo is not None and option.hi is not None and not option.lo <= number <= option.hi:
        raise _type_error(option, value)
    return number


def _check_name(option: ConfigOption, value: str) -> str:
    """A resource over the web: one of the installed names, never a path. A saved entry
    (the writable library) becomes `name@sha12`, the version the game starts with (kept on
    disk, so the game replays the same after the entry is replaced); such a pinned value,
    when that version is on disk, is taken as it is."""
    assert option.resource is not None
    known = library.names(option.resource)
    if value in known:
        return library.pin(option.resource, value)
    if library.PINNED.fullmatch(value) and library.entry(option.resource, value) is not None:
        return value
    shown = (["none"] if option.nullable else []) + known
    if not shown:
        raise _refuse(option, "config.no_names", value)
    raise _refuse(option, "config.unknown_name", value, names=", ".join(shown))


def check_value(option: ConfigOption, value: Any, *, names_only: bool = False) -> Any:
    """`value` typed and checked against `option`; BadConfig names the key and the limits.

    A string for a non-text option is read like `--config` text. `names_only`: a resource
    option must name an installed resource (`arbitre.engine.library`), nothing else.
    """
    if isinstance(value, str) and option.value_type != "str":
        if len(value) > MAX_TEXT:
            raise _type_error(option, value)
        value = _parse_text(option, value)
    if value is None:
        if option.nullable:
            return None
        raise _type_error(option, value)
    kind = option.value_type
    if kind == "bool":
        if not isinstance(value, bool):
            raise _type_error(option, value)
    elif kind in ("int", "float"):
        value = _check_number(option, value)
    elif kind == "list":
        value = _check_list(option, value)
    else:
        longest = MAX_PATH if option.resource is not None and not names_only else MAX_TEXT
        if not isinstance(value, str) or len(value) > longest:
            raise _type_error(option, value)
        value = value.strip()
        low = value.lower()
        if option.nullable and low in NONE_WORDS:
            return None
        if option.choices is not None:
            value = next(
                (c for c in option.choices if isinstance(c, str) and c.lower() == low), value
            )
        if names_only and option.resource is not None:
            return _check_name(option, value)
    if option.choices is not None and not any(
        type(c) is type(value) and c == value for c in option.choices
    ):
        raise _type_error(option, value)
    return value


def coerce(option: ConfigOption, raw: str) -> Any:
    """The typed, checked value of the `--config` text `raw` for `option`."""
    return check_value(option, raw)


def _check_key(ruleset_id: str, schema: Mapping[str, ConfigOption], key: Any) -> ConfigOption:
    if not isinstance(key, str) or len(key) > MAX_KEY:
        raise BadConfig(Msg("config.bad_key", {"key": _shown(key), "max": MAX_KEY}))
    option = schema.get(key)
    if option is None:
        raise BadConfig(Msg("config.unknown", {"key": key, "game": ruleset_id}))
    return option


def resolve_values(
    ruleset_id: str,
    options: Sequence[ConfigOption],
    config: Mapping[str, Any] | None,
    *,
    skip: Collection[str] = (),
) -> dict[str, Any]:
    """Every option's value: the default, or the config's value checked (`check_value`).

    What each game's `resolve` starts from. Keys in `skip` (e.g. a test `position`) are
    left to the game; any other unknown key, and any bad value, raises BadConfig.
    """
    schema = {o.key: o for o in options}
    values = {o.key: o.default for o in options}
    for key, value in (config or {}).items():
        if key in skip:
            continue
        values[key] = check_value(_check_key(ruleset_id, schema, key), value)
    return values


def parse_config(ruleset: Ruleset[Any], items: Sequence[str] | None) -> dict[str, Any]:
    """`["key=value", …]` into a config dict; unknown keys and bad values raise BadConfig.

    A resource (content pack, battlefield) may be an installed name or a path."""
    schema = {o.key: o for o in ruleset.options_schema()}
    config: dict[str, Any] = {}
    for item in items or ():
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BadConfig(Msg("config.syntax", {"item": _shown(item)}))
        config[key] = coerce(_check_key(ruleset.id, schema, key), raw)
    return config


def check_config(ruleset: Ruleset[Any], config: dict[str, Any]) -> tuple[str, ...]:
    """The seats for `config`; the ruleset's own refusal becomes BadConfig."""
    try:
        return ruleset.seats(config)
    except BadConfig:
        raise
    except (ConfigError, ValueError) as exc:
        msg = getattr(exc, "msg", None)
        if isinstance(msg, Msg):
            raise BadConfig(msg) from None
        raise BadConfig(Msg("config.refused", {"error": str(exc)})) from None


def read_config(ruleset: Ruleset[Any], data: Any, *, names_only: bool = False) -> dict[str, Any]:
    """A JSON object of config values; strings are read like `--config` values.

    Refused, naming the key: a key that is not a short string or not an option, more keys
    than the game has options, a bad value (`check_value`). `names_only` (the web server):
    a resource option must be an installed name (`arbitre.engine.library`), never a path;
    nothing is read from the file system.
    """
    if not isinstance(data, Mapping):
        raise BadConfig(Msg("config.not_object", {}))
    schema = {o.key: o for o in ruleset.options_schema()}
    if len(data) > len(schema):
        raise BadConfig(
            Msg("config.too_many", {"count": len(data), "max": len(schema), "game": ruleset.id})
        )
    config: dict[str, Any] = {}
    for key, value in data.items():
        option = _check_key(ruleset.id, schema, key)
        config[key] = check_value(option, value, names_only=names_only)
    return config


add_messages(
    {
        "config.syntax": {
            "fr": "Option de configuration « { $item } » mal formée : écrivez clé=valeur",
            "en": "Malformed config option '{ $item }': write key=value",
        },
        "config.unknown": {
            "fr": "Clé de configuration inconnue « { $key } » ; voir `arbitre rules { $game }`",
            "en": "Unknown config key '{ $key }'; see `arbitre rules { $game }`",
        },
        "config.bad_key": {
            "fr": "Clé de configuration « { $key } » impossible : un texte d'au plus { $max } "
            "caractères est attendu",
            "en": "Config key '{ $key }' is not allowed: a text of at most { $max } characters "
            "is expected",
        },
        "config.too_many": {
            "fr": "Trop de clés de configuration ({ $count }) : le jeu { $game } n'a que "
            "{ $max } options",
            "en": "Too many config keys ({ $count }): the game { $game } has only { $max } options",
        },
        "config.bad_choice": {
            "fr": "Valeur « { $value } » impossible pour { $key } : choisissez parmi { $choices }",
            "en": "Value '{ $value }' is not allowed for { $key }: choose one of { $choices }",
        },
        "config.bad_bool": {
            "fr": "Valeur « { $value } » impossible pour { $key } : attendu true/false (oui/non)",
            "en": "Value '{ $value }' is not allowed for { $key }: expected true/false (yes/no)",
        },
        "config.bad_int": {
            "fr": "Valeur « { $value } » impossible pour { $key } : un nombre entier est attendu",
            "en": "Value '{ $value }' is not allowed for { $key }: a whole number is expected",
        },
        "config.bad_int_range": {
            "fr": "Valeur « { $value } » impossible pour { $key } : un nombre entier de { $lo } "
            "à { $hi } "
            "est attendu",
            "en": "Value '{ $value }' is not allowed for { $key }: a whole number from { $lo } "
            "to { $hi } "
            "is expected",
        },
        "config.bad_number": {
            "fr": "Valeur « { $value } » impossible pour { $key } : un nombre est attendu",
            "en": "Value '{ $value }' is not allowed for { $key }: a number is expected",
        },
        "config.bad_number_range": {
            "fr": "Valeur « { $value } » impossible pour { $key } : un nombre de { $lo } à "
            "{ $hi } est attendu",
            "en": "Value '{ $value }' is not allowed for { $key }: a number from { $lo } to "
            "{ $hi } "
            "is expected",
        },
        "config.bad_list": {
            "fr": "Valeur « { $value } » impossible pour { $key } : une liste d'au plus "
            "{ $max } textes "
            "(de { $len } caractères au plus) est attendue",
            "en": "Value '{ $value }' is not allowed for { $key }: a list of at most { $max } "
            "texts "
            "(of at most { $len } characters) is expected",
        },
        "config.bad_list_items": {
            "fr": "Valeur « { $value } » impossible pour { $key } : une liste d'au plus { $max } "
            "éléments parmi { $choices } est attendue",
            "en": "Value '{ $value }' is not allowed for { $key }: a list of at most { $max } "
            "items "
            "among { $choices } is expected",
        },
        "config.bad_text": {
            "fr": "Valeur « { $value } » impossible pour { $key } : un texte d'au plus { $max } "
            "caractères est attendu",
            "en": "Value '{ $value }' is not allowed for { $key }: a text of at most { $max } "
            "characters is expected",
        },
        "config.unknown_name": {
            "fr": "Valeur « { $value } » impossible pour { $key } : choisissez un nom parmi "
            "{ $names }",
            "en": "Value '{ $value }' is not allowed for { $key }: choose a name among { $names }",
        },
        "config.no_names": {
            "fr": "Valeur « { $value } » impossible pour { $key } : rien n'est installé sur ce "
            "serveur",
            "en": "Value '{ $value }' is not allowed for { $key }: nothing is installed on this "
            "server",
        },
        "config.bad_value": {
            "fr": "Valeur « { $value } » impossible pour { $key }",
            "en": "Value '{ $value }' is not allowed for { $key }",
        },
        "config.not_object": {
            "fr": 'La configuration doit être un objet JSON {"{"}clé: valeur{"}"}',
            "en": 'The configuration must be a JSON object {"{"}key: value{"}"}',
        },
        "config.refused": {
            "fr": "Configuration refusée : { $error }",
            "en": "Configuration refused: { $error }",
        },
    }
)
