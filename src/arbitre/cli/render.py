"""What the terminal shows of a match: the board (per game), the journal, the question.

Boards are game-specific: `RENDERERS` maps a game id to a function `(view, lang) ->
Rich renderable`; a game without one gets the JSON view printed compactly. Another
game adds its board with `register_renderer("heresy", render_heresy.render)`.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from arbitre.cli import render_champs, render_epic, render_heresy
from arbitre.cli.messages import tr
from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg, add_messages, has_message, translate
from arbitre.engine.match import Match
from arbitre.engine.registry import get as get_ruleset
from arbitre.engine.ruleset import Result

Renderer = Callable[[Mapping[str, Any], str], RenderableType]

RENDERERS: dict[str, Renderer] = {
    "champs": render_champs.render,
    "heresy": render_heresy.render,
    "epic": render_epic.render,
}


def register_renderer(game: str, renderer: Renderer) -> None:
    RENDERERS[game] = renderer


def render_generic(view: Mapping[str, Any], lang: str) -> RenderableType:
    """Any game: its JSON view on as few lines as the terminal allows."""
    body = json.dumps(view, ensure_ascii=False, separators=(",", ":"), default=str)
    return Text(body, overflow="fold")


def render_board(game: str, view: Mapping[str, Any], lang: str) -> RenderableType:
    return RENDERERS.get(game, render_generic)(view, lang)


def make_console(stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


# --- what was chosen, step by step -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """One answer: its number (= len(match.keys) after it), the seat and the option text."""

    index: int
    seat: int
    key: str
    text: Msg
    agent: str | None = None


def play_recorded(match: Match, key: str, played: list[Played], agent: str | None = None) -> None:
    """`match.play(key)` and remember what the option said; IllegalChoice changes nothing."""
    decision = match.decision()
    option = decision.find(key) if decision is not None else None
    match.play(key)
    assert decision is not None  # play() refused a finished game already
    text = option.text if option is not None else Msg("cli.raw_key", {"key": key})
    played.append(Played(len(match.keys), decision.seat, key, text, agent))


def seat_label(game: str, seat: str, lang: str, config: Mapping[str, Any] | None = None) -> str:
    """One seat by name: with the game's `config`, the ruleset's `seat_title` (an Epic side
    by its army, "Garde Impériale"); else the game's `<game>.seatname.<seat>` text, else
    the CLI's `cli.seatname.<game>.<seat>` ("Joueur 1", "MJ", "Mille Fils"), else its id."""
    if config is not None:
        try:
            title = getattr(get_ruleset(game), "seat_title", None)
        except (KeyError, ValueError):
            title = None
        named = title(config, seat) if title is not None else None
        if isinstance(named, Msg):
            return translate(named, lang)
    for key in (f"{game}.seatname.{seat}", f"cli.seatname.{game}.{seat}"):
        if has_message(key):
            return translate(Msg(key), lang)
    return seat


def seat_labels(match: Match, lang: str) -> list[str]:
    """The seats as a person reads them, in the chosen language."""
    return [seat_label(match.ruleset.id, name, lang, match.config) for name in match.seat_names]


def played_line(p: Played, seat_names: Sequence[str], lang: str, number: str | None = None) -> Text:
    """`  12 p1 → <option text>`: one answer as the journal shows it."""
    line = Text(f"{p.index:>4} " if number is None else number + " ", style="dim")
    seat = seat_names[p.seat] if p.seat < len(seat_names) else str(p.seat)
    line.append(
        seat,
        style="bold red"
        if p.seat == len(seat_names) - 1 and seat in ("mj", "MJ", "GM")
        else "bold cyan",
    )
    if p.agent:
        line.append(f" ({p.agent})", style="dim")
    line.append(" → " + translate(p.text, lang))
    return line


def event_line(msg: Msg, lang: str) -> Text:
    return Text("    · " + translate(msg, lang), style="dim")


def journal(match: Match, played: Sequence[Played], lang: str) -> list[Text]:
    """Every answer followed by the events it caused, setup events first."""
    events: dict[int, list[Text]] = defaultdict(list)
    for entry in match.log:
        events[entry.index].append(event_line(entry.msg, lang))
    lines = list(events.get(0, []))
    for p in played:
        lines.append(played_line(p, seat_labels(match, lang), lang))
        lines.extend(events.get(p.index, []))
    return lines


def journal_panel(lines: Sequence[Text], lang: str, last: int | None = None) -> Group:
    """The journal under a titled rule: all of it, or its `last` lines."""
    shown = list(lines[-last:]) if last else list(lines)
    body = Text("\n").join(shown) if shown else Text(tr("cli.log.empty", lang), style="dim")
    return Group(Rule(tr("cli.log.title", lang), align="left", style="dim"), body)


