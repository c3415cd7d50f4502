"""Texts of the social side of a game (issue 17): chat, resigning, handing a seat to the
AI, rematch (fr/en)."""

from __future__ import annotations

from arbitre.engine.i18n import Msg, add_messages, has_message

add_messages(
    {
        "social.who.spectator": {"fr": "Spectateur", "en": "Spectator"},
        "social.who.host": {"fr": "Hôte", "en": "Host"},
        "social.who.table": {"fr": "La table", "en": "The table"},
        "social.resigned": {
            "fr": "{ $seat_The } abandonne : la partie est terminée",
            "en": "{ $seat_The } resigns: the game is over",
        },
        "social.resigned.players": {
            "fr": "Les joueurs abandonnent : la partie est terminée",
            "en": "The players resign: the game is over",
        },
        "social.result.resigned": {
            "fr": "{ $seat_The } a abandonné : victoire { $winner_of }",
            "en": "{ $seat_The } resigned: { $winner_the } wins",
        },
        "social.result.resigned_many": {
            "fr": "{ $seat_The } a abandonné",
            "en": "{ $seat_The } resigned",
        },
        "social.result.players_resigned": {
            "fr": "Les joueurs ont abandonné : victoire du MJ",
            "en": "The players resigned: the GM wins",
        },
        "social.resign.vote": {
            "fr": "{ $seat_The } propose que les joueurs abandonnent ({ $count } sur { $needed })",
            "en": "{ $seat_The } proposes that the players resign ({ $count } of { $needed })",
        },
        "social.handed": {
            "fr": "{ $seat_The } confie sa place à l'IA ({ $agent })",
            "en": "{ $seat_The } hands their seat to the AI ({ $agent })",
        },
        "social.handed.host": {
            "fr": "L'hôte confie la place { $seat_of } à l'IA ({ $agent })",
            "en": "The host hands { $seat_the }'s seat to the AI ({ $agent })",
        },
        # the AIs in words, as the lobby names them (js/i18n.js lobby.agent.*)
        "social.agent.random": {"fr": "au hasard", "en": "random"},
        "social.agent.mj": {"fr": "MJ", "en": "GM"},
        "social.agent.players": {"fr": "joueurs", "en": "players"},
        "social.agent.ai": {"fr": "normale", "en": "normal"},
        "social.agent.ai-easy": {"fr": "facile", "en": "easy"},
        "social.taken_back": {
            "fr": "{ $seat_The } reprend sa place",
            "en": "{ $seat_The } takes their seat back",
        },
        "social.rematch.proposed": {
            "fr": "{ $seat_The } propose une revanche.",
            "en": "{ $seat_The } proposes a rematch.",
        },
        "social.rematch.proposed_swap": {
            "fr": "{ $seat_The } propose une revanche en changeant de camp.",
            "en": "{ $seat_The } proposes a rematch with sides swapped.",
        },
        "social.rematch.made": {
            "fr": "Revanche : une nouvelle partie est prête",
            "en": "Rematch: a new game is ready",
        },
        "server.error.not_over": {
            "fr": "La partie n'est pas terminée",
            "en": "The game is not over",
        },
        "server.error.online_only": {
            "fr": "Seulement dans une partie en ligne ({ $what })",
            "en": "Online games only ({ $what })",
        },
        "server.error.not_absent": {
            "fr": "{ $seat_The } n'est pas absent depuis assez longtemps "
            "({ $away } s sur { $limit } s)",
            "en": "{ $seat_The } has not been away long enough ({ $away } s of { $limit } s)",
        },
        "server.error.already_ai": {
            "fr": "La place { $seat_of } est déjà confiée à l'IA",
            "en": "{ $seat_The }'s seat is already in the AI's hands",
        },
        "server.error.not_ai": {
            "fr": "La place { $seat_of } n'est pas confiée à l'IA",
            "en": "{ $seat_The }'s seat is not in the AI's hands",
        },
        "server.error.no_handover_ask": {
            "fr": "Aucune demande de l'hôte en attente pour cette place",
            "en": "No request from the host is waiting for this seat",
        },
        "server.error.rematch_pending": {
            "fr": "Une revanche est déjà proposée",
            "en": "A rematch has already been proposed",
        },
        "server.error.no_rematch": {
            "fr": "Aucune revanche proposée",
            "en": "No rematch has been proposed",
        },
        "server.error.already_resigned": {
            "fr": "Vous avez déjà proposé l'abandon",
            "en": "You have already proposed to resign",
        },
    }
)


def agent_words(agent: str, ruleset: str) -> Msg:
    """An AI level in words, as the lobby names it in this game (js/i18n.js `agentText`):
    a game's own name first (`social.agent.heresy.mcts`: "strong"), then the level's,
    else the agent's id as it is."""
    for key in (f"social.agent.{ruleset}.{agent}", f"social.agent.{agent}"):
        if has_message(key):
            return Msg(key)
    return Msg("server.raw", {"text": agent})
