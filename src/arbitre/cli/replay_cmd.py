"""`arbitre replay FILE`: a saved game, decision by decision, with the option chosen."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from arbitre.cli import app
from arbitre.cli.human import InputClosed, ask
from arbitre.cli.messages import Lang, tr
from arbitre.cli.render import (
    Played,
    decision_view,
    event_line,
    make_console,
    play_recorded,
    played_line,
    render_board,
    result_view,
    seat_labels,
)
from arbitre.cli.rules_cmd import fail, fail_msg, load_ruleset
from arbitre.engine.i18n import Msg, translate
from arbitre.engine.match import Match
from arbitre.engine.record import GameRecord
from arbitre.engine.ruleset import ConfigError, IllegalChoice, Ruleset


def load_record(path: Path, lang: str) -> GameRecord:
    """The record in `path`; a missing, non-UTF-8 or broken file is one line (exit 2)."""
    from arbitre.cli.saves import read_record

    return read_record(path, lang)[0]


def new_match(
    ruleset: Ruleset[Any],
    record: GameRecord,
    lang: str,
    agents: dict[int, Any] | None = None,
) -> Match:
    """An empty match with the record's config and seed (a bad config is a clean error)."""
    if record.version != ruleset.version:
        make_console(stderr=True).print(
            Text(
                tr("cli.record.version", lang, saved=record.version, now=ruleset.version),
                style="yellow",
            )
        )
    try:
        return Match(ruleset, record.config, record.seed, agents)
    except (ConfigError, ValueError) as exc:
        raise fail(lang, "config.refused", error=str(exc)) from None


def step_once(match: Match, key: str, played: list[Played], lang: str) -> None:
    """Play one recorded key; a key the rules refuse ends the replay (exit 1)."""
    try:
        play_recorded(match, key, played)
    except IllegalChoice as exc:
        number = len(match.keys) + 1
        raise fail_msg(
            lang,
            Msg("cli.record.illegal", {"n": number, "key": key, "why": translate(exc.msg, lang)}),
            code=1,
        ) from None


def show_step(console: Console, match: Match, p: Played, lang: str, total: int) -> None:
    """`n/total seat → option text`, then the events that answer caused."""
    console.print(played_line(p, seat_labels(match, lang), lang, number=f"{p.index}/{total}"))
    for entry in match.log:
        if entry.index == p.index:
            console.print(event_line(entry.msg, lang))


def show_end(console: Console, match: Match, lang: str) -> None:
    """The board, then the result or the question still open."""
    view = match.ruleset.view(match.state, None)
    console.print(render_board(match.ruleset.id, view, lang))
    result = match.result()
    if result is not None:
        console.print(result_view(result, seat_labels(match, lang), lang))
        return
    decision = match.decision()
    console.print(Text(tr("cli.replay.unfinished", lang), style="yellow"))
    if decision is not None:
        console.print(decision_view(decision, seat_labels(match, lang)[decision.seat], lang))


@app.command("replay")
def replay(
    file: Annotated[Path, typer.Argument(help="partie enregistrée / saved game (JSON)")],
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
    step: Annotated[
        bool,
        typer.Option(
            "--step/--no-step",
            help="Entrée pour avancer / Enter for the next decision; --no-step: tout d'un coup",
        ),
    ] = True,
) -> None:
    """Rejouer une partie enregistrée / replay a saved game."""
    record = load_record(file, lang)
    ruleset = load_ruleset(record.ruleset, lang)
    match = new_match(ruleset, record, lang)
    console = make_console()
    total = len(record.keys)
    console.print(
        Text(
            tr("cli.replay.header", lang, game=ruleset.id, seed=record.seed, n=total),
            style="bold",
        )
    )
    played: list[Played] = []
    for entry in match.log:
        console.print(event_line(entry.msg, lang))
    for key in record.keys:
        if step:
            decision = match.decision()
            if decision is not None:
                if console.is_terminal:
                    console.clear()
                else:
                    console.print(Rule())
                console.print(render_board(ruleset.id, ruleset.view(match.state, None), lang))
                console.print(
                    decision_view(decision, seat_labels(match, lang)[decision.seat], lang)
                )
        step_once(match, key, played, lang)
        show_step(console, match, played[-1], lang, total)
        if step:
            try:
                answer = ask(console, Text(tr("cli.replay.next", lang) + " ", style="bold"))
            except InputClosed:
                return
            if answer.lower() in ("q", "quit", "quitter"):
                return
    console.print(Rule())
    show_end(console, match, lang)
