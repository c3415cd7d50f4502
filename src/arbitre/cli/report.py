"""A balance report of simulated games (`arbitre simulate … --report FILE.html|.png`):
win rates per seat (with a 95 % Wilson interval), wins by victory type (the result
details' `reason`, where the ruleset gives one), and game lengths (the details' `rounds`,
else decisions), as a figure (matplotlib) and, for HTML, tables around it.
"""

from __future__ import annotations

import base64
import html
import io
import math
import os
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from arbitre.cli.messages import game_title, tr
from arbitre.engine.i18n import add_messages, has_message

BALANCE = 0.65  # a side winning more often than this: the setup favours it

add_messages(
    {
        "cli.report.title": {
            "fr": "Rapport d'équilibre — { $game } ({ $games } { $games ->\n"
            "    [one] partie\n   *[other] parties\n})",
            "en": "Balance report — { $game } ({ $games } { $games ->\n"
            "    [one] game\n   *[other] games\n})",
        },
        "cli.report.setup": {
            "fr": "Agents : { $agents } · configuration : { $config } · première graine : "
            "{ $seed }",
            "en": "Agents: { $agents } · configuration: { $config } · first seed: { $seed }",
        },
        "cli.report.wins": {"fr": "Victoires par camp", "en": "Wins per side"},
        "cli.report.seat": {"fr": "Camp", "en": "Side"},
        "cli.report.agent": {"fr": "Agent", "en": "Agent"},
        "cli.report.count": {"fr": "Victoires", "en": "Wins"},
        "cli.report.rate": {"fr": "Taux", "en": "Rate"},
        "cli.report.interval": {"fr": "Intervalle à 95 %", "en": "95% interval"},
        "cli.report.by_type": {"fr": "Victoires par type", "en": "Wins by victory type"},
        "cli.report.type": {"fr": "Type", "en": "Type"},
        "cli.report.lengths": {"fr": "Durée des parties", "en": "Game lengths"},
        "cli.report.rounds": {"fr": "tours", "en": "rounds"},
        "cli.report.decisions": {"fr": "décisions", "en": "decisions"},
        "cli.report.stats": {
            "fr": "moyenne { $mean } · médiane { $median } · min { $low } · max { $high }",
            "en": "mean { $mean } · median { $median } · min { $low } · max { $high }",
        },
        "cli.report.errors": {
            "fr": "Parties en erreur : { $n }",
            "en": "Games with errors: { $n }",
        },
        "cli.report.balanced": {
            "fr": "Équilibré : aucun camp ne gagne plus de { $limit } % des parties "
            "(le plus haut : { $seat }, { $rate } %).",
            "en": "Balanced: no side wins more than { $limit }% of the games "
            "(highest: { $seat }, { $rate }%).",
        },
        "cli.report.unbalanced": {
            "fr": "Déséquilibré : { $seat_the } gagne { $rate } % des parties "
            "(seuil { $limit } %).",
            "en": "Unbalanced: { $seat_the } wins { $rate }% of the games (limit { $limit }%).",
        },
        "cli.report.none": {"fr": "(non précisé)", "en": "(not given)"},
        "cli.report.line": {"fr": "{ $what } : { $stats }", "en": "{ $what }: { $stats }"},
        "cli.report.written": {
            "fr": "Rapport écrit : { $path }",
            "en": "Report written: { $path }",
        },
        "cli.report.format": {
            "fr": "Le rapport doit être un fichier .html ou .png : { $path }",
            "en": "The report must be a .html or .png file: { $path }",
        },
        "cli.report.no_folder": {
            "fr": "Le dossier du rapport n'existe pas : { $folder }",
            "en": "The report's folder does not exist: { $folder }",
        },
        "cli.report.not_writable": {
            "fr": "Impossible d'écrire dans le dossier du rapport : { $folder }",
            "en": "Cannot write in the report's folder: { $folder }",
        },
        "cli.report.is_folder": {
            "fr": "Le rapport doit être un fichier, pas un dossier : { $path }",
            "en": "The report must be a file, not a folder: { $path }",
        },
    }
)


