"""Clocks (issue 17; docs/web.md, Clocks): chosen at creation, counted from stored facts,
acted on when a seat runs out of time (ai, skip, claim), shown in a `clock` frame.

Time is the clocks' fake time source (clock_state.set_now): no test sleeps for minutes.
Heresy seed 3: the Traitor (seat 1) answers first.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update
from sqlalchemy.orm import Session

from arbitre.server import clocks
from arbitre.server.app import create_app
from arbitre.server.clock_store import ClockRow
from tests.server.conftest import HUMAN, new_game, state
from tests.server.social_util import post, two_people, until

LIVE = {"kind": "live", "base": 10, "increment": 60}  # 10 min + 60 s a move
IMPERIUM, TRAITOR = 0, 1


class FakeTime:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeTime]:
    clock = FakeTime()
    clocks.set_now(clock)
    monkeypatch.setattr(clocks, "TICK", 0.02)
    yield clock
    clocks.set_now(None)


def wait_for(check: Callable[[], Any], seconds: float = 20.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        out = check()
        if out:
            return out
        time.sleep(0.02)
    raise AssertionError("timed out")


def clock(client: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game['id']}/clock", params={"token": token})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def left(frame: dict[str, Any], seat: int) -> float:
    return float(next(s["remaining"] for s in frame["seats"] if s["seat"] == seat))


def clocked(client: TestClient, timeout: str = "ai", **body: Any) -> dict[str, Any]:
    """A Heresy game with two people and a live clock, its clocks started."""
    game = two_people(client, clock=body.pop("clock", LIVE), timeout=timeout, **body)
    wait_for(lambda: clock(client, game, game["tokens"][0])["started"])
    return game


def play_first(client: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    st = state(client, game, token)
    key = st["decision"]["options"][0]["key"]
    r = post(client, game, "play", token=token, key=key)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def play_turn(client: TestClient, game: dict[str, Any], seat: int) -> dict[str, Any]:
    """The seat answers until the game asks another seat."""
    token = game["tokens"][seat]
    st = state(client, game, token)
    while st["decision"] is not None and st["decision"]["seat"] == seat:
        st = play_first(client, game, token)
    return st


def log_texts(st: dict[str, Any], lang: str = "fr") -> list[str]:
    return [e["text"][lang] for e in st["log"]]


def whole_log(client: TestClient, game: dict[str, Any], lang: str = "fr") -> list[str]:
    """Every line of the game's log (a State carries only its last lines)."""
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    return [str(e.text[lang]) for e in live.entries]


# --- creation -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"clock": "fast"}, "clock"),
        ({"clock": {"kind": "blitz"}}, "clock.kind"),
        ({"clock": {"kind": "live"}}, "clock.base"),
        ({"clock": {"kind": "live", "base": 0}}, "clock.base"),
        ({"clock": {"kind": "live", "base": 181}}, "clock.base"),
        ({"clock": {"kind": "live", "base": "10"}}, "clock.base"),
        ({"clock": {"kind": "live", "base": 10, "increment": 601}}, "clock.increment"),
        ({"clock": {"kind": "live", "base": 10, "increment": -1}}, "clock.increment"),
        ({"clock": {"kind": "live", "base": 10, "increment": 1.5}}, "clock.increment"),
        ({"clock": {"kind": "turn", "base": 31}}, "clock.base"),
        ({"clock": {"kind": "turn", "base": 3, "increment": 241}}, "clock.increment"),
        ({"clock": {"kind": "live", "base": 10, "extra": 1}}, "clock.extra"),
        ({"clock": LIVE, "timeout": "forfeit"}, "timeout"),
        ({"clock": LIVE, "timeout": True}, "timeout"),
    ],
)
def test_a_bad_clock_is_refused_naming_its_field(
    client: TestClient, body: dict[str, Any], field: str
) -> None:
    r = client.post(
        "/api/games", json={"ruleset": "heresy", "mode": "online", "seats": [HUMAN, HUMAN], **body}
    )
    assert r.status_code == 422, r.text
    assert f"'{field}'" in r.json()["error"]["text"]["en"]


