"""Turn-based play (issue 17; docs/web.md, Turn-based play and notifications): a game's
pace, whose turn it is since when, and telling a person when the turn comes to them.

- Pace: `live` (the players sit together) or `turn` (they come back when it is their turn),
  chosen when an online game is made; both show whose turn it is and since when.
- Whose turn since when: kept in notify_store's `game_turns` row, moved on by
  `turn_moved` after every stored move (a person's or an AI's). `since` changes only when
  the turn goes to another seat: a seat that answers several decisions in a row keeps it.
- Telling: when the turn comes to another seat held by a person in an online game (never
  to the seat that just played, never to an AI, once per turn change), every browser that
  seat subscribed gets a Web Push "your turn in <game>" (server/push.py) and its address,
  if it gave one, a mail (server/mail.py; at most one an hour while unanswered). Nothing
  of the game's state goes out: the game's name and a link to it.

`changed(store, live)` is the one call the hub makes after a move is committed (hub.py:
`Hub.play`, the AI runner). It reads three numbers from the game and hands
`turn_moved(store, game_id, seat, person, moves)` to a one-thread queue: plain data, so
another process of the server may call `turn_moved` for a game it learns about by a
notification. Sending runs in a small bounded pool of threads with short timeouts: the
event loop never waits for a push service or an SMTP server.
"""

from __future__ import annotations

import logging
import threading
import time
import weakref
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from arbitre.engine.i18n import Msg, translate
from arbitre.engine.registry import get
from arbitre.server import messages_turns as _messages  # noqa: F401  (registers the texts)
from arbitre.server import notify_store
from arbitre.server.errors import both, refuse
from arbitre.server.inputs import choice_field
from arbitre.server.live import LiveGame, seat_label
from arbitre.server.mail import HOUR, SmtpSettings
from arbitre.server.store import Store

log = logging.getLogger("arbitre.server.turns")

PACES = ("live", "turn")
MAX_QUEUED = 1000  # turn changes and sends waiting at once; beyond, dropped (and logged)
SENDERS = 2


@dataclass(slots=True)
class Settings:
    """What the operator configured (`arbitre serve --push-allow/--smtp/--smtp-from`)."""

    push_allow: frozenset[str] = frozenset()
    smtp: SmtpSettings | None = None

    @property
    def contact(self) -> str:
        """The VAPID `sub` claim: how a push service reaches the operator."""
        return f"mailto:{self.smtp.sender}" if self.smtp else "mailto:arbitre@localhost"


@dataclass
class Notifier:
    """One per Store (not holding it: the Store's going frees it): its settings, the
    ordered turn ledger and the senders."""

    settings: Settings = field(default_factory=Settings)
    ledger: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="arbitre-turns")
    )
    senders: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(SENDERS, thread_name_prefix="arbitre-notify")
    )
    queued: set[Future[Any]] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def submit(self, pool: ThreadPoolExecutor, fn: Callable[..., Any], *args: Any) -> bool:
        with self.lock:
            if len(self.queued) >= MAX_QUEUED:
                log.warning("notification queue full: %s dropped", fn.__name__)
                return False
            future = pool.submit(_logged, fn, *args)
            self.queued.add(future)
        future.add_done_callback(self._done)
        return True

    def _done(self, future: Future[Any]) -> None:
        with self.lock:
            self.queued.discard(future)

    def drain(self, timeout: float = 10.0) -> None:
        """Wait until every queued turn change and send is done (tests, shutdown)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.lock:
                waiting = list(self.queued)
            if not waiting:
                return
            for future in waiting:
                future.result(timeout=max(0.0, deadline - time.monotonic()))


def _logged(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception:  # one failed send must not stop the others
        log.exception("notification work %s failed", fn.__name__)
        return None


_notifiers: weakref.WeakKeyDictionary[Store, Notifier] = weakref.WeakKeyDictionary()
_making = threading.Lock()


def notifier(store: Store) -> Notifier:
    with _making:
        found = _notifiers.get(store)
        if found is None:
            found = _notifiers[store] = Notifier()
        return found


def configure(
    store: Store, push_allow: tuple[str, ...] = (), smtp: SmtpSettings | None = None
) -> None:
    """The operator's settings for the server on `store` (`arbitre serve`, the tests)."""
    from arbitre.server.push import allowed_key

    # parsed as the endpoints are (push.py): `[::1]:8443` matches http://[::1]:8443/…
    allow = frozenset(allowed_key(a) for a in push_allow if a.strip())
    notifier(store).settings = Settings(allow, smtp)


# --- pace, names ------------------------------------------------------------------------------


