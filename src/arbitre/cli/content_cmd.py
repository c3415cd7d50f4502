"""`arbitre content check DIR`: validate a L'Hérésie d'Horus content pack.

A pack is a folder laid out like `games/heresy/data/` (docs/content.md); each file it holds
replaces that part of the default content. `check` prints every problem, naming file, item
and field (exit 1), or a summary with the number of items of each catalog (exit 0).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from arbitre.cli import app
from arbitre.cli.messages import Lang, tr
from arbitre.cli.render import make_console
from arbitre.engine.i18n import add_messages
from arbitre.games.heresy.content import PARTS, Content, check_content
from arbitre.games.heresy.content.base import Sourced

content_app = typer.Typer(
    help="Paquets de contenu de L'Hérésie d'Horus / L'Hérésie d'Horus content packs.",
    no_args_is_help=True,
)
app.add_typer(content_app, name="content")

add_messages(
    {
        "cli.content.not_a_dir": {
            "fr": "« { $path } » n'est pas un dossier : un paquet de contenu est un dossier",
            "en": "'{ $path }' is not a folder: a content pack is a folder",
        },
        "cli.content.problems": {
            "fr": "{ $n } { $n ->\n    [one] problème\n   *[other] problèmes\n}"
            " dans le paquet { $path } :",
            "en": "{ $n } { $n ->\n    [one] problem\n   *[other] problems\n}"
            " in the pack { $path }:",
        },
        "cli.content.ok": {
            "fr": "Paquet { $path } valide : { $own } "
            "{ $own ->\n    [one] fichier\n   *[other] fichiers\n} "
            "du paquet, le reste par défaut.",
            "en": "Pack { $path } is valid: { $own } "
            "{ $own ->\n    [one] file\n   *[other] files\n} "
            "from the pack, the rest default.",
        },
        "cli.content.from_pack": {"fr": "du paquet", "en": "from the pack"},
        "cli.content.from_default": {"fr": "par défaut", "en": "default"},
        "cli.content.file": {"fr": "Fichier", "en": "File"},
        "cli.content.source": {"fr": "Origine", "en": "Source"},
        "cli.content.catalog": {"fr": "Catalogue", "en": "Catalog"},
        "cli.content.count": {"fr": "Nombre", "en": "Count"},
        "cli.content.provenance": {
            "fr": "Provenance : { $rulebook } livre de règles, { $research } recherche, "
            "{ $reconstructed } { $reconstructed ->\n"
            "    [one] reconstitué\n   *[other] reconstitués\n}",
            "en": "Provenance: { $rulebook } rulebook, { $research } research, "
            "{ $reconstructed } reconstructed",
        },
        "heresy.content.count.zones": {
            "fr": "zones ({ $terra } Terra, { $vs } Vengeful Spirit)",
            "en": "zones ({ $terra } Terra, { $vs } Vengeful Spirit)",
        },
        "heresy.content.count.edges": {
            "fr": "bords ({ $crevasses } { $crevasses ->\n"
            "    [one] crevasse\n   *[other] crevasses\n}, "
            "{ $divisions } { $divisions ->\n"
            "    [one] division de secteur\n   *[other] divisions de secteur\n})",
            "en": "edges ({ $crevasses } { $crevasses ->\n"
            "    [one] crevasse\n   *[other] crevasses\n}, "
            "{ $divisions } { $divisions ->\n"
            "    [one] sector division\n   *[other] sector divisions\n})",
        },
        "heresy.content.count.sectors": {"fr": "secteurs", "en": "sectors"},
        "heresy.content.count.units": {"fr": "types d'unités", "en": "unit types"},
        "heresy.content.count.legions": {"fr": "légions", "en": "legions"},
        "heresy.content.count.heroes": {"fr": "Héros", "en": "Heroes"},
        "heresy.content.count.track": {
            "fr": "cases de l'échelle d'initiative",
            "en": "initiative track spaces",
        },
        "heresy.content.count.orders": {
            "fr": "cartes Ordre connues (sur { $total })",
            "en": "known Order cards (of { $total })",
        },
        "heresy.content.count.combat": {
            "fr": "cartes Combat et Combat Héros connues (sur { $total })",
            "en": "known Combat and Hero Combat cards (of { $total })",
        },
        "heresy.content.count.events": {
            "fr": "titres d'Événements ({ $copies } { $copies ->\n"
            "    [one] carte\n   *[other] cartes\n})",
            "en": "Event titles ({ $copies } { $copies ->\n    [one] card\n   *[other] cards\n})",
        },
        "heresy.content.count.bombardment": {
            "fr": "cartes Bombardement connues (sur { $total })",
            "en": "known Bombardment cards (of { $total })",
        },
        "heresy.content.count.scenarios": {"fr": "scénarios", "en": "scenarios"},
    }
)


def catalog_counts(content: Content) -> list[tuple[str, dict[str, int], int]]:
    """(message key, its arguments, count) for each catalog, in a stable order."""
    terra = sum(1 for z in content.zones if z.terra)
    crevasses = sum(1 for e in content.edges if e.crevasse)
    divisions = sum(1 for e in content.edges if e.region_division)
    decks = content.combat_decks
    combat_total = (
        decks.imperial_combat
        + decks.traitor_combat
        + decks.imperial_hero_combat
        + decks.traitor_hero_combat
    )
    order_total = content.order_decks.imperial + content.order_decks.traitor
    key = "heresy.content.count."
    return [
        (key + "zones", {"terra": terra, "vs": len(content.zones) - terra}, len(content.zones)),
        (key + "edges", {"crevasses": crevasses, "divisions": divisions}, len(content.edges)),
        (key + "sectors", {}, len(content.sectors)),
        (key + "units", {}, len(content.units)),
        (key + "legions", {}, len(content.legions)),
        (key + "heroes", {}, len(content.heroes)),
        (key + "track", {}, len(content.tracks.initiative.space)),
        (key + "orders", {"total": order_total}, len(content.orders)),
        (key + "combat", {"total": combat_total}, len(content.combat)),
        (key + "events", {"copies": sum(e.copies for e in content.events)}, len(content.events)),
        (
            key + "bombardment",
            {"total": content.bombardment_deck.size},
            len(content.bombardment),
        ),
        (key + "scenarios", {}, len(content.scenarios)),
    ]


def provenance_counts(content: Content) -> Counter[str]:
    """How many items cite the rulebook, research, or are reconstructed."""
    items: list[Sourced] = [content.board, *content.edges]
    for catalog in (content.sectors, content.zones, content.powers, content.legions):
        items += list(catalog)
    for more in (content.units, content.heroes, content.orders, content.combat):
        items += list(more)
    items += [*content.events, *content.bombardment, *content.scenarios]
    return Counter(i.provenance.split(" ")[0].split(":")[0] for i in items)


@content_app.command("check")
def check(
    pack: Annotated[Path, typer.Argument(help="dossier du paquet / pack folder")],
    lang: Annotated[Lang, typer.Option("--lang", help="fr | en")] = "fr",
) -> None:
    """Valide un paquet de contenu / validate a content pack (docs/content.md)."""
    console = make_console()
    if not pack.is_dir():
        make_console(stderr=True).print(
            Text(tr("cli.content.not_a_dir", lang, path=str(pack)), style="bold red")
        )
        raise typer.Exit(2)
    content, problems = check_content(pack)
    if problems or content is None:
        # one problem per line, never wrapped: easy to read and to grep
        header = tr("cli.content.problems", lang, n=len(problems), path=str(pack))
        console.print(Text(header), soft_wrap=True)
        for problem in problems:
            console.print(Text("  • " + problem.text(lang), style="red"), soft_wrap=True)
        raise typer.Exit(1)
    own = [part for part in PARTS if (pack / part).is_file()]
    console.print(
        Text(tr("cli.content.ok", lang, path=str(pack), own=len(own)), style="bold green")
    )
    files = Table(tr("cli.content.file", lang), tr("cli.content.source", lang))
    for part in PARTS:
        origin = "cli.content.from_pack" if part in own else "cli.content.from_default"
        files.add_row(part, tr(origin, lang))
    console.print(files)
    counts = Table(tr("cli.content.catalog", lang), tr("cli.content.count", lang))
    for key, args, n in catalog_counts(content):
        counts.add_row(tr(key, lang, **args), str(n))
    console.print(counts)
    tally = provenance_counts(content)
    console.print(
        Text(
            tr(
                "cli.content.provenance",
                lang,
                rulebook=tally["rulebook"],
                research=tally["research"],
                reconstructed=tally["reconstructed"],
            )
        )
    )