def test_the_hotseat_table_has_no_clock(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={"ruleset": "heresy", "mode": "hotseat", "seats": [HUMAN, HUMAN], "clock": LIVE},
    )
    assert r.status_code == 422 and "'clock'" in r.json()["error"]["text"]["en"]
    # "none" is no clock: accepted everywhere, and such a game has no clock to read
    game = new_game(client, "heresy", [HUMAN, HUMAN], clock={"kind": "none"})
    r = client.get(f"/api/games/{game['id']}/clock", params={"token": game["admin"]})
    assert r.status_code == 404


def test_turn_clock_units_are_days_and_hours(client: TestClient, fake: FakeTime) -> None:
    game = clocked(client, clock={"kind": "turn", "base": 3, "increment": 24}, timeout="claim")
    frame = clock(client, game, game["spectator"])
    assert (frame["kind"], frame["base"], frame["increment"]) == ("turn", 3 * 86400, 86400)
    assert frame["timeout"] == "claim"


def test_a_rematch_keeps_the_clock_with_fresh_time_and_the_pace(
    client: TestClient, fake: FakeTime
) -> None:
    turn = {"kind": "turn", "base": 3, "increment": 24}
    game = clocked(client, clock=turn, timeout="skip", pace="turn")
    fake.advance(5000)
    play_turn(client, game, TRAITOR)  # time used and an increment earned: not fresh
    old = wait_for(lambda: (f := clock(client, game, game["spectator"]))["running"] == 0 and f)
    assert left(old, TRAITOR) != 3 * 86400
    a, b = game["tokens"]
    assert post(client, game, "resign", token=a).status_code == 200
    assert post(client, game, "rematch", token=a, swap=True).status_code == 200
    nxt = post(client, game, "rematch/answer", token=b, accept=True).json()["next"]
    new = {"id": nxt["id"]}
    frame = wait_for(lambda: (f := clock(client, new, nxt["token"]))["started"] and f)
    assert (
        (frame["kind"], frame["base"], frame["increment"], frame["timeout"])
        == (
            old["kind"],
            old["base"],
            old["increment"],
            old["timeout"],
        )
        == ("turn", 3 * 86400, 86400, "skip")
    )
    assert {s["seat"]: s["remaining"] for s in frame["seats"]} == {0: 3 * 86400, 1: 3 * 86400}
    assert frame["running"] is not None and not frame["over"] and frame["flagged"] is None
    r = client.get(f"/api/games/{nxt['id']}/turn", params={"token": nxt["token"]})
    assert r.status_code == 200 and r.json()["pace"] == "turn"


def test_a_rematch_of_a_game_without_clock_has_none(client: TestClient) -> None:
    game = two_people(client)
    a, b = game["tokens"]
    post(client, game, "resign", token=a)
    post(client, game, "rematch", token=a)
    nxt = post(client, game, "rematch/answer", token=b, accept=True).json()["next"]
    r = client.get(f"/api/games/{nxt['id']}/clock", params={"token": nxt["token"]})
    assert r.status_code == 404


# --- counting -----------------------------------------------------------------------------


def test_time_runs_only_for_the_seat_asked_and_the_move_earns_the_increment(
    client: TestClient, fake: FakeTime
) -> None:
    game = clocked(client)
    fake.advance(100)
    frame = clock(client, game, game["tokens"][IMPERIUM])
    assert frame["running"] == TRAITOR
    assert left(frame, TRAITOR) == 500.0 and left(frame, IMPERIUM) == 600.0
    st = play_turn(client, game, TRAITOR)  # several answers in a row: one move
    assert st["decision"]["seat"] == IMPERIUM
    frame = wait_for(lambda: (f := clock(client, game, game["spectator"]))["running"] == 0 and f)
    assert left(frame, TRAITOR) == 560.0  # 600 - 100 + the increment once
    fake.advance(30)
    frame = clock(client, game, game["spectator"])
    assert left(frame, IMPERIUM) == 570.0 and left(frame, TRAITOR) == 560.0