# --- the question ------------------------------------------------------------------------


def decision_view(decision: Decision, seat_name: str, lang: str) -> RenderableType:
    """The question and its numbered options (several columns when there are many)."""
    title = Text()
    title.append(f"{seat_name} — ", style="bold cyan")
    title.append(translate(decision.text, lang), style="bold")
    if decision.rules:
        title.append(f"  ({', '.join(decision.rules)})", style="dim")
    hint_key = f"cli.hint.{decision.kind}"  # a terminal-only hint a game's renderer adds
    if has_message(hint_key):
        title.append("\n" + translate(Msg(hint_key), lang), style="dim")
    items: list[Text] = []
    for n, option in enumerate(decision.options, 1):
        item = Text()
        item.append(f"{n:>2}. ", style="bold yellow")
        item.append(translate(option.text, lang))
        item.append(f"  {option.key}", style="dim")
        items.append(item)
    if len(items) > 4:
        return Group(title, Columns(items, padding=(0, 3), equal=False))
    return Group(title, *items)


# --- the end -----------------------------------------------------------------------------


add_messages(
    {
        "cli.result.detail.points": {"fr": "points", "en": "points"},
        "cli.result.detail.objectives": {"fr": "objectifs", "en": "objectives"},
        "cli.result.detail.turn": {"fr": "dernier tour", "en": "last turn"},
        "cli.result.detail.rounds": {"fr": "manches", "en": "rounds"},
        "cli.result.detail.track": {"fr": "piste", "en": "track"},
        "cli.result.detail.destiny": {"fr": "destin", "en": "destiny"},
        "cli.result.detail.captured": {"fr": "capturés", "en": "captured"},
        "cli.result.detail.units": {"fr": "unités", "en": "units"},
    }
)
# said by the summary sentence already, and raw here (`winner 0`, `reason broken`)
SAID_BY_SUMMARY = ("winner", "reason")


def _fmt(value: Any, lang: str, names: Mapping[str, str] | None = None) -> str:
    """A result detail as text; a seat id is its name, a message key is translated."""
    names = names or {}
    if isinstance(value, Mapping):
        return ", ".join(
            f"{names.get(str(k), k)}: {_fmt(v, lang, names)}" for k, v in value.items()
        )
    if isinstance(value, list | tuple):
        return ", ".join(_fmt(v, lang, names) for v in value) or "—"
    if isinstance(value, str):
        if value in names:
            return names[value]
        return translate(Msg(value), lang) if has_message(value) else value
    return json.dumps(value)


def _per_seat(value: Any, seat_names: Sequence[str]) -> str | None:
    """[3, 1] for two seats: "Imperium 3 · Mille Fils 1"."""
    if (
        isinstance(value, list | tuple)
        and len(value) == len(seat_names) > 1
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    ):
        return " · ".join(f"{name} {v:g}" for name, v in zip(seat_names, value, strict=True))
    return None


def result_view(result: Result, seat_names: Sequence[str], lang: str) -> Panel:
    """The summary sentence (seats by name), the score of each seat and the ruleset's
    other details under readable labels: seat ids become names, per-seat lists are
    given seat by seat, and the winner and reason are left to the sentence."""
    game = result.summary.key.split(".", 1)[0]
    seats_of_game = _seat_ids(result, game, len(seat_names))
    names = dict(zip(seats_of_game, seat_names, strict=False))
    table = Table(show_header=False, box=None, padding=(0, 1))
    table.add_column(style="bold")
    table.add_column()
    scores = ", ".join(
        f"{seat_names[i] if i < len(seat_names) else i}: {score:g}"
        for i, score in enumerate(result.scores)
    )
    table.add_row(tr("cli.result.scores", lang), scores)
    for key, value in result.details.items():
        if key in SAID_BY_SUMMARY:
            continue
        name = f"cli.result.detail.{key}"
        head = translate(Msg(name), lang) if has_message(name) else key
        per_seat = _per_seat(value, seat_names)
        table.add_row(head, per_seat if per_seat is not None else _fmt(value, lang, names))
    return Panel(
        Group(Text(translate(result.summary, lang), style="bold green"), table),
        title=tr("cli.result.title", lang),
        title_align="left",
    )


def _seat_ids(result: Result, game: str, n: int) -> list[str]:
    """The game's seat ids, in order, when its registry entry gives them (for naming
    the seats a detail lists); else none."""
    try:
        return list(get_ruleset(game).seats({}))[:n]
    except Exception:  # an unknown game: details keep their ids
        return []
