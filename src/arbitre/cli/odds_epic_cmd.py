"""`arbitre odds epic shoot|assault`: exact odds of an Epic shooting attack or assault.

Every text a person reads exists in French and English (`_TEXT`); errors name the option
and exit with code 2.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Annotated, Any

import typer

from arbitre.cli import odds_app
from arbitre.cli.usage import config_text, usage_error
from arbitre.engine.i18n import LANGS, render_fluent
from arbitre.engine.ruleset import ConfigError
from arbitre.games.epic.catalog import parse_save
from arbitre.games.epic.config import Rules, resolve
from arbitre.games.epic.odds import Fighter, SaveProfile, assault_odds, shooting_odds
from arbitre.games.epic.shooting import (
    GROUND,
    HIGH,
    LOW,
    effective_range_distance,
    may_target_airborne,
    modified_to_hit,
    to_hit_modifiers,
)

_TEXT: dict[str, dict[str, str]] = {
    "shoot_title": {
        "fr": "Epic — probabilités exactes d'un tir",
        "en": "Epic — exact odds of a shooting attack",
    },
    "assault_title": {
        "fr": "Epic — probabilités exactes d'un assaut",
        "en": "Epic — exact odds of an assault",
    },
    "to_hit": {"fr": "Pour toucher : {n}+ ({mods})", "en": "To hit: {n}+ ({mods})"},
    "no_mod": {"fr": "sans modificateur", "en": "no modifier"},
    "per_die": {"fr": "par dé : {p:.4f} ({f})", "en": "per die: {p:.4f} ({f})"},
    "save": {"fr": "sauvegarde par touche : {p:.4f} ({f})", "en": "save per hit: {p:.4f} ({f})"},
    "hits": {"fr": "Touches", "en": "Hits"},
    "losses": {"fr": "Pertes (touches non sauvegardées)", "en": "Losses (unsaved hits)"},
    "mean": {"fr": "moyenne {m:.3f}", "en": "mean {m:.3f}"},
    "distance": {
        "fr": "distance effective {d} cm pour une portée de {r} cm (EP-16.27)",
        "en": "effective distance {d} cm for a range of {r} cm (EP-16.27)",
    },
    "duel": {
        "fr": "Duel {i} : attaquant {a:.4f}, égalité {t:.4f}, défenseur {b:.4f}",
        "en": "Duel {i}: attacker {a:.4f}, tie {t:.4f}, defender {b:.4f}",
    },
    "destroyed": {
        "fr": "Défenseur détruit : {p:.4f} ({f})",
        "en": "Defender destroyed: {p:.4f} ({f})",
    },
    "att_lost": {
        "fr": "Attaquants perdus en moyenne : {m:.3f}",
        "en": "Mean attackers lost: {m:.3f}",
    },
    "ethereal_note": {
        "fr": "pouvoir éthéré : pas de relance des 1 en Tir Appuyé (EP-11.15)",
        "en": "ethereal power: no re-roll of 1s under Tir Appuyé (EP-11.15)",
    },
    # errors: one line in the run's language, naming the option and its valid forms
    "err_lang": {
        "fr": "langue inconnue « {lang} » : fr ou en",
        "en": "unknown language '{lang}': fr or en",
    },
    "err_save": {
        "fr": "sauvegarde « {v} » invalide : formes valides X+, X+f, X+/Y+f (X, Y de 1 à 6), "
        "fiche ou - (EPC-13)",
        "en": "bad save '{v}': valid forms X+, X+f, X+/Y+f (X, Y from 1 to 6), fiche or - (EPC-13)",
    },
    "err_int": {
        "fr": "« {v} » : un nombre entier de {lo} à {hi} est attendu",
        "en": "'{v}': a whole number from {lo} to {hi} is expected",
    },
    "err_number": {
        "fr": "« {v} » : un nombre de {lo} à {hi} est attendu",
        "en": "'{v}': a number from {lo} to {hi} is expected",
    },
    "err_optional": {
        "fr": "« {v} » : 0 (aucune) ou X+ de {lo} à {hi} est attendu",
        "en": "'{v}': 0 (none) or X+ from {lo} to {hi} is expected",
    },
    "err_choice": {
        "fr": "« {v} » : choisissez parmi {choices}",
        "en": "'{v}': choose one of {choices}",
    },
    "err_dice": {
        "fr": "{n} dés : au plus {limit} dés d'attaque par calcul exact (limite de l'outil) ; "
        "découpez le tir",
        "en": "{n} dice: at most {limit} attack dice per exact computation (a limit of this "
        "tool); split the attack",
    },
    "err_attackers": {
        "fr": "{n} attaquants : de 1 à {limit} --attacker-fa (limite de l'outil)",
        "en": "{n} attackers: from 1 to {limit} --attacker-fa (a limit of this tool)",
    },
    "err_range": {
        "fr": "hors de portée : {d} cm pour {r} cm (EP-16.27)",
        "en": "out of range: {d} cm for {r} cm (EP-16.27)",
    },
    "err_target": {
        "fr": "cette arme ne peut pas viser un Volant en vol ({rule})",
        "en": "this weapon may not target an airborne Flyer ({rule})",
    },
    "err_ethereal_interception": {
        "fr": "un pouvoir éthéré n'est pas un tir : pas de tir d'interception (EP-11.15)",
        "en": "an ethereal power is not a shot: no interception fire (EP-11.15)",
    },
    "err_config_item": {
        "fr": "« {item} » : attendu clé=valeur",
        "en": "'{item}': expected key=value",
    },
    "err_config": {"fr": "configuration refusée : {msg}", "en": "configuration refused: {msg}"},
}

# One line of the assault's outcomes, its words agreeing with the counts `w` and `a`: a
# Fluent template (plural selectors, CLDR rules of the language), rendered alone by
# `render_fluent`, where the texts of `_TEXT` are `str.format` ones.
_OUTCOME: dict[str, str] = {
    "fr": '{"  "}{ $w } PdV { $w ->\n    [one] perdu\n   *[other] perdus\n} par le défenseur, '
    "{ $a } { $a ->\n    [one] attaquant perdu\n   *[other] attaquants perdus\n} : "
    '{ FORMAT($p, spec: ".4f") }',
    "en": '{"  "}defender loses { $w } { $w ->\n    [one] wound\n   *[other] wounds\n}, '
    "{ $a } { $a ->\n    [one] attacker\n   *[other] attackers\n} lost: "
    '{ FORMAT($p, spec: ".4f") }',
}

# Bounds of the questions (exit 2 beyond them, naming the limit): 50 attack dice take about
# a second of exact arithmetic (the work grows as dice³); 20 attackers in one assault.
MAX_DICE = 50
MAX_ATTACKERS = 20
MAX_WOUNDS = 20  # hit points of one stand (the largest Titans have fewer)
MAX_ELITE = 20
MAX_CM = 1000.0
ORDERS = ("tir_appuye", "avance", "charge", "retraite")  # EPC-9
ARCS = ("360", "180", "90")  # EPC-14
CLASSES = (1, 7)  # target class 1 to 7 (EP-16.44)
TO_HIT = (1, 9)  # X+ before modifiers; 7+ to 9+ per roll.sevenPlus (AMB-EP-2)
SAVE_X = (2, 6)  # cover and Psychic Save X+ (0: none)
PA = (-9, 0)
FA = (-9, 20)

epic_app = typer.Typer(help="Epic : tir ou assaut / Epic: shooting or assault.")
odds_app.add_typer(epic_app, name="epic")


def _t(lg: str, key: str, **args: Any) -> str:
    return _TEXT[key][lg].format(**args)


def _bad(lang: str, hint: str, key: str, **args: Any) -> typer.Exit:
    """A one-line error in `lang` naming the option `hint` (exit code 2)."""
    return usage_error(lang, hint, _t(lang, key, **args))


def _lang(lang: str) -> str:
    if lang not in LANGS:
        text = _t("fr", "err_lang", lang=lang) + " / " + _t("en", "err_lang", lang=lang)
        raise usage_error("fr", "--lang", text)
    return lang


def _int(lang: str, opt: str, text: str, bounds: tuple[int, int]) -> int:
    lo, hi = bounds
    raw = text.strip()
    digits = raw[1:] if raw[:1] in "+-" else raw
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 6) or not (
        lo <= int(raw) <= hi
    ):
        raise _bad(lang, opt, "err_int", v=text, lo=lo, hi=hi)
    return int(raw)


def _x_plus(lang: str, opt: str, text: str) -> int | None:
    """A cover or Psychic Save: 0 (none) or X+ (the `+` may be left out)."""
    raw = text.strip().removesuffix("+")
    lo, hi = SAVE_X
    if raw.isascii() and raw.isdigit() and (raw == "0" or lo <= int(raw) <= hi):
        return int(raw) or None
    raise _bad(lang, opt, "err_optional", v=text, lo=lo, hi=hi)


def _cm(lang: str, opt: str, text: str | None) -> float | None:
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= MAX_CM:  # NaN fails too
        raise _bad(lang, opt, "err_number", v=text, lo=0, hi=int(MAX_CM))
    return value


def _choice(lang: str, opt: str, text: str, choices: tuple[str, ...]) -> str:
    value = text.strip().lower()
    if value not in choices:
        raise _bad(lang, opt, "err_choice", v=text, choices=", ".join(choices))
    return value


def parse_config(items: list[str], lang: str) -> Rules:
    """`key=value` items checked by the engine (`config_values`), refusals in `lang`."""
    values: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise _bad(lang, "--config", "err_config_item", item=item)
        values[key.strip()] = raw.strip()
    try:
        return resolve(values)
    except ConfigError as exc:
        raise _bad(lang, "--config", "err_config", msg=config_text(exc, lang)) from None


def _fmt(p: Fraction) -> float:
    return float(p)


LangOpt = Annotated[str, typer.Option("--lang", help="fr | en")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Un objet JSON / one JSON object.")]
ConfigOpt = Annotated[
    list[str] | None,
    typer.Option("--config", help="Option de règle / rule option key=value (repeatable)."),
]


@epic_app.command("shoot", help="Un tir : dés, pour toucher, PA contre sauvegarde / one attack.")
def shoot(
    dice: Annotated[
        str,
        typer.Option("--dice", metavar="INT", help=f"Dés d'attaque / attack dice (0-{MAX_DICE})."),
    ] = "1",
    to_hit: Annotated[
        str, typer.Option("--to-hit", metavar="INT", help="Pour toucher X+ / to hit X+ (1-9).")
    ] = "4",
    pa: Annotated[str, typer.Option("--pa", metavar="INT", help="PA (0, -1, -2…) / AP.")] = "0",
    save: Annotated[str, typer.Option("--save", help="4+, 4+f, 4+/6+f, fiche, -")] = "-",
    cover: Annotated[
        str, typer.Option("--cover", metavar="X+", help="Couvert X+ (0 : aucun) / cover.")
    ] = "0",
    psychic_save: Annotated[
        str, typer.Option("--psychic-save", metavar="X+", help="Sauvegarde Psychique X+ (EP-14).")
    ] = "0",
    ethereal: Annotated[
        bool,
        typer.Option(
            "--ethereal",
            help="Pouvoir éthéré (EP-11.12) : jamais de relance des 1 ni d'interception "
            "(EP-11.15) / ethereal power.",
        ),
    ] = False,
    tir_appuye: Annotated[
        bool, typer.Option("--tir-appuye", help="Relance des 1 (Tir Appuyé non révélé).")
    ] = False,
    elite: Annotated[bool, typer.Option("--elite", help="Tireur Elite (EP-4).")] = False,
    target_elite: Annotated[
        bool, typer.Option("--target-elite", help="Cible Elite (EP-4.3).")
    ] = False,
    interception: Annotated[
        bool, typer.Option("--interception", help="Tir d'interception, -1 (EPC-15).")
    ] = False,
    aa: Annotated[bool, typer.Option("--aa", help="Arme AA (EPC-26).")] = False,
    target_altitude: Annotated[
        str, typer.Option("--target-altitude", help="ground | low | high (EP-16.12).")
    ] = GROUND,
    shooter_altitude: Annotated[
        str, typer.Option("--shooter-altitude", help="ground | low | high.")
    ] = GROUND,
    landing: Annotated[
        bool, typer.Option("--landing", help="Cible en atterrissage, -1 (EP-16.3).")
    ] = False,
    target_class: Annotated[
        str, typer.Option("--target-class", metavar="INT", help="Classe 1-7.")
    ] = "1",
    order: Annotated[str, typer.Option("--order", help=" | ".join(ORDERS) + " (EPC-9)")] = "avance",
    arc: Annotated[str, typer.Option("--arc", metavar="INT", help=" | ".join(ARCS))] = "360",
    titan: Annotated[bool, typer.Option("--titan", help="Arme de Titan (EP-16.45).")] = False,
    distance: Annotated[
        str | None,
        typer.Option("--distance", metavar="CM", help="Distance sur la table (cm)."),
    ] = None,
    weapon_range: Annotated[
        str | None, typer.Option("--range", metavar="CM", help="Portée de l'arme (cm).")
    ] = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    lang = _lang(lang)
    rules = parse_config(config or [], lang)
    if dice.strip().isascii() and dice.strip().isdigit() and int(dice) > MAX_DICE:
        raise _bad(lang, "--dice", "err_dice", n=dice.strip(), limit=MAX_DICE)
    n_dice = _int(lang, "--dice", dice, (0, MAX_DICE))
    hit_on = _int(lang, "--to-hit", to_hit, TO_HIT)
    ap = _int(lang, "--pa", pa, PA)
    cls = _int(lang, "--target-class", target_class, CLASSES)
    fire_arc = int(_choice(lang, "--arc", arc, ARCS))
    order = _choice(lang, "--order", order, ORDERS)
    altitudes = (GROUND, LOW, HIGH)
    target_altitude = _choice(lang, "--target-altitude", target_altitude, altitudes)
    shooter_altitude = _choice(lang, "--shooter-altitude", shooter_altitude, altitudes)
    cover_x = _x_plus(lang, "--cover", cover)
    psychic_x = _x_plus(lang, "--psychic-save", psychic_save)
    try:
        sv = parse_save(save.strip())
    except ValueError:
        raise _bad(lang, "--save", "err_save", v=save) from None
    on_table = _cm(lang, "--distance", distance)
    reach = _cm(lang, "--range", weapon_range)
    if ethereal and interception:  # EP-11.15
        raise _bad(lang, "--ethereal/--interception", "err_ethereal_interception")
    eff = None
    if on_table is not None and reach is not None:
        eff = effective_range_distance(on_table, shooter_altitude, target_altitude)
        if eff > reach:
            raise _bad(lang, "--distance", "err_range", d=eff, r=reach)
    airborne = target_altitude != GROUND
    if airborne or landing:
        ok, rule = may_target_airborne(aa=aa, arc=fire_arc, order=order, titan=titan)
        if not ok:
            raise _bad(lang, "--aa/--order/--arc", "err_target", rule=rule)
    mods = to_hit_modifiers(
        aa=aa,
        target_airborne=airborne,
        target_landing=landing,
        target_class=cls,
        interception=interception,
        rules=rules,
    )
    target = modified_to_hit(hit_on, mods)
    profile = SaveProfile(sv.armour, sv.fixed, cover_x, psychic_x)
    odds = shooting_odds(
        n_dice,
        target,
        ap,
        profile,
        reroll_ones=tir_appuye,
        elite_attacker=elite,
        elite_defender=target_elite,
        ethereal=ethereal,
        rules=rules,
    )
    no_reroll = ethereal and tir_appuye  # EP-11.15
    if as_json:
        out = odds.to_json()
        out["modifiers"] = [{"rule": m.rule, "value": -m.value} for m in mods]
        if eff is not None:
            out["effective_distance"] = eff
        if no_reroll:
            out["notes"] = ["EP-11.15"]
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    typer.echo(_t(lang, "shoot_title"))
    shown = ", ".join(f"-{m.value} {m.rule}" for m in mods) or _t(lang, "no_mod")
    typer.echo(_t(lang, "to_hit", n=target, mods=shown))
    if no_reroll:
        typer.echo(_t(lang, "ethereal_note"))
    if eff is not None:
        typer.echo(_t(lang, "distance", d=eff, r=reach))
    typer.echo(_t(lang, "per_die", p=_fmt(odds.p_hit_die), f=odds.p_hit_die))
    typer.echo(_t(lang, "save", p=_fmt(odds.p_save), f=odds.p_save))
    for key, dist, which in (("hits", odds.hits, "hits"), ("losses", odds.unsaved, "unsaved")):
        typer.echo(f"{_t(lang, key)} — {_t(lang, 'mean', m=float(odds.mean(which)))}")
        for k, w in dist.items():
            typer.echo(f"  {k}: {float(w):.4f} ({w})")


@epic_app.command("assault", help="Un assaut : duels 2D6 + FA, surnombre / one assault.")
def assault(
    attacker_fa: Annotated[
        list[str] | None,
        typer.Option(
            "--attacker-fa",
            metavar="INT",
            help=f"FA de chaque attaquant, dans l'ordre (repeatable, 1-{MAX_ATTACKERS}).",
        ),
    ] = None,
    defender_fa: Annotated[
        str, typer.Option("--defender-fa", metavar="INT", help="FA du défenseur.")
    ] = "0",
    defender_wounds: Annotated[
        str,
        typer.Option(
            "--defender-wounds", metavar="INT", help=f"PdV du défenseur (1-{MAX_WOUNDS})."
        ),
    ] = "1",
    attacker_elite: Annotated[
        str,
        typer.Option(
            "--attacker-elite", metavar="INT", help="Relances Elite de l'attaquant (EP-4)."
        ),
    ] = "0",
    defender_elite: Annotated[
        str,
        typer.Option("--defender-elite", metavar="INT", help="Relances Elite du défenseur (EP-4)."),
    ] = "0",
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    lang = _lang(lang)
    rules = parse_config(config or [], lang)
    raw_fa = attacker_fa or []
    if not 1 <= len(raw_fa) <= MAX_ATTACKERS:
        raise _bad(lang, "--attacker-fa", "err_attackers", n=len(raw_fa), limit=MAX_ATTACKERS)
    fas = [_int(lang, "--attacker-fa", v, FA) for v in raw_fa]
    d_fa = _int(lang, "--defender-fa", defender_fa, FA)
    wounds = _int(lang, "--defender-wounds", defender_wounds, (1, MAX_WOUNDS))
    a_elite = _int(lang, "--attacker-elite", attacker_elite, (0, MAX_ELITE))
    d_elite = _int(lang, "--defender-elite", defender_elite, (0, MAX_ELITE))
    odds = assault_odds(
        [Fighter(fa) for fa in fas],
        Fighter(d_fa, wounds),
        attacker_rerolls=a_elite,
        defender_rerolls=d_elite,
        rules=rules,
    )
    if as_json:
        typer.echo(json.dumps(odds.to_json(), ensure_ascii=False))
        return
    typer.echo(_t(lang, "assault_title"))
    for i, duel in enumerate(odds.duels, 1):
        a, t, b = (float(duel.get(k, 0)) for k in ("a", "tie", "b"))
        typer.echo(_t(lang, "duel", i=i, a=a, t=t, b=b))
    p = odds.p_defender_destroyed()
    typer.echo(_t(lang, "destroyed", p=float(p), f=p))
    typer.echo(_t(lang, "att_lost", m=float(odds.mean_attackers_lost())))
    for (w, a_lost), pr in sorted(odds.dist.items()):
        typer.echo(render_fluent(_OUTCOME[lang], {"w": w, "a": a_lost, "p": float(pr)}, lang))
