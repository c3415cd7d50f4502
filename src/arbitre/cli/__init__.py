"""The `arbitre` command: serve, play, replay, simulate, odds, rules, content.

Subcommands are imported lazily: `arbitre odds champs …` imports only the odds module of
Champs, never the renderers nor the other games (startup time). Each command lives in its
own module and attaches itself to `app` (or `odds_app`, `content_app`); `_LAZY` says which
module defines which command name. `_register()` imports them all (tests, listings).
"""

from __future__ import annotations

import importlib
from typing import Annotated, Any, ClassVar

import typer
from typer.core import TyperGroup

from arbitre import __version__

# command name -> modules of arbitre.cli that define it
_LAZY: dict[str, tuple[str, ...]] = {
    "serve": ("serve_cmd",),
    "play": ("play_cmd",),
    "replay": ("replay_cmd",),
    "simulate": ("simulate_cmd",),
    "rules": ("rules_cmd",),
    "content": ("content_cmd",),
}
_LAZY_ODDS: dict[str, tuple[str, ...]] = {
    "champs": ("odds_cmd",),
    "epic": ("odds_epic_cmd",),
}


class _LazyGroup(TyperGroup):
    """A Typer group whose commands are imported on first use (`lazy`: name -> modules)."""

    lazy: ClassVar[dict[str, tuple[str, ...]]] = {}
    owner: ClassVar[typer.Typer | None] = None

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted(set(self.commands) | set(self.lazy))

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = self.commands.get(cmd_name)
        if cmd is None and cmd_name in self.lazy and self.owner is not None:
            for module in self.lazy[cmd_name]:
                importlib.import_module(f"arbitre.cli.{module}")
            cmd = typer.main.get_group(self.owner).commands.get(cmd_name)
            if cmd is not None:
                self.commands[cmd_name] = cmd
        return cmd


class _MainGroup(_LazyGroup):
    lazy = _LAZY


class _OddsGroup(_LazyGroup):
    lazy = _LAZY_ODDS


app = typer.Typer(
    name="arbitre",
    help="arbitre — arbitre de jeux de bataille / a referee for tabletop battle games.",
    no_args_is_help=False,
    add_completion=False,
    cls=_MainGroup,
)
odds_app = typer.Typer(
    help="Probabilités exactes d'un combat / exact battle odds (champs, epic).",
    cls=_OddsGroup,
)
app.add_typer(odds_app, name="odds")
_MainGroup.owner = app
_OddsGroup.owner = odds_app


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"arbitre {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_show_version,
            help="Affiche la version / print the version.",
        ),
    ] = False,
) -> None:
    """arbitre — arbitre de jeux de bataille / a referee for tabletop battle games."""


def _register() -> None:
    """Import every command module (each attaches itself to `app` or `odds_app`)."""
    for modules in (*_LAZY.values(), *_LAZY_ODDS.values()):
        for module in modules:
            importlib.import_module(f"arbitre.cli.{module}")


def main() -> None:
    app()
