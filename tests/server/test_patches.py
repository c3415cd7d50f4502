"""Patches on the WebSocket (issue 14, server/patches.py): a socket that asked for them
gets after each change only what changed, and the State it builds is always exactly the
full State of its own eyes; a patch never carries more than that full State; a replay
(undo) and a reconnection send the whole State; plays sent on the socket are answered."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from arbitre.engine.registry import get
from arbitre.server.patches import SMALL_DICT, apply_patch, diff
from arbitre.server.payload import state_payload
from arbitre.server.states import FRESH_VIEWS
from arbitre.server.summaries import last_turn_of
from tests.server.conftest import HUMAN, new_game, random_states

JS = Path(__file__).parents[2] / "src/arbitre/web/static/js/table_live.js"


def canon(data: Any) -> str:
    """JSON text that tells 1 from true and ignores key order."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def fresh(live: Any, token: str, wanted: int | None = None) -> dict[str, Any]:
    """The full State of these eyes now, built without any cache, as JSON carries it."""
    out: dict[str, Any] = json.loads(json.dumps(state_payload(live, live.access(token), wanted)))
    return out


def at(data: Any, path: list[Any]) -> Any:
    for step in path:
        data = data[step]
    return data


def carries_nothing_more(patch: dict[str, Any], full: dict[str, Any]) -> None:
    """Every value a patch puts is the full State's value at that place, every key it
    removes is absent from it, every log entry it appends is one of its last entries."""
    for op in patch["ops"]:
        path = op[0]
        if len(op) == 2:
            assert canon(at(full, path)) == canon(op[1]), path
        else:
            assert path[-1] not in at(full, path[:-1]), path
    if patch["log"]:
        assert canon(full["log"][-len(patch["log"]) :]) == canon(patch["log"])


class Reader:
    """One socket that takes patches, and the State it holds, as the page does."""

    def __init__(self, ws: WebSocketTestSession, token: str, wanted: int | None = None) -> None:
        self.ws, self.token, self.wanted = ws, token, wanted
        self.held: dict[str, Any] = ws.receive_json()
        assert self.held["type"] == "state"
        ws.send_json({"type": "patches"})
        self.kinds: list[str] = []
        self.answers: list[dict[str, Any]] = []

    def next(self) -> dict[str, Any]:
        """The next message: a State or a patch applied to the State held; others as sent.
        The "played" answers that ride with a State or patch come next, as the page reads
        them (js/table_live.js)."""
        if self.answers:
            return self.answers.pop(0)
        msg: dict[str, Any] = self.ws.receive_json()
        self.answers = [{"type": "played", **a} for a in msg.pop("played", ())]
        if msg["type"] == "patch":
            assert msg["from"] == self.held["rev"]
            self.held = apply_patch(self.held, msg)
        elif msg["type"] == "state":
            self.held = msg
        else:
            return msg
        self.kinds.append(msg["type"])
        self.last = msg
        return msg


CASES = [("champs", {"players": 1}, 300), ("heresy", {}, 300), ("epic", {}, 120)]


@pytest.mark.parametrize(("ruleset", "config", "moves"), CASES)
def test_a_patched_state_is_the_full_state_of_its_eyes(
    client: TestClient, ruleset: str, config: dict[str, Any], moves: int
) -> None:
    """Random play through both seats, a spectator and the hotseat table (the handover
    included, HH-18.1 in Heresy): after every move the State each socket built from its
    patches is, as JSON text, the full State of its eyes; each patch holds nothing beyond
    it; nearly every message is a patch, and a patch is much shorter than a full State."""
    game = new_game(client, ruleset, [HUMAN, HUMAN], config=config, seed=5)
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    tokens = [game["seats"][0]["token"], game["seats"][1]["token"], game["spectator"]]
    tokens.append(game["admin"])
    url = f"/ws/games/{game['id']}?token="
    rng = random.Random(9)
    sizes = {"patch": 0, "state": 0}
    with (
        client.websocket_connect(url + tokens[0]) as s0,
        client.websocket_connect(url + tokens[1]) as s1,
        client.websocket_connect(url + tokens[2]) as sp,
        client.websocket_connect(url + tokens[3]) as ad,
    ):
        readers = [Reader(ws, t) for ws, t in zip((s0, s1, sp, ad), tokens, strict=True)]
        played = 0
        while played < moves and live.match.decision() is not None:
            decision = live.match.decision()
            mover = readers[decision.seat]
            key = rng.choice(decision.options).key
            mover.ws.send_json({"type": "play", "key": key, "expect": live.moves, "ask": played})
            for reader in readers:
                reader.next()
                full = fresh(live, reader.token, reader.wanted)
                assert canon(reader.held) == canon(full), (reader.token, played)
                # payload._last_turn keeps a summary while what it reads is unchanged
                made = last_turn_of(live, full["viewer"])
                assert canon(full["last_turn"]) == canon(made), played
                if reader.last["type"] == "patch":
                    carries_nothing_more(reader.last, full)
                    sizes["patch"] = max(sizes["patch"], len(json.dumps(reader.last)))
                sizes["state"] = max(sizes["state"], len(json.dumps(full)))
            assert mover.next() == {"type": "played", "ask": played, "moves": live.moves}
            played += 1
    assert played >= min(moves, 40)
    for reader in readers:
        assert reader.kinds.count("patch") >= 0.9 * len(reader.kinds), reader.kinds
    assert sizes["patch"] < sizes["state"]