def pace_of(data: dict[str, Any], mode: str) -> str:
    """The `pace` of a new game: `live` unless an online game asks for `turn`."""
    if data.get("pace") is None:
        return "live"
    pace = choice_field(data, "pace", PACES)
    if pace != "live" and mode != "online":
        raise refuse(422, "bad_field", "bad_field", field="pace", why="online games only")
    return pace


def game_name(ruleset_id: str, config: dict[str, Any]) -> Msg:
    """The game as a person names it: "L'Hérésie d'Horus, Frère contre Frère"."""
    title = Msg(f"server.title.{ruleset_id}")
    if ruleset_id == "heresy":
        from arbitre.games.heresy.content import default_content

        # the first scenario is the default (heresy/config.py); a pack's own scenarios are
        # not named here (the game's title alone)
        scenarios = list(default_content().scenarios) if not config.get("content") else []
        wanted = config.get("scenario") or (scenarios[0].id if scenarios else None)
        for sc in scenarios:
            if sc.id == wanted:
                scenario = {"fr": sc.name("fr"), "en": sc.name("en")}
                return Msg("turns.game", {"title": title, "scenario": _Both(scenario)})
    return Msg("turns.game.plain", {"title": title})


class _Both(str):
    """A content name known in both languages, as a Msg argument (rendered per language
    by `_render`): the scenario's own names come from the content, not the catalog."""

    names: dict[str, str]

    def __new__(cls, names: dict[str, str]) -> _Both:
        self = super().__new__(cls, names["fr"])
        self.names = names
        return self


def _render(msg: Msg, lang: str) -> str:
    args = {k: (v.names[lang] if isinstance(v, _Both) else v) for k, v in msg.args.items()}
    return translate(Msg(msg.key, args, msg.rule), lang)


def name_both(msg: Msg) -> dict[str, str]:
    return {lang: _render(msg, lang) for lang in ("fr", "en")}


# --- whose turn ---------------------------------------------------------------------------------


def started(store: Store, live: LiveGame, pace: str) -> None:
    """A new game (in the worker thread that made it): its pace, whose turn from now."""
    decision = live.match.decision()
    notify_store.start(store, live.id, pace, decision.seat if decision is not None else None)


def rematched(store: Store, old_id: str, new_id: str) -> None:
    """A rematch keeps the pace of the game it follows (server/rematch.py)."""
    old = notify_store.turns_of(store, [old_id]).get(old_id)
    notify_store.start(store, new_id, old.pace if old is not None else "live", None)


def changed(store: Store, live: LiveGame) -> None:
    """The turn ledger set to the game as it is now, off the event loop, telling nobody: a
    new game, an undo (the turn goes back). A stored move needs no call: its transaction
    moved the ledger on (`Move.ledger`, notify_store.ledger_moves), then `moved` tells."""
    decision = live.match.decision()
    seat = decision.seat if decision is not None else None
    n = notifier(store)
    n.submit(n.ledger, turn_moved, store, live.id, seat, False, live.moves)


def moved(store: Store, live: LiveGame, mover: int) -> None:
    """A move by `mover` is stored (and the ledger with it). When the turn came to another
    seat that a person holds in an online game, that seat is told, off the event loop; a
    person's own answer also answers their waiting mail. Nothing to do, and no thread
    woken, for the usual move (issue 14)."""
    decision = live.match.decision()
    seat = decision.seat if decision is not None else None
    person = (
        seat is not None
        and seat != mover
        and live.stored.mode == "online"
        and live.match.is_human(seat)
        and bool(live.stored.seats[seat].token)
    )
    n = notifier(store)
    human = bool(live.match.human_keys) and live.match.human_keys[-1]
    answered = mover if n.settings.smtp is not None and human else None
    if person or answered is not None:
        n.submit(n.ledger, turn_told, store, live.id, seat if person else None, answered)


def turn_moved(
    store: Store,
    game_id: str,
    seat: int | None,
    person: bool,
    moves: int,
    now: float = 0.0,
    answered: int | None = None,
) -> None:
    """The stored game `game_id` is at `moves` moves and `seat` must answer (None: over):
    the ledger moved on by itself (a game or an undo; a move's own transaction does it for
    a move). When the turn came to another seat and `person` says a person holds it, it is
    told as `turn_told` does. Plain data: callable from any process, in a worker thread."""
    now = now or time.time()
    came, _before = notify_store.advance(store, game_id, seat, moves, now)
    turn_told(store, game_id, seat if came and person else None, answered, now)


