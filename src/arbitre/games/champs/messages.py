"""Every text of Champs de Bataille a person reads, in French and English."""

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
from arbitre.games.champs.troops import HERO_NAMES, TYPES

# The grammatical form of each troop type's French name ("Soldats de terre perdus",
# "Cavalerie perdue", "du Mastodonte de combat"): engine.grammar's `masculine`, `feminine`,
# `plural`; a type missing here reads as `other`
TYPE_FORMS = {
    "soldats": "plural",
    "cavalerie": "feminine",
    "airs": "plural",
    "mastodonte": "masculine",
    "catapulte": "feminine",
}


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


CATALOG: dict[str, dict[str, str]] = {
    # names
    **{
        f"champs.type.{t.id}": _t(
            f"{t.name_fr}\n.form = {TYPE_FORMS.get(t.id, 'other')}", t.name_en
        )
        for t in TYPES
    },
    **{f"champs.hero.{k}": _t(fr, en) for k, (fr, en) in HERO_NAMES.items()},
    # Seats by name; `.form` gives the article ("du Joueur 1", "au MJ"; "the GM").
    **{
        f"champs.seatname.p{n}": _t(f"Joueur {n}\n.form = masculine", f"Player {n}")
        for n in range(1, 7)
    },
    "champs.seatname.mj": _t("MJ\n.form = masculine", "GM\n.form = the"),
    "champs.side.players": _t("les joueurs", "the players"),
    "champs.side.mj": _t("le MJ", "the GM"),
    "champs.side.draw": _t("personne (égalité)", "nobody (draw)"),
    "champs.word.attacker": _t("attaquant\n.form = elided", "attacker\n.form = the"),
    "champs.word.defender": _t("défenseur\n.form = masculine", "defender\n.form = the"),
    "champs.why.combat": _t("combat perdu", "combat lost"),
    "champs.why.trap": _t("piège", "trap"),
    "champs.why.overflow": _t("surplus éliminé", "surplus eliminated"),
    # questions
    "champs.q.deploy": _t(
        "Où placer { $what } sur votre ligne de départ ?",
        "Where do you deploy { $what } on your start line?",
    ),
    "champs.q.mj_army": _t(
        "Armée du MJ : type de la troupe { $i } sur { $n } ?",
        "GM's army: type of troop { $i } of { $n }?",
    ),
    "champs.q.turn": _t(
        "Tour { $seat_of } : quelle troupe activer ? "
        "({ $left } { $left ->\n    [one] activation restante\n"
        "   *[other] activations restantes\n})",
        "{ $seat_The }'s turn: which troop do you activate? "
        "({ $left } { $left ->\n    [one] activation\n   *[other] activations\n} left)",
    ),
    "champs.q.consent": _t(
        "{ $seat_The } veut activer la troupe en { $cell } où se trouve votre héros : d'accord ?",
        "{ $seat_The } wants to activate the troop on { $cell }, which holds your hero: "
        "do you agree?",
    ),
    "champs.q.activation": _t(
        "Troupe activée en { $cell } : quelle action ?",
        "Troop activated on { $cell }: which action?",
    ),
    "champs.q.move": _t(
        "Déplacement depuis { $cell } : choisissez les unités et la destination",
        "Movement from { $cell }: choose the units and the destination",
    ),
    "champs.q.support": _t(
        "Quelles troupes adjacentes à la cible apportent leur soutien ?",
        "Which troops next to the target lend their support?",
    ),
    "champs.q.lend": _t(
        "Votre héros est dans la troupe en { $cell } : prêter son soutien { $seat_to } ?",
        "Your hero is in the troop on { $cell }: lend its support to { $seat_the }?",
    ),
    "champs.q.voleur": _t(
        "Voleur : vos dés { $own } ({ $mine }) contre { $opp } ({ $theirs }). Échanger un dé ?",
        "Thief: your dice { $own } ({ $mine }) against { $opp } ({ $theirs }). Exchange a die?",
    ),
    "champs.q.templier": _t(
        "Templier : vos dés { $own } ({ $mine }) contre { $opp } ({ $theirs }). Relancer "
        "jusqu'à 2 dés ?",
        "Templar: your dice { $own } ({ $mine }) against { $opp } ({ $theirs }). Re-roll up to "
        "2 dice?",
    ),
    "champs.q.give": _t(
        "Le Voleur vous donne son dé { $v } : lequel de vos dés lui donnez-vous en échange ?",
        "The Thief gives you his { $v }: which of your dice do you give him in exchange?",
    ),
    "champs.q.reattack": _t(
        "La troupe en { $dest } ne peut pas reculer : attaquer de nouveau ?",
        "The troop on { $dest } cannot retreat: attack again?",
    ),
    "champs.q.advance": _t(
        "Victoire ! Quelles unités avancent en { $dest } ?",
        "Victory! Which units advance to { $dest }?",
    ),
    "champs.q.loss": _t(
        "Troupe en { $cell } : quelle unité retirer ? ({ $n } à retirer)",
        "Troop on { $cell }: which unit do you remove? ({ $n } to remove)",
    ),
    "champs.q.retreat": _t(
        "La troupe en { $cell } doit reculer : où ?",
        "The troop on { $cell } must retreat: where to?",
    ),
    "champs.q.overflow": _t(
        "{ $cell } porte { $load } unités (max 6) : que faire du surplus ?",
        "{ $cell } holds { $load } units (max 6): what happens to the surplus?",
    ),
    "champs.q.recruit_type": _t(
        "Recrutement : quel type de troupe ?", "Recruitment: which troop type?"
    ),
    "champs.q.recruit_place": _t(
        "Où placer la nouvelle troupe ({ $type }) sur la ligne de départ ?",
        "Where on the start line does the new troop ({ $type }) go?",
    ),
    # options
    "champs.opt.cell": _t("case { $cell }", "cell { $cell }"),
    "champs.opt.type": _t("{ $type }", "{ $type }"),
    "champs.opt.act_troop": _t("activer la troupe en { $cell }", "activate the troop on { $cell }"),
    "champs.opt.act_lone": _t(
        "activer le héros seul en { $cell }", "activate the lone hero on { $cell }"
    ),
    "champs.opt.act_gladiator": _t(
        "activer le Gladiateur seul en { $cell } (activation en plus)",
        "activate the lone Gladiator on { $cell } (extra activation)",
    ),
    "champs.opt.recruit_free": _t("recruter (sans activation)", "recruit (no activation)"),
    "champs.opt.end_turn": _t("finir le tour", "end the turn"),
    "champs.opt.agree": _t("d'accord", "agree"),
    "champs.opt.refuse": _t("refuser", "refuse"),
    "champs.opt.lend": _t("prêter le soutien", "lend support"),
    "champs.opt.attack": _t(
        "attaquer depuis { $src } la case { $dest }", "attack { $dest } from { $src }"
    ),
    "champs.opt.fire": _t(
        "tirer à la catapulte depuis { $src } sur { $dest }",
        "fire the catapult from { $src } at { $dest }",
    ),
    "champs.opt.trap": _t("poser un piège en { $cell }", "lay a trap on { $cell }"),
    "champs.opt.lay_trap": _t("poser un piège", "lay a trap"),
    "champs.q.trap": _t("Poser le piège où ?", "Lay the trap where?"),
    "champs.opt.reload": _t("recharger (sans déplacement)", "reload (no movement)"),
    "champs.opt.recruit": _t(
        "recruter une nouvelle troupe (sans déplacement)", "recruit a new troop (no movement)"
    ),
    "champs.opt.move": _t("se déplacer", "move"),
    "champs.opt.end_activation": _t("terminer cette activation", "end this activation"),
    "champs.opt.from": _t("déplacer les unités en { $cell }", "move the units on { $cell }"),
    # `n`: a unit's number, or the seat whose hero it is (its form is then `seat`)
    "champs.opt.toggle": _t(
        "[{ $mark }] { $what } { $n_form ->\n    [seat] ({ $n })\n   *[other] #{ $n }\n}",
        "[{ $mark }] { $what } { $n_form ->\n    [seat] ({ $n })\n   *[other] #{ $n }\n}",
    ),
    "champs.opt.to": _t("aller en { $cell }", "go to { $cell }"),
    "champs.opt.stop_move": _t("fin du déplacement", "end of movement"),
    "champs.opt.support": _t(
        "[{ $mark }] soutien de la troupe en { $cell }", "[{ $mark }] support from { $cell }"
    ),
    "champs.opt.roll": _t(
        "lancer les dés ({ $n } { $n ->\n    [one] soutien\n   *[other] soutiens\n})",
        "roll the dice ({ $n } { $n ->\n    [one] supporter\n   *[other] supporters\n})",
    ),
    "champs.opt.swap": _t(
        "échanger mon { $a } contre son { $b }", "swap my { $a } for their { $b }"
    ),
    "champs.opt.take": _t("prendre son dé { $v }", "take their { $v }"),
    "champs.opt.give": _t("donner mon dé { $v }", "give my { $v }"),
    "champs.opt.return": _t("donner en échange mon dé { $v }", "give my { $v } in exchange"),
    "champs.opt.reroll": _t("relancer { $dice }", "re-roll { $dice }"),
    "champs.opt.pass_skill": _t("ne pas utiliser la compétence", "do not use the skill"),
    "champs.opt.again": _t("attaquer de nouveau", "attack again"),
    "champs.opt.stop": _t("arrêter l'attaque", "stop the attack"),
    "champs.opt.advance_all": _t("toute la troupe avance", "the whole troop advances"),
    "champs.opt.advance_one": _t("avancer : { $what }", "advance: { $what }"),
    "champs.opt.stay": _t("rester (fin de l'avance)", "stay (end of the advance)"),
    "champs.opt.lose": _t("retirer : { $type }", "remove: { $type }"),
    "champs.opt.lose_loaded": _t("retirer : { $type } (chargée)", "remove: { $type } (loaded)"),
    "champs.opt.retreat_all": _t(
        "toute la troupe recule en { $cell }", "the whole troop retreats to { $cell }"
    ),
    "champs.opt.retreat_one": _t(
        "reculer { $what } en { $cell }", "retreat { $what } to { $cell }"
    ),
    "champs.opt.overflow_out": _t("mettre { $what } en { $cell }", "put { $what } on { $cell }"),
    "champs.opt.overflow_elim": _t("éliminer { $what }", "eliminate { $what }"),
    # events
    "champs.ev.drawn": _t(
        "{ $seat_The } tire ses troupes : { $types }",
        "{ $seat_The } draws their troops: { $types }",
    ),
    "champs.ev.initiative": _t("Ordre d'initiative : { $order }", "Initiative order: { $order }"),
    "champs.ev.deployed": _t(
        "{ $seat_The } place { $what } en { $cell }", "{ $seat_The } deploys { $what } on { $cell }"
    ),
    "champs.ev.round": _t("— Tour de jeu { $n } —", "— Round { $n } —"),
    "champs.ev.turn": _t("Au tour { $seat_of }", "{ $seat_The }'s turn"),
    "champs.ev.activated": _t(
        "{ $seat_The } active { $cell }", "{ $seat_The } activates { $cell }"
    ),
    "champs.ev.refused": _t(
        "{ $seat_The } refuse l'activation", "{ $seat_The } refuses the activation"
    ),
    "champs.ev.moved": _t(
        "{ $n } { $n ->\n    [one] déplacé\n   *[other] déplacés\n} de { $src } à { $dest }",
        "{ $n } moved from { $src } to { $dest }",
    ),
    "champs.ev.reloaded": _t("Catapulte rechargée en { $cell }", "Catapult reloaded on { $cell }"),
    "champs.ev.trap_laid": _t(
        "{ $seat_The } pose un piège en { $cell }", "{ $seat_The } lays a trap on { $cell }"
    ),
    "champs.ev.trap_laid_hidden": _t(
        "{ $seat_The } pose un piège caché", "{ $seat_The } lays a hidden trap"
    ),
    "champs.ev.trap": _t(
        "Piège en { $cell } ! Dé { $roll } : "
        "{ $n } { $n ->\n    [one] unité perdue\n   *[other] unités perdues\n}",
        "Trap on { $cell }! Die { $roll }: "
        "{ $n } { $n ->\n    [one] unit\n   *[other] units\n} lost",
    ),
    "champs.ev.attack": _t(
        "{ $seat_The } attaque { $dest } depuis { $src }",
        "{ $seat_The } attacks { $dest } from { $src }",
    ),
    "champs.ev.fire": _t(
        "{ $seat_The } tire de { $src } sur { $dest }",
        "{ $seat_The } fires from { $src } at { $dest }",
    ),
    "champs.ev.dice": _t(
        "Dés : attaquant { $att }, défenseur { $dfn }", "Dice: attacker { $att }, defender { $dfn }"
    ),
    "champs.ev.thief": _t(
        "{ $seat_The } (Voleur) échange { $a } contre { $b }",
        "{ $seat_The } (Thief) swaps { $a } for { $b }",
    ),
    "champs.ev.thief_take": _t(
        "{ $seat_The } (Voleur) prend un { $v }", "{ $seat_The } (Thief) takes a { $v }"
    ),
    "champs.ev.thief_give": _t(
        "{ $seat_The } (Voleur) donne un { $v }", "{ $seat_The } (Thief) gives a { $v }"
    ),
    "champs.ev.templar": _t(
        "{ $seat_The } (Templier) relance { $old } : { $new }",
        "{ $seat_The } (Templar) re-rolls { $old }: { $new }",
    ),
    "champs.ev.result": _t(
        "Résultat { $att } contre { $dfn } : victoire { $winner_of }",
        "Result { $att } against { $dfn }: { $winner_the } wins",
    ),
    "champs.ev.support_refused": _t(
        "{ $seat_The } refuse son soutien", "{ $seat_The } refuses support"
    ),
    # the participle agrees with the troop type's name (its `.form`, TYPE_FORMS)
    "champs.ev.unit_lost": _t(
        "{ $type } { $type_form ->\n    [feminine] perdue\n    [plural] perdus\n"
        "   *[other] perdu\n} en { $cell } ({ $why })",
        "{ $type } lost on { $cell } ({ $why })",
    ),
    "champs.ev.captured": _t(
        "Héros { $hero } { $seat_of } capturé : +1 point de Destin",
        "{ $seat_The }'s { $hero } is captured: +1 Destiny point",
    ),
    "champs.ev.retreated": _t(
        "{ $n } { $n ->\n    [one] recule\n   *[other] reculent\n} en { $cell }",
        "{ $n } { $n ->\n    [one] retreats\n   *[other] retreat\n} to { $cell }",
    ),
    "champs.ev.reattack": _t(
        "Nouvelle attaque immédiate sur { $dest }", "Immediate new attack on { $dest }"
    ),
    "champs.ev.advanced": _t(
        "{ $n } { $n ->\n    [one] avance\n   *[other] avancent\n} en { $dest }",
        "{ $n } { $n ->\n    [one] advances\n   *[other] advance\n} to { $dest }",
    ),
    "champs.ev.card_drawn": _t(
        "{ $seat_The } pioche : { $type }", "{ $seat_The } draws: { $type }"
    ),
    "champs.ev.recruited": _t(
        "{ $seat_The } recrute { $type } en { $cell }",
        "{ $seat_The } recruits { $type } on { $cell }",
    ),
    "champs.ev.overflow_out": _t(
        "Surplus : { $type } mis en { $cell }", "Surplus: { $type } put on { $cell }"
    ),
    # One sentence per outcome: French elides and contracts ("des joueurs", "du MJ").
    "champs.ev.over.players": _t(
        "Fin de la bataille : victoire des joueurs ({ $reason })",
        "Battle over: the players win ({ $reason })",
    ),
    "champs.ev.over.mj": _t(
        "Fin de la bataille : victoire du MJ ({ $reason })",
        "Battle over: the GM wins ({ $reason })",
    ),
    "champs.ev.over.draw": _t(
        "Fin de la bataille : égalité ({ $reason })",
        "Battle over: a draw ({ $reason })",
    ),
    "champs.result.players": _t(
        "Victoire des joueurs ({ $reason })", "Victory for the players ({ $reason })"
    ),
    "champs.result.mj": _t("Victoire du MJ ({ $reason })", "Victory for the GM ({ $reason })"),
    "champs.result.draw": _t("Égalité ({ $reason })", "A draw ({ $reason })"),
    "champs.reason.annihilation": _t("armée adverse anéantie", "enemy army wiped out"),
    "champs.reason.both_annihilated": _t("les deux armées anéanties", "both armies wiped out"),
    "champs.reason.objective": _t(
        "le MJ a atteint la ligne des joueurs", "the GM reached the players' line"
    ),
    "champs.reason.held": _t(
        "les joueurs ont tenu jusqu'au dernier tour", "the players held to the last round"
    ),
    "champs.reason.round_limit": _t(
        "limite de tours : plus d'unités restantes", "round limit: more units left"
    ),
    # refusals
    "champs.illegal": _t(
        "« { $key } » n'est pas permis ici : { $reason }",
        "'{ $key }' is not allowed here: { $reason }",
    ),
    "config.champs.position_type": _t(
        "position { $where } : type de troupe inconnu, « { $type } »",
        "position { $where }: unknown troop type '{ $type }'",
    ),
    "champs.why_not.not_offered": _t(
        "ce choix ne fait pas partie des options", "that choice is not among the options"
    ),
    "champs.why_not.other_hero": _t(
        "la troupe contient le héros d'un autre joueur", "the troop holds another player's hero"
    ),
    "champs.why_not.two_activations": _t(
        "2 troupes ont déjà été activées ce tour", "2 troops were already activated this turn"
    ),
    "champs.why_not.not_your_troop": _t(
        "aucune troupe de votre camp à activer là", "no troop of your side to activate there"
    ),
    "champs.why_not.not_start_line": _t(
        "on ne déploie que sur sa ligne de départ, sur une case libre",
        "troops deploy only on their own start line, on a free cell",
    ),
    "champs.why_not.no_enemy": _t("aucun ennemi sur cette case", "no enemy on that cell"),
    "champs.why_not.not_adjacent": _t("la cible n'est pas adjacente", "the target is not adjacent"),
    "champs.why_not.range": _t(
        "cible hors de portée (2 à 5 cases) ou catapulte non chargée",
        "target out of range (2 to 5 cells) or catapult not loaded",
    ),
    "champs.why_not.obstacle": _t(
        "les unités à terre ne traversent pas les obstacles", "ground units cannot cross obstacles"
    ),
    "champs.why_not.enemy_cell": _t(
        "on ne termine pas un déplacement chez l'ennemi", "a move cannot end on an enemy cell"
    ),
    "champs.why_not.too_far": _t(
        "destination hors de portée de déplacement", "destination beyond the movement allowance"
    ),
}

