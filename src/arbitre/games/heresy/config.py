"""Configuration of L'Hérésie d'Horus: the scenario, a content pack, and one key per
ambiguity reading the game flow needs (digest §25), each with its documented default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from arbitre.engine.i18n import Msg
from arbitre.engine.ruleset import ConfigError, ConfigOption
from arbitre.games.heresy.content import Content, ContentError, default_content, load_content

# key, default, choices (None: free value), rule or ambiguity it settles
_TABLE: tuple[tuple[str, Any, tuple[Any, ...] | None, str], ...] = (
    ("scenario", None, None, "HH-12.1"),
    ("content", None, None, "AMB-9"),
    ("orders.unknownCost", 1, (0, 1, 2, 3), "AMB-9"),
    ("stacking.removed", "eliminated", ("eliminated", "reserve"), "AMB-10"),
    ("transport.dropOutside", True, (True, False), "AMB-4"),
    ("transport.heroes", True, (True, False), "AMB-22"),
    ("move.leaveContested", True, (True, False), "AMB-24"),
    ("victory.anyMarker", True, (True, False), "AMB-6"),
    ("faq", True, (True, False), "FAQ"),
    ("thunderhawk.heroes", "book", ("book", "rules"), "AMB-2"),
    ("thunderhawk.fortified", False, (True, False), "AMB-15"),
    ("events.reconstructed", True, (True, False), "AMB-9"),
    ("heroes.drawOptional", False, (True, False), "AMB-36"),
)
KEYS = {row[0] for row in _TABLE} | {"position"}


@dataclass(frozen=True, slots=True)
class Rules:
    """The resolved configuration (defaults filled in, values checked)."""

    scenario: str
    content_path: str | None
    unknown_cost: int
    stacking_removed: str
    drop_outside: bool
    carry_heroes: bool
    leave_contested: bool
    any_marker_wins: bool
    faq: bool = True
    thunderhawk_heroes: str = "book"
    thunderhawk_fortified: bool = False
    reconstructed_events: bool = True
    hero_draw_optional: bool = False


def options() -> list[ConfigOption]:
    return [
        ConfigOption(key, default, choices, rule, Msg(f"heresy.cfg.{key}"))
        for key, default, choices, rule in _TABLE
    ]


@lru_cache(maxsize=8)
def _pack(path: str) -> Content:
    return load_content(Path(path))


def content_of(path: str | None) -> Content:
    if path is None:
        return default_content()
    try:
        return _pack(path)
    except ContentError as exc:
        raise ConfigError(f"config 'content' (AMB-9): {exc}") from None
    except OSError as exc:
        raise ConfigError(f"config 'content' (AMB-9): cannot read {path!r}: {exc}") from None


def _bool(key: str, value: Any, rule: str) -> bool:
    if isinstance(value, str):
        low = value.lower()
        if low in ("true", "yes", "1", "oui"):
            return True
        if low in ("false", "no", "0", "non"):
            return False
    if isinstance(value, bool):
        return value
    raise ConfigError(f"config {key!r} ({rule}) must be true or false; got {value!r}")


def resolve(config: Mapping[str, Any]) -> Rules:
    """Check every key; an unknown key or a bad value raises ConfigError naming it."""
    for key in config:
        if key not in KEYS:
            raise ConfigError(f"config {key!r}: unknown key; known: {sorted(KEYS)}")
    values: dict[str, Any] = {}
    for key, default, choices, rule in _TABLE:
        value = config.get(key, default)
        if choices is not None and isinstance(default, bool):
            value = _bool(key, value, rule)
        elif choices is not None:
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if value not in choices:
                raise ConfigError(f"config {key!r} ({rule}) must be one of {list(choices)}")
        values[key] = value
    path = values["content"]
    if path is not None and not isinstance(path, str):
        raise ConfigError("config 'content' (AMB-9) must be a folder path")
    content = content_of(path)
    scenario = values["scenario"]
    if scenario is None:
        scenario = next(iter(content.scenarios)).id
    if scenario not in content.scenarios:
        raise ConfigError(
            f"config 'scenario' (HH-12.1): unknown {scenario!r}; "
            f"known: {list(content.scenarios.ids())}"
        )
    return Rules(
        scenario=scenario,
        content_path=path,
        unknown_cost=values["orders.unknownCost"],
        stacking_removed=values["stacking.removed"],
        drop_outside=values["transport.dropOutside"],
        carry_heroes=values["transport.heroes"],
        leave_contested=values["move.leaveContested"],
        any_marker_wins=values["victory.anyMarker"],
        faq=values["faq"],
        thunderhawk_heroes=values["thunderhawk.heroes"],
        thunderhawk_fortified=values["thunderhawk.fortified"],
        reconstructed_events=values["events.reconstructed"],
        hero_draw_optional=values["heroes.drawOptional"],
    )
