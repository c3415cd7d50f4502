"""Refusals the API sends: an HTTP status, a code, a bilingual text and the rule, if any."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre.engine.i18n import Msg, Name, translate

MEMO_SIZE = 8192
_MEMO: dict[Any, dict[str, Any]] = {}
_PLAIN = (str, int, float, bool, type(None))


def _frozen(value: Any) -> Any:
    """A hashable twin of a message argument that tells apart whatever its texts depend
    on (a Name's grammatical form too); None: not a plain value, not remembered."""
    kind = type(value)
    if kind in _PLAIN:
        return (kind, value)
    if kind is Name:
        return (Name, str(value), value.form)
    if kind is Msg:
        args = _frozen(value.args)
        return None if args is None else (Msg, value.key, args, value.rule)
    if isinstance(value, Mapping):
        items = []
        for k, v in value.items():
            f = _frozen(v)
            if f is None or type(k) is not str:
                return None
            items.append((k, f))
        return (dict, tuple(sorted(items)))
    if kind is tuple or kind is list:
        parts = [_frozen(v) for v in value]
        return None if any(p is None for p in parts) else (kind, tuple(parts))
    return None


def msg_key(msg: Msg) -> Any:
    """The memo key of `msg` (None: not a plain value, not remembered): `_frozen(msg)`,
    made without recursion for the common message whose arguments are all strings or
    integers (most of them: an option, a log line)."""
    args = msg.args
    if not args:
        return (Msg, msg.key, (), msg.rule)
    flat = []
    for k, v in args.items():
        kind = type(v)
        if (kind is not str and kind is not int) or type(k) is not str:
            return _frozen(msg)
        flat.append((k, kind, v))
    flat.sort()
    return (Msg, msg.key, tuple(flat), msg.rule)


def both(msg: Msg) -> dict[str, Any]:
    """A text in French and English, with the rule that decided it.

    The same message comes back move after move (an option's text, a seat's name): its
    texts are remembered (at most MEMO_SIZE messages) when its arguments are plain values."""
    key = msg_key(msg) if type(msg) is Msg else None
    if key is not None:
        known = _MEMO.get(key)
        if known is not None:
            return dict(known)
    out: dict[str, Any] = {"fr": translate(msg, "fr"), "en": translate(msg, "en")}
    if msg.rule:
        out["rule"] = msg.rule
    if key is not None:
        if len(_MEMO) >= MEMO_SIZE:
            del _MEMO[next(iter(_MEMO))]
        _MEMO[key] = dict(out)
    return out


class ApiError(Exception):
    """A refusal; nothing was changed."""

    def __init__(self, status: int, code: str, msg: Msg) -> None:
        super().__init__(f"{status} {code} {msg.key}")
        self.status = status
        self.code = code
        self.msg = msg

    def to_json(self) -> dict[str, Any]:
        # The rule goes in its own field, which the page shows beside the text: the text is
        # made without the " [RULE]" the terminal's translation ends with (else it read
        # "… [AMB-CB-1] (règle AMB-CB-1)").
        msg = self.msg
        text = both(Msg(msg.key, msg.args) if msg.rule else msg)
        return {"error": {"code": self.code, "text": text, "rule": msg.rule}}

    def __reduce__(self) -> tuple[Any, ...]:
        # A refusal raised in a worker process comes back whole (an exception pickles by
        # default as its class called with its message alone).
        msg = Msg(self.msg.key, dict(self.msg.args), self.msg.rule)
        return (ApiError, (self.status, self.code, msg))


def refuse(status: int, code: str, key: str, **args: Any) -> ApiError:
    return ApiError(status, code, Msg(f"server.error.{key}", args))
