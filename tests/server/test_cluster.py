"""Two real `arbitre serve` processes sharing one throwaway PostgreSQL database (issue 17,
"More than one process"; docs/deploy.md): one game's seats on different processes play
together, a move sent to both at once is stored once, a process killed outright loses
nothing acknowledged and its games go on in the other one (AI seats included).

Skipped, with the reason, without PostgreSQL's server programs or psycopg (tests/pg.py).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.pg import free_port, new_database

ONE = {"players": 1}
HUMAN = {"kind": "human"}
MJ = {"kind": "ai", "agent": "mj"}
PLAYER_AI = {"kind": "ai", "agent": "players"}


_SERVERS: list[Server] = []


def _logs() -> str:
    """The end of each server's log (said when a test fails)."""
    out = []
    for server in _SERVERS:
        server.log.flush()
        text = Path(server.log.name).read_text()[-2000:]
        out.append(f"--- {server.base} ---\n{text}")
    return "\n".join(out)


class Endpoint:
    """Where HTTP requests and sockets go: a server process, or the proxy in front."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"

    def get(self, path: str, **params: Any) -> httpx.Response:
        return httpx.get(self.base + path, params=params, timeout=15)

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return httpx.post(self.base + path, json=body, timeout=15)

    def ws(self, game_id: str, token: str) -> Socket:
        return Socket(f"ws://127.0.0.1:{self.port}/ws/games/{game_id}?token={token}")

    def state(self, game_id: str, token: str) -> dict[str, Any]:
        r = self.get(f"/api/games/{game_id}", token=token)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        return out


class Server(Endpoint):
    """`arbitre serve` in a subprocess on a loopback port."""

    def __init__(self, url: str, log: Path) -> None:
        super().__init__(free_port())
        self.log = log.open("w+")
        _SERVERS.append(self)
        code = "from arbitre.cli import main; main()"
        options = ["--port", str(self.port), "--db", url, "--rate", "0", "--ai-delay", "0.3"]
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "serve", *options],
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )

    def ready(self) -> Server:
        """Wait until it answers (started together, servers wait for each other's tables)."""
        deadline = time.monotonic() + 90
        while True:
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.log.seek(0)
                raise RuntimeError(f"the server did not start:\n{self.log.read()[-3000:]}")
            try:
                if httpx.get(f"{self.base}/api/rulesets", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        return self

    def descendants(self) -> list[int]:
        """The processes this server started (its replay workers, their fork server)."""
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                children.setdefault(ppid, []).append(int(entry.name))
        found, todo = [], [self.proc.pid]
        while todo:
            kids = children.get(todo.pop(), [])
            found += kids
            todo += kids
        return found

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        if self in _SERVERS:
            _SERVERS.remove(self)


class Socket:
    """A game's WebSocket read in a thread: the newest State, and the chat lines."""

    def __init__(self, url: str) -> None:
        self.conn: ClientConnection = connect(url, max_size=None).__enter__()
        self.latest: dict[str, Any] = {}
        self.chat: list[str] = []
        self.replies: list[dict[str, Any]] = []
        self.clocks: list[dict[str, Any]] = []
        self.changed = threading.Condition()
        self.conn.send('{"type": "social"}')
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        self.wait(lambda s: "moves" in s.latest)

    def _read(self) -> None:
        try:
            for raw in self.conn:
                msg = json.loads(raw)
                with self.changed:
                    if msg.get("type") == "state":
                        self.latest = msg
                    elif msg.get("type") == "chat" and "line" in msg:
                        self.chat.append(msg["line"]["text"])
                    elif msg.get("type") in ("played", "refused"):
                        self.replies.append(msg)
                    elif msg.get("type") == "clock":
                        self.clocks.append(msg)
                    self.changed.notify_all()
        except Exception:
            return

    def wait(self, ok: Callable[[Socket], bool], timeout: float = 15.0) -> None:
        with self.changed:
            if not self.changed.wait_for(lambda: ok(self), timeout):
                raise AssertionError(f"still at move {self.latest.get('moves')}: {_logs()}")

    def moves(self) -> int:
        return int(self.latest["moves"])

    def close(self) -> None:
        self.conn.close()


def game(
    server: Endpoint, seats: list[dict[str, Any]], seed: int, config: dict[str, Any] = ONE
) -> dict[str, Any]:
    body = {"ruleset": "champs", "mode": "hotseat", "config": config, "seed": seed, "seats": seats}
    r = server.post("/api/games", body)
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def play_turn(sockets: list[Socket], servers: Sequence[Endpoint], g: dict[str, Any]) -> int:
    """Whoever must answer plays the first option through its own process; returns the
    move count once the move is stored."""
    for seat, sock in enumerate(sockets):
        decision = sock.latest.get("decision")
        if (
            decision is not None
            and decision["yours"]
            and sock.moves() == max(s.moves() for s in sockets)
        ):
            token = g["seats"][seat]["token"]
            body = {"token": token, "key": decision["options"][0]["key"], "expect": sock.moves()}
            r = servers[seat].post(f"/api/games/{g['id']}/play", body)
            assert r.status_code == 200, r.text
            moves: int = r.json()["moves"]
            for other in sockets:  # every socket, whichever process it is on, at once
                other.wait(lambda x: x.moves() == moves, timeout=5)  # noqa: B023
            return moves
    raise AssertionError("nobody may play")


@pytest.fixture(scope="module")
def db() -> str:
    return new_database()


@pytest.fixture(scope="module")
def servers(db: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Server]]:
    """Three processes started together: a and b for every test, c to be killed."""
    logs = tmp_path_factory.mktemp("cluster")
    started = [Server(db, logs / f"{name}.log") for name in "abc"]
    try:
        yield [s.ready() for s in started]
    finally:
        for s in started:
            s.stop()


@pytest.fixture
def pair(servers: list[Server]) -> tuple[Server, Server]:
    return servers[0], servers[1]


def stored_moves(db: str, game_id: str) -> list[str]:
    from sqlalchemy import create_engine, text

    engine = create_engine(db)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                text("SELECT key FROM moves WHERE game_id = :g ORDER BY idx"), {"g": game_id}
            )
            return [r[0] for r in rows]
    finally:
        engine.dispose()


