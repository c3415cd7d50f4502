"""Every Epic text a person reads, in French and English (keys `epic.*`)."""

from __future__ import annotations

from typing import Any

from arbitre.engine.i18n import (
    Msg,
    Name,
    add_arg_resolver,
    add_messages,
    has_message,
    translate,
)
from arbitre.games.epic.catalog import CATALOG
from arbitre.games.epic.geometry import TERRAIN


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


MESSAGES: dict[str, dict[str, str]] = {
    **{f"epic.unit.{u.id}": _t(u.name_fr, u.name_en) for u in CATALOG.units.values()},
    **{f"epic.ability.{a.id}": _t(a.name_fr, a.name_en) for a in CATALOG.abilities.values()},
    **{f"epic.army.{a.id}": _t(a.name_fr, a.name_en) for a in CATALOG.armies.values()},
    **{f"epic.terrain.{t.id}": _t(t.name_fr, t.name_en) for t in TERRAIN.values()},
    "epic.order.tir_appuye": _t("Tir Appuyé", "Tir Appuyé (braced fire)"),
    "epic.order.avance": _t("Avance", "Advance"),
    "epic.order.charge": _t("Charge", "Charge"),
    "epic.order.retraite": _t("Retraite", "Retreat"),
    # refusals of a proposed point
    "epic.move.too_far": _t(
        "Trop loin : { $cm } cm pour { $max } cm permis",
        "Too far: { $cm } cm for { $max } cm allowed",
    ),
    "epic.move.off_table": _t("Hors de la table", "Off the table"),
    "epic.move.too_short": _t(
        "Trop court : { $cm } cm pour { $min } cm au minimum",
        "Too short: { $cm } cm for at least { $min } cm",
    ),
    "epic.move.no_landing": _t("Un Volant ne peut pas se poser ici", "A Flyer may not land here"),
    "epic.move.bad_point": _t(
        "Point « { $key } » illisible : écrire x,y en cm",
        "Point '{ $key }' unreadable: write x,y in cm",
    ),
    **{
        f"epic.power.{p.id}": _t(p.name_fr, p.name_en)
        for u in CATALOG.units.values()
        for p in u.powers
    },
    "epic.move.impassable": _t("Terrain infranchissable", "Impassable terrain"),
    "epic.move.contact": _t(
        "Ce mouvement ne peut pas mettre le socle au contact d'un autre socle",
        "This move may not bring the stand into contact with another stand",
    ),
    "epic.move.enemy_zoc": _t(
        "Ce mouvement ne peut pas entrer dans la zone de contrôle d'un socle ennemi",
        "This move may not enter an enemy stand's zone of control",
    ),
    "epic.move.coherency": _t(
        "Le détachement doit garder sa cohésion de formation ({ $cm } cm)",
        "The detachment must keep formation coherency ({ $cm } cm)",
    ),
    # options (arbitre rules epic)
    "epic.option.roll.sevenPlus": _t(
        "Toucher sur 7+ : un 6 puis un second D6 (4+ pour 7+), impossible, ou 6 naturel",
        "Hitting on 7+: a 6 then a second D6 (4+ for 7+), impossible, or a natural 6",
    ),
    "epic.option.roll.naturalOneMisses": _t(
        "Un 1 naturel rate toujours", "A natural 1 always misses"
    ),
    "epic.option.save.dual": _t(
        "Sauvegarde X+/Y+f : un jet contre la meilleure valeur, ou deux jets",
        "Save X+/Y+f: one roll against the better value, or two rolls",
    ),
    "epic.option.elite.pool": _t(
        "Relances Elite (X) : X par détachement, par socle, ou 1 par détachement",
        "Elite (X) re-rolls: X per detachment, per stand, or 1 per detachment",
    ),
    "epic.option.elite.scope": _t(
        "Réserve Elite : pour la partie, par détachement, ou renouvelée à chaque tour",
        "Elite pool: for the game, per detachment, or refreshed every turn",
    ),
    "epic.option.measure.from": _t(
        "Mesures : de centre à centre, ou de bord de socle à bord de socle",
        "Measuring: centre to centre, or base edge to base edge",
    ),
    "epic.option.measure.baseRadius": _t(
        "Rayon d'un socle (cm), pour le contact et les mesures bord à bord",
        "Radius of a stand (cm), for contact and edge-to-edge measuring",
    ),
    "epic.option.coherency.cm": _t(
        "Distance de cohésion de formation (cm)", "Formation coherency distance (cm)"
    ),
    "epic.option.breakthrough.exact": _t(
        "Percée : exactement 5/10 cm (sinon : jusqu'à)",
        "Breakthrough: exactly 5/10 cm (otherwise: up to)",
    ),
    "epic.option.breakthrough.bigClasses": _t(
        "Percée des classes 3+ : aucune, ou 10 cm comme la classe 2",
        "Breakthrough for classes 3+: none, or 10 cm like class 2",
    ),
    "epic.option.altitude.floatersHigh": _t(
        "Les Flottants en Haute Altitude ont aussi +25 cm de distance de tir",
        "Floaters at High altitude also get +25 cm to range distances",
    ),
    "epic.option.aa.groundPenalty": _t(
        "Malus des armes AA contre une cible au sol de classe < 5",
        "Penalty of AA weapons against a ground target of class < 5",
    ),
    "epic.option.assault.eliteWhen": _t(
        "Relance Elite en assaut : quand on perd, ou quand on perd ou à égalité",
        "Elite re-roll in assault: when losing, or when losing or tied",
    ),
    "epic.option.dr.combatPhase": _t(
        "Les Défenses Rapprochées tirent aussi en phase de combat",
        "Close Defences also fire in the combat phase",
    ),
    "epic.option.demolisher.perHit": _t(
        "Démolisseur : une sauvegarde du bâtiment par touche (sinon par dé, sans jet pour toucher)",
        "Demolisher: one building save per hit (otherwise per die, no to-hit roll)",
    ),
    "epic.option.infiltration.tie": _t(
        "Égalité au jet d'Infiltration : relancer, ou le premier joueur",
        "Tied Infiltration roll: re-roll, or the first player",
    ),
    "epic.option.interceptor.move": _t(
        "Intercepteur créant sa zone : exactement la moitié du mouvement, ou au moins",
        "Interceptor making its zone: exactly half its move, or at least",
    ),
    "epic.option.character.abandon": _t(
        "Personnage abandonnant son transport : le transport est détruit, ou le personnage",
        "Character leaving its transport: the transport is destroyed, or the character",
    ),
    "epic.option.bound.cavalry": _t(
        "Un Personnage Lié d'infanterie peut rejoindre la cavalerie",
        "An infantry Bound Character may join cavalry",
    ),
    "epic.option.psyker.combatOrders": _t(
        "Pouvoirs de la phase de combat : ordres de tir seulement, ou tout ordre",
        "Combat-phase powers: shooting orders only, or any order",
    ),
    "epic.option.hq.sacrificeFrom": _t(
        "Sacrifice du QG : un socle de tout détachement ami, ou du sien",
        "HQ sacrifice: a stand of any friendly detachment, or its own",
    ),
    "epic.option.command.chargeAssaults": _t(
        "Unité de Commandement en Charge : tire comme en Avance et peut encore donner l'assaut",
        "Command Unit on Charge: shoots as on Advance and may still assault",
    ),
    "epic.option.flyer.tirAppuyeNoTransport": _t(
        "Volant sans Transport en Tir Appuyé : agit comme en Avance, ou se pose",
        "Flyer without Transport on Tir Appuyé: acts as on Advance, or lands",
    ),
    "epic.option.flyer.evasive": _t(
        "Malus d'évitement d'un Volant qui se pose : pendant son mouvement, ou tout le tour",
        "Evasive penalty of a landing Flyer: during its move, or the whole turn",
    ),
    "epic.option.assault.phase": _t(
        "Assauts : actions de la phase de combat, ou phase d'assaut après les tirs",
        "Assaults: combat-phase actions, or an assault phase after the shooting",
    ),
    "epic.option.morale.tests": _t(
        "Tests de moral et replis",
        "Morale tests and fall-backs",
    ),
    "epic.option.los.terrain": _t(
        "Les forêts et bâtiments bloquent les lignes de vue au sol",
        "Forests and buildings block ground lines of sight",
    ),
}

