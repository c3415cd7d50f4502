"""Content packs for tests: a folder holding some parts, each a default file edited."""

from __future__ import annotations

from pathlib import Path

from arbitre.games.heresy.content.loader import default_data


def default_text(part: str) -> str:
    return default_data().joinpath(*part.split("/")).read_text("utf-8")


def make_pack(root: Path, parts: dict[str, str]) -> Path:
    """Write `parts` (part path -> TOML text) under `root` and return it."""
    for part, text in parts.items():
        path = root / part
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def edited(part: str, old: str, new: str) -> str:
    """The default text of `part` with `old` (which must occur) replaced once by `new`."""
    text = default_text(part)
    assert old in text, f"{old!r} not in {part}"
    return text.replace(old, new, 1)
