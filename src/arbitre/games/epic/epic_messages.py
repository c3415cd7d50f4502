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
        "{det} tire sur {target} : {hits} touche(s), {lost} PV perdus",
        "{det} shoots at {target}: {hits} hit(s), {lost} wound(s) lost",
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
}

add_messages(MESSAGES)
