"""Texts of the clocks (issue 17; docs/web.md, Clocks): timeouts and wins on time (fr/en)."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

add_messages(
    {
        "clock.timeout.ai": {
            "fr": "{ $seat_The } n'a plus de temps : l'IA prend sa place",
            "en": "{ $seat_The } is out of time: the AI takes their seat",
        },
        "clock.timeout.skip": {
            "fr": "{ $seat_The } n'a plus de temps : l'IA répond à sa place cette fois",
            "en": "{ $seat_The } is out of time: the AI answers for them this time",
        },
        "clock.timeout.claim": {
            "fr": "{ $seat_The } n'a plus de temps : les autres joueurs peuvent réclamer la partie",
            "en": "{ $seat_The } is out of time: the other players may claim the game",
        },
        "clock.flagged": {
            "fr": "{ $seat_The } n'a plus de temps : la partie peut être réclamée.",
            "en": "{ $seat_The } is out of time: the game may be claimed.",
        },
        "clock.claimed": {
            "fr": "Partie réclamée : { $seat_the } a perdu au temps",
            "en": "Game claimed: { $seat_the } lost on time",
        },
        "clock.result.time": {
            "fr": "{ $seat_The } a perdu au temps : victoire { $winner_of }",
            "en": "{ $seat_The } lost on time: { $winner_the } wins",
        },
        "clock.result.time_many": {
            "fr": "{ $seat_The } a perdu au temps",
            "en": "{ $seat_The } lost on time",
        },
        "clock.result.players_time": {
            "fr": "Les joueurs ont perdu au temps : victoire du MJ",
            "en": "The players lost on time: the GM wins",
        },
        "server.error.not_out_of_time": {
            "fr": "Personne n'est à court de temps : la partie ne peut pas être réclamée",
            "en": "Nobody is out of time: the game cannot be claimed",
        },
        "server.error.no_clock": {
            "fr": "Cette partie n'a pas de pendule",
            "en": "This game has no clock",
        },
    }
)
