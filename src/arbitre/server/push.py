"""Web Push (RFC 8030, encrypted per RFC 8291, signed with VAPID per RFC 8292) through
pywebpush: a seat's browser gives its subscription, the server tells it "your turn".

A subscription comes from a client, so it is read like any other input: an `endpoint` of
at most MAX_ENDPOINT characters, `https` only, whose host is a name or address that
resolves to public addresses only (never loopback, private, link-local, multicast or
reserved: the server must not be made to POST into its own network, SSRF); `keys.p256dh`
a P-256 point (65 bytes, base64url) and `keys.auth` 16 bytes. The operator may allow one
`HOST:PORT` more (`arbitre serve --push-allow`, plain http too: a local push service, the
tests'; an IPv6 host in brackets, `[::1]:8443`: both sides are parsed by urllib, so the
brackets, the address's spelling and the case do not matter). The endpoint is checked
again just before each send (its name may resolve elsewhere by then), and the send
connects to the very address that check found public (`pinned_session`: a name that
resolves elsewhere a moment later, DNS rebinding, is never asked again); redirects are not
followed.

The server's VAPID key pair is made once and kept in the database (notify_store.server_key):
every process of the server signs with the same key, and it never comes from a client.
"""

from __future__ import annotations

import base64
import functools
import ipaddress
import json
import logging
import re
import socket
from typing import Any
from urllib.parse import urlsplit

from arbitre.server.errors import refuse
from arbitre.server.notify_store import server_key
from arbitre.server.store import Store

log = logging.getLogger("arbitre.server.push")

MAX_ENDPOINT = 1024
TIMEOUT = 5.0  # seconds for one push service to answer
TTL = 7 * 24 * 3600  # a turn-based game may wait a week for a browser to come online
_B64URL = re.compile(r"[A-Za-z0-9_-]+={0,2}")
_HOST = re.compile(r"[A-Za-z0-9.-]{1,253}")


def available() -> bool:
    """Whether pywebpush (the `notify` extra) is installed."""
    try:
        import pywebpush  # type: ignore[import-untyped, unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True


def _bad(field: str, why: str) -> Exception:
    return refuse(422, "bad_field", "bad_field", field=field, why=why)


def b64url_bytes(raw: Any, field: str, size: int, limit: int) -> bytes:
    """`raw` as base64url of exactly `size` bytes (a string of at most `limit` characters)."""
    why = f"base64url of {size} bytes"
    if not isinstance(raw, str) or not 0 < len(raw) <= limit or not _B64URL.fullmatch(raw):
        raise _bad(field, why)
    try:
        data = base64.urlsafe_b64decode(raw.rstrip("=") + "=" * (-len(raw.rstrip("=")) % 4))
    except (ValueError, TypeError):
        raise _bad(field, why) from None
    if len(data) != size:
        raise _bad(field, why)
    return data


def subscription_of(raw: Any) -> dict[str, Any]:
    """The browser's subscription (`{endpoint, keys: {p256dh, auth}}`), every value checked
    but the endpoint's addresses (`check_endpoint`, which resolves names: a thread's work)."""
    if not isinstance(raw, dict):
        raise _bad("subscription", "object {endpoint, keys}")
    endpoint = raw.get("endpoint")
    if not isinstance(endpoint, str) or not 0 < len(endpoint) <= MAX_ENDPOINT:
        raise _bad("endpoint", f"URL of at most {MAX_ENDPOINT} characters")
    keys = raw.get("keys")
    if not isinstance(keys, dict):
        raise _bad("keys", "object {p256dh, auth}")
    point = b64url_bytes(keys.get("p256dh"), "keys.p256dh", 65, 100)
    try:
        from cryptography.hazmat.primitives.asymmetric import ec

        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        raise _bad("keys.p256dh", "a P-256 public key") from None
    b64url_bytes(keys.get("auth"), "keys.auth", 16, 30)
    return {"endpoint": endpoint, "keys": {"p256dh": keys["p256dh"], "auth": keys["auth"]}}


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not (ip.is_multicast or ip.is_reserved or ip.is_private)


def _host_ok(host: str) -> bool:
    if _HOST.fullmatch(host):
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def host_key(host: str, port: int) -> str:
    """`host:port` as the allowed list keeps it: lower case, an IPv6 address in brackets
    and in its short form (`[::1]:8443`, whatever way the URL wrote it)."""
    host = host.lower()
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return f"{host}:{port}"
    return f"[{ip.compressed}]:{port}" if ip.version == 6 else f"{ip.compressed}:{port}"


def allowed_key(item: str) -> str:
    """One `--push-allow` value (`HOST:PORT`, an IPv6 host in brackets: `[::1]:8443`) as
    `host_key` writes it; ValueError naming the value when it is not one."""
    text = item.strip()
    try:
        parts = urlsplit(f"//{text}")
        host, port = parts.hostname, parts.port
    except ValueError:  # a port that is not a number or out of range, odd brackets
        host, port = None, None
    else:  # HOST:PORT and nothing else: no user, path, query or fragment
        host = host if parts.netloc == text and "@" not in text else None
    if not host or port is None or not _host_ok(host) or not text.isprintable():
        raise ValueError(f"--push-allow {item!r}: HOST:PORT expected ([::1]:8443 for IPv6)")
    return host_key(host, port)


