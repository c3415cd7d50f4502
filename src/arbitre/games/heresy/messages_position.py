"""Refusals of a starting position (docs/positions.md), in French and English; each names
the field at fault (`field`) and, where a rule decides, cites it."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages


def _t(fr: str, en: str) -> dict[str, str]:
    return {"fr": fr, "en": en}


add_messages(
    {
        f"heresy.position.{k}": v
        for k, v in {
            "object": _t(
                "{ $field } : un objet JSON est attendu", "{ $field }: expected a JSON object"
            ),
            "unknown_field": _t(
                "{ $field } : champ inconnu ; champs connus : { $known }",
                "{ $field }: unknown field; known: { $known }",
            ),
            "seat": _t(
                "{ $field } : « imperium » ou « traitor » attendu, pas « { $got } »",
                "{ $field }: expected 'imperium' or 'traitor', got '{ $got }'",
            ),
            "per_seat": _t(
                "{ $field } : un objet dont les clés sont les camps (imperium, traitor) est "
                "attendu",
                "{ $field }: expected an object keyed by seat (imperium, traitor)",
            ),
            "zone": _t(
                "{ $field } : zone inconnue « { $got } »", "{ $field }: unknown zone '{ $got }'"
            ),
            "zones": _t(
                "{ $field } : une liste de zones est attendue", "{ $field }: a list of zones"
            ),
            "holds_pieces": _t(
                "{ $field } : la zone « { $got } » contient des pièces",
                "{ $field }: zone '{ $got }' holds pieces",
            ),
            "orders": _t(
                "{ $field } : une liste de cartes Ordre est attendue",
                "{ $field }: expected a list of Order cards",
            ),
            "order": _t(
                "{ $field } : carte Ordre inconnue « { $got } »",
                "{ $field }: unknown Order card '{ $got }'",
            ),
            "combat": _t(
                "{ $field } : carte Combat inconnue « { $got } »",
                "{ $field }: unknown Combat card '{ $got }'",
            ),
            "elsewhere": _t(
                "{ $field } : la carte « { $got } » est déjà ailleurs",
                "{ $field }: card '{ $got }' is already elsewhere",
            ),
            "spaces": _t(
                "{ $field } : une liste de cases de la piste d'initiative est attendue",
                "{ $field }: expected a list of initiative track spaces",
            ),
            "space": _t(
                "{ $field } : une case de 1 à { $last } est attendue",
                "{ $field }: a space from 1 to { $last }",
            ),
            "hero": _t("{ $field } : Héros inconnu", "{ $field }: unknown Hero"),
            "hero_damage": _t(
                "{ $field } : un Héros connu et un nombre entier positif ou nul",
                "{ $field }: a known Hero and a whole number",
            ),
            "activation": _t(
                "{ $field } : « activation » ou « rout » attendu",
                "{ $field }: 'activation' or 'rout'",
            ),
            "reserve": _t(
                "{ $field } : un type d'unité et un nombre",
                "{ $field }: a unit type and a count",
            ),
            "count": _t("{ $field } : un nombre entier positif ou nul", "{ $field }: a count"),
            "positive": _t(
                "{ $field } : un nombre entier strictement positif",
                "{ $field }: a positive whole number",
            ),
            "units": _t(
                "{ $field } : une liste de groupes d'unités est attendue",
                "{ $field }: expected a list of unit groups",
            ),
            "unit_type": _t(
                "{ $field } : type d'unité inconnu « { $got } »",
                "{ $field }: unknown unit type '{ $got }'",
            ),
            "damage": _t(
                "{ $field } : un nombre entier de 0 à { $most } (des dégâts égaux au rang "
                "{ $rank } "
                "éliminent l'unité)",
                "{ $field }: a whole number from 0 to { $most } (damage equal to the rank "
                "{ $rank } "
                "eliminates the unit)",
            ),
            "tag": _t(
                "{ $field } : « { $got } » n'est ni une légion de cette unité (HH-5.8) ni une "
                "Puissance du Chaos d'une unité colorée du Traître (HH-5.1)",
                "{ $field }: '{ $got }' is neither a legion of this unit (HH-5.8) nor a Chaos "
                "Power "
                "of a coloured Traitor unit (HH-5.1)",
            ),
            "sector": _t("{ $field } : secteur inconnu", "{ $field }: unknown sector"),
            "pile": _t(
                "{ $field } : une liste de cartes, celle du dessous d'abord",
                "{ $field }: a list of cards, bottom first",
            ),
            "events": _t(
                "{ $field } : une liste de cartes Événement, celle du dessus d'abord",
                "{ $field }: a list of Event card ids, top first",
            ),
            "pairs": _t(
                "{ $field } : une liste de paires [zone, zone] est attendue",
                "{ $field }: a list of [zone, zone] pairs",
            ),
            "pair": _t(
                "{ $field } : une paire [zone, zone] est attendue",
                "{ $field }: a [zone, zone] pair",
            ),
            "no_edge": _t(
                "{ $field } : « { $a } » et « { $b } » n'ont aucun bord commun",
                "{ $field }: '{ $a }' and '{ $b }' share no edge",
            ),
            "crevasse": _t(
                "{ $field } : une crevasse ne reçoit jamais de brèche",
                "{ $field }: a crevasse is never breached",
            ),
            "bombardment": _t(
                "{ $field } : une liste de cartes Bombardement est attendue",
                "{ $field }: a list of Bombardment card ids",
            ),
        }.items()
    }
)
