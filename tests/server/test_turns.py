"""Turn-based play (issue 17; docs/web.md, Turn-based play and notifications): the pace of
a game, whose turn since when, "my games" in order, and the seat whose turn it becomes
told by Web Push (a local push endpoint, the push decrypted here) and by e-mail (a local
SMTP sink), never with anything of the game's state; every subscription value checked."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.server import notify_store, turns
from tests.server.conftest import HUMAN, new_game, state
from tests.server.social_util import error_field, post, two_people

ec = pytest.importorskip("cryptography.hazmat.primitives.asymmetric.ec")
http_ece = pytest.importorskip("http_ece")
serialization = pytest.importorskip("cryptography.hazmat.primitives.serialization")


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class Browser:
    """A browser's push subscription: the keys it holds, the endpoint it names."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = endpoint
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.subscription = {
            "endpoint": endpoint,
            "keys": {"p256dh": b64(point), "auth": b64(self.auth)},
        }

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth)
        out: dict[str, Any] = json.loads(plain)
        return out


class PushService:
    """A push service on loopback: records each POST; a path ending in /gone answers 410."""

    def __init__(self) -> None:
        self.got: list[tuple[str, dict[str, str], bytes]] = []
        got = self.got

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                size = int(self.headers.get("content-length", "0"))
                got.append((self.path, dict(self.headers.items()), self.rfile.read(size)))
                self.send_response(410 if self.path.endswith("/gone") else 201)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def to(self, path: str) -> list[bytes]:
        return [body for p, _h, body in self.got if p == path]


@pytest.fixture
def pushes(client: TestClient) -> Iterator[PushService]:
    service = PushService()
    turns.configure(client.app.state.store, (f"127.0.0.1:{service.port}",))  # type: ignore[attr-defined]
    yield service
    service.server.shutdown()


def store_of(client: TestClient) -> Any:
    return client.app.state.store  # type: ignore[attr-defined]


def drain(client: TestClient) -> None:
    turns.notifier(store_of(client)).drain()


def decision_of(client: TestClient, game: dict[str, Any], token: str) -> Any:
    r = client.get(f"/api/games/{game['id']}", params={"token": token})
    assert r.status_code == 200, r.text
    return r.json()


def play_until_turn_leaves(client: TestClient, game: dict[str, Any]) -> int:
    """The seat to play answers its first option until another seat must answer; returns
    the seat that played."""
    tokens = game["tokens"]
    st = decision_of(client, game, tokens[0])
    seat = st["decision"]["seat"]
    for _ in range(60):
        st = decision_of(client, game, tokens[seat])
        if st["decision"] is None or st["decision"]["seat"] != seat:
            return int(seat)
        key = st["decision"]["options"][0]["key"]
        r = post(client, game, "play", token=tokens[seat], key=key, reply="brief")
        assert r.status_code == 200, r.text
    raise AssertionError("the turn never left the seat")


