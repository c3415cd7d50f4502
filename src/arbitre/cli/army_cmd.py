"""`arbitre army lists|new|check|show`: Epic armies from the Palladium v2 army lists.

`new LIST` writes the list's ready-made army at a points level (or, with `--empty` or
below every level, a skeleton to fill); `check FILE` prints every problem with its card
and rule (exit 1 when illegal); `show FILE` a table of the cards, their detachments,
points and abilities. Files are read with the same checks as the web library's (size,
TOML errors with their line, unknown keys named).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from arbitre.cli import app
from arbitre.cli.messages import Lang, tr
from arbitre.cli.render import make_console
from arbitre.engine.i18n import add_messages
from arbitre.games.epic.armies import (
    Army,
    ArmyError,
    army_lists,
    parse_army,
    points,
    problems,
    ready_made,
    to_toml,
)
from arbitre.games.epic.armies.model import MAX_TEXT, ArmyList
from arbitre.games.epic.armies.placement import characters_of, groups_of
from arbitre.games.epic.catalog import CATALOG

army_app = typer.Typer(
    help="Armées d'Epic : listes, création, vérification / Epic armies: lists, new, check.",
    no_args_is_help=True,
)
app.add_typer(army_app, name="army")

add_messages(
    {
        "cli.army.lists.title": {"fr": "Listes d'armée d'Epic", "en": "Epic army lists"},
        "cli.army.col.list": {"fr": "Liste", "en": "List"},
        "cli.army.col.name": {"fr": "Nom", "en": "Name"},
        "cli.army.col.cards": {"fr": "Cartes", "en": "Cards"},
        "cli.army.col.levels": {"fr": "Armées toutes faites", "en": "Ready-made armies"},
        "cli.army.col.card": {"fr": "Carte", "en": "Card"},
        "cli.army.col.kind": {"fr": "Type", "en": "Kind"},
        "cli.army.col.detachments": {"fr": "Détachements", "en": "Detachments"},
        "cli.army.col.points": {"fr": "Points", "en": "Points"},
        "cli.army.col.abilities": {"fr": "Capacités", "en": "Abilities"},
        "cli.army.kind.compagnie": {"fr": "compagnie", "en": "company"},
        "cli.army.kind.soutien": {"fr": "soutien", "en": "support"},
        "cli.army.kind.speciale": {"fr": "spéciale", "en": "special"},
        "cli.army.kind.obligatoire": {"fr": "obligatoire", "en": "mandatory"},
        "cli.army.unknown": {"fr": "inconnue", "en": "unknown"},
        "cli.army.joins": {"fr": "rejoint la carte { $n }", "en": "joins card { $n }"},
        "cli.army.written": {
            "fr": "Armée écrite dans { $path } ({ $points } "
            "{ $points ->\n    [one] point\n   *[other] points\n} sur { $limit }).",
            "en": "Army written to { $path } ({ $points } "
            "{ $points ->\n    [one] point\n   *[other] points\n} of { $limit }).",
        },
        "cli.army.skeleton": {
            "fr": "Squelette d'armée vide (ajoutez des sections « [[cards]] » ; voir "
            "« arbitre army lists » et docs/epic.md)",
            "en": "Empty army skeleton (add [[cards]]; see 'arbitre army lists' and docs/epic.md)",
        },
        "cli.army.legal": {
            "fr": "Armée légale : { $name }, { $points } "
            "{ $points ->\n    [one] point\n   *[other] points\n} sur { $limit }.",
            "en": "Legal army: { $name }, { $points } "
            "{ $points ->\n    [one] point\n   *[other] points\n} of { $limit }.",
        },
        "cli.army.illegal": {
            "fr": "Armée illégale : { $n } { $n ->\n    [one] problème\n   *[other] problèmes\n} "
            "({ $points } { $points ->\n    [one] point\n   *[other] points\n} sur { $limit }) :",
            "en": "Illegal army: { $n } { $n ->\n    [one] problem\n   *[other] problems\n} "
            "({ $points } { $points ->\n    [one] point\n   *[other] points\n} of { $limit }):",
        },
        "cli.army.total": {
            "fr": "Total : { $points } { $points ->\n"
            "    [one] point\n   *[other] points\n} sur { $limit }",
            "en": "Total: { $points } { $points ->\n"
            "    [one] point\n   *[other] points\n} of { $limit }",
        },
        "cli.army.unreadable": {
            "fr": "Impossible de lire « { $path } » : { $error }",
            "en": "Cannot read '{ $path }': { $error }",
        },
        "cli.army.too_big": {
            "fr": "« { $path } » dépasse { $max } octets",
            "en": "'{ $path }' is over { $max } bytes",
        },
        "cli.army.bad_list": {
            "fr": "Liste inconnue « { $list } » (listes : { $known })",
            "en": "Unknown list '{ $list }' (lists: { $known })",
        },
    }
)


def _err(text: str) -> typer.Exit:
    make_console(stderr=True).print(Text(text, style="bold red"), soft_wrap=True)
    return typer.Exit(2)


def _read(path: Path, lang: str) -> Army:
    """The army of a file; every refusal printed in `lang` (exit 2)."""
    try:
        if path.stat().st_size > MAX_TEXT:
            raise _err(tr("cli.army.too_big", lang, path=str(path), max=MAX_TEXT))
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _err(tr("cli.army.unreadable", lang, path=str(path), error=str(exc))) from None
    try:
        return parse_army(text)
    except ArmyError as exc:
        raise _err(f"{path}: {exc.text(lang)}") from None


@army_app.command("lists")
def lists_cmd(lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr") -> None:
    """Les listes d'armée / the army lists (issue 16)."""
    table = Table(
        tr("cli.army.col.list", lang),
        tr("cli.army.col.name", lang),
        tr("cli.army.col.cards", lang),
        tr("cli.army.col.levels", lang),
        title=tr("cli.army.lists.title", lang),
    )
    for lst in army_lists().values():
        levels = ", ".join(str(r.points) for r in sorted(lst.ready_made, key=lambda r: r.points))
        table.add_row(lst.id, lst.name(lang), str(len(lst.cards)), levels)
    make_console().print(table)


