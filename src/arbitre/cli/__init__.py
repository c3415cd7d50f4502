"""The `arbitre` command: serve, play, replay, simulate, odds, rules."""

from __future__ import annotations

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
    from arbitre.cli import (  # noqa: F401
        content_cmd,
        odds_cmd,
        odds_epic_cmd,
        play_cmd,
        replay_cmd,
        rules_cmd,
        serve_cmd,
        simulate_cmd,
    )


def main() -> None:
    _register()
    app()
