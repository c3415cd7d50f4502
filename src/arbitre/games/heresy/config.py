"""Configuration of L'Hérésie d'Horus: the scenario, a content pack, and one key per
ambiguity reading the game flow needs (digest §25), each with its documented default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from arbitre.engine import library
from arbitre.engine.config_values import resolve_values
from arbitre.engine.i18n import Msg, translate
from arbitre.engine.ruleset import ConfigError, ConfigOption
from arbitre.games.heresy import messages_setup  # noqa: F401  (refusal texts)
from arbitre.games.heresy.content import Content, ContentError, default_content, load_content
from arbitre.games.heresy.messages_options import option_texts

# key, default, choices (None: free value), rule or ambiguity it settles; the limits of a
# free value (ConfigOption fields) are in _LIMITS.
_TABLE: tuple[tuple[str, Any, tuple[Any, ...] | None, str], ...] = (
    ("scenario", None, None, "HH-12.1"),
    ("content", None, None, "AMB-9"),
    ("orders.unknownCost", 1, (0, 1, 2, 3), "AMB-9"),
    ("stacking.removed", "eliminated", ("eliminated", "reserve"), "AMB-10"),
    ("transport.dropOutside", True, (True, False), "AMB-4"),
    # None: follow `faq` (the FAQ v1.0: "Thunderhawks cannot transport Heroes"); True is
    # the AMB-22 reading (Heroes count as units for movement-order effects, HH-32.1).
    ("transport.heroes", None, (None, True, False), "AMB-22"),
    ("move.leaveContested", True, (True, False), "AMB-24"),
    ("victory.anyMarker", True, (True, False), "AMB-6"),
    ("faq", True, (True, False), "FAQ"),
    ("thunderhawk.heroes", "book", ("book", "rules"), "AMB-2"),
    ("thunderhawk.fortified", False, (True, False), "AMB-15"),
    ("events.reconstructed", True, (True, False), "AMB-9"),
    ("heroes.drawOptional", False, (True, False), "AMB-36"),
)
# `scenario`: an id of the content's scenarios (checked once the content is loaded);
# `content`: an installed pack's name (library), or on the CLI a pack folder's path.
_LIMITS: dict[str, dict[str, Any]] = {
    "scenario": {"value_type": "str"},
    "content": {"value_type": "str", "resource": library.HERESY_CONTENT},
}


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
        ConfigOption(
            key,
            default,
            choices,
            rule,
            Msg(f"heresy.cfg.{key}"),
            **_LIMITS.get(key, {}),
            **option_texts(key),
        )
        for key, default, choices, rule in _TABLE
    ]


_OPTIONS = tuple(options())


# A server keeps every installed pack loaded (validated once at start, then by name).
@lru_cache(maxsize=64)
def _pack(path: str) -> Content:
    return load_content(Path(path))


def load_pack(path: Path) -> Content:
    """The content pack folder `path`, loaded once; ConfigError names the problems."""
    if not path.is_dir():
        raise _refuse("heresy.cfg.no_content", {"path": str(path)})
    try:
        return _pack(str(path))
    except ContentError as exc:
        raise _refuse("heresy.cfg.bad_content", {"error": str(exc)}) from None
    except OSError as exc:
        error = exc.strerror or type(exc).__name__
        raise _refuse(
            "heresy.cfg.unreadable_content", {"path": str(path), "error": error}
        ) from None


def _refuse(key: str, args: dict[str, Any], rule: str = "") -> ConfigError:
    """A refusal of this game's own checks, in both languages (messages_setup.py): a bad
    pack breaks no rule of the game (no rule cited); an unknown scenario, HH-12.1."""
    msg = Msg(key, args, rule)
    return ConfigError(translate(msg, "en"), msg=msg)


def content_of(value: str | None) -> Content:
    """The content for the `content` option: None is the default content; an installed
    pack's name (library) is that pack; anything else is a pack folder's path (CLI)."""
    if value is None:
        return default_content()
    installed = library.path_of(library.HERESY_CONTENT, value)
    return load_pack(installed if installed is not None else Path(value))


def _carry_heroes(value: bool | None, faq: bool) -> bool:
    """`transport.heroes` (AMB-22) unless set: the FAQ v1.0 ruling "Thunderhawks cannot
    transport Heroes" when `faq` is on, the AMB-22 reading (they may) when it is off."""
    return (not faq) if value is None else value


def resolve(config: Mapping[str, Any]) -> Rules:
    """Check every key; an unknown key or a bad value raises ConfigError naming it."""
    values = resolve_values("heresy", _OPTIONS, config, skip=("position",))
    path = values["content"]
    content = content_of(path)
    scenario = values["scenario"]
    if scenario is None:
        scenario = next(iter(content.scenarios)).id
    if scenario not in content.scenarios:
        known = ", ".join(content.scenarios.ids())
        args = {"key": "scenario", "value": scenario, "known": known}
        raise _refuse("heresy.cfg.bad_scenario", args, "HH-12.1")
    return Rules(
        scenario=scenario,
        content_path=path,
        unknown_cost=values["orders.unknownCost"],
        stacking_removed=values["stacking.removed"],
        drop_outside=values["transport.dropOutside"],
        carry_heroes=_carry_heroes(values["transport.heroes"], values["faq"]),
        leave_contested=values["move.leaveContested"],
        any_marker_wins=values["victory.anyMarker"],
        faq=values["faq"],
        thunderhawk_heroes=values["thunderhawk.heroes"],
        thunderhawk_fortified=values["thunderhawk.fortified"],
        reconstructed_events=values["events.reconstructed"],
        hero_draw_optional=values["heroes.drawOptional"],
    )
