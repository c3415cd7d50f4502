"""The lobby: which games exist, creating one (config and seats checked), replays."""

from __future__ import annotations

import secrets
from typing import Any

from arbitre.engine.agents import agent_names
from arbitre.engine.config_values import BadConfig, check_config, read_config
from arbitre.engine.i18n import Msg
from arbitre.engine.match import Match
from arbitre.engine.record import GameRecord
from arbitre.engine.registry import get, names
from arbitre.engine.ruleset import ConfigError, ConfigOption, IllegalChoice, Ruleset
from arbitre.server import search
from arbitre.server.clock_state import settings_of as clock_settings
from arbitre.server.clock_state import store_settings as store_clock
from arbitre.server.errors import ApiError, both, refuse
from arbitre.server.inputs import bool_field, choice_field, int_field
from arbitre.server.live import Access, LiveGame, access_for, load_live, seat_label
from arbitre.server.payload import state_payload
from arbitre.server.store import GameSummary, SeatSpec, Store, StoredGame, new_token
from arbitre.server.turns import game_name, mine_fields, name_both, pace_of, started

# The search agent (`mcts`: "strong" in Heresy, "lookahead, experimental" in Epic) thinks
# up to ~2 s of CPU per decision: on the web it thinks in worker processes of its own,
# bounded per game, per creator and in all (server/search.py), and is offered only when the
# operator gave it processes (`arbitre serve --search-workers N`, N > 0). Never with
# parameters from a client.
NOT_ON_THE_WEB = frozenset({"mcts"})  # unless search.offered(ruleset)


def web_agents(ruleset: Ruleset[Any]) -> list[str]:
    """The AIs a web client may put on a seat."""
    hidden = NOT_ON_THE_WEB if not search.offered(ruleset.id) else frozenset()
    return [a for a in agent_names(ruleset) if a not in hidden]


MAX_SEED = 2**64 - 1
MODES = ("hotseat", "online")
MAX_MINE = 200  # games a browser may ask about at once


def ruleset_of(ruleset_id: Any) -> Ruleset[Any]:
    if not isinstance(ruleset_id, str) or ruleset_id not in names():
        raise refuse(
            422, "unknown_ruleset", "unknown_ruleset", ruleset=ruleset_id, known=", ".join(names())
        )
    return get(ruleset_id)


