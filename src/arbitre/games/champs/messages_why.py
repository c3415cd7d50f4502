""" "Why not?" in Champs de Bataille: why a clicked cell is not a legal choice (explain.py).

Each reason is a fragment that follows "Case (x,y) :" / "Cell (x,y):"; the rule it cites
travels with the message (`Msg.rule`), not in the text.
"""

from __future__ import annotations

from arbitre.engine.i18n import add_messages


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


GAME_RULE_FR = "(règle choisie pour cette partie)"
GAME_RULE_EN = "(the rule chosen for this game)"

CATALOG: dict[str, dict[str, str]] = {
    "champs.refused.at": _t("Case ({ $cell }) : { $reason }.", "Cell ({ $cell }): { $reason }."),
    "champs.refused.cells.one": _t("1 case", "1 cell"),
    "champs.refused.cells": _t("{ $n } cases", "{ $n } cells"),
    # which troop to activate (CB-30, CB-31, CB-38, AMB-CB-19, AMB-CB-20a)
    "champs.refused.empty": _t(
        "aucune troupe ne s'y trouve, rien à activer", "no troop stands there, nothing to activate"
    ),
    "champs.refused.enemy_troop.mj": _t(
        "c'est une troupe du MJ : on n'active que les troupes de son camp",
        "that is a troop of the GM: you activate only your own side's troops",
    ),
    "champs.refused.enemy_troop.players": _t(
        "c'est une troupe des joueurs : le MJ n'active que les siennes",
        "that is a troop of the players: the GM activates only his own",
    ),
    "champs.refused.other_hero": _t(
        "la troupe contient le héros d'un autre joueur, et pas le vôtre",
        "the troop holds another player's hero, and not yours",
    ),
    "champs.refused.other_hero_alone": _t(
        "ce héros seul est celui d'un autre joueur", "that lone hero is another player's"
    ),
    "champs.refused.two_activations": _t(
        "vous avez déjà activé 2 troupes ce tour", "you already activated 2 troops this turn"
    ),
    "champs.refused.already_acted": _t(
        "cette troupe a déjà agi ce tour : chaque action se fait avec une troupe différente",
        "this troop already acted this turn: each action takes a different troop",
    ),
    "champs.refused.already_acted_round": _t(
        f"cette troupe a déjà agi pendant ce tour de jeu {GAME_RULE_FR}",
        f"this troop already acted this round {GAME_RULE_EN}",
    ),
    "champs.refused.hero_acted": _t(
        "votre héros a déjà agi ce tour", "your hero already acted this turn"
    ),
    "champs.refused.lone_hero_still": _t(
        f"un héros seul ne se déplace pas {GAME_RULE_FR}",
        f"a lone hero does not move {GAME_RULE_EN}",
    ),
    # attacking and firing (CB-15, CB-16, CB-32, CB-53, AMB-CB-15)
    "champs.refused.action_done": _t(
        "la troupe a déjà fait son action pendant cette activation",
        "the troop already took its action in this activation",
    ),
    "champs.refused.not_activated_troop": _t(
        "seule la troupe activée peut attaquer", "only the activated troop may attack"
    ),
    "champs.refused.no_enemy": _t("aucun ennemi à attaquer ici", "no enemy to attack here"),
    "champs.refused.catapult_melee": _t(
        "une catapulte n'attaque pas au contact : elle tire de 2 à 5 cases",
        "a catapult does not attack at close quarters: it fires from 2 to 5 cells",
    ),
    "champs.refused.lone_hero": _t("un héros seul ne combat pas", "a lone hero does not fight"),
    "champs.refused.not_adjacent": _t(
        "la cible est à { $dist } : on n'attaque qu'une case adjacente",
        "the target is { $dist } away: you attack only an adjacent cell",
    ),
    "champs.refused.no_catapult": _t(
        "seule une catapulte tire à distance", "only a catapult fires at range"
    ),
    "champs.refused.not_loaded": _t(
        "la catapulte n'est pas chargée : il faut d'abord la recharger (un tour entier)",
        "the catapult is not loaded: reload it first (one full turn)",
    ),
    "champs.refused.not_ready": _t(
        "la catapulte vient d'être rechargée : elle ne tirera qu'à un tour suivant",
        "the catapult was just reloaded: it fires in a later turn",
    ),
    "champs.refused.range": _t(
        "la cible est à { $dist } : la catapulte tire de 2 à 5 cases",
        "the target is { $dist } away: the catapult fires from 2 to 5 cells",
    ),
    "champs.refused.line_of_fire": _t(
        f"un obstacle barre la ligne de tir {GAME_RULE_FR}",
        f"an obstacle blocks the line of fire {GAME_RULE_EN}",
    ),
    # moving (CB-34, CB-36, CB-37, CB-40..CB-42, CB-45)
    "champs.refused.move_first": _t(
        "pour aller là, choisissez d'abord « se déplacer », puis la destination",
        "to go there, choose 'move' first, then the destination",
    ),
    "champs.refused.reload_no_move": _t(
        "une troupe qui recharge ne se déplace pas pendant cette activation",
        "a troop that reloads does not move in this activation",
    ),
    "champs.refused.recruit_no_move": _t(
        "une troupe qui recrute ne se déplace pas pendant cette activation",
        "a troop that recruits does not move in this activation",
    ),
    "champs.refused.moved_already": _t(
        "la troupe s'est déjà déplacée : un seul déplacement par activation",
        "the troop already moved: one movement per activation",
    ),
    "champs.refused.same_cell": _t("la troupe s'y trouve déjà", "the troop is already there"),
    "champs.refused.nothing_selected": _t(
        "aucune unité n'est choisie pour ce déplacement", "no unit is selected for this move"
    ),
    "champs.refused.obstacle": _t(
        "c'est un obstacle : les unités à terre n'y entrent pas",
        "that is an obstacle: ground units cannot enter it",
    ),
    "champs.refused.flyer_obstacle": _t(
        "on survole un obstacle, mais on ne s'y pose pas",
        "flyers pass over an obstacle but cannot land on it",
    ),
    "champs.refused.enemy_cell": _t(
        "l'ennemi occupe cette case : on ne s'y arrête pas, on l'attaque",
        "the enemy holds that cell: you do not stop there, you attack it",
    ),
    "champs.refused.flyer_enemy": _t(
        "on survole l'ennemi, mais on ne s'arrête pas sur sa case",
        "flyers pass over the enemy but cannot stop on its cell",
    ),
    "champs.refused.too_far": _t(
        "elle est à { $dist }, et cette troupe ne se déplace que de { $speed }",
        "it is { $dist } away, and this troop moves only { $speed }",
    ),
    "champs.refused.no_move_left": _t(
        "la troupe a déjà utilisé tout son mouvement", "the troop has used all its movement"
    ),
    "champs.refused.blocked_enemy": _t(
        "des troupes ennemies barrent le chemin", "enemy troops bar the way"
    ),
    "champs.refused.blocked_obstacle": _t(
        "des obstacles barrent le chemin", "obstacles bar the way"
    ),
    # traps (CB-17, CB-20, AMB-CB-16c)
    "champs.refused.trap_there": _t(
        "il y a déjà un piège ici : une case n'en porte qu'un",
        "there is a trap here already: a cell holds only one",
    ),
    "champs.refused.trap_own_cell": _t(
        "le piège se pose sur la case de la troupe", "the trap is laid on the troop's own cell"
    ),
    "champs.refused.trap_adjacent": _t(
        "le piège se pose sur une case voisine de la troupe",
        "the trap is laid on a cell next to the troop",
    ),
    "champs.refused.trap_occupied": _t(
        "un piège se pose sur une case vide, sans obstacle",
        "a trap is laid on an empty cell without an obstacle",
    ),
    # deploying, recruiting, overflow (CB-5, CB-6, CB-8, CB-25, CB-27, CB-36, AMB-CB-17c)
    "champs.refused.not_start_line": _t(
        "elle n'est pas sur votre ligne de départ", "it is not on your start line"
    ),
    "champs.refused.obstacle_cell": _t(
        "c'est un obstacle : aucune unité ne s'y tient", "that is an obstacle: no unit stands there"
    ),
    "champs.refused.enemy_here": _t("l'ennemi occupe cette case", "the enemy holds that cell"),
    "champs.refused.full": _t(
        "elle dépasserait la limite de 6 (petite = 1, moyenne = 2, grande = 3) : "
        "elle en compte déjà { $load }",
        "it would go over the cap of 6 (Small = 1, Medium = 2, Large = 3): it holds { $load } "
        "already",
    ),
    "champs.refused.recruit_line": _t(
        "une nouvelle troupe arrive sur la ligne de départ de son camp",
        "a new troop enters on its side's start line",
    ),
    "champs.refused.recruit_empty": _t(
        f"une nouvelle troupe arrive sur une case vide {GAME_RULE_FR}",
        f"a new troop enters on an empty cell {GAME_RULE_EN}",
    ),
    "champs.refused.overflow_adjacent": _t(
        "le surplus va sur une case adjacente", "the surplus goes to an adjacent cell"
    ),
    "champs.refused.overflow_full": _t(
        "cette case dépasserait à son tour la limite de 6",
        "that cell would go over the cap of 6 in turn",
    ),
    # retreats (CB-46, CB-60, AMB-CB-6, AMB-CB-7)
    "champs.refused.retreat_adjacent": _t(
        "une retraite va sur une case directement adjacente",
        "a retreat goes to a directly adjacent cell",
    ),
    "champs.refused.retreat_direction": _t(
        "une retraite s'éloigne de l'attaquant", "a retreat goes away from the attacker"
    ),
    "champs.refused.retreat_obstacle": _t(
        "on ne retraite pas sur un obstacle", "no retreat onto an obstacle"
    ),
    "champs.refused.retreat_enemy": _t(
        "on ne retraite pas sur une case ennemie", "no retreat onto an enemy cell"
    ),
    "champs.refused.retreat_allied": _t(
        f"une case alliée bloque la retraite {GAME_RULE_FR}",
        f"an allied cell blocks the retreat {GAME_RULE_EN}",
    ),
    # added by the issue 18 audit (AMB-CB-15k, AMB-CB-2 × CB-60)
    "champs.refused.split_first": _t(
        f"les catapultes doivent d'abord quitter leur troupe mixte pour tirer {GAME_RULE_FR}",
        f"the catapults must first split off from their mixed troop to fire {GAME_RULE_EN}",
    ),
    "champs.refused.move_needs_action": _t(
        "de là, la troupe ne pourrait faire aucune action, et un déplacement accompagne "
        f"toujours une action {GAME_RULE_FR}",
        "from there the troop could take no action, and a move always goes with an action "
        f"{GAME_RULE_EN}",
    ),
    "champs.refused.retreat_corner": _t(
        f"des unités à terre ne passent pas en diagonale entre deux obstacles {GAME_RULE_FR}",
        f"ground units do not pass diagonally between two obstacles {GAME_RULE_EN}",
    ),
}

add_messages(CATALOG)
