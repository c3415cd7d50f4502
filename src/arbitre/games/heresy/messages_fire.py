"""French and English texts of bombardments, defense lasers, corruption and events."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

MESSAGES: dict[str, dict[str, str]] = {
    # --- the Bombardment deck and its symbol
    "heresy.log.bombard_reshuffled": {
        "fr": "Le paquet Bombardement est reformé avec sa défausse mélangée",
        "en": "The Bombardment deck is rebuilt from its shuffled discard pile",
    },
    "heresy.log.symbol_aquila": {
        "fr": "Carte Bombardement : Aigle",
        "en": "Bombardment card: Aquila",
    },
    "heresy.log.symbol_chaos_star": {
        "fr": "Carte Bombardement : Étoile du Chaos",
        "en": "Bombardment card: Chaos Star",
    },
    # --- orbital and Thunderhawk bombardments
    "heresy.q.bombard_zone": {
        "fr": "Quelle zone bombarder depuis l'orbite ?",
        "en": "Which zone to bombard from orbit?",
    },
    "heresy.opt.bombard_zone": {"fr": "Bombarder { $zone }", "en": "Bombard { $zone }"},
    "heresy.q.bombard_mode": {
        "fr": "Bombardement de { $zone } : précis ou de saturation ?",
        "en": "Bombardment of { $zone }: precise or saturation?",
    },
    "heresy.opt.bombard_precise": {"fr": "précis", "en": "precise"},
    "heresy.opt.bombard_saturation": {"fr": "de saturation", "en": "saturation"},
    "heresy.q.bombard_choose": {
        "fr": "Quelle carte Bombardement garder (bombardement { $mode }) ?",
        "en": "Which Bombardment card takes effect ({ $mode } bombardment)?",
    },
    "heresy.opt.bombard_card": {
        "fr": "{ $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}",
        "en": "{ $n } damage",
    },
    "heresy.opt.bombard_card_breach": {
        "fr": "{ $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n} + brèche",
        "en": "{ $n } damage + Breach",
    },
    "heresy.q.bombard_breach": {
        "fr": "Sur quel segment de bord de { $zone } ouvrir la brèche ?",
        "en": "On which edge segment of { $zone } does the Breach go?",
    },
    "heresy.opt.bombard_edge": {"fr": "{ $zone } / { $to }", "en": "{ $zone } / { $to }"},
    "heresy.q.bombard_damage": {
        "fr": "À qui infliger le prochain point de dégâts du bombardement "
        "({ $n } { $n ->\n    [one] restant\n   *[other] restants\n}) ?",
        "en": "Who takes the next point of bombardment damage ({ $n } left)?",
    },
    "heresy.opt.bombard_unit": {"fr": "{ $unit }", "en": "{ $unit }"},
    "heresy.log.bombard_stop": {
        "fr": "Le Traître renonce aux bombardements restants",
        "en": "The Traitor gives up the remaining bombardments",
    },
    "heresy.log.bombard_precise": {
        "fr": "Bombardement orbital précis sur { $zone }",
        "en": "Precise orbital bombardment on { $zone }",
    },
    "heresy.log.bombard_saturation": {
        "fr": "Bombardement orbital de saturation sur { $zone }",
        "en": "Saturation orbital bombardment on { $zone }",
    },
    "heresy.log.bombard_nothing": {
        "fr": "Bombardement de { $zone } : pas d'effet",
        "en": "Bombardment of { $zone }: no effect",
    },
    "heresy.log.bombard_result": {
        "fr": "Bombardement de { $zone } : { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}",
        "en": "Bombardment of { $zone }: { $n } damage",
    },
    "heresy.log.bombard_result_breach": {
        "fr": "Bombardement de { $zone } : { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}"
        " + brèche",
        "en": "Bombardment of { $zone }: { $n } damage + Breach",
    },
    "heresy.log.bombard_reduced": {
        "fr": "La fortification de { $zone } retire { $n } "
        "{ $n ->\n    [one] point\n   *[other] points\n} de dégâts",
        "en": "The fortification of { $zone } removes { $n } "
        "{ $n ->\n    [one] point\n   *[other] points\n} of damage",
    },
    "heresy.log.bombard_lost": {
        "fr": "{ $n } { $n ->\n    [one] point\n   *[other] points\n}"
        " de dégâts sans cible possible "
        "{ $n ->\n    [one] est perdu\n   *[other] sont perdus\n}",
        "en": "{ $n } { $n ->\n    [one] point\n   *[other] points\n}"
        " of damage with no possible target "
        "{ $n ->\n    [one] is lost\n   *[other] are lost\n}",
    },
    "heresy.log.bombard_empty": {
        "fr": "Plus aucune carte Bombardement : pas de bombardement",
        "en": "No Bombardment card left: no bombardment",
    },
    "heresy.log.thunderhawk": {
        "fr": "Bombardement Thunderhawk : { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}"
        " ({ $per } par Thunderhawk engagé)",
        "en": "Thunderhawk bombardment: { $n } damage ({ $per } per engaged Thunderhawk)",
    },
    "heresy.log.breach_none": {
        "fr": "Aucun segment de { $zone } ne peut recevoir de brèche",
        "en": "No edge segment of { $zone } can take a Breach",
    },
    # --- defense lasers
    "heresy.log.lasers_fire": {
        "fr": "{ $n } "
        "{ $n ->\n    [one] laser de défense tire\n   *[other] lasers de défense tirent\n} "
        "sur les unités qui atterrissent en { $zone }",
        "en": "{ $n } defense { $n ->\n    [one] laser fires\n   *[other] lasers fire\n} "
        "at the units landing in { $zone }",
    },
    "heresy.q.laser_target": {
        "fr": "Sur quelle unité en approche de { $zone } tirer "
        "({ $n } { $n ->\n    [one] laser\n   *[other] lasers\n}) ?",
        "en": "Which unit approaching { $zone } "
        "{ $n ->\n    [one] does the laser fire at\n   *[other] do the lasers fire at\n} "
        "({ $n } { $n ->\n    [one] laser\n   *[other] lasers\n})?",
    },
    "heresy.opt.laser_target": {"fr": "Tirer sur { $unit }", "en": "Fire at { $unit }"},
    "heresy.log.laser_hit": {
        "fr": "Touché : { $unit } est éliminé",
        "en": "Hit: { $unit } is eliminated",
    },
    "heresy.log.laser_miss": {"fr": "Échec : { $unit } atterrit", "en": "Miss: { $unit } lands"},
    "heresy.log.laser_destroyed": {
        "fr": "{ $n } "
        "{ $n ->\n    [one] laser de défense détruit\n   *[other] lasers de défense détruits\n} "
        "en { $zone }",
        "en": "{ $n } defense { $n ->\n    [one] laser\n   *[other] lasers\n}"
        " destroyed in { $zone }",
    },
    # --- corruption
    "heresy.q.corruption": {
        "fr": "Quelle unité impériale tenter de corrompre "
        "({ $n } { $n ->\n    [one] tentative\n   *[other] tentatives\n}) ?",
        "en": "Which Imperial unit to try to corrupt ({ $n } "
        "{ $n ->\n    [one] attempt\n   *[other] attempts\n})?",
    },
    "heresy.opt.corrupt": {"fr": "Corrompre { $unit }", "en": "Corrupt { $unit }"},
    "heresy.log.corrupted": {
        "fr": "{ $unit } est corrompu et passe au Traître",
        "en": "{ $unit } is corrupted and goes over to the Traitor",
    },
    "heresy.log.corruption_failed": {
        "fr": "{ $unit } résiste à la corruption",
        "en": "{ $unit } resists corruption",
    },
    "heresy.log.corruption_none": {
        "fr": "Plus aucune unité ne peut être corrompue",
        "en": "No unit can be corrupted any more",
    },
    # --- events
    "heresy.q.ev_orders": {
        "fr": "Placer un ordre de la main sans coût d'initiative ({ $n } au plus) ?",
        "en": "Place an order from hand at no initiative cost (up to { $n })?",
    },
    "heresy.opt.place_free": {"fr": "Placer { $card }", "en": "Place { $card }"},
    "heresy.q.ev_orders_sector": {"fr": "Sur quelle pile ?", "en": "On which pile?"},
    "heresy.q.ev_move_from": {
        "fr": "Déplacer jusqu'à { $n } { $n ->\n"
        "    [one] unité\n   *[other] unités\n} depuis quelle zone ?",
        "en": "Move up to { $n } { $n ->\n    [one] unit\n   *[other] units\n} from which zone?",
    },
    "heresy.q.ev_move_to": {
        "fr": "Vers quelle zone depuis { $zone } ?",
        "en": "To which zone from { $zone }?",
    },
    "heresy.q.ev_move_units": {
        "fr": "Quelles unités et quels Héros vont en { $zone } ?",
        "en": "Which units and Heroes go to { $zone }?",
    },
    "heresy.log.ev_moved": {
        "fr": "{ $n } { $n ->\n    [one] unité va\n   *[other] unités vont\n} en { $zone }",
        "en": "{ $n } { $n ->\n    [one] unit goes\n   *[other] units go\n} to { $zone }",
    },
    "heresy.q.ev_place_zone": {
        "fr": "Dans quelle zone placer des renforts de la réserve ({ $n } au plus) ?",
        "en": "In which zone are reinforcements placed from the reserve (up to { $n })?",
    },
    "heresy.q.ev_place_units": {
        "fr": "Quelles unités et quels Héros de la réserve placer en { $zone } ?",
        "en": "Which units and Heroes of the reserve go to { $zone }?",
    },
    "heresy.log.ev_placed": {
        "fr": "{ $what } arrive en { $zone }",
        "en": "{ $what } arrives in { $zone }",
    },
    "heresy.opt.ev_zone": {"fr": "{ $zone }", "en": "{ $zone }"},
    "heresy.q.ev_zone_thrown": {
        "fr": "Dans quelle zone de Terra jeter tout ce qui est sur le Vengeful Spirit ?",
        "en": "Into which zone of Terra is everything on the Vengeful Spirit thrown?",
    },
    "heresy.q.ev_zone_corpses": {
        "fr": "Quelle zone tenue par le Traître est bloquée par les cadavres ?",
        "en": "Which Traitor-held zone is blocked with corpses?",
    },
    "heresy.q.ev_zone_lava": {
        "fr": "Quelle zone non fortifiée la lave ravage-t-elle ?",
        "en": "Which unfortified zone does the lava ravage?",
    },
    "heresy.q.ev_zone_gambit": {
        "fr": "Où Horus tente-t-il son coup (zone voisine de l'Empereur) ?",
        "en": "Where does Horus make his gambit (a zone next to the Emperor's)?",
    },
    "heresy.log.ev_thrown": {
        "fr": "Tout ce qui était sur le Vengeful Spirit est jeté en { $zone }",
        "en": "Everything on the Vengeful Spirit is thrown into { $zone }",
    },
    "heresy.log.ev_corpses": {
        "fr": "Marqueur de déroute du Traître en { $zone }",
        "en": "The Traitor's rout marker in { $zone }",
    },
    "heresy.log.ev_armada": {
        "fr": "Les marqueurs Initiative reculent : Imperium { $a }, Traître { $b }",
        "en": "The initiative markers go back: Imperium { $a }, Traitor { $b }",
    },
    "heresy.log.ev_nothing": {"fr": "L'événement est sans effet", "en": "The event has no effect"},
    "heresy.log.ev_draw": {
        "fr": "Chaque joueur pioche une carte Ordre",
        "en": "Each player draws an Order card",
    },
    "heresy.q.ev_heal": {
        "fr": "De quelle unité retirer tous les dégâts ?",
        "en": "Which unit loses all its damage?",
    },
    "heresy.log.ev_healed": {
        "fr": "{ $unit } n'a plus de dégâts",
        "en": "{ $unit } has no damage left",
    },
    # --- configuration
    "heresy.cfg.faq": {
        "fr": "Appliquer les errata de la FAQ v1.0 (brèche voisine d'une fortification, …)",
        "en": "Apply the FAQ v1.0 errata (Breach next to a fortification, …)",
    },
    "heresy.cfg.thunderhawk.heroes": {
        "fr": "Bombardement Thunderhawk et Héros : « book » (exemple et FAQ : sur les Héros "
        "engagés quand plus aucune unité adverse ne l'est) ou « rules » (jamais)",
        "en": "Thunderhawk bombardment and Heroes: 'book' (example and FAQ: on engaged Heroes "
        "once no enemy unit is engaged) or 'rules' (never)",
    },
    "heresy.cfg.thunderhawk.fortified": {
        "fr": "Les fortifications réduisent aussi les bombardements Thunderhawk",
        "en": "Fortifications also reduce Thunderhawk bombardments",
    },
    "heresy.cfg.events.reconstructed": {
        "fr": "Jouer les effets d'Événement reconstitués (sinon : sans effet)",
        "en": "Play the reconstructed Event effects (otherwise: no effect)",
    },
}

add_messages(MESSAGES)
