"""The lobby's words for the options of Champs de Bataille: a short label per option, the
section it is folded in, and its values named in words (French and English).

`option_texts(key)` gives the `ConfigOption` fields (`label`, `group`, `value_labels`);
the messages are `champs.opt.<key>`, `champs.opt.<key>.v.<value>` and `champs.optgroup.<g>`.
An option missing here has no label: tests/server/test_rulesets_api.py refuses that.
"""

from __future__ import annotations

from typing import Any

from arbitre.engine.ruleset import option_texts_of
from arbitre.games.champs.troops import HERO_NAMES

GAME = "champs"

# group: (French, English) — the folded sections of the lobby's advanced options.
GROUPS: dict[str, tuple[str, str]] = {
    "board": ("Plateau et dés", "Board and dice"),
    "move": ("Activation et déplacement", "Activation and movement"),
    "combat": ("Combat, retraite et soutien", "Combat, retreat and support"),
    "catapult": ("Catapultes", "Catapults"),
    "traps": ("Pièges", "Traps"),
    "recruit": ("Recrutement et armée du MJ", "Recruitment and the GM's army"),
    "turns": ("Ordre du tour", "Turn order"),
    "heroes": ("Héros", "Heroes"),
    "victory": ("Fin de la bataille", "End of the battle"),
}

_ALLOWED = {"allowed": ("permis", "allowed"), "forbidden": ("interdit", "forbidden")}
_HEROES = {name: texts for name, texts in HERO_NAMES.items()}