add_messages(MESSAGES)

# Detachment id -> its unit, so that texts name "Terminators (A)", not "terminators".
DETACHMENT_UNITS = {d.id: d.unit for army in CATALOG.armies.values() for d in army.detachments}


def deploy_order(army_id: str) -> list[Any]:
    """An army's detachments in the order they are set up (setup.py): ground troops, then
    Flyers, then those starting aboard a transport."""
    specs = CATALOG.armies[army_id].detachments
    flyer = [CATALOG.units[d.unit].is_flyer for d in specs]
    ground = [d for d, f in zip(specs, flyer, strict=True) if not f and not d.embarked]
    air = [d for d, f in zip(specs, flyer, strict=True) if f]
    aboard = [d for d, f in zip(specs, flyer, strict=True) if d.embarked and not f]
    return [*ground, *air, *aboard]


def _letters() -> dict[str, str]:
    """Detachment id -> its letter on the table: A, B, … for the first army's, a, b, … for
    the second's, in set-up order (as the page and the terminal letter them)."""
    from arbitre.games.epic.state import ARMIES

    out: dict[str, str] = {}
    for side, army in enumerate(ARMIES):
        for n, spec in enumerate(deploy_order(army)):
            letter = chr(ord("A") + n % 26)
            out.setdefault(spec.id, letter if side == 0 else letter.lower())
    return out


DETACHMENT_LETTERS = _letters()
_VOWELS = frozenset("AEIOUYÉÈÊÂÎaeiouyéèêâî")  # no h: Héraut, Hell Blade keep "de"
CM_ARGS = frozenset({"cm", "max", "min", "dist", "range"})


def det_label(spec: str, lang: str) -> str | None:
    """A detachment by its unit's name and its letter on the table: "Marines tactiques (B)"."""
    unit = DETACHMENT_UNITS.get(spec)
    if unit is None or not has_message(f"epic.unit.{unit}"):
        return None
    name = translate(Msg(f"epic.unit.{unit}"), lang)
    letter = DETACHMENT_LETTERS.get(spec)
    label = f"{name} ({letter})" if letter else name
    # "Tir de l'Avatar (a)": a French name starting with a vowel elides (`$det_of`)
    return Name(label, "elided") if lang == "fr" and name[:1] in _VOWELS else label


def cm_text(value: float, lang: str) -> str:
    """A length in cm to 0.1, without a trailing ".0"; a decimal comma in French."""
    text = f"{round(float(value), 1) + 0.0:g}"
    return text.replace(".", ",") if lang == "fr" else text


def _epic_arg(arg: str, value: Any, lang: str) -> str | None:
    """Show a detachment id carried by an epic.* message as its name and letter, and a
    length in cm in the reader's way of writing numbers."""
    if isinstance(value, str):
        return det_label(value, lang)
    if arg in CM_ARGS and isinstance(value, int | float) and not isinstance(value, bool):
        return cm_text(value, lang)
    return None


add_arg_resolver("epic", _epic_arg)
