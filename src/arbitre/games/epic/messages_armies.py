"""The words of Epic armies (issue 16): why an army file is refused or illegal, in French
and English. Keys `epic.army.*`; card and unit names come as `$card_fr`/`$card_en` (each
language reads its own), the rule is the message's `rule` (`translate` adds it).
"""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

MESSAGES: dict[str, dict[str, str]] = {
    # --- the file (parse_army) ----------------------------------------------------------
    "epic.army.err.too_big": {
        "fr": "fichier d'armée trop grand : { $size } octets (au plus { $max })",
        "en": "army file too large: { $size } bytes (at most { $max })",
    },
    "epic.army.err.toml": {
        "fr": "fichier d'armée illisible (TOML ou JSON) : { $detail }",
        "en": "unreadable army file (TOML or JSON): { $detail }",
    },
    "epic.army.err.unknown_key": {
        "fr": "{ $where } : clé inconnue « { $key } »",
        "en": "{ $where }: unknown key '{ $key }'",
    },
    "epic.army.err.field": {
        "fr": "{ $where } : champ « { $field } » : { $expected_fr }",
        "en": "{ $where }: field '{ $field }': { $expected_en }",
    },
    "epic.army.err.unknown_list": {
        "fr": "liste d'armée inconnue « { $list } » (listes : { $known })",
        "en": "unknown army list '{ $list }' (lists: { $known })",
    },
    "epic.army.err.illegal": {
        "fr": "armée illégale : { $first } ({ $n } "
        "{ $n ->\n    [one] problème\n   *[other] problèmes\n})",
        "en": "illegal army: { $first } ({ $n } "
        "{ $n ->\n    [one] problem\n   *[other] problems\n})",
    },
    "epic.army.err.no_ready_made": {
        "fr": "la liste { $list_fr } n'a pas d'armée toute faite à { $points } "
        "{ $points ->\n    [one] point\n   *[other] points\n} "
        "(niveaux : { $levels })",
        "en": "the { $list_en } list has no ready-made army at { $points } "
        "{ $points ->\n    [one] point\n   *[other] points\n} "
        "(levels: { $levels })",
    },
    # --- the army's problems (problems) -------------------------------------------------
    "epic.army.points_over": {
        "fr": "l'armée vaut { $total } points, au-delà de sa limite de { $limit }",
        "en": "the army is worth { $total } points, over its limit of { $limit }",
    },
    "epic.army.no_company": {
        "fr": "pas assez de cartes de compagnie : il en faut au moins { $min }",
        "en": "not enough company cards: at least { $min } needed",
    },
    "epic.army.too_many_supports": {
        "fr": "{ $n } { $n ->\n    [one] carte\n   *[other] cartes\n}"
        " de soutien pour { $companies } "
        "{ $companies ->\n    [one] compagnie\n   *[other] compagnies\n} : au plus { $max }",
        "en": "{ $n } support { $n ->\n    [one] card\n   *[other] cards\n} for { $companies } "
        "{ $companies ->\n    [one] company\n   *[other] companies\n}: at most { $max }",
    },
    "epic.army.supports_without_company": {
        "fr": "{ $n } { $n ->\n    [one] carte\n   *[other] cartes\n}"
        " de soutien sans aucune compagnie",
        "en": "{ $n } support { $n ->\n    [one] card\n   *[other] cards\n} without any company",
    },
    "epic.army.too_many_specials": {
        "fr": "{ $n } { $n ->\n    [one] carte spéciale\n   *[other] cartes spéciales\n}"
        " pour { $companies } "
        "{ $companies ->\n    [one] compagnie\n   *[other] compagnies\n} : au plus { $max }",
        "en": "{ $n } special { $n ->\n    [one] card\n   *[other] cards\n} for { $companies } "
        "{ $companies ->\n    [one] company\n   *[other] companies\n}: at most { $max }",
    },
    "epic.army.mandatory_missing": {
        "fr": "la carte obligatoire « { $card_fr } » manque",
        "en": "the mandatory card '{ $card_en }' is missing",
    },
    "epic.army.over_limit": {
        "fr": "« { $card_fr } » pris { $n } fois : au plus { $limit }",
        "en": "'{ $card_en }' taken { $n } times: at most { $limit }",
    },
    "epic.army.unknown_card": {
        "fr": "carte { $n } : « { $card } » n'est pas une carte de la liste { $list_fr }",
        "en": "card { $n }: '{ $card }' is not a card of the { $list_en } list",
    },
    "epic.army.unknown_option": {
        "fr": "carte { $n } (« { $card_fr } ») : l'option « { $option } » n'est pas permise",
        "en": "card { $n } ('{ $card_en }'): the option '{ $option }' is not allowed",
    },
    "epic.army.duplicate_option": {
        "fr": "carte { $n } (« { $card_fr } ») : l'option « { $option } » est prise deux fois",
        "en": "card { $n } ('{ $card_en }'): the option '{ $option }' is taken twice",
    },
    "epic.army.attach_missing": {
        "fr": "carte { $n } (« { $card_fr } ») : ses Personnages Liés doivent rejoindre un "
        "détachement (attach = numéro d'une carte)",
        "en": "card { $n } ('{ $card_en }'): its Bound Characters must join a detachment "
        "(attach = a card number)",
    },
    "epic.army.attach_bad": {
        "fr": "carte { $n } (« { $card_fr } ») : attach = { $target } ne désigne pas une "
        "carte de l'armée qui a des détachements",
        "en": "card { $n } ('{ $card_en }'): attach = { $target } is not a card of the army "
        "with detachments",
    },
    "epic.army.attach_not_character": {
        "fr": "carte { $n } (« { $card_fr } ») : attach et detachment ne valent que pour "
        "une carte de Personnages Liés",
        "en": "card { $n } ('{ $card_en }'): attach and detachment are only for a card of "
        "Bound Characters",
    },
    "epic.army.detachment_bad": {
        "fr": "carte { $n } (« { $card_fr } ») : la carte { $target } n'a pas de "
        "détachement { $d }",
        "en": "card { $n } ('{ $card_en }'): card { $target } has no detachment { $d }",
    },
    "epic.army.no_host": {
        "fr": "carte { $n } (« { $card_fr } ») : { $unit_fr } ne peut rejoindre aucun "
        "détachement permis (classe, volants)",
        "en": "card { $n } ('{ $card_en }'): { $unit_en } can join no allowed detachment "
        "(class, flyers)",
    },
    "epic.army.host_full": {
        "fr": "carte { $n } (« { $card_fr } ») : { $unit_fr } ne trouve pas de détachement "
        "avec moins de 2 Personnages Liés",
        "en": "card { $n } ('{ $card_en }'): { $unit_en } finds no detachment with fewer "
        "than 2 Bound Characters",
    },
}

add_messages(MESSAGES)
