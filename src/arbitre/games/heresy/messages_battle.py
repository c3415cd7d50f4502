"""Texts of the battle additions: fortifications, the reconstructed card effects, the
Heroes' abilities and the morale check (French and English)."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

MESSAGES: dict[str, dict[str, str]] = {
    "heresy.log.battle_breach": {
        "fr": "Brèche entre { $zone } et { $to }",
        "en": "Breach between { $zone } and { $to }",
    },
    "heresy.log.battle_unfortified": {
        "fr": "Le marqueur Fortification de { $zone } est retiré",
        "en": "The fortification marker of { $zone } is removed",
    },
    "heresy.opt.battle_back": {
        "fr": "au hasard parmi { $back }",
        "en": "at random among { $back }",
    },
    "heresy.back.combat": {"fr": "les cartes Combat", "en": "the Combat cards"},
    "heresy.back.hero_combat": {"fr": "les cartes Combat Héros", "en": "the Hero Combat cards"},
    "heresy.opt.battle_khan": {
        "fr": "Jaghatai Khan rejoint la bataille depuis { $zone }",
        "en": "Jaghatai Khan joins the battle from { $zone }",
    },
    "heresy.opt.battle_ability": {
        "fr": "utiliser la capacité de { $what }",
        "en": "use { $what }'s ability",
    },
    "heresy.opt.battle_decline": {"fr": "ne pas l'utiliser", "en": "do not use it"},
    "heresy.q.battle_ability": {
        "fr": "Utiliser la capacité spéciale du Héros ?",
        "en": "Use the Hero's special ability?",
    },
    "heresy.log.ability_khan": {
        "fr": "{ $what } fond sur la bataille depuis { $zone }",
        "en": "{ $what } sweeps into the battle from { $zone }",
    },
    "heresy.log.ability_repair": {
        "fr": "{ $what } répare { $unit } (1 dégât en moins)",
        "en": "{ $what } repairs { $unit } (1 damage less)",
    },
    "heresy.log.ability_dorn": {
        "fr": "{ $what } tient { $zone } : ses Imperial Fists ne tombent qu'à la fin de la "
        "bataille",
        "en": "{ $what } holds { $zone }: his Imperial Fists fall only when the battle ends",
    },
    "heresy.log.ability_cards": {
        "fr": "Capacité de { $what } : { $n } { $n ->\n    [one] carte\n   *[other] cartes\n}"
        " Combat",
        "en": "{ $what }'s ability: { $n } Combat { $n ->\n    [one] card\n   *[other] cards\n}",
    },
    "heresy.log.ability_ranks": {
        "fr": "Capacité de { $what } : les unités adverses comptent un rang de moins pour la "
        "pioche",
        "en": "{ $what }'s ability: enemy units count one rank lower for the draw",
    },
    "heresy.log.ability_magnus": {
        "fr": "{ $what } bombarde { $zone }",
        "en": "{ $what } bombards { $zone }",
    },
    "heresy.log.ability_damage": {
        "fr": "Capacité de { $what } : +{ $n } { $n ->\n"
        "    [one] dégât normal\n   *[other] dégâts normaux\n}",
        "en": "{ $what }'s ability: +{ $n } normal damage",
    },
    "heresy.log.morale": {
        "fr": "Moral de { $unit } : { $result }",
        "en": "Morale of { $unit }: { $result }",
    },
    "heresy.morale.holds": {"fr": "tient bon", "en": "holds"},
    "heresy.morale.routs": {"fr": "mis en déroute", "en": "routs"},
    "heresy.morale.unknown": {
        "fr": "symbole de la carte inconnu, tient bon",
        "en": "card symbol unknown, holds",
    },
    "heresy.log.plague": {
        "fr": "Peste sur { $unit } : { $result }",
        "en": "Plague on { $unit }: { $result }",
    },
    "heresy.plague.hit": {"fr": "éliminée", "en": "eliminated"},
    "heresy.plague.miss": {"fr": "épargnée", "en": "spared"},
    "heresy.log.blood": {
        "fr": "Jusqu'à la fin de la bataille, les unités { $seat_of } en déroute sont éliminées",
        "en": "Until the battle ends, { $seat_the }'s routing units are eliminated",
    },
    "heresy.log.army_joins": {
        "fr": "Une Armée Impériale rejoint la bataille en { $zone }",
        "en": "An Imperial Army joins the battle in { $zone }",
    },
    "heresy.q.battle_hero_draw": {
        "fr": "Piocher vos 2 cartes Combat Héros (1 si tous vos Héros engagés sont blessés) ?",
        "en": "Draw your 2 Hero Combat cards (1 if every engaged Hero of yours is wounded)?",
    },
    "heresy.opt.battle_draw_heroes": {
        "fr": "piocher les cartes Combat Héros",
        "en": "draw the Hero Combat cards",
    },
    "heresy.opt.battle_no_heroes": {"fr": "ne pas les piocher", "en": "do not draw them"},
    "heresy.log.hero_draw_declined": {
        "fr": "{ $seat } ne pioche pas de cartes Combat Héros",
        "en": "{ $seat } draws no Hero Combat cards",
    },
    "heresy.cfg.heroes.drawOptional": {
        "fr": "La pioche des cartes Combat Héros est facultative (« peut piocher », p.32)",
        "en": "Drawing the Hero Combat cards is optional ('may draw', p.32)",
    },
    "heresy.log.attrition": {
        "fr": "{ $seat } défausse { $card } au hasard",
        "en": "{ $seat } discards { $card } at random",
    },
    "heresy.q.battle_rout_stay": {
        "fr": "{ $unit } est mis en déroute : le laisser en déroute dans sa zone, ou "
        "l'éliminer (FAQ) ?",
        "en": "{ $unit } is routed: leave it routed in its zone, or eliminate it (FAQ)?",
    },
    "heresy.opt.battle_stay": {"fr": "rester en déroute", "en": "stay, routed"},
}

add_messages(MESSAGES)