def test_the_clock_frame_comes_on_the_socket_and_tells_nothing_of_the_game(
    client: TestClient, fake: FakeTime
) -> None:
    game = clocked(client)
    url = f"/ws/games/{game['id']}?token={game['tokens'][IMPERIUM]}"
    with client.websocket_connect(url) as ws:
        frame = until(ws, "clock")
        assert set(frame) == {
            "type",
            "kind",
            "base",
            "increment",
            "timeout",
            "started",
            "running",
            "flagged",
            "notice",
            "over",
            "now",
            "seats",
        }
        assert all(set(s) == {"seat", "remaining", "ai", "out"} for s in frame["seats"])
        assert frame["now"] == fake.t
        # the same frame for every reader: a spectator's equals a seat's
        assert clock(client, game, game["spectator"])["seats"] == frame["seats"]
        play_turn(client, game, TRAITOR)
        for _ in range(20):  # a frame after each answer; the last one runs the Imperium's
            changed = until(ws, "clock", 40)
            if changed["running"] == IMPERIUM:
                break
        assert changed["running"] == IMPERIUM and left(changed, TRAITOR) == 660.0
    text = json.dumps(frame)
    assert "options" not in text and "view" not in text and "log" not in text


def test_a_restart_counts_the_same_times_even_when_the_clock_row_lags(
    client: TestClient, fake: FakeTime, db_url: str
) -> None:
    game = clocked(client)
    fake.advance(100)
    with Session(client.app.state.store.engine) as session:  # type: ignore[attr-defined]
        before = session.get(ClockRow, game["id"])
        assert before is not None
        lagging = before.data
    play_turn(client, game, TRAITOR)
    fake.advance(40)
    wait_for(lambda: clock(client, game, game["spectator"])["running"] == IMPERIUM)
    expected = clock(client, game, game["spectator"])["seats"]
    # as if the process died after storing the answers but before writing the clock
    with Session(client.app.state.store.engine) as session, session.begin():  # type: ignore[attr-defined]
        session.execute(update(ClockRow).where(ClockRow.game_id == game["id"]).values(data=lagging))
    with TestClient(create_app(db_url, rate=None)) as again:
        frame = clock(again, game, game["spectator"])
        assert frame["seats"] == expected
        assert left(frame, TRAITOR) == 560.0 and left(frame, IMPERIUM) == 560.0


def test_an_ai_seat_has_no_clock(client: TestClient, fake: FakeTime) -> None:
    game = new_game(
        client,
        "heresy",
        [HUMAN, {"kind": "ai", "agent": "random"}],
        mode="online",
        seed=3,
        clock=LIVE,
    )
    token = game["seat"]["token"]
    wait_for(lambda: state(client, game, token)["decision"]["seat"] == IMPERIUM)
    frame = wait_for(lambda: (f := clock(client, game, token))["running"] == IMPERIUM and f)
    assert [s["seat"] for s in frame["seats"]] == [IMPERIUM]
    assert left(frame, IMPERIUM) == 600.0  # the AI's answers cost the person nothing


# --- timeouts -----------------------------------------------------------------------------


def test_out_of_time_the_ai_takes_the_seat_and_the_person_takes_it_back(
    client: TestClient, fake: FakeTime
) -> None:
    game = clocked(client, timeout="ai")
    traitor = game["tokens"][TRAITOR]
    fake.advance(601)
    st = wait_for(lambda: (s := state(client, game, traitor))["moves"] > 0 and s)
    assert st["moves"] > 0
    assert "Le Traître n'a plus de temps : l'IA prend sa place" in whole_log(client, game)
    assert "The Traitor is out of time: the AI takes their seat" in whole_log(client, game, "en")
    social = client.get(f"/api/games/{game['id']}/social", params={"token": traitor}).json()
    assert social["handed"] == {"1": "ai"}
    frame = clock(client, game, traitor)
    assert frame["seats"][TRAITOR]["ai"] is True
    # at most once: more time passing does not act again
    fake.advance(10)
    time.sleep(0.2)
    assert whole_log(client, game).count("Le Traître n'a plus de temps : l'IA prend sa place") == 1
    assert post(client, game, "takeover", token=traitor).status_code == 200
    frame = wait_for(lambda: (f := clock(client, game, traitor)) and left(f, TRAITOR) == 60 and f)
    assert frame["seats"][TRAITOR]["ai"] is False  # the person's again, the increment only