def path_problem(path: str | Path, lang: str) -> str | None:
    """Why the report cannot be written at `path` (checked before any game), or None."""
    out = Path(path)
    if out.suffix.lower() not in (".html", ".htm", ".png"):
        return tr("cli.report.format", lang, path=str(out))
    if out.is_dir():
        return tr("cli.report.is_folder", lang, path=str(out))
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        return tr("cli.report.no_folder", lang, folder=str(folder))
    if not os.access(folder, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        return tr("cli.report.not_writable", lang, folder=str(folder))
    return None


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def facts(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The report's figures from a `simulate(..., keep=True)` summary."""
    outcomes = [o for o in summary.get("outcomes", []) if o.get("scores") is not None]
    seats = [r["seat"] for r in summary["results"]]
    n = len(outcomes)
    wins = [sum(1 for o in outcomes if o["scores"][i] == 1.0) for i in range(len(seats))]
    by_type: dict[str, Counter[str]] = {s: Counter() for s in seats}
    for o in outcomes:
        for i, seat in enumerate(seats):
            if o["scores"][i] == 1.0:
                by_type[seat][str(o["details"].get("reason", ""))] += 1
    rounds = [int(o["details"]["rounds"]) for o in outcomes if "rounds" in o["details"]]
    decisions = [int(o["decisions"]) for o in outcomes]
    return {
        "seats": seats,
        "agents": [r["agent"] for r in summary["results"]],
        "games": n,
        "wins": wins,
        "rates": [w / n if n else 0.0 for w in wins],
        "intervals": [wilson(w, n) for w in wins],
        "by_type": by_type,
        "rounds": rounds,
        "decisions": decisions,
    }


def _type_label(game: str, reason: str, lang: str) -> str:
    """A victory type and, when the game names it (`<game>.reason.<id>`), its text."""
    if not reason:
        return tr("cli.report.none", lang)
    key = f"{game}.reason.{reason}"
    return f"{reason} — {tr(key, lang)}" if has_message(key) else reason


def _stats(values: Sequence[int], lang: str) -> str:
    if not values:
        return "—"
    return tr(
        "cli.report.stats",
        lang,
        mean=f"{statistics.fmean(values):.1f}",
        median=f"{statistics.median(values):g}",
        low=min(values),
        high=max(values),
    )


def figure(f: Mapping[str, Any], lang: str, title: str) -> bytes:
    """Three panels as PNG bytes: win rates, wins by type, lengths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(13, 4.2))
    seats = f["seats"]
    rates = [100 * r for r in f["rates"]]
    low = [100 * (r - i[0]) for r, i in zip(f["rates"], f["intervals"], strict=True)]
    high = [100 * (i[1] - r) for r, i in zip(f["rates"], f["intervals"], strict=True)]
    ax = axes[0]
    ax.bar(seats, rates, yerr=[low, high], capsize=6, color=["#7a8fa6", "#a63d40"][: len(seats)])
    ax.axhline(100 * BALANCE, ls="--", c="k", lw=1)
    ax.axhline(50, ls=":", c="grey", lw=1)
    ax.set_ylim(0, 100)
    ax.set_ylabel("%")
    ax.set_title(tr("cli.report.wins", lang))
    ax = axes[1]
    types = sorted({t for c in f["by_type"].values() for t in c})
    bottom = [0] * len(seats)
    for t in types:
        counts = [f["by_type"][s].get(t, 0) for s in seats]
        ax.bar(seats, counts, bottom=bottom, label=t or tr("cli.report.none", lang))
        bottom = [b + c for b, c in zip(bottom, counts, strict=True)]
    if types:
        ax.legend(fontsize=8)
    ax.set_title(tr("cli.report.by_type", lang))
    ax = axes[2]
    lengths = f["rounds"] or f["decisions"]
    unit = tr("cli.report.rounds" if f["rounds"] else "cli.report.decisions", lang)
    if lengths:
        ax.hist(lengths, bins=min(20, max(1, len(set(lengths)))), color="#5b7a3a")
    ax.set_xlabel(unit)
    ax.set_title(tr("cli.report.lengths", lang))
    fig.suptitle(title)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90)
    plt.close(fig)
    return buf.getvalue()


def verdict(f: Mapping[str, Any], lang: str) -> str:
    if not f["games"]:
        return ""
    i = max(range(len(f["seats"])), key=lambda k: f["rates"][k])
    key = "cli.report.unbalanced" if f["rates"][i] > BALANCE else "cli.report.balanced"
    return tr(
        key, lang, seat=f["seats"][i], rate=f"{100 * f['rates'][i]:.0f}", limit=round(100 * BALANCE)
    )


def _seats_by_name(summary: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """`summary` with each result's seat id shown by its name ("Mille Fils", "Joueur 1")."""
    from arbitre.cli.render import seat_label

    game = str(summary.get("game", ""))
    config = summary.get("config") if isinstance(summary.get("config"), Mapping) else None
    results = [
        {**r, "seat": seat_label(game, str(r["seat"]), lang, config)}
        for r in summary.get("results", [])
    ]
    return {**summary, "results": results}


def write(summary: Mapping[str, Any], path: str | Path, lang: str = "fr") -> Path:
    """Write the report as PNG (the figure) or HTML (tables and the figure inline)."""
    out = Path(path)
    suffix = out.suffix.lower()
    if suffix not in (".html", ".htm", ".png"):
        raise ValueError(tr("cli.report.format", lang, path=str(out)))
    f = facts(_seats_by_name(summary, lang))
    title = tr(
        "cli.report.title", lang, game=game_title(str(summary["game"]), lang), games=f["games"]
    )
    png = figure(f, lang, title)
    if suffix == ".png":
        out.write_bytes(png)
        return out
    out.write_text(_html(summary, f, lang, title, png), encoding="utf-8")
    return out


def _html(summary: Mapping[str, Any], f: Mapping[str, Any], lang: str, title: str, png: bytes
          ) -> str:  # fmt: skip
    e = html.escape
    config = ", ".join(f"{k}={v}" for k, v in sorted(summary.get("config", {}).items())) or "—"
    rows = []
    for seat, agent, wins, rate, (lo, hi) in zip(
        f["seats"], f["agents"], f["wins"], f["rates"], f["intervals"], strict=True
    ):
        rows.append(
            f"<tr><td>{e(seat)}</td><td>{e(agent)}</td><td>{wins}</td>"
            f"<td>{100 * rate:.1f} %</td><td>{100 * lo:.1f} – {100 * hi:.1f} %</td></tr>"
        )
    types = sorted({t for c in f["by_type"].values() for t in c})
    type_rows = [
        f"<tr><td>{e(_type_label(summary['game'], t, lang))}</td>"
        + "".join(f"<td>{f['by_type'][s].get(t, 0)}</td>" for s in f["seats"])
        + "</tr>"
        for t in types
    ]
    head = "".join(f"<th>{e(s)}</th>" for s in f["seats"])
    picture = base64.b64encode(png).decode("ascii")
    setup = tr(
        "cli.report.setup",
        lang,
        agents=", ".join(f["agents"]),
        config=config,
        seed=summary.get("seed", 0),
    )
    lengths = []
    parts = (("cli.report.rounds", f["rounds"]), ("cli.report.decisions", f["decisions"]))
    for key, values in parts:
        if values:
            line = tr("cli.report.line", lang, what=tr(key, lang), stats=_stats(values, lang))
            lengths.append(line)
    return f"""<!doctype html>
<html lang="{e(lang)}"><head><meta charset="utf-8"><title>{e(title)}</title>
<style>body{{font-family:sans-serif;max-width:70em;margin:2em auto}}
table{{border-collapse:collapse;margin:1em 0}}td,th{{border:1px solid #999;padding:.3em .7em}}
</style></head><body>
<h1>{e(title)}</h1>
<p>{e(setup)}</p>
<p><strong>{e(verdict(f, lang))}</strong></p>
<h2>{e(tr("cli.report.wins", lang))}</h2>
<table><tr><th>{e(tr("cli.report.seat", lang))}</th><th>{e(tr("cli.report.agent", lang))}</th>
<th>{e(tr("cli.report.count", lang))}</th><th>{e(tr("cli.report.rate", lang))}</th>
<th>{e(tr("cli.report.interval", lang))}</th></tr>
{"".join(rows)}</table>
<h2>{e(tr("cli.report.by_type", lang))}</h2>
<table><tr><th>{e(tr("cli.report.type", lang))}</th>{head}</tr>{"".join(type_rows)}</table>
<h2>{e(tr("cli.report.lengths", lang))}</h2>
<ul>{"".join(f"<li>{e(x)}</li>" for x in lengths)}</ul>
<p>{e(tr("cli.report.errors", lang, n=summary.get("errors", 0)))}</p>
<img alt="{e(title)}" src="data:image/png;base64,{picture}">
</body></html>
"""
