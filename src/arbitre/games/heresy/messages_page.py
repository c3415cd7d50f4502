"""Texts of the web page's Heresy cards and compendium, and of the last-turn summary
(summary.py), in French and in English: provenance in words, the names of a card's fields,
the unit conditions of Combat cards (HH-44.15), the summary's sentences."""

from __future__ import annotations

from arbitre.engine.i18n import add_arg_resolver, add_messages
from arbitre.games.heresy.names import resolve

MESSAGES: dict[str, dict[str, str]] = {
    # where a content item comes from
    "heresy.page.prov.rulebook": {
        "fr": "livre de règles, page { $page }",
        "en": "rulebook, page { $page }",
    },
    "heresy.page.prov.research": {
        "fr": "recherches (source { $key })",
        "en": "research (source { $key })",
    },
    "heresy.page.prov.reconstructed": {
        "fr": "reconstitué par arbitre (absent des sources)",
        "en": "reconstructed by arbitre (missing from the sources)",
    },
    "heresy.page.designed": {
        "fr": "Valeurs reconstituées par arbitre : { $fields }",
        "en": "Values reconstructed by arbitre: { $fields }",
    },
    "heresy.page.effect_designed": {
        "fr": "Effet reconstitué par arbitre",
        "en": "Effect reconstructed by arbitre",
    },
    "heresy.page.ability_designed": {
        "fr": "Capacité reconstituée par arbitre",
        "en": "Ability reconstructed by arbitre",
    },
    # a card's fields, as `reconstructed = [...]` names them
    "heresy.page.field.copies": {"fr": "nombre d'exemplaires", "en": "number of copies"},
    "heresy.page.field.cost": {"fr": "coût", "en": "cost"},
    "heresy.page.field.effect": {"fr": "effet", "en": "effect"},
    "heresy.page.field.strategic": {"fr": "effet stratégique", "en": "strategic effect"},
    "heresy.page.field.name_fr": {"fr": "nom français", "en": "French name"},
    "heresy.page.field.name_en": {"fr": "nom anglais", "en": "English name"},
    "heresy.page.field.deck": {"fr": "paquet", "en": "deck"},
    "heresy.page.field.side": {"fr": "camp", "en": "side"},
    "heresy.page.field.attack": {"fr": "attaque", "en": "attack"},
    "heresy.page.field.shields": {"fr": "boucliers", "en": "shields"},
    "heresy.page.field.requirement": {"fr": "condition", "en": "requirement"},
    "heresy.page.field.counter": {"fr": "coût de contre", "en": "counter cost"},
    "heresy.page.field.starting": {"fr": "carte de départ", "en": "starting card"},
    "heresy.page.field.reusable": {"fr": "réutilisable", "en": "reusable"},
    "heresy.page.field.iterations": {"fr": "itérations", "en": "iterations"},
    "heresy.page.field.origins": {"fr": "zones d'origine", "en": "origin zones"},
    "heresy.page.field.rank_limit": {"fr": "limite de rang", "en": "rank limit"},
    "heresy.page.field.free": {"fr": "effet gratuit", "en": "free effect"},
    "heresy.page.field.symbol": {"fr": "symbole", "en": "symbol"},
    # the unit a Combat card's special effect needs (HH-44.15)
    "heresy.page.req.attacking_unit": {"fr": "une unité attaquante", "en": "an attacking unit"},
    "heresy.page.req.defending_unit": {"fr": "une unité en défense", "en": "a defending unit"},
    "heresy.page.req.hero": {"fr": "un Héros engagé", "en": "an engaged Hero"},
    "heresy.page.req.chaos_titan_attacking_fortification": {
        "fr": "un Titan du Chaos attaquant une zone fortifiée",
        "en": "a Chaos Titan attacking a fortified zone",
    },
    "heresy.page.req.nurgle_unit": {"fr": "une unité de Nurgle", "en": "a Nurgle unit"},
    "heresy.page.req.khorne_unit": {"fr": "une unité de Khorne", "en": "a Khorne unit"},
    "heresy.page.req.tzeentch_unit": {"fr": "une unité de Tzeentch", "en": "a Tzeentch unit"},
    "heresy.page.req.slaanesh_unit": {"fr": "une unité de Slaanesh", "en": "a Slaanesh unit"},
    "heresy.page.req.unit": {
        "fr": "une unité { $unit } engagée",
        "en": "an engaged { $unit } unit",
    },
    # bombardment cards have no printed name
    "heresy.page.bombard.name": {
        "fr": "Carte Bombardement { $n }",
        "en": "Bombardment card { $n }",
    },
    "heresy.page.bombard.precise": {
        "fr": "Précis : { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}{ $breach }",
        "en": "Precise: { $n } damage{ $breach }",
    },
    "heresy.page.bombard.saturation": {
        "fr": "Saturation : { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}{ $breach }",
        "en": "Saturation: { $n } damage{ $breach }",
    },
    "heresy.page.bombard.breach": {"fr": '{" "}+ brèche', "en": '{" "}+ breach'},
    "heresy.page.bombard.none": {"fr": "Saturation : pas d'effet", "en": "Saturation: no effect"},
    "heresy.page.bombard.thunderhawk": {
        "fr": "Thunderhawk : { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}"
        " par Thunderhawk engagé",
        "en": "Thunderhawk: { $n } damage per engaged Thunderhawk",
    },
    "heresy.page.bombard.lasers": {
        "fr": "Lasers (1 à 4 en portée) : { $line }",
        "en": "Lasers (1 to 4 in range): { $line }",
    },
    "heresy.page.bombard.hit": {"fr": "touché", "en": "hit"},
    "heresy.page.bombard.miss": {"fr": "raté", "en": "miss"},
    "heresy.page.bombard.aquila": {"fr": "Aigle", "en": "Aquila"},
    "heresy.page.bombard.chaos_star": {"fr": "Étoile du Chaos", "en": "Chaos Star"},
    # the last turn of the other seat, in short (summary.py)
    "heresy.summary.who.imperium": {"fr": "L'Imperium", "en": "The Imperium"},
    "heresy.summary.who.traitor": {"fr": "Le Traître", "en": "The Traitor"},
    "heresy.summary.placed": {
        "fr": "{ $who } a placé un ordre face cachée sur la pile { $sector }",
        "en": "{ $who } placed an order face down on the { $sector } pile",
    },
    "heresy.summary.execute": {
        "fr": "{ $who } a exécuté { $card } dans le secteur { $sector }",
        "en": "{ $who } executed { $card } in the { $sector } sector",
    },
    "heresy.summary.drew": {
        "fr": "{ $who } a pioché { $n } "
        "{ $n ->\n    [one] carte Ordre\n   *[other] cartes Ordre\n}",
        "en": "{ $who } drew { $n } Order { $n ->\n    [one] card\n   *[other] cards\n}",
    },
    "heresy.summary.buried": {
        "fr": "{ $who } a enterré la pile { $sector }",
        "en": "{ $who } buried the { $sector } pile",
    },
    "heresy.summary.moved": {
        "fr": "{ $n } "
        "{ $n ->\n    [one] unité ou Héros déplacé\n   *[other] unités ou Héros déplacés\n} "
        "vers { $to }",
        "en": "{ $n } { $n ->\n    [one] unit or Hero\n   *[other] units or Heroes\n}"
        " moved to { $to }",
    },
    "heresy.summary.landed": {
        "fr": "{ $who } a débarqué en { $zone }",
        "en": "{ $who } landed in { $zone }",
    },
    "heresy.summary.battle": {"fr": "Bataille en { $zone }", "en": "Battle in { $zone }"},
    "heresy.summary.eliminated": {
        "fr": "{ $n } { $n ->\n    [one] unité éliminée\n   *[other] unités éliminées\n}"
        " en { $zone }",
        "en": "{ $n } { $n ->\n    [one] unit\n   *[other] units\n} eliminated in { $zone }",
    },
    "heresy.summary.bombard": {
        "fr": "Bombardement de { $zone } : { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}",
        "en": "Bombardment of { $zone }: { $n } damage",
    },
    "heresy.summary.event": {
        "fr": "Événement pioché : { $card }",
        "en": "Event drawn: { $card }",
    },
    "heresy.summary.corrupted": {
        "fr": "{ $n } { $n ->\n    [one] unité corrompue\n   *[other] unités corrompues\n}"
        " en { $zone }, "
        "{ $n ->\n    [one] passée\n   *[other] passées\n} au Traître",
        "en": "{ $n } { $n ->\n    [one] unit\n   *[other] units\n}"
        " corrupted in { $zone }, now the Traitor's",
    },
    "heresy.summary.hero_dead": {"fr": "{ $what } est éliminé", "en": "{ $what } is eliminated"},
    "heresy.summary.victory": {"fr": "Fin de la partie", "en": "End of the game"},
    "heresy.summary.nothing": {
        "fr": "Rien de visible depuis votre dernier choix",
        "en": "Nothing visible since your last choice",
    },
}

add_messages(MESSAGES)
add_arg_resolver("heresy", resolve)
