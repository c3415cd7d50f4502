"""Values remembered per object, by identity (`IdentityMemo`).

For objects a game never changes once built but that are unhashable or costly to hash
(an Epic table's pieces, a Champs battlefield): the memo holds the object itself beside
its value, so its `id` cannot be reused by another object while the entry lives, and it
forgets everything past `limit` entries rather than grow for ever.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class IdentityMemo(Generic[V]):
    """`get(obj, extra)` / `put(obj, value, extra)`: a value per (object, `extra`), the
    object compared by identity and `extra` (a small hashable qualifier) by equality."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: dict[tuple[int, Hashable], tuple[object, V]] = {}

    def get(self, obj: object, extra: Hashable = None) -> V | None:
        hit = self._items.get((id(obj), extra))
        return hit[1] if hit is not None and hit[0] is obj else None

    def put(self, obj: object, value: V, extra: Hashable = None) -> V:
        if len(self._items) >= self.limit:
            self._items.clear()
        self._items[(id(obj), extra)] = (obj, value)
        return value
