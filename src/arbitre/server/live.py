"""Games in memory: the Match, who may do what, the log as each seat may read it.

The server alone holds the state and its RNG. A LiveGame is rebuilt from the stored keys
(replay is exact: every chance event lives in the state), so memory is only a cache.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from arbitre.engine.agents import make_agent
from arbitre.engine.decision import Decision
from arbitre.engine.i18n import Msg, has_message
from arbitre.engine.match import Match
from arbitre.engine.registry import get
from arbitre.engine.ruleset import Agent, Ruleset
from arbitre.server.errors import both
from arbitre.server.store import SeatSpec, StoredGame

# Every moment of every game gets its own number (`LiveGame.rev`): a State carries it, and a
# patch names the State it applies to (server/patches.py). One counter for all games, so a
# number never means two things even across an eviction and a reload.
_MOMENTS = itertools.count(1)


_ABSENT = object()  # a key one view has and the other lacks (secret_between)


@dataclass(frozen=True, slots=True)
class Access:
    """What a token may do: act for `seats`, look through `seat` (None: public view).

    Roles (docs/web.md, Security): "admin" is the hotseat table (acts for every human
    seat); "host" is the creator of an online game (invites, deletes, changes AI seats,
    sees only the public view, acts for no seat); "seat" plays one human seat; "spectator"
    reads the public view.
    """

    role: str  # "admin" | "host" | "seat" | "spectator"
    seats: frozenset[int]
    seat: int | None

    @property
    def manages(self) -> bool:
        """May delete the game, invite and change its AI seats."""
        return self.role in ("admin", "host")


class Tokens(Protocol):
    """What a token is checked against: a stored game or its summary."""

    @property
    def mode(self) -> str: ...
    @property
    def admin_token(self) -> str: ...
    @property
    def spectator_token(self) -> str: ...
    @property
    def seats(self) -> tuple[SeatSpec, ...]: ...


def _same(given: str, stored: str) -> bool:
    # Both are ASCII (inputs.token_of refuses anything else): compare in constant time.
    return bool(stored) and secrets.compare_digest(given.encode(), stored.encode())


def access_for(game: Tokens, token: str | None) -> Access | None:
    """The rights of `token` in `game` (a stored game or its summary); None: it opens
    nothing. An AI seat has no token: nobody looks through an AI's eyes."""
    if not token:
        return None
    humans = frozenset(i for i, s in enumerate(game.seats) if s.kind == "human")
    if _same(token, game.admin_token):
        if game.mode == "online":
            return Access("host", frozenset(), None)
        return Access("admin", humans, None)
    for i, spec in enumerate(game.seats):
        if spec.kind == "human" and _same(token, spec.token):
            return Access("seat", frozenset({i}), i)
    if _same(token, game.spectator_token):
        return Access("spectator", frozenset(), None)
    return None


@dataclass(slots=True)
class Entry:
    """One log line: an answer given (kind "choice") or an event the game reported.

    Its JSON is made once, when first sent (`shown`, and `hidden` for the readers who may
    not read a private answer), not again for every State of every reader."""

    index: int
    seat: int | None
    kind: str
    text: dict[str, Any]
    private: bool = False
    shown_json: str = field(default="", compare=False, repr=False)
    hidden_json: str = field(default="", compare=False, repr=False)


def seat_label(ruleset: Ruleset[Any], name: str, config: Mapping[str, Any] | None = None) -> Msg:
    """The game's own seat name, else the web app's (the terminal keeps short ids). With
    the game's `config`, the ruleset's `seat_title` hook names the seat first (Epic: by
    its army, issue 16)."""
    title = getattr(ruleset, "seat_title", None) if config is not None else None
    if title is not None:
        named = title(config, name)
        if isinstance(named, Msg):
            return named
    for key in (f"{ruleset.id}.seatname.{name}", f"server.seatname.{ruleset.id}.{name}"):
        if has_message(key):
            return Msg(key)
    return Msg("server.raw", {"text": name})


@dataclass(frozen=True, slots=True)
class Takeback:
    """An online undo asked by `seat` when the game had `moves` answers: it waits for every
    other human seat to accept; any refusal or any move drops it."""

    seat: int
    moves: int
    accepted: frozenset[int] = frozenset()


