"""`arbitre simulate GAME`: many seeded games between agents, summarised per seat.

Every argument is checked before the first game (`check_arguments`): the game, the
configuration (the engine's `config_values`, then one dry `ruleset.new` so the game's own
checks run: scenario, battlefield, content pack), the agents (each one built once) and the
`--report` path; then the backend (`check_backend`): `--address` only with `--backend ray`,
and Ray installed. A refusal is one line naming the argument, exit code 2.

`--backend ray` plays the same games as Ray tasks (`arbitre.engine.simulate_ray`), on a
local Ray or on the cluster at `--address` (docs/cluster.md); the outcome of a seed is the
same as with processes.
"""

from __future__ import annotations

import json
import re
import sys
from typing import Annotated, Any, Literal

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from arbitre.cli import app
from arbitre.cli import report as reports
from arbitre.cli.choices import ChoicesCommand
from arbitre.cli.messages import Lang, game_title, tr
from arbitre.cli.render import make_console, seat_label
from arbitre.cli.usage import usage_error
from arbitre.engine.agents import agent_names, known_agent, make_agent
from arbitre.engine.config_values import BadConfig, check_config, parse_config
from arbitre.engine.i18n import add_messages, translate
from arbitre.engine.registry import get, names
from arbitre.engine.ruleset import ConfigError, Ruleset
from arbitre.engine.simulate import simulate as run_simulation

Backend = Literal["process", "ray"]
MAX_WORKERS = 256
# HOST:PORT, [IPv6]:PORT, ray://HOST:PORT, or auto: nothing else reaches ray.init
_ADDRESS = re.compile(r"^(auto|(ray://)?[A-Za-z0-9._\-\[\]:]{1,253}:[0-9]{1,5})$")
_GAMES_FR = "{ $games } { $games ->\n    [one] partie\n   *[other] parties\n}"
_GAMES_EN = "{ $games } { $games ->\n    [one] game\n   *[other] games\n}"

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
        # --- the ray backend (issue 15) ---------------------------------------------------
        "cli.sim.no_ray": {
            "fr": "Ray n'est pas installé ; installez l'extra « cluster » : "
            "pip install 'arbitre[cluster]' (ou, depuis les sources : pip install -e '.[cluster]')",
            "en": "Ray is not installed; install the 'cluster' extra: "
            "pip install 'arbitre[cluster]' (or, from the sources: pip install -e '.[cluster]')",
        },
        "cli.sim.address_needs_ray": {
            "fr": "seulement avec --backend ray (l'adresse d'un cluster Ray)",
            "en": "only with --backend ray (the address of a Ray cluster)",
        },
        "cli.sim.bad_address": {
            "fr": "adresse « { $address } » invalide : attendu HÔTE:PORT, ray://HÔTE:PORT ou auto",
            "en": "invalid address '{ $address }': expected HOST:PORT, ray://HOST:PORT or auto",
        },
        "cli.sim.ray_failed": {
            "fr": "Ray n'a pas pu démarrer : { $error }",
            "en": "Ray could not start: { $error }",
        },
        "cli.sim.cluster_failed": {
            "fr": "le cluster Ray à { $address } ne répond pas : { $error }",
            "en": "the Ray cluster at { $address } does not answer: { $error }",
        },
        "cli.sim.title_ray": {
            "fr": "{ $game } : { $games } { $games ->\n    [one] partie\n   *[other] parties\n}, "
            "{ $workers } { $workers ->\n"
            "    [one] tâche Ray\n   *[other] tâches Ray\n} à la fois",
            "en": "{ $game }: { $games } { $games ->\n    [one] game\n   *[other] games\n}, "
            "{ $workers } { $workers ->\n"
            "    [one] Ray task\n   *[other] Ray tasks\n} at a time",
        },
        "cli.sim.rate": {
            "fr": _GAMES_FR + " en { $seconds } s : { $gps } parties/s",
            "en": _GAMES_EN + " in { $seconds } s: { $gps } games/s",
        },
        "cli.sim.rate_ray": {
            "fr": _GAMES_FR + " en { $seconds } s : { $gps } parties/s "
            "(plus { $startup } s pour démarrer Ray ou s'y connecter)",
            "en": _GAMES_EN + " in { $seconds } s: { $gps } games/s "
            "(plus { $startup } s to start or reach Ray)",
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


def check_backend(backend: str, address: str | None, lang: str) -> None:
    """`--address` only with the ray backend and well formed; Ray importable for it. Exits
    2 with one line before any game (nothing started, nothing written)."""
    if address is not None and backend != "ray":
        raise usage_error(lang, "--address", tr("cli.sim.address_needs_ray", lang))
    if address is not None and not _ADDRESS.match(address):
        shown = address[:80]
        raise usage_error(lang, "--address", tr("cli.sim.bad_address", lang, address=shown))
    if backend == "ray":
        from arbitre.engine.simulate_ray import RayMissing, import_ray

        try:
            import_ray()
        except RayMissing:
            raise usage_error(lang, "--backend", tr("cli.sim.no_ray", lang)) from None


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
    ray = summary.get("backend") == "ray"
    table = Table(
        title=tr(
            "cli.sim.title_ray" if ray else "cli.sim.title",
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
    config = summary.get("config")  # the seats by name (an Epic side by its army)
    for row in summary["results"]:
        table.add_row(
            seat_label(str(summary["game"]), str(row["seat"]), lang, config),
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
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            "-w",
            min=1,
            max=MAX_WORKERS,
            help="processus ou tâches Ray à la fois / processes or Ray tasks at a time",
        ),
    ] = 1,
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
    backend: Annotated[
        Backend,
        typer.Option(
            # Rich reads "[cluster]" as a style tag and drops it unless escaped
            "--backend",
            help="process | ray (pip install 'arbitre\\[cluster]')",
        ),
    ] = "process",
    address: Annotated[
        str | None,
        typer.Option("--address", help="cluster Ray / Ray cluster: HÔTE:PORT / HOST:PORT"),
    ] = None,
) -> None:
    """Simuler des parties entre agents / simulate games between agents."""
    cfg, agent_list = check_arguments(game, config, scenario, agents, report, seed, lang)
    check_backend(backend, address, lang)
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
        summary = _run(
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
            backend=backend,
            address=address,
            lang=lang,
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


def _run(*args: Any, lang: str, **kwargs: Any) -> dict[str, Any]:
    """`run_simulation`; Ray failing to start or a cluster not answering is one line,
    exit 2, before any game was played."""
    from arbitre.engine.simulate_ray import RayUnavailable  # imports no Ray

    try:
        return run_simulation(*args, **kwargs)
    except RayUnavailable as exc:
        address = kwargs.get("address")
        if address is None:
            text = tr("cli.sim.ray_failed", lang, error=str(exc))
            raise usage_error(lang, "--backend", text) from None
        text = tr("cli.sim.cluster_failed", lang, address=address, error=str(exc))
        raise usage_error(lang, "--address", text) from None


def _rate(per_second: float) -> str:
    """Two decimals, or two significant digits under 0.1 (long games: `0.0049`)."""
    return f"{per_second:.2f}" if per_second >= 0.1 or per_second == 0 else f"{per_second:.2g}"


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
    rate = "cli.sim.rate_ray" if summary.get("backend") == "ray" else "cli.sim.rate"
    console.print(
        Text(
            tr(
                rate,
                lang,
                games=summary["games"],
                seconds=f"{summary['seconds']:.2f}",
                gps=_rate(summary.get("games_per_second", 0.0)),
                startup=f"{summary.get('startup_seconds', 0.0):.1f}",
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
