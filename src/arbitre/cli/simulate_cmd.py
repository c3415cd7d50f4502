"""`arbitre simulate GAME`: many seeded games between agents, summarised per seat.

Every argument is checked before the first game (`check_arguments`): the game, the
configuration (the engine's `config_values`, then one dry `ruleset.new` so the game's own
checks run: scenario, battlefield, content pack), the agents (each one built once) and the
`--report` path. A refusal is one line naming the argument, exit code 2.
"""

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
from arbitre.cli.choices import ChoicesCommand
from arbitre.cli.messages import game_title, tr
from arbitre.cli.render import make_console
from arbitre.cli.rules_cmd import Lang
from arbitre.cli.usage import usage_error
from arbitre.engine.agents import agent_names, known_agent, make_agent
from arbitre.engine.config_values import BadConfig, check_config, parse_config
from arbitre.engine.i18n import add_messages, translate
from arbitre.engine.registry import get, names
from arbitre.engine.ruleset import ConfigError, Ruleset
from arbitre.engine.simulate import simulate as run_simulation

add_messages(
    {
        "cli.sim.bad_game": {
            "fr": "jeu inconnu « { $game } » ; jeux : { $known }",
            "en": "unknown game '{ $game }'; games: { $known }",
        },
        "cli.sim.refused": {
            "fr": "configuration refusée : { $error }",
            "en": "configuration refused: { $error }",
        },
        "cli.sim.agent_broken": {
            "fr": "l'agent « { $name } » ne peut pas jouer : { $error }",
            "en": "the agent '{ $name }' cannot play: { $error }",
        },
    }
)


def _culprit(error: Exception, config: dict[str, Any], scenario: str | None) -> str:
    """The argument a refused configuration came from: `--scenario` or `--config KEY`."""
    msg = getattr(error, "msg", None)
    key = msg.args.get("key") if msg is not None and hasattr(msg, "args") else None
    text = str(error)
    for k in config:
        if k == key or f"'{k}'" in text:
            return "--scenario" if k == "scenario" and scenario is not None else f"--config {k}"
    return "--config"


def check_arguments(
    game: str,
    config_items: list[str] | None,
    scenario: str | None,
    agents: str | None,
    report: str | None,
    seed: int,
    lang: str,
) -> tuple[dict[str, Any], list[str]]:
    """The checked configuration and agent names; exits 2 with one line on any refusal."""
    if report is not None:
        problem = reports.path_problem(report, lang)
        if problem is not None:
            raise usage_error(lang, "--report", problem)
    try:
        ruleset = get(game)
    except KeyError:
        known = ", ".join(names())
        text = tr("cli.sim.bad_game", lang, game=game, known=known)
        raise usage_error(lang, "GAME", text) from None
    items = list(config_items or [])
    if scenario is not None:
        items.append(f"scenario={scenario}")
    cfg: dict[str, Any] = {}
    try:
        cfg = parse_config(ruleset, items)
        seats = check_config(ruleset, cfg)
        ruleset.new(cfg, seed)  # the game's own checks (scenario, battlefield, content pack)
    except (ConfigError, ValueError, OSError) as exc:
        where = _culprit(exc, cfg or _keys(items), scenario)
        if isinstance(exc, BadConfig):
            text = translate(exc.msg, lang)
        else:
            text = tr("cli.sim.refused", lang, error=" ".join(str(exc).split()))
        raise usage_error(lang, where, text) from None
    names_ = parse_agents(ruleset, seats, agents, lang)
    for i, name in enumerate(names_):
        try:
            make_agent(ruleset, name, seed * 7919 + i)
        except Exception as exc:
            text = tr("cli.sim.agent_broken", lang, name=name, error=" ".join(str(exc).split()))
            raise usage_error(lang, "--agents", text) from None
    return cfg, names_


def _keys(items: list[str]) -> dict[str, Any]:
    return {item.partition("=")[0].strip(): None for item in items}


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
        text = tr("cli.agents.count", lang, n=len(agents), seats=len(seats), names=", ".join(seats))
        raise usage_error(lang, "--agents", text)
    known = agent_names(ruleset)
    for name in agents:
        if not known_agent(ruleset, name):
            text = tr("cli.agents.unknown", lang, name=name, known=", ".join(known))
            raise usage_error(lang, "--agents", text)
    return agents


def summary_table(summary: dict[str, Any], lang: str) -> Table:
    table = Table(
        title=tr(
            "cli.sim.title",
            lang,
            game=game_title(str(summary["game"]), lang),
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


@app.command("simulate", cls=ChoicesCommand)
def simulate(
    game: Annotated[str, typer.Argument(help="jeu / game: " + " | ".join(names()))],
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
    debug: Annotated[
        bool,
        typer.Option("--debug", help="traces complètes des erreurs / full error tracebacks"),
    ] = False,
) -> None:
    """Simuler des parties entre agents / simulate games between agents."""
    cfg, agent_list = check_arguments(game, config, scenario, agents, report, seed, lang)
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
        task = progress.add_task(
            tr("cli.sim.progress", lang, game=game_title(game, lang)), total=games
        )
        summary = run_simulation(
            game,
            games,
            agent_list,
            seed=seed,
            workers=workers,
            config=cfg,
            max_decisions=max_decisions,
            progress=lambda n: progress.advance(task, n),
            keep=report is not None,
            debug=debug,
        )
    summary.update(seed=seed, agents=agent_list, config=cfg, max_decisions=max_decisions)
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
