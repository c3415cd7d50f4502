"""The writable library: resources players save by name (`arbitre serve --library-dir`).

On disk, for each writable kind (`library.WRITABLE`):

    DIR/<kind>/<name>.toml                  the entry's current text
    DIR/<kind>/<name>.json                  its owner (a hash), SHA-256 and display names
    DIR/<kind>/versions/<name>@<sha12>.toml every version a game may have started from
    DIR/authors                             the hashes of the author tokens issued

Every write goes to a temporary file that replaces the old one (`os.replace`), so a
crash leaves the old entry or the new one, never half of one. Versions are never deleted:
a game created from an entry stores `name@sha12` (`pin`) and replays from that version
whatever happens to the entry afterwards.

An author is identified by a 144-bit random token the server issues (`new_author`); only
its SHA-256 is stored, and compared in constant time. `save` refuses, changing nothing
(`Refused`, with the HTTP status, the field and a bilingual message): an unknown or
read-only kind, a bad name, a built-in or installed name, another author's entry, a text
over MAX_BYTES, text that is not TOML, one the game's validator refuses, an author over
MAX_PER_OWNER entries or a library over MAX_TOTAL.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import threading
import time
import tomllib
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from arbitre.engine import library
from arbitre.engine.i18n import Msg, add_messages
from arbitre.engine.library import NAME, PINNED, WRITABLE, Entry, LibraryError

MAX_BYTES = 64 * 1024  # one resource's TOML text, in UTF-8
MAX_PER_OWNER = 50  # entries of one author, every kind together
MAX_TOTAL = 2000  # entries in the library, every kind together
MAX_AUTHORS = 100_000  # author tokens ever issued by this server
MAX_LABEL = 80  # characters of a display name kept


class Refused(LibraryError):
    """A refusal of a library request; nothing was written.

    `status`: the HTTP status; `code`: a short word; `field`: the field at fault ("name",
    "text", or a field of the resource the validator named), or None; `msg`: bilingual."""

    def __init__(self, status: int, code: str, msg: Msg, field: str | None = None) -> None:
        super().__init__(f"{status} {code} {msg.key} {dict(msg.args)}")
        self.status = status
        self.code = code
        self.msg = msg
        self.field = field


_LOCK = threading.Lock()  # one writer at a time: a check and its write are one step
_DIR: Path | None = None
_SAVED: Mapping[str, Mapping[str, Entry]] = MappingProxyType({})
_AUTHORS: set[str] = set()


def owner_of(token: str) -> str:
    """What is stored of an author token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def current_dir() -> Path | None:
    return _DIR