def test_out_of_time_skip_lets_the_ai_answer_once_and_the_seat_stays_the_persons(
    client: TestClient, fake: FakeTime
) -> None:
    game = clocked(client, timeout="skip")
    traitor = game["tokens"][TRAITOR]
    fake.advance(601)
    st = wait_for(lambda: (s := state(client, game, traitor))["decision"]["seat"] == IMPERIUM and s)
    assert st["moves"] > 0
    assert "Le Traître n'a plus de temps : l'IA répond à sa place cette fois" in whole_log(
        client, game
    )
    social = client.get(f"/api/games/{game['id']}/social", params={"token": traitor}).json()
    assert social["handed"] == {}
    frame = wait_for(lambda: (f := clock(client, game, traitor))["running"] == IMPERIUM and f)
    assert left(frame, TRAITOR) == 60.0 and frame["seats"][TRAITOR]["ai"] is False
    # the person plays on: their next turn is theirs
    play_turn(client, game, IMPERIUM)
    st = state(client, game, traitor)
    assert st["decision"]["seat"] == TRAITOR and st["decision"]["options"]


def test_out_of_time_claim_ends_the_game_as_a_win_on_time(
    client: TestClient, fake: FakeTime, db_url: str
) -> None:
    game = clocked(client, timeout="claim")
    imperium, traitor = game["tokens"]
    assert post(client, game, "clock/claim", token=imperium).status_code == 409  # not yet
    fake.advance(601)
    frame = wait_for(lambda: (f := clock(client, game, imperium))["flagged"] == TRAITOR and f)
    assert frame["seats"][TRAITOR]["out"] is True and frame["running"] is None
    assert frame["notice"] == {
        "fr": "Le Traître n'a plus de temps : la partie peut être réclamée.",
        "en": "The Traitor is out of time: the game may be claimed.",
    }
    st = state(client, game, imperium)
    assert "Le Traître n'a plus de temps : les autres joueurs peuvent réclamer la partie" in (
        log_texts(st)
    )
    for token, status in ((traitor, 403), (game["spectator"], 403), (game["host"], 403)):
        assert post(client, game, "clock/claim", token=token).status_code == status
    r = post(client, game, "clock/claim", token=imperium)
    assert r.status_code == 200 and r.json() == {"ended": True, "late": TRAITOR}
    st = state(client, game, traitor)
    assert st["decision"] is None and st["result"]["scores"] == [1.0, 0.0]
    assert st["result"]["summary"]["fr"] == "Le Traître a perdu au temps : victoire de l'Imperium"
    assert st["result"]["summary"]["en"] == "The Traitor lost on time: the Imperium wins"
    assert "Partie réclamée : le Traître a perdu au temps" in log_texts(st)
    assert "Game claimed: the Traitor lost on time" in log_texts(st, "en")
    rec = client.get(f"/api/games/{game['id']}/record", params={"token": imperium}).json()
    assert rec["end"]["kind"] == "time" and rec["end"]["names"] == ["traitor"]
    assert post(client, game, "clock/claim", token=imperium).status_code == 409
    with TestClient(create_app(db_url, rate=None)) as again:  # kept, like a resignation
        st2 = state(again, game, imperium)
        assert st2["result"]["scores"] == [1.0, 0.0] and st2["decision"] is None


def test_the_sweeper_finds_an_expired_game_nobody_has_open(
    db_url: str, fake: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(db_url, rate=None)) as first:
        game = clocked(first, timeout="skip")
    fake.advance(601)
    monkeypatch.setattr(clocks, "SWEEP", 0.05)
    with TestClient(create_app(db_url, rate=None)) as again:
        hub = again.app.state.hub  # type: ignore[attr-defined]
        wait_for(lambda: game["id"] in hub.games)  # loaded by the sweeper, not by a request
        st = wait_for(lambda: (s := state(again, game, game["spectator"]))["moves"] > 0 and s)
        assert st["moves"] > 0
        assert "The Traitor is out of time: the AI answers for them this time" in whole_log(
            again, game, "en"
        )


def test_store_keeps_when_each_answer_was_made(client: TestClient, fake: FakeTime) -> None:
    game = clocked(client)
    fake.advance(12)
    play_first(client, game, game["tokens"][TRAITOR])
    from arbitre.server.clock_store import move_times

    times = move_times(client.app.state.store, game["id"], 0)  # type: ignore[attr-defined]
    assert times[0].at == fake.t and times[0].seat == TRAITOR and times[0].human


