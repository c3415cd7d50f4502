"""The fr/en texts of the playable Epic turn (keys `epic.decide.*`, `epic.opt.*`,
`epic.ev.*`, `epic.result*`, `epic.seat.*`)."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


MESSAGES: dict[str, dict[str, str]] = {
    "epic.seat.imperium": _t("Imperium", "Imperium"),
    "epic.seat.mille_fils": _t("Mille Fils", "Thousand Sons"),
    "epic.decide.order": _t(
        "Ordre secret pour le détachement {det}", "Secret order for detachment {det}"
    ),
    "epic.decide.activate": _t("Activer un détachement", "Activate a detachment"),
    "epic.decide.move": _t("Où déplacer le détachement {det} ?", "Where does {det} move?"),
    "epic.decide.combat": _t(
        "Phase de combat : tirer ou mener un assaut", "Combat phase: shoot or assault"
    ),
    "epic.opt.activate": _t("Activer {det}", "Activate {det}"),
    "epic.opt.move": _t("Déplacement de ({dx}, {dy}) cm", "Move by ({dx}, {dy}) cm"),
    "epic.opt.fire": _t("{det} tire sur {target}", "{det} shoots at {target}"),
    "epic.opt.assault": _t("{det} mène l'assaut", "{det} assaults"),
    "epic.ev.turn": _t("Tour {turn}", "Turn {turn}"),
    "epic.ev.initiative": _t(
        "Initiative : {a} contre {b}, {side} commence", "Initiative: {a} against {b}, {side} starts"
    ),
    "epic.ev.fire": _t(
        "Tir de {det} sur {target} : pour toucher {to_hit} → {hits} touche(s) ;"
        " sauvegardes {saves} → {lost} PV perdus",
        "{det} shoots at {target}: to hit {to_hit} → {hits} hit(s);"
        " saves {saves} → {lost} wound(s) lost",
    ),
    "epic.ev.duel": _t("Duel de {det} : {a} contre {b}", "{det}'s duel: {a} against {b}"),
    "epic.ev.stand_lost": _t("Socle détruit : {unit}", "Stand destroyed: {unit}"),
    "epic.ev.broken": _t("Le détachement {det} est brisé", "Detachment {det} is broken"),
    "epic.illegal.option": _t(
        "Choix « {key} » impossible ici", "Choice '{key}' is not possible here"
    ),
    "epic.result": _t(
        "{winner} l'emporte ({reason}), points {a}–{b}", "{winner} wins ({reason}), points {a}–{b}"
    ),
    "epic.result.draw": _t("Match nul, points {a}–{b}", "Draw, points {a}–{b}"),
    "epic.reason.broken": _t("armée adverse brisée", "enemy army broken"),
    "epic.reason.points": _t("points de rupture", "break points"),
    "epic.order.aucun": _t("Sans ordre", "No order"),
    "epic.alt.high": _t("Haute Altitude", "High altitude"),
    "epic.alt.low": _t("Basse Altitude", "Low altitude"),
    "epic.alt.ground": _t("Au sol", "On the ground"),
    "epic.loc.jambes": _t("jambes", "legs"),
    "epic.loc.coque": _t("coque", "hull"),
    "epic.loc.arme": _t("arme", "weapon"),
    "epic.loc.tete": _t("tête / passerelle", "head / bridge"),
    "epic.loc.reacteur": _t("réacteur", "reactor"),
    "epic.loc.generateur": _t("générateur de boucliers", "shield generator"),
    "epic.loc.choix": _t("au choix", "attacker's choice"),
    "epic.decide.movement": _t("Où va {det} ?", "Where does {det} go?"),
    "epic.decide.zone": _t(
        "Où {det} crée-t-il sa Zone d'Interception ?", "Where does {det} set its Interception Zone?"
    ),
    "epic.decide.infiltrate": _t("Où {det} s'infiltre-t-il ?", "Where does {det} infiltrate?"),
    "epic.decide.breakthrough": _t(
        "Percée de {det} : où aller ?", "Breakthrough of {det}: where to?"
    ),
    "epic.decide.fallback": _t("Repli de {det}", "Fall-back of {det}"),
    "epic.decide.infiltrate_which": _t(
        "Quel détachement s'infiltre ?", "Which detachment infiltrates?"
    ),
    "epic.decide.declare": _t(
        "{det} révèle Charge : créer une Zone d'Interception ou assaut normal ?",
        "{det} reveals Charge: create an Interception Zone or assault normally?",
    ),
    "epic.decide.altitude": _t("Altitude de fin de mouvement de {det}", "{det} ends its move at"),
    "epic.decide.start_altitude": _t("Altitude de départ de {det}", "Starting altitude of {det}"),
    "epic.decide.react": _t(
        "{target} se déplace : tirer en réaction ?", "{target} moves: fire in reaction?"
    ),
    "epic.decide.intercept": _t(
        "{target} traverse la Zone d'Interception de {det} : intercepter ?",
        "{target} crosses {det}'s Interception Zone: intercept?",
    ),
    "epic.decide.late": _t(
        "Fin du mouvement : {det} intercepte-t-il un appareil ennemi ?",
        "End of movement: does {det} intercept an enemy aircraft?",
    ),
    "epic.decide.hq": _t(
        "Le QG {unit} a raté sa sauvegarde : sacrifier un socle ?",
        "HQ {unit} failed its save: sacrifice a stand?",
    ),
    "epic.opt.pass": _t("Passer", "Pass"),
    "epic.opt.zone": _t("Zone d'Interception", "Interception Zone"),
    "epic.opt.normal_assault": _t("Assaut normal", "Normal assault"),
    "epic.opt.no_intercept": _t("Ne pas intercepter", "Do not intercept"),
    "epic.opt.intercept": _t("Intercepter en ({x}, {y})", "Intercept at ({x}, {y})"),
    "epic.opt.late": _t("Intercepter {target}", "Intercept {target}"),
    "epic.opt.react.fire": _t(
        "{det} : tir d'interception sur {target}", "{det}: interception fire at {target}"
    ),
    "epic.opt.react.dr": _t(
        "{det} : Défenses Rapprochées (7+) sur {target}", "{det}: Close Defences (7+) at {target}"
    ),
    "epic.opt.react.cc": _t(
        "{det} : tir de contre-charge (6+) sur {target}",
        "{det}: counter-charge fire (6+) at {target}",
    ),
    "epic.opt.react.psy": _t(
        "{det} : pouvoir physique en interception sur {target}",
        "{det}: physical power as interception fire at {target}",
    ),
    "epic.opt.power": _t("Pouvoir {power} sur {target}", "Power {power} at {target}"),
    "epic.opt.demolish": _t("{det} tire sur le {target}", "{det} fires at the {target}"),
    "epic.opt.hq_keep": _t(
        "Aucun sacrifice : le QG subit la perte", "No sacrifice: the HQ takes the loss"
    ),
    "epic.opt.sacrifice": _t("Sacrifier {unit}", "Sacrifice {unit}"),
    "epic.ev.elite": _t("Relance Elite ({unit})", "Elite re-roll ({unit})"),
    "epic.ev.regenerated": _t("{unit} régénère", "{unit} regenerates"),
    "epic.ev.location": _t("Touché à la localisation : {loc}", "Location hit: {loc}"),
    "epic.ev.shield": _t("Un bouclier tombe ({left} restants)", "A shield falls ({left} left)"),
    "epic.ev.assault": _t("{side} remporte l'assaut", "{side} wins the assault"),
    "epic.ev.react": _t(
        "Tir en réaction sur {target} : pour toucher {to_hit} → {hits} touche(s) ;"
        " sauvegardes {saves} → {lost} perte(s)",
        "Reaction fire at {target}: to hit {to_hit} → {hits} hit(s);"
        " saves {saves} → {lost} loss(es)",
    ),
    "epic.ev.intercepted": _t("{det} est intercepté", "{det} is intercepted"),
    "epic.ev.zone": _t("{det} crée une Zone d'Interception", "{det} sets an Interception Zone"),
    "epic.ev.zone_spent": _t(
        "La Zone d'Interception de {det} est annulée", "{det}'s Interception Zone is cancelled"
    ),
    "epic.ev.command": _t("{det} reçoit l'ordre {order}", "{det} receives the order {order}"),
    "epic.ev.rally": _t("{det} se rallie ({roll})", "{det} rallies ({roll})"),
    "epic.ev.morale_ok": _t("{det} tient bon ({roll})", "{det} holds ({roll})"),
    "epic.ev.morale_fail": _t(
        "{det} rate son test de moral ({roll}) et se replie",
        "{det} fails its morale test ({roll}) and falls back",
    ),
    "epic.ev.sacrifice": _t("{unit} est sacrifié pour le QG", "{unit} is sacrificed for the HQ"),
    "epic.ev.breakthrough": _t("Percée de {det}", "Breakthrough of {det}"),
    "epic.ev.power": _t(
        "{power} sur {target} : {hits} touche(s), {lost} perte(s)",
        "{power} at {target}: {hits} hit(s), {lost} loss(es)",
    ),
    "epic.ev.demolish": _t(
        "{det} tire sur le bâtiment : {lost} PS perdus, {left} restants",
        "{det} fires at the building: {lost} SP lost, {left} left",
    ),
    "epic.ev.ruined": _t("Le bâtiment s'effondre en ruines", "The building collapses into ruins"),
    "epic.ev.infiltration_roll": _t(
        "Infiltration : {a} contre {b}, {side} commence",
        "Infiltration: {a} against {b}, {side} starts",
    ),
    "epic.ev.infiltrated": _t("{det} s'infiltre", "{det} infiltrates"),
}

add_messages(MESSAGES)