@army_app.command("new")
def new_cmd(
    list_id: Annotated[str, typer.Argument(metavar="LIST", help="space_marines, eldar…")],
    points_limit: Annotated[int, typer.Option("--points", min=100, max=20000)] = 2000,
    out: Annotated[Path | None, typer.Option("--out", help="fichier / file")] = None,
    empty: Annotated[bool, typer.Option("--empty", help="squelette vide / empty skeleton")] = False,
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
) -> None:
    """Écrit une armée toute faite / write a ready-made army (TOML)."""
    lists = army_lists()
    if list_id not in lists:
        raise _err(tr("cli.army.bad_list", lang, list=list_id, known=", ".join(lists)))
    lowest = min(r.points for r in lists[list_id].ready_made)
    if empty or points_limit < lowest:
        army = Army(list_id, "", points_limit, ())
        text = f"# {tr('cli.army.skeleton', lang)}\n" + to_toml(army)
    else:
        army = ready_made(list_id, points_limit)
        text = to_toml(army)
    if out is None:
        typer.echo(text, nl=False)
        return
    out.write_text(text, "utf-8")
    msg = tr("cli.army.written", lang, path=str(out), points=points(army), limit=army.points)
    make_console().print(Text(msg, style="bold green"), soft_wrap=True)


@army_app.command("check")
def check_cmd(
    file: Annotated[Path, typer.Argument(help="fichier d'armée / army file")],
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
) -> None:
    """Vérifie une armée / check an army (exit 1 when illegal)."""
    army = _read(file, lang)
    found = problems(army)
    console = make_console()
    total = points(army)
    if found:
        head = tr("cli.army.illegal", lang, n=len(found), points=total, limit=army.points)
        console.print(Text(head, style="bold red"), soft_wrap=True)
        for p in found:
            console.print(Text(f"  • {p.text(lang)}", style="red"), soft_wrap=True)
        raise typer.Exit(1)
    name = army.name or army_lists()[army.list_id].name(lang)
    msg = tr("cli.army.legal", lang, name=name, points=total, limit=army.points)
    console.print(Text(msg, style="bold green"), soft_wrap=True)


def _unit_name(uid: str, lang: str) -> str:
    u = CATALOG.units[uid]
    return u.name_fr if lang == "fr" else u.name_en


def _abilities(uids: list[str], lang: str) -> str:
    seen: list[str] = []
    for uid in uids:
        for aid, x in CATALOG.units[uid].abilities:
            ab = CATALOG.abilities[aid]
            label = (ab.name_fr if lang == "fr" else ab.name_en) + (f" ({x})" if x else "")
            if label not in seen:
                seen.append(label)
    return ", ".join(seen)


def _card_row(lst: ArmyList, n: int, army: Army, lang: str) -> list[str]:
    ac = army.cards[n - 1]
    card = lst.cards.get(ac.card)
    if card is None:
        return [f"{n}. {ac.card}", tr("cli.army.unknown", lang), "", "", ""]
    groups = groups_of(card, ac.options)
    chars = list(characters_of(card, ac.options))
    dets = [f"{g.count} × {g.stands} {_unit_name(g.unit, lang)}" for g in groups]
    dets += [_unit_name(c, lang) for c in chars]
    if ac.attach is not None:
        dets.append(tr("cli.army.joins", lang, n=ac.attach))
    value = card.points + sum(card.options[o].points for o in set(ac.options) & set(card.options))
    name = card.name_fr if lang == "fr" else card.name_en
    opts = [card.options[o] for o in ac.options if o in card.options]
    if opts:
        name += " + " + ", ".join(o.name_fr if lang == "fr" else o.name_en for o in opts)
    units = [g.unit for g in groups] + chars
    return [
        f"{n}. {name}",
        tr(f"cli.army.kind.{card.kind}", lang),
        "\n".join(dets),
        str(value),
        _abilities(units, lang),
    ]


@army_app.command("show")
def show_cmd(
    file: Annotated[Path, typer.Argument(help="fichier d'armée / army file")],
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
) -> None:
    """Montre une armée / show an army: cards, detachments, points, abilities."""
    army = _read(file, lang)
    lst = army_lists()[army.list_id]
    title = f"{army.name or lst.name(lang)} — {lst.name(lang)}"
    table = Table(
        tr("cli.army.col.card", lang),
        tr("cli.army.col.kind", lang),
        tr("cli.army.col.detachments", lang),
        tr("cli.army.col.points", lang),
        tr("cli.army.col.abilities", lang),
        title=title,
    )
    for n in range(1, len(army.cards) + 1):
        table.add_row(*_card_row(lst, n, army, lang))
    console = make_console()
    console.print(table)
    total = tr("cli.army.total", lang, points=points(army), limit=army.points)
    console.print(Text(total, style="bold"))