def turn_told(
    store: Store, game_id: str, seat: int | None, answered: int | None, now: float = 0.0
) -> None:
    """`answered`: the seat whose person just played (their mail is answered). `seat`: the
    seat the turn came to, held by a person, whose browsers and address are told (at most
    once per turn change; a mail at most once an hour while the last is unanswered)."""
    now = now or time.time()
    n = notifier(store)
    if answered is not None and n.settings.smtp is not None:
        notify_store.mail_answered(store, game_id, answered)
    if seat is None:
        return
    summary = store.summary(game_id)
    if summary is None or summary.mode != "online" or summary.over:
        return
    name = game_name(summary.ruleset, summary.config)
    for sub in notify_store.pushes_of(store, game_id, seat):
        payload = {
            "title": translate(Msg("turns.your_turn"), sub.lang),
            "body": _render(name, sub.lang),
            "url": f"/game/{game_id}",
            "tag": f"arbitre-{game_id}",
        }
        n.submit(n.senders, _push_one, store, sub, payload)
    smtp = n.settings.smtp
    due = notify_store.mail_due(store, game_id, seat, now, HOUR) if smtp else None
    if due is not None and smtp is not None:
        ruleset = get(summary.ruleset)
        label = seat_label(ruleset, ruleset.seats(summary.config)[seat], summary.config)
        n.submit(n.senders, _mail_one, smtp, due, name, label)


def _push_one(store: Store, sub: notify_store.PushSub, payload: dict[str, Any]) -> None:
    from arbitre.server import push

    n = notifier(store)
    info = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
    status = push.send(store, info, payload, n.settings.push_allow, n.settings.contact)
    if status in (404, 410):  # the browser unsubscribed, or the service forgot it
        notify_store.drop_push(store, sub.id)
    elif not 200 <= status < 300:
        log.warning("push to a subscription of game %s answered %s", sub.game_id, status)


def _mail_one(smtp: SmtpSettings, sub: notify_store.MailSub, name: Msg, label: Msg) -> None:
    from arbitre.server import mail

    game = _render(name, sub.lang)
    link = f"{sub.origin}/game/{sub.game_id}"
    stop = f"{sub.origin}/mail/stop/{sub.stop}"
    subject = translate(Msg("turns.mail.subject", {"game": game}), sub.lang)
    body = translate(
        Msg("turns.mail.body", {"game": game, "seat": label, "link": link, "stop": stop}),
        sub.lang,
    )
    mail.send(smtp, sub.address, subject, body, stop)


def turn_now(store: Store, live: LiveGame) -> dict[str, Any]:
    """Whose turn it is in `live` and since when (the page counts the time since)."""
    decision = live.match.decision()
    seat = decision.seat if decision is not None else None
    row = notify_store.turns_of(store, [live.id]).get(live.id)
    now = time.time()
    since: float | None = None
    if row is not None and row.seat == seat:
        since = row.since
    elif seat is not None:
        # no ledger row (a game older than it) or one behind the last move: the time from
        # the stored answers, the game's creation if none, None if they have no time
        since = notify_store.turn_began(store, live.id, seat, live.moves)
    out: dict[str, Any] = {
        "seat": seat,
        "whose": None,
        # None: not known (answers made before their time was stored); never "just now"
        "since": round(since, 3) if since else None,
        "now": round(now, 3),
        "pace": row.pace if row is not None else "live",
        "name": name_both(game_name(live.ruleset.id, live.stored.config)),
    }
    if seat is not None:
        out["whose"] = both(
            Msg(
                "turns.whose",
                {"seat": seat_label(live.ruleset, live.match.seat_names[seat], live.match.config)},
            )
        )
    return out


def mine_fields(store: Store, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """ "My games": each with its pace, name, whose turn since when and whether it is mine
    (`items` from lobby.my_games: `role` and `you` set); my turn first (longest waiting
    first), then the games waiting for others, then the finished ones (newest first)."""
    turns = notify_store.turns_of(store, [g["id"] for g in items])
    for game in items:
        row = turns.get(game["id"])
        seat = row.seat if row is not None and not game["over"] else None
        game["pace"] = row.pace if row is not None else "live"
        game["turn"] = None
        game["mine"] = False
        if seat is None or not 0 <= seat < len(game["seats"]):
            continue
        spec = game["seats"][seat]
        game["turn"] = {
            "seat": seat,
            "label": spec["label"],
            # 0 in the ledger: not known (a game older than the answers' times)
            "since": round(row.since, 3) if row is not None and row.since else None,
        }
        you = game.get("you") or {}
        game["mine"] = (game["role"] == "seat" and you.get("seat") == seat) or (
            game["role"] == "admin" and spec["kind"] == "human" and not spec.get("agent")
        )
    now = time.time()

    def order(g: dict[str, Any]) -> tuple[int, float]:
        if g["over"]:
            return 2, -float(g["updated"])
        if g["mine"]:  # the longest waiting first; a turn of unknown age before them
            return 0, float(g["turn"]["since"] or 0.0)
        return 1, -float(g["updated"])

    items.sort(key=order)
    for g in items:
        g["now"] = round(now, 3)
    return items
