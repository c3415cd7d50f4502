"""Texts of the search AI on the web (server/search.py), in French and English."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

add_messages(
    {
        "search.limit": {
            "fr": "Vous avez atteint la limite de parties en cours avec une IA forte "
            "({ $limit }) : terminez-en une ou choisissez un autre niveau d'IA",
            "en": "You have reached the limit of unfinished games with a strong AI "
            "({ $limit }): finish one or choose another AI level",
        },
        "search.timeout": {
            "fr": "L'IA forte n'a pas répondu en { $seconds } s : l'IA normale a joué ce coup",
            "en": "The strong AI did not answer within { $seconds } s: the normal AI played "
            "this move",
        },
        "search.broken": {
            "fr": "Le processus de l'IA forte s'est arrêté : l'IA normale a joué ce coup",
            "en": "The strong AI's process stopped: the normal AI played this move",
        },
        "social.agent.mcts": {"fr": "forte", "en": "strong"},
    }
)
