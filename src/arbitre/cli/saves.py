"""Saved games at the terminal: reading a file completely before anything is asked, and
the autosaves in the user's data folder that `arbitre play --resume` lists.

A save is the engine's `GameRecord` (`{ruleset, version, config, seed, keys}`) plus optional
fields the record reader ignores, so every save is still a record `arbitre replay` reads:

    "arbitre": "0.1.0"                      the program that wrote it
    "seats": ["human", "ai"]                who played each seat: a person, or an agent
                                            spec with its parameters ("mcts:iterations=400")
    "saved": "2025-01-31T18:02:11"          when (local time)

`read_save` checks a file from its bytes to its last key: readable, UTF-8, JSON, the
record's fields, a known game, the same ruleset version, a valid config, valid seats (each
agent spec read by the same parser as `--seats`: `make_agent`), and every key legal when
replayed. Each failure is one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from arbitre import __version__
from arbitre.cli.messages import tr
from arbitre.cli.render import Played, make_console, play_recorded, seat_label
from arbitre.engine.agents import make_agent
from arbitre.engine.config_values import BadConfig, check_config, read_config
from arbitre.engine.i18n import Msg, add_messages, translate
from arbitre.engine.match import Match
from arbitre.engine.record import GameRecord, RecordError
from arbitre.engine.registry import get, names
from arbitre.engine.ruleset import ConfigError, IllegalChoice, Ruleset

DATA_ENV = "ARBITRE_DATA_DIR"  # overrides the user data folder (tests, portable installs)
HUMAN = "human"
MAX_BYTES = 16 * 1024 * 1024
MAX_AGENT = 200  # characters of one seat's agent spec (`mcts:iterations=400:rollout=…`)

add_messages(
    {
        "cli.save.bad_agent": {
            "fr": "{ $path } : le champ « seats[{ $i }] » donne un agent refusé "
            "« { $name } » : { $error }",
            "en": "{ $path }: field 'seats[{ $i }]' gives a refused agent '{ $name }': { $error }",
        },
    }
)


def data_dir() -> Path:
    """`$ARBITRE_DATA_DIR`, else the platform's user data folder for arbitre."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("arbitre", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_autosave_path(game: str, seed: int) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{game}-{stamp}-{seed}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{game}-{stamp}-{seed}-{n}.json"
        n += 1
    return path


def fail_line(lang: str, msg_key: str, /, code: int = 2, **args: Any) -> typer.Exit:
    """One line on stderr (never wrapped); the caller raises the returned Exit."""
    text = " ".join(translate(Msg(msg_key, args), lang).split())
    make_console(stderr=True).print(Text(text, style="bold red"), soft_wrap=True)
    return typer.Exit(code)


# --- writing -----------------------------------------------------------------------------


def save_data(match: Match, seat_agents: list[str | None]) -> dict[str, Any]:
    data = match.record().to_json()
    data["arbitre"] = __version__
    data["seats"] = [HUMAN if a is None else a for a in seat_agents]
    data["saved"] = datetime.now().isoformat(timespec="seconds")
    from arbitre.games.epic.held import held_of

    held = held_of(match.config)  # Epic army/table files: their texts, not their paths
    if held:
        data["held"] = held
    return data


