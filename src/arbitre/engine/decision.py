"""A decision: who must choose what now, and every legal answer."""

from __future__ import annotations

from typing import Any, NamedTuple

from arbitre.engine.i18n import Msg


class Option(NamedTuple):
    """One legal answer: a stable machine key and the text a person reads."""

    key: str
    text: Msg


class Decision(NamedTuple):
    """The question the game asks one seat; `options` holds every legal answer."""

    seat: int
    kind: str
    options: tuple[Option, ...]
    text: Msg
    rules: tuple[str, ...] = ()
    # Secrecy by default: the chosen option stays hidden from the other seats (interfaces
    # show them that a choice was made, not which). A ruleset passes `private=False` only
    # where the answer's text tells nothing the other seats' views do not show after it
    # (a move on the board); the conformance harness checks that claim for every game.
    private: bool = True

    def keys(self) -> list[str]:
        return [o.key for o in self.options]

    def find(self, key: str) -> Option | None:
        for option in self.options:
            if option[0] == key:  # option.key, by index (speed: every apply asks)
                return option
        return None

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "text": self.text.to_json(),
            "rules": list(self.rules),
            "private": self.private,
            "options": [{"key": o.key, "text": o.text.to_json()} for o in self.options],
        }