def test_two_seats_on_two_processes_see_each_others_moves_and_chat(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    g = game(a, [HUMAN, HUMAN], seed=3)
    tokens = [s["token"] for s in g["seats"]]
    sockets = [a.ws(g["id"], tokens[0]), b.ws(g["id"], tokens[1])]
    try:
        for _ in range(6):
            play_turn(sockets, [a, b], g)  # each socket sees each move at once
        assert sockets[0].latest["view"] == a.state(g["id"], tokens[0])["view"]
        assert b.state(g["id"], tokens[1])["moves"] == a.state(g["id"], tokens[0])["moves"]
        r = a.post(f"/api/games/{g['id']}/chat", {"token": tokens[0], "text": "salut B"})
        assert r.status_code == 200, r.text
        sockets[1].wait(lambda s: "salut B" in s.chat, timeout=5)
        r = b.post(f"/api/games/{g['id']}/chat", {"token": tokens[1], "text": "hello A"})
        assert r.status_code == 200, r.text
        sockets[0].wait(lambda s: "hello A" in s.chat, timeout=5)
    finally:
        for sock in sockets:
            sock.close()


def test_a_clock_shown_on_a_socket_of_another_process_follows_each_move(
    pair: tuple[Server, Server],
) -> None:
    """The clock's timer runs in the process that keeps the game; a seat connected to the
    other process gets each clock frame too (cluster.py, kind "clock"), whichever process
    the move was sent to: whose clock runs and the mover's time with its increment."""
    a, b = pair
    body = {
        "ruleset": "champs",
        "mode": "online",
        "config": ONE,
        "seed": 11,
        "seats": [HUMAN, HUMAN],
        "clock": {"kind": "live", "base": 10, "increment": 60},
    }
    r = a.post("/api/games", body)
    assert r.status_code == 201, r.text
    g = r.json()
    tokens = [g["seat"]["token"]]
    joined = b.post(f"/api/games/{g['id']}/join", {"code": g["invites"][0]["code"]})
    assert joined.status_code == 200, joined.text
    tokens.append(joined.json()["token"])
    g["seats"] = [{"token": t} for t in tokens]
    sockets = [a.ws(g["id"], tokens[0]), b.ws(g["id"], tokens[1])]
    try:
        for sock in sockets:
            sock.wait(lambda s: any(c["started"] for c in s.clocks))
        for _ in range(4):
            seat = next(
                i for i, s in enumerate(sockets) if (s.latest.get("decision") or {}).get("yours")
            )
            seen = [len(s.clocks) for s in sockets]
            play_turn(sockets, [a, b], g)
            after = sockets[seat].latest["decision"]
            running = None if after is None else after["seat"]
            for i, sock in enumerate(sockets):  # the other process's socket too

                def shows(s: Socket, start: int = seen[i], who: int | None = running) -> bool:
                    return any(c["running"] == who for c in s.clocks[start:])

                sock.wait(shows)
                mine = next(x for x in sock.clocks[-1]["seats"] if x["seat"] == seat)
                assert mine["remaining"] > 10 * 60 - 30  # 10 min, +60 s a move, 30 s of slack
    finally:
        for sock in sockets:
            sock.close()


def test_the_same_move_sent_to_both_processes_is_stored_once(
    pair: tuple[Server, Server], db: str
) -> None:
    a, b = pair
    g = game(b, [HUMAN, HUMAN], seed=5)
    token = g["seats"][0]["token"]
    for _ in range(3):
        # both processes hold the game, at the same move
        sa, sb = a.state(g["id"], g["admin"]), b.state(g["id"], g["admin"])
        assert sa["moves"] == sb["moves"]
        d = sa["decision"]
        token = g["seats"][d["seat"]]["token"]
        body = {"token": token, "key": d["options"][0]["key"], "expect": sa["moves"]}
        codes: list[int] = []
        go = threading.Barrier(2)

        def send(
            server: Server,
            codes: list[int] = codes,
            body: dict[str, Any] = body,
            go: threading.Barrier = go,
        ) -> None:
            go.wait()
            codes.append(server.post(f"/api/games/{g['id']}/play", body).status_code)

        threads = [threading.Thread(target=send, args=(s,)) for s in (a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409]
        assert len(stored_moves(db, g["id"])) == sa["moves"] + 1
        after = [s.state(g["id"], g["admin"]) for s in (a, b)]
        assert after[0]["moves"] == after[1]["moves"] == sa["moves"] + 1
        assert after[0]["view"] == after[1]["view"]


def test_a_takeback_asked_on_one_process_is_answered_on_the_other(
    pair: tuple[Server, Server],
) -> None:
    a, b = pair
    servers = [a, b]
    g = game(a, [HUMAN, HUMAN], seed=7)
    tokens = [s["token"] for s in g["seats"]]
    sockets = [a.ws(g["id"], tokens[0]), b.ws(g["id"], tokens[1])]
    try:
        asker = next(i for i, s in enumerate(sockets) if s.latest["decision"]["yours"])
        other = 1 - asker
        moves = play_turn(sockets, servers, g)
        r = servers[asker].post(f"/api/games/{g['id']}/undo", {"token": tokens[asker]})
        assert r.status_code == 200, r.text
        # the other seat, on the other process, is asked
        sockets[other].wait(lambda s: bool(s.latest.get("takeback")), timeout=5)
        r = servers[other].post(
            f"/api/games/{g['id']}/takeback", {"token": tokens[other], "accept": True}
        )
        assert r.status_code == 200, r.text
        for sock in sockets:
            sock.wait(lambda s: s.moves() < moves and not s.latest.get("takeback"), timeout=5)
        assert a.state(g["id"], g["admin"])["moves"] == b.state(g["id"], g["admin"])["moves"]
    finally:
        for sock in sockets:
            sock.close()


def test_resignation_votes_on_two_processes_count_together(pair: tuple[Server, Server]) -> None:
    """Champs: the players' side resigns once both players agreed, each on its process."""
    a, b = pair
    g = game(a, [HUMAN, HUMAN, HUMAN], seed=8, config={"players": 2})
    p1, p2, mj = (s["token"] for s in g["seats"])
    b.state(g["id"], mj)  # b holds the game too
    r = a.post(f"/api/games/{g['id']}/resign", {"token": p1})
    assert r.status_code == 200 and r.json() == {"ended": False}
    r = b.post(f"/api/games/{g['id']}/resign", {"token": p2})
    assert r.status_code == 200 and r.json() == {"ended": True}
    deadline = time.monotonic() + 5
    while a.state(g["id"], mj)["result"] is None:
        assert time.monotonic() < deadline, "a did not hear of the resignation"
        time.sleep(0.05)
    assert a.state(g["id"], mj)["result"]["scores"] == [0.0, 0.0, 1.0]


def test_a_seat_on_another_process_is_not_away_for_the_host(
    pair: tuple[Server, Server],
) -> None:
    """The host (on a) may hand an absent seat to the AI; a seat whose socket is open on b
    is present (cluster_presence.py), and away once that socket closes."""
    a, b = pair
    body = {"ruleset": "champs", "mode": "online", "config": ONE, "seed": 9}
    r = a.post("/api/games", {**body, "seats": [HUMAN, HUMAN]})
    assert r.status_code == 201, r.text
    g = r.json()
    r = b.post(f"/api/games/{g['id']}/join", {"code": g["invites"][0]["code"]})
    assert r.status_code == 200, r.text
    seat = str(g["invites"][0]["seat"])

    def absent() -> int:
        r = a.get(f"/api/games/{g['id']}/social", token=g["host"])
        assert r.status_code == 200, r.text
        return int(r.json()["absent"][seat])

    absent()  # a starts counting from now
    sock = b.ws(g["id"], r.json()["token"])
    try:
        time.sleep(1.5)
        assert absent() == 0  # its socket is on b
    finally:
        sock.close()
    deadline = time.monotonic() + 5
    while absent() < 1:
        assert time.monotonic() < deadline, "the seat never counted as away"
        time.sleep(0.2)


def test_a_killed_process_loses_nothing_and_its_games_go_on(servers: list[Server], db: str) -> None:
    _a, b, c = servers
    try:
        workers = c.descendants()
        people = game(c, [HUMAN, HUMAN], seed=11)  # two people, one on each process
        both_ai = game(c, [PLAYER_AI, MJ], seed=12)  # run by c, cached by nobody else
        half_ai = game(c, [HUMAN, MJ], seed=13)  # its person on b, its AI run by c
        tokens = [s["token"] for s in people["seats"]]
        sockets = [c.ws(people["id"], tokens[0]), b.ws(people["id"], tokens[1])]
        acked = 0
        for _ in range(4):
            acked = play_turn(sockets, [c, b], people)
        human = half_ai["seats"][0]["token"]
        on_b = b.ws(half_ai["id"], human)
        # the person plays through b until it is the AI's turn, which c runs
        while on_b.latest["decision"]["yours"]:
            d, n = on_b.latest["decision"], on_b.moves()
            body = {"token": human, "key": d["options"][0]["key"], "expect": n}
            assert b.post(f"/api/games/{half_ai['id']}/play", body).status_code == 200
            on_b.wait(lambda s: s.moves() > n)  # noqa: B023  (waited for at once)
        time.sleep(0.1)  # c heard of it and its AI is thinking (a 0.3 s pause first)
        ai_before = len(stored_moves(db, both_ai["id"]))
        half_before = len(stored_moves(db, half_ai["id"]))
        assert ai_before > 0
        os.kill(c.proc.pid, signal.SIGKILL)
        c.proc.wait()
        sockets[0].close()
        assert len(stored_moves(db, people["id"])) >= acked  # nothing acknowledged is lost
        # the seat that was on c goes on through b
        sockets[0] = b.ws(people["id"], tokens[0])
        assert sockets[0].moves() == sockets[1].moves() >= acked
        for _ in range(2):
            play_turn(sockets, [b, b], people)
        # the AI seats c ran play on in b: the one b had cached, and the one nobody had
        on_b.wait(lambda s: s.moves() > half_before, timeout=15)
        deadline = time.monotonic() + 15
        while len(stored_moves(db, both_ai["id"])) <= ai_before + 1:
            assert time.monotonic() < deadline, "the AI game did not go on"
            time.sleep(0.2)
        # the killed process's replay workers end too (server/work.py's watchdog)
        assert workers
        deadline = time.monotonic() + 10
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "the replay workers outlived their server"
            time.sleep(0.2)
        for sock in [*sockets, on_b]:
            sock.close()
    finally:
        c.stop()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_conflict_in_a_grouped_commit_costs_only_that_games_move(db: str) -> None:
    """Two processes' moves of one game conflict on (game_id, idx); another game's move
    committed in the same group is stored all the same (commits.py, one by one again)."""
    import asyncio

    from sqlalchemy.exc import IntegrityError

    from arbitre.server.commits import Committer
    from arbitre.server.store import Move, SeatSpec, Store

    store = Store(db)
    seats = [SeatSpec("human", None, "t0"), SeatSpec("human", None, "t1")]
    first = store.create("champs", "1", ONE, 1, seats)
    second = store.create("champs", "1", ONE, 2, seats)
    store.append(first.id, 0, "theirs", 0, True, False)  # another process was first
    committer = Committer(store)

    async def both() -> tuple[BaseException | None, BaseException | None]:
        return await asyncio.gather(
            committer.write(Move(first.id, 0, "mine", 0, True, False)),
            committer.write(Move(second.id, 0, "other", 0, True, False)),
            return_exceptions=True,
        )

    try:
        lost, stored = asyncio.run(both())
    finally:
        committer.shutdown()
    assert isinstance(lost, IntegrityError) and stored is None
    a, b = store.load(first.id), store.load(second.id)
    assert a is not None and a.keys == ("theirs",)
    assert b is not None and b.keys == ("other",)
    store.close()


NGINX = """
error_log {dir}/error.log warn;
pid {dir}/nginx.pid;
events {{ worker_connections 256; }}
http {{
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    log_format routed '$upstream_addr';
    access_log {dir}/access.log routed;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    upstream arbitre {{ {upstreams} }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://arbitre;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
        }}
    }}
}}
"""


def test_two_processes_behind_nginx_round_robin(
    pair: tuple[Server, Server], tmp_path: Path
) -> None:
    """The proxy setup of docs/deploy.md (round-robin, WebSocket upgrade headers): a game
    played through nginx whose requests and sockets land on both processes."""
    import shutil

    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.skip("nginx not installed (apt-get install nginx-light)")
    a, b = pair
    port = free_port()
    upstreams = " ".join(f"server 127.0.0.1:{s.port};" for s in (a, b))
    conf = tmp_path / "nginx.conf"
    conf.write_text(NGINX.format(dir=tmp_path, port=port, upstreams=upstreams))
    proc = subprocess.Popen(
        [nginx, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    sockets: list[Socket] = []
    try:
        proxy = Endpoint(port)
        deadline = time.monotonic() + 10
        while True:
            try:
                if proxy.get("/api/rulesets").status_code == 200:
                    break
            except httpx.HTTPError:
                assert proc.poll() is None and time.monotonic() < deadline, "nginx did not start"
                time.sleep(0.1)
        g = game(proxy, [HUMAN, HUMAN], seed=21)
        tokens = [s["token"] for s in g["seats"]]
        sockets = [proxy.ws(g["id"], t) for t in tokens]
        for _ in range(4):
            play_turn(sockets, [proxy, proxy], g)
        r = proxy.post(f"/api/games/{g['id']}/chat", {"token": tokens[0], "text": "via nginx"})
        assert r.status_code == 200, r.text
        for sock in sockets:
            sock.wait(lambda s: "via nginx" in s.chat, timeout=5)
        routed = set((tmp_path / "access.log").read_text().split())
        assert {f"127.0.0.1:{a.port}", f"127.0.0.1:{b.port}"} <= routed
    finally:
        for sock in sockets:
            sock.close()
        proc.terminate()
        proc.wait(timeout=10)
