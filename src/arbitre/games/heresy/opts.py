"""Shared, immutable options: an option that depends only on its key and one value is
built once and reused (decisions are built tens of thousands of times a second)."""

from __future__ import annotations

from functools import cache

from arbitre.engine.decision import Option
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
