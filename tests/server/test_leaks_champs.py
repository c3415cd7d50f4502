"""No message tells a reader where a hidden trap lies (Champs, `traps.visible=false`).

Random games are played through the API (moves by HTTP, every seat human) while one
WebSocket per seat and one for the spectator listen. Each message is checked against the
true state at that moment: a trap of the other side (for the spectator: any trap) that
has not sprung in sight of everyone is hidden from the reader, so

- the view lists none of those traps and counts them right;
- no text of the message that speaks of a trap names one of their cells (the log
  entries as they first reach the reader, the question, the options);
- the reader's own question is the same when those traps lie elsewhere (its options show
  nothing of them: a cell holding one is offered like any other).

The players' seats share what their side knows (their own traps). Once the game is over
everything may be shown.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from arbitre.engine.agents import RandomAgent
from arbitre.engine.registry import get
from arbitre.engine.rng import Rng
from arbitre.games.champs.state import ChampsState
from tests.server.conftest import HUMAN, new_game
from tests.server.test_leaks import texts_of

R = get("champs")
# (config, seed): seeds whose random games lay traps and walk into one
GAMES: list[tuple[dict[str, Any], int]] = [
    (
        {
            "traps.visible": False,
            "traps.placement": "adjacentCell",
            "traps.zeroConsumes": False,  # a trap that springs on a 1 stays, seen by all
            "players": 3,  # two players' seats share their side's traps
        },
        309,
    ),
    ({"traps.visible": False}, 301),
]
TRAP = re.compile(r"pi[eè]ge|trap", re.IGNORECASE)
CELL = re.compile(r"(?<![\d,])(\d+,\d+)(?![\d,])")

# check(state, reader, message, memo): raises AssertionError on a leak
Check = Callable[[Any, int | None, dict[str, Any], dict[str, Any]], None]


def play_watched(
    client: TestClient, ruleset: str, config: dict[str, Any], seed: int, check: Check
) -> Any:
    """Play one random game through the API, every seat human, and `check` every message
    each seat and the spectator receive; returns the final LiveGame."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    seats = len(get(ruleset).seats(config))
    game = new_game(client, ruleset, [HUMAN] * seats, seed=seed, config=config)
    live = hub.games[game["id"]]
    agent = RandomAgent(seed)
    url = f"/ws/games/{game['id']}"
    readers: list[int | None] = [*range(seats), None]
    tokens = [game["seats"][i]["token"] for i in range(seats)] + [game["spectator"]]
    sockets = [client.websocket_connect(f"{url}?token={t}") for t in tokens]
    opened = [ws.__enter__() for ws in sockets]
    memos: list[dict[str, Any]] = [{} for _ in readers]
    try:
        messages = [ws.receive_json() for ws in opened]
        while True:
            for reader, message, memo in zip(readers, messages, memos, strict=True):
                check(live.match.state, reader, message, memo)
            decision = live.match.decision()
            if decision is None:
                break
            key = agent.choose(None, None, decision)
            r = client.post(
                f"/api/games/{game['id']}/play",
                json={"token": tokens[decision.seat], "key": key, "expect": live.moves},
            )
            assert r.status_code == 200, r.text
            check(live.match.state, decision.seat, r.json(), memos[decision.seat])
            messages = [ws.receive_json() for ws in opened]
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    return live


def new_log(reader: int | None, message: dict[str, Any], memo: dict[str, Any]) -> list[Any]:
    """The log entries this reader has not been sent before (the log is a moving window);
    its own answers left out: a seat may read back what it chose."""
    log = message["log"]
    first = message["log_total"] - len(log)
    seen = memo.get("log", 0)
    memo["log"] = message["log_total"]
    return [
        e
        for i, e in enumerate(log)
        if first + i >= seen and not (e["kind"] == "choice" and e["seat"] == reader)
    ]


def assert_no_trap_leak(
    s: ChampsState, reader: int | None, message: dict[str, Any], memo: dict[str, Any]
) -> None:
    if message.get("decision") is None:
        return  # the game is over
    side = None if reader is None else s.side_of_seat(reader)
    known = s.known_traps(side)
    hidden = {c for c in s.traps if c not in known}
    labels = {s.bf.label(c) for c in hidden}
    view = message["view"]
    assert not {tuple(t["at"]) for t in view["traps"]} & {s.bf.xy(c) for c in hidden}
    assert view["hidden_traps"] == len(hidden), (reader, view["hidden_traps"], len(hidden))
    texts = texts_of(new_log(reader, message, memo)) + texts_of(message["decision"]["text"])
    for text in texts:
        if TRAP.search(text):
            assert not set(CELL.findall(text)) & labels, (reader, text, sorted(labels))
    decision = message["decision"]
    if decision["yours"] and hidden and reader is not None:
        twin = R.determinize(s, reader, Rng.from_seed(len(s.traps) * 7919 + s.turn_counter))
        theirs = R.decision(twin)
        assert theirs is not None
        assert [o["key"] for o in decision["options"]] == theirs.keys(), (reader, decision["kind"])


def test_no_message_shows_a_hidden_trap(client: TestClient) -> None:
    laid = sprung = 0
    for config, seed in GAMES:
        live = play_watched(client, "champs", config, seed, assert_no_trap_leak)
        laid += sum(1 for e in live.match.log if e.msg.key == "champs.ev.trap_laid_hidden")
        sprung += sum(1 for e in live.match.log if e.msg.key == "champs.ev.trap")
    assert laid >= 5 and sprung >= 1, (laid, sprung)  # the games did test something
