"""`arbitre rules GAME`: every configuration option and the rule it settles.

Also home of the `--config key=value` parsing shared by `play` and `simulate`: a value
is read against the option's choices and default (true/false/oui/non, numbers, comma
lists, none), then the ruleset itself has the last word (it raises ConfigError).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any, Literal

import typer
from rich.text import Text

from arbitre.cli import app
from arbitre.cli.messages import tr
from arbitre.cli.render import make_console
from arbitre.engine.i18n import Msg, translate
from arbitre.engine.registry import get
from arbitre.engine.ruleset import ConfigError, ConfigOption, Ruleset

Lang = Literal["fr", "en"]
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
    raise BadConfig(Msg("cli.config.bad_bool", {"key": option.key, "value": raw}))


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
            Msg("cli.config.bad_choice", {"key": option.key, "value": raw, "choices": choices})
        )
    default = option.default
    if isinstance(default, bool):
        return _as_bool(option, low, raw)
    if isinstance(default, int) or (default is None and low.lstrip("-").isdigit()):
        try:
            return int(text)
        except ValueError:
            raise BadConfig(Msg("cli.config.bad_int", {"key": option.key, "value": raw})) from None
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
            raise BadConfig(Msg("cli.config.syntax", {"item": item}))
        if key not in schema:
            raise BadConfig(Msg("cli.config.unknown", {"key": key, "game": ruleset.id}))
        config[key] = coerce(schema[key], raw)
    return config


def check_config(ruleset: Ruleset[Any], config: dict[str, Any]) -> tuple[str, ...]:
    """The seats for `config`; the ruleset's own refusal becomes BadConfig."""
    try:
        return ruleset.seats(config)
    except (ConfigError, ValueError) as exc:
        raise BadConfig(Msg("cli.config.refused", {"error": str(exc)})) from None


def fail(lang: str, key: str, code: int = 2, **args: Any) -> typer.Exit:
    """Print a translated error on stderr; the caller raises the returned Exit."""
    make_console(stderr=True).print(Text(tr(key, lang, **args), style="bold red"))
    return typer.Exit(code)


def fail_msg(lang: str, msg: Msg, code: int = 2) -> typer.Exit:
    make_console(stderr=True).print(Text(translate(msg, lang), style="bold red"))
    return typer.Exit(code)


def load_ruleset(game: str, lang: str) -> Ruleset[Any]:
    try:
        return get(game)
    except KeyError:
        from arbitre.engine.registry import names

        raise fail(lang, "cli.unknown_game", game=game, known=", ".join(names())) from None


def rules_json(ruleset: Ruleset[Any], lang: str) -> dict[str, Any]:
    return {
        "game": ruleset.id,
        "version": ruleset.version,
        "options": [
            {
                "key": o.key,
                "default": list(o.default) if isinstance(o.default, tuple) else o.default,
                "choices": None if o.choices is None else list(o.choices),
                "rule": o.rule,
                "help": translate(o.help, lang),
            }
            for o in ruleset.options_schema()
        ],
        "rule_ids": list(ruleset.rule_ids()),
    }


@app.command("rules")
def rules(
    game: Annotated[str, typer.Argument(help="jeu / game (ex. champs)")],
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
    as_json: Annotated[
        bool, typer.Option("--json", help="JSON sur stdout / JSON on stdout")
    ] = False,
) -> None:
    """Options de configuration et règles d'un jeu / a game's config options and rule IDs."""
    ruleset = load_ruleset(game, lang)
    data = rules_json(ruleset, lang)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        return
    console = make_console()
    console.print(Text(tr("cli.rules.title", lang, game=ruleset.id), style="bold"))
    columns = ("cli.rules.key", "cli.rules.default", "cli.rules.rule", "cli.rules.choices")
    console.print(Text("  " + " · ".join(tr(k, lang) for k in columns), style="dim"))
    options = list(ruleset.options_schema())
    width = max((len(o.key) for o in options), default=0)
    for o in options:
        choices = (
            tr("cli.rules.free", lang)
            if o.choices is None
            else " | ".join(format_value(c) for c in o.choices)
        )
        line = Text("  ")
        line.append(o.key.ljust(width), style="bold")
        line.append(" = ")
        line.append(format_value(o.default), style="green")
        line.append("  ")
        line.append(o.rule, style="yellow")
        line.append(f"  [{choices}]")
        console.print(line)
        console.print(Text("      " + translate(o.help, lang), style="dim"))
    console.print(Text(tr("cli.rules.usage", lang, game=ruleset.id), style="dim"))
    ids = list(ruleset.rule_ids())
    console.print(Text(tr("cli.rules.ids", lang, n=len(ids)), style="bold"))
    console.print(Text(", ".join(ids)))