def _json_value(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def ruleset_list() -> list[dict[str, Any]]:
    out = []
    for name in names():
        ruleset = get(name)
        seats = ruleset.seats({})
        out.append(
            {
                "id": ruleset.id,
                "title": both(Msg(f"server.title.{ruleset.id}")),
                "seats": list(seats),
                "seat_labels": [both(seat_label(ruleset, s)) for s in seats],
                "options": [option_out(ruleset.id, o) for o in ruleset.options_schema()],
                "agents": web_agents(ruleset),
            }
        )
    return out


def option_out(ruleset_id: str, o: ConfigOption) -> dict[str, Any]:
    """One option as the lobby's form shows it: its label and help in both languages, its
    section (`group`: "" is in view, else a folded section of advanced options), its
    values named in words, its type and limits, and the installed values it may take."""
    return {
        "key": o.key,
        "label": both(o.label) if o.label is not None else None,
        "default": _json_value(o.default),
        "choices": None if o.choices is None else [_json_value(c) for c in o.choices],
        "rule": o.rule,
        "help": both(o.help),
        "group": o.group,
        "group_label": both(Msg(f"{ruleset_id}.optgroup.{o.group}")) if o.group else None,
        "value_labels": [{"value": _json_value(v), "label": both(m)} for v, m in o.value_labels],
        **o.limits(),
        "suggestions": suggestions(ruleset_id, o.key),
    }


def suggestions(ruleset_id: str, key: str) -> list[dict[str, Any]]:
    """The values a web client may choose for an option that is not a fixed choice: the
    scenarios of the content, the content packs and battlefields the operator installed
    (`arbitre serve --content-dir`), by name."""
    from arbitre.engine import library

    if (ruleset_id, key) == ("heresy", "scenario"):
        from arbitre.games.heresy.content import default_content

        return [
            {"value": sc.id, "label": {"fr": sc.name("fr"), "en": sc.name("en")}}
            for sc in default_content().scenarios
        ]
    if ruleset_id == "epic" and key in ("army.0", "army.1"):
        from arbitre.games.epic.forces import army_suggestions

        return army_suggestions()  # issue 16: ready-made armies by level, saved armies
    kind = {
        ("champs", "battlefield"): library.CHAMPS_BATTLEFIELD,
        ("heresy", "content"): library.HERESY_CONTENT,
        ("epic", "table"): library.EPIC_TABLE,  # issue 16: the tables of the library
    }.get((ruleset_id, key))
    if kind is None:
        return []
    return [
        {
            "value": name,
            "label": {lang: library.label_of(kind, name, lang) for lang in ("fr", "en")},
        }
        for name in library.names(kind)
    ]


def config_of(ruleset: Ruleset[Any], raw: Any) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The typed config and its seats; a bad key or value is a 422 naming it. Content
    packs and battlefields are names among those the operator installed, never paths."""
    try:
        config = read_config(ruleset, raw if raw is not None else {}, names_only=True)
        return config, check_config(ruleset, config)
    except BadConfig as exc:
        raise ConfigRefusal(exc.msg) from None


class ConfigRefusal(ApiError):
    """A 422 for a config value, naming its field (`error.field`, and `error.text.field`
    for clients that keep only the text): the lobby shows it next to that field."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(422, "bad_config", msg)
        key = msg.args.get("key")
        self.field = key if isinstance(key, str) else None

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.field is not None:
            out["error"]["field"] = self.field
            out["error"]["text"]["field"] = self.field
        return out

    def __reduce__(self) -> tuple[Any, ...]:
        return (ConfigRefusal, (Msg(self.msg.key, dict(self.msg.args), self.msg.rule),))


def seats_of(ruleset_id: str, raw: Any) -> dict[str, Any]:
    """The seats of a config, once the config is known to start a game."""
    ruleset = ruleset_of(ruleset_id)
    config, seats = config_of(ruleset, raw)
    try:
        ruleset.new(config, 0)
    except (ConfigError, ValueError) as exc:
        raise ConfigRefusal(_refusal(exc)) from None
    labels = [both(seat_label(ruleset, s, config)) for s in seats]
    return {"seats": list(seats), "seat_labels": labels}


def agent_of(ruleset: Ruleset[Any], seat: int, raw: Any) -> str:
    """The AI named for `seat` (None: random); an unknown one is a 422 listing the known."""
    known = web_agents(ruleset)
    agent = "random" if raw is None or raw == "" else raw
    if not isinstance(agent, str) or agent not in known:
        shown = str(agent)[:40]
        raise refuse(
            422, "unknown_agent", "unknown_agent", seat=seat, agent=shown, known=", ".join(known)
        )
    return agent


def _seat_specs(ruleset: Ruleset[Any], raw: Any, count: int) -> list[tuple[str, str | None]]:
    if raw is None:
        return [("human", None)] * count
    if not isinstance(raw, list) or len(raw) != count:
        got = len(raw) if isinstance(raw, list) else 0
        raise refuse(422, "seat_count", "seat_count", expected=count, got=got)
    specs: list[tuple[str, str | None]] = []
    for i, seat in enumerate(raw):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        if kind == "human":
            specs.append(("human", None))
        elif kind == "ai":
            specs.append(("ai", agent_of(ruleset, i, seat.get("agent"))))
        else:
            raise refuse(422, "bad_field", "bad_field", field=f"seats[{i}].kind", why="human | ai")
    return specs


def create_game(store: Store, data: dict[str, Any], client: str | None = None) -> LiveGame:
    """Check everything, then store the game and start it; nothing is stored when a field
    is bad. Runs in a worker thread: starting a game is real work (decks, setup).
    `client`: the creator's address, which may hold few games with a search AI seat
    (server/search.py)."""
    ruleset = ruleset_of(data.get("ruleset"))
    mode = choice_field(data, "mode", MODES)
    config, seats = config_of(ruleset, data.get("config"))
    # 64 bits of OS entropy: a seed is the whole hidden deck order, it must not be guessable.
    seed = int_field(data.get("seed"), "seed", 0, MAX_SEED)
    if seed is None:
        seed = secrets.randbits(64)
    specs = _seat_specs(ruleset, data.get("seats"), len(seats))
    humans = [i for i, (kind, _a) in enumerate(specs) if kind == "human"]
    listed = bool_field(data, "listed", False)
    creator = int_field(data.get("creator_seat"), "creator_seat", 0, len(specs) - 1)
    if mode == "online":
        if creator is None and humans and "creator_seat" not in data:
            creator = humans[0]
        if creator is not None and creator not in humans:
            raise refuse(422, "bad_field", "bad_field", field="creator_seat", why="a human seat")
    elif listed or data.get("creator_seat") is not None:
        field = "listed" if listed else "creator_seat"
        raise refuse(422, "bad_field", "bad_field", field=field, why="online games only")
    clock = clock_settings(data, mode)  # `clock`, `timeout` (server/clock_state.py)
    pace = pace_of(data, mode)  # `pace`: live | turn (server/turns.py)
    try:
        ruleset.new(config, seed)
    except (ConfigError, ValueError) as exc:
        raise ConfigRefusal(_refusal(exc)) from None
    seat_specs = [
        _new_seat(kind, agent, mode, i == creator) for i, (kind, agent) in enumerate(specs)
    ]
    held = search.reserve(store, client, ruleset.id, [agent for _kind, agent in specs])
    try:
        stored = store.create(ruleset.id, ruleset.version, config, seed, seat_specs, mode, listed)
    except BaseException:
        search.release(held)
        raise
    search.keep(held, stored.id)
    live = load_live(stored)
    store_clock(store, live, clock)
    started(store, live, pace)  # whose turn since when (server/turns.py)
    return live


def _refusal(exc: ValueError) -> Msg:
    """The game's own bilingual refusal when it has one."""
    msg = getattr(exc, "msg", None)
    return msg if isinstance(msg, Msg) else Msg("config.refused", {"error": str(exc)})


def _new_seat(kind: str, agent: str | None, mode: str, creator: bool) -> SeatSpec:
    """An AI seat has no token; an online human seat other than the creator's waits for
    whoever claims it with its invite code."""
    if kind == "ai":
        return SeatSpec("ai", agent, "")
    if mode == "online" and not creator:
        return SeatSpec("human", None, "", new_token())
    return SeatSpec("human", None, new_token())


def created_answer(stored: StoredGame) -> dict[str, Any]:
    """What the creator receives: hotseat, every link; online, the host link, their own
    seat and one invite code per other human seat (never another person's token)."""
    out: dict[str, Any] = {
        "id": stored.id,
        "mode": stored.mode,
        "spectator": stored.spectator_token,
    }
    if stored.mode == "hotseat":
        out["admin"] = stored.admin_token
        out["seats"] = [{"seat": i, "token": s.token or None} for i, s in enumerate(stored.seats)]
        return out
    out["host"] = stored.admin_token
    mine = [i for i, s in enumerate(stored.seats) if s.kind == "human" and s.token]
    out["seat"] = {"seat": mine[0], "token": stored.seats[mine[0]].token} if mine else None
    out["invites"] = invites_of(stored)
    return out


def invites_of(stored: StoredGame) -> list[dict[str, Any]]:
    return [
        {"seat": i, "code": s.invite}
        for i, s in enumerate(stored.seats)
        if s.kind == "human" and s.invite
    ]


def _seats_out(ruleset: Ruleset[Any], game: GameSummary) -> list[dict[str, Any]]:
    names_ = ruleset.seats(game.config)
    return [
        {
            "seat": i,
            "label": both(seat_label(ruleset, n, game.config)),
            "kind": s.kind,
            "agent": s.agent,
            "open": s.open,
        }
        for i, (n, s) in enumerate(zip(names_, game.seats, strict=False))
    ]


def _summary_out(game: GameSummary) -> dict[str, Any] | None:
    try:
        ruleset = get(game.ruleset)
        seats = _seats_out(ruleset, game)
    except (KeyError, ConfigError, ValueError):
        return None
    return {
        "id": game.id,
        "ruleset": game.ruleset,
        "title": both(Msg(f"server.title.{game.ruleset}")),
        "mode": game.mode,
        "created": game.created,
        "updated": game.updated,
        "moves": game.moves,
        "over": game.over,
        "seats": seats,
    }


def game_list(store: Store) -> list[dict[str, Any]]:
    """The open games their creators listed (online, not over): strangers may join them."""
    out = []
    for game in store.listed():
        item = _summary_out(game)
        if item is not None and any(s["open"] for s in item["seats"]):
            out.append(item)
    return out


def my_games(store: Store, raw: Any) -> list[dict[str, Any]]:
    """The games whose tokens this browser holds (`[{"id", "token"}]`), with its role in
    each; a pair whose token opens nothing is left out, as if the game did not exist."""
    if not isinstance(raw, list) or len(raw) > MAX_MINE:
        raise refuse(422, "bad_field", "bad_field", field="games", why=f"list of ≤ {MAX_MINE}")
    wanted: dict[str, str] = {}
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise refuse(422, "bad_field", "bad_field", field=f"games[{i}]", why="object")
        game_id, token = item.get("id"), item.get("token")
        if not isinstance(game_id, str) or not isinstance(token, str) or len(game_id) > 32:
            raise refuse(422, "bad_field", "bad_field", field=f"games[{i}]", why="id, token")
        wanted.setdefault(game_id, token)
    out = []
    for game in store.summaries_of(list(wanted)):
        access = access_for(game, wanted[game.id]) if _plain_token(wanted[game.id]) else None
        item = _summary_out(game) if access is not None else None
        if item is not None and access is not None:
            item["role"] = access.role
            mine = item["seats"][access.seat]["label"] if access.seat is not None else None
            item["you"] = {"seat": access.seat, "label": mine}
            item["name"] = name_both(game_name(game.ruleset, game.config))
            out.append(item)
    return mine_fields(store, out)  # my turn first, then waiting, then over (turns.py)


def _plain_token(token: str) -> bool:
    from arbitre.server.inputs import TOKEN

    return TOKEN.fullmatch(token) is not None


def replay_job(raw: bytes) -> dict[str, Any]:
    """`POST /api/replay` from its raw body, in a worker process: parse, check, replay."""
    from arbitre.engine.record import RecordError
    from arbitre.server.inputs import parse_object

    data = parse_object(raw)
    try:
        rec = GameRecord.from_json(data.get("record"))
    except RecordError as exc:
        raise refuse(422, "bad_record", "bad_record", why=str(exc)) from None
    upto = int_field(data.get("upto"), "upto")
    return replay_state(rec, upto, int_field(data.get("seat"), "seat"))


def replay_state(record: GameRecord, upto: int | None, seat: int | None) -> dict[str, Any]:
    """The State of a saved game after `upto` of its moves, through `seat`'s eyes. Heavy
    (a whole game replayed): the server runs it in a worker process (server/work.py)."""
    ruleset = ruleset_of(record.ruleset)
    config, seats = config_of(ruleset, record.config)
    total = len(record.keys)
    upto = total if upto is None else max(0, min(upto, total))
    if seat is not None and not 0 <= seat < len(seats):
        raise refuse(422, "bad_field", "bad_field", field="seat", why=f"0..{len(seats) - 1}")
    stored = StoredGame(
        "replay",
        ruleset.id,
        ruleset.version,
        config,
        record.seed,
        tuple(SeatSpec("human", None, "") for _ in seats),
        "",
        "",
        0.0,
        0.0,
        (),
        (),
        False,
    )
    live = LiveGame(stored, ruleset, Match(ruleset, config, record.seed))
    try:
        live.rebuild(record.keys[:upto], [True] * upto)
    except (IllegalChoice, AssertionError) as exc:
        why = str(exc) if not isinstance(exc, IllegalChoice) else exc.msg.key
        raise refuse(422, "bad_record", "bad_record", why=why) from None
    from arbitre.server.boards import board_of

    payload = state_payload(live, Access("replay", frozenset(), seat))
    payload["total"] = total
    payload["board"] = board_of(ruleset.id, ruleset, live.match.state)
    return payload
