"""The State a token receives: the game, its seat's view, the decision, the log.

Only what the asking seat may see goes out: the view is `ruleset.view(state, viewer)`,
another seat's options are never sent (they can name hidden cards), and another seat's
private answers read "(hidden choice)" until the game is over.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.decision import Option
from arbitre.engine.i18n import Msg
from arbitre.server.errors import MEMO_SIZE, both, msg_key
from arbitre.server.live import Access, Entry, LiveGame, seat_label
from arbitre.server.summaries import read_last_turn

LOG_LIMIT = 100  # the most recent entries; a page shows far fewer

HIDDEN = both(Msg("server.hidden_choice"))


def game_info(live: LiveGame) -> dict[str, Any]:
    """The game's header (title, seats): made once per change of its seats."""
    cached = live.info
    if cached is not None and cached[0] is live.stored:
        return cached[1]
    info = _game_info(live)
    live.info = (live.stored, info)
    return info


def _game_info(live: LiveGame) -> dict[str, Any]:
    ruleset, stored = live.ruleset, live.stored
    names = live.match.seat_names
    return {
        "id": stored.id,
        "ruleset": stored.ruleset,
        "title": both(Msg(f"server.title.{stored.ruleset}")),
        "mode": stored.mode,
        "config": stored.config,
        "seats": [
            {
                "seat": i,
                "name": names[i],
                "label": both(seat_label(ruleset, names[i], stored.config)),
                "kind": spec.kind,
                "agent": spec.agent,
                "open": spec.open,
            }
            for i, spec in enumerate(stored.seats)
        ],
    }


def seat_names(live: LiveGame) -> list[str]:
    """The seats' names, as `live.match.seat_names` gives them, without asking the ruleset
    again (Heresy checks its whole config for that): they are the game header's."""
    return [seat["name"] for seat in game_info(live)["seats"]]


# "Waiting for <seat>…" by ruleset and seat name: the same few texts over and over.
_WAITING: dict[tuple[str, str, str], dict[str, Any]] = {}


def waiting_text(live: LiveGame, seat: int) -> dict[str, Any]:
    """The text a State shows while `seat`, not the reader, decides."""
    name = game_info(live)["seats"][seat]["name"]
    label = seat_label(live.ruleset, name, live.match.config)  # an Epic side by its army
    known = msg_key(label)  # not repr(label): that cost more than the rest of this
    if known is None:
        return both(Msg("server.waiting", {"seat": label}))
    key = (live.ruleset.id, name, known)
    text = _WAITING.get(key)
    if text is None:
        if len(_WAITING) > 4096:  # saved armies' names: never grow for ever
            _WAITING.clear()
        text = _WAITING[key] = both(Msg("server.waiting", {"seat": label}))
    return text


def takeback_of(live: LiveGame, access: Access) -> dict[str, Any] | None:
    """A pending takeback request, and whether this reader is asked to answer it."""
    pending = live.takeback
    if pending is None:
        return None
    label = seat_label(live.ruleset, seat_names(live)[pending.seat], live.match.config)
    asked = live.human_seats() - {pending.seat} - pending.accepted
    return {
        "seat": pending.seat,
        "text": both(Msg("server.takeback.asked", {"seat": label})),
        "moves": pending.moves,
        "yours": access.role == "seat" and access.seat in asked,
        "mine": access.role == "seat" and access.seat == pending.seat,
    }


def state_payload(live: LiveGame, access: Access, wanted: int | None = None) -> dict[str, Any]:
    """The State of `live` through the eyes of `access` (and for the hotseat table the
    seat `wanted` it confirmed), as a dict. The server sends `states.state_text`: the
    same, encoded once per pair of eyes and change of the game."""
    head, viewer, over = state_head(live, access, wanted)
    entries = live.entries[-LOG_LIMIT:]
    head["log"] = [
        {
            "index": e.index,
            "seat": e.seat,
            "kind": e.kind,
            "text": HIDDEN if hidden_from(e, viewer, over) else e.text,
        }
        for e in entries
    ]
    return head


def hidden_from(entry: Entry, viewer: int | None, over: bool) -> bool:
    """Another seat's private answer, while the game lasts, reads "(hidden choice)"."""
    return entry.private and not over and entry.seat != viewer


