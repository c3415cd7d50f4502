"""Every Epic text a person reads, in French and English (keys `epic.*`)."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages
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
        "Trop loin : {cm} cm pour {max} cm permis", "Too far: {cm} cm for {max} cm allowed"
    ),
    "epic.move.off_table": _t("Hors de la table", "Off the table"),
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
        "Le détachement doit garder sa cohésion de formation ({cm} cm)",
        "The detachment must keep formation coherency ({cm} cm)",
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
}

add_messages(MESSAGES)