def test_an_undo_and_a_reconnection_send_the_whole_state(client: TestClient) -> None:
    """After an undo (the game is replayed) every socket gets a whole State again, which is
    the State of its eyes; a socket opened again starts from a whole State too."""
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=2)
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    admin, spectator = game["admin"], game["spectator"]
    url = f"/ws/games/{game['id']}?token="
    with (
        client.websocket_connect(url + admin) as ad,
        client.websocket_connect(url + spectator) as sp,
    ):
        table, watcher = Reader(ad, admin), Reader(sp, spectator)
        for n in range(3):
            key = live.match.decision().options[0].key
            ad.send_json({"type": "play", "key": key, "expect": live.moves})
            assert table.next()["type"] == "patch" and watcher.next()["type"] == "patch", n
        ad.send_json({"type": "undo"})
        for reader in (table, watcher):
            assert reader.next()["type"] == "state"
            assert canon(reader.held) == canon(fresh(live, reader.token))
        assert table.held["moves"] == 2
        key = live.match.decision().options[0].key
        ad.send_json({"type": "play", "key": key, "expect": live.moves})
        assert table.next()["type"] == "patch" and watcher.next()["type"] == "patch"
        assert canon(watcher.held) == canon(fresh(live, spectator))
    with client.websocket_connect(url + spectator) as again:
        first = again.receive_json()
        assert first["type"] == "state" and canon(first) == canon(fresh(live, spectator))


def test_plays_on_the_socket_are_answered_like_posts(client: TestClient) -> None:
    """A play with `ask` gets "played" after the State it made, or "refused" with the
    status POST …/play answers (409 stale, 403 not your turn); without `ask`, as before."""
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=4)
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    seat = live.match.decision().seat
    mine, theirs = game["seats"][seat]["token"], game["seats"][1 - seat]["token"]
    url = f"/ws/games/{game['id']}?token="
    with (
        client.websocket_connect(url + mine) as ws,
        client.websocket_connect(url + theirs) as other,
    ):
        me, them = Reader(ws, mine), Reader(other, theirs)
        key = live.match.decision().options[0].key
        other.send_json({"type": "play", "key": key, "expect": 0, "ask": 7})
        refused = them.next()
        assert refused["type"] == "refused" and refused["ask"] == 7 and refused["status"] == 403
        assert refused["error"]["code"] == "not_your_turn"
        ws.send_json({"type": "play", "key": key, "expect": 5, "ask": 8})
        stale = me.next()
        assert (stale["type"], stale["status"], stale["error"]["code"]) == ("refused", 409, "stale")
        ws.send_json({"type": "play", "key": key, "expect": 0, "ask": 9})
        # the answer rides with the State its move made: one frame, the patch first
        raw = ws.receive_json()
        assert raw["type"] == "patch" and raw["played"] == [{"ask": 9, "moves": 1}]
        del raw["played"]
        me.held = apply_patch(me.held, raw)
        assert canon(me.held) == canon(fresh(live, mine))
        assert them.next()["type"] == "patch" and them.held["moves"] == 1
        ws.send_json({"type": "play", "key": "x", "expect": 1, "ask": -1})
        error = me.next()
        assert error["type"] == "error" and error["error"]["code"] == "bad_field"
        assert live.moves == 1


def test_a_socket_without_patches_gets_the_answer_apart(client: TestClient) -> None:
    """A client that did not ask for patches gets whole States, and "played" as a message
    of its own after the State its move made (the riding answer is for patch takers)."""
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=4)
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    seat = live.match.decision().seat
    url = f"/ws/games/{game['id']}?token={game['seats'][seat]['token']}"
    with client.websocket_connect(url) as ws:
        assert ws.receive_json()["type"] == "state"
        key = live.match.decision().options[0].key
        ws.send_json({"type": "play", "key": key, "expect": 0, "ask": 3})
        state = ws.receive_json()
        assert state["type"] == "state" and state["moves"] == 1 and "played" not in state
        assert ws.receive_json() == {"type": "played", "ask": 3, "moves": 1}


def test_a_brief_answer_to_a_post(client: TestClient) -> None:
    """`"reply": "brief"`: the move is stored and answered in a few bytes (the socket brings
    the State); any other value of `reply` is refused before anything changes."""
    game = new_game(client, "champs", [HUMAN, HUMAN], config={"players": 1}, seed=4)
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    seat = live.match.decision().seat
    body = {"token": game["seats"][seat]["token"], "expect": 0}
    body["key"] = live.match.decision().options[0].key
    bad = client.post(f"/api/games/{game['id']}/play", json={**body, "reply": "all"})
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "bad_field"
    assert live.moves == 0
    r = client.post(f"/api/games/{game['id']}/play", json={**body, "reply": "brief"})
    assert r.status_code == 200 and r.json() == {"type": "played", "moves": 1}
    assert live.moves == 1


