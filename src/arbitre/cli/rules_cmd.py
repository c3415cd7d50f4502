"""`arbitre rules GAME`: every configuration option and the rule it settles.

The `--config key=value` parsing shared by `play` and `simulate` lives in
`arbitre.engine.config_values` (the server reads configs the same way).
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.text import Text

from arbitre.cli import app
from arbitre.cli.choices import GamesCommand
from arbitre.cli.messages import Lang, game_title, tr
from arbitre.cli.render import make_console
from arbitre.engine.config_values import (
    FALSE_WORDS,
    NONE_WORDS,
    TRUE_WORDS,
    BadConfig,
    check_config,
    coerce,
    format_value,
    parse_config,
)
from arbitre.engine.i18n import Msg, add_messages, translate
from arbitre.engine.registry import get
from arbitre.engine.ruleset import ConfigOption, Ruleset


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
                **o.limits(),
            }
            for o in ruleset.options_schema()
        ],
        "rule_ids": list(ruleset.rule_ids()),
    }


def allowed(option: ConfigOption, lang: str) -> str:
    """The values `option` takes: its choices, its bounds, its list items, or "free"."""
    if option.choices is not None:
        return " | ".join(format_value(c) for c in option.choices)
    if option.lo is not None:
        return tr("cli.rules.range", lang, lo=option.lo, hi=option.hi)
    if option.value_type == "list":
        items = " | ".join(option.items) if option.items is not None else "…"
        return tr("cli.rules.list", lang, max=option.max_items or "…", items=items)
    if option.resource is not None:
        return tr("cli.rules.resource", lang)
    return tr("cli.rules.free", lang)


@app.command("rules", cls=GamesCommand)
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
    console.print(
        Text(tr("cli.rules.title", lang, game=game_title(ruleset.id, lang)), style="bold")
    )
    columns = ("cli.rules.key", "cli.rules.default", "cli.rules.rule", "cli.rules.choices")
    console.print(Text("  " + " · ".join(tr(k, lang) for k in columns), style="dim"))
    options = list(ruleset.options_schema())
    width = max((len(o.key) for o in options), default=0)
    for o in options:
        choices = allowed(o, lang)
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


add_messages(
    {
        "cli.rules.range": {"fr": "de { $lo } à { $hi }", "en": "from { $lo } to { $hi }"},
        "cli.rules.list": {
            "fr": "liste d'au plus { $max } parmi { $items }",
            "en": "list of at most { $max } among { $items }",
        },
        "cli.rules.resource": {
            "fr": "nom installé (ou chemin en ligne de commande)",
            "en": "installed name (or a path on the command line)",
        },
    }
)


__all__ = [
    "FALSE_WORDS",
    "NONE_WORDS",
    "TRUE_WORDS",
    "BadConfig",
    "check_config",
    "coerce",
    "format_value",
    "parse_config",
]
