"""Pending work as data: a stack of frames that a ruleset's handlers advance.

A ruleset maps each frame kind to three functions: `decide` (the Decision the frame asks
now, or None when it can progress on its own), `choose` (apply a key) and `auto` (progress
without a choice). `settle` runs the automatic work until a person must choose.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from arbitre.engine.decision import Decision


@dataclass(slots=True)
class Frame:
    """One piece of pending work. `kind` picks the handler; `data` holds plain values.

    `memo` may hold work derived from the state for the pending decision; it is never
    copied, so a clone recomputes it.
    """

    kind: str
    seat: int
    data: dict[str, Any] = field(default_factory=dict)
    memo: Any = field(default=None, compare=False, repr=False)

    def copy(self) -> Frame:
        """The frame with its data copied and no memo (built without `__init__`: speed,
        every clone copies every pending frame)."""
        f = _new(Frame)
        f.kind = self.kind
        f.seat = self.seat
        f.data = deep_copy(self.data)
        f.memo = None
        return f


_new = object.__new__


_ATOMS = frozenset({int, str, bool, float, tuple, type(None)})  # shared as they are


def deep_copy(value: Any) -> Any:
    """Copy nested dicts and lists of plain values (ints, strings, tuples, None).

    Exact types first (speed: every clone copies every frame's data); a dict or list
    subclass takes the general path and comes back as a plain dict or list."""
    cls = value.__class__
    if cls is dict:
        return {k: v if v.__class__ in _ATOMS else deep_copy(v) for k, v in value.items()}
    if cls is list:
        return [v if v.__class__ in _ATOMS else deep_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [deep_copy(v) for v in value]
    return value


class FrameState(Protocol):
    over: bool
    stack: list[Frame]
    cached: Decision | None


S = TypeVar("S", bound=FrameState)


@dataclass(frozen=True, slots=True)
class Handler(Generic[S]):
    decide: Callable[[S, Frame], Decision | None]
    choose: Callable[[S, Frame, str], None]
    auto: Callable[[S, Frame], None]


def never(s: Any, f: Frame) -> None:
    """`decide` of a frame that never asks anything."""
    return None


def no_choice(s: Any, f: Frame, key: str) -> None:
    raise AssertionError(f"frame {f.kind} takes no choice")


def no_auto(s: Any, f: Frame) -> None:
    raise AssertionError(f"frame {f.kind} cannot progress on its own")


def settle(
    s: S,
    handlers: Mapping[str, Handler[S]],
    limit: int = 100_000,
    before_step: Callable[[S], None] | None = None,
) -> None:
    """Run automatic work until a person must choose (cached in `s.cached`) or the end.
    `before_step` runs before every step: what a game's rules apply "at once"."""
    for _ in range(limit):
        if before_step is not None:
            before_step(s)
        if s.over or not s.stack:
            s.cached = None
            return
        top = s.stack[-1]
        handler = handlers[top.kind]
        decision = handler.decide(s, top)
        if decision is not None:
            s.cached = decision
            return
        handler.auto(s, top)
    raise RuntimeError("settle() did not reach a decision")