@pytest.mark.parametrize("ruleset", sorted(FRESH_VIEWS))
def test_views_kept_as_they_are_share_nothing_with_the_game(ruleset: str) -> None:
    """states.FRESH_VIEWS: these rulesets' views are kept without a copy, so the next move
    must not change a view already built (each seat's and the public one, 150 random
    moves of three seeds); the patches would miss what changed in place."""
    rules = get(ruleset)
    config = {"players": 1} if ruleset == "champs" else {}
    built: list[tuple[Any, str]] = []  # the views of the moment before, and their texts
    for state in random_states(rules, config, (1, 2, 3), 150):
        assert [canon(view) for view, _ in built] == [text for _, text in built]
        built = [(view, canon(view)) for view in (rules.view(state, s) for s in (0, 1, None))]
    assert built and [canon(view) for view, _ in built] == [text for _, text in built]


def test_diff_reaches_into_lists_and_removes_keys() -> None:
    """The ops themselves: nested keys, list positions, a list mostly changed sent whole,
    a small dict (a text) sent whole, removed keys, and values whose JSON differs though
    Python calls them equal."""
    pad = {f"p{i}": i for i in range(SMALL_DICT)}  # dicts larger than SMALL_DICT: looked into
    old = {
        "a": {"b": [1, 2, 3, 4], "c": 1, **pad},
        "d": [1, 2],
        "e": 1,
        "f": {"x": 1, "y": 0, **pad},
        "t": {"fr": "un", "en": "one"},
    }
    kept = canon(old)
    new = {
        "a": {"b": [1, 2, 9, 4], "c": True, **pad},
        "d": [3, 4],
        "e": 1,
        "g": None,
        "f": {"y": 0, **pad},
        "t": {"fr": "deux", "en": "one"},
    }
    ops = diff(old, new)
    assert [["a", "b", 2], 9] in ops and [["a", "c"], True] in ops
    assert [["d"], [3, 4]] in ops and [["g"], None] in ops and [["f", "x"]] in ops
    assert [["t"], {"fr": "deux", "en": "one"}] in ops
    patched = apply_patch({**old, "log": []}, {"ops": ops, "drop": 0, "log": []})
    assert canon(patched) == canon({**new, "log": []})
    assert canon(old) == kept  # untouched


def test_diff_finds_a_key_swapped_for_another() -> None:
    """patches._dict looks for lost keys only when a key was added or the sizes differ:
    a dict that lost one key and gained another keeps its size and still loses the key."""
    pad = {f"p{i}": i for i in range(SMALL_DICT)}
    old = {"f": {"x": 1, **pad}, "k": {**pad, "y": 2}}
    new = {"f": {**pad, "z": 1}, "k": {**pad, "y": 2}}
    ops = diff(old, new)
    assert ops == [[["f", "z"], 1], [["f", "x"]]]
    assert diff(new, new) == [] and diff(old, dict(old)) == []


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_applies_patches_as_the_server_means_them(
    client: TestClient, tmp_path: Path
) -> None:
    """js/table_live.js `applyPatch` gives, for real Heresy patches, the same State as the
    Python one (and so the full State), and leaves the State it patched unchanged."""
    game = new_game(client, "heresy", [HUMAN, HUMAN], seed=8)
    live = client.app.state.hub.games[game["id"]]  # type: ignore[attr-defined]
    token = game["seats"][0]["token"]
    rng = random.Random(3)
    cases = []
    with client.websocket_connect(f"/ws/games/{game['id']}?token={token}") as ws:
        reader = Reader(ws, token)
        for _ in range(60):
            decision = live.match.decision()
            if decision is None:
                break
            before = reader.held
            seat_token = game["seats"][decision.seat]["token"]
            body = {"token": seat_token, "key": rng.choice(decision.options).key}
            body["expect"] = live.moves
            assert client.post(f"/api/games/{game['id']}/play", json=body).status_code == 200
            msg = reader.next()
            if msg["type"] == "patch":
                cases.append({"before": before, "patch": msg, "after": reader.held})
    assert len(cases) > 40
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    script = tmp_path / "check.mjs"
    script.write_text(
        f"import {{ applyPatch }} from {json.dumps(JS.as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        f"const cases = JSON.parse(readFileSync({json.dumps(str(tmp_path / 'cases.json'))}));\n"
        "const sorted = (v) => Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object'"
        " ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;\n"
        "let bad = 0;\n"
        "for (const c of cases) {\n"
        "  const kept = JSON.stringify(sorted(c.before));\n"
        "  const got = applyPatch(c.before, c.patch);\n"
        "  if (JSON.stringify(sorted(got)) !== JSON.stringify(sorted(c.after))) bad += 1;\n"
        "  if (JSON.stringify(sorted(c.before)) !== kept) bad += 1;\n"
        "}\n"
        "console.log(`${cases.length} ${bad}`);\n"
    )
    out = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(len(cases)), "0"]
