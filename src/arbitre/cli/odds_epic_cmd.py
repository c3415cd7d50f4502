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

LANGS = ("fr", "en")
ALTITUDES = (GROUND, LOW, HIGH)

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
    "outcome": {
        "fr": "  {w} PdV perdus par le défenseur, {a} attaquant(s) perdu(s) : {p:.4f}",
        "en": "  defender loses {w} wound(s), {a} attacker(s) lost: {p:.4f}",
    },
    # errors
    "err_lang": {
        "fr": "langue inconnue « {lang} » : fr ou en",
        "en": "unknown language '{lang}': fr or en",
    },
    "err_save": {"fr": "sauvegarde invalide : {msg}", "en": "bad save: {msg}"},
    "err_range": {
        "fr": "hors de portée : {d} cm pour {r} cm (EP-16.27)",
        "en": "out of range: {d} cm for {r} cm (EP-16.27)",
    },
    "err_target": {
        "fr": "cette arme ne peut pas viser un Volant en vol ({rule})",
        "en": "this weapon may not target an airborne Flyer ({rule})",
    },
    "err_altitude": {"fr": "altitude : ground, low ou high", "en": "altitude: ground, low or high"},
    "err_negative": {"fr": "doit être un entier ≥ 0", "en": "must be an integer >= 0"},
    "err_attackers": {"fr": "au moins un --attacker-fa", "en": "at least one --attacker-fa"},
    "err_config_item": {
        "fr": "« {item} » : attendu clé=valeur",
        "en": "'{item}': expected key=value",
    },
    "err_config": {"fr": "configuration refusée : {msg}", "en": "configuration refused: {msg}"},
}

epic_app = typer.Typer(help="Epic : tir ou assaut / Epic: shooting or assault.")
odds_app.add_typer(epic_app, name="epic")


def _t(lg: str, key: str, **args: Any) -> str:
    return _TEXT[key][lg].format(**args)


