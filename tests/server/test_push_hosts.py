"""`arbitre serve --push-allow HOST:PORT` (issue 17; docs/web.md, Turn-based play and
notifications): the allowed push service and the endpoints are parsed alike (urllib), so
an IPv6 host in brackets (`[::1]:8443`) matches `http://[::1]:8443/…` however the address
is spelled, and nothing else gets through."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arbitre.server import turns
from arbitre.server.errors import ApiError
from arbitre.server.push import allowed_key, check_endpoint
from tests.server.social_util import error_field, post, two_people
from tests.server.test_turns import Browser, drain, play_until_turn_leaves, turn_of


def refused(endpoint: str, allow: frozenset[str]) -> str:
    """The field the refusal of `endpoint` names (it must be refused, with a 422)."""
    with pytest.raises(ApiError) as caught:
        check_endpoint(endpoint, allow)
    assert caught.value.status == 422
    return str(caught.value.msg.args["field"])


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        ("[::1]:8443", "[::1]:8443"),
        ("[0:0:0:0:0:0:0:1]:8443", "[::1]:8443"),
        ("[FE80::A]:9", "[fe80::a]:9"),
        ("127.0.0.1:9999", "127.0.0.1:9999"),
        ("Push.Local:80", "push.local:80"),
        (" push.local:80 ", "push.local:80"),
    ],
)
def test_allowed_hosts_are_parsed_with_their_brackets(given: str, kept: str) -> None:
    assert allowed_key(given) == kept


@pytest.mark.parametrize(
    "bad",
    ["::1:8443", "[::1]", "[::1:8443", "[zz]:1", "h:99999", "h:x", "h:1/x", "h:1?x", "u@h:1", ""],
)
def test_a_bad_allowed_host_is_refused_naming_the_option(bad: str) -> None:
    with pytest.raises(ValueError, match="--push-allow"):
        allowed_key(bad)


def test_bracketed_ipv6_endpoints_match_the_allowed_host_and_port_only() -> None:
    allow = frozenset({allowed_key("[::1]:8443")})
    for good in (
        "http://[::1]:8443/push/x",
        "https://[::1]:8443/push/x",
        "http://[0::1]:8443/x",
        "http://[0:0:0:0:0:0:0:1]:8443/x",
    ):
        check_endpoint(good, allow)  # allowed: no exception
    for bad in (
        "http://[::1]:8444/x",  # another port
        "http://[::1]/x",  # the default port
        "https://[::1]/x",
        "http://[::2]:8443/x",  # another address
        "http://127.0.0.1:8443/x",
        "http://[::1]:8443@evil.example/x",
        "http://u@[::1]:8443/x",
    ):
        assert refused(bad, allow) == "endpoint", bad


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
    except OSError:
        return False
    return True


class PushService6:
    """A push service on the IPv6 loopback: records the path of each POST."""

    def __init__(self) -> None:
        self.paths: list[str] = []
        paths = self.paths

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length", "0")))
                paths.append(self.path)
                self.send_response(201)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        class Server(ThreadingHTTPServer):
            address_family = socket.AF_INET6

        self.server = Server(("::1", 0), Handler)
        self.port = int(self.server.server_address[1])
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def push6(client: TestClient) -> Iterator[PushService6]:
    if not _ipv6_loopback():
        pytest.skip("no IPv6 loopback here")
    service = PushService6()
    turns.configure(client.app.state.store, (f"[::1]:{service.port}",))  # type: ignore[attr-defined]
    yield service
    service.server.shutdown()


def test_a_push_reaches_a_service_on_the_ipv6_loopback(
    client: TestClient, push6: PushService6
) -> None:
    game = two_people(client, pace="turn")
    second = 1 - turn_of(client, game, game["tokens"][0])["seat"]
    token = game["tokens"][second]
    # another port on the same address: refused, naming the field
    wrong = Browser(f"http://[::1]:{push6.port + 1}/x").subscription
    r = post(client, game, "push", token=token, subscription=wrong)
    assert r.status_code == 422 and "'endpoint'" in error_field(r)
    browser = Browser(f"http://[0:0::1]:{push6.port}/v6")  # spelled otherwise: the same host
    r = post(client, game, "push", token=token, subscription=browser.subscription)
    assert r.status_code == 201, r.text
    play_until_turn_leaves(client, game)
    drain(client)
    assert push6.paths == ["/v6"]


def test_a_send_connects_to_the_address_checked_not_a_new_lookup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DNS rebinding: the endpoint's name resolves to a public address when it is checked,
    and to the server's own loopback a moment later. The send connects to the checked
    address (and asks for no new lookup), so it can never reach the loopback service."""
    import urllib3.util.connection as connection

    from arbitre.server import push

    public = "93.184.216.34"
    answers = iter([public])
    looked: list[str] = []

    def getaddrinfo(host: str, port: Any, *args: Any, **kwargs: Any) -> list[Any]:
        looked.append(host)
        address = next(answers, "127.0.0.1")  # the second answer: the loopback
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    dialed: list[tuple[str, int]] = []

    def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> Any:
        dialed.append(address)
        raise OSError("no network in this test")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(connection, "create_connection", create_connection)
    endpoint = "https://push.example.org/send/abc"
    assert check_endpoint(endpoint, frozenset()) == public
    answers = iter([public])
    looked.clear()
    session = push.pinned_session(check_endpoint(endpoint, frozenset()))
    with pytest.raises(Exception, match="no network"):
        session.post(endpoint, data=b"x", timeout=2)
    session.close()
    assert dialed == [(public, 443)] and looked == ["push.example.org"]
