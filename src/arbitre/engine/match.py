"""A game in progress: agents per seat, the event log, undo and save/replay."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg, translate
from arbitre.engine.record import GameRecord
from arbitre.engine.ruleset import Agent, IllegalChoice, Result, Ruleset


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event, numbered by the decision that produced it."""

    index: int
    seat: int | None
    msg: Msg

    def text(self, lang: str) -> str:
        return translate(self.msg, lang)


class Match:
    """Runs one game. Seats without an agent are humans: `play(key)` answers for them."""

    def __init__(
        self,
        ruleset: Ruleset[Any],
        config: Mapping[str, Any] | None = None,
        seed: int = 0,
        agents: Mapping[int, Agent] | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.config = dict(config or {})
        self.seed = seed
        self.agents = dict(agents or {})
        self.state = ruleset.new(self.config, seed)
        self.keys: list[str] = []
        self.seats_of_keys: list[int] = []
        self.human_keys: list[bool] = []  # who answered, fixed when the key was played
        self.log: list[LogEntry] = [LogEntry(0, None, m) for m in ruleset.events(self.state)]

    @property
    def seat_names(self) -> tuple[str, ...]:
        return self.ruleset.seats(self.config)

    def decision(self) -> Decision | None:
        return self.ruleset.decision(self.state)

    def result(self) -> Result | None:
        return self.ruleset.result(self.state)

    def is_human(self, seat: int) -> bool:
        return seat not in self.agents

    def play(self, key: str) -> None:
        """Apply `key` for whoever must answer now; IllegalChoice leaves everything as it was."""
        decision = self.decision()
        if decision is None:
            raise IllegalChoice(Msg("engine.illegal.game_over"))
        self.ruleset.apply(self.state, key)
        self.keys.append(key)
        self.seats_of_keys.append(decision.seat)
        self.human_keys.append(self.is_human(decision.seat))
        index = len(self.keys)
        self.log.extend(LogEntry(index, decision.seat, m) for m in self.ruleset.events(self.state))

    def step(self) -> bool:
        """Let the agent of the current seat answer. False when a human must answer or it ended."""
        decision = self.decision()
        if decision is None or self.is_human(decision.seat):
            return False
        key = self.agents[decision.seat].choose(self.ruleset, self.state, decision)
        self.play(key)
        return True

    def run(self, max_decisions: int | None = None) -> int:
        """Let agents play until a human must answer, the game ends or the budget runs out."""
        count = 0
        while (max_decisions is None or count < max_decisions) and self.step():
            count += 1
        return count

    def can_undo(self) -> bool:
        return any(self.human_keys)

    def undo(self) -> int:
        """Take back the last human answer and every agent answer after it; returns how many."""
        humans = [i for i, human in enumerate(self.human_keys) if human]
        if not humans:
            return 0
        cut = humans[-1]
        removed = len(self.keys) - cut
        self._rebuild(self.keys[:cut], self.human_keys[:cut])
        return removed

    def _rebuild(self, keys: Sequence[str], human: Sequence[bool]) -> None:
        # Replaying from the seed is exact because every chance event lives in the state.
        self.state = self.ruleset.new(self.config, self.seed)
        self.keys, self.seats_of_keys, self.human_keys = [], [], []
        self.log = [LogEntry(0, None, m) for m in self.ruleset.events(self.state)]
        for key in keys:
            self.play(key)
        self.human_keys = list(human)

    def record(self) -> GameRecord:
        return GameRecord(
            self.ruleset.id, self.ruleset.version, dict(self.config), self.seed, list(self.keys)
        )

    @classmethod
    def from_record(
        cls,
        ruleset: Ruleset[Any],
        record: GameRecord,
        agents: Mapping[int, Agent] | None = None,
        upto: int | None = None,
    ) -> Match:
        if record.ruleset != ruleset.id:
            raise ValueError(f"record is for {record.ruleset!r}, not {ruleset.id!r}")
        match = cls(ruleset, record.config, record.seed, agents)
        for key in record.keys[:upto]:
            match.play(key)
        return match
