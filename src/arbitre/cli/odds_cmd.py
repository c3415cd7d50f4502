"""`arbitre odds champs`: exact odds of one Champs de Bataille combat (CB-55..CB-58).

Every text a person reads exists in French and English (`_TEXT`); errors name the option and
exit with code 2.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from arbitre.cli import odds_app
from arbitre.cli.usage import config_text, usage_error
from arbitre.engine.i18n import LANGS
from arbitre.engine.ruleset import ConfigError
from arbitre.games.champs.config import Rules, resolve
from arbitre.games.champs.odds import (
    POLICY_EN,
    POLICY_FR,
    Odds,
    OddsTooComplex,
    Side,
    combat_odds,
    side_from_dice,
    side_from_troops,
)
from arbitre.games.champs.troops import BY_ID, CAP, HERO_NAMES, HEROES

if TYPE_CHECKING:
    from rich.console import Console

MAX_POOL_DICE = 100  # raw pools (--attacker-dice, --defender-dice): a limit of this tool

_TEXT: dict[str, dict[str, str]] = {
    "title": {
        "fr": "Champs de Bataille — probabilités exactes d'un combat",
        "en": "Champs de Bataille — exact odds of one combat",
    },
    "attacker": {"fr": "Attaquant", "en": "Attacker"},
    "defender": {"fr": "Défenseur", "en": "Defender"},
    "pool": {
        "fr": "{dice} dés (unités {units}, héros {heroes}, soutien {support})",
        "en": "{dice} dice (units {units}, heroes {heroes}, support {support})",
    },
    "skills": {"fr": "compétences : {names}", "en": "skills: {names}"},
    "no_skill": {"fr": "aucune compétence de dés", "en": "no dice skill"},
    "att_wins": {"fr": "Victoire de l'attaquant", "en": "Attacker wins"},
    "def_wins": {"fr": "Victoire du défenseur", "en": "Defender wins"},
    "result": {"fr": "Résultat", "en": "Result"},
    "sum": {
        "fr": "somme des dés ; égalité : l'attaquant gagne (CB-58)",
        "en": "sum of the dice; a tie goes to the attacker (CB-58)",
    },
    "highest": {
        "fr": "plus haut dé ; égalité : l'attaquant gagne (CB-58)",
        "en": "highest die; a tie goes to the attacker (CB-58)",
    },
    "dice": {"fr": "Dés", "en": "Dice"},
    "sides": {"fr": "D{sides}", "en": "D{sides}"},
    "method": {"fr": "Méthode", "en": "Method"},
    "convolution": {"fr": "convolution exacte", "en": "exact convolution"},
    "summary": {
        "fr": "résumés exacts des jets (somme et dés extrêmes)",
        "en": "exact roll summaries (sum and extreme dice)",
    },
    "enumeration": {"fr": "énumération exacte", "en": "exact enumeration"},
    "dist_title": {
        "fr": "Résultat final après compétences (probabilité)",
        "en": "Final result after skills (probability)",
    },
    "mean": {"fr": "Moyenne", "en": "Mean"},
    "hidden": {
        "fr": "(lignes de probabilité < 0,1 % omises)",
        "en": "(rows below 0.1% left out)",
    },
    "policy": {"fr": "Politique des héros", "en": "Hero policy"},
    "notes": {"fr": "Remarques", "en": "Notes"},
    "CB-51": {
        "fr": "Gladiateur seul : 3 dés, comme un Mastodonte (CB-51)",
        "en": "lone Gladiator: 3 dice, like a Mastodon (CB-51)",
    },
    "CB-53": {
        "fr": "héros seul : ne combat pas, aucun dé (CB-53)",
        "en": "lone hero: does not fight, no dice (CB-53)",
    },
    "CB-47": {
        "fr": "troupe non terrestre : compétences des héros inactives (CB-47)",
        "en": "not a ground troop: hero skills do not apply (CB-47)",
    },
    # errors
    "err_both": {
        "fr": "indiquez soit {a}, soit {b}, pas les deux",
        "en": "give either {a} or {b}, not both",
    },
    "err_none": {"fr": "indiquez {a} ou {b}", "en": "give {a} or {b}"},
    "err_item": {
        "fr": "« {item} » : attendu type:nombre (par exemple soldats:3)",
        "en": "'{item}': expected type:count (for example soldats:3)",
    },
    "err_type": {
        "fr": "type de troupe inconnu « {t} » ; types connus : {known}",
        "en": "unknown troop type '{t}'; known types: {known}",
    },
    "err_count": {
        "fr": "nombre d'unités invalide « {c} » pour {t} : un entier ≥ 0",
        "en": "bad unit count '{c}' for {t}: an integer >= 0",
    },
    "err_dup": {"fr": "type « {t} » donné deux fois", "en": "type '{t}' given twice"},
    "err_hero": {
        "fr": "héros inconnu « {h} » ; héros connus : {known}",
        "en": "unknown hero '{h}'; known heroes: {known}",
    },
    "err_negative": {"fr": "doit être un entier ≥ 0", "en": "must be an integer >= 0"},
    "err_troop_cap": {
        "fr": "une troupe compte au plus {cap} unités en taille (Petite = 1, Moyenne = 2, "
        "Grosse = 3 ; CB-6) ; « {spec} » en compte {size}",
        "en": "a troop holds at most {cap} units counted by size (Small = 1, Medium = 2, "
        "Large = 3; CB-6); '{spec}' counts {size}",
    },
    "err_pool": {
        "fr": "{n} dés : au plus {limit} dés par réserve (limite de l'outil)",
        "en": "{n} dice: at most {limit} dice per pool (a limit of this tool)",
    },
    "err_support": {
        "fr": "{n} troupes en soutien : au plus {most}, les cases adjacentes à la cible "
        "(CB-67, grid.adjacency={most}, AMB-CB-2)",
        "en": "{n} supporting troops: at most {most}, the cells adjacent to the target "
        "(CB-67, grid.adjacency={most}, AMB-CB-2)",
    },
    "err_config_item": {
        "fr": "« {item} » : attendu clé=valeur",
        "en": "'{item}': expected key=value",
    },
    "err_config": {"fr": "configuration refusée : {msg}", "en": "configuration refused: {msg}"},
    "err_def_support": {
        "fr": "le défenseur ne reçoit aucun soutien (CB-71) ; voir --config support.defender=true",
        "en": "the defender receives no support (CB-71); see --config support.defender=true",
    },
    "err_complex": {
        "fr": "calcul exact trop long : avec plusieurs Voleurs/Templiers, ou des compétences des "
        "deux côtés, il faut énumérer {size} paires de jets (limite {limit}) ; "
        "réduisez les réserves",
        "en": "exact computation too long: with several Thieves/Templars, or skills on both "
        "sides, {size} roll pairs must be enumerated (limit {limit}); use smaller pools",
    },
    "err_lang": {
        "fr": "langue inconnue « {lang} » : fr ou en",
        "en": "unknown language '{lang}': fr or en",
    },
}

HELP = (
    "Probabilités exactes d'un combat de Champs de Bataille / exact odds of one Champs de "
    "Bataille combat (CB-55..CB-58). Réserves brutes / raw pools: --attacker-dice 8 "
    "--defender-dice 7; ou troupes / or troops: --attacker soldats:3,cavalerie:1 --defender "
    "mastodonte:1 (types: " + ", ".join(BY_ID) + "; a type alone means its recruit size). "
    "Hero and support dice are added to either (CB-48, CB-51, CB-52, CB-68).\n\n"
    "Politique / policy — FR: " + POLICY_FR + "\n\nEN: " + POLICY_EN
)


def _t(lang: str, key: str, /, **args: Any) -> str:
    return _TEXT[key][lang if lang in LANGS else "fr"].format(**args)


def _bad(lang: str, option: str, key: str, /, **args: Any) -> typer.Exit:
    """A one-line error in `lang` naming `option` (exit code 2), see `cli.usage`."""
    return usage_error(lang if lang in LANGS else "fr", option, _t(lang, key, **args))


def parse_troops(spec: str, option: str, lang: str = "fr") -> dict[str, int]:
    """`soldats:3,cavalerie:1` -> {"soldats": 3, "cavalerie": 1}; a type alone = recruit size."""
    units: dict[str, int] = {}
    for raw in spec.split(","):
        item = raw.strip()
        if not item:
            continue
        name, sep, count = item.partition(":")
        name = name.strip().lower()
        if name not in BY_ID:
            if sep or not name:
                raise _bad(lang, option, "err_type", t=name, known=", ".join(BY_ID))
            raise _bad(lang, option, "err_item", item=item)
        if name in units:
            raise _bad(lang, option, "err_dup", t=name)
        if not sep:
            units[name] = BY_ID[name].units
            continue
        count = count.strip()
        if not count.isdigit():
            raise _bad(lang, option, "err_count", c=count, t=name)
        units[name] = int(count)
    if not units:
        raise _bad(lang, option, "err_item", item=spec)
    size = sum(BY_ID[name].size * count for name, count in units.items())
    if size > CAP:  # CB-6: heroes do not count (CB-7)
        raise _bad(lang, option, "err_troop_cap", cap=CAP, spec=spec, size=size)
    return units


def parse_heroes(values: Sequence[str], option: str, lang: str = "fr") -> list[str]:
    """Repeatable and/or comma-separated hero ids."""
    out: list[str] = []
    for value in values:
        for raw in value.split(","):
            hero = raw.strip().lower()
            if not hero:
                continue
            if hero not in HEROES:
                raise _bad(lang, option, "err_hero", h=hero, known=", ".join(HEROES))
            out.append(hero)
    return out


def parse_config(items: Sequence[str], lang: str = "fr") -> Rules:
    mapping: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise _bad(lang, "--config", "err_config_item", item=item)
        mapping[key.strip()] = value.strip()
    try:
        return resolve(mapping)
    except ConfigError as exc:
        raise _bad(lang, "--config", "err_config", msg=config_text(exc, lang)) from None


def _side(
    dice: int | None,
    troops: str | None,
    heroes: list[str],
    support: int,
    rules: Rules,
    attacker: bool,
    lang: str,
) -> Side:
    who = "attacker" if attacker else "defender"
    dice_opt, troop_opt = f"--{who}-dice", f"--{who}"
    if dice is not None and troops is not None:
        raise _bad(lang, troop_opt, "err_both", a=dice_opt, b=troop_opt)
    if dice is None and troops is None:
        raise _bad(lang, troop_opt, "err_none", a=dice_opt, b=troop_opt)
    if dice is not None and dice < 0:
        raise _bad(lang, dice_opt, "err_negative")
    if dice is not None and dice > MAX_POOL_DICE:
        raise _bad(lang, dice_opt, "err_pool", n=dice, limit=MAX_POOL_DICE)
    if troops is not None:
        return side_from_troops(
            parse_troops(troops, troop_opt, lang), heroes, support, rules, attacker=attacker
        )
    assert dice is not None
    return side_from_dice(dice, heroes, support, rules, attacker=attacker)


def _pct(p: float) -> str:
    return f"{100 * p:.2f} %"


def _describe(side: Side, lang: str) -> str:
    text = _t(
        lang,
        "pool",
        dice=side.dice,
        units=side.unit_dice,
        heroes=side.hero_dice,
        support=side.support,
    )
    idx = 0 if lang == "fr" else 1
    names = ", ".join(HERO_NAMES[h][idx] for h in side.skills)
    text += " ; " if lang == "fr" else "; "
    text += _t(lang, "skills", names=names) if names else _t(lang, "no_skill")
    for note in side.notes:
        text += "\n" + _t(lang, note)
    return text


def _mean(dist: Mapping[int, float]) -> float:
    return sum(k * p for k, p in dist.items())


def render(odds: Odds, lang: str, console: Console) -> None:
    """The Rich tables of `arbitre odds champs` in `lang`."""
    from rich.table import Table

    table = Table(title=_t(lang, "title"), show_header=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row(_t(lang, "attacker"), _describe(odds.attacker, lang))
    table.add_row(_t(lang, "defender"), _describe(odds.defender, lang))
    table.add_row(_t(lang, "dice"), _t(lang, "sides", sides=odds.rules["dice.sides"]))
    table.add_row(_t(lang, "result"), _t(lang, str(odds.rules["combat.result"])))
    table.add_row(_t(lang, "att_wins"), _pct(odds.attacker_wins))
    table.add_row(_t(lang, "def_wins"), _pct(odds.defender_wins))
    table.add_row(_t(lang, "method"), _t(lang, odds.method))
    console.print(table)

    dist = Table(title=_t(lang, "dist_title"))
    dist.add_column(_t(lang, "result"), justify="right")
    dist.add_column(_t(lang, "attacker"), justify="right")
    dist.add_column(_t(lang, "defender"), justify="right")
    values = sorted(set(odds.attacker_result) | set(odds.defender_result))
    hidden = False
    for v in values:
        pa = odds.attacker_result.get(v, 0.0)
        pd = odds.defender_result.get(v, 0.0)
        if max(pa, pd) < 0.001:
            hidden = True
            continue
        dist.add_row(str(v), _pct(pa), _pct(pd))
    dist.add_row(
        _t(lang, "mean"),
        f"{_mean(odds.attacker_result):.2f}",
        f"{_mean(odds.defender_result):.2f}",
    )
    console.print(dist)
    if hidden:
        console.print(_t(lang, "hidden"))
    if odds.attacker.skills or odds.defender.skills:
        console.print(
            f"[bold]{_t(lang, 'policy')}[/bold]: " + (POLICY_FR if lang == "fr" else POLICY_EN)
        )


@odds_app.command(
    "champs",
    help=HELP,
    short_help="Champs de Bataille : un combat / one combat (CB-55..CB-58).",
)
def champs(
    attacker_dice: Annotated[
        int | None,
        typer.Option(
            "--attacker-dice", help="Dés des unités de l'attaquant / attacker's unit dice."
        ),
    ] = None,
    defender_dice: Annotated[
        int | None,
        typer.Option("--defender-dice", help="Dés des unités du défenseur / defender's unit dice."),
    ] = None,
    attacker: Annotated[
        str | None,
        typer.Option(
            "--attacker", help="Troupe attaquante / attacking troop: soldats:3,cavalerie:1"
        ),
    ] = None,
    defender: Annotated[
        str | None,
        typer.Option("--defender", help="Troupe attaquée / defending troop: mastodonte:1"),
    ] = None,
    support: Annotated[
        int,
        typer.Option(
            "--support", help="Troupes en soutien de l'attaquant / supporting troops (CB-68)."
        ),
    ] = 0,
    defender_support: Annotated[
        int,
        typer.Option(
            "--defender-support",
            help="Soutien du défenseur, seulement avec support.defender=true (CB-71, AMB-CB-22f).",
        ),
    ] = 0,
    attacker_hero: Annotated[
        list[str] | None,
        typer.Option(
            "--attacker-hero", help="guerrier, voleur, templier, gladiateur (repeatable)."
        ),
    ] = None,
    defender_hero: Annotated[
        list[str] | None,
        typer.Option(
            "--defender-hero", help="guerrier, voleur, templier, gladiateur (repeatable)."
        ),
    ] = None,
    config: Annotated[
        list[str] | None,
        typer.Option("--config", help="Option de règle / rule option key=value (repeatable)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Un objet JSON / one JSON object.")
    ] = False,
    lang: Annotated[str, typer.Option("--lang", help="fr | en")] = "fr",
) -> None:
    if lang not in LANGS:
        text = _t("fr", "err_lang", lang=lang) + " / " + _t("en", "err_lang", lang=lang)
        raise usage_error("fr", "--lang", text)
    rules = parse_config(config or [], lang)
    for name, n in (("--support", support), ("--defender-support", defender_support)):
        if n < 0:
            raise _bad(lang, name, "err_negative")
        if n > rules.adjacency:
            raise _bad(lang, name, "err_support", n=n, most=rules.adjacency)
    if defender_support and not rules.defender_support:
        raise _bad(lang, "--defender-support", "err_def_support")
    att_heroes = parse_heroes(attacker_hero or [], "--attacker-hero", lang)
    def_heroes = parse_heroes(defender_hero or [], "--defender-hero", lang)
    att = _side(attacker_dice, attacker, att_heroes, support, rules, True, lang)
    dfd = _side(defender_dice, defender, def_heroes, defender_support, rules, False, lang)
    try:
        odds = combat_odds(att, dfd, rules)
    except OddsTooComplex as exc:
        raise _bad(
            lang,
            "--attacker-hero/--defender-hero",
            "err_complex",
            size=exc.size,
            limit=exc.limit,
        ) from None
    if as_json:
        typer.echo(json.dumps(odds.to_json(), ensure_ascii=False))
        return
    from rich.console import Console

    render(odds, lang, Console())
