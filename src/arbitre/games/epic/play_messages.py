"""The fr/en texts of transports, templates, objectives, Characters at setup and the
Elite question (keys `epic.*`)."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages
from arbitre.games.epic.catalog import CATALOG


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


MESSAGES: dict[str, dict[str, str]] = {
    **{
        f"epic.weapon.{u.id}.{i}": _t(w.name_fr, w.name_en)
        for u in CATALOG.units.values()
        for i, w in enumerate(u.weapons)
    },
    # transports (EPC-21, EP-9.3, EP-16.4, EP-16.17, EP-16.21, EP-16.35)
    "epic.opt.embark": _t("Embarquer dans {det}", "Embark into {det}"),
    "epic.opt.abandon": _t(
        "Le Personnage de {det} abandonne son transport {transport}",
        "The Character of {det} abandons its transport {transport}",
    ),
    "epic.ev.embark": _t("{det} embarque dans {into}", "{det} embarks into {into}"),
    "epic.ev.disembark": _t("{det} débarque (5 cm de moins)", "{det} disembarks (5 cm less)"),
    "epic.ev.exit": _t("{unit} réussit sa sortie d'urgence", "{unit} passes its Emergency Exit"),
    "epic.ev.abandon": _t(
        "{det} abandonne {transport}, détruit et compté comme perte",
        "{det} abandons {transport}, destroyed and counted as a loss",
    ),
    # movement (research §3.5)
    "epic.move.titan_turn": _t(
        "Un titan ne tourne que de 90° au plus ({deg}° demandés)",
        "A titan turns 90° at most ({deg}° asked)",
    ),
    "epic.ev.opportunity": _t(
        "{unit} se désengage et subit une attaque d'opportunité",
        "{unit} disengages and takes an opportunity attack",
    ),
    "epic.ev.fell_back": _t("{det} se replie", "{det} falls back"),
    # templates and bombs (EPC-18, EP-16.15, EP-16.41)
    "epic.decide.template": _t(
        "Où placer le gabarit de {weapon} ({det}) ?",
        "Where does {det} place its {weapon} template?",
    ),
    "epic.opt.aim": _t("Gabarit centré en ({x}, {y})", "Template centred at ({x}, {y})"),
    "epic.opt.no_template": _t("Ne pas placer ce gabarit", "Do not place this template"),
    "epic.decide.layer": _t(
        "Le gabarit de {det} touche un Volant : viser les volants ou le sol dessous ?",
        "{det}'s template touches a Flyer: hit the aircraft or the ground beneath?",
    ),
    "epic.opt.layer_air": _t("Les unités en vol", "The airborne stands"),
    "epic.opt.layer_ground": _t("Les unités au sol", "The ground stands"),
    "epic.template.off_line": _t(
        "Une bombe se centre sur la ligne de mouvement", "A bomb is centred on the line of movement"
    ),
    "epic.template.range": _t("Hors de portée ({max} cm)", "Out of range ({max} cm)"),
    "epic.template.arc": _t("Hors de l'arc de tir", "Outside the fire arc"),
    "epic.template.los": _t("Pas de ligne de vue", "No line of sight"),
    "epic.ev.template": _t(
        "Gabarits de {det} : {hits} touches, {lost} pertes",
        "{det}'s templates: {hits} hits, {lost} losses",
    ),
    # objectives and scenario (research §3.9, EP-9.2)
    "epic.ev.objective": _t("{side} tient l'objectif {n}", "{side} holds objective {n}"),
    "epic.reason.objectives": _t("objectifs tenus", "objectives held"),
    "epic.decide.warlord": _t(
        "Carte Seigneur de Guerre : sur quel Personnage ?",
        "Warlord card: on which Character?",
    ),
    "epic.opt.warlord": _t("{unit} devient Seigneur de Guerre", "{unit} becomes the Warlord"),
    # Bound Characters at setup (EP-10.1, EP-10.8)
    "epic.decide.bind": _t(
        "Quel détachement {unit} rejoint-il ?", "Which detachment does {unit} join?"
    ),
    "epic.opt.join": _t("Rejoindre {det}", "Join {det}"),
    "epic.ev.joined": _t("{unit} rejoint {det}", "{unit} joins {det}"),
    # Elite (EP-4.1)
    "epic.decide.elite": _t(
        "Dépenser vos relances Elite dans cette action ? (il en reste {n})",
        "Spend your Elite re-rolls in this action? ({n} left)",
    ),
    "epic.opt.elite_yes": _t("Oui, relancer les dés ratés", "Yes, re-roll failed dice"),
    "epic.opt.elite_no": _t("Non, les garder", "No, keep them"),
    # options
    "epic.option.transport.exitTest": _t(
        "Test de sortie d'urgence : D6 ≥ X modifié par la PA (4+ en assaut)",
        "Emergency Exit test: D6 >= X modified by PA (4+ in an assault)",
    ),
    "epic.option.victory.objectives": _t(
        "Objectifs : points (2 par objectif), majorité, ou ignorés",
        "Objectives: points (2 each), majority, or off",
    ),
    "epic.option.scenario.cards": _t(
        "Cartes de scénario : aucune, ou Maelström (Seigneur de Guerre)",
        "Scenario cards: none, or Maelström (Warlord)",
    ),
    "epic.option.bound.join": _t(
        "Personnages Liés : le joueur choisit leur détachement, ou celui de la liste",
        "Bound Characters: the player picks their detachment, or the listed one",
    ),
    "epic.option.elite.decide": _t(
        "Relances Elite : le joueur décide à chaque action, ou dépense automatique",
        "Elite re-rolls: the player decides each action, or automatic spending",
    ),
    "epic.option.fallback.move": _t(
        "Mouvement de repli : placé par le joueur, ou automatique",
        "Fall-back move: placed by the player, or automatic",
    ),
    "epic.option.titan.turn90": _t(
        "Les titans ne tournent que de 90° par tour", "Titans turn at most 90° per turn"
    ),
    "epic.option.disengage.attacks": _t(
        "Attaques d'opportunité quand un socle quitte le contact",
        "Opportunity attacks when a stand leaves contact",
    ),
}

add_messages(MESSAGES)
