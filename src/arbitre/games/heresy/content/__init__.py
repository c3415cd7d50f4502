"""Content of L'Hérésie d'Horus as data: typed catalogs, a loader for content packs, checks.

    from arbitre.games.heresy.content import load_content
    content = load_content()            # the default data (games/heresy/data)
    content = load_content(Path("pack"))  # each file of the pack replaces that part

Format: docs/content.md. Problems name their file, item and field (`ContentError`).
"""

from __future__ import annotations

from arbitre.games.heresy.content.base import Catalog
from arbitre.games.heresy.content.catalog import Content, MapGraph
from arbitre.games.heresy.content.loader import (
    PARTS,
    check_content,
    default_content,
    load_content,
)
from arbitre.games.heresy.content.problems import ContentError, Problem

__all__ = [
    "PARTS",
    "Catalog",
    "Content",
    "ContentError",
    "MapGraph",
    "Problem",
    "check_content",
    "default_content",
    "load_content",
]
