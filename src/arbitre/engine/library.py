"""The content an operator installed on a server, by kind and name.

A web client never gives a file-system path: it names a resource among those installed
here (`config_values.read_config(..., names_only=True)`). `arbitre serve --content-dir DIR`
installs, from

    DIR/heresy/<name>/        a Heresy content pack (a folder, docs/content.md)
    DIR/champs/<name>.toml    a Champs battlefield

each validated at once (a bad one raises LibraryError naming the file). Names are
`[a-z0-9][a-z0-9_-]{0,47}`. The games resolve a name here first (`path_of`); the CLI may
still give a path.

Kinds: "heresy.content" (installed packs only; the default content is "no pack", None)
and "champs.battlefield" (the built-in battlefields first, then the installed ones).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

HERESY_CONTENT = "heresy.content"
CHAMPS_BATTLEFIELD = "champs.battlefield"
KINDS = (HERESY_CONTENT, CHAMPS_BATTLEFIELD)
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,47}")


class LibraryError(ValueError):
    """A content folder that cannot be installed; the text names the file and the problem."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One installed resource: its kind, name, path and display names by language."""

    kind: str
    name: str
    path: Path
    labels: Mapping[str, str]


_LOCK = threading.Lock()
_INSTALLED: Mapping[str, Mapping[str, Entry]] = MappingProxyType({})


def _pack_labels(path: Path, name: str) -> dict[str, str]:
    """Load (and cache) a Heresy pack; a pack declares no name, its label is its folder's."""
    from arbitre.engine.ruleset import ConfigError
    from arbitre.games.heresy.config import load_pack

    try:
        load_pack(path)
    except ConfigError as exc:
        raise LibraryError(f"{path}: {exc}") from None
    return {"fr": name, "en": name}


def _battlefield_labels(path: Path, name: str) -> dict[str, str]:
    from arbitre.engine.ruleset import ConfigError
    from arbitre.games.champs.board import builtin_battlefields, read_battlefield

    if name in builtin_battlefields():
        raise LibraryError(f"{path}: {name!r} is the name of a built-in battlefield")
    try:
        field = read_battlefield(path, name)
    except ConfigError as exc:
        raise LibraryError(f"{path}: {exc}") from None
    return {"fr": field.name_fr, "en": field.name_en}


# kind -> (sub-folder of the content dir, file suffix ("" = a folder), loader)
_LAYOUT: dict[str, tuple[str, str, Callable[[Path, str], dict[str, str]]]] = {
    HERESY_CONTENT: ("heresy", "", _pack_labels),
    CHAMPS_BATTLEFIELD: ("champs", ".toml", _battlefield_labels),
}


def _scan(root: Path, kind: str) -> dict[str, Entry]:
    folder_name, suffix, load = _LAYOUT[kind]
    folder = root / folder_name
    if not folder.exists():
        return {}
    if not folder.is_dir():
        raise LibraryError(f"{folder}: not a folder")
    found: dict[str, Entry] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if suffix:
            if not (path.name.endswith(suffix) and path.is_file()):
                continue  # notes, pictures: ignored
            name = path.name[: -len(suffix)]
        elif path.is_dir():
            name = path.name
        else:
            continue
        if not NAME.fullmatch(name):
            raise LibraryError(
                f"{path}: the name {name!r} is not allowed "
                "(lower-case letters, digits, '_' and '-', at most 48, first a letter or digit)"
            )
        where = path.resolve()  # the path the games load (and cache) it from
        found[name] = Entry(kind, name, where, MappingProxyType(load(where, name)))
    return found


def install_dir(path: Path) -> None:
    """Install every pack and battlefield of the content folder `path` (layout above).

    Everything is validated before anything is installed; a bad item raises LibraryError
    naming its file. A later install replaces an entry of the same kind and name.
    """
    global _INSTALLED
    root = Path(path)
    if not root.is_dir():
        raise LibraryError(f"{root}: not a folder")
    scanned = {kind: _scan(root, kind) for kind in KINDS}
    with _LOCK:
        merged = {kind: {**_INSTALLED.get(kind, {}), **scanned[kind]} for kind in KINDS}
        _INSTALLED = MappingProxyType({k: MappingProxyType(v) for k, v in merged.items()})


def clear() -> None:
    """Forget every installed resource (tests)."""
    global _INSTALLED
    with _LOCK:
        _INSTALLED = MappingProxyType({})


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise LibraryError(f"unknown resource kind {kind!r}; known: {', '.join(KINDS)}")


def _builtin(kind: str) -> list[str]:
    if kind == CHAMPS_BATTLEFIELD:
        from arbitre.games.champs.board import builtin_battlefields

        return builtin_battlefields()
    return []


def names(kind: str) -> list[str]:
    """The names a client may give for `kind`: built-in ones first, then installed ones."""
    _check_kind(kind)
    builtin = _builtin(kind)
    return builtin + sorted(n for n in _INSTALLED.get(kind, {}) if n not in builtin)


def entry(kind: str, name: str) -> Entry | None:
    """The installed resource `name` of `kind`, or None."""
    _check_kind(kind)
    return _INSTALLED.get(kind, {}).get(name)


def path_of(kind: str, name: str) -> Path | None:
    """Where the installed resource `name` lives; None when it is not installed (a
    built-in battlefield, an unknown name)."""
    found = entry(kind, name)
    return None if found is None else found.path


def label_of(kind: str, name: str, lang: str) -> str:
    """A display name: a battlefield's name_fr/name_en, a pack's folder name; an unknown
    name is shown as itself."""
    found = entry(kind, name)
    if found is not None:
        return found.labels.get(lang) or found.labels.get("en") or name
    if name in _builtin(kind):
        from arbitre.games.champs.board import load_battlefield

        return load_battlefield(name).name(lang)
    return name
