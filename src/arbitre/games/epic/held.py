"""Army and table files a terminal game holds (issue 16): `arbitre play epic --army FILE
--table FILE` reads each file once, when the game starts, and plays it under the name
`<stem>@<sha12>` (the file's name and the start of the SHA-256 of its text, like the
library's pinned versions). The save keeps the texts (`held_of`), and `--load`/`--resume`
/ `arbitre replay` give them back (`restore`) before replaying: a file changed or deleted
after the game started never changes a saved game.

The texts live in this process only (no file is written); forces.py and tables.py look
here before the library and the file system.

An army or table given by its path to the Python API or `arbitre simulate` (`--config
army.0=FILE`, played by many games) is read through `file_text`: once per process while
the file is unchanged, not once per game.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

ARMY = "epic.army"
TABLE = "epic.table"
OPTIONS = {"army.0": ARMY, "army.1": ARMY, "table": TABLE}
MAX_BYTES = 64 * 1024  # one army or table text (forces.MAX_ARMY_BYTES, tables.MAX_BYTES)
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,47}@[0-9a-f]{12}")
_HELD: dict[tuple[str, str], str] = {}
_FILES: dict[str, tuple[tuple[int, int], str]] = {}  # path -> ((mtime_ns, size), text)


class HeldError(ValueError):
    """A file that cannot be held, or a save's held text that does not match its name."""


def sha12(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def _stem(path: Path) -> str:
    stem = re.sub(r"[^a-z0-9_-]+", "-", path.stem.lower()).strip("-_")[:48]
    return stem if stem and stem[0].isalnum() else "file"


def hold_file(kind: str, path: Path) -> str:
    """Read `path` once and hold its text; the name the game plays it under."""
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise HeldError(f"{path}: {size} > {MAX_BYTES} bytes")
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise HeldError(f"{path}: {exc}") from None
    name = f"{_stem(path)}@{sha12(text)}"
    _HELD[(kind, name)] = text
    return name


def file_text(path: Path, most: int) -> str | None:
    """The UTF-8 text of the army or table file `path`, None when it is over `most` bytes;
    kept by its path, size and modification time, so a run of many games reads it once (a
    file changed meanwhile is read again). Raises OSError / UnicodeDecodeError."""
    st = path.stat()
    if st.st_size > most:
        return None
    key, stamp = str(path.absolute()), (st.st_mtime_ns, st.st_size)
    kept = _FILES.get(key)
    if kept is not None and kept[0] == stamp:
        return kept[1]
    text = path.read_text("utf-8")
    if len(_FILES) >= 32:  # a run names one or two files: never let it grow
        _FILES.clear()
    _FILES[key] = (stamp, text)
    return text


def is_file_value(value: str) -> bool:
    """Whether an option value names an army or table file (not a library name)."""
    path = Path(value)
    return path.suffix in (".toml", ".json") and path.is_file()


def hold_items(items: list[str]) -> list[str]:
    """`--config` items with every army or table file replaced by its held name."""
    out = []
    for item in items:
        key, eq, value = item.partition("=")
        kind = OPTIONS.get(key.strip())
        if eq and kind is not None and is_file_value(value.strip()):
            item = f"{key.strip()}={hold_file(kind, Path(value.strip()))}"
        out.append(item)
    return out


def text_of(kind: str, name: str) -> str | None:
    """The held text of `name`, or None."""
    return _HELD.get((kind, name))


def held_of(config: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """The texts a game's config plays under held names, by kind (for its save)."""
    out: dict[str, dict[str, str]] = {}
    for key, kind in OPTIONS.items():
        value = config.get(key)
        if not isinstance(value, str):
            continue
        text = _HELD.get((kind, value))
        if text is not None:
            out.setdefault(kind, {})[value] = text
    return out


def restore(data: Any) -> None:
    """Hold again the texts a save kept (`held_of`); HeldError names a bad entry (the
    wrong shape, a name not `stem@sha12`, a text too long or not matching its name)."""
    if data is None:
        return
    if not isinstance(data, dict):
        raise HeldError("'held': not an object")
    found: dict[tuple[str, str], str] = {}
    for kind, texts in data.items():
        if kind not in (ARMY, TABLE) or not isinstance(texts, dict) or len(texts) > 3:
            raise HeldError(f"'held': bad entry {str(kind)[:40]!r}")
        for name, text in texts.items():
            if not isinstance(name, str) or not NAME.fullmatch(name):
                raise HeldError(f"'held.{kind}': bad name {str(name)[:60]!r}")
            if not isinstance(text, str) or len(text.encode("utf-8")) > MAX_BYTES:
                raise HeldError(f"'held.{kind}.{name}': not a text of at most {MAX_BYTES} bytes")
            if sha12(text) != name.rpartition("@")[2]:
                raise HeldError(f"'held.{kind}.{name}': the text does not match its name")
            found[(kind, name)] = text
    _HELD.update(found)
