"""Saved games: `{ruleset, version, config, seed, keys}` as JSON, and their replay."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arbitre.engine.registry import get


class RecordError(ValueError):
    """A saved game that cannot be read; the message names the field."""


@dataclass(slots=True)
class GameRecord:
    ruleset: str
    version: str
    config: dict[str, Any]
    seed: int
    keys: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "version": self.version,
            "config": self.config,
            "seed": self.seed,
            "keys": list(self.keys),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        for name, kind in (
            ("ruleset", str),
            ("version", str),
            ("config", dict),
            ("seed", int),
            ("keys", list),
        ):
            if not isinstance(data.get(name), kind):
                raise RecordError(f"field {name!r} missing or not a {kind.__name__}")
        if isinstance(data["seed"], bool) or not 0 <= data["seed"] < 2**64:
            raise RecordError("field 'seed' must be an integer 0..2**64-1")
        if not all(isinstance(k, str) and len(k) <= 256 for k in data["keys"]):
            raise RecordError("field 'keys' must hold strings (at most 256 characters) only")
        return cls(data["ruleset"], data["version"], data["config"], data["seed"], data["keys"])

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not JSON: {exc}") from None
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        return cls.loads(Path(path).read_text(encoding="utf-8"))


def replay(record: GameRecord, upto: int | None = None) -> Any:
    """The state after the record's first `upto` keys (all by default)."""
    ruleset = get(record.ruleset)
    state = ruleset.new(record.config, record.seed)
    for key in record.keys[:upto]:
        ruleset.apply(state, key)
    return state
