"""`arbitre serve`: the web app (lobby, tables, replays) under Uvicorn."""

from __future__ import annotations

from typing import Annotated

import typer

from arbitre.cli import app
from arbitre.cli.messages import tr
from arbitre.cli.rules_cmd import Lang


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
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
) -> None:
    """Lance l'application web / start the web app."""
    import uvicorn

    from arbitre.server.app import create_app
    from arbitre.server.store import default_db_url

    url = db or default_db_url()
    web = create_app(url, ai_delay=ai_delay, rate=rate or None)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(tr("cli.serve.ready", lang, url=f"http://{shown}:{port}/", db=url))
    uvicorn.run(web, host=host, port=port, log_level="warning", ws="websockets-sansio")