def _write(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        with open(tmp, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def _version_path(root: Path, kind: str, name: str, sha: str) -> Path:
    return root / kind / "versions" / f"{name}@{sha[:12]}.toml"


def _load_kind(root: Path, kind: str) -> dict[str, Entry]:
    folder = root / kind
    found: dict[str, Entry] = {}
    if not folder.is_dir():
        return found
    for meta_path in sorted(folder.glob("*.json")):
        name = meta_path.name[:-5]
        if not NAME.fullmatch(name):
            continue
        try:
            meta = json.loads(meta_path.read_text("utf-8"))
            sha, owner = str(meta["sha"]), str(meta["owner"])
            labels = {lang: str(meta["labels"][lang])[:MAX_LABEL] for lang in ("fr", "en")}
            version = _version_path(root, kind, name, sha)
            text = version.read_bytes()
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a half-written or foreign file: not an entry
        if hashlib.sha256(text).hexdigest() != sha:
            continue
        current = folder / f"{name}.toml"
        if not current.is_file() or current.read_bytes() != text:
            _write(current, text)  # a crash between the two writes of a save
        found[name] = Entry(kind, name, version, MappingProxyType(labels), "saved", owner, sha)
    return found


def use_dir(path: Path | None) -> None:
    """Use the writable library at `path` (created on demand; None: none), loading its
    entries. The server calls it at start-up; its worker processes too."""
    global _DIR, _SAVED, _AUTHORS
    with _LOCK:
        if path is None:
            _DIR, _SAVED, _AUTHORS = None, MappingProxyType({}), set()
            return
        root = Path(path).resolve()
        root.mkdir(parents=True, exist_ok=True)
        saved = {kind: MappingProxyType(_load_kind(root, kind)) for kind in WRITABLE}
        authors_file = root / "authors"
        authors = set()
        if authors_file.is_file():
            authors = {
                line.strip() for line in authors_file.read_text("ascii").split() if line.strip()
            }
        _DIR, _SAVED, _AUTHORS = root, MappingProxyType(saved), authors


def entries(kind: str) -> Mapping[str, Entry]:
    return _SAVED.get(kind, MappingProxyType({}))


def entry(kind: str, name: str) -> Entry | None:
    """The saved entry `name`, or a pinned version `name@sha12` that is on disk."""
    found = _SAVED.get(kind, {}).get(name)
    if found is not None or _DIR is None or kind not in WRITABLE:
        return found
    pinned = PINNED.fullmatch(name)
    if pinned is None:
        return None
    path = _DIR / kind / "versions" / f"{name}.toml"
    if not path.is_file():
        return None
    current = _SAVED.get(kind, {}).get(pinned.group(1))
    if current is not None and current.path == path:
        labels = current.labels
    else:
        labels = MappingProxyType(_labels_of(kind, path, pinned.group(1)))
    return Entry(kind, name, path, labels, "saved", None, None)


def _labels_of(kind: str, path: Path, name: str) -> dict[str, str]:
    """The display names of an older version (its entry was replaced or deleted)."""
    check = library.validator(kind)
    try:
        if check is not None:
            return {k: str(v)[:MAX_LABEL] for k, v in check(path.read_text("utf-8")).items()}
    except (OSError, ValueError):
        pass
    return {"fr": name, "en": name}


def pin(kind: str, name: str) -> str:
    """`name@sha12` for a saved entry (its current version), else `name` itself."""
    found = _SAVED.get(kind, {}).get(name)
    if found is None or found.sha is None:
        return name
    return f"{name}@{found.sha[:12]}"


def text_of(kind: str, name: str) -> str | None:
    """The TOML text of a built-in, installed (a file) or saved resource, or None."""
    library._check_kind(kind)
    builtin = library.builtin_text(kind, name)
    if builtin is not None:
        return builtin
    found = library.entry(kind, name)
    if found is None or found.path is None or not found.path.is_file():
        return None
    return found.path.read_text("utf-8")


def new_author() -> str:
    """A new author token (kept by the client); only its hash is stored."""
    if _DIR is None:
        raise Refused(503, "no_library", Msg("library.no_library", {}))
    token = secrets.token_urlsafe(18)  # 144 bits, as the seat tokens
    owner = owner_of(token)
    with _LOCK:
        if len(_AUTHORS) >= MAX_AUTHORS:
            raise Refused(429, "full", Msg("library.authors_full", {"most": MAX_AUTHORS}))
        with open(_DIR / "authors", "a", encoding="ascii") as out:
            out.write(owner + "\n")
            out.flush()
            os.fsync(out.fileno())
        _AUTHORS.add(owner)
    return token


def is_author(token: str) -> bool:
    """Whether the server issued `token` (its hash is looked up, not the token)."""
    return owner_of(token) in _AUTHORS


def _same(a: str | None, b: str) -> bool:
    return a is not None and secrets.compare_digest(a.encode(), b.encode())


def _check_writable(kind: str) -> Path:
    if kind not in WRITABLE:
        raise Refused(404, "no_kind", Msg("library.no_kind", {"kind": kind[:40]}))
    if _DIR is None:
        raise Refused(503, "no_library", Msg("library.no_library", {}))
    return _DIR


def _check_name(kind: str, name: str) -> None:
    if not NAME.fullmatch(name):
        raise Refused(422, "bad_name", Msg("library.bad_name", {"name": name[:60]}), "name")
    if name in library._builtin(kind) or name in library._INSTALLED.get(kind, {}):
        raise Refused(409, "taken", Msg("library.taken", {"name": name}), "name")


def _plain(value: Any) -> Any:
    """TOML data as JSON: dates and times as ISO text."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str | int | float | bool):
        return value
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def check(kind: str, text: Any) -> tuple[dict[str, str], dict[str, Any]]:
    """Validate `text` as a resource of `kind` without saving it: its display names and its
    data (TOML read into JSON values, for an editor to fill its form). Refused as `save`."""
    if kind not in WRITABLE:
        raise Refused(404, "no_kind", Msg("library.no_kind", {"kind": kind[:40]}))
    if not isinstance(text, str):
        raise Refused(422, "not_toml", Msg("library.not_toml", {"error": "not text"}), "text")
    labels = _validate(kind, "", text)
    return labels, _plain(tomllib.loads(text))


def data_of(text: str) -> dict[str, Any]:
    """A stored text's data (TOML read into JSON values)."""
    return dict(_plain(tomllib.loads(text)))


def _validate(kind: str, name: str, text: str) -> dict[str, str]:
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise Refused(413, "too_large", Msg("library.too_large", {"most": MAX_BYTES}), "text")
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = Msg("library.not_toml", {"error": str(exc)})
        raise Refused(422, "not_toml", msg, "text") from None
    except RecursionError:
        msg = Msg("library.not_toml", {"error": "nesting"})
        raise Refused(422, "not_toml", msg, "text") from None
    check = library.validator(kind)
    if check is None:
        raise Refused(503, "no_validator", Msg("library.no_validator", {"kind": kind}))
    try:
        labels = check(text)
    except ValueError as exc:
        given = getattr(exc, "msg", None)
        shown = given if isinstance(given, Msg) else Msg("library.invalid", {"error": str(exc)})
        field = shown.args.get("field")
        raise Refused(422, "invalid", shown, field if isinstance(field, str) else None) from None
    return {lang: str(labels.get(lang) or name)[:MAX_LABEL] for lang in ("fr", "en")}


def save(kind: str, name: str, text: str, owner: str) -> tuple[Entry, bool]:
    """Validate and write the entry `name` of `kind` for the author whose token hashes to
    `owner`; (the entry, whether it is new). Refused (nothing written) as the module says."""
    root = _check_writable(kind)
    _check_name(kind, name)
    if not isinstance(text, str):
        raise Refused(422, "not_toml", Msg("library.not_toml", {"error": "not text"}), "text")
    labels = _validate(kind, name, text)
    data = text.encode("utf-8")
    sha = hashlib.sha256(data).hexdigest()
    global _SAVED
    with _LOCK:
        old = _SAVED.get(kind, {}).get(name)
        if old is not None and not _same(old.owner, owner):
            raise Refused(403, "not_yours", Msg("library.not_yours", {"name": name}), "name")
        if old is None:
            mine = sum(_same(e.owner, owner) for k in WRITABLE for e in _SAVED[k].values())
            if mine >= MAX_PER_OWNER:
                msg = Msg("library.owner_full", {"most": MAX_PER_OWNER})
                raise Refused(422, "owner_full", msg, "name")
            if sum(len(_SAVED[k]) for k in WRITABLE) >= MAX_TOTAL:
                raise Refused(422, "full", Msg("library.full", {"most": MAX_TOTAL}), "name")
        version = _version_path(root, kind, name, sha)
        version.parent.mkdir(parents=True, exist_ok=True)
        if not version.is_file():
            _write(version, data)
        _write(root / kind / f"{name}.toml", data)
        meta = {"owner": owner, "sha": sha, "labels": labels, "saved": time.time()}
        _write(root / kind / f"{name}.json", json.dumps(meta).encode())
        found = Entry(kind, name, version, MappingProxyType(labels), "saved", owner, sha)
        _SAVED = MappingProxyType({**_SAVED, kind: MappingProxyType({**_SAVED[kind], name: found})})
    return found, old is None


def delete(kind: str, name: str, owner: str) -> None:
    """Remove the author's entry `name` (its versions stay: games may replay them)."""
    root = _check_writable(kind)
    global _SAVED
    with _LOCK:
        old = _SAVED.get(kind, {}).get(name)
        if old is None:
            raise Refused(404, "no_entry", Msg("library.no_entry", {"name": name[:60]}), "name")
        if not _same(old.owner, owner):
            raise Refused(403, "not_yours", Msg("library.not_yours", {"name": name}), "name")
        (root / kind / f"{name}.json").unlink(missing_ok=True)
        (root / kind / f"{name}.toml").unlink(missing_ok=True)
        rest = {k: v for k, v in _SAVED[kind].items() if k != name}
        _SAVED = MappingProxyType({**_SAVED, kind: MappingProxyType(rest)})


def describe(found: Entry, owner: str | None) -> dict[str, Any]:
    """An entry as the API lists it."""
    return {
        "name": found.name,
        "label": {
            "fr": found.labels.get("fr", found.name),
            "en": found.labels.get("en", found.name),
        },
        "origin": found.origin,
        "mine": owner is not None and _same(found.owner, owner),
    }


add_messages(
    {
        f"library.{key}": {"fr": fr, "en": en}
        for key, fr, en in (
            (
                "no_kind",
                "Aucune ressource de ce genre ne s'enregistre ici : « { $kind } »",
                "No resource of this kind can be saved here: '{ $kind }'",
            ),
            (
                "no_library",
                "Ce serveur n'a pas de bibliothèque où enregistrer",
                "This server has no library to save into",
            ),
            (
                "no_validator",
                "Ce serveur ne sait pas encore vérifier « { $kind } »",
                "This server cannot check '{ $kind }' yet",
            ),
            (
                "bad_name",
                "Nom « { $name } » refusé : des minuscules, chiffres, « _ » et « - », au plus "
                "48, le premier une lettre ou un chiffre",
                "Name '{ $name }' refused: lower-case letters, digits, '_' and '-', at most 48, "
                "the first a letter or a digit",
            ),
            (
                "taken",
                "« { $name } » est le nom d'une ressource fournie avec le jeu ou installée sur "
                "ce serveur : choisissez-en un autre",
                "'{ $name }' is the name of a resource shipped with the game or installed on "
                "this server: choose another",
            ),
            (
                "not_yours",
                "« { $name } » a été enregistré par quelqu'un d'autre : choisissez un autre nom",
                "'{ $name }' was saved by someone else: choose another name",
            ),
            (
                "no_entry",
                "Aucune entrée « { $name } » dans la bibliothèque",
                "No entry '{ $name }' in the library",
            ),
            (
                "too_large",
                "Texte trop long : au plus { $most } octets",
                "Text too long: at most { $most } bytes",
            ),
            (
                "not_toml",
                "Ce n'est pas du TOML valide : { $error }",
                "Not valid TOML: { $error }",
            ),
            ("invalid", "Refusé : { $error }", "Refused: { $error }"),
            (
                "owner_full",
                "Vous avez déjà { $most } entrées : supprimez-en une avant d'en ajouter",
                "You already have { $most } entries: delete one before adding another",
            ),
            (
                "full",
                "La bibliothèque est pleine ({ $most } entrées)",
                "The library is full ({ $most } entries)",
            ),
            (
                "authors_full",
                "Ce serveur n'inscrit plus de nouveaux auteurs (au plus { $most })",
                "This server registers no more new authors (at most { $most })",
            ),
        )
    }
)
