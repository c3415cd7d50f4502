"""A person at the terminal: reading a line, reading an answer, picking from a menu.

An answer is an option number, an option key, or a command (English or French name).
Option keys win over command names, so a game may use any key it likes.
End of input (Ctrl-D, a closed pipe) and Ctrl-C raise `InputClosed`: `arbitre play`
asks whether to quit and autosaves (at end of input, where nothing more can be read, it
autosaves and leaves), never with a traceback.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

from arbitre.cli.messages import tr
from arbitre.engine.decision import Decision


class InputClosed(Exception):
    """No more input: end of file or interrupt."""


def ask(console: Console, prompt: Text | str) -> str:
    """One line from the person, stripped; InputClosed at end of input."""
    try:
        return console.input(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        console.print()
        raise InputClosed from None


COMMANDS = {
    "undo": "undo",
    "annuler": "undo",
    "save": "save",
    "sauver": "save",
    "enregistrer": "save",
    "help": "help",
    "aide": "help",
    "?": "help",
    "log": "log",
    "journal": "log",
    "quit": "quit",
    "quitter": "quit",
    "exit": "quit",
    "board": "board",
    "plateau": "board",
    "rule": "rule",
    "règle": "rule",
    "regle": "rule",
    "card": "card",
    "carte": "card",
    "zone": "zone",
}
QUIT_WORDS = ("quit", "quitter", "exit", "q")
YES_WORDS = ("o", "oui", "y", "yes")
NO_WORDS = ("n", "non", "no")


@dataclass(frozen=True, slots=True)
class Pick:
    """An answer to give to the game (maybe illegal: the game will say why)."""

    key: str


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    arg: str = ""


@dataclass(frozen=True, slots=True)
class OutOfRange:
    number: int


Answer = Pick | Command | OutOfRange

# a point typed at a point prompt: "30,40", "30, 40", "(30.5 ; 40)", "30 40"
_NUM = r"[-+]?\d+(?:\.\d+)?"
POINT = re.compile(rf"^\(?\s*({_NUM})\s*(?:[,;]\s*|\s+)({_NUM})\s*\)?$")


def point_key(text: str) -> str | None:
    """The key "x,y" of a typed point (cm), else None; -0 is written 0."""
    m = POINT.match(text.strip())
    if m is None:
        return None
    return ",".join(_cm(float(v) + 0.0) for v in m.groups())


def _cm(v: float) -> str:
    text = repr(v)
    return text[:-2] if text.endswith(".0") else text


def parse_answer(decision: Decision, line: str) -> Answer | None:
    """Number → its option, exact key → that key, command word → command, else a key."""
    text = line.strip()
    if not text:
        return None
    if text.isdigit():
        n = int(text)
        if 1 <= n <= len(decision.options):
            return Pick(decision.options[n - 1].key)
        if decision.find(text) is None:
            return OutOfRange(n)
    if decision.find(text) is not None:
        return Pick(text)
    point = point_key(text)
    if point is not None:
        return Pick(point)  # the game checks the point (a point decision) or refuses it
    word, _, rest = text.partition(" ")
    if word.lower() in COMMANDS:
        return Command(COMMANDS[word.lower()], rest.strip())
    return Pick(text)


def choose(
    console: Console,
    title: str,
    items: Sequence[tuple[str, str]],
    default: int,
    lang: str,
) -> int:
    """A numbered menu of (name, description); returns the 0-based index picked."""
    table = Table(title=title, title_justify="left", show_header=False, box=None)
    table.add_column(justify="right", style="bold yellow")
    table.add_column(style="bold")
    table.add_column(style="dim")
    for n, (name, description) in enumerate(items, 1):
        table.add_row(f"{n}.", name, description)
    console.print(table)
    names = [name.lower() for name, _ in items]
    while True:
        prompt = Text(tr("cli.menu.prompt", lang, default=default + 1) + " ", style="bold")
        line = ask(console, prompt)
        if not line:
            return default
        if line.isdigit() and 1 <= int(line) <= len(items):
            return int(line) - 1
        if line.lower() in names:
            return names.index(line.lower())
        console.print(Text(tr("cli.menu.bad", lang, n=len(items)), style="red"))
