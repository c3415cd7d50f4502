"""`arbitre play [GAME]`: a game at the terminal, people and AI seats together.

Each turn the screen shows the board, the recent journal and the current question with
numbered options. A person answers with a number, an option key, or a command:
`undo`, `save [FILE]`, `help`, `log`, `quit` (French names work too).
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, RenderableType
from rich.text import Text

from arbitre.cli import app
from arbitre.cli.human import COMMANDS, Command, InputClosed, OutOfRange, ask, choose, parse_answer
from arbitre.cli.messages import tr
from arbitre.cli.render import (
    Played,
    decision_view,
    journal,
    journal_panel,
    make_console,
    play_recorded,
    render_board,
    result_view,
    seat_labels,
)
from arbitre.cli.replay_cmd import load_record, new_match, step_once
from arbitre.cli.rules_cmd import (
    BadConfig,
    Lang,
    check_config,
    fail,
    fail_msg,
    format_value,
    load_ruleset,
    parse_config,
)
from arbitre.engine.agents import agent_names, make_agent
from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg, has_message, translate
from arbitre.engine.match import Match
from arbitre.engine.record import GameRecord
from arbitre.engine.registry import names
from arbitre.engine.ruleset import IllegalChoice, Ruleset

HUMAN_WORDS = ("human", "humain", "h")
RECENT = 8

# A decision marked `private` (e.g. an order placed face down, HH-18.14): while the game
# runs, the journal shows that answer to its own seat only. Other choices (and every
# choice once the game is over) stay public.


class Quit(Exception):
    """The person asked to leave."""


# --- choosing the game and the seats -----------------------------------------------------


def game_menu(console: Console, lang: str) -> str:
    games = names()
    items = [(g, tr(f"cli.game.{g}", lang) if has_message(f"cli.game.{g}") else "") for g in games]
    return games[choose(console, tr("cli.menu.game", lang), items, 0, lang)]


def default_seat(ruleset: Ruleset[Any], seat: str, index: int) -> str | None:
    """p1 is a person; a seat with an AI of its own name (`mj`) gets it; others random."""
    if index == 0:
        return None
    return seat if seat in agent_names(ruleset) else "random"


def seat_menu(
    console: Console, ruleset: Ruleset[Any], seats: tuple[str, ...], lang: str
) -> list[str | None]:
    agents = agent_names(ruleset)
    items = [(tr("cli.seat.human", lang), "")] + [
        (a, tr(f"cli.agent.{a}", lang) if has_message(f"cli.agent.{a}") else "") for a in agents
    ]
    chosen: list[str | None] = []
    for i, seat in enumerate(seats):
        default = default_seat(ruleset, seat, i)
        index = choose(
            console,
            tr("cli.menu.seat", lang, seat=seat),
            items,
            0 if default is None else 1 + agents.index(default),
            lang,
        )
        chosen.append(None if index == 0 else agents[index - 1])
    return chosen


def parse_seats(
    ruleset: Ruleset[Any], seats: tuple[str, ...], text: str, lang: str
) -> list[str | None]:
    """`human,random,mj` → one entry per seat, None for a person."""
    words = [w.strip() for w in text.split(",") if w.strip()]
    if len(words) != len(seats):
        raise fail(lang, "cli.seats.count", n=len(words), seats=len(seats), names=", ".join(seats))
    known = agent_names(ruleset)
    out: list[str | None] = []
    for word in words:
        if word.lower() in HUMAN_WORDS:
            out.append(None)
        elif word in known:
            out.append(word)
        else:
            raise fail(lang, "cli.agents.unknown", name=word, known=", ".join(["human", *known]))
    return out


# --- the game loop -----------------------------------------------------------------------


class Session:
    """One game at the terminal: agents play on their own, people answer at the prompt."""

    def __init__(
        self,
        console: Console,
        match: Match,
        lang: str,
        seat_agents: list[str | None],
        played: list[Played],
        hidden: set[int] | None = None,
    ) -> None:
        self.console = console
        self.match = match
        self.lang = lang
        self.seat_agents = seat_agents
        self.played = played
        self.hidden: set[int] = set(hidden or ())  # numbers of the private answers
        self.notices: list[Text] = []
        self.default_file = f"{match.ruleset.id}-{match.seed}.json"
        self.saved_keys: list[str] | None = list(match.keys) if match.keys else None

    def unsaved(self) -> int:
        """How many human answers are not in the last save (or the loaded file)."""
        saved = self.saved_keys or []
        keys = self.match.keys
        common = 0
        while common < min(len(saved), len(keys)) and saved[common] == keys[common]:
            common += 1
        seats = self.match.seats_of_keys[common:]
        return sum(1 for seat in seats if self.match.is_human(seat))

    def tr(self, key: str, **args: Any) -> str:
        return tr(key, self.lang, **args)

    def note(self, text: str, style: str = "") -> None:
        self.notices.append(Text(text, style=style))

    @property
    def humans(self) -> list[int]:
        return [i for i in range(len(self.seat_agents)) if self.match.is_human(i)]

    def run(self) -> None:
        while True:
            self.run_agents()
            decision = self.match.decision()
            if decision is None:
                self.show_end()
                if not self.humans or not self.after_end():
                    return
                continue
            self.draw(decision)
            self.answer(decision)

    def run_agents(self) -> None:
        """AI seats answer until a person must; a failing agent hands its seat to a person."""
        match = self.match
        while (decision := match.decision()) is not None and not match.is_human(decision.seat):
            name = self.seat_agents[decision.seat]
            try:
                key = self.think(decision, name)
                play_recorded(match, key, self.played, name)
                if decision.private:
                    self.hidden.add(len(match.keys))
            except Exception as exc:  # an AI bug must not end the game for the people
                why = translate(exc.msg, self.lang) if isinstance(exc, IllegalChoice) else repr(exc)
                seat = seat_labels(match, self.lang)[decision.seat]
                self.note(self.tr("cli.play.agent_failed", agent=name, seat=seat, error=why), "red")
                del match.agents[decision.seat]
                self.seat_agents[decision.seat] = None

    def think(self, decision: Decision, name: str | None) -> str:
        agent = self.match.agents[decision.seat]
        if name == "random" or not self.console.is_terminal:
            return agent.choose(self.match.ruleset, self.match.state, decision)
        seat = seat_labels(self.match, self.lang)[decision.seat]
        with self.console.status(self.tr("cli.play.thinking", seat=seat, agent=name)):
            return agent.choose(self.match.ruleset, self.match.state, decision)

    def viewer(self, decision: Decision | None) -> int | None:
        if decision is not None and self.match.is_human(decision.seat):
            return decision.seat
        return self.humans[0] if self.humans else None

    def shown(self, viewer: int | None) -> list[Played]:
        """The answers as `viewer` may read them: others' private choices are masked."""
        if viewer is None or not self.hidden or self.match.decision() is None:
            return self.played
        return [
            replace(p, text=Msg("cli.play.hidden_choice"))
            if p.seat != viewer and p.index in self.hidden
            else p
            for p in self.played
        ]

    def lines_of(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def screen(self, decision: Decision | None, question: RenderableType | None) -> None:
        """Board, recent journal, notices and question; fits the terminal when there is one."""
        match, console = self.match, self.console
        view = match.ruleset.view(match.state, self.viewer(decision))
        board = render_board(match.ruleset.id, view, self.lang)
        recent = RECENT
        if console.is_terminal:
            console.clear()
            used = self.lines_of(board) + len(self.notices) + 2  # journal title and prompt
            if question is not None:
                used += self.lines_of(question)
            recent = max(2, min(RECENT, console.height - used))
        console.print(board)
        lines = journal(match, self.shown(self.viewer(decision)), self.lang)
        console.print(journal_panel(lines, self.lang, recent))
        for notice in self.notices:
            console.print(notice)
        self.notices = []
        if question is not None:
            console.print(question)

    def draw(self, decision: Decision) -> None:
        seat = seat_labels(self.match, self.lang)[decision.seat]
        self.screen(decision, decision_view(decision, seat, self.lang))

    def prompt(self, decision: Decision) -> Text:
        text = Text(f"{seat_labels(self.match, self.lang)[decision.seat]} ", style="bold cyan")
        n = len(decision.options)
        numbers = "1" if n == 1 else f"1-{n}"
        text.append(f"[{self.tr('cli.play.hint', n=numbers)}]", style="dim")
        text.append(" › ", style="bold cyan")
        return text

    def answer(self, decision: Decision) -> None:
        """Ask until the state changes (a legal answer or undo); illegal answers say why."""
        while True:
            answer = parse_answer(decision, ask(self.console, self.prompt(decision)))
            if answer is None:
                continue
            if isinstance(answer, Command):
                if self.command(answer, decision):
                    return
                continue
            if isinstance(answer, OutOfRange):
                self.say("cli.play.out_of_range", "red", n=answer.number, max=len(decision.options))
                continue
            try:
                play_recorded(self.match, answer.key, self.played)
            except IllegalChoice as exc:
                self.console.print(Text(translate(exc.msg, self.lang), style="bold red"))
                continue
            if decision.private:
                self.hidden.add(len(self.match.keys))
            return

    def say(self, key: str, style: str = "", **args: Any) -> None:
        self.console.print(Text(self.tr(key, **args), style=style))

    def command(self, command: Command, decision: Decision | None) -> bool:
        """Run a command; True when the state changed (the screen must be redrawn)."""
        if command.name == "quit":
            raise Quit
        if command.name == "undo":
            removed = self.match.undo()
            if not removed:
                self.say("cli.play.nothing_to_undo", "yellow")
                return False
            del self.played[len(self.match.keys) :]
            self.note(self.tr("cli.play.undone", n=removed), "yellow")
            return True
        if command.name == "save":
            self.save(command.arg or self.default_file)
        elif command.name == "log":
            lines = journal(self.match, self.shown(self.viewer(decision)), self.lang)
            self.console.print(journal_panel(lines, self.lang))
        elif command.name == "help":
            self.help(decision)
        return False

    def save(self, path: str) -> None:
        try:
            self.match.record().save(path)
        except OSError as exc:
            self.say("cli.play.save_failed", "bold red", path=path, error=exc.strerror)
            return
        self.saved_keys = list(self.match.keys)
        self.say("cli.play.saved", "green", path=path, n=len(self.match.keys))

    def help(self, decision: Decision | None) -> None:
        if decision is not None:
            rules = ", ".join(decision.rules) or "—"
            self.say("cli.help.rules", "bold", rules=rules, kind=decision.kind)
            for option in self.match.ruleset.options_schema():
                if option.rule in decision.rules:
                    value = self.match.config.get(option.key, option.default)
                    self.console.print(
                        Text(
                            f"  {option.rule} · {option.key} = {format_value(value)} — "
                            + translate(option.help, self.lang),
                            style="dim",
                        )
                    )
        self.say("cli.help.how")
        self.say("cli.help.commands")

    def show_end(self) -> None:
        self.screen(None, None)
        result = self.match.result()
        if result is not None:
            self.console.print(result_view(result, seat_labels(self.match, self.lang), self.lang))

    def after_end(self) -> bool:
        """Save, read the log or undo after the end; False to leave."""
        while True:
            line = ask(self.console, Text(self.tr("cli.play.after_end") + " ", style="bold"))
            word, _, rest = line.partition(" ")
            if not line or word.lower() in ("quit", "quitter", "exit", "q"):
                return False
            name = COMMANDS.get(word.lower())
            if name is None:
                self.say("cli.play.after_end_bad", "red")
                continue
            if self.command(Command(name, rest.strip()), None):
                return True


# --- the command -------------------------------------------------------------------------


def setup_match(
    console: Console,
    game: str | None,
    seed: int | None,
    lang: str,
    seats: str | None,
    config: list[str] | None,
    load: Path | None,
) -> tuple[Match, list[str | None], list[Played], set[int]]:
    """Read the options (menus when missing) and build the match, replaying a saved game."""
    record: GameRecord | None = None
    if load is not None:
        if config:
            raise fail(lang, "cli.play.load_and_config")
        record = load_record(load, lang)
        if game is not None and game != record.ruleset:
            raise fail(lang, "cli.play.load_other_game", game=game, saved=record.ruleset)
        game = record.ruleset
    if game is None:
        game = game_menu(console, lang)
    ruleset = load_ruleset(game, lang)
    if record is None:
        try:
            cfg = parse_config(ruleset, config)
        except BadConfig as exc:
            raise fail_msg(lang, exc.msg) from None
        if seed is None:
            seed = int(time.time() * 1000) % 1_000_000
        record = GameRecord(ruleset.id, ruleset.version, cfg, seed, [])
    try:
        seat_names = check_config(ruleset, record.config)
    except BadConfig as exc:
        raise fail_msg(lang, exc.msg) from None
    chosen = (
        parse_seats(ruleset, seat_names, seats, lang)
        if seats is not None
        else seat_menu(console, ruleset, seat_names, lang)
    )
    agents = {
        i: make_agent(ruleset, name, record.seed * 7919 + i)
        for i, name in enumerate(chosen)
        if name is not None
    }
    match = new_match(ruleset, record, lang, agents)
    played: list[Played] = []
    hidden: set[int] = set()  # numbers of the private answers
    for key in record.keys:
        decision = match.decision()
        step_once(match, key, played, lang)
        if decision is not None and decision.private:
            hidden.add(len(match.keys))
    return match, chosen, played, hidden


@app.command("play")
def play(
    game: Annotated[str | None, typer.Argument(help="jeu / game (menu si absent)")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="graine / seed")] = None,
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats", help="par siège / per seat: human ou un agent, ex. human,random,mj"
        ),
    ] = None,
    config: Annotated[
        list[str] | None, typer.Option("--config", "-c", help="clé=valeur / key=value")
    ] = None,
    load: Annotated[
        Path | None, typer.Option("--load", help="reprendre une partie / resume a saved game")
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="= --config scenario=NOM / NAME (heresy)"),
    ] = None,
) -> None:
    """Jouer une partie / play a game."""
    console = make_console()
    session: Session | None = None
    if scenario is not None:
        config = [*(config or []), f"scenario={scenario}"]
    try:
        match, chosen, played, hidden = setup_match(console, game, seed, lang, seats, config, load)
        session = Session(console, match, lang, chosen, played, hidden)
        who = ", ".join(
            f"{seat}: {tr('cli.seat.human', lang) if agent is None else agent}"
            for seat, agent in zip(seat_labels(match, lang), chosen, strict=True)
        )
        session.note(
            tr("cli.play.header", lang, game=match.ruleset.id, seed=match.seed, seats=who),
            "bold",
        )
        session.run()
    except (Quit, InputClosed) as exc:
        key = "cli.play.bye" if isinstance(exc, Quit) else "cli.play.input_closed"
        console.print(Text(tr(key, lang), style="bold"))
        if session is not None and session.unsaved():
            console.print(Text(tr("cli.play.unsaved", lang, n=session.unsaved()), style="yellow"))