# key: (label in French, in English, group ("" = in view), {value: (French, English)})
OPTIONS: dict[str, tuple[str, str, str, dict[Any, tuple[str, str]]]] = {
    "players": ("Nombre de joueurs", "Number of players", "", {}),
    "heroes": ("Héros des joueurs", "The players' heroes", "", _HEROES),
    "battlefield": ("Champ de bataille", "Battlefield", "", {}),
    "grid.adjacency": (
        "Cases voisines",
        "Neighbouring cells",
        "board",
        {
            8: ("8 (diagonales comprises)", "8 (diagonals included)"),
            4: ("4 (sans diagonales)", "4 (no diagonals)"),
        },
    ),
    "move.cornerCutting": (
        "Diagonale entre deux obstacles",
        "Diagonal between two obstacles",
        "board",
        _ALLOWED,
    ),
    "dice.sides": ("Faces des dés de combat", "Sides of the combat dice", "board", {}),
    "combat.result": (
        "Résultat d'un combat",
        "Result of a combat",
        "board",
        {"sum": ("somme des dés", "sum of the dice"), "highest": ("plus haut dé", "highest die")},
    ),
    "retreat.direction": (
        "Sens de la retraite",
        "Direction of a retreat",
        "combat",
        {
            "halfplane": ("à l'opposé de l'attaquant", "away from the attacker"),
            "straight": ("tout droit", "straight back"),
            "farther": ("toute case plus éloignée", "any farther cell"),
        },
    ),
    "retreat.alliedCells": (
        "Retraite sur une case alliée",
        "Retreat onto an allied cell",
        "combat",
        {"allowed": ("permise", "allowed"), "blocked": ("interdite", "blocked")},
    ),
    "retreat.splitCells": (
        "Retraite dispersée",
        "Split retreat",
        "combat",
        {
            "retreatCellsOnly": ("cases de retraite seulement", "retreat cells only"),
            "anyAdjacent": ("toute case voisine", "any neighbouring cell"),
        },
    ),
    "activation.moveOnly": ("Activer pour bouger seulement", "Activate only to move", "move", {}),
    "move.splitAroundAction": (
        "Bouger avant et après l'action",
        "Move before and after the action",
        "move",
        {},
    ),
    "move.groupSpeed": (
        "Vitesse d'un groupe",
        "Speed of a group",
        "move",
        {"slowest": ("celle du plus lent", "the slowest member's")},
    ),
    "move.throughAllied": ("Traverser les cases alliées", "Move through allied cells", "move", {}),
    "move.splitGroups": (
        "Groupes d'une dispersion",
        "Groups of a split",
        "move",
        {"many": ("plusieurs groupes", "several groups"), "one": ("un seul groupe", "one group")},
    ),
    "move.zoneOfControl": (
        "Arrêt au contact de l'ennemi",
        "Stop next to an enemy",
        "move",
        {
            "none": ("non, on continue", "no, keep moving"),
            "stop": ("oui, on s'arrête", "yes, stop"),
        },
    ),
    "advance.thenMove": ("Bouger après l'avance", "Move after the advance", "combat", {}),
    "reattack.repeat": (
        "Nouvelles attaques",
        "New attacks",
        "combat",
        {"unlimited": ("sans limite", "unlimited"), "once": ("une seule", "only one")},
    ),
    "reattack.support": ("Soutien en nouvelle attaque", "Support in a new attack", "combat", {}),
    "reattack.skills": ("Compétences en nouvelle attaque", "Skills in a new attack", "combat", {}),
    "catapult.dicePer": (
        "Dés de catapulte",
        "Catapult dice",
        "catapult",
        {"unit": ("par unité", "per unit"), "troop": ("par troupe", "per troop")},
    ),
    "catapult.lineOfFire": (
        "Ligne de tir",
        "Line of fire",
        "catapult",
        {
            "none": ("rien ne la bloque", "nothing blocks it"),
            "obstacles": ("bloquée par les obstacles", "blocked by obstacles"),
        },
    ),
    "catapult.meleeAttack": ("Attaque au contact", "Melee attack", "catapult", {}),
    "catapult.startsLoaded": ("Chargées au départ", "Loaded at the start", "catapult", {}),
    "catapult.readyAfter": (
        "Prête à tirer",
        "Ready to fire",
        "catapult",
        {
            "nextTurn": ("au tour suivant", "from the next turn"),
            "nextRound": ("au tour de jeu suivant", "from the next round"),
        },
    ),
    "catapult.unloadOnMove": ("Un déplacement la décharge", "Moving unloads it", "catapult", {}),
    "catapult.rangedCombat": (
        "Combat de tir",
        "Ranged combat",
        "catapult",
        {
            "twoSided": ("dans les deux sens", "two-sided"),
            "oneSided": ("à sens unique", "one-sided"),
        },
    ),
    "catapult.reattack": (
        "Nouvelle attaque après un tir",
        "New attack after a shot",
        "catapult",
        {},
    ),
    "catapult.rangedSupport": ("Soutien d'un tir", "Support for a shot", "catapult", _ALLOWED),
    "catapult.mixedTroopReload": (
        "Recharge dans une troupe mixte",
        "Reloading in a mixed troop",
        "catapult",
        {
            "troopReloads": ("la troupe recharge sans bouger", "the troop reloads, nothing moves"),
            "splitFirst": ("les catapultes se séparent d'abord", "the catapults split off first"),
        },
    ),
    "traps.playerPool": (
        "Pièges des joueurs (jetons)",
        "Players' traps (tokens)",
        "traps",
        {None: ("2 par joueur", "2 per player")},
    ),
    "traps.poolMode": (
        "Réserve de pièges",
        "Trap pool",
        "traps",
        {"shared": ("commune", "shared"), "perPlayer": ("par joueur", "per player")},
    ),
    "traps.mjPool": (
        "Pièges du MJ",
        "The GM's traps",
        "traps",
        {
            "unlimited": ("illimités", "unlimited"),
            "sameAsPlayers": ("autant que les joueurs", "as many as the players"),
        },
    ),
    "traps.placement": (
        "Pose d'un piège",
        "Laying a trap",
        "traps",
        {
            "ownCell": ("sur sa case", "on its own cell"),
            "adjacentCell": ("sur une case voisine", "on a neighbouring cell"),
        },
    ),
    "traps.visible": ("Pièges visibles de tous", "Traps visible to all", "traps", {}),
    "traps.stopsMovement": (
        "Un piège arrête le déplacement",
        "A trap stops the movement",
        "traps",
        {},
    ),
    "traps.zeroConsumes": ("Un piège raté est usé", "A missed trap is used up", "traps", {}),
    "traps.flyersTrigger": (
        "Volants et pièges",
        "Flyers and traps",
        "traps",
        {
            "never": ("jamais déclenchés", "never sprung"),
            "onEnd": ("déclenchés en fin de déplacement", "sprung at the end of a move"),
        },
    ),
    "traps.mixedTroopCanLay": (
        "Pose par une troupe mixte",
        "Laying by a mixed troop",
        "traps",
        {
            "anySoldier": ("avec au moins un Soldat", "with at least one Soldier"),
            "soldiersOnly": ("Soldats seulement", "Soldiers only"),
        },
    ),
    "recruit.who": (
        "Qui recrute",
        "Who recruits",
        "recruit",
        {
            "anyTroop": ("toute troupe", "any troop"),
            "startLine": ("troupes sur la ligne de départ", "troops on the start line"),
            "heroTroops": ("troupes avec un héros", "troops with a hero"),
        },
    ),
    "recruit.placement": (
        "Case d'une recrue",
        "Cell of a recruit",
        "recruit",
        {
            "anyFree": ("toute case libre", "any free cell"),
            "emptyOnly": ("case vide seulement", "empty cell only"),
        },
    ),
    "recruit.mjMode": (
        "Recrutement du MJ",
        "The GM's recruitment",
        "recruit",
        {
            "freeChoice": ("type au choix, coûte une action", "any type, costs an action"),
            "free": ("sans coût d'action", "costs no action"),
            "ownDeck": ("sa propre pioche", "its own deck"),
        },
    ),
    "recruit.newTroopActs": (
        "La recrue agit tout de suite",
        "The recruit acts at once",
        "recruit",
        {},
    ),
    "mj.army": (
        "Armée du MJ",
        "The GM's army",
        "recruit",
        {"choose": ("choisie", "chosen"), "random": ("tirée au hasard", "drawn at random")},
    ),
    "turn.mjSlots": (
        "Tours du MJ",
        "The GM's turns",
        "turns",
        {
            "afterEveryPlayer": ("après chaque joueur", "after every player"),
            "betweenPlayers": ("entre les joueurs", "between players"),
        },
    ),
    "turn.order": (
        "Ordre des joueurs",
        "Players' order",
        "turns",
        {
            "roll": ("jet d'initiative", "initiative roll"),
            "seating": ("ordre des places", "seating order"),
        },
    ),
    "turn.rerollInitiative": (
        "Initiative relancée à chaque tour de jeu",
        "Initiative re-rolled every round",
        "turns",
        {},
    ),
    "activation.tracking": (
        "Suivi des activations",
        "Activation tracking",
        "move",
        {"perUnit": ("par unité", "per unit"), "perCell": ("par case", "per cell")},
    ),
    "activation.perRoundLimit": (
        "Activations par tour de jeu",
        "Activations per round",
        "move",
        {"none": ("sans limite", "no limit"), "oncePerRound": ("une par troupe", "one per troop")},
    ),
    "hero.loneMove": (
        "Déplacement d'un héros seul",
        "A lone hero's movement",
        "heroes",
        {0: ("immobile", "cannot move"), 1: ("1 case", "1 cell"), 2: ("2 cases", "2 cells")},
    ),
    "hero.canFly": ("Un héros vole", "A hero flies", "heroes", {}),
    "hero.skillWhenSupporting": ("Compétence en soutien", "Skill when supporting", "heroes", {}),
    "thief.mode": (
        "Échange du Voleur",
        "The Thief's exchange",
        "heroes",
        {
            "swapValues": ("échanger deux valeurs", "swap two values"),
            "moveOneDie": ("prendre un dé", "take one die"),
            "opponentPicksReturn": (
                "l'adversaire choisit le dé rendu",
                "the opponent picks the die returned",
            ),
        },
    ),
    "templar.rerollSupportDice": (
        "Le Templier relance le soutien",
        "The Templar re-rolls support",
        "heroes",
        {},
    ),
    "hero.groundTroopTest": (
        "Troupe à terre",
        "Ground troop",
        "heroes",
        {
            "anyGround": ("une unité à terre suffit", "one ground unit is enough"),
            "allGround": ("toutes les unités à terre", "every unit on the ground"),
        },
    ),
    "gladiator.loneLossCaptures": (
        "Gladiateur seul vaincu : capturé",
        "Lone Gladiator beaten: captured",
        "heroes",
        {},
    ),
    "hero.capture": (
        "Capture d'un héros",
        "Capture of a hero",
        "heroes",
        {
            "default": ("règle de base", "basic rule"),
            "onlyIfNoRetreat": ("seulement s'il ne peut pas reculer", "only if it cannot retreat"),
        },
    ),
    "mj.surprise": ("Surprise du MJ", "The GM's Surprise", "heroes", {"none": ("aucune", "none")}),
    "support.refusal": (
        "Refus d'un soutien",
        "Refusing support",
        "combat",
        {
            "heroInSupporter": ("héros de la troupe qui soutient", "hero of the supporting troop"),
            "alsoAttacker": ("aussi le héros attaquant", "the attacking hero too"),
        },
    ),
    "support.defender": ("Soutien du défenseur", "Support for the defender", "combat", {}),
    "overflow.toAlliedCell": (
        "Surplus sur une case alliée",
        "Surplus onto an allied cell",
        "combat",
        {"withinCap": ("dans la limite de la case", "within the cell's cap")},
    ),
    "victory.mode": (
        "Victoire",
        "Victory",
        "victory",
        {
            "annihilationOrObjective": (
                "anéantissement ou objectif du MJ",
                "annihilation or the GM's objective",
            ),
            "annihilation": ("anéantissement seulement", "annihilation only"),
            "roundLimit": ("nombre de tours de jeu", "number of rounds"),
        },
    ),
    "victory.rounds": (
        "Tours de jeu",
        "Rounds",
        "victory",
        {None: ("ceux du champ de bataille", "the battlefield's")},
    ),
}


option_texts = option_texts_of(GAME, GROUPS, OPTIONS)
