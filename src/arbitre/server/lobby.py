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
from arbitre.engine.ruleset import ConfigError, IllegalChoice, Ruleset
from arbitre.server.errors import ApiError, both, refuse
from arbitre.server.live import Access, LiveGame, seat_label
from arbitre.server.payload import state_payload
from arbitre.server.store import SeatSpec, Store, StoredGame

MAX_SEED = 2**63 - 1


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
                "options": [
                    {
                        "key": o.key,
                        "default": _json_value(o.default),
                        "choices": None
                        if o.choices is None
                        else [_json_value(c) for c in o.choices],
                        "rule": o.rule,
                        "help": both(o.help),
                        "suggestions": suggestions(ruleset.id, o.key),
                    }
                    for o in ruleset.options_schema()
                ],
                "agents": agent_names(ruleset),
            }
        )
    return out


def suggestions(ruleset_id: str, key: str) -> list[dict[str, Any]]:
    """Known values of a free option (a content pack or a file may name others): the
    scenarios of the Heresy box, the built-in Champs battlefields."""
    if (ruleset_id, key) == ("heresy", "scenario"):
        from arbitre.games.heresy.content import default_content

        return [
            {"value": sc.id, "label": {"fr": sc.name("fr"), "en": sc.name("en")}}
            for sc in default_content().scenarios
        ]
    if (ruleset_id, key) == ("champs", "battlefield"):
        from arbitre.games.champs.board import builtin_battlefields, load_battlefield

        out = []
        for name in builtin_battlefields():
            field = load_battlefield(name)
            out.append({"value": name, "label": {"fr": field.name_fr, "en": field.name_en}})
        return out
    return []


def config_of(ruleset: Ruleset[Any], raw: Any) -> tuple[dict[str, Any], tuple[str, ...]]:
    """The typed config and its seats; a bad key or value is a 422 naming it."""
    try:
        config = read_config(ruleset, raw if raw is not None else {})
        return config, check_config(ruleset, config)
    except BadConfig as exc:
        raise ApiError(422, "bad_config", exc.msg) from None


def seats_of(ruleset_id: str, raw: Any) -> dict[str, Any]:
    ruleset = ruleset_of(ruleset_id)
    _config, seats = config_of(ruleset, raw)
    return {"seats": list(seats), "seat_labels": [both(seat_label(ruleset, s)) for s in seats]}


def _seat_specs(ruleset: Ruleset[Any], raw: Any, count: int) -> list[tuple[str, str | None]]:
    if raw is None:
        return [("human", None)] * count
    if not isinstance(raw, list) or len(raw) != count:
        got = len(raw) if isinstance(raw, list) else 0
        raise refuse(422, "seat_count", "seat_count", expected=count, got=got)
    known = agent_names(ruleset)
    specs: list[tuple[str, str | None]] = []
    for i, seat in enumerate(raw):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        if kind == "human":
            specs.append(("human", None))
        elif kind == "ai":
            agent = seat.get("agent") or "random"
            if agent not in known:
                raise refuse(
                    422,
                    "unknown_agent",
                    "unknown_agent",
                    seat=i,
                    agent=agent,
                    known=", ".join(known),
                )
            specs.append(("ai", agent))
        else:
            raise refuse(422, "bad_field", "bad_field", field=f"seats[{i}].kind", why="human | ai")
    return specs


def create_game(store: Store, data: dict[str, Any]) -> StoredGame:
    """Check everything, then store the game; nothing is stored when a field is bad."""
    ruleset = ruleset_of(data.get("ruleset"))
    config, seats = config_of(ruleset, data.get("config"))
    seed = data.get("seed")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise refuse(422, "bad_field", "bad_field", field="seed", why=f"integer 0..{MAX_SEED}")
    specs = _seat_specs(ruleset, data.get("seats"), len(seats))
    try:
        ruleset.new(config, seed)
    except (ConfigError, ValueError) as exc:
        raise ApiError(422, "bad_config", Msg("config.refused", {"error": str(exc)})) from None
    return store.create(ruleset.id, ruleset.version, config, seed, specs)


def game_list(store: Store) -> list[dict[str, Any]]:
    out = []
    for game in store.summaries():
        try:
            ruleset = get(game.ruleset)
            names_ = ruleset.seats(game.config)
        except (KeyError, ConfigError, ValueError):
            continue
        out.append(
            {
                "id": game.id,
                "ruleset": game.ruleset,
                "title": both(Msg(f"server.title.{game.ruleset}")),
                "created": game.created,
                "updated": game.updated,
                "moves": game.moves,
                "over": game.over,
                "seats": [
                    {"label": both(seat_label(ruleset, n)), "kind": s.kind, "agent": s.agent}
                    for n, s in zip(names_, game.seats, strict=False)
                ],
            }
        )
    return out


def replay_state(record: GameRecord, upto: int | None, seat: int | None) -> dict[str, Any]:
    """The State of a saved game after `upto` of its moves, through `seat`'s eyes."""
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
