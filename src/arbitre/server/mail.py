"""E-mail when it is a seat's turn, through the SMTP server the operator configures
(`arbitre serve --smtp HOST:PORT --smtp-from ADDR`; user and password from the environment
variables ARBITRE_SMTP_USER and ARBITRE_SMTP_PASSWORD; STARTTLS whenever the server offers
it). Sent from a worker thread with a short timeout, never from the event loop.

An address comes from a client: at most MAX_ADDRESS characters, exactly one "@", no
spaces, control characters (CR/LF: no header injection), quotes, angle brackets or commas;
the message is built with the standard library's `EmailMessage` (SMTP policy), which also
refuses a line break in any header.
"""

from __future__ import annotations

import os
import re
import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from typing import Any

from arbitre.server.errors import refuse

MAX_ADDRESS = 254
TIMEOUT = 10.0
HOUR = 3600.0  # at most one mail an hour per game while the last one is unanswered
_ADDRESS = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9.-]{1,253}")
USER_ENV = "ARBITRE_SMTP_USER"
PASSWORD_ENV = "ARBITRE_SMTP_PASSWORD"


@dataclass(frozen=True, slots=True)
class SmtpSettings:
    host: str
    port: int
    sender: str


def address_of(raw: Any) -> str:
    """A mail address a seat gives, refused (field `address`) unless plainly one."""
    why = f"an e-mail address of at most {MAX_ADDRESS} characters"
    if not isinstance(raw, str):
        raise refuse(422, "bad_field", "bad_field", field="address", why=why)
    address = raw.strip()
    if "\r" in address or "\n" in address:
        raise refuse(422, "bad_field", "bad_field", field="address", why="no line break")
    if (
        len(address) > MAX_ADDRESS
        or address.count("@") != 1
        or not _ADDRESS.fullmatch(address)
        or ".." in address
        or address.split("@")[1].startswith(".")
        or "." not in address.split("@")[1]
    ):
        raise refuse(422, "bad_field", "bad_field", field="address", why=why)
    return address


def smtp_of(server: str, sender: str) -> SmtpSettings:
    """`--smtp HOST:PORT` and `--smtp-from ADDR` as the operator gave them (ValueError if bad)."""
    host, sep, port = server.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--smtp {server!r}: HOST:PORT expected")
    try:
        address_of(sender)
    except Exception:
        raise ValueError(f"--smtp-from {sender!r}: an e-mail address expected") from None
    return SmtpSettings(host.strip("[]"), int(port), sender)


def send(settings: SmtpSettings, to: str, subject: str, body: str, stop: str) -> None:
    """One plain-text mail (run in a worker thread); raises OSError/SMTPException."""
    message = EmailMessage(policy=SMTP)
    message["From"] = settings.sender
    message["To"] = to
    message["Subject"] = subject
    message["List-Unsubscribe"] = f"<{stop}>"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content(body)
    with smtplib.SMTP(settings.host, settings.port, timeout=TIMEOUT) as smtp:
        smtp.ehlo()
        if smtp.has_extn("starttls"):
            smtp.starttls(context=ssl.create_default_context())
            smtp.ehlo()
        user, password = os.environ.get(USER_ENV), os.environ.get(PASSWORD_ENV)
        if user and password:
            smtp.login(user, password)
        smtp.send_message(message)
