"""Every option's help reaches the screen whole: Rich reads "[word]" as a style tag and
drops it (`pip install 'arbitre[cluster]'` once showed as `pip install 'arbitre'`), so a
bracket a help text means literally must be escaped, and this test finds one that is not."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer

from arbitre.cli import _register, app

TOKEN = re.compile(r"\[[^\]\s]+\]")  # a bracketed word, as Rich would take a tag


def _commands() -> list[tuple[list[str], Any]]:
    _register()
    found: list[tuple[list[str], Any]] = []

    def walk(path: list[str], cmd: Any) -> None:
        found.append((path, cmd))
        for name, sub in sorted(getattr(cmd, "commands", {}).items()):  # Typer's own click
            walk([*path, name], sub)

    walk([], typer.main.get_command(app))
    return found


COMMANDS = _commands()


@pytest.mark.parametrize("path,cmd", COMMANDS, ids=[" ".join(p) or "arbitre" for p, _ in COMMANDS])
def test_bracketed_words_in_help_are_shown(cli: Any, path: list[str], cmd: Any) -> None:
    wanted = []
    for param in cmd.params:
        text = getattr(param, "help", None) or ""
        wanted += TOKEN.findall(text.replace("\\[", "["))  # as shown, escapes undone
    result = cli([*path, "--help"])
    assert result.exit_code == 0, result.output
    shown = "".join(result.output.split())
    for token in wanted:
        assert token in shown, f"{' '.join(path)}: {token!r} missing from --help"
