"""Fixtures for the browser tests: the real app under Uvicorn on a loopback port (a
temporary SQLite file), and Debian's chromium driven by Playwright (never downloaded)."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

# Every page reports a Content-Security-Policy violation to its console (the browser does,
# and this listener too, for violations the console would word differently).
CSP_WATCH = """
document.addEventListener("securitypolicyviolation", (e) => {
  const where = `${e.sourceFile}:${e.lineNumber}`;
  console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${where}`);
});
"""

NO_CHROMIUM = "browser tests need Debian's chromium at /usr/bin/chromium (make test installs it)"


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a free loopback port; yields its base URL."""
    import uvicorn

    from arbitre.server.app import create_app

    db = tmp_path_factory.mktemp("web") / "games.sqlite3"
    app = create_app(f"sqlite:///{db}", rate=None)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, log_level="warning", lifespan="on", ws="websockets-sansio")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        assert thread.is_alive(), "the server thread died"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)
    sock.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(NO_CHROMIUM)
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        yield b
        b.close()


SIZES = {"laptop": LAPTOP, "phone": PHONE}


@pytest.fixture
def sized(browser: Any, request: Any) -> Iterator[Any]:
    """A page at the size `request.param` ("laptop" or "phone": a touch screen), its name
    in `p.size`; downloads accepted (the editors' files). Fails the test on a JavaScript
    error or a CSP violation. Parametrize with `indirect=True`."""
    size = request.param
    context = browser.new_context(
        viewport=SIZES[size], has_touch=size == "phone", accept_downloads=True
    )
    p = context.new_page()
    errors = watch(p)
    p.size = size
    yield p
    context.close()
    assert not errors, f"JavaScript errors or CSP violations on the page: {errors}"


def watch(p: Any) -> list[str]:
    """Collect a page's JavaScript errors and Content-Security-Policy violations."""
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))

    def console(msg: Any) -> None:
        text = msg.text
        if "Content Security Policy" in text or text.startswith("CSP violation"):
            errors.append(text)

    p.on("console", console)
    p.add_init_script(CSP_WATCH)
    return errors


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=LAPTOP, accept_downloads=True)
    p = context.new_page()
    errors = watch(p)
    p.errors = errors
    yield p
    context.close()
    assert not errors, f"JavaScript errors or CSP violations on the page: {errors}"


def api(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.loads(resp.read())


def new_game(base: str, ruleset: str, seats: list[dict[str, Any]], **body: Any) -> Any:
    """A game made through the API; hotseat (one screen) unless `mode="online"` is given."""
    data = {"ruleset": ruleset, "mode": "hotseat", "seats": seats, **body}
    return api(base, "POST", "/api/games", data)


def every_word_in_both_languages(p: Any) -> None:
    """Every page string the page registered exists in French and English, and no element
    still shows its raw key (the editors' pages)."""
    missing = p.evaluate(
        """async () => {
          const m = await import('/static/js/i18n.js');
          const fr = Object.keys(m._strings.fr), en = Object.keys(m._strings.en);
          const raw = [...document.querySelectorAll('[data-i18n]')]
            .filter((e) => e.textContent === e.dataset.i18n).map((e) => e.dataset.i18n);
          return [fr.filter(k => !en.includes(k)), en.filter(k => !fr.includes(k)), raw];
        }"""
    )
    assert missing == [[], [], []]
