"""The `arbitre` command: serve, play, replay, simulate, odds, rules, content.

Subcommands are imported lazily: `arbitre odds champs …` imports only the odds module of
Champs, never the renderers nor the other games (startup time). Each command lives in its
own module and attaches itself to `app` (or `odds_app`, `content_app`); `_LAZY` says which
module defines which command name. `_register()` imports them all (tests, listings).

`--help` of a group lists its commands with the static short texts of `_SHORT` (checked
against the commands' own texts by tests/cli/test_startup.py): `arbitre odds --help` imports
no game. Every command's simple options are read by `options.plain` (no Pydantic, errors in
the run's language).
"""

from __future__ import annotations

import importlib
from typing import Annotated, Any, ClassVar

import typer
from typer.core import TyperCommand, TyperGroup

from arbitre import __version__
from arbitre.cli.options import plain

# command name -> modules of arbitre.cli that define it
_LAZY: dict[str, tuple[str, ...]] = {
    "serve": ("serve_cmd",),
    "play": ("play_cmd",),
    "replay": ("replay_cmd",),
    "simulate": ("simulate_cmd",),
    "rules": ("rules_cmd",),
    "content": ("content_cmd",),
    "army": ("army_cmd",),
}
_LAZY_ODDS: dict[str, tuple[str, ...]] = {
    "champs": ("odds_cmd",),
    "epic": ("odds_epic_cmd",),
}


# command name -> its short help in `--help` listings (the command's own first line)
_SHORT: dict[str, str] = {
    "serve": "Lance l'application web / start the web app.",
    "play": "Jouer une partie / play a game.",
    "replay": "Rejouer une partie enregistrée / replay a saved game.",
    "simulate": "Simuler des parties entre agents / simulate games between agents.",
    "rules": "Options de configuration et règles d'un jeu / a game's config options and rule IDs.",
    "content": "Paquets de contenu de L'Hérésie d'Horus / L'Hérésie d'Horus content packs.",
    "army": "Armées d'Epic : listes, création, vérification / Epic armies: lists, new, check.",
    "champs": "Champs de Bataille : un combat / one combat (CB-55..CB-58).",
    "epic": "Epic : tir ou assaut / Epic: shooting or assault.",
}
_LISTING = "arbitre.listing"  # ctx.meta flag: the group's help is being written


class _LazyGroup(TyperGroup):
    """A Typer group whose commands are imported on first use (`lazy`: name -> modules)."""

    lazy: ClassVar[dict[str, tuple[str, ...]]] = {}
    owner: ClassVar[typer.Typer | None] = None

    def list_commands(self, ctx: Any) -> list[str]:
        return sorted(set(self.commands) | set(self.lazy))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        ctx.meta[_LISTING] = True
        try:
            super().format_help(ctx, formatter)
        finally:
            ctx.meta[_LISTING] = False

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = self.commands.get(cmd_name)
        if cmd is None and cmd_name in self.lazy and self.owner is not None:
            if ctx is not None and ctx.meta.get(_LISTING) and cmd_name in _SHORT:
                # a help listing: the static short text, without importing the command
                return TyperCommand(cmd_name, short_help=_SHORT[cmd_name])
            for module in self.lazy[cmd_name]:
                importlib.import_module(f"arbitre.cli.{module}")
            cmd = typer.main.get_group(self.owner).commands.get(cmd_name)
            if cmd is not None:
                self.commands[cmd_name] = cmd
        return cmd if cmd is None else plain(cmd, ctx)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        plain(self, ctx)  # the group's own options (--version, --help)
        rest: list[str] = super().parse_args(ctx, args)
        return rest


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