def check_endpoint(endpoint: str, allow: frozenset[str]) -> str | None:
    """Refuse (422, field `endpoint`) an endpoint the server must not post to: not https,
    with a user or odd characters, or a host that resolves to anything but public
    addresses, unless its `host:port` is one the operator allowed. Resolves names: run it
    in a worker thread. Returns the checked address to connect to (`send` pins it: the
    name is not resolved again), None for a host the operator allowed."""
    parts = urlsplit(endpoint)
    host = parts.hostname or ""
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise _bad("endpoint", "a valid port") from None
    if parts.username is not None or parts.password is not None or not host:
        raise _bad("endpoint", "https://host/path")
    if not endpoint.isprintable() or " " in endpoint or not _host_ok(host):
        raise _bad("endpoint", "https://host/path")
    if host_key(host, port) in allow:  # parsed alike: `[::1]:8443` matches http://[::1]:8443/
        if parts.scheme not in ("https", "http"):
            raise _bad("endpoint", "http(s) URL")
        return None
    if parts.scheme != "https":
        raise _bad("endpoint", "https only")
    try:
        found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        raise _bad("endpoint", "a host that resolves") from None
    addresses = [str(info[4][0]) for info in found]
    if not addresses or not all(_public(a) for a in addresses):
        raise _bad("endpoint", "a public address (not private, loopback or link-local)")
    return addresses[0]


def pinned_session(address: str | None) -> Any:
    """A requests Session that connects to `address` whatever the URL's host resolves to
    (the TLS name check and SNI still use the URL's host): the address `check_endpoint`
    found public is the one posted to, so a name that resolves elsewhere a moment later
    (DNS rebinding) cannot turn a push into a request inside the server's network. No
    redirect followed, no proxy variables read. `address` None: resolved as usual (a host
    the operator allowed)."""
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

    session = requests.Session()
    session.max_redirects = 0  # a redirect could point anywhere: not followed
    session.trust_env = False
    if address is None:
        return session
    where = address.split("%")[0]

    class PinnedHTTP(HTTPConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._dns_host = where  # urllib3 connects to `_dns_host`, names `host`

    class PinnedHTTPS(HTTPSConnection):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._dns_host = where

    class HTTPPool(HTTPConnectionPool):
        ConnectionCls = PinnedHTTP

    class HTTPSPool(HTTPSConnectionPool):
        ConnectionCls = PinnedHTTPS

    class Pinned(HTTPAdapter):
        def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
            super().init_poolmanager(*args, **kwargs)
            self.poolmanager.pool_classes_by_scheme = {"http": HTTPPool, "https": HTTPSPool}

    session.mount("http://", Pinned())
    session.mount("https://", Pinned())
    return session


# --- the server's key pair ---------------------------------------------------------------------


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _private_raw(store: Store) -> str:
    from cryptography.hazmat.primitives.asymmetric import ec

    made = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return server_key(store, "vapid", _b64(made.to_bytes(32, "big")))


def public_key(store: Store) -> str:
    """The application server key a browser subscribes with (base64url, uncompressed point)."""
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    raw = base64.urlsafe_b64decode(_private_raw(store) + "==")
    key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    return _b64(key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint))


# py_vapid 1.9.6 checks the `aud` claim (the push service's origin, which pywebpush takes
# from the endpoint) with a pattern that refuses a bracketed IPv6 host (`http://[::1]:8443`,
# RFC 3986 §3.2.2); such an origin is checked here, then signed as it is.
_AUD6 = re.compile(r"(?P<scheme>https?)://\[[0-9A-Fa-f:.]+\](?P<port>:\d{1,5})?")


@functools.cache
def _vapid_class(base: Any) -> Any:
    class Vapid(base):  # type: ignore[misc]
        def _base_sign(self, claims: dict[str, Any]) -> dict[str, Any]:
            aud = str(claims.get("aud", ""))
            found = _AUD6.fullmatch(aud)
            if found is None:
                out: dict[str, Any] = super()._base_sign(claims)
                return out
            # py_vapid checks the rest (sub, exp) with a plain host standing in
            stand_in = f"{found['scheme']}://ipv6.invalid{found['port'] or ''}"
            out = super()._base_sign({**claims, "aud": stand_in})
            out["aud"] = aud
            return out

    return Vapid


# --- sending ----------------------------------------------------------------------------------


def send(
    store: Store, sub: dict[str, Any], payload: dict[str, Any], allow: frozenset[str], contact: str
) -> int:
    """Encrypt and post `payload` to one subscription (in a worker thread): the push
    service's status, or 0 when it could not be reached or the endpoint is refused now."""
    import requests
    from py_vapid import Vapid02  # type: ignore[import-untyped, unused-ignore]
    from pywebpush import WebPushException, webpush

    try:
        address = check_endpoint(sub["endpoint"], allow)
    except Exception:
        log.warning("push endpoint refused at send time")
        return 0
    vapid = _vapid_class(Vapid02).from_raw(_private_raw(store).encode())
    session = pinned_session(address)  # to the address just checked, not a new lookup
    try:
        response = webpush(
            sub,
            json.dumps(payload, ensure_ascii=False),
            vapid_private_key=vapid,
            vapid_claims={"sub": contact},
            timeout=TIMEOUT,
            ttl=TTL,
            requests_session=session,
        )
        return int(getattr(response, "status_code", 201))
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        return int(status) if status is not None else 0
    except (requests.RequestException, OSError, ValueError):
        return 0
    finally:
        session.close()
