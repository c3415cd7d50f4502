"""The `arbitre` command: play, replay, simulate, odds, rules."""

from __future__ import annotations

import importlib
import importlib.util

import typer

app = typer.Typer(
    name="arbitre",
    help="arbitre — arbitre de jeux de bataille / a referee for tabletop battle games.",
    no_args_is_help=False,
    add_completion=False,
)
odds_app = typer.Typer(help="Probabilités exactes d'un combat / exact battle odds.")
app.add_typer(odds_app, name="odds")


def _register() -> None:
    # Each command lives in its own module and attaches itself to `app` (or `odds_app`).
    from arbitre.cli import play_cmd, replay_cmd, rules_cmd, simulate_cmd  # noqa: F401

    # `odds` is written separately; until its module exists the other commands still work.
    if importlib.util.find_spec("arbitre.cli.odds_cmd") is not None:
        importlib.import_module("arbitre.cli.odds_cmd")
    from arbitre.cli import content_cmd  # noqa: F401


def main() -> None:
    _register()
    app()
