"""The choices a command's arguments take, listed at the end of its `--help`.

`ChoicesCommand` (games, each game's agents, the Heresy scenarios, the Champs battlefields)
and `GamesCommand` (games only) compute their epilog when the help is shown, never when the
command is imported: `arbitre play champs` does not load Heresy's content to run.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand


def choices_help(agents: bool = True, extras: bool = True) -> str:
    """Games (with their agents), Heresy scenarios and Champs battlefields, for `--help`."""
    from arbitre.engine.registry import get, names

    lines = []
    for game in names():
        if not agents:
            lines.append(f"{game}")
            continue
        try:
            from arbitre.engine.agents import agent_names

            known = ", ".join(agent_names(get(game)))
        except Exception:  # a broken game must not break --help
            known = "random"
        lines.append(f"{game}: agents {known}")
    if not agents:
        lines = ["jeux / games: " + ", ".join(lines)]
    if extras:
        try:
            from arbitre.engine import library
            from arbitre.games.heresy.content import default_content

            scenarios = ", ".join(default_content().scenarios.ids())
            fields = ", ".join(library.names(library.CHAMPS_BATTLEFIELD))
            lines.append(f"--scenario (heresy): {scenarios}")
            lines.append(f"--config battlefield=… (champs): {fields} (ou un fichier / or a file)")
        except Exception:  # pragma: no cover - a broken content pack must not break --help
            pass
    return "\n\n".join(lines)


class ChoicesCommand(TyperCommand):
    """A command whose help ends with the games, agents, scenarios and battlefields."""

    agents: bool = True
    extras: bool = True

    @property
    def epilog(self) -> str:
        return choices_help(self.agents, self.extras)

    @epilog.setter
    def epilog(self, value: Any) -> None:  # set by click's constructor; computed instead
        pass


class GamesCommand(ChoicesCommand):
    """A command whose help ends with the list of games."""

    agents = False
    extras = False
