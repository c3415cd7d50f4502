"""Resigning (issue 17; docs/web.md, Resigning and handing over).

A seat resigns for its side; the game ends at once with every other side winning (score 1,
the resigning side 0). Sides: in Champs de Bataille the player seats are one side against
the MJ, so the MJ resigns alone, while the players' side resigns only when every player
seat held by a person agrees (an organiser would not let one player end the evening for
the others); elsewhere every seat is its own side. The hotseat table resigns for the seat
it names.

The rules of each game know nothing of it: the server keeps the ending (social_store) and
puts an `EndedMatch` in place of the game's Match, which has no decision left, the
resignation as its result, and the resignation in its record (`"end"`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbitre.engine.i18n import Msg
from arbitre.engine.match import Match
from arbitre.engine.record import GameRecord
from arbitre.engine.ruleset import Result
from arbitre.server import messages_clock as _clock_messages  # noqa: F401  (a win on time)
from arbitre.server.errors import both, refuse
from arbitre.server.live import Access, Entry, LiveGame, seat_label


@dataclass(frozen=True, slots=True)
class Ending:
    """A side resigned when the game had `moves` answers (`kind` "time": it lost on
    time, the others claimed the game: server/clocks.py)."""

    seats: tuple[int, ...]  # the seats of the side that resigned
    by: int  # the seat whose resignation ended it
    moves: int
    kind: str = "resign"  # "resign" | "time"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seats": list(self.seats), "by": self.by, "moves": self.moves}

    @classmethod
    def from_json(cls, raw: Any) -> Ending | None:
        if not isinstance(raw, dict) or raw.get("kind") not in ("resign", "time"):
            return None
        seats, by, moves = raw.get("seats"), raw.get("by"), raw.get("moves")
        if not isinstance(seats, list) or not isinstance(by, int) or not isinstance(moves, int):
            return None
        return cls(tuple(int(s) for s in seats), by, moves, str(raw["kind"]))


class EndedRecord(GameRecord):
    """A record whose game ended by resignation: the moves, then how it ended."""

    end: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        out = GameRecord.to_json(self)
        out["end"] = self.end
        return out


class EndedMatch(Match):
    """The Match of a game a side resigned: no decision is left."""

    ending: Ending
    ended: Result

    def decision(self) -> None:
        return None

    def result(self) -> Result:
        return self.ended

    def record(self) -> GameRecord:
        base = Match.record(self)
        rec = EndedRecord(base.ruleset, base.version, base.config, base.seed, base.keys)
        names = self.seat_names
        rec.end = {**self.ending.to_json(), "names": [names[s] for s in self.ending.seats]}
        return rec


def sides(live: LiveGame) -> list[tuple[int, ...]]:
    """The sides of the game, as tuples of seats (see the module's docstring)."""
    names = live.match.seat_names
    if live.ruleset.id == "champs":
        players = tuple(i for i, n in enumerate(names) if n != "mj")
        return [players, tuple(i for i, n in enumerate(names) if n == "mj")]
    return [(i,) for i in range(len(names))]


def side_of(live: LiveGame, seat: int) -> tuple[int, ...]:
    return next(side for side in sides(live) if seat in side)


def voters(live: LiveGame, side: tuple[int, ...]) -> frozenset[int]:
    """The seats of `side` a person holds: those who must agree for the side to resign."""
    humans = live.human_seats()
    return frozenset(s for s in side if s in humans)


def _label(live: LiveGame, seat: int) -> Msg:
    return seat_label(live.ruleset, live.match.seat_names[seat], live.match.config)


def result_of(live: LiveGame, ending: Ending) -> Result:
    count = len(live.match.seat_names)
    scores = tuple(0.0 if s in ending.seats else 1.0 for s in range(count))
    winners = [s for s in range(count) if s not in ending.seats]
    if ending.kind == "time":
        return _time_result(live, ending, scores, winners)
    if len(ending.seats) > 1:
        summary = Msg("social.result.players_resigned")
    elif len(winners) == 1:
        summary = Msg(
            "social.result.resigned",
            {"seat": _label(live, ending.by), "winner": _label(live, winners[0])},
        )
    else:
        summary = Msg("social.result.resigned_many", {"seat": _label(live, ending.by)})
    return Result(scores, summary, {"resigned": [live.match.seat_names[s] for s in ending.seats]})


def _time_result(
    live: LiveGame, ending: Ending, scores: tuple[float, ...], winners: list[int]
) -> Result:
    """A win on time for the others (server/clocks.py, `claim`)."""
    if len(ending.seats) > 1:
        summary = Msg("clock.result.players_time")
    elif len(winners) == 1:
        args = {"seat": _label(live, ending.by), "winner": _label(live, winners[0])}
        summary = Msg("clock.result.time", args)
    else:
        summary = Msg("clock.result.time_many", {"seat": _label(live, ending.by)})
    return Result(scores, summary, {"time": [live.match.seat_names[s] for s in ending.seats]})


def end_game(live: LiveGame, ending: Ending) -> None:
    """Put the EndedMatch in place and log the resignation."""
    match = live.match
    ended = EndedMatch.__new__(EndedMatch)
    ended.__dict__.update(match.__dict__)
    ended.ending = ending
    ended.ended = result_of(live, ending)
    live.match = ended
    if ending.kind == "time":
        msg = Msg("clock.claimed", {"seat": _label(live, ending.by)})
    elif len(ending.seats) > 1:
        msg = Msg("social.resigned.players")
    else:
        msg = Msg("social.resigned", {"seat": _label(live, ending.by)})
    live.entries.append(Entry(live.moves, ending.by, "event", both(msg)))


def is_ended(live: LiveGame) -> bool:
    return isinstance(live.match, EndedMatch)


def resigning_seat(live: LiveGame, access: Access, raw: Any) -> int:
    """The seat that resigns: the token's own; the hotseat table names one of its seats."""
    if access.role == "seat" and access.seat is not None:
        return access.seat
    if access.role == "admin":
        count = len(live.stored.seats)
        if type(raw) is not int or raw not in access.seats:
            why = "a human seat 0.." + str(count - 1)
            raise refuse(422, "bad_field", "bad_field", field="seat", why=why)
        return raw
    raise refuse(403, "not_allowed", "not_allowed", what="resign")


def vote(live: LiveGame, votes: dict[int, set[int]], seat: int, access: Access) -> Ending | None:
    """`seat` resigns for its side: the Ending once every person of the side agreed (at
    once for a side of one, or for the hotseat table), else None (the vote is kept)."""
    if live.match.decision() is None:
        raise refuse(409, "game_over", "game_over")
    side = side_of(live, seat)
    needed = voters(live, side)
    key = min(side)
    agreed = votes.setdefault(key, set())
    if seat in agreed:
        raise refuse(409, "already_resigned", "already_resigned")
    agreed.add(seat)
    if access.role == "admin" or agreed >= needed:
        votes.pop(key, None)
        return Ending(side, seat, live.moves)
    msg = Msg(
        "social.resign.vote",
        {"seat": _label(live, seat), "count": len(agreed), "needed": len(needed)},
    )
    live.entries.append(Entry(live.moves, seat, "event", both(msg)))
    return None


def refuse_if_ended(live: LiveGame) -> None:
    """Nothing is undone in a game a side resigned (hub.Hub.undo calls this)."""
    if is_ended(live):
        raise refuse(409, "game_over", "game_over")
