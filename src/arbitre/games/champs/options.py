"""Shared, immutable options: the same `to:3,4` or `end` is built once and reused.

Decisions are built tens of thousands of times a second in simulations; options that
depend only on a cell label (or two) are cached instead of rebuilt.
"""

from __future__ import annotations

from functools import cache

from arbitre.engine.decision import Option
from arbitre.engine.i18n import Msg


@cache
def fixed(key: str, msg_key: str) -> Option:
    return Option(key, Msg(msg_key))


@cache
def cell(prefix: str, msg_key: str, label: str) -> Option:
    return Option(f"{prefix}:{label}", Msg(msg_key, {"cell": label}))


@cache
def pair(prefix: str, msg_key: str, src: str, dest: str) -> Option:
    return Option(f"{prefix}:{src}>{dest}", Msg(msg_key, {"src": src, "dest": dest}))