def turn_of(client: TestClient, game: dict[str, Any], token: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{game['id']}/turn", params={"token": token})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


WHOSE = {
    0: {"fr": "Au tour de l'Imperium", "en": "The Imperium's turn"},
    1: {"fr": "Au tour du Traître", "en": "The Traitor's turn"},
}
LABELS = {0: {"fr": "Imperium", "en": "Imperium"}, 1: {"fr": "Traître", "en": "Traitor"}}


# --- pace ---------------------------------------------------------------------------------------


def test_pace_is_checked_and_named_when_refused(client: TestClient) -> None:
    body = {"ruleset": "heresy", "seats": [HUMAN, HUMAN], "seed": 3}
    for bad in ("slow", 3, ["turn"], ""):
        r = client.post("/api/games", json={**body, "mode": "online", "pace": bad})
        assert r.status_code == 422 and "'pace'" in error_field(r), r.text
    r = client.post("/api/games", json={**body, "mode": "hotseat", "pace": "turn"})
    assert r.status_code == 422 and "'pace'" in error_field(r)
    assert "online games only" in error_field(r)
    game = two_people(client, pace="turn")
    assert turn_of(client, game, game["tokens"][0])["pace"] == "turn"
    live = two_people(client)
    assert turn_of(client, live, live["tokens"][0])["pace"] == "live"


def test_whose_turn_since_when_in_both_languages(client: TestClient) -> None:
    game = two_people(client, pace="turn")
    a, b = game["tokens"]
    first = turn_of(client, game, b)
    assert first["whose"] == WHOSE[first["seat"]]
    assert first["you"] == 1 and first["since"] <= first["now"]
    assert first["name"] == {
        "fr": "L'Hérésie d'Horus, Frère contre Frère",
        "en": "The Horus Heresy, Brother Against Brother",
    }
    time.sleep(0.05)
    played = play_until_turn_leaves(client, game)
    drain(client)
    after = turn_of(client, game, a)
    assert played == first["seat"] and after["seat"] == 1 - played
    assert after["since"] > first["since"] and after["whose"] == WHOSE[1 - played]
    assert after["you"] == 0
    assert turn_of(client, game, game["spectator"])["you"] is None


def test_the_ledger_moves_with_each_stored_move_and_wakes_no_thread(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whose turn since when is written by the move's own transaction (issue 14: no thread
    and no disk sync of its own per move): after every move the row names the seat to
    answer and the move count, and its `since` changes only when the turn changes hands,
    to the time of the move that handed it. A hotseat move hands nothing to a thread."""
    store = store_of(client)
    game = new_game(client, "heresy", [HUMAN, HUMAN], seed=4)
    drain(client)  # the new game's row
    handed: list[str] = []

    def submit(self: turns.Notifier, pool: Any, fn: Any, *args: Any) -> bool:
        handed.append(fn.__name__)
        return True

    monkeypatch.setattr(turns.Notifier, "submit", submit)
    token = game["admin"]
    row = notify_store.turns_of(store, [game["id"]])[game["id"]]
    changes = 0
    for n in range(1, 41):
        seat = decision_of(client, game, token)["decision"]["seat"]
        st = state(client, game, token, seat=seat)  # the table, through that seat's eyes
        key = st["decision"]["options"][0]["key"]
        assert post(client, game, "play", token=token, key=key).status_code == 200
        after = decision_of(client, game, token)["decision"]
        now = notify_store.turns_of(store, [game["id"]])[game["id"]]
        assert (now.seat, now.moves) == (after["seat"] if after else None, n)
        if now.seat == seat:
            assert now.since == row.since
        else:
            changes += 1
            assert now.since > row.since
        row = now
    assert changes >= 2 and handed == []


# --- my games -----------------------------------------------------------------------------------


def test_my_games_put_my_turn_first_then_waiting_then_over(client: TestClient) -> None:
    waiting = two_people(client, pace="turn")
    mine = two_people(client, pace="turn")
    first = turn_of(client, mine, mine["tokens"][0])["seat"]
    me = 1 - first  # I hold the seat that plays second
    play_until_turn_leaves(client, mine)  # now my turn there; the other still waits
    over = two_people(client)
    assert post(client, over, "resign", token=over["tokens"][0]).status_code == 200
    drain(client)
    pairs = [{"id": g["id"], "token": g["tokens"][me]} for g in (over, waiting, mine)]
    r = client.post("/api/games/mine", json={"games": pairs})
    assert r.status_code == 200, r.text
    games = r.json()["games"]
    assert [g["id"] for g in games] == [mine["id"], waiting["id"], over["id"]]
    first, second, third = games
    assert first["mine"] is True and first["over"] is False and first["pace"] == "turn"
    assert first["turn"]["label"] == LABELS[me] and first["turn"]["seat"] == me
    assert first["you"] == {"seat": me, "label": LABELS[me]}
    assert first["name"]["fr"] == "L'Hérésie d'Horus, Frère contre Frère"
    assert second["mine"] is False and second["turn"]["label"] == LABELS[first_seat := 1 - me]
    assert second["turn"]["seat"] == first_seat
    assert second["turn"]["since"] <= second["now"]
    assert third["over"] is True and third["turn"] is None and third["pace"] == "live"


# --- Web Push -----------------------------------------------------------------------------------


def test_push_subscriptions_are_checked_field_by_field(
    client: TestClient, pushes: PushService
) -> None:
    game = two_people(client, pace="turn")
    a = game["tokens"][0]
    good = Browser("https://push.example.com/x").subscription

    def refused(sub: Any, field: str, status: int = 422) -> None:
        r = post(client, game, "push", token=a, subscription=sub)
        assert r.status_code == status, r.text
        assert f"'{field}'" in error_field(r), r.text

    for endpoint in (
        "http://push.example.com/x",  # not https
        "https://127.0.0.1/x",  # loopback
        "https://10.1.2.3/x",  # private
        "https://192.168.1.1/x",
        "https://169.254.169.254/latest",  # link-local (a cloud's metadata service)
        "https://[::1]/x",
        "https://user:pw@push.example.com/x",
        "https://push.example.com/" + "x" * 1100,  # oversized
        "https://push.exa mple.com/x",
        "ftp://push.example.com/x",
        f"http://127.0.0.1:{pushes.port + 1}/x",  # loopback, another port than allowed
    ):
        refused({**good, "endpoint": endpoint}, "endpoint")
    refused({**good, "endpoint": 7}, "endpoint")
    keys = good["keys"]
    assert isinstance(keys, dict)
    refused({**good, "keys": {**keys, "p256dh": "A" * 300}}, "keys.p256dh")  # oversized
    refused({**good, "keys": {**keys, "p256dh": "not base64!"}}, "keys.p256dh")
    refused({**good, "keys": {**keys, "p256dh": b64(b"\x04" + b"\x01" * 64)}}, "keys.p256dh")
    refused({**good, "keys": {**keys, "auth": b64(b"1" * 17)}}, "keys.auth")
    refused({**good, "keys": {**keys, "auth": None}}, "keys.auth")
    refused({**good, "keys": "k"}, "keys")
    refused("sub", "subscription")
    r = post(client, game, "push", token=a, subscription=good, lang="de")
    assert r.status_code == 422 and "'lang'" in error_field(r)
    # only a seat's own token subscribes it; nothing was stored by any refusal
    for token in (game["spectator"], game["host"]):
        assert post(client, game, "push", token=token, subscription=good).status_code == 403
    assert notify_store.pushes_of(store_of(client), game["id"]) == []
    # a public https endpoint is fine (the name is not resolved for an allowed address)
    local = Browser(pushes.url("/ok")).subscription
    assert post(client, game, "push", token=a, subscription=local).status_code == 201
    assert len(notify_store.pushes_of(store_of(client), game["id"])) == 1


def test_the_seat_whose_turn_it_becomes_gets_one_push(
    client: TestClient, pushes: PushService
) -> None:
    game = two_people(client, pace="turn")
    a, b = game["tokens"]
    browsers = [Browser(pushes.url("/0")), Browser(pushes.url("/1"))]
    for token, browser in zip((a, b), browsers, strict=True):
        r = post(client, game, "push", token=token, subscription=browser.subscription, lang="fr")
        assert r.status_code == 201, r.text
    assert turn_of(client, game, b)["push"] == 1
    key = client.get("/api/push/key").json()["key"]
    first = play_until_turn_leaves(client, game)  # maybe several answers of that seat
    other = 1 - first
    drain(client)
    assert pushes.to(f"/{first}") == [] and len(pushes.to(f"/{other}")) == 1  # once, to the other
    said = browsers[other].read(pushes.to(f"/{other}")[0])
    assert said == {
        "title": "À vous de jouer",
        "body": "L'Hérésie d'Horus, Frère contre Frère",
        "url": f"/game/{game['id']}",
        "tag": f"arbitre-{game['id']}",
    }  # "your turn in game X": nothing of the game's state
    headers = next(h for p, h, _b in pushes.got if p == f"/{other}")
    auth = headers.get("Authorization") or headers.get("authorization") or ""
    assert auth.startswith("vapid t=") and f"k={key}" in auth  # signed with the server's key
    # the other plays: now the first is told, in English since it asks so now
    tokens = game["tokens"]
    sub = browsers[first].subscription
    r = post(client, game, "push", token=tokens[first], subscription=sub, lang="en")
    assert r.status_code == 201
    assert play_until_turn_leaves(client, game) == other
    drain(client)
    assert len(pushes.to(f"/{other}")) == 1 and len(pushes.to(f"/{first}")) == 1
    assert browsers[first].read(pushes.to(f"/{first}")[0])["title"] == "Your turn"
    # the VAPID key is made once and kept
    assert client.get("/api/push/key").json()["key"] == key
    # stopping: DELETE forgets that browser
    r = client.request(
        "DELETE",
        f"/api/games/{game['id']}/push",
        json={"token": tokens[first], "endpoint": browsers[first].endpoint},
    )
    assert r.status_code == 200 and r.json() == {"removed": 1}
    assert turn_of(client, game, tokens[first])["push"] == 0


def test_a_subscription_the_push_service_says_is_gone_is_deleted(
    client: TestClient, pushes: PushService
) -> None:
    game = two_people(client, pace="turn")
    gone = Browser(pushes.url("/b/gone"))
    second = 1 - turn_of(client, game, game["tokens"][0])["seat"]
    r = post(client, game, "push", token=game["tokens"][second], subscription=gone.subscription)
    assert r.status_code == 201
    play_until_turn_leaves(client, game)
    drain(client)
    assert len(pushes.to("/b/gone")) == 1
    assert notify_store.pushes_of(store_of(client), game["id"]) == []


def test_hotseat_and_ai_seats_are_never_told(client: TestClient, pushes: PushService) -> None:
    table = new_game(client, "heresy", [HUMAN, HUMAN], seed=3)
    r = post(client, table, "push", token=table["admin"], subscription=Browser("x").subscription)
    assert r.status_code == 403
    game = two_people(client, pace="turn")
    browser = Browser(pushes.url("/self"))
    first = turn_of(client, game, game["tokens"][0])["seat"]
    a = game["tokens"][first]
    assert post(client, game, "push", token=a, subscription=browser.subscription).status_code == 201
    # the first seat plays several answers in a row: never told of its own moves
    play_until_turn_leaves(client, game)
    drain(client)
    assert pushes.to("/self") == []


# --- e-mail -------------------------------------------------------------------------------------


@contextlib.contextmanager
def smtp_sink() -> Iterator[tuple[int, list[Any]]]:
    controller_mod = pytest.importorskip("aiosmtpd.controller")
    got: list[Any] = []

    class Handler:
        async def handle_DATA(self, _server: Any, _session: Any, envelope: Any) -> str:
            got.append(envelope)
            return "250 OK"

    with socket.socket() as probe:  # a free loopback port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = controller_mod.Controller(Handler(), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port, got
    finally:
        controller.stop()


def test_a_mail_with_the_link_when_it_is_your_turn(client: TestClient) -> None:
    from email import message_from_bytes
    from email.policy import default

    from arbitre.server.mail import smtp_of

    game = two_people(client, pace="turn")
    first = turn_of(client, game, game["tokens"][0])["seat"]
    a, b = game["tokens"][first], game["tokens"][1 - first]  # b: told when a has played
    names = {0: "Imperium", 1: "Traitor"}
    store = store_of(client)
    assert post(client, game, "mail", token=b, address="b@example.org").status_code == 503
    with smtp_sink() as (port, got):
        turns.configure(store, (), smtp_of(f"127.0.0.1:{port}", "arbitre@example.org"))
        for bad in (
            "b@example.org\r\nBcc: evil@example.org",  # header injection
            "b@example.org\nBcc: evil@example.org",
            "two@@example.org",
            "no-at.example.org",
            "a@b@example.org",
            "x" * 250 + "@example.org",
            "b@example",
            42,
        ):
            r = post(client, game, "mail", token=b, address=bad)
            assert r.status_code == 422 and "'address'" in error_field(r), bad
        assert (
            post(client, game, "mail", token=game["spectator"], address="s@x.org").status_code
            == 403
        )
        assert (
            post(client, game, "mail", token=b, address="b@example.org", lang="en").status_code
            == 201
        )
        assert turn_of(client, game, b)["mail"] is True
        play_until_turn_leaves(client, game)
        drain(client)
        assert len(got) == 1
        assert got[0].rcpt_tos == ["b@example.org"] and got[0].mail_from == "arbitre@example.org"
        mail = message_from_bytes(got[0].content, policy=default)
        assert mail["Subject"] == "Your turn — The Horus Heresy, Brother Against Brother"
        text = mail.get_content()
        assert f"/game/{game['id']}" in text and names[1 - first] in text
        assert a not in text and b not in text  # never a seat's token in a mail
        stop = next(w for w in text.split() if "/mail/stop/" in w)
        # not more than one an hour while unanswered: the turn comes back (an AI played for
        # the Traitor, say) without the Traitor answering
        store_turn = notify_store.turns_of(store, [game["id"]])[game["id"]]
        now = time.time()
        moves, gid, other = store_turn.moves, game["id"], 1 - first
        turns.turn_moved(store, gid, first, True, moves + 1, now)
        turns.turn_moved(store, gid, other, True, moves + 2, now + 60)
        drain(client)
        assert len(got) == 1
        turns.turn_moved(store, gid, first, True, moves + 3, now + 120)
        turns.turn_moved(store, gid, other, True, moves + 4, now + 3700)
        drain(client)
        assert len(got) == 2
        # the stop link in the mail stops them
        path = stop[stop.index("/mail/stop/") :]
        page = client.get(path)
        assert page.status_code == 200 and "no more messages" in page.text
        assert turn_of(client, game, b)["mail"] is False
        assert client.get(path).status_code == 404
        assert client.get("/mail/stop/" + "x" * 100).status_code == 404


def test_a_rematch_keeps_the_pace(client: TestClient) -> None:
    game = two_people(client, pace="turn")
    a, b = game["tokens"]
    assert post(client, game, "resign", token=a).status_code == 200
    assert post(client, game, "rematch", token=a).status_code == 200
    assert post(client, game, "rematch/answer", token=b, accept=True).status_code == 200
    r = client.get(f"/api/games/{game['id']}/social", params={"token": a})
    nxt = r.json()["next"]
    drain(client)
    again = {"id": nxt["id"]}
    info = turn_of(client, again, nxt["token"])
    assert info["pace"] == "turn" and info["seat"] is not None and info["whose"] is not None


def test_serve_takes_the_notification_options(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`arbitre serve --push-allow HOST:PORT --smtp HOST:PORT --smtp-from ADDR` configures
    the app it runs; a bad value stops it with a message naming the option."""
    import uvicorn
    from typer.testing import CliRunner

    from arbitre.cli import app as cli

    served: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda web, **_kw: served.append(web))
    db = f"sqlite:///{tmp_path / 'serve.sqlite3'}"
    args = ["serve", "--db", db, "--push-allow", "127.0.0.1:9999"]
    mail = ["--smtp", "127.0.0.1:2525", "--smtp-from", "arbitre@example.org"]
    result = CliRunner().invoke(cli, args + mail)
    assert result.exit_code == 0, result.output
    settings = turns.notifier(served[0].state.store).settings
    assert settings.push_allow == frozenset({"127.0.0.1:9999"})
    assert settings.smtp is not None and settings.smtp.port == 2525
    assert settings.contact == "mailto:arbitre@example.org"
    for bad in (["--smtp", "nohost"], ["--smtp", "h:25", "--smtp-from", "x\r\n@y.org"]):
        result = CliRunner().invoke(cli, [*args, *bad])
        assert result.exit_code == 2 and "--smtp" in result.output, result.output
    result = CliRunner().invoke(cli, ["serve", "--db", db, "--push-allow", "nohost"])
    assert result.exit_code == 2 and "--push-allow" in result.output
