"""Shared, immutable options: an option that depends only on its key and one value is
built once and reused (decisions are built tens of thousands of times a second, and an
`Option` with its `Msg` costs more to build than most of the rules that decide it; issue
14). Options, their texts and decisions are immutable: sharing them between states and
games is safe. The caches are bounded by what a content pack names (zones, cards, units)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, lru_cache, partial
from typing import Any

from arbitre.engine.decision import Decision, Option
from arbitre.engine.i18n import Msg


@cache
def fixed(key: str, msg_key: str) -> Option:
    return Option(key, Msg(msg_key))


@cache
def one(key: str, msg_key: str, name: str, value: str) -> Option:
    """An option whose text takes one parameter `name` = `value`."""
    return Option(key, Msg(msg_key, {name: value}))


@cache
def two(key: str, msg_key: str, name: str, value: str, name2: str, value2: object) -> Option:
    return Option(key, Msg(msg_key, {name: value, name2: value2}))


@cache
def keyed(prefix: str, msg_key: str, name: str, value: str) -> Option:
    """The option `prefix:value` whose text takes `name` = `value` (the key is built once
    too: most options name a zone, a card or a unit this way)."""
    return Option(f"{prefix}:{value}", Msg(msg_key, {name: value}))


@lru_cache(maxsize=1024)  # bounded: lists of zones may come in many subsets
def keyed_all(prefix: str, msg_key: str, name: str, values: tuple[str, ...]) -> tuple[Option, ...]:
    """`keyed` for each of `values`, in order (a list of zones asked again and again)."""
    return tuple(keyed(prefix, msg_key, name, v) for v in values)


# Decisions and messages built from a ready tuple of all their fields, without the
# NamedTuple's Python-level `__new__` (speed: half the cost; every decision and every log
# entry is one). Every field must be given, in order.
new_decision: Callable[
    [tuple[int, str, tuple[Option, ...], Msg, tuple[str, ...], bool]], Decision
] = partial(tuple.__new__, Decision)
new_msg: Callable[[tuple[str, Mapping[str, Any], str | None]], Msg] = partial(tuple.__new__, Msg)
