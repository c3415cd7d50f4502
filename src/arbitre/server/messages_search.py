"""Texts of the search AI on the web (server/search.py), in French and English."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

add_messages(
    {
        "search.limit": {
            "fr": "Vous avez atteint la limite de parties en cours avec une IA prévoyante "
            "({ $limit }) : terminez-en une ou choisissez un autre niveau d'IA",
            "en": "You have reached the limit of unfinished games with a lookahead AI "
            "({ $limit }): finish one or choose another AI level",
        },
        "search.timeout": {
            "fr": "L'IA prévoyante n'a pas répondu en { $seconds } s : l'IA normale a joué ce coup",
            "en": "The lookahead AI did not answer within { $seconds } s: the normal AI "
            "played this move",
        },
        "search.broken": {
            "fr": "Le processus de l'IA prévoyante s'est arrêté : l'IA normale a joué ce coup",
            "en": "The lookahead AI's process stopped: the normal AI played this move",
        },
        # "prévoyante", not "forte": over 600 Heresy games and 100 Epic games it scores
        # level with the normal AI (docs/interop.md), so it claims no more; no parentheses:
        # it is shown inside some ("confie sa place à l'IA (…)")
        "social.agent.mcts": {
            "fr": "prévoyante, expérimentale",
            "en": "lookahead, experimental",
        },
    }
)
