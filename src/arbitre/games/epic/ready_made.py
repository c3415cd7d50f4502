"""The army lists' ready-made armies as built-in `epic.army` resources of the library
(issue 16): `<list>@<points>` for every level a list names (`space_marines@2000`), so the
lobby offers them beside the saved armies and a game names one like any other army.

Light on purpose (imported with the package): the lists are read when first asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

KIND = "epic.army"


def _pkg() -> Any:
    try:
        return importlib.import_module("arbitre.games.epic.armies")
    except ImportError:
        return None


def names() -> list[str]:
    """`<list>@<points>` of every ready-made army, list by list, smallest level first."""
    pkg = _pkg()
    if pkg is None:
        return []
    out = []
    for list_id, lst in sorted(pkg.army_lists().items()):
        out += [f"{list_id}@{p}" for p in sorted({r.points for r in lst.ready_made})]
    return out


def text(name: str) -> str:
    """The army file of a ready-made army (armies.to_toml); ValueError for another name."""
    pkg = _pkg()
    list_id, _at, level = name.partition("@")
    if pkg is None or name not in names():
        raise ValueError(f"{name!r}: no ready-made army of that name")
    out: str = pkg.to_toml(pkg.ready_made(list_id, int(level)))
    return out


def labels(name: str) -> dict[str, str]:
    """ "Space Marines · 2000 pts — Fer de lance de la 1re Compagnie" by language."""
    pkg = _pkg()
    list_id, _at, level = name.partition("@")
    if pkg is None or list_id not in pkg.army_lists() or not level.isdigit():
        return {"fr": name, "en": name}
    lst = pkg.army_lists()[list_id]
    ready = next((r for r in lst.ready_made if r.points == int(level)), None)
    out = {}
    for lang in ("fr", "en"):
        title = ready.label(lang) if ready is not None else ""
        out[lang] = f"{lst.name(lang)} · {level} pts" + (f" — {title}" if title else "")
    return out


def register() -> bool:
    """Register the ready-made armies as the library's built-in `epic.army` entries."""
    from arbitre.engine import library

    hook = getattr(library, "register_builtins", None)
    if hook is None or KIND not in getattr(library, "KINDS", ()):
        return False
    hook(KIND, names, text)
    return True


register()
