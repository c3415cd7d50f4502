"""The search AI (`mcts`: the level "strong" in Heresy, "lookahead, experimental" in Epic)
on the web: it thinks in worker processes of its own (server/search.py; issue 15;
docs/web.md, Search AI)."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.engine import agents as engine_agents
from arbitre.engine.i18n import translate
from arbitre.engine.match import Match
from arbitre.engine.registry import get
from arbitre.server import live as live_module
from arbitre.server import search
from arbitre.server.app import create_app
from arbitre.server.messages_social import agent_words
from tests.server.conftest import HUMAN, new_game

SEARCH = {"kind": "ai", "agent": "mcts"}
# Epic: the Imperium (seat 0) chooses twice (altitudes) before the Mille Fils answer
BUDGET = "mcts:iterations=12"  # reproducible: no time cap


def budget_of(text: str) -> Any:
    """Make the web's `mcts` seats use `text` (a budget the test can reproduce)."""
    real = engine_agents.make_agent

    def make(ruleset: Any, name: str, seed: int) -> Any:
        return real(ruleset, text if name == "mcts" else name, seed)

    return make


@pytest.fixture
def offered(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A server whose search AI has one worker process (restored afterwards)."""
    before = (search.SETTINGS.processes, search.SETTINGS.per_address, search.SETTINGS.timeout)
    search.configure(1, per_address=2, timeout=10.0)
    monkeypatch.setattr(search, "_by_address", {})
    try:
        with TestClient(create_app(db_url, rate=None)) as c:
            yield c
    finally:
        search.configure(*before)


def agents_of(client: TestClient, ruleset: str) -> list[str]:
    rulesets = client.get("/api/rulesets").json()["rulesets"]
    found: list[str] = next(r["agents"] for r in rulesets if r["id"] == ruleset)
    return found


def wait_for_human(client: TestClient, game: dict[str, Any], seconds: float = 60.0) -> Any:
    """The keys played (read in the server: an online game's record waits for its end)
    and the State, once the AI has played up to a human decision."""
    end = time.monotonic() + seconds
    token = game.get("admin") or game["host"]
    while time.monotonic() < end:
        st = client.get(f"/api/games/{game['id']}", params={"token": token}).json()
        if st["decision"] is not None and st["decision"]["seat"] != 0:
            hub = client.app.state.hub  # type: ignore[attr-defined]
            return {"keys": list(hub.games[game["id"]].match.keys)}, st
        time.sleep(0.1)
    raise AssertionError("the AI did not reach a human decision")


def test_strong_is_offered_only_with_search_workers(client: TestClient, db_url: str) -> None:
    """Without search processes (the default of create_app) `mcts` is neither listed nor
    accepted; with them Heresy and Epic list it, last (Champs does not: its search is
    below its `mj` AI, docs/interop.md), and a game may seat it."""
    assert search.SETTINGS.processes == 0
    for ruleset in ("champs", "heresy", "epic"):
        assert "mcts" not in agents_of(client, ruleset)
    r = client.post(
        "/api/games", json={"ruleset": "heresy", "mode": "hotseat", "seats": [HUMAN, SEARCH]}
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_agent"
    search.configure(1)
    try:
        with TestClient(create_app(db_url, rate=None)) as c:
            for ruleset in ("heresy", "epic"):
                assert agents_of(c, ruleset)[-1] == "mcts"
            assert "mcts" not in agents_of(c, "champs")
            champs = {"ruleset": "champs", "mode": "hotseat", "seats": [HUMAN, HUMAN, SEARCH]}
            r = c.post("/api/games", json=champs)
            assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_agent"
            # parameters never come from a client
            bad = {"kind": "ai", "agent": "mcts:iterations=1000000"}
            r = c.post(
                "/api/games", json={"ruleset": "heresy", "mode": "hotseat", "seats": [HUMAN, bad]}
            )
            assert r.status_code == 422 and r.json()["error"]["code"] == "unknown_agent"
    finally:
        search.configure(0)


def test_the_pool_answers_as_the_same_agent_in_process(
    offered: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An online Epic game: the Imperium (the search, 12 iterations) chooses through the
    worker process; the same agent in-process, same seed, chooses the same keys."""
    monkeypatch.setattr(live_module, "make_agent", budget_of(BUDGET))
    game = new_game(offered, "epic", [SEARCH, HUMAN], seed=7, mode="online")
    rec, st = wait_for_human(offered, game)
    keys = rec["keys"]
    assert len(keys) >= 2
    hub = offered.app.state.hub  # type: ignore[attr-defined]
    pool = search.pool_of(hub.workers)
    assert pool.jobs >= 2  # searched in the process pool, not in a thread
    texts = [e["text"]["en"] for e in st["log"]]
    assert not any("normal AI played" in t for t in texts)  # no fallback
    ruleset = get("epic")
    agent = engine_agents.make_agent(ruleset, BUDGET, 7 * 31 + 0)
    match = Match(ruleset, {}, 7)
    for key in keys:
        decision = match.decision()
        assert decision is not None and decision.seat == 0
        assert agent.choose(ruleset, match.state, decision) == key
        match.play(key)


def test_limits_per_address_name_the_field(offered: TestClient) -> None:
    """The third unfinished game with a searching seat from one address is refused with
    a 429 naming the seat's field, in both languages; nothing is stored."""
    search.configure(1, per_address=2, timeout=10.0)
    for _ in range(2):
        new_game(offered, "heresy", [SEARCH, HUMAN], mode="online")
    before = len(search._by_address["testclient"])
    r = offered.post(
        "/api/games", json={"ruleset": "heresy", "mode": "online", "seats": [HUMAN, SEARCH]}
    )
    assert r.status_code == 429
    error = r.json()["error"]
    assert error["code"] == "search_limit" and error["field"] == "seats[1].agent"
    # named as Heresy's lobby names its search
    assert "limit of unfinished games with the 'strong' AI (2)" in error["text"]["en"]
    assert "limite de parties en cours avec l'IA « forte » (2)" in error["text"]["fr"]
    assert len(search._by_address["testclient"]) == before
    # another level is still welcome
    new_game(offered, "heresy", [{"kind": "ai", "agent": "ai"}, HUMAN], mode="online")


def test_a_search_past_the_timeout_falls_back_to_the_heuristic(
    offered: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A search that does not answer within the hard timeout: the game's heuristic AI
    plays the move, the log says so in both languages, the game goes on."""
    monkeypatch.setattr(live_module, "make_agent", budget_of("mcts:seconds=20"))
    search.configure(1, per_address=2, timeout=1.0)
    caplog.set_level(logging.WARNING, logger="arbitre.server")
    game = new_game(offered, "epic", [SEARCH, HUMAN], seed=3)
    rec, st = wait_for_human(offered, game)
    assert len(rec["keys"]) >= 2
    texts_en = [e["text"]["en"] for e in st["log"]]
    texts_fr = [e["text"]["fr"] for e in st["log"]]
    # named as Epic's lobby names its search
    timed_out_en = "The 'lookahead, experimental' AI did not answer within 1 s: the normal AI "
    assert timed_out_en + "played this move" in texts_en
    timed_out_fr = "L'IA « prévoyante, expérimentale » n'a pas répondu en 1 s : l'IA normale "
    assert timed_out_fr + "a joué ce coup" in texts_fr
    assert any("no answer in 1 s" in r.getMessage() for r in caplog.records)


def test_the_event_loop_answers_while_a_search_runs(
    offered: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the search thinks (3 s per decision, in its process) the server answers
    other requests at once (bounded generously: the machine is shared)."""
    monkeypatch.setattr(live_module, "make_agent", budget_of("mcts:seconds=3"))
    search.pool_of(offered.app.state.hub.workers).warm()  # type: ignore[attr-defined]
    game = new_game(offered, "epic", [SEARCH, HUMAN], seed=7)
    time.sleep(0.3)
    worst = 0.0
    for _ in range(10):
        start = time.perf_counter()
        assert offered.get("/api/rulesets").status_code == 200
        worst = max(worst, time.perf_counter() - start)
        time.sleep(0.1)
    st = offered.get(f"/api/games/{game['id']}", params={"token": game["admin"]}).json()
    assert st["decision"]["seat"] == 0, [e["text"]["en"] for e in st["log"]]  # still thinking
    assert worst < 1.0, worst


@pytest.mark.parametrize("ruleset,decisions", [("heresy", 60), ("epic", 25), ("champs", 40)])
def test_a_job_round_trip_chooses_as_in_process(ruleset: str, decisions: int) -> None:
    """Every seat's `mcts` answers through a pickled job (the worker's `think`, the agent
    sent and taken back each time, Heresy's heuristic caches dropped on the way) exactly
    as the same agents in-process, decision after decision."""
    import pickle

    rules = get(ruleset)
    seats = len(rules.seats({}))
    here = {i: engine_agents.make_agent(rules, "mcts:iterations=4", 7 + i) for i in range(seats)}
    sent: dict[int, Any] = {
        i: engine_agents.make_agent(rules, "mcts:iterations=4", 7 + i) for i in range(seats)
    }
    match = Match(rules, {}, 5)
    for _ in range(decisions):
        decision = match.decision()
        assert decision is not None
        key = here[decision.seat].choose(rules, match.state, decision)
        job = search.Job("g", ruleset, {}, 5, tuple(match.keys), decision.seat,
                         search.portable(sent[decision.seat]))  # fmt: skip
        got, sent[decision.seat] = pickle.loads(pickle.dumps(search.think(pickle.loads(
            pickle.dumps(job)))))  # fmt: skip
        assert got == key
        match.play(key)


@pytest.mark.parametrize(
    ("ruleset", "agent", "fr", "en"),
    [
        ("heresy", "mcts", "forte", "strong"),  # it beats the normal AI there
        ("epic", "mcts", "prévoyante, expérimentale", "lookahead, experimental"),
        ("heresy", "ai", "normale", "normal"),
        ("champs", "mj", "MJ", "GM"),
        ("epic", "deep_thought", "deep_thought", "deep_thought"),  # unknown: as it is
    ],
)
def test_a_level_in_each_games_words(ruleset: str, agent: str, fr: str, en: str) -> None:
    """The server's words for a level are the lobby's (js/i18n.js `agentText`): a game's
    own name first (Heresy's search is "strong"), then the level's."""
    words = agent_words(agent, ruleset)
    assert (translate(words, "fr"), translate(words, "en")) == (fr, en)
