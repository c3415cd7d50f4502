"""The protocol every game implements, its result type and the refusal it raises."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg
from arbitre.engine.rng import Rng

Config = Mapping[str, Any]
S = TypeVar("S")


class IllegalChoice(ValueError):
    """A choice the rules refuse. `msg` names the rule; the state was left untouched."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(f"{msg.key} {dict(msg.args)} [{msg.rule or '-'}]")
        self.msg = msg


class ConfigError(ValueError):
    """A bad configuration value; the message names the field."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: a score per seat (1 win, 0 loss, 0.5 draw) and a summary."""

    scores: tuple[float, ...]
    summary: Msg
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "summary": self.summary.to_json(),
            "details": dict(self.details),
        }


class Ruleset(Protocol[S]):
    """A game. `apply` runs until the next Decision; chance lives in the state's RNG."""

    id: str
    version: str

    def seats(self, config: Config) -> tuple[str, ...]: ...

    def new(self, config: Config, seed: int) -> S: ...

    def decision(self, state: S) -> Decision | None: ...

    def apply(self, state: S, key: str) -> None: ...

    def result(self, state: S) -> Result | None: ...

    def view(self, state: S, seat: int | None) -> dict[str, Any]: ...

    def clone(self, state: S) -> S: ...

    def determinize(self, state: S, seat: int, rng: Rng) -> S: ...

    def events(self, state: S) -> Sequence[Msg]: ...

    def snapshot(self, state: S) -> Any: ...

    def options_schema(self) -> Sequence[ConfigOption]: ...

    def rule_ids(self) -> Sequence[str]: ...

    def agents(self) -> Mapping[str, AgentFactory]: ...


@dataclass(frozen=True, slots=True)
class ConfigOption:
    """One documented configuration key, its default, its choices and the rule it settles."""

    key: str
    default: Any
    choices: tuple[Any, ...] | None
    rule: str
    help: Msg


class Agent(Protocol):
    """Anything that answers decisions: a person at a prompt, a random player, an AI."""

    def choose(self, ruleset: Any, state: Any, decision: Decision) -> str: ...


class AgentFactory(Protocol):
    def __call__(self, seed: int) -> Agent: ...
