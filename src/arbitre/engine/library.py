"""The resources a game is played with, by kind and name: built in, installed, or saved.

A web client never gives a file-system path: it names a resource (`config_values.read_config(
..., names_only=True)`). Three origins, listed in this order by `names`:

- **built in**: shipped with a game (the Champs battlefields `plaine`, `defile`,
  `forteresse`; a game adds its own with `register_builtins`);
- **installed** by the operator at start-up, `arbitre serve --content-dir DIR`, from

      DIR/heresy/<name>/        a Heresy content pack (a folder, docs/content.md)
      DIR/champs/<name>.toml    a Champs battlefield

  each validated at once (a bad one raises LibraryError naming the file);
- **saved** by players in the writable library (`arbitre serve --library-dir DIR`, the
  editors, `server/library_api.py`; `arbitre.engine.library_saved`): `save` validates the
  TOML text with the validator its game registered (`register_validator`) and writes it.

Names are `[a-z0-9][a-z0-9_-]{0,47}`. A saved entry may be replaced or deleted while games
made from it go on: a game created over the web stores `name@<sha12>` (`pin`), the name and
the start of the SHA-256 of the text it started with, and that version's file is kept, so a
game replays exactly as it was played (docs/web.md, "The library").

Kinds: "heresy.content" (installed packs only; the default content is "no pack", None),
"champs.battlefield", "epic.army" and "epic.table".
"""

from __future__ import annotations

import importlib
import re
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

HERESY_CONTENT = "heresy.content"
CHAMPS_BATTLEFIELD = "champs.battlefield"
EPIC_ARMY = "epic.army"
EPIC_TABLE = "epic.table"
KINDS = (HERESY_CONTENT, CHAMPS_BATTLEFIELD, EPIC_ARMY, EPIC_TABLE)
# The kinds players may save (TOML texts); a Heresy pack is a folder of files.
WRITABLE = (CHAMPS_BATTLEFIELD, EPIC_ARMY, EPIC_TABLE)
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,47}")
# A saved entry as a game stores it: its name and the first 12 hex digits of its SHA-256.
PINNED = re.compile(r"([a-z0-9][a-z0-9_-]{0,47})@([0-9a-f]{12})")

# A validator parses the TOML text of one resource and returns its display names
# {"fr": ..., "en": ...}, or raises ValueError whose text names the field and the rule.
Validator = Callable[[str], Mapping[str, str]]


class LibraryError(ValueError):
    """A content folder that cannot be installed; the text names the file and the problem."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One resource: its kind, name, file, display names by language and origin.

    `path`: the file (or pack folder) the games load; for a saved entry, its current
    version's immutable file. `owner`: for a saved entry, the SHA-256 (hex) of its author's
    token, never the token. `sha`: a saved entry's text's SHA-256 (hex)."""

    kind: str
    name: str
    path: Path | None
    labels: Mapping[str, str]
    origin: str = "installed"  # "builtin" | "installed" | "saved"
    owner: str | None = None
    sha: str | None = None

    @property
    def builtin(self) -> bool:
        return self.origin == "builtin"

    @property
    def installed(self) -> bool:
        return self.origin == "installed"

    @property
    def saved(self) -> bool:
        return self.origin == "saved"


_LOCK = threading.Lock()
_INSTALLED: Mapping[str, Mapping[str, Entry]] = MappingProxyType({})
_VALIDATORS: dict[str, Validator] = {}
_BUILTINS: dict[str, tuple[Callable[[], Sequence[str]], Callable[[str], str]]] = {}
# The modules that register a kind's validator and built-ins when imported.
_PROVIDERS: dict[str, tuple[str, ...]] = {
    CHAMPS_BATTLEFIELD: ("arbitre.games.champs.board",),
    EPIC_ARMY: ("arbitre.games.epic", "arbitre.games.epic.armies"),
    EPIC_TABLE: ("arbitre.games.epic", "arbitre.games.epic.tables"),
}


def register_validator(kind: str, validate: Validator) -> None:
    """`validate(text)` checks the TOML text of one resource of `kind` and returns its
    display names by language; it raises ValueError (its text, or its `msg` when it is an
    `arbitre.engine.i18n.Msg`, is shown to the author as is). A game calls this when its
    package is imported."""
    _check_kind(kind)
    _VALIDATORS[kind] = validate


def register_builtins(
    kind: str, names_of: Callable[[], Sequence[str]], text_of_builtin: Callable[[str], str]
) -> None:
    """The resources of `kind` a game ships: their names (listed first) and their TOML
    texts (an editor starts from one). Nobody may save under a built-in name."""
    _check_kind(kind)
    _BUILTINS[kind] = (names_of, text_of_builtin)


_TRIED: set[str] = set()  # providers imported once: a missing module is not looked for again