def _bad(lang: str, hint: str, key: str, **args: Any) -> typer.BadParameter:
    return typer.BadParameter(_t(lang, key, **args), param_hint=f"'{hint}'")


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise typer.BadParameter(
            _t("fr", "err_lang", lang=lang) + " / " + _t("en", "err_lang", lang=lang),
            param_hint="'--lang'",
        )
    return lang


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_config(items: list[str], lang: str) -> Rules:
    values: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        if not sep or not key:
            raise _bad(lang, "--config", "err_config_item", item=item)
        values[key.strip()] = _value(raw.strip())
    try:
        return resolve(values)
    except ConfigError as exc:
        raise _bad(lang, "--config", "err_config", msg=str(exc)) from None


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
    dice: Annotated[int, typer.Option("--dice", help="Dés d'attaque / attack dice.")] = 1,
    to_hit: Annotated[int, typer.Option("--to-hit", help="Pour toucher X+ / to hit X+.")] = 4,
    pa: Annotated[int, typer.Option("--pa", help="PA (0, -1, -2…) / AP.")] = 0,
    save: Annotated[str, typer.Option("--save", help="4+, 4+f, 4+/6+f, -")] = "-",
    cover: Annotated[int, typer.Option("--cover", help="Couvert X+ (0 : aucun) / cover.")] = 0,
    psychic_save: Annotated[
        int, typer.Option("--psychic-save", help="Sauvegarde Psychique X+ (EP-14).")
    ] = 0,
    ethereal: Annotated[
        bool, typer.Option("--ethereal", help="Pouvoir éthéré (EP-11.12) / ethereal power.")
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
    target_class: Annotated[int, typer.Option("--target-class", help="Classe 1-7.")] = 1,
    order: Annotated[
        str, typer.Option("--order", help="tir_appuye | avance | charge | retraite")
    ] = "avance",
    arc: Annotated[int, typer.Option("--arc", help="360 | 180 | 90")] = 360,
    titan: Annotated[bool, typer.Option("--titan", help="Arme de Titan (EP-16.45).")] = False,
    distance: Annotated[
        float | None, typer.Option("--distance", help="Distance sur la table (cm).")
    ] = None,
    weapon_range: Annotated[
        float | None, typer.Option("--range", help="Portée de l'arme (cm).")
    ] = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    lang = _lang(lang)
    rules = parse_config(config or [], lang)
    if dice < 0:
        raise _bad(lang, "--dice", "err_negative")
    for name, alt in (
        ("--target-altitude", target_altitude),
        ("--shooter-altitude", shooter_altitude),
    ):
        if alt not in ALTITUDES:
            raise _bad(lang, name, "err_altitude")
    try:
        sv = parse_save(save)
    except ValueError as exc:
        raise _bad(lang, "--save", "err_save", msg=str(exc)) from None
    eff = None
    if distance is not None and weapon_range is not None:
        eff = effective_range_distance(distance, shooter_altitude, target_altitude)
        if eff > weapon_range:
            raise _bad(lang, "--distance", "err_range", d=eff, r=weapon_range)
    airborne = target_altitude != GROUND
    if airborne or landing:
        ok, rule = may_target_airborne(aa=aa, arc=arc, order=order, titan=titan)
        if not ok:
            raise _bad(lang, "--aa/--order/--arc", "err_target", rule=rule)
    mods = to_hit_modifiers(
        aa=aa,
        target_airborne=airborne,
        target_landing=landing,
        target_class=target_class,
        interception=interception,
        rules=rules,
    )
    target = modified_to_hit(to_hit, mods)
    profile = SaveProfile(sv.armour, sv.fixed, cover or None, psychic_save or None)
    odds = shooting_odds(
        dice,
        target,
        pa,
        profile,
        reroll_ones=tir_appuye,
        elite_attacker=elite,
        elite_defender=target_elite,
        ethereal=ethereal,
        rules=rules,
    )
    if as_json:
        out = odds.to_json()
        out["modifiers"] = [{"rule": m.rule, "value": -m.value} for m in mods]
        if eff is not None:
            out["effective_distance"] = eff
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    typer.echo(_t(lang, "shoot_title"))
    shown = ", ".join(f"-{m.value} {m.rule}" for m in mods) or _t(lang, "no_mod")
    typer.echo(_t(lang, "to_hit", n=target, mods=shown))
    if eff is not None:
        typer.echo(_t(lang, "distance", d=eff, r=weapon_range))
    typer.echo(_t(lang, "per_die", p=_fmt(odds.p_hit_die), f=odds.p_hit_die))
    typer.echo(_t(lang, "save", p=_fmt(odds.p_save), f=odds.p_save))
    for key, dist, which in (("hits", odds.hits, "hits"), ("losses", odds.unsaved, "unsaved")):
        typer.echo(f"{_t(lang, key)} — {_t(lang, 'mean', m=float(odds.mean(which)))}")
        for k, w in dist.items():
            typer.echo(f"  {k}: {float(w):.4f} ({w})")


@epic_app.command("assault", help="Un assaut : duels 2D6 + FA, surnombre / one assault.")
def assault(
    attacker_fa: Annotated[
        list[int] | None,
        typer.Option("--attacker-fa", help="FA de chaque attaquant, dans l'ordre (repeatable)."),
    ] = None,
    defender_fa: Annotated[int, typer.Option("--defender-fa", help="FA du défenseur.")] = 0,
    defender_wounds: Annotated[
        int, typer.Option("--defender-wounds", help="PdV du défenseur.")
    ] = 1,
    attacker_elite: Annotated[
        int, typer.Option("--attacker-elite", help="Relances Elite de l'attaquant (EP-4).")
    ] = 0,
    defender_elite: Annotated[
        int, typer.Option("--defender-elite", help="Relances Elite du défenseur (EP-4).")
    ] = 0,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    lang = _lang(lang)
    rules = parse_config(config or [], lang)
    if not attacker_fa:
        raise _bad(lang, "--attacker-fa", "err_attackers")
    for name, v in (
        ("--defender-wounds", defender_wounds - 1),
        ("--attacker-elite", attacker_elite),
        ("--defender-elite", defender_elite),
    ):
        if v < 0:
            raise _bad(lang, name, "err_negative")
    odds = assault_odds(
        [Fighter(fa) for fa in attacker_fa],
        Fighter(defender_fa, defender_wounds),
        attacker_rerolls=attacker_elite,
        defender_rerolls=defender_elite,
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
        typer.echo(_t(lang, "outcome", w=w, a=a_lost, p=float(pr)))
