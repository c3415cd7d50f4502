"""Refusals the API sends: an HTTP status, a code, a bilingual text and the rule, if any."""

from __future__ import annotations

from typing import Any

from arbitre.engine.i18n import Msg, translate


def both(msg: Msg) -> dict[str, Any]:
    """A text in French and English, with the rule that decided it."""
    out: dict[str, Any] = {"fr": translate(msg, "fr"), "en": translate(msg, "en")}
    if msg.rule:
        out["rule"] = msg.rule
    return out


class ApiError(Exception):
    """A refusal; nothing was changed."""

    def __init__(self, status: int, code: str, msg: Msg) -> None:
        super().__init__(f"{status} {code} {msg.key}")
        self.status = status
        self.code = code
        self.msg = msg

    def to_json(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "text": both(self.msg), "rule": self.msg.rule}}

    def __reduce__(self) -> tuple[Any, ...]:
        # A refusal raised in a worker process comes back whole (an exception pickles by
        # default as its class called with its message alone).
        msg = Msg(self.msg.key, dict(self.msg.args), self.msg.rule)
        return (ApiError, (self.status, self.code, msg))


def refuse(status: int, code: str, key: str, **args: Any) -> ApiError:
    return ApiError(status, code, Msg(f"server.error.{key}", args))