def _load_provider(kind: str, table: Mapping[str, object]) -> None:
    if kind in table or kind in _TRIED:
        return
    _TRIED.add(kind)
    for module in _PROVIDERS.get(kind, ()):
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is None or not module.startswith(exc.name):
                raise
        if kind in table:
            return


def validator(kind: str) -> Validator | None:
    """The validator of `kind` (its game's package is imported first), or None."""
    _check_kind(kind)
    _load_provider(kind, _VALIDATORS)
    return _VALIDATORS.get(kind)


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
    scanned = {kind: _scan(root, kind) for kind in _LAYOUT}
    with _LOCK:
        merged = {kind: {**_INSTALLED.get(kind, {}), **scanned.get(kind, {})} for kind in KINDS}
        _INSTALLED = MappingProxyType({k: MappingProxyType(v) for k, v in merged.items()})


def clear() -> None:
    """Forget every installed resource and the writable library (tests)."""
    global _INSTALLED
    from arbitre.engine import library_saved

    with _LOCK:
        _INSTALLED = MappingProxyType({})
    library_saved.use_dir(None)


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise LibraryError(f"unknown resource kind {kind!r}; known: {', '.join(KINDS)}")


def _builtin(kind: str) -> list[str]:
    _load_provider(kind, _BUILTINS)
    found = _BUILTINS.get(kind)
    return list(found[0]()) if found is not None else []


def builtin_text(kind: str, name: str) -> str | None:
    """The TOML text of a built-in resource, or None."""
    if name not in _builtin(kind):
        return None
    return _BUILTINS[kind][1](name)


def _saved(kind: str) -> Mapping[str, Entry]:
    from arbitre.engine import library_saved

    return library_saved.entries(kind)


def names(kind: str) -> list[str]:
    """The names a client may give for `kind`: built-in ones first, then installed and saved
    ones (in name order)."""
    _check_kind(kind)
    builtin = _builtin(kind)
    others = {**_saved(kind), **_INSTALLED.get(kind, {})}
    return builtin + sorted(n for n in others if n not in builtin)


def entries(kind: str) -> list[Entry]:
    """Every resource of `kind`, in `names` order, with its origin (a built-in one has no
    path)."""
    out = []
    for name in names(kind):
        found = entry(kind, name)
        if found is None:
            labels = {lang: label_of(kind, name, lang) for lang in ("fr", "en")}
            found = Entry(kind, name, None, MappingProxyType(labels), "builtin")
        out.append(found)
    return out


def entry(kind: str, name: str) -> Entry | None:
    """The installed or saved resource `name` of `kind` (a pinned `name@sha12` too, as its
    version), or None (a built-in or unknown name)."""
    _check_kind(kind)
    found = _INSTALLED.get(kind, {}).get(name)
    if found is not None:
        return found
    from arbitre.engine import library_saved

    return library_saved.entry(kind, name)


def path_of(kind: str, name: str) -> Path | None:
    """Where the installed or saved resource `name` lives; None when it is neither (a
    built-in battlefield, an unknown name)."""
    found = entry(kind, name)
    return None if found is None else found.path


def label_of(kind: str, name: str, lang: str) -> str:
    """A display name: a battlefield's name_fr/name_en, a pack's folder name; an unknown
    name is shown as itself."""
    found = entry(kind, name)
    if found is not None:
        return found.labels.get(lang) or found.labels.get("en") or name
    if kind == CHAMPS_BATTLEFIELD and name in _builtin(kind):
        from arbitre.games.champs.board import load_battlefield

        return load_battlefield(name).name(lang)
    text = builtin_text(kind, name)
    check = validator(kind)
    if text is not None and check is not None:
        labels = check(text)
        return labels.get(lang) or labels.get("en") or name
    return name


def pin(kind: str, name: str) -> str:
    """The value a game stores for the resource `name`: a saved entry as `name@sha12` (the
    version it starts with, kept on disk), any other name as itself."""
    from arbitre.engine import library_saved

    return library_saved.pin(kind, name)


# --- the writable library (engine/library_saved.py), under the names the games use -----------


def save(kind: str, name: str, text: str, owner: str) -> Entry:
    """Validate and save the entry `name` for the author whose token hashes to `owner`
    (`library_saved.owner_of`); `library_saved.Refused` (status, field, bilingual msg)
    when refused, nothing written."""
    from arbitre.engine import library_saved

    return library_saved.save(kind, name, text, owner)[0]


def delete(kind: str, name: str, owner: str) -> None:
    """Remove the author's own saved entry (the versions games started from stay)."""
    from arbitre.engine import library_saved

    library_saved.delete(kind, name, owner)


def text_of(kind: str, name: str) -> str | None:
    """The TOML text of a built-in, installed (a file) or saved resource, or None."""
    from arbitre.engine import library_saved

    return library_saved.text_of(kind, name)
