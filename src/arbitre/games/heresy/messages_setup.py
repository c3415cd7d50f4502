"""Texts of the scenario setup steps, special tokens, the reconstructed order effects and
the Combat card effects added with the full decks, in French and English."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

MESSAGES: dict[str, dict[str, str]] = {
    # --- order effects ---------------------------------------------------------------------
    "heresy.q.enemy_mark": {
        "fr": "Dans quelle zone placer un marqueur Activation de l'adversaire ?",
        "en": "In which zone do you place one of the opponent's activation markers?",
    },
    "heresy.opt.enemy_mark": {"fr": "marquer { $zone }", "en": "mark { $zone }"},
    "heresy.log.enemy_marked": {
        "fr": "Un marqueur Activation { $seat_of } est placé dans { $zone }.",
        "en": "One of { $seat_the }'s activation markers is placed in { $zone }.",
    },
    "heresy.q.reinforce": {
        "fr": "Dans quelle zone placer les renforts ({ $unit }) ?",
        "en": "In which zone do the reinforcements ({ $unit }) arrive?",
    },
    "heresy.q.fortify": {
        "fr": "Quelle zone fortifier ?",
        "en": "Which zone do you fortify?",
    },
    "heresy.opt.fortify": {"fr": "fortifier { $zone }", "en": "fortify { $zone }"},
    "heresy.log.fortified": {
        "fr": "Un marqueur Fortification est placé dans { $zone }.",
        "en": "A fortification marker is placed in { $zone }.",
    },
    "heresy.q.repair": {
        "fr": "Quelle brèche réparer ?",
        "en": "Which breach do you repair?",
    },
    "heresy.opt.repair": {"fr": "brèche { $zone } – { $to }", "en": "breach { $zone } – { $to }"},
    "heresy.log.repaired": {
        "fr": "La brèche entre { $zone } et { $to } est réparée.",
        "en": "The breach between { $zone } and { $to } is repaired.",
    },
    "heresy.q.regroup": {
        "fr": "Dans quelle zone vos unités se regroupent-elles ?",
        "en": "In which zone do your units regroup?",
    },
    "heresy.opt.regroup": {"fr": "regrouper dans { $zone }", "en": "regroup in { $zone }"},
    "heresy.log.regrouped": {
        "fr": "Les unités de { $zone } perdent tous leurs dégâts.",
        "en": "The units in { $zone } lose all their damage.",
    },
    # --- battles ---------------------------------------------------------------------------
    "heresy.q.battle_look": {
        "fr": "Cartes du dessus de votre paquet Combat ({ $n }) : chacune dessus ou dessous ?",
        "en": "Top cards of your Combat deck ({ $n }): each on top or at the bottom?",
    },
    "heresy.opt.look_top": {"fr": "{ $card } : dessus", "en": "{ $card }: on top"},
    "heresy.opt.look_bottom": {"fr": "{ $card } : dessous", "en": "{ $card }: at the bottom"},
    "heresy.log.looked": {
        "fr": "{ $seat } remet une carte de son paquet Combat.",
        "en": "{ $seat } puts back a card of his Combat deck.",
    },
    "heresy.log.hero_healed": {
        "fr": "{ $what } perd { $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n}.",
        "en": "{ $what } loses { $n } damage.",
    },
    # --- scenario setup --------------------------------------------------------------------
    "heresy.q.impassable": {
        "fr": "Quelle zone rendre infranchissable ({ $n } à choisir) ?",
        "en": "Which zone becomes impassable ({ $n } to choose)?",
    },
    "heresy.opt.impassable": {"fr": "{ $zone } infranchissable", "en": "{ $zone } impassable"},
    "heresy.log.impassable": {
        "fr": "{ $zone } devient infranchissable : elle n'existe plus pour la partie.",
        "en": "{ $zone } becomes impassable: it no longer exists for the game.",
    },
    "heresy.q.deploy_warband": {
        "fr": "Sur quel spatioport placer une Cohorte du Chaos, et de quelle couleur ?",
        "en": "On which spaceport do you put a Chaos Warband, and of which colour?",
    },
    "heresy.opt.deploy_warband": {"fr": "{ $what } sur { $zone }", "en": "{ $what } on { $zone }"},
    "heresy.q.deploy_spaceport": {
        "fr": "Sur quel spatioport placer 3 Armées Impériales ({ $n } à choisir) ?",
        "en": "On which spaceport do you put 3 Imperial Armies ({ $n } to choose)?",
    },
    "heresy.q.deploy_laser": {
        "fr": "Où placer un laser de défense ({ $n } { $n ->\n"
        "    [one] restant\n   *[other] restants\n}) ?",
        "en": "Where does a defense laser go ({ $n } left)?",
    },
    "heresy.q.deploy_unit": {
        "fr": "Où placer { $what } ({ $n } { $n ->\n    [one] restant\n   *[other] restants\n}) ?",
        "en": "Where does { $what } go ({ $n } left)?",
    },
    "heresy.q.deploy_hero": {"fr": "Où placer { $what } ?", "en": "Where does { $what } go?"},
    "heresy.q.deploy_pool": {
        "fr": "Quelle unité placer dans { $zone } ({ $n } { $n ->\n"
        "    [one] restante\n   *[other] restantes\n}) ?",
        "en": "Which unit goes to { $zone } ({ $n } left)?",
    },
    "heresy.opt.deploy_unit": {"fr": "{ $what }", "en": "{ $what }"},
    "heresy.q.deploy_traitor_hero": {
        "fr": "Où placer { $what } (ou le garder en réserve) ?",
        "en": "Where does { $what } go (or stay in the reserve)?",
    },
    "heresy.opt.deploy_reserve": {"fr": "garder en réserve", "en": "keep in the reserve"},
    "heresy.log.deployed": {
        "fr": "{ $seat } se déploie dans { $zone }.",
        "en": "{ $seat } deploys in { $zone }.",
    },
    "heresy.log.deploy_destroyed": {
        "fr": "L'Armée Impériale de { $zone } est détruite : la zone est infranchissable.",
        "en": "The Imperial Army of { $zone } is destroyed: the zone is impassable.",
    },
    "heresy.log.deploy_skipped": {
        "fr": "Plus de place : { $n } { $n ->\n    [one] pièce reste\n   *[other] pièces restent\n}"
        " en réserve.",
        "en": "No room left: { $n } { $n ->\n    [one] piece stays\n   *[other] pieces stay\n}"
        " in the reserve.",
    },
    "heresy.q.draft": {
        "fr": "Quelle carte Événement de votre réserve mettre dans l'acte { $act } ?",
        "en": "Which Event card of your pool goes into Act { $act }?",
    },
    "heresy.opt.draft": {"fr": "{ $card }", "en": "{ $card }"},
    "heresy.log.drafted": {
        "fr": "{ $seat } met une carte Événement dans le paquet.",
        "en": "{ $seat } puts an Event card in the deck.",
    },
    "heresy.log.event_deck": {
        "fr": "Le paquet Événement est prêt ({ $n } cartes).",
        "en": "The Event deck is ready ({ $n } cards).",
    },
    "heresy.q.landing_orders": {
        "fr": "Quel ordre d'atterrissage placer sur la carte stratégique ({ $n } "
        "{ $n ->\n    [one] restant\n   *[other] restants\n}) ?",
        "en": "Which landing order goes on the strategic map ({ $n } left)?",
    },
    "heresy.q.extra_orders": {
        "fr": "Quelle carte de votre paquet Ordre ajouter à votre main ({ $n } "
        "{ $n ->\n    [one] restante\n   *[other] restantes\n}) ?",
        "en": "Which card of your Order deck joins your hand ({ $n } left)?",
    },
    "heresy.opt.extra_order": {"fr": "prendre { $card }", "en": "take { $card }"},
    "heresy.log.extra_chosen": {
        "fr": "{ $seat } ajoute des ordres à sa main de départ et mélange son paquet.",
        "en": "{ $seat } adds orders to his starting hand and shuffles his deck.",
    },
    "heresy.log.extra_random": {
        "fr": "Chaque joueur ajoute une carte Ordre au hasard à sa main de départ.",
        "en": "Each player adds a random Order card to his starting hand.",
    },
    # --- special tokens --------------------------------------------------------------------
    "heresy.q.token": {
        "fr": "Dépenser un pion spécial pour payer 1 initiative de moins ({ $left } "
        "{ $left ->\n    [one] restant\n   *[other] restants\n}) ?",
        "en": "Spend a special token to pay 1 initiative less ({ $left } left)?",
    },
    "heresy.opt.token_spend": {
        "fr": "dépenser un pion (coût { $n })",
        "en": "spend a token (cost { $n })",
    },
    "heresy.opt.token_keep": {
        "fr": "garder ses pions (coût { $n })",
        "en": "keep the tokens (cost { $n })",
    },
    "heresy.log.token": {
        "fr": "{ $seat } dépense un pion spécial ({ $left } { $left ->\n"
        "    [one] restant\n   *[other] restants\n}).",
        "en": "{ $seat } spends a special token ({ $left } left).",
    },
    # --- the game's own config refusals (config.py) -----------------------------------
    "heresy.cfg.bad_scenario": {
        "fr": "Scénario « { $value } » inconnu (option « scenario ») ; scénarios connus : "
        "{ $known }",
        "en": "Unknown scenario '{ $value }' (option 'scenario'); known scenarios: { $known }",
    },
    "heresy.cfg.bad_content": {
        "fr": "Pack de contenu refusé (option « content ») : { $error }",
        "en": "Content pack refused (option 'content'): { $error }",
    },
    "heresy.cfg.no_content": {
        "fr": "Pack de contenu introuvable (option « content ») : { $path } n'est pas un dossier",
        "en": "Content pack not found (option 'content'): { $path } is not a folder",
    },
    "heresy.cfg.unreadable_content": {
        "fr": "Pack de contenu illisible (option « content ») : { $path } ({ $error })",
        "en": "Content pack unreadable (option 'content'): { $path } ({ $error })",
    },
}

add_messages(MESSAGES)