def write_save(path: Path, match: Match, seat_agents: list[str | None]) -> None:
    """Write atomically (a temporary file renamed), so a crash never leaves half a save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(save_data(match, seat_agents), ensure_ascii=False, indent=1)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


# --- reading -----------------------------------------------------------------------------


@dataclass(slots=True)
class Loaded:
    """A save checked to its last key: the match replayed (no agents yet) and its journal."""

    path: Path
    record: GameRecord
    match: Match
    played: list[Played]
    hidden: set[int]
    seats: list[str | None] | None = None  # as saved: None for a person
    arbitre: str | None = None
    saved: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _read_json(path: Path, lang: str) -> Any:
    shown = str(path)
    try:
        if path.is_dir():
            raise fail_line(lang, "cli.save.unreadable", path=shown, error="directory")
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise fail_line(lang, "cli.save.unreadable", path=shown, error=exc.strerror) from None
    if len(raw) > MAX_BYTES:
        raise fail_line(lang, "cli.save.too_big", path=shown)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise fail_line(lang, "cli.save.not_utf8", path=shown, at=exc.start) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise fail_line(
            lang, "cli.save.not_json", path=shown, line=exc.lineno, col=exc.colno
        ) from None
    except RecursionError:
        raise fail_line(lang, "cli.save.not_json", path=shown, line="?", col="?") from None


def read_record(path: Path, lang: str) -> tuple[GameRecord, dict[str, Any]]:
    """The record in `path` and the whole JSON object; every problem is one line, exit 2."""
    data = _read_json(path, lang)
    try:
        record = GameRecord.from_json(data)
    except RecordError as exc:
        raise fail_line(lang, "cli.record.bad", path=str(path), error=str(exc)) from None
    from arbitre.games.epic.held import HeldError, restore

    try:  # the army and table texts the game started with (held.py), before any replay
        restore(data.get("held") if isinstance(data, dict) else None)
    except HeldError as exc:
        raise fail_line(lang, "cli.record.bad", path=str(path), error=str(exc)) from None
    return record, data


def _ruleset(record: GameRecord, path: Path, lang: str) -> Ruleset[Any]:
    if record.ruleset not in names():
        raise fail_line(
            lang, "cli.save.unknown_game", path=str(path), game=record.ruleset,
            known=", ".join(names()),
        )  # fmt: skip
    ruleset = get(record.ruleset)
    if record.version != ruleset.version:
        raise fail_line(
            lang, "cli.save.version", path=str(path), game=ruleset.id,
            saved=record.version, now=ruleset.version,
        )  # fmt: skip
    return ruleset


def _seats(data: dict[str, Any], ruleset: Ruleset[Any], n: int, path: Path, lang: str) -> Any:
    seats = data.get("seats")
    if seats is None:
        return None
    if (
        not isinstance(seats, list)
        or len(seats) != n
        or not all(isinstance(s, str) and 0 < len(s) <= MAX_AGENT for s in seats)
    ):
        raise fail_line(lang, "cli.save.bad_seats", path=str(path), n=n)
    for i, name in enumerate(seats):
        if name == HUMAN:
            continue
        try:  # the parser of `--seats`, parameters included (`mcts:iterations=400`)
            make_agent(ruleset, name, 0)
        except Exception as exc:  # a file is never trusted: any refusal is one line
            error = " ".join(str(exc).split())
            raise fail_line(
                lang, "cli.save.bad_agent", path=str(path), i=i, name=name, error=error
            ) from None
    return [None if s == HUMAN else s for s in seats]


def read_save(path: Path, lang: str) -> Loaded:
    """`path` checked completely (see the module doc) before anything is asked."""
    record, data = read_record(path, lang)
    ruleset = _ruleset(record, path, lang)
    arbitre = data.get("arbitre")
    saved = data.get("saved")
    if (arbitre is not None and not isinstance(arbitre, str)) or (
        saved is not None and not isinstance(saved, str)
    ):
        raise fail_line(lang, "cli.record.bad", path=str(path), error="'arbitre'/'saved'")
    try:
        config = read_config(ruleset, record.config)
        seat_names = check_config(ruleset, config)
        match = Match(ruleset, config, record.seed)
    except BadConfig as exc:
        raise fail_line(
            lang, "cli.save.bad_config", path=str(path), error=translate(exc.msg, lang)
        ) from None
    except (ConfigError, ValueError) as exc:
        raise fail_line(lang, "cli.save.bad_config", path=str(path), error=str(exc)) from None
    seats = _seats(data, ruleset, len(seat_names), path, lang)
    played: list[Played] = []
    hidden: set[int] = set()
    for n, key in enumerate(record.keys, 1):
        decision = match.decision()
        try:
            play_recorded(match, key, played)
        except IllegalChoice as exc:
            raise fail_line(
                lang, "cli.record.illegal", n=n, key=key[:60], why=translate(exc.msg, lang)
            ) from None
        except Exception as exc:  # a key the game cannot even read is refused the same way
            raise fail_line(lang, "cli.record.illegal", n=n, key=key[:60], why=repr(exc)) from None
        if decision is not None and decision.private:
            hidden.add(len(match.keys))
    record = GameRecord(record.ruleset, record.version, config, record.seed, record.keys)
    return Loaded(path, record, match, played, hidden, seats, arbitre, saved, data)


# --- the autosave list -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One autosave as `--resume` lists it (read quickly: no replay)."""

    path: Path
    game: str
    seat_ids: tuple[str, ...]
    seats: tuple[str, ...]
    moves: int
    date: str
    config: Mapping[str, Any] | None = None  # the game's (its seats by army, Epic)


_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})")


def list_saves() -> list[Entry]:
    """The readable autosaves, most recent first (broken files are skipped)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    out: list[tuple[float, Entry]] = []
    for path in folder.glob("*.json"):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            record = GameRecord.from_json(data)
            mtime = path.stat().st_mtime
        except (OSError, ValueError, RecursionError):
            continue
        from arbitre.games.epic.held import HeldError, restore

        try:
            restore(data.get("held"))  # its Epic armies, named in the list (seats_text)
        except HeldError:
            continue
        seats = data.get("seats")
        seats_t = tuple(str(s) for s in seats) if isinstance(seats, list) else ()
        saved = data.get("saved")
        found = _DATE.match(saved) if isinstance(saved, str) else None
        date = (
            f"{found.group(1)} {found.group(2)}"
            if found
            else datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")
        )
        try:
            seat_ids = tuple(get(record.ruleset).seats(record.config))
        except Exception:  # an unknown game or config: the seats by number
            seat_ids = tuple(str(i + 1) for i in range(len(seats_t)))
        entry = Entry(
            path, record.ruleset, seat_ids, seats_t, len(record.keys), date, record.config
        )
        out.append((mtime, entry))
    out.sort(key=lambda pair: (-pair[0], pair[1].path.name))
    return [entry for _, entry in out]


def pick_save(entries: list[Entry], selector: str) -> Entry | None:
    """`N` (1-based), a file name with or without `.json`, or None."""
    if selector.isdigit():
        n = int(selector)
        return entries[n - 1] if 1 <= n <= len(entries) else None
    for entry in entries:
        if selector in (entry.path.name, entry.path.stem, str(entry.path)):
            return entry
    return None


def seats_text(entry: Entry, lang: str) -> str:
    """`Imperium : humain, Traître : ai` (who played each seat, when the save says)."""
    if len(entry.seat_ids) != len(entry.seats):
        return "?"
    return ", ".join(
        f"{seat_label(entry.game, s, lang, entry.config)}: "
        f"{tr('cli.seat.human', lang) if w == HUMAN else w}"
        for s, w in zip(entry.seat_ids, entry.seats, strict=True)
    )


__all__ = [
    "DATA_ENV",
    "Entry",
    "Loaded",
    "data_dir",
    "fail_line",
    "list_saves",
    "new_autosave_path",
    "pick_save",
    "read_record",
    "read_save",
    "saves_dir",
    "seats_text",
    "write_save",
]
