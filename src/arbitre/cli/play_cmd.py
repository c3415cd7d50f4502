"""`arbitre play [GAME]`: a game at the terminal, people and AI seats together.

Each turn the screen shows the board, the recent journal and the current question with
numbered options. A person answers with a number, an option key, or a command:
`undo`, `save [FILE]`, `help`, `log`, `board`, `rule ID`, `card NAME`, `zone NAME`,
`quit` (French names work too). The board is drawn again only when it changed (or on
`board`), so a run of questions never scrolls it away.

Hotseat: when the seat to answer passes from one person to another, the screen and the
terminal's scrollback are cleared and the next person is asked to take the keyboard
("Passez au Traître — appuyez sur Entrée") before their view is drawn; the journal masks
the other seats' private answers (Decision.private).

Quitting never loses a game: the game is autosaved after every person's answer in the user
data folder (`saves.saves_dir()`), `quit`, Ctrl-C and Ctrl-D ask for confirmation (at the
end of input, where nothing can be read, it saves and leaves), and `arbitre play --resume`
lists the autosaves and goes on with one.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from arbitre.cli import app, render_heresy, saves
from arbitre.cli.choices import ChoicesCommand
from arbitre.cli.human import (
    COMMANDS,
    NO_WORDS,
    QUIT_WORDS,
    YES_WORDS,
    Command,
    InputClosed,
    OutOfRange,
    ask,
    choose,
    parse_answer,
)
from arbitre.cli.messages import Lang, tr
from arbitre.cli.render import (
    Played,
    decision_view,
    journal,
    journal_panel,
    make_console,
    play_recorded,
    render_board,
    result_view,
    seat_label,
    seat_labels,
)
from arbitre.cli.rules_cmd import (
    BadConfig,
    check_config,
    fail,
    fail_msg,
    format_value,
    load_ruleset,
    parse_config,
)
from arbitre.engine.agents import agent_names, known_agent, make_agent
from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg, has_message, translate
from arbitre.engine.match import Match
from arbitre.engine.registry import names
from arbitre.engine.ruleset import IllegalChoice, Ruleset

HUMAN_WORDS = ("human", "humain", "h")
RECENT = 8
# Clears the scrollback (3J), then the screen (2J), and puts the cursor home (H).
CLEAR_ALL = "\x1b[3J\x1b[2J\x1b[H"

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
            tr("cli.menu.seat", lang, seat=seat_label(ruleset.id, seat, lang)),
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
        elif known_agent(ruleset, word):
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
        autosave: Path | None = None,
    ) -> None:
        self.console = console
        self.match = match
        self.lang = lang
        self.seat_agents = seat_agents
        self.played = played
        self.hidden: set[int] = set(hidden or ())  # numbers of the private answers
        self.notices: list[Text] = []
        self.default_file = f"{match.ruleset.id}-{match.seed}.json"
        self.autosave_path = autosave or saves.new_autosave_path(match.ruleset.id, match.seed)
        self.autosave_failed = False
        self.last_seat: int | None = None  # the person whose screen was drawn last
        self.board_key: str | None = None  # the board drawn last (redrawn when it changes)
        self.journal_shown = 0  # journal lines on the screen since the board was drawn

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
                self.autosave()
                self.show_end()
                if not self.humans or not self.after_end():
                    return
                continue
            self.hand_over(decision.seat)
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

    # --- hotseat ---------------------------------------------------------------------------

    def hand_over(self, seat: int) -> None:
        """Between two people: clear everything, ask for the keyboard to be passed, and only
        then let the next seat's view be drawn. One person (others AI): nothing to do."""
        previous, self.last_seat = self.last_seat, seat
        if previous is None or previous == seat or len(self.humans) < 2:
            return
        name = seat_labels(self.match, self.lang)[seat]
        to_key = f"cli.handover.to.{self.match.ruleset.id}.{self.match.seat_names[seat]}"
        to = self.tr(to_key) if has_message(to_key) else self.tr("cli.handover.to", seat=name)
        prompt = Text(self.tr("cli.handover", to=to, seat=name) + " ", style="bold reverse")
        while True:
            self.clear_all()
            line = self.read(prompt)
            if line.lower() not in QUIT_WORDS:
                break
            self.confirm_quit()
        self.board_key = None

    def clear_all(self) -> None:
        """Screen and scrollback on a terminal; elsewhere a visible separation line."""
        if self.console.is_terminal:
            self.console.file.write(CLEAR_ALL)
            self.console.file.flush()
        else:
            self.console.print(Rule(characters="═"))

    # --- the screen ------------------------------------------------------------------------

    def viewer(self, decision: Decision | None) -> int | None:
        if decision is not None and self.match.is_human(decision.seat):
            return decision.seat
        if self.last_seat is not None and self.match.is_human(self.last_seat):
            return self.last_seat
        return self.humans[0] if self.humans else None

    def shown(self, viewer: int | None) -> list[Played]:
        """The answers as `viewer` may read them: others' private choices are masked."""
        if not self.hidden or self.match.decision() is None:
            return self.played
        return [
            replace(p, text=Msg("cli.play.hidden_choice"))
            if p.seat != viewer and p.index in self.hidden
            else p
            for p in self.played
        ]

    def lines_of(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def board_of(self, viewer: int | None) -> tuple[str, RenderableType]:
        """The board for `viewer`, and what identifies it (the view without the question)."""
        match = self.match
        view = match.ruleset.view(match.state, viewer)
        same = view
        if isinstance(view, dict):
            same = {k: v for k, v in view.items() if k != "decision"}
        key = f"{viewer}:" + json.dumps(same, sort_keys=True, default=str)
        return key, render_board(match.ruleset.id, view, self.lang)

    def screen(self, decision: Decision | None, question: RenderableType | None) -> None:
        """Board, recent journal, notices and question; fits the terminal when there is one."""
        console = self.console
        viewer = self.viewer(decision)
        self.board_key, board = self.board_of(viewer)
        recent = RECENT
        if console.is_terminal:
            console.clear()
            used = self.lines_of(board) + len(self.notices) + 2  # journal title and prompt
            if question is not None:
                used += self.lines_of(question)
            recent = max(2, min(RECENT, console.height - used))
        console.print(board)
        lines = journal(self.match, self.shown(viewer), self.lang)
        self.journal_shown = len(lines)
        console.print(journal_panel(lines, self.lang, recent))
        self.flush_notices()
        if question is not None:
            console.print(question)

    def flush_notices(self) -> None:
        for notice in self.notices:
            self.console.print(notice)
        self.notices = []

    def draw(self, decision: Decision, force: bool = False) -> None:
        """The whole screen when the board changed; else only the new journal lines and
        the question, under the board already on the screen."""
        seat = seat_labels(self.match, self.lang)[decision.seat]
        question = decision_view(decision, seat, self.lang)
        viewer = self.viewer(decision)
        key, _board = self.board_of(viewer)
        lines = journal(self.match, self.shown(viewer), self.lang)
        if force or key != self.board_key or len(lines) < self.journal_shown:
            self.screen(decision, question)
            return
        for line in lines[self.journal_shown :]:
            self.console.print(line)
        self.journal_shown = len(lines)
        self.flush_notices()
        self.console.print(question)

    def prompt(self, decision: Decision) -> Text:
        text = Text(f"{seat_labels(self.match, self.lang)[decision.seat]} ", style="bold cyan")
        n = len(decision.options)
        numbers = "1" if n == 1 else f"1-{n}"
        text.append(f"[{self.tr('cli.play.hint', n=numbers)}]", style="dim")
        text.append(" › ", style="bold cyan")
        return text

    # --- reading answers -------------------------------------------------------------------

    def read(self, prompt: Text) -> str:
        """A line; Ctrl-C or Ctrl-D asks whether to quit ("" when the game goes on)."""
        try:
            return ask(self.console, prompt)
        except InputClosed:
            self.confirm_quit()
            return ""

    def answer(self, decision: Decision) -> None:
        """Ask until the state changes (a legal answer or undo); illegal answers say why."""
        while True:
            answer = parse_answer(decision, self.read(self.prompt(decision)))
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
            self.autosave()
            return

    def say(self, key: str, style: str = "", **args: Any) -> None:
        self.console.print(Text(self.tr(key, **args), style=style))

    # --- quitting and saving ---------------------------------------------------------------

    def confirm_quit(self) -> None:
        """Ask before leaving; yes (or no more input): autosave and raise Quit."""
        prompt = Text(self.tr("cli.quit.confirm", path=str(self.autosave_path)) + " ", "bold")
        while True:
            try:
                line = ask(self.console, prompt).lower()
            except InputClosed:
                line = "o"
            if line in YES_WORDS or line in QUIT_WORDS:
                self.leave()
            if not line or line in NO_WORDS:
                self.say("cli.quit.continue", "dim")
                return
            self.say("cli.quit.bad", "red")

    def leave(self) -> None:
        self.autosave(loud=True)
        raise Quit

    def autosave(self, loud: bool = False) -> None:
        """Write the autosave (quietly, unless leaving); a failure is said once."""
        if not self.humans:
            return
        path = self.autosave_path
        try:
            saves.write_save(path, self.match, self.seat_agents)
        except OSError as exc:
            if loud or not self.autosave_failed:
                self.say("cli.quit.save_failed", "bold red", path=str(path), error=exc.strerror)
            self.autosave_failed = True
            return
        if loud:
            self.say("cli.quit.saved", "green", path=str(path), n=len(self.match.keys))

    def save(self, path: str) -> None:
        try:
            saves.write_save(Path(path), self.match, self.seat_agents)
        except OSError as exc:
            self.say("cli.play.save_failed", "bold red", path=path, error=exc.strerror)
            return
        self.say("cli.play.saved", "green", path=path, n=len(self.match.keys))

    # --- commands --------------------------------------------------------------------------

    def command(self, command: Command, decision: Decision | None) -> bool:
        """Run a command; True when the state changed (the screen must be redrawn)."""
        if command.name == "quit":
            if decision is None:
                self.leave()
            self.confirm_quit()
            return False
        if command.name == "undo":
            removed = self.match.undo()
            if not removed:
                self.say("cli.play.nothing_to_undo", "yellow")
                return False
            del self.played[len(self.match.keys) :]
            self.hidden = {i for i in self.hidden if i <= len(self.match.keys)}
            self.note(self.tr("cli.play.undone", n=removed), "yellow")
            self.autosave()
            return True
        if command.name == "save":
            self.save(command.arg or self.default_file)
        elif command.name == "log":
            lines = journal(self.match, self.shown(self.viewer(decision)), self.lang)
            self.console.print(journal_panel(lines, self.lang))
        elif command.name == "help":
            self.help(decision)
        elif command.name == "board":
            if decision is None:
                self.screen(None, None)
            else:
                self.draw(decision, force=True)
        elif command.name == "rule":
            self.rule(command.arg, decision)
        elif command.name in ("card", "zone"):
            self.lookup(command.name, command.arg, decision)
        return False

    def rule(self, arg: str, decision: Decision | None) -> None:
        """`rule ID…` (or the current question's rules): the text of each rule."""
        from arbitre.server.rule_texts import rule_texts

        wanted = arg.replace(",", " ").split() or list(decision.rules if decision else ())
        if not wanted:
            self.say("cli.read.usage", "yellow", command="rule", example="rule HH-2.1")
            return
        known = {r.lower(): r for r in self.match.ruleset.rule_ids()}
        ids = [known.get(w.lower(), w.upper() if w.lower() not in known else w) for w in wanted]
        for item in rule_texts(self.match.ruleset.id, ids[:12]):
            if item["known"]:
                # the French text where one is written (data/rule_texts_fr.toml), else the
                # English digest, said to be one
                english = self.lang == "fr" and item.get("lang_fr") != "fr"
                key = "cli.read.rule.english" if english else "cli.read.rule.text"
                shown = item["text"]["en" if english else self.lang]
                self.console.print(Text(self.tr(key, rule=item["id"], text=shown)))
            else:
                self.say("cli.read.rule.unknown", "yellow", rule=item["id"])

    def lookup(self, what: str, arg: str, decision: Decision | None) -> None:
        """`card NAME` and `zone NAME` (The Horus Heresy): the card's or the zone's sheet."""
        if self.match.ruleset.id != "heresy":
            self.say("cli.read.unavailable", "yellow", command=what)
            return
        example = {"card": "card Assaut", "zone": "zone Palais Intérieur"}[what]
        if not arg:
            self.say("cli.read.usage", "yellow", command=what, example=example)
            return
        c = render_heresy.content()
        items = render_heresy.card_items(c) if what == "card" else list(c.zones)
        found = render_heresy.find_named(items, arg)
        if not found:
            self.say("cli.read.not_found", "yellow", name=arg)
        elif len({x.name(self.lang) for x in found}) > 1:
            names = ", ".join(sorted({x.name(self.lang) for x in found})[:20])
            self.say("cli.read.several", "yellow", name=arg, names=names)
        elif what == "card":
            for item in found[:4]:  # one name, several cards: each side's
                self.console.print(render_heresy.card_sheet(c, item, self.lang))
        else:
            view = self.match.ruleset.view(self.match.state, self.viewer(decision))
            self.console.print(render_heresy.zone_sheet(c, found[0].id, view, self.lang))

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
            try:
                line = ask(self.console, Text(self.tr("cli.play.after_end") + " ", style="bold"))
            except InputClosed:
                return False
            word, _, rest = line.partition(" ")
            if not line or word.lower() in QUIT_WORDS:
                return False
            name = COMMANDS.get(word.lower())
            if name is None:
                self.say("cli.play.after_end_bad", "red")
                continue
            if self.command(Command(name, rest.strip()), None):
                return True


# --- the command -------------------------------------------------------------------------


def resume_menu(console: Console, selector: str | None, lang: str) -> Path:
    """The autosave to go on with: `selector` (N, a file name, or a game to list), or a menu."""
    entries = saves.list_saves()
    if selector is not None and selector in names():
        entries = [e for e in entries if e.game == selector]
        selector = None
    if not entries:
        raise saves.fail_line(lang, "cli.resume.none", code=1, path=str(saves.saves_dir()))
    if selector is not None:
        entry = saves.pick_save(entries, selector)
        if entry is None:
            raise saves.fail_line(lang, "cli.resume.unknown", name=selector, n=len(entries))
        return entry.path
    items = [
        (
            e.path.stem,
            tr(
                "cli.resume.row",
                lang,
                game=tr(f"cli.game.{e.game}", lang).split(" — ")[0]
                if has_message(f"cli.game.{e.game}")
                else e.game,
                seats=saves.seats_text(e, lang),
                n=e.moves,
                date=e.date,
            ),
        )
        for e in entries
    ]
    title = tr("cli.resume.title", lang, path=str(saves.saves_dir()))
    return entries[choose(console, title, items, 0, lang)].path


def setup_match(
    console: Console,
    game: str | None,
    seed: int | None,
    lang: str,
    seats: str | None,
    config: list[str] | None,
    load: Path | None,
) -> tuple[Match, list[str | None], list[Played], set[int]]:
    """Read the options (menus when missing) and build the match, replaying a saved game.

    A saved game is checked completely (`saves.read_save`) before anything is asked."""
    loaded: saves.Loaded | None = None
    if load is not None:
        if config:
            raise fail(lang, "cli.play.load_and_config")
        loaded = saves.read_save(load, lang)
        if game is not None and game != loaded.record.ruleset:
            raise fail(lang, "cli.play.load_other_game", game=game, saved=loaded.record.ruleset)
        game = loaded.record.ruleset
    if game is None:
        game = game_menu(console, lang)
    ruleset = load_ruleset(game, lang)
    if loaded is None:
        try:
            cfg = parse_config(ruleset, config)
            seat_names = check_config(ruleset, cfg)
            if seed is None:
                seed = int(time.time() * 1000) % 1_000_000
            match = Match(ruleset, cfg, seed)
        except BadConfig as exc:
            raise fail_msg(lang, exc.msg) from None
        except ValueError as exc:
            msg = getattr(exc, "msg", None)  # a game's own refusal, in both languages
            if isinstance(msg, Msg):
                raise fail_msg(lang, msg) from None
            raise fail(lang, "config.refused", error=str(exc)) from None
        played: list[Played] = []
        hidden: set[int] = set()
    else:
        match, played, hidden = loaded.match, loaded.played, loaded.hidden
        seat_names = match.seat_names
    if seats is not None:
        chosen = parse_seats(ruleset, seat_names, seats, lang)
    elif loaded is not None and loaded.seats is not None:
        chosen = list(loaded.seats)
    else:
        chosen = seat_menu(console, ruleset, seat_names, lang)
    match.agents = {
        i: make_agent(ruleset, name, match.seed * 7919 + i)
        for i, name in enumerate(chosen)
        if name is not None
    }
    match.human_keys = [match.is_human(seat) for seat in match.seats_of_keys]
    return match, chosen, played, hidden


@app.command("play", cls=ChoicesCommand)
def play(
    game: Annotated[
        str | None,
        typer.Argument(help="jeu / game (menu si absent); avec --resume : N ou nom / N or name"),
    ] = None,
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
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="reprendre une sauvegarde automatique / resume an autosave "
            "(arbitre play --resume [N|NOM])",
        ),
    ] = False,
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="= --config scenario=NOM / NAME (heresy)"),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option("--table", help="= --config table=FICHIER / FILE (epic, docs/epic.md)"),
    ] = None,
    army: Annotated[
        list[str] | None,
        typer.Option(
            "--army",
            help="(epic) [SIÈGE=]ARMÉE: fichier, liste@points ou nom / "
            "[SEAT=]ARMY: file, list@points or name (docs/epic.md)",
        ),
    ] = None,
) -> None:
    """Jouer une partie / play a game."""
    console = make_console()
    session: Session | None = None
    if scenario is not None:
        config = [*(config or []), f"scenario={scenario}"]
    if table is not None:
        config = [*(config or []), f"table={table}"]
    if army:
        from arbitre.games.epic.forces import army_items

        try:
            config = [*(config or []), *army_items(army)]
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--army") from None
    if config:
        from arbitre.games.epic.held import HeldError, hold_items

        try:  # army and table files read once: the save keeps their texts (held.py)
            config = hold_items(config)
        except HeldError as exc:
            raise typer.BadParameter(str(exc), param_hint="--army/--table") from None
    autosave: Path | None = None
    try:
        if resume:
            if load is not None:
                raise saves.fail_line(lang, "cli.resume.and_load")
            load = autosave = resume_menu(console, game, lang)
            game = None
        match, chosen, played, hidden = setup_match(console, game, seed, lang, seats, config, load)
        session = Session(console, match, lang, chosen, played, hidden, autosave)
        who = ", ".join(
            f"{seat}: {tr('cli.seat.human', lang) if agent is None else agent}"
            for seat, agent in zip(seat_labels(match, lang), chosen, strict=True)
        )
        session.note(
            tr("cli.play.header", lang, game=match.ruleset.id, seed=match.seed, seats=who),
            "bold",
        )
        session.run()
    except Quit:
        console.print(Text(tr("cli.play.bye", lang), style="bold"))
    except (InputClosed, KeyboardInterrupt):  # in a menu, or while the agents play
        console.print(Text(tr("cli.play.input_closed", lang), style="bold"))
        if session is not None:
            session.autosave(loud=True)
