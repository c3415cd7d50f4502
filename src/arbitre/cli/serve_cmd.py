"""`arbitre serve`: the web app (lobby, tables, replays) under Uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import typer

from arbitre.cli import app
from arbitre.cli.messages import Lang, tr
from arbitre.cli.rules_cmd import fail
from arbitre.engine.i18n import add_messages
from arbitre.engine.library import LibraryError

SqliteSync = Literal["normal", "full"]  # store.SYNCS


@app.command("serve")
def serve(
    host: Annotated[str, typer.Option(help="adresse / address")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(help="URL SQLAlchemy (défaut : SQLite) / SQLAlchemy URL (default: SQLite)"),
    ] = None,
    ai_delay: Annotated[
        float, typer.Option(help="pause entre coups d'IA (s) / pause between AI moves (s)")
    ] = 0.3,
    rate: Annotated[
        float,
        typer.Option(
            help="requêtes/s par client, 0 = sans limite / requests/s per client, 0 = none"
        ),
    ] = 50.0,
    content_dir: Annotated[
        Path | None,
        typer.Option(
            "--content-dir",
            help="dossier des packs Hérésie (heresy/NOM/) et champs de bataille "
            "(champs/NOM.toml), choisis par nom / folder of Heresy packs and battlefields, "
            "chosen by name",
        ),
    ] = None,
    library_dir: Annotated[
        Path | None,
        typer.Option(
            "--library-dir",
            help="dossier où les joueurs enregistrent leurs champs de bataille, armées et "
            "tables (défaut : library/ à côté de la base SQLite) / folder where players save "
            "their battlefields, armies and tables (default: library/ beside the SQLite file)",
        ),
    ] = None,
    push_allow: Annotated[
        list[str] | None,
        typer.Option(
            "--push-allow",
            help="HOST:PORT d'un service push local autorisé (http aussi) / a local push "
            "service HOST:PORT allowed (http too)",
        ),
    ] = None,
    smtp: Annotated[
        str | None,
        typer.Option(
            "--smtp",
            help="HOST:PORT du serveur SMTP des e-mails « à vous de jouer » (utilisateur, mot "
            "de passe : ARBITRE_SMTP_USER, ARBITRE_SMTP_PASSWORD) / the SMTP server of the "
            "'your turn' mails (user, password: ARBITRE_SMTP_USER, ARBITRE_SMTP_PASSWORD)",
        ),
    ] = None,
    smtp_from: Annotated[
        str | None, typer.Option("--smtp-from", help="expéditeur / sender address")
    ] = None,
    search_workers: Annotated[
        int,
        typer.Option(
            "--search-workers",
            min=0,
            max=64,
            help="processus de l'IA prévoyante (mcts), 0 = niveau non proposé / processes of "
            "the lookahead AI (mcts), 0 = level not offered",
        ),
    ] = 1,
    search_per_address: Annotated[
        int,
        typer.Option(
            "--search-per-address",
            min=1,
            max=1000,
            help="parties en cours avec l'IA prévoyante par adresse / unfinished games with "
            "the lookahead AI per address",
        ),
    ] = 2,
    sqlite_sync: Annotated[
        SqliteSync,
        typer.Option(
            "--sqlite-sync",
            help="SQLite : normal = un coup enregistré survit à un arrêt du serveur ; full = "
            "aussi à une coupure de courant, au prix d'une écriture disque par coup / "
            "SQLite: normal = a stored move survives the server stopping; full = a power cut "
            "too, at the price of a disk sync per move",
        ),
    ] = "normal",
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
) -> None:
    """Lance l'application web / start the web app."""
    import uvicorn

    from arbitre.server.app import create_app
    from arbitre.server.store import default_db_url

    url = db or default_db_url()
    from arbitre.server import search

    # the lookahead AI's processes and limits (server/search.py)
    search.configure(search_workers, search_per_address)
    try:
        web = create_app(
            url,
            ai_delay=ai_delay,
            rate=rate or None,
            content_dir=content_dir,
            library_dir=library_dir,
            warm=True,
            sqlite_sync=sqlite_sync,
        )
    except LibraryError as exc:
        raise fail(lang, "cli.serve.bad_content", error=str(exc)) from None
    except OSError as exc:  # a library folder that cannot be created or read
        raise fail(lang, "cli.serve.bad_library", error=str(exc)) from None
    try:  # turn notifications (server/turns.py; docs/web.md)
        from arbitre.server.mail import smtp_of
        from arbitre.server.turns import configure

        mail = smtp_of(smtp, smtp_from or "") if smtp else None
        configure(web.state.store, tuple(push_allow or ()), mail)
    except ValueError as exc:
        raise fail(lang, "cli.serve.bad_notify", error=str(exc)) from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(tr("cli.serve.ready", lang, url=f"http://{shown}:{port}/", db=url))
    # No per-message deflate: the sockets carry patches of 1-3 KiB (server/patches.py), and
    # compressing each cost the server ~0.5 ms of CPU per move (docs/performance.md, Server).
    # "auto": uvloop and httptools (dependencies, not on Windows for uvloop) when importable,
    # ~0.1 ms less CPU per move than asyncio's own loop and h11; else the standard ones.
    uvicorn.run(
        web,
        host=host,
        port=port,
        log_level="warning",
        ws="websockets-sansio",
        ws_per_message_deflate=False,
        loop="auto",
        http="auto",
    )


add_messages(
    {
        "cli.serve.bad_content": {
            "fr": "Contenu installé refusé (--content-dir) : { $error }",
            "en": "Installed content refused (--content-dir): { $error }",
        },
        "cli.serve.bad_notify": {
            "fr": "Notifications mal configurées : { $error }",
            "en": "Notifications badly configured: { $error }",
        },
        "cli.serve.bad_library": {
            "fr": "Bibliothèque inutilisable (--library-dir) : { $error }",
            "en": "Library unusable (--library-dir): { $error }",
        },
    }
)
