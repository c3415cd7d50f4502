"""Texts of "why not?" (why_not.py): why a zone, a unit or a Hero clicked on the map is
not a choice of the current decision, in French and English. The rule ID travels with
the message (`Msg.rule`); the page shows it beside the sentence."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

MESSAGES: dict[str, dict[str, str]] = {
    "heresy.why.impassable": {
        "fr": "{ $zone } est infranchissable : cette zone n'existe plus pour la partie.",
        "en": "{ $zone } is impassable: that zone no longer exists for the game.",
    },
    "heresy.why.not_in_sector": {
        "fr": "{ $zone } n'est pas dans le secteur de l'ordre ({ $sector }).",
        "en": "{ $zone } is not in the order's sector ({ $sector }).",
    },
    "heresy.why.enemy_zone": {
        "fr": "{ $zone } est une zone ennemie : on n'y entre qu'avec un ordre d'attaque.",
        "en": "{ $zone } is an enemy zone: only an attack order enters it.",
    },
    "heresy.why.contested_zone": {
        "fr": "{ $zone } est une zone contestée : on n'y entre qu'avec un ordre d'attaque.",
        "en": "{ $zone } is a contested zone: only an attack order enters it.",
    },
    "heresy.why.fly_end": {
        "fr": "{ $zone } est ennemie ou contestée : une unité volante la survole mais ne peut "
        "pas y finir son mouvement.",
        "en": "{ $zone } is enemy or contested: a flying unit may pass over it but not end its "
        "move there.",
    },
    "heresy.why.too_far": {
        "fr": "{ $zone } : { $cost } PM, { $what } n'en a que { $mp }.",
        "en": "{ $zone }: { $cost } MP, { $what } has only { $mp }.",
    },
    "heresy.why.too_far_crevasse": {
        "fr": "{ $zone } est derrière une crevasse : { $cost } PM, { $what } n'en a que { $mp }.",
        "en": "{ $zone } lies across a crevasse: { $cost } MP, { $what } has only { $mp }.",
    },
    "heresy.why.no_path": {
        "fr": "Aucun chemin vers { $zone } qui ne passe que par des zones amies ou neutres.",
        "en": "No way to { $zone } through friendly or neutral zones only.",
    },
    "heresy.why.same_zone": {
        "fr": "{ $what } est déjà dans { $zone }.",
        "en": "{ $what } is already in { $zone }.",
    },
    "heresy.why.no_unit": {
        "fr": "Vous n'avez aucune unité dans { $zone }.",
        "en": "You have no unit in { $zone }.",
    },
    "heresy.why.activated": {
        "fr": "{ $zone } porte déjà un de vos marqueurs d'activation : ses unités ne peuvent "
        "plus recevoir d'ordre.",
        "en": "{ $zone } already holds one of your activation markers: its units can take no "
        "more orders.",
    },
    "heresy.why.contested_start": {
        "fr": "{ $zone } est contestée : ses unités n'en sortent pas par un ordre de mouvement.",
        "en": "{ $zone } is contested: its units do not leave it with a movement order.",
    },
    "heresy.why.already_moved": {
        "fr": "Les unités de ce type dans { $zone } ont déjà bougé avec cet ordre.",
        "en": "The units of that kind in { $zone } have already moved with this order.",
    },
    "heresy.why.unreachable": {
        "fr": "{ $what } ne peut atteindre aucune zone de destination de l'ordre "
        "(la plus proche, { $zone }, est à { $cost } PM ; { $mp } PM "
        "{ $mp ->\n    [one] disponible\n   *[other] disponibles\n}).",
        "en": "{ $what } cannot reach any destination zone of the order "
        "(the nearest, { $zone }, is { $cost } MP away; { $mp } MP available).",
    },
    "heresy.why.unreachable_plain": {
        "fr": "{ $what } ne peut atteindre aucune zone de destination de l'ordre.",
        "en": "{ $what } cannot reach any destination zone of the order.",
    },
    "heresy.why.pick_unit": {
        "fr": "Des unités de { $zone } peuvent bouger : choisissez l'une d'elles.",
        "en": "Units in { $zone } may move: pick one of them.",
    },
    "heresy.why.no_enemy": {
        "fr": "{ $zone } ne contient aucune unité ni aucun Héros ennemi.",
        "en": "{ $zone } holds no enemy unit and no enemy Hero.",
    },
    "heresy.why.no_origin": {
        "fr": "Aucune zone voisine de { $zone } ne peut servir de zone d'origine "
        "(une de vos unités, pas de marqueur d'activation).",
        "en": "No zone next to { $zone } can be an origin zone "
        "(one of your units there, no activation marker).",
    },
    "heresy.why.not_adjacent": {
        "fr": "{ $zone } n'est pas voisine de la zone cible ({ $to }).",
        "en": "{ $zone } is not next to the target zone ({ $to }).",
    },
    "heresy.why.origin_taken": {
        "fr": "{ $zone } est déjà une zone d'origine de cette attaque.",
        "en": "{ $zone } is already an origin zone of this attack.",
    },
    "heresy.why.origin_limit": {
        "fr": "Cet ordre n'attaque que depuis une seule zone d'origine.",
        "en": "This order attacks from one origin zone only.",
    },
    "heresy.why.not_offered": {
        "fr": "{ $zone } n'est pas un des choix proposés maintenant.",
        "en": "{ $zone } is not one of the choices offered now.",
    },
}

add_messages(MESSAGES)