@dataclass(slots=True)
class LiveGame:
    stored: StoredGame
    ruleset: Ruleset[Any]
    match: Match
    entries: list[Entry] = field(default_factory=list)
    subscribers: set[Any] = field(default_factory=set)
    # Orders everything that changes this game; lives and dies with the game in memory.
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    takeback: Takeback | None = None
    deleted: bool = False
    # A move applied in memory whose commit is not done yet (hub.Hub._apply): readers
    # outside the lock wait for it (`settled`), so nobody sees a move that is not stored.
    writing: asyncio.Future[None] | None = None
    # Bumped at every change (hub.Hub.broadcast); with `mark`, what the caches below hang on.
    version: int = 0
    # Which seats see different things (`secret_between`), for the current moment.
    secrets: dict[tuple[int, int], bool] = field(default_factory=dict)
    cached_at: tuple[Any, ...] = ()
    info: tuple[StoredGame, dict[str, Any]] | None = None
    # the human seats, and the stored game they were read from (`human_seats`)
    humans: tuple[StoredGame, frozenset[int]] | None = None
    # The number of the current moment (renewed with the caches); `epoch` is bumped when the
    # Match is replaced (a replay: undo, a failed commit): no patch reaches across it.
    rev: int = 0
    epoch: int = 0
    # The States built for the current moment, by pair of eyes (server/states.py), and the
    # newest one of every pair of eyes whatever its moment: what a patch is made against.
    snapshots: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    latest: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    # each viewer's `last_turn` and what it was made from (payload._last_turn)
    turns: dict[int, tuple[tuple[Any, ...], Any]] = field(default_factory=dict)
    # the part of the views every seat shares, for the current moment (`view`)
    public: dict[str, Any] | None = None

    @property
    def id(self) -> str:
        return self.stored.id

    @property
    def moves(self) -> int:
        return len(self.match.keys)

    async def settled(self) -> None:
        """Wait until no move of this game is waiting for its commit."""
        while self.writing is not None:
            await asyncio.shield(self.writing)

    def changed(self) -> None:
        """Something changed: what was built for the previous moment is dropped."""
        self.version += 1

    def mark(self) -> tuple[Any, ...]:
        """What a State is built from, in short: any change of the game changes it (the
        version, bumped at every broadcast, and the objects a change replaces or grows)."""
        return (
            self.version,
            self.match,
            len(self.match.keys),
            len(self.entries),
            self.takeback,
            self.stored,
            self.deleted,
        )

    def fresh_caches(self) -> None:
        """Empty `snapshots` and `secrets` if they were built at another moment than now,
        and number the new moment."""
        before = self.cached_at
        match = self.match
        if (  # the same moment (most calls: a move asks 6 times): `mark`'s test, inline
            before
            and before[1] is match
            and before[0] == self.version
            and before[2] == len(match.keys)
            and before[3] == len(self.entries)
            and before[4] is self.takeback
            and before[5] is self.stored
            and before[6] is self.deleted
        ):
            return
        now = self.mark()
        if len(before) != len(now) or any(
            a is not b and not (type(a) is int and type(b) is int and a == b)
            for a, b in zip(before, now, strict=True)
        ):
            if not before or before[1] is not now[1]:
                self.epoch += 1
            self.secrets = {}
            self.snapshots = {}
            self.public = None
            self.cached_at = now
            self.rev = next(_MOMENTS)

    def view(self, viewer: int | None) -> dict[str, Any]:
        """`ruleset.view(state, viewer)` now. A ruleset whose views share a public part
        (`public_view` and `seat_view`: Heresy, Champs) has it built once per moment for all
        the seats (issue 14: half the cost of a move's two views); never changed after."""
        self.fresh_caches()
        ruleset: Any = self.ruleset
        if not hasattr(ruleset, "public_view"):
            return self.ruleset.view(self.match.state, viewer)
        if self.public is None:
            self.public = ruleset.public_view(self.match.state)
        out: dict[str, Any] = ruleset.seat_view(self.match.state, viewer, self.public)
        return out

    def human_seats(self) -> frozenset[int]:
        """The seats people play, read again only when the stored game is another (it is
        frozen: a change of seats replaces it); a State asks up to three times."""
        known = self.humans
        if known is not None and known[0] is self.stored:
            return known[1]
        seats = frozenset(i for i, s in enumerate(self.stored.seats) if s.kind == "human")
        self.humans = (self.stored, seats)
        return seats

    def access(self, token: str | None) -> Access | None:
        return access_for(self.stored, token)

    def viewer(self, access: Access, wanted: int | None = None) -> int | None:
        """Whose eyes `access` looks through: its seat, or for the admin a human seat."""
        return self.eyes(access, wanted)[0]

    def eyes(self, access: Access, wanted: int | None = None) -> tuple[int | None, int | None]:
        """`(viewer, handover)`: whose eyes `access` looks through, and for the hotseat
        table the human seat the screen must be passed to first (None: no handover).

        `wanted` is the seat the table last confirmed ("I am <seat>", or the seat it acts
        for). The table keeps that seat's eyes until the next human seat confirms, unless
        both see the same (then it follows the decision). Nothing of a seat is sent before
        that seat's player confirmed: a table that confirmed nobody yet sees the public
        view while another seat's secrets are at stake (docs/web.md, Hotseat curtain).
        """
        if access.role != "admin" or not access.seats:
            return access.seat, None
        seats = access.seats
        decision = self.match.decision()
        turn = decision.seat if decision is not None and decision.seat in seats else None
        confirmed = wanted if wanted is not None and wanted in seats else None
        if confirmed is None:
            if turn is not None:
                others = seats - {turn}
                if any(self.secret_between(other, turn) for other in others):
                    return None, turn
                return turn, None
            first = min(seats)
            if decision is not None and any(self.secret_between(first, o) for o in seats):
                return None, None  # an AI plays: the table waits on the public view
            return first, None
        if turn is None or turn == confirmed:
            return confirmed, None
        if self.secret_between(confirmed, turn):
            return confirmed, turn
        return turn, None

    def secret_between(self, a: int, b: int) -> bool:
        """Whether seats `a` and `b` see different things: their views differ beyond naming
        their seat, or the log (while the game lasts) hides a private answer of one of them
        from the other."""
        if a == b:
            return False
        self.fresh_caches()
        pair = (a, b) if a < b else (b, a)
        known = self.secrets.get(pair)
        if known is None:
            known = self.secrets[pair] = self._secret_between(a, b)
        return known

    def _secret_between(self, a: int, b: int) -> bool:
        if self.match.decision() is not None and any(
            e.private and e.seat in (a, b) for e in self.entries
        ):
            return True
        # the moment's views (their public part built once, `view`); never changed here:
        # the States built this moment hold them
        va, vb = self.view(a), self.view(b)
        return any(
            k != "seat" and va.get(k, _ABSENT) != vb.get(k, _ABSENT) for k in va.keys() | vb.keys()
        )

    # --- playing -------------------------------------------------------------------------

    def play(self, key: str, decision: Decision) -> None:
        """Apply `key` (IllegalChoice leaves everything as it was) and log it."""
        before = len(self.match.log)
        option = decision.find(key)
        # a key that is not an option (an Epic point "x,y") in the game's words, if it has some
        describe = getattr(self.ruleset, "choice_text", None) if option is None else None
        said = describe(self.match.state, decision, key) if describe is not None else None
        self.match.play(key)
        text = option.text if option is not None else said or Msg("server.raw", {"text": key})
        self.entries.append(
            Entry(self.moves, decision.seat, "choice", both(text), private=decision.private)
        )
        self._add_events(before)

    def _add_events(self, start: int) -> None:
        for entry in self.match.log[start:]:
            self.entries.append(Entry(entry.index, entry.seat, "event", both(entry.msg)))

    def rebuild(
        self, keys: tuple[str, ...] | list[str], human: tuple[bool, ...] | list[bool]
    ) -> None:
        """Replay `keys` from the seed: used on load and after an undo."""
        self.match = new_match(self.stored, self.ruleset)
        self.entries = []
        self._add_events(0)
        for key in keys:
            decision = self.match.decision()
            assert decision is not None, "stored moves go past the end of the game"
            self.play(key, decision)
        self.match.human_keys = list(human)


def agents_for(stored: StoredGame, ruleset: Ruleset[Any]) -> dict[int, Agent]:
    return {
        i: make_agent(ruleset, spec.agent or "random", stored.seed * 31 + i)
        for i, spec in enumerate(stored.seats)
        # a person's seat handed to the AI keeps its agent (server/takeover.py)
        if spec.kind == "ai" or spec.agent
    }


def new_match(stored: StoredGame, ruleset: Ruleset[Any]) -> Match:
    return Match(ruleset, stored.config, stored.seed, agents_for(stored, ruleset))


def load_live(stored: StoredGame) -> LiveGame:
    ruleset = get(stored.ruleset)
    live = LiveGame(stored, ruleset, new_match(stored, ruleset))
    live.rebuild(stored.keys, stored.human)
    return live
