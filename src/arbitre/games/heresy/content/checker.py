"""Shared plumbing of the content checks: the read parts and the reporting helpers."""

from __future__ import annotations

import re
from typing import Any

from arbitre.games.heresy.content.problems import Problem

PROVENANCE = re.compile(
    r"^(rulebook p\.\d+(-\d+)?|research:(?P<key>[A-Za-z0-9_.-]+)|reconstructed)$"
)
ID = re.compile(r"^[a-z0-9_]+$")
# part, array name: the catalogs whose items carry an id
CATALOGS = (
    ("sources.toml", "source"),
    ("map/sectors.toml", "sector"),
    ("map/zones.toml", "zone"),
    ("units.toml", "power"),
    ("units.toml", "legion"),
    ("units.toml", "unit"),
    ("heroes.toml", "hero"),
    ("cards/orders.toml", "order"),
    ("cards/combat.toml", "card"),
    ("cards/events.toml", "event"),
    ("cards/bombardment.toml", "card"),
    ("scenarios.toml", "scenario"),
    ("components.toml", "component"),
)


class Parts:
    """The read parts (None when unreadable), their file labels and their dropped ids."""

    def __init__(
        self, roots: dict[str, Any], files: dict[str, str], broken: dict[str, set[str]]
    ) -> None:
        self.roots = roots
        self.files = files
        self.broken = broken

    def items(self, part: str, array: str) -> tuple[Any, ...]:
        root = self.roots.get(part)
        return () if root is None else tuple(getattr(root, array))

    def ids(self, part: str, array: str) -> set[str] | None:
        """Known ids (dropped ones included); None when the part is unreadable."""
        if self.roots.get(part) is None:
            return None
        return {i.id for i in self.items(part, array)} | self.broken.get(part, set())


class Checker:
    """Appends problems naming file, item and field; `ref` checks one reference."""

    def __init__(self, parts: Parts, problems: list[Problem]) -> None:
        self.p = parts
        self.out = problems

    def report(self, part: str, item: str, field: str, code: str, **args: Any) -> None:
        self.out.append(Problem(self.p.files[part], item, field, code, args))

    def ref(self, part: str, item: str, field: str, value: str | None, target: str) -> bool:
        """Report `value` unless it is an id of `target` ("part#array"); True when known."""
        if value is None:
            return True
        tpart, array = target.split("#")
        known = self.p.ids(tpart, array)
        if known is None or value in known:
            return True
        self.report(part, item, field, "unknown_ref", ref=value, catalog=f"{tpart} [{array}]")
        return False

    def at_least(self, part: str, item: str, field: str, value: int | None, low: int) -> None:
        if value is not None and value < low:
            self.report(part, item, field, "too_small", value=value, low=low)

    def too_many(self, label: str, field: str, what: str, count: int, available: int) -> None:
        self.report("scenarios.toml", label, field, "too_many",
                    what=what, count=count, available=available)  # fmt: skip
