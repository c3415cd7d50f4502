"""The frame stack: automatic work runs until a decision is needed."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from arbitre.engine.decision import Decision, Option
from arbitre.engine.frames import Frame, Handler, deep_copy, never, no_auto, settle
from arbitre.engine.i18n import Msg


@dataclass
class Toy:
    over: bool = False
    stack: list[Frame] = field(default_factory=list)
    cached: Decision | None = None
    ticks: int = 0


def _tick(s: Toy, f: Frame) -> None:
    s.ticks += 1
    if s.ticks >= f.data["n"]:
        s.stack.pop()


def _ask(s: Toy, f: Frame) -> Decision:
    return Decision(f.seat, "toy.ask", (Option("ok", Msg("engine.done")),), Msg("engine.done"))


HANDLERS = {
    "tick": Handler(never, lambda s, f, k: None, _tick),
    "ask": Handler(_ask, lambda s, f, k: None, no_auto),
}


def test_settle_runs_automatic_frames_then_caches_the_decision():
    s = Toy(stack=[Frame("ask", 1), Frame("tick", 0, {"n": 3})])
    settle(s, HANDLERS)
    assert s.ticks == 3 and [f.kind for f in s.stack] == ["ask"]
    assert s.cached is not None and s.cached.seat == 1


def test_settle_clears_the_decision_when_nothing_is_pending():
    s = Toy(stack=[Frame("tick", 0, {"n": 1})], cached=_ask(Toy(), Frame("ask", 0)))
    settle(s, HANDLERS)
    assert s.stack == [] and s.cached is None


def test_settle_refuses_to_loop_for_ever():
    s = Toy(stack=[Frame("tick", 0, {"n": 10**9})])
    with pytest.raises(RuntimeError, match="did not reach a decision"):
        settle(s, HANDLERS, limit=50)


def test_frame_copy_is_deep_and_drops_the_memo():
    f = Frame("tick", 0, {"cells": [1, 2], "nested": {"a": [3]}}, memo="derived")
    g = f.copy()
    g.data["cells"].append(9)
    g.data["nested"]["a"].append(4)
    assert f.data == {"cells": [1, 2], "nested": {"a": [3]}} and g.memo is None
    assert deep_copy((1, "x")) == (1, "x")
