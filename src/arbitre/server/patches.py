"""What changed between two States of the same eyes: a patch (issue 14, docs/web.md).

A page that asked for patches (`{"type": "patches"}` on its WebSocket) gets, after a
change, only what differs from the State it holds instead of the whole State again:

    {"type": "patch", "from": 41, "ops": [[["moves"], 13], [["view", "units", "z3"], [...]],
     [["takeback"]]], "drop": 1, "log": [{...}, {...}]}

- `from` is the `rev` of the State the patch applies to (each State carries its `rev`); a
  page holding another State drops the patch and reconnects, which sends a full State;
- each op is `[path, value]` (put `value` there) or `[path]` (remove that key); a path is a
  list of object keys (strings) and list positions (integers); parents always exist;
- the log: drop `drop` entries from its start, then append `log` (entries as the full
  State spells them).

Secrecy: a patch is made only between two States built for the same eyes
(states.eyes: role, seats, seat, viewer, handover), and everything it carries is a part
of the newer one: it never holds more than the full State would.

The diff compares values with `==` after checking leaf types, so a value that only changed
its JSON spelling inside an unchanged container (1 → True) would go unnoticed; the views
never do that (tests/server/test_patches.py replays hundreds of moves per game and
compares the patched State with the full one as JSON text).
"""

from __future__ import annotations

import json
from typing import Any

Op = list[Any]

_MISSING = object()  # a key `old` lacks

# A dict of at most this many keys is sent whole when it changed (a text's {"fr", "en",
# "rule"}, a decision's arguments): its paths would be about as long, and looking inside
# cost most of a diff's time.
SMALL_DICT = 4

# A list whose positions changed more than this share is sent whole (shorter than paths).
WHOLE_LIST = 0.5


def _key(key: Any) -> str:
    """A dict key as JSON spells it (json.dumps turns 3 into "3", True into "true")."""
    return key if type(key) is str else json.dumps(key)


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[Op]:
    """The ops that turn `old` into `new` (both plain JSON-like data, never changed after)."""
    ops: list[Op] = []
    _dict(old, new, [], ops)
    return ops


def _dict(old: dict[Any, Any], new: dict[Any, Any], path: list[Any], ops: list[Op]) -> None:
    added = False
    for k, v in new.items():
        o = old.get(k, _MISSING)
        # unchanged: the same object, or equal with the same type (1 is not True). Inline:
        # a diff is mostly this test, and a function call per value cost more than it
        if o is v or (type(o) is type(v) and o == v):
            continue
        if o is _MISSING:
            added = True
            ops.append([[*path, _key(k)], v])
        else:
            _value(o, v, [*path, _key(k)], ops)
    # `old` lost a key only if it has more keys than `new` has old ones: most dicts keep
    # their keys, and looking for a lost one cost a walk over every key
    if added or len(old) != len(new):
        ops.extend([[*path, _key(k)]] for k in old if k not in new)


def _value(old: Any, new: Any, path: list[Any], ops: list[Op]) -> None:
    kind = type(new)
    if kind is dict and type(old) is dict and len(new) > SMALL_DICT:
        _dict(old, new, path, ops)
    elif kind in (list, tuple) and type(old) is kind and len(old) == len(new) and new:
        changed = [
            i
            for i, (o, v) in enumerate(zip(old, new, strict=True))
            if not (o is v or (type(o) is type(v) and o == v))  # changed (as in `_dict`)
        ]
        if len(changed) > len(new) * WHOLE_LIST:
            ops.append([path, new])
        else:
            for i in changed:
                _value(old[i], new[i], [*path, i], ops)
    else:
        ops.append([path, new])


def apply_patch(state: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The State `patch` makes of `state` (decoded JSON), without changing `state`: what the
    page does (js/table_patches.js), for the tests and the benchmarks' clients."""
    out = dict(state)
    copied = {id(out)}
    for op in patch["ops"]:
        path = op[0]
        node: Any = out
        for step in path[:-1]:
            child = node[step]
            if id(child) not in copied:
                child = dict(child) if isinstance(child, dict) else list(child)
                node[step] = child
                copied.add(id(child))
            node = child
        last = path[-1]
        if len(op) == 1:
            del node[last]
        else:
            node[last] = op[1]
    out["log"] = list(state.get("log", []))[patch["drop"] :] + list(patch["log"])
    return out
