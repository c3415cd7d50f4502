"""Messages a person reads, kept as keys + arguments and translated late (fr/en)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

LANGS = ("fr", "en")

# key -> {"fr": template, "en": template}; templates use str.format fields.
_CATALOG: dict[str, dict[str, str]] = {}

# namespace (first part of a key) -> (argument name, value, lang) -> text or None.
# Lets a game show content names (zones, cards…) for the ids its messages carry.
ArgResolver = Callable[[str, Any, str], str | None]
_RESOLVERS: dict[str, ArgResolver] = {}


_NO_ARGS: Mapping[str, Any] = MappingProxyType({})


class Msg(NamedTuple):
    """An i18n key with its arguments and, when a rule decided, the rule ID.

    A NamedTuple rather than a dataclass: games build thousands per second.
    """

    key: str
    args: Mapping[str, Any] = _NO_ARGS
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "args": dict(self.args)}
        if self.rule:
            out["rule"] = self.rule
        return out


def add_messages(catalog: Mapping[str, Mapping[str, str]]) -> None:
    """Register templates; every key must have both a French and an English text."""
    for key, texts in catalog.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"message {key!r} lacks {missing}")
        _CATALOG[key] = dict(texts)


class _Args(dict[str, Any]):
    """Arguments for a template; a missing one shows as {name} instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def add_arg_resolver(namespace: str, resolver: ArgResolver) -> None:
    """Render the arguments of the messages `namespace.*` through `resolver` first."""
    _RESOLVERS[namespace] = resolver


def has_message(key: str) -> bool:
    return key in _CATALOG


def catalog_keys() -> list[str]:
    return sorted(_CATALOG)


def _render_arg(value: Any, lang: str) -> Any:
    if isinstance(value, Msg):
        return translate(value, lang)
    if isinstance(value, str) and value in _CATALOG:
        return _CATALOG[value][lang]
    return value


def translate(msg: Msg, lang: str = "fr") -> str:
    """The text of `msg` in `lang`; an argument that is itself a key is translated too."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGS}")
    template = _CATALOG.get(msg.key, {}).get(lang)
    resolver = _RESOLVERS.get(msg.key.partition(".")[0])
    args = {}
    for name, value in msg.args.items():
        shown = resolver(name, value, lang) if resolver is not None else None
        args[name] = shown if shown is not None else _render_arg(value, lang)
    if template is None:
        body = msg.key + (" " + repr(args) if args else "")
    else:
        body = template.format_map(_Args(args))
    return f"{body} [{msg.rule}]" if msg.rule else body


add_messages(
    {
        "engine.illegal.unknown_key": {
            "fr": "Choix « {key} » impossible ici : il n'est pas parmi les options proposées",
            "en": "Choice '{key}' is not possible here: it is not among the options offered",
        },
        "engine.illegal.game_over": {
            "fr": "La partie est terminée : plus aucun choix n'est attendu",
            "en": "The game is over: no choice is expected any more",
        },
        "engine.done": {"fr": "Terminé", "en": "Done"},
    }
)