def state_head(
    live: LiveGame, access: Access, wanted: int | None = None
) -> tuple[dict[str, Any], int | None, bool]:
    """The State without its log, whose eyes it is seen through, and whether the game is
    over (what the log's hidden answers depend on)."""
    live.fresh_caches()  # `rev` numbers this moment
    match = live.match
    viewer, handover = live.eyes(access, wanted)
    decision = match.decision()
    result = match.result()
    over = decision is None
    out_decision: dict[str, Any] | None = None
    if decision is not None:
        yours = decision.seat == viewer and decision.seat in access.seats
        args: dict[str, Any] = {}
        if yours:
            text = both(decision.text)
            args = plain_args(decision.text)
            options = [_option(o) for o in decision.options]
        else:
            text = waiting_text(live, decision.seat)
            options = []
        out_decision = {
            "seat": decision.seat,
            "kind": decision.kind,
            "text": text,
            "rules": list(decision.rules),
            "private": decision.private,
            "yours": yours,
            "args": args,
            "options": options,
        }
    head = {
        "type": "state",
        "game": game_info(live),
        "you": {"role": access.role, "seats": sorted(access.seats)},
        "viewer": viewer,
        # the hotseat table must pass the screen to this seat, which then asks for its view
        "handover": None if handover is None else {"seat": handover},
        "moves": live.moves,
        "rev": live.rev,
        "view": live.view(viewer),
        "decision": out_decision,
        "result": None
        if result is None
        else {"scores": list(result.scores), "summary": both(result.summary)},
        "log_total": len(live.entries),
        "can_undo": can_undo(live, access),
        "can_ask_undo": can_ask_undo(live, access),
        "takeback": takeback_of(live, access),
        "last_turn": _last_turn(live, viewer),
    }
    return head, viewer, over


def _last_turn(live: LiveGame, viewer: int | None) -> dict[str, Any] | None:
    """`last_turn_of`, made again only when what it reads changed: it sums up the log's
    events since the viewer's last answer, so the same Match, log length and last answer
    give the same summary (a pick that logs nothing changes nothing for the other seat);
    when only the log grew, the viewer's reading is fed the new events alone
    (summaries.read_last_turn)."""
    if viewer is None:
        return None
    match = live.match
    seats = match.seats_of_keys
    last = len(seats) - 1
    while last >= 0 and seats[last] != viewer:
        last -= 1
    key = (match, viewer, len(match.log), last)
    known = live.turns.get(viewer)
    if known is not None and known[0] == key:
        kept: dict[str, Any] | None = known[1][0]
        return kept
    out, reading = read_last_turn(live, viewer, None if known is None else known[1][1])
    live.turns[viewer] = (key, (out, reading))
    return out


# An option as the deciding seat's State lists it, by its key and its text's memo key:
# the same options come back move after move (a sector, a unit, "pass").
_OPTIONS: dict[tuple[str, Any], dict[str, Any]] = {}


def _option(option: Option) -> dict[str, Any]:
    """`{"key", "text", "args"}` of an option, made once per distinct key and text (its
    texts and arguments are made from the text's `msg_key` alone: the same key, the same
    texts) and shared by every State that lists it, never changed once made (the diff
    reads an unchanged object as an unchanged part, issue 14)."""
    text = option.text
    known = msg_key(text) if type(text) is Msg else None
    if known is None:  # arguments that are not plain values: made every time
        return {"key": option.key, "text": both(text), "args": plain_args(text)}
    key = (option.key, known)
    out = _OPTIONS.get(key)
    if out is None:
        if len(_OPTIONS) >= MEMO_SIZE:  # many games, many options: never grow for ever
            _OPTIONS.clear()
        out = _OPTIONS[key] = {"key": option.key, "text": both(text), "args": plain_args(text)}
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Msg):
        return both(value)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


def plain_args(msg: Msg) -> dict[str, Any]:
    """A message's raw arguments as JSON (ids, numbers), for the page to place a choice on
    the board; only ever sent with the decision of the seat that may see it."""
    return {str(k): _plain(v) for k, v in msg.args.items()}


def _last_human_answer_is_mine(live: LiveGame, access: Access) -> bool:
    match = live.match
    human = match.human_keys
    for i in range(len(human) - 1, -1, -1):
        if human[i]:
            return match.seats_of_keys[i] in access.seats
    return False


def can_undo(live: LiveGame, access: Access) -> bool:
    """Undo at once: the last human answer was given by a seat this token acts for, and no
    other person plays: the hotseat table, or a seat whose opponents are all AIs."""
    if not _last_human_answer_is_mine(live, access):
        return False
    return access.role == "admin" or live.human_seats() <= access.seats


def can_ask_undo(live: LiveGame, access: Access) -> bool:
    """Ask the other people to take back this seat's last answer (seating.ask_takeback)."""
    return (
        access.role == "seat"
        and live.takeback is None
        and live.match.decision() is not None
        and _last_human_answer_is_mine(live, access)
        and not live.human_seats() <= access.seats
    )