def test_an_old_database_gains_the_moves_at_column(tmp_path: Path) -> None:
    import sqlite3

    from arbitre.server.store import Store

    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.execute(
        "CREATE TABLE moves (game_id VARCHAR(32), idx INTEGER, key VARCHAR(256),"
        " seat INTEGER, human BOOLEAN, PRIMARY KEY (game_id, idx))"
    )
    con.commit()
    con.close()
    store = Store(f"sqlite:///{path}")
    store.close()
    con = sqlite3.connect(path)
    cols = [r[1] for r in con.execute("PRAGMA table_info(moves)")]
    con.close()
    assert "at" in cols


def test_clocks_on_postgresql(fake: FakeTime) -> None:
    """PostgreSQL (MP's setup): an old `moves` table gains `at`; a clock counts and runs out
    the same way, and another app on the database recomputes the same times."""
    from sqlalchemy import create_engine, text

    from tests.pg import new_database

    url = new_database()
    engine = create_engine(url)
    with engine.begin() as conn:  # a database made before `moves.at`
        conn.execute(
            text(
                "CREATE TABLE moves (game_id VARCHAR(32), idx INTEGER, key VARCHAR(256),"
                " seat INTEGER, human BOOLEAN, PRIMARY KEY (game_id, idx))"
            )
        )
    engine.dispose()
    with TestClient(create_app(url, rate=None)) as first:
        game = clocked(first, timeout="skip")
        fake.advance(100)
        play_turn(first, game, TRAITOR)
        fake.advance(20)
        wait_for(lambda: clock(first, game, game["spectator"])["running"] == IMPERIUM)
        expected = clock(first, game, game["spectator"])["seats"]
    with TestClient(create_app(url, rate=None)) as again:
        assert clock(again, game, game["spectator"])["seats"] == expected
        fake.advance(600)
        wait_for(lambda: state(again, game, game["spectator"])["decision"]["seat"] == TRAITOR)
        assert "L'Imperium n'a plus de temps : l'IA répond à sa place cette fois" in whole_log(
            again, game
        )


def test_champs_runs_the_clock_of_the_seat_asked(client: TestClient, fake: FakeTime) -> None:
    """Several player seats: only the seat the game waits on loses time."""
    game = clocked(client, config={"players": 2}, seats=[HUMAN, HUMAN, HUMAN], ruleset="champs")
    seen: set[int] = set()
    for _ in range(6):
        st = state(client, game, game["spectator"])
        asked = st["decision"]["seat"]
        seen.add(asked)

        def running_is(a: int = asked) -> Any:
            f = clock(client, game, game["spectator"])
            return f["running"] == a and f

        frame = wait_for(running_is)
        before = {s["seat"]: s["remaining"] for s in frame["seats"]}
        fake.advance(10)
        after = {s["seat"]: s["remaining"] for s in clock(client, game, game["spectator"])["seats"]}
        assert {s: before[s] - after[s] for s in before} == {
            s: (10.0 if s == asked else 0.0) for s in before
        }
        play_first(client, game, game["tokens"][asked])
    assert len(seen) >= 2


def test_a_page_opening_before_the_timer_caught_up_gets_the_clock_as_it_will_run(
    client: TestClient, fake: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first frame on a socket is the clock as the game's timer is about to make it:
    a page opened right after the last seat was taken, before the timer's next turn, shows
    the clocks running, not "the clocks start once every seat is taken"; the game's clock
    itself is left to the timer (which stores what it changes)."""
    game = clocked(client)
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    behind = copy.deepcopy(clocks.clock_of(live))
    assert behind is not None
    behind.started, behind.running, behind.since = False, None, 0.0  # as before the seats
    monkeypatch.setattr(clocks, "clock_of", lambda _live: behind)
    pushed: list[dict[str, Any]] = []

    class Socket:
        def push(self, frame: dict[str, Any]) -> None:
            pushed.append(frame)

    clocks.connected(live, Socket())
    [frame] = pushed
    decision = live.match.decision()
    assert decision is not None
    assert frame["started"] is True and frame["running"] == decision.seat == TRAITOR
    assert left(frame, TRAITOR) == left(frame, IMPERIUM) == 600.0
    assert not behind.started and behind.running is None  # the timer's to change
    unchanged = clocks.clock_frame(live)
    assert unchanged is not None and not unchanged["started"]
