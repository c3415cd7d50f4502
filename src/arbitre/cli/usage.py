"""One-line argument errors in one language: `Erreur : --dice : …` / `Error: --dice: …`.

Used by the commands that check their arguments themselves (odds, simulate): the message
names the argument, is printed on stderr as a single line, and the command exits with 2
(the code of a usage error), before any work starts.
"""

from __future__ import annotations

import typer

_LEAD = {"fr": "Erreur : {arg} : {text}", "en": "Error: {arg}: {text}"}


def usage_error(lang: str, arg: str, text: str) -> typer.Exit:
    """Print the error on stderr (one line); the caller raises the returned Exit(2)."""
    line = _LEAD.get(lang, _LEAD["fr"]).format(arg=arg, text=text)
    typer.echo(" ".join(line.split()), err=True)
    return typer.Exit(2)


def config_text(exc: Exception, lang: str) -> str:
    """A refused configuration in `lang` when the engine gave a bilingual message."""
    from arbitre.engine.i18n import Msg, translate

    msg = getattr(exc, "msg", None)
    return translate(msg, lang) if isinstance(msg, Msg) else str(exc)
