"""The other seat's last turn in a few sentences, from the game's public events.

A page shows a player what happened since their last choice: "Le Traître a exécuté Drop
Pods dans le secteur Palais", "Le Traître a débarqué en Spatioport de la Porte des Lions".
Only events are read, and every Heresy event is public (the conformance harness checks
it: an event tells a reader nothing their view does not show): a face-down order stays
"un ordre face cachée" (HH-14.12), a drawn order is counted, never named (HH-19.8), a
Combat hand only by its size (HH-26.6). The answers themselves (private choices) are
never read. Each sentence keeps the rule of the events it sums up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from arbitre.engine.i18n import Msg
from arbitre.games.heresy import messages_page as _texts  # noqa: F401  (heresy.summary.*)
from arbitre.games.heresy.state import SEATS

MAX_LINES = 12


class Event(Protocol):
    """A log entry (engine.match.LogEntry): the move that produced it, who answered it."""

    @property
    def index(self) -> int: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def msg(self) -> Msg: ...


@dataclass(frozen=True, slots=True)
class Summary:
    """What `seat` did (and what followed) since the viewer's last answer."""

    seat: int
    lines: tuple[Msg, ...]
    zones: tuple[str, ...]  # the zones those events touched, to highlight on the map
    rules: tuple[str, ...]  # the rules of the events summed up


def _who(seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(SEATS):
        return f"heresy.summary.who.{SEATS[seat]}"
    if seat in SEATS:
        return f"heresy.summary.who.{seat}"
    return "heresy.summary.who.traitor" if seat == "traitor" else "heresy.summary.who.imperium"


@dataclass(slots=True)
class Builder:
    """Sentences in the order things happened; repeated events of one kind are merged."""

    lines: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    zones: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    # bumped by every change of the above (only these methods change them): a reader fed
    # events that changed nothing keeps its summary (server/summaries.py)
    changes: int = 0

    def zone(self, zone: Any) -> None:
        if isinstance(zone, str) and zone and zone != "reserve" and zone not in self.zones:
            self.zones.append(zone)
            self.changes += 1

    def add(self, key: str, args: dict[str, Any], rule: str | None) -> None:
        if rule and rule not in self.rules:
            self.rules.append(rule)
        self.lines.append((key, args))
        self.changes += 1

    def count(self, key: str, match: dict[str, Any], rule: str | None) -> None:
        """One more of `key` with the same `match` arguments as the last line: n += 1."""
        if self.lines and self.lines[-1][0] == key:
            last = self.lines[-1][1]
            if all(last.get(k) == v for k, v in match.items()):
                last["n"] += 1
                self.changes += 1
                return
        self.add(key, {**match, "n": 1}, rule)


def _placed(b: Builder, e: Event, a: dict[str, Any]) -> None:
    who = _who(a.get("seat", e.seat))
    b.add("heresy.summary.placed", {"who": who, "sector": a.get("sector")}, e.msg.rule)


def read_event(b: Builder, e: Event) -> None:
    a = dict(e.msg.args)
    key, rule = e.msg.key, e.msg.rule
    handler = _HANDLERS.get(key)
    if handler is not None:
        handler(b, e, a)
        return
    simple = _SIMPLE.get(key)
    if simple is None:
        return
    out, names = simple
    args = {n: a.get(n) for n in names}
    if "who" in names:
        args["who"] = _who(a.get("seat", e.seat))
    for n in ("zone", "to"):
        b.zone(args.get(n))
    b.add(out, args, rule)


def _moved(b: Builder, e: Event, a: dict[str, Any]) -> None:
    b.zone(a.get("to"))
    b.count("heresy.summary.moved", {"to": a.get("to")}, e.msg.rule)


def _eliminated(b: Builder, e: Event, a: dict[str, Any]) -> None:
    b.zone(a.get("zone"))
    b.count("heresy.summary.eliminated", {"zone": a.get("zone")}, e.msg.rule)


def _drew(b: Builder, e: Event, a: dict[str, Any]) -> None:
    b.count("heresy.summary.drew", {"who": _who(a.get("seat", e.seat))}, e.msg.rule)


def _corrupted(b: Builder, e: Event, a: dict[str, Any]) -> None:
    zone = str(a.get("unit", "")).split(":", 1)[0]
    b.zone(zone)
    b.count("heresy.summary.corrupted", {"zone": zone}, e.msg.rule)


_HANDLERS: dict[str, Callable[[Builder, Event, dict[str, Any]], None]] = {
    "heresy.log.placed": _placed,
    "heresy.log.moved": _moved,
    "heresy.log.eliminated": _eliminated,
    "heresy.log.drew": _drew,
    "heresy.log.corrupted": _corrupted,
}

# event key -> (summary key, the event's arguments it keeps; "who": the acting seat)
_SIMPLE: dict[str, tuple[str, tuple[str, ...]]] = {
    "heresy.log.execute": ("heresy.summary.execute", ("who", "card", "sector")),
    "heresy.log.buried": ("heresy.summary.buried", ("who", "sector")),
    "heresy.log.landed": ("heresy.summary.landed", ("who", "zone")),
    "heresy.log.battle_end": ("heresy.summary.battle", ("zone",)),
    "heresy.log.bombard_result": ("heresy.summary.bombard", ("zone", "n")),
    "heresy.log.event": ("heresy.summary.event", ("card",)),
    "heresy.log.hero_dead": ("heresy.summary.hero_dead", ("what",)),
    "heresy.log.victory": ("heresy.summary.victory", ()),
}


def _since(log: Sequence[Event], seats_of_keys: Sequence[int], viewer: int) -> list[Event]:
    """The events after the viewer's last answer (all but the setup's when none yet)."""
    last = 0
    for i in range(len(seats_of_keys) - 1, -1, -1):
        if seats_of_keys[i] == viewer:
            last = i + 1  # LogEntry.index: the number of answers when it happened
            break
    out: list[Event] = []
    for e in reversed(log):
        if e.index <= last:
            break
        out.append(e)
    out.reverse()
    return out


def last_turn(log: Sequence[Event], seats_of_keys: Sequence[int], viewer: int) -> Summary | None:
    """The other seat's doings since `viewer` last answered, or None when it has not
    answered anything since (nothing to tell)."""
    events = _since(log, seats_of_keys, viewer)
    other = 1 - viewer
    if not any(e.seat == other for e in events):
        return None
    b = Builder()
    for e in events:
        read_event(b, e)
    lines = [Msg(k, dict(a)) for k, a in b.lines[:MAX_LINES]]
    if not lines:
        lines = [Msg("heresy.summary.nothing")]
    return Summary(other, tuple(lines), tuple(b.zones), tuple(b.rules))
