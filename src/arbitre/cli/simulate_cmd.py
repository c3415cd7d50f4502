"""`arbitre simulate GAME`: many seeded games between agents, summarised per seat."""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from arbitre.cli import app
from arbitre.cli import report as reports
from arbitre.cli.messages import tr
from arbitre.cli.render import make_console
from arbitre.cli.rules_cmd import BadConfig, Lang, check_config, fail, fail_msg, load_ruleset
from arbitre.cli.rules_cmd import parse_config as read_config
from arbitre.engine.agents import agent_names
from arbitre.engine.ruleset import Ruleset
from arbitre.engine.simulate import simulate as run_simulation


def default_agents(ruleset: Ruleset[Any], seats: tuple[str, ...]) -> list[str]:
    """The AI named after a seat when the ruleset has one (e.g. `mj`), `random` otherwise."""
    known = agent_names(ruleset)
    return [seat if seat in known else "random" for seat in seats]


def parse_agents(
    ruleset: Ruleset[Any], seats: tuple[str, ...], text: str | None, lang: str
) -> list[str]:
    if text is None:
        return default_agents(ruleset, seats)
    agents = [a.strip() for a in text.split(",") if a.strip()]
    if len(agents) != len(seats):
        raise fail(
            lang, "cli.agents.count", n=len(agents), seats=len(seats), names=", ".join(seats)
        )
    known = agent_names(ruleset)
    for name in agents:
        if name not in known:
            raise fail(lang, "cli.agents.unknown", name=name, known=", ".join(known))
    return agents


def summary_table(summary: dict[str, Any], lang: str) -> Table:
    table = Table(
        title=tr(
            "cli.sim.title",
            lang,
            game=summary["game"],
            games=summary["games"],
            workers=summary["workers"],
        ),
        title_justify="left",
    )
    for key, justify in (
        ("cli.sim.seat", "left"),
        ("cli.sim.agent", "left"),
        ("cli.sim.wins", "right"),
        ("cli.sim.draws", "right"),
        ("cli.sim.losses", "right"),
        ("cli.sim.mean", "right"),
    ):
        table.add_column(tr(key, lang), justify=justify)  # type: ignore[arg-type]
    for row in summary["results"]:
        table.add_row(
            row["seat"],
            row["agent"],
            str(row["wins"]),
            str(row["draws"]),
            str(row["losses"]),
            f"{row['mean_score']:.3f}",
        )
    return table


@app.command("simulate")
def simulate(
    game: Annotated[str, typer.Argument(help="jeu / game (ex. champs)")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="parties / games")] = 100,
    agents: Annotated[
        str | None,
        typer.Option("--agents", help="un agent par siège / one agent per seat: random,random,mj"),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="première graine / first seed")] = 0,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="processus")] = 1,
    as_json: Annotated[
        bool, typer.Option("--json", help="un objet JSON / one JSON object")
    ] = False,
    config: Annotated[
        list[str] | None, typer.Option("--config", "-c", help="clé=valeur / key=value")
    ] = None,
    max_decisions: Annotated[
        int, typer.Option("--max-decisions", min=1, help="par partie / per game")
    ] = 100_000,
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="= --config scenario=NOM / NAME (heresy)"),
    ] = None,
    report: Annotated[
        str | None,
        typer.Option("--report", help="rapport d'équilibre / balance report: FICHIER.html|.png"),
    ] = None,
) -> None:
    """Simuler des parties entre agents / simulate games between agents."""
    if report is not None and not report.lower().endswith((".html", ".htm", ".png")):
        raise fail(lang, "cli.report.format", path=report)
    if scenario is not None:
        config = [*(config or []), f"scenario={scenario}"]
    ruleset = load_ruleset(game, lang)
    try:
        cfg = read_config(ruleset, config)
        seats = check_config(ruleset, cfg)
    except BadConfig as exc:
        raise fail_msg(lang, exc.msg) from None
    names = parse_agents(ruleset, seats, agents, lang)
    err = make_console(stderr=True)
    show_progress = not as_json and err.is_terminal
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not show_progress,
        transient=True,
    ) as progress:
        task = progress.add_task(tr("cli.sim.progress", lang, game=game), total=games)
        summary = run_simulation(
            game,
            games,
            names,
            seed=seed,
            workers=workers,
            config=cfg,
            max_decisions=max_decisions,
            progress=lambda n: progress.advance(task, n),
            keep=report is not None,
        )
    summary.update(seed=seed, agents=names, config=cfg, max_decisions=max_decisions)
    if report is not None:
        path = reports.write(summary, report, lang)
        del summary["outcomes"]
        make_console(stderr=True).print(Text(tr("cli.report.written", lang, path=str(path))))
    if as_json:
        sys.stdout.write(json.dumps(summary, ensure_ascii=False, default=str) + "\n")
    else:
        show(summary, lang)
    if summary["errors"]:
        raise typer.Exit(1)


def show(summary: dict[str, Any], lang: str) -> None:
    console = make_console()
    console.print(summary_table(summary, lang))
    console.print(
        Text(
            tr(
                "cli.sim.stats",
                lang,
                mean=f"{summary['mean_decisions']:.1f}",
                dps=f"{summary['decisions_per_second']:.0f}",
                cpu=f"{summary['decisions_per_cpu_second']:.0f}",
                seconds=f"{summary['seconds']:.2f}",
            )
        )
    )
    errors = summary["errors"]
    style = "bold red" if errors else "green"
    console.print(Text(tr("cli.sim.errors", lang, n=errors), style=style))
    for sample in summary["error_samples"]:
        last = (sample["error"] or "").strip().splitlines()[-1:] or [""]
        console.print(
            Text(tr("cli.sim.error_sample", lang, seed=sample["seed"], error=last[0]), style="red")
        )
