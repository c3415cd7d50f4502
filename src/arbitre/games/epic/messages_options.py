"""The lobby's words for the options of Epic: a short label per option, the section it is
folded in, and its values named in words (French and English).

`option_texts(key)` gives the `ConfigOption` fields (`label`, `group`, `value_labels`);
the messages are `epic.opt.<key>`, `epic.opt.<key>.v.<value>` and `epic.optgroup.<g>`.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.ruleset import option_texts_of

GAME = "epic"

GROUPS: dict[str, tuple[str, str]] = {
    "dice": ("Dés et sauvegardes", "Dice and saves"),
    "elite": ("Relances Elite", "Elite re-rolls"),
    "measure": ("Mesures et lignes de vue", "Measuring and lines of sight"),
    "move": ("Mouvement, moral et replis", "Movement, morale and fall-backs"),
    "combat": ("Combat et assaut", "Combat and assault"),
    "air": ("Aviation et transports", "Aircraft and transports"),
    "characters": ("Personnages et commandement", "Characters and command"),
}

_ASK = {"ask": ("le joueur décide", "the player decides"), "auto": ("automatique", "automatic")}

# key: (label in French, in English, group ("" = in view), {value: (French, English)})
OPTIONS: dict[str, tuple[str, str, str, dict[Any, tuple[str, str]]]] = {
    "scenario.cards": (
        "Cartes de scénario",
        "Scenario cards",
        "",
        {
            "none": ("aucune", "none"),
            "maelstrom": ("Maelström (Seigneur de Guerre)", "Maelström (Warlord)"),
        },
    ),
    "victory.objectives": (
        "Objectifs",
        "Objectives",
        "",
        {
            "points": ("2 points par objectif tenu", "2 points per objective held"),
            "majority": ("majorité des objectifs", "majority of objectives"),
            "off": ("ignorés", "ignored"),
        },
    ),
    "elite.decide": ("Dépense des relances Elite", "Spending Elite re-rolls", "", _ASK),
    "fallback.move": ("Mouvement de repli", "Fall-back move", "", _ASK),
    "roll.sevenPlus": (
        "Toucher sur 7+",
        "Hitting on 7+",
        "dice",
        {
            "sixThen": ("un 6 puis un second D6", "a 6 then a second D6"),
            "impossible": ("impossible", "impossible"),
            "naturalSix": ("un 6 naturel", "a natural 6"),
        },
    ),
    "roll.naturalOneMisses": ("Un 1 naturel rate", "A natural 1 misses", "dice", {}),
    "save.dual": (
        "Sauvegarde double X+/Y+f",
        "Dual save X+/Y+f",
        "dice",
        {
            "best": ("un jet, meilleure valeur", "one roll, better value"),
            "twoRolls": ("deux jets", "two rolls"),
        },
    ),
    "elite.pool": (
        "Taille de la réserve Elite",
        "Size of the Elite pool",
        "elite",
        {
            "perDetachment": ("X par détachement", "X per detachment"),
            "perStand": ("X par socle", "X per stand"),
            "onePerDetachment": ("1 par détachement", "1 per detachment"),
        },
    ),
    "elite.scope": (
        "Durée de la réserve Elite",
        "Span of the Elite pool",
        "elite",
        {
            "game": ("toute la partie", "the whole game"),
            "detachment": ("par détachement", "per detachment"),
            "turn": ("renouvelée à chaque tour", "refreshed every turn"),
        },
    ),
    "measure.from": (
        "Mesurer depuis",
        "Measure from",
        "measure",
        {
            "centre": ("le centre des socles", "the centre of stands"),
            "edge": ("le bord des socles", "the edge of stands"),
        },
    ),
    "measure.baseRadius": ("Rayon d'un socle (cm)", "Radius of a stand (cm)", "measure", {}),
    "coherency.cm": ("Distance de cohésion (cm)", "Coherency distance (cm)", "measure", {}),
    "breakthrough.exact": ("Percée exacte", "Exact breakthrough", "move", {}),
    "breakthrough.bigClasses": (
        "Percée des classes 3 et plus",
        "Breakthrough of classes 3 and up",
        "move",
        {
            "none": ("aucune", "none"),
            "likeClass2": ("10 cm, comme la classe 2", "10 cm, like class 2"),
        },
    ),
    "altitude.floatersHigh": (
        "Flottants en Haute Altitude",
        "Floaters at High altitude",
        "air",
        {},
    ),
    "aa.groundPenalty": (
        "Malus AA contre le sol",
        "AA penalty against ground",
        "dice",
        {
            0: ("aucun", "none"),
            1: ("−1 pour toucher", "−1 to hit"),
            2: ("−2 pour toucher", "−2 to hit"),
        },
    ),
    "assault.eliteWhen": (
        "Relance Elite en assaut",
        "Elite re-roll in an assault",
        "elite",
        {
            "losing": ("quand on perd", "when losing"),
            "losingOrTied": ("quand on perd ou à égalité", "when losing or tied"),
        },
    ),
    "dr.combatPhase": (
        "Défenses Rapprochées en phase de combat",
        "Close Defences in the combat phase",
        "combat",
        {},
    ),
    "demolisher.perHit": (
        "Démolisseur : sauvegarde par touche",
        "Demolisher: save per hit",
        "combat",
        {},
    ),
    "infiltration.tie": (
        "Égalité d'Infiltration",
        "Infiltration tie",
        "combat",
        {
            "reroll": ("relancer", "re-roll"),
            "firstSeat": ("le premier joueur l'emporte", "the first player wins"),
        },
    ),
    "interceptor.move": (
        "Mouvement d'un Intercepteur",
        "An Interceptor's move",
        "air",
        {
            "exactHalf": ("exactement la moitié", "exactly half"),
            "atLeastHalf": ("au moins la moitié", "at least half"),
        },
    ),
    "character.abandon": (
        "Abandon d'un transport",
        "Leaving a transport",
        "characters",
        {
            "transport": ("le transport est détruit", "the transport is destroyed"),
            "character": ("le personnage est détruit", "the character is destroyed"),
        },
    ),
    "bound.cavalry": (
        "Personnage Lié dans la cavalerie",
        "Bound Character in cavalry",
        "characters",
        {},
    ),
    "psyker.combatOrders": (
        "Pouvoirs psychiques en combat",
        "Psychic powers in combat",
        "characters",
        {
            "shooting": ("ordres de tir seulement", "shooting orders only"),
            "any": ("tout ordre", "any order"),
        },
    ),
    "hq.sacrificeFrom": (
        "Sacrifice du QG",
        "HQ sacrifice",
        "characters",
        {
            "anyDetachment": ("tout détachement ami", "any friendly detachment"),
            "ownDetachment": ("son propre détachement", "its own detachment"),
        },
    ),
    "command.chargeAssaults": (
        "Unité de Commandement en Charge : assaut",
        "Command Unit on Charge: assault",
        "characters",
        {},
    ),
    "flyer.tirAppuyeNoTransport": (
        "Volant sans Transport en Tir Appuyé",
        "Flyer without Transport on Tir Appuyé",
        "air",
        {"asAvance": ("agit comme en Avance", "acts as on Advance"), "lands": ("se pose", "lands")},
    ),
    "flyer.evasive": (
        "Malus d'évitement",
        "Evasive penalty",
        "air",
        {
            "landingMove": ("pendant le mouvement", "during the move"),
            "wholeTurn": ("tout le tour", "the whole turn"),
        },
    ),
    "assault.phase": (
        "Assauts",
        "Assaults",
        "combat",
        {
            "combat": ("dans la phase de combat", "in the combat phase"),
            "separate": ("phase d'assaut à part", "a separate assault phase"),
        },
    ),
    "morale.tests": ("Tests de moral", "Morale tests", "move", {}),
    "los.terrain": ("Le décor bloque la vue", "Terrain blocks sight", "measure", {}),
    "transport.exitTest": (
        "Test de sortie d'urgence",
        "Emergency Exit test",
        "air",
        {n: (f"{n}+", f"{n}+") for n in (2, 3, 4, 5, 6)},
    ),
    "bound.join": (
        "Détachement des Personnages Liés",
        "Detachment of Bound Characters",
        "characters",
        {
            "choose": ("choisi par le joueur", "chosen by the player"),
            "asListed": ("celui de la liste", "the listed one"),
        },
    ),
    "army.0": (
        "Armée du premier joueur",
        "First player's army",
        "",
        {None: ("armée de départ (Imperium)", "starter army (Imperium)")},
    ),
    "army.1": (
        "Armée du second joueur",
        "Second player's army",
        "",
        {None: ("armée de départ (Mille Fils)", "starter army (Thousand Sons)")},
    ),
    "deployment": (
        "Déploiement",
        "Deployment",
        "",
        {
            None: ("selon la partie", "as the game sets"),
            "fixed": ("rangs fixes (l'arbitre)", "fixed rows (the referee)"),
            "players": ("par les joueurs", "by the players"),
        },
    ),
    "table": ("Table", "Table", "", {}),
    "scenario": (
        "Scénario",
        "Scenario",
        "",
        {
            None: ("selon la partie", "as the game sets"),
            "starter": ("bataille d'initiation (nos seuils)", "starter battle (our thresholds)"),
            "standard": ("partie standard (les sources)", "standard game (the sources)"),
        },
    ),
    "titan.turn90": ("Titans : 90° par tour", "Titans: 90° per turn", "move", {}),
    "disengage.attacks": (
        "Attaques en quittant le contact",
        "Attacks on leaving contact",
        "move",
        {},
    ),
}

option_texts = option_texts_of(GAME, GROUPS, OPTIONS)
