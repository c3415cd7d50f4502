"""The building blocks of every catalog: `Catalog`, and the provenance every item carries.

Field names of the catalog dataclasses are the TOML keys (docs/content.md). A field with a
default may be left out of the TOML; `None` means "not known" (see data/MISSING.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar

Side = Literal["imperial", "traitor"]
Point = tuple[float, float]


class HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=HasId)


class Catalog(Generic[T]):
    """Items in file order, looked up by id (the first of duplicate ids wins)."""

    __slots__ = ("_by_id", "_items")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items = tuple(items)
        self._by_id = {item.id: item for item in reversed(self._items)}

    def __getitem__(self, key: str) -> T:
        return self._by_id[key]

    def get(self, key: str) -> T | None:
        return self._by_id.get(key)

    def by_id(self) -> dict[str, T]:
        """The items by id, for loops that look many up (speed: no Python call each).
        Shared: read it, never change it."""
        return self._by_id

    def __contains__(self, key: object) -> bool:
        return key in self._by_id

    def __iter__(self) -> Iterator[T]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def ids(self) -> tuple[str, ...]:
        return tuple(item.id for item in self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Catalog) and self._items == other._items

    def __hash__(self) -> int:
        return hash(self._items)

    def __repr__(self) -> str:
        return f"Catalog({', '.join(self.ids())})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Sourced:
    """Every item says where it comes from (`rulebook p.N`, `research:<key>`, `reconstructed`)."""

    provenance: str
    confidence: Literal["confirmed", "confirmed_secondary", "inferred", "unknown"] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Named(Sourced):
    id: str
    name_en: str
    name_fr: str | None = None

    def name(self, lang: str) -> str:
        """The French name when the seed gives one, else the English name."""
        return self.name_fr if lang == "fr" and self.name_fr else self.name_en