CONFIG_HELP: dict[str, tuple[str, str]] = {
    "players": ("Nombre de joueurs (1 à 4), plus le MJ", "Number of players (1 to 4), plus the GM"),
    "heroes": ("Compétence du héros de chaque joueur", "Each player's hero skill"),
    "battlefield": (
        "Champ de bataille : un nom (en terminal, aussi un fichier TOML)",
        "Battlefield: a name (in a terminal, also a TOML file)",
    ),
    "grid.adjacency": ("Voisinage : 8 (diagonales) ou 4", "Adjacency: 8 (diagonals) or 4"),
    "move.cornerCutting": (
        "Passer en diagonale entre deux obstacles (troupes au sol)",
        "Squeeze diagonally between two obstacles (ground troops)",
    ),
    "dice.sides": ("Faces des dés de combat", "Sides of the combat dice"),
    "combat.result": (
        "Résultat : somme des dés ou plus haut dé",
        "Result: sum of dice or highest die",
    ),
    "retreat.direction": (
        "Cases de retraite à l'opposé de l'attaquant",
        "Retreat cells away from the attacker",
    ),
    "retreat.alliedCells": ("Retraite sur une case alliée", "Retreat onto an allied cell"),
    "retreat.splitCells": (
        "Cases permises pour disperser une retraite",
        "Cells a split retreat may use",
    ),
    "activation.moveOnly": (
        "Activer une troupe juste pour bouger",
        "Activate a troop only to move",
    ),
    "move.splitAroundAction": (
        "Déplacement réparti avant et après l'action",
        "Movement split before and after the action",
    ),
    "move.groupSpeed": (
        "Vitesse d'un groupe : celle du plus lent",
        "A group's speed: its slowest member's",
    ),
    "move.throughAllied": ("Traverser les cases alliées", "Move through allied cells"),
    "move.splitGroups": ("Nombre de groupes dans une dispersion", "Number of groups in a split"),
    "move.zoneOfControl": ("S'arrêter au contact de l'ennemi", "Stop next to an enemy"),
    "advance.thenMove": ("Bouger après l'avance du vainqueur", "Move after the winner's advance"),
    "reattack.repeat": ("Nombre de nouvelles attaques", "Number of new attacks"),
    "reattack.support": ("Soutien lors d'une nouvelle attaque", "Support in a new attack"),
    "reattack.skills": ("Compétences lors d'une nouvelle attaque", "Skills in a new attack"),
    "catapult.dicePer": (
        "Dés de catapulte : par unité ou par troupe",
        "Catapult dice: per unit or per troop",
    ),
    "catapult.lineOfFire": ("Les obstacles bloquent le tir", "Obstacles block the shot"),
    "catapult.meleeAttack": (
        "La catapulte attaque au contact",
        "The catapult attacks adjacent troops",
    ),
    "catapult.startsLoaded": ("Catapultes chargées au départ", "Catapults start loaded"),
    "catapult.readyAfter": (
        "Tir possible au tour suivant ou au tour de jeu suivant",
        "Fire from the next turn or the next round",
    ),
    "catapult.unloadOnMove": (
        "Un déplacement décharge la catapulte",
        "Moving unloads the catapult",
    ),
    "catapult.rangedCombat": (
        "Tir : combat à deux sens ou à sens unique",
        "Fire: two-sided or one-sided combat",
    ),
    "catapult.reattack": ("Nouvelle attaque après un tir", "New attack after a shot"),
    "catapult.rangedSupport": ("Soutien lors d'un tir", "Support for a shot"),
    "catapult.mixedTroopReload": (
        "Rechargement dans une troupe mixte",
        "Reloading in a mixed troop",
    ),
    "traps.playerPool": (
        "Jetons piège des joueurs (vide : 2 par joueur)",
        "Players' trap tokens (empty: 2 per player)",
    ),
    "traps.poolMode": ("Réserve de pièges commune ou par joueur", "Trap pool shared or per player"),
    "traps.mjPool": (
        "Pièges du MJ : illimités ou comme les joueurs",
        "GM's traps: unlimited or as the players'",
    ),
    "traps.placement": (
        "Piège sur sa case ou une case adjacente",
        "Trap on its own cell or an adjacent one",
    ),
    "traps.visible": ("Pièges visibles de tous", "Traps visible to all"),
    "traps.stopsMovement": ("Un piège arrête le déplacement", "A trap stops the movement"),
    "traps.zeroConsumes": (
        "Un 1 au dé use quand même le piège",
        "A roll of 1 still uses up the trap",
    ),
    "traps.flyersTrigger": ("Les volants déclenchent les pièges", "Flyers spring traps"),
    "traps.mixedTroopCanLay": ("Troupe mixte et pose de piège", "Mixed troops and laying traps"),
    "recruit.who": ("Quelles troupes peuvent recruter", "Which troops may recruit"),
    "recruit.placement": ("Case de la nouvelle troupe", "Cell of the new troop"),
    "recruit.mjMode": ("Recrutement du MJ", "The GM's recruitment"),
    "recruit.newTroopActs": ("La nouvelle troupe agit tout de suite", "The new troop acts at once"),
    "mj.army": ("Armée du MJ : choisie ou tirée au hasard", "GM's army: chosen or drawn at random"),
    "turn.mjSlots": ("Le MJ joue après chaque joueur", "The GM plays after every player"),
    "turn.order": (
        "Ordre des joueurs : jet d'initiative ou places",
        "Players' order: initiative roll or seating",
    ),
    "turn.rerollInitiative": (
        "Relancer l'initiative à chaque tour de jeu",
        "Re-roll initiative every round",
    ),
    "activation.tracking": (
        "Suivi des activations : par unité ou par case",
        "Activation tracking: per unit or per cell",
    ),
    "activation.perRoundLimit": (
        "Une troupe agit une fois par tour de jeu",
        "A troop acts once per round",
    ),
    "hero.loneMove": ("Déplacement d'un héros seul (cases)", "A lone hero's movement (cells)"),
    "hero.canFly": ("Un héros vole avec les Soldats des airs", "A hero flies with Air Soldiers"),
    "hero.skillWhenSupporting": ("Compétence d'un héros en soutien", "A supporting hero's skill"),
    "thief.mode": ("Échange du Voleur", "The Thief's exchange"),
    "templar.rerollSupportDice": (
        "Le Templier relance les dés de soutien",
        "The Templar re-rolls support dice",
    ),
    "hero.groundTroopTest": (
        "Troupe terrestre : une unité à terre ou toutes",
        "Ground troop: one ground unit or all",
    ),
    "gladiator.loneLossCaptures": (
        "Gladiateur seul vaincu : capturé",
        "Lone Gladiator beaten: captured",
    ),
    "hero.capture": ("Quand un héros est capturé", "When a hero is captured"),
    "mj.surprise": (
        "Compétence Surprise du MJ (non définie)",
        "The GM's Surprise skill (undefined)",
    ),
    "support.refusal": ("Qui peut refuser un soutien", "Who may refuse support"),
    "support.defender": ("Soutien aussi pour le défenseur", "Support for the defender too"),
    "overflow.toAlliedCell": (
        "Surplus sur une case alliée sous la limite",
        "Surplus onto an allied cell within the cap",
    ),
    "victory.mode": ("Fin de la bataille", "End of the battle"),
    "victory.rounds": (
        "Nombre de tours de jeu (vide : celui du champ de bataille)",
        "Number of rounds (empty: the battlefield's)",
    ),
}
CATALOG.update({f"champs.cfg.{k}": _t(fr, en) for k, (fr, en) in CONFIG_HELP.items()})

add_messages(CATALOG)


def _seat_name(name: str, value: Any, lang: str) -> str | None:
    """Seat ids carried by a champs.* message (`p1`, `mj`, "p2, p1") shown by name."""
    if not isinstance(value, str) or name not in ("seat", "order", "n"):
        return None
    if name == "order":
        return ", ".join(_seat_name("seat", v, lang) or v for v in value.split(", "))
    if not has_message(f"champs.seatname.{value}"):
        return None
    text = translate(Msg(f"champs.seatname.{value}"), lang)
    return Name(text, "seat") if name == "n" else text


add_arg_resolver("champs", _seat_name)
