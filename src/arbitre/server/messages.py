"""Texts of the server (fr/en)."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

add_messages(
    {
        "server.title.champs": {"fr": "Champs de Bataille", "en": "Champs de Bataille"},
        "server.title.heresy": {"fr": "L'Hérésie d'Horus", "en": "The Horus Heresy"},
        "server.title.epic": {
            "fr": "Epic (NetEpic Palladium)",
            "en": "Epic (NetEpic Palladium)",
        },
        "server.raw": {"fr": "{ $text }", "en": "{ $text }"},
        # Seats by name; `.form` gives their article: "de l'Imperium", "du Traître", "des
        # Mille Fils", "du Joueur 1"; "the Traitor" (see `engine.grammar.*`).
        **{
            f"server.seatname.champs.p{n}": {
                "fr": f"Joueur {n}\n.form = masculine",
                "en": f"Player {n}",
            }
            for n in range(1, 7)
        },
        "server.seatname.champs.mj": {"fr": "MJ\n.form = masculine", "en": "GM\n.form = the"},
        "server.seatname.epic.imperium": {
            "fr": "Imperium\n.form = elided",
            "en": "Imperium\n.form = the",
        },
        "server.seatname.epic.mille_fils": {
            "fr": "Mille Fils\n.form = plural",
            "en": "Thousand Sons\n.form = plural",
        },
        "server.seatname.heresy.imperium": {
            "fr": "Imperium\n.form = elided",
            "en": "Imperium\n.form = the",
        },
        "server.seatname.heresy.traitor": {
            "fr": "Traître\n.form = masculine",
            "en": "Traitor\n.form = the",
        },
        "server.hidden_choice": {"fr": "(choix caché)", "en": "(hidden choice)"},
        "server.waiting": {
            "fr": "En attente { $seat_of }",
            "en": "Waiting for { $seat_the }",
        },
        "server.ai_failed": {
            "fr": "L'IA « { $agent } » a échoué ({ $error }) : un coup légal au hasard a été joué",
            "en": "The AI '{ $agent }' failed ({ $error }): a random legal move was played",
        },
        "server.error.no_game": {
            "fr": "Aucune partie « { $id } » sur ce serveur",
            "en": "No game '{ $id }' on this server",
        },
        "server.error.bad_token": {
            "fr": "Jeton absent ou invalide pour cette partie",
            "en": "Missing or invalid token for this game",
        },
        "server.error.not_your_turn": {
            "fr": "Ce n'est pas à vous de choisir : c'est au tour { $seat_of }",
            "en": "It is not yours to choose: { $seat_the } must answer",
        },
        "server.error.stale": {
            "fr": "La partie a avancé ({ $moves } coups, vous en attendiez { $expect }) : "
            "rechargez avant de jouer",
            "en": "The game has moved on ({ $moves } moves, you expected { $expect }): "
            "reload before playing",
        },
        "server.error.game_over": {
            "fr": "La partie est terminée",
            "en": "The game is over",
        },
        "server.error.no_undo": {
            "fr": "Rien à annuler pour vous",
            "en": "Nothing you may undo",
        },
        "server.error.not_allowed": {
            "fr": "Ce jeton ne permet pas cette action ({ $what })",
            "en": "This token does not allow this ({ $what })",
        },
        "server.error.unknown_ruleset": {
            "fr": "Jeu inconnu « { $ruleset } » ; jeux connus : { $known }",
            "en": "Unknown game '{ $ruleset }'; known games: { $known }",
        },
        "server.error.unknown_agent": {
            "fr": "Siège { $seat } : IA inconnue « { $agent } » ; IA connues : { $known }",
            "en": "Seat { $seat }: unknown AI '{ $agent }'; known AIs: { $known }",
        },
        "server.error.seat_count": {
            "fr": "Cette configuration a { $expected } sièges, la demande en décrit { $got }",
            "en": "This configuration has { $expected } seats, the request describes { $got }",
        },
        "server.error.bad_field": {
            "fr": "Champ « { $field } » invalide : { $why }",
            "en": "Invalid field '{ $field }': { $why }",
        },
        "server.error.bad_json": {
            "fr": "Le corps de la requête n'est pas du JSON valide",
            "en": "The request body is not valid JSON",
        },
        "server.error.too_large": {
            "fr": "Requête trop grande (plus de { $limit } octets)",
            "en": "Request too large (more than { $limit } bytes)",
        },
        "server.error.rate": {
            "fr": "Trop de requêtes : réessayez dans un instant",
            "en": "Too many requests: try again in a moment",
        },
        "server.error.bad_json_value": {
            "fr": "Champ « { $field } » ({ $path }) : valeur JSON refusée ({ $value }) ; seuls les "
            "nombres finis, les entiers de moins de 30 chiffres et le texte Unicode valide "
            "sont acceptés",
            "en": "Field '{ $field }' ({ $path }): JSON value refused ({ $value }); only finite "
            "numbers, integers of fewer than 30 digits and valid Unicode text are accepted",
        },
        "server.error.too_deep": {
            "fr": "JSON trop imbriqué (plus de { $limit } niveaux)",
            "en": "JSON nested too deep (more than { $limit } levels)",
        },
        "server.error.no_route": {
            "fr": "Aucune ressource « { $path } » pour { $method } sur ce serveur",
            "en": "No resource '{ $path }' for { $method } on this server",
        },
        "server.error.text_only": {
            "fr": "Seuls les messages texte (JSON) sont acceptés sur ce canal",
            "en": "Only text (JSON) messages are accepted on this socket",
        },
        "server.error.busy": {
            "fr": "Le serveur est occupé : réessayez dans un instant",
            "en": "The server is busy: try again in a moment",
        },
        "server.error.sockets": {
            "fr": "Trop de connexions ouvertes depuis votre adresse",
            "en": "Too many connections open from your address",
        },
        "server.error.no_invite": {
            "fr": "Invitation inconnue ou déjà utilisée",
            "en": "Unknown or already used invitation",
        },
        "server.error.seat_taken": {
            "fr": "La place { $seat_of } est déjà prise",
            "en": "{ $seat_The }'s seat is already taken",
        },
        "server.error.takeback_pending": {
            "fr": "Une demande d'annulation attend déjà une réponse",
            "en": "A takeback request is already waiting for an answer",
        },
        "server.error.no_takeback": {
            "fr": "Aucune demande d'annulation en cours",
            "en": "No takeback request is pending",
        },
        "server.takeback.asked": {
            "fr": "{ $seat_The } demande à annuler son dernier coup",
            "en": "{ $seat_The } asks to take back their last move",
        },
        "server.error.bad_record": {
            "fr": "Partie enregistrée illisible : { $why }",
            "en": "Unreadable game record: { $why }",
        },
    }
)
