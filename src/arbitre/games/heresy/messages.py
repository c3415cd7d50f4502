"""Every text a person reads in L'Hérésie d'Horus, in French and in English."""

from __future__ import annotations

from arbitre.engine.i18n import add_arg_resolver, add_messages
from arbitre.games.heresy.names import resolve

MESSAGES: dict[str, dict[str, str]] = {
    "heresy.opt.battle_fly": {
        "fr": "{ $what } vole vers { $zone }",
        "en": "{ $what } flies to { $zone }",
    },
    "heresy.q.battle_fly": {
        "fr": "Des unités volantes rejoignent-elles la bataille ?",
        "en": "Do flying units join the battle?",
    },
    "heresy.opt.battle_target": {"fr": "cible : { $zone }", "en": "target: { $zone }"},
    "heresy.opt.battle_origin": {
        "fr": "zone d'origine : { $zone }",
        "en": "origin zone: { $zone }",
    },
    "heresy.opt.battle_to": {"fr": "vers { $zone }", "en": "to { $zone }"},
    "heresy.opt.battle_retreat": {"fr": "retraite vers { $zone }", "en": "retreat to { $zone }"},
    "heresy.opt.battle_unit": {"fr": "{ $unit }", "en": "{ $unit }"},
    "heresy.opt.battle_hero": {"fr": "{ $what }", "en": "{ $what }"},
    "heresy.opt.battle_card": {"fr": "{ $card } ({ $stats })", "en": "{ $card } ({ $stats })"},
    "heresy.opt.battle_effect": {
        "fr": "effet de la carte { $card }{ $copy } : { $effect }",
        "en": "effect of { $card }{ $copy }: { $effect }",
    },
    "heresy.opt.attacker": {"fr": "l'attaquant ({ $seat })", "en": "the attacker ({ $seat })"},
    "heresy.opt.defender": {"fr": "le défenseur ({ $seat })", "en": "the defender ({ $seat })"},
    "heresy.opt.battle_pass": {"fr": "passer", "en": "pass"},
    "heresy.opt.battle_retreat_attacker": {"fr": "battre en retraite", "en": "retreat"},
    "heresy.opt.battle_eliminate": {"fr": "éliminer", "en": "eliminate"},
    "heresy.opt.battle_accept": {"fr": "ne pas contrer", "en": "do not counter"},
    "heresy.opt.battle_none": {"fr": "aucun effet", "en": "no effect"},
    "heresy.opt.battle_ignore": {"fr": "ignorer l'ordre", "en": "ignore the order"},
    "heresy.q.coexistence": {
        "fr": "Quelle bataille de coexistence d'abord ?",
        "en": "Which coexistence battle first?",
    },
    "heresy.q.battle_target": {
        "fr": "Quelle zone cible attaquer ?",
        "en": "Which target zone to attack?",
    },
    "heresy.q.battle_origin": {"fr": "Quelles zones d'origine ?", "en": "Which origin zones?"},
    "heresy.q.battle_engage": {
        "fr": "Quelles unités et quels Héros engager ?",
        "en": "Which units and Heroes to engage?",
    },
    "heresy.q.battle_first": {
        "fr": "Qui est actif à la première itération ?",
        "en": "Who is active in iteration 1?",
    },
    "heresy.q.battle_play": {
        "fr": "Itération { $it }/{ $iters } : jouer des cartes Combat (encore { $n } au plus), "
        "passer"
        " ou battre en retraite",
        "en": "Iteration { $it }/{ $iters }: play Combat cards (up to { $n } more), pass or "
        "retreat",
    },
    "heresy.q.battle_effect": {
        "fr": "Quel effet spécial utiliser ?",
        "en": "Which special effect to use?",
    },
    "heresy.q.battle_counter": {
        "fr": "Défausser des cartes pour contrer l'effet { $card_of }{ $copy }"
        " (encore { $n } { $n ->\n    [one] bouclier\n   *[other] boucliers\n}) ?",
        "en": "Discard cards to counter the effect of { $card }{ $copy } "
        "({ $n } more { $n ->\n    [one] shield\n   *[other] shields\n})?",
    },
    "heresy.q.battle_free": {
        "fr": "Quels effets gratuits utiliser ?",
        "en": "Which free effects to use?",
    },
    "heresy.q.battle_pick": {
        "fr": "Choisissez la cible de l'effet { $card_of }{ $copy }",
        "en": "Choose the target of the effect of { $card }{ $copy }",
    },
    "heresy.q.battle_shields": {
        "fr": "{ $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}"
        " à subir : défausser des cartes pour leurs boucliers ?",
        "en": "{ $n } damage coming: discard cards for their shields?",
    },
    "heresy.q.battle_assign": {
        "fr": "À qui infliger 1 dégât ? ({ $n } à infliger)",
        "en": "Who takes 1 damage? ({ $n } to assign)",
    },
    "heresy.q.battle_rout": {
        "fr": "Où va { $unit }, en déroute ?",
        "en": "Where does the routed { $unit } go?",
    },
    "heresy.q.battle_advance": {
        "fr": "Avancer dans la zone cible ?",
        "en": "Advance into the target zone?",
    },
    "heresy.log.eliminated": {
        "fr": "{ $unit } éliminé en { $zone }",
        "en": "{ $unit } eliminated in { $zone }",
    },
    "heresy.log.damaged": {
        "fr": "{ $unit } en { $zone } subit { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}",
        "en": "{ $unit } in { $zone } takes { $n } damage",
    },
    "heresy.log.hero_damaged": {
        "fr": "{ $what } subit { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}",
        "en": "{ $what } takes { $n } damage",
    },
    "heresy.log.hero_dead": {"fr": "{ $what } est éliminé", "en": "{ $what } is eliminated"},
    "heresy.log.routed": {
        "fr": "{ $unit } en déroute vers { $zone }",
        "en": "{ $unit } routs to { $zone }",
    },
    "heresy.log.retreat": {
        "fr": "{ $seat } bat en retraite ({ $zone })",
        "en": "{ $seat } retreats ({ $zone })",
    },
    "heresy.log.withdrawal": {
        "fr": "Repli stratégique vers { $zone }",
        "en": "Strategic withdrawal to { $zone }",
    },
    "heresy.log.pass": {"fr": "{ $seat } passe", "en": "{ $seat } passes"},
    "heresy.log.played": {
        "fr": "{ $seat } joue { $card }{ $copy }",
        "en": "{ $seat } plays { $card }{ $copy }",
    },
    "heresy.log.effect": {
        "fr": "Effet de la carte { $card }{ $copy }",
        "en": "Effect of { $card }{ $copy }",
    },
    "heresy.log.countered": {
        "fr": "Effet de la carte { $card }{ $copy } contré",
        "en": "Effect of { $card }{ $copy } countered",
    },
    "heresy.log.combat_draw": {
        "fr": "{ $seat } pioche { $n } { $n ->\n    [one] carte\n   *[other] cartes\n} Combat",
        "en": "{ $seat } draws { $n } Combat { $n ->\n    [one] card\n   *[other] cards\n}",
    },
    "heresy.log.normal_damage": {"fr": "Dégâts normaux : { $n }", "en": "Normal damage: { $n }"},
    "heresy.log.battle_end": {
        "fr": "Fin de la bataille en { $zone }",
        "en": "End of the battle in { $zone }",
    },
    "heresy.log.advanced": {"fr": "Avance dans { $zone }", "en": "Advance into { $zone }"},
    "heresy.seatname.imperium": {
        "fr": "Imperium\n.form = elided",
        "en": "Imperium\n.form = the",
    },
    "heresy.log.shields": {
        "fr": "{ $seat } défausse { $card } : { $n } "
        "{ $n ->\n    [one] bouclier\n   *[other] boucliers\n}",
        "en": "{ $seat } discards { $card }: { $n } "
        "{ $n ->\n    [one] shield\n   *[other] shields\n}",
    },
    "heresy.log.counter_paid": {
        "fr": "{ $seat } défausse { $card } pour contrer : { $n } "
        "{ $n ->\n    [one] bouclier\n   *[other] boucliers\n}",
        "en": "{ $seat } discards { $card } to counter: { $n } "
        "{ $n ->\n    [one] shield\n   *[other] shields\n}",
    },
    "heresy.seatname.traitor": {
        "fr": "Traître\n.form = masculine",
        "en": "Traitor\n.form = the",
    },
    "heresy.reason.attrition": {
        "fr": "un marqueur a atteint « Victoire de l'Imperium »",
        "en": "a marker reached 'Imperium Victory'",
    },
    "heresy.reason.spaceports": {
        "fr": "les quatre spatioports sont des zones amies",
        "en": "all four spaceports are friendly zones",
    },
    "heresy.reason.commander": {"fr": "mort du commandant", "en": "death of a commander"},
    "heresy.result": {
        "fr": "Victoire { $winner_of } : { $reason }",
        "en": "{ $winner_The } wins: { $reason }",
    },
    "heresy.illegal": {
        "fr": "Choix « { $key } » impossible ici (règles : { $rules })",
        "en": "Choice '{ $key }' is not possible here (rules: { $rules })",
    },
    "heresy.action.place": {"fr": "Placer un ordre (1)", "en": "Place an order (1)"},
    "heresy.action.map": {
        "fr": "Exécuter un ordre de la carte stratégique (1)",
        "en": "Execute an order from the strategic map (1)",
    },
    "heresy.action.hand": {
        "fr": "Exécuter un ordre de sa main (coût imprimé)",
        "en": "Execute an order from hand (printed cost)",
    },
    "heresy.action.bury": {"fr": "Enterrer un ordre (1)", "en": "Bury an order (1)"},
    "heresy.action.draw": {"fr": "Piocher un ordre (1)", "en": "Draw an order (1)"},
    "heresy.q.action": {"fr": "Choisissez une action", "en": "Choose an action"},
    "heresy.q.place_card": {"fr": "Quel ordre placer ?", "en": "Which order to place?"},
    "heresy.q.pile": {"fr": "Sur quelle pile ?", "en": "On which pile?"},
    "heresy.q.map_card": {
        "fr": "Quel ordre de la carte stratégique exécuter ?",
        "en": "Which order of the strategic map to execute?",
    },
    "heresy.q.hand_card": {"fr": "Quel ordre exécuter ?", "en": "Which order to execute?"},
    "heresy.q.sector": {"fr": "Dans quel secteur ?", "en": "In which sector?"},
    "heresy.q.bury": {"fr": "Quelle pile enterrer ?", "en": "Which pile to bury?"},
    "heresy.q.draw": {"fr": "Piocher quoi ?", "en": "Draw what?"},
    "heresy.q.destination": {"fr": "Zone de destination ?", "en": "Destination zone?"},
    "heresy.q.target": {"fr": "Zone cible du raid ?", "en": "Target zone of the raid?"},
    "heresy.q.move_to": {"fr": "Vers quelle zone ?", "en": "To which zone?"},
    "heresy.q.movers": {
        "fr": "Quelle unité ou quel Héros déplacer ?",
        "en": "Which unit or Hero to move?",
    },
    "heresy.q.fly": {"fr": "Transport aérien en { $zone }", "en": "Air transport in { $zone }"},
    "heresy.q.landing_target": {"fr": "Zone d'atterrissage ?", "en": "Landing zone?"},
    "heresy.q.landing_source": {"fr": "Venues d'où ?", "en": "Coming from where?"},
    "heresy.q.landing_units": {"fr": "Quelles unités ?", "en": "Which units?"},
    "heresy.q.order_draw_discard": {
        "fr": "Pioche d'ordres : défausser des ordres ?",
        "en": "Order Draw: discard orders?",
    },
    "heresy.q.order_draw_recover": {
        "fr": "Pioche d'ordres : reprendre des cartes de la réserve ?",
        "en": "Order Draw: take cards back from the card reserve?",
    },
    "heresy.q.stacking": {
        "fr": "Limite d'empilement ({ $limit }) dépassée en { $zone } : quelle unité éliminer ?",
        "en": "Stacking limit ({ $limit }) exceeded in { $zone }: which unit to eliminate?",
    },
    "heresy.q.vigor": {
        "fr": "Retirer un marqueur Activation de quelle zone ?",
        "en": "Remove an activation marker from which zone?",
    },
    "heresy.q.tanks": {
        "fr": "Dans quel complexe industriel ?",
        "en": "In which industrial complex?",
    },
    "heresy.opt.card": {"fr": "{ $card } (coût { $cost })", "en": "{ $card } (cost { $cost })"},
    "heresy.opt.top_card": {"fr": "{ $card } ({ $sector })", "en": "{ $card } ({ $sector })"},
    "heresy.opt.sector": {"fr": "{ $sector }", "en": "{ $sector }"},
    "heresy.opt.discard": {"fr": "Défausser { $card }", "en": "Discard { $card }"},
    "heresy.opt.recover": {"fr": "Reprendre { $card }", "en": "Take back { $card }"},
    "heresy.opt.draw_deck": {
        "fr": "Piocher le premier ordre du paquet",
        "en": "Draw the top order of the deck",
    },
    "heresy.opt.ignore": {
        "fr": "Ignorer les effets de l'ordre",
        "en": "Ignore the order's effects",
    },
    "heresy.opt.destination": {"fr": "{ $zone }", "en": "{ $zone }"},
    "heresy.opt.target": {"fr": "cible : { $zone }", "en": "target: { $zone }"},
    "heresy.opt.mover": {
        "fr": "Déplacer { $what } ({ $zone })",
        "en": "Move { $what } ({ $zone })",
    },
    "heresy.opt.land": {"fr": "Se poser en { $zone }", "en": "Land in { $zone }"},
    "heresy.opt.fly": {"fr": "Voler vers { $zone }", "en": "Fly to { $zone }"},
    "heresy.opt.pick": {"fr": "Embarquer { $what }", "en": "Pick up { $what }"},
    "heresy.opt.drop": {"fr": "Larguer { $what }", "en": "Drop { $what }"},
    "heresy.opt.source": {"fr": "Depuis { $zone }", "en": "From { $zone }"},
    "heresy.opt.remove_unit": {
        "fr": "Éliminer { $unit } ({ $zone })",
        "en": "Eliminate { $unit } ({ $zone })",
    },
    "heresy.opt.unmark": {
        "fr": "Retirer le marqueur en { $zone }",
        "en": "Remove the marker in { $zone }",
    },
    "heresy.log.placed": {
        "fr": "{ $seat } : ordre placé face cachée sur la pile { $sector }",
        "en": "{ $seat }: order placed face down on the { $sector } pile",
    },
    "heresy.log.buried": {
        "fr": "Pile { $sector } enterrée",
        "en": "The { $sector } pile was buried",
    },
    "heresy.log.reshuffled": {
        "fr": "{ $seat } : défausse mélangée en nouveau paquet Ordres",
        "en": "{ $seat }: discard pile shuffled into a new Order deck",
    },
    "heresy.log.advance": {
        "fr": "{ $seat } : marqueur Initiative de { $from } à { $to }",
        "en": "{ $seat }: initiative marker from { $from } to { $to }",
    },
    "heresy.log.initiative_change": {
        "fr": "Changement d'initiative (en faveur { $seat_of })",
        "en": "Initiative change (in favour of { $seat_the })",
    },
    "heresy.log.victory": {
        "fr": "Victoire : { $seat } ({ $reason })",
        "en": "{ $seat } wins ({ $reason })",
    },
    "heresy.log.event": {
        "fr": "{ $seat } : événement { $card } pioché",
        "en": "{ $seat }: event { $card } drawn",
    },
    "heresy.log.event_none": {
        "fr": "Paquet Événement vide : rien ne se passe",
        "en": "Event deck empty: nothing happens",
    },
    "heresy.log.restoration": {"fr": "Phase de Restauration", "en": "Restoration phase"},
    "heresy.log.order_draw": {
        "fr": "Pioche d'ordres : mains complétées à six",
        "en": "Order Draw: hands refilled to six",
    },
    "heresy.log.discarded": {
        "fr": "{ $seat } : { $card } défaussé",
        "en": "{ $seat }: { $card } discarded",
    },
    "heresy.log.drew": {
        "fr": "{ $seat } : un ordre pioché",
        "en": "{ $seat } drew an order",
    },
    "heresy.log.coexistence_stub": {
        "fr": "Bataille de coexistence en { $zone }",
        "en": "Coexistence battle in { $zone }",
    },
    "heresy.log.stacking": {
        "fr": "{ $unit } éliminé en { $zone } (limite d'empilement)",
        "en": "{ $unit } eliminated in { $zone } (stacking limit)",
    },
    "heresy.log.execute": {
        "fr": "{ $seat } : exécute { $card } dans le secteur { $sector }",
        "en": "{ $seat }: executes { $card } in the { $sector } sector",
    },
    "heresy.log.battle_stub": {
        "fr": "Ordre d'attaque { $card } ({ $sector }) : bataille",
        "en": "Attack order { $card } ({ $sector }): battle",
    },
    "heresy.log.effect_unknown": {
        "fr": "Effet { $card_of } inconnu des sources : aucun effet",
        "en": "The effect of { $card } is unknown to the sources: no effect",
    },
    "heresy.log.ignored": {
        "fr": "{ $seat } : effets de l'ordre ignorés",
        "en": "{ $seat }: the order's effects are ignored",
    },
    "heresy.log.moved": {"fr": "{ $what } déplacé en { $to }", "en": "{ $what } moved to { $to }"},
    "heresy.log.activated": {"fr": "{ $zone } activée", "en": "{ $zone } activated"},
    "heresy.log.landed": {"fr": "Atterrissage en { $zone }", "en": "Landing in { $zone }"},
    "heresy.log.laser_stub": {
        "fr": "Lasers de défense sur { $zone } (tir pas encore mis en œuvre)",
        "en": "Defense lasers on { $zone } (fire not implemented yet)",
    },
    "heresy.log.unmarked": {
        "fr": "Marqueur retiré de { $zone }",
        "en": "Marker removed from { $zone }",
    },
    "heresy.log.reinforced": {
        "fr": "{ $n } { $n ->\n    [one] Division Blindée arrive\n"
        "   *[other] Divisions Blindées arrivent\n} en { $zone }",
        "en": "{ $n } { $n ->\n"
        "    [one] Tank Division arrives\n   *[other] Tank Divisions arrive\n} in { $zone }",
    },
    "heresy.cfg.scenario": {"fr": "Scénario joué", "en": "Scenario played"},
    "heresy.cfg.content": {
        "fr": "Pack de contenu : un nom installé sur le serveur (ou, en terminal, un dossier)",
        "en": "Content pack: a name installed on the server (or, in a terminal, a folder)",
    },
    "heresy.cfg.orders.unknownCost": {
        "fr": "Coût des ordres dont le coût imprimé est inconnu",
        "en": "Cost of orders whose printed cost is unknown",
    },
    "heresy.cfg.stacking.removed": {
        "fr": "Sort des unités retirées pour l'empilement (éliminées ou réserve)",
        "en": "Fate of units removed for stacking (eliminated or reserve)",
    },
    "heresy.cfg.transport.dropOutside": {
        "fr": "Les unités transportées peuvent être larguées hors des zones de destination",
        "en": "Carried units may be dropped outside destination zones",
    },
    "heresy.cfg.transport.heroes": {
        "fr": "Les Héros peuvent être transportés par air (par défaut : non avec la FAQ, "
        "oui sans elle)",
        "en": "Heroes may be carried by air transport (default: no with the FAQ, yes without it)",
    },
    "heresy.cfg.move.leaveContested": {
        "fr": "Des unités peuvent quitter une zone contestée par un ordre de mouvement",
        "en": "Units may leave a contested zone with a movement order",
    },
    "heresy.cfg.victory.anyMarker": {
        "fr": "N'importe quel marqueur déclenche les cases de victoire",
        "en": "Either marker triggers the victory spaces",
    },
}

add_messages(MESSAGES)
add_arg_resolver("heresy", resolve)
