"""Texts of the search AI on the web (server/search.py), in French and English."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

add_messages(
    {
        # `agent`: the level as the lobby names it in that game (`agent_words`), quoted
        "search.limit": {
            "fr": "Vous avez atteint la limite de parties en cours avec l'IA « { $agent } » "
            "({ $limit }) : terminez-en une ou choisissez un autre niveau d'IA",
            "en": "You have reached the limit of unfinished games with the '{ $agent }' AI "
            "({ $limit }): finish one or choose another AI level",
        },
        "search.timeout": {
            "fr": "L'IA « { $agent } » n'a pas répondu en { $seconds } s : l'IA normale a "
            "joué ce coup",
            "en": "The '{ $agent }' AI did not answer within { $seconds } s: the normal AI "
            "played this move",
        },
        "search.broken": {
            "fr": "Le processus de l'IA « { $agent } » s'est arrêté : l'IA normale a joué ce coup",
            "en": "The '{ $agent }' AI's process stopped: the normal AI played this move",
        },
        # Epic's: "prévoyante", not "forte": over 100 Epic games it scores level with the
        # normal AI (docs/interop.md), so it claims no more. No parentheses in either: a
        # level is shown inside some ("confie sa place à l'IA (…)")
        "social.agent.mcts": {
            "fr": "prévoyante, expérimentale",
            "en": "lookahead, experimental",
        },
        # Heresy's: its paired root beats the normal AI (0.65 [0.60, 0.70] over 384 games,
        # docs/interop.md), so it is the level the issue asked for
        "social.agent.heresy.mcts": {"fr": "forte", "en": "strong"},
    }
)
