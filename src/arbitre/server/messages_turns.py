"""Texts of turn-based play and its notifications (issue 17): whose turn it is, the Web
Push and e-mail texts, the refusals of the notification API (fr/en)."""

from __future__ import annotations

from arbitre.engine.i18n import add_messages

add_messages(
    {
        "turns.whose": {
            "fr": "Au tour { $seat_of }",
            "en": "{ $seat_The }'s turn",
        },
        "turns.your_turn": {"fr": "À vous de jouer", "en": "Your turn"},
        "turns.game": {"fr": "{ $title }, { $scenario }", "en": "{ $title }, { $scenario }"},
        "turns.game.plain": {"fr": "{ $title }", "en": "{ $title }"},
        "turns.mail.subject": {
            "fr": "À vous de jouer — { $game }",
            "en": "Your turn — { $game }",
        },
        "turns.mail.body": {
            "fr": "C'est à vous de jouer ({ $seat }) dans la partie { $game }.\n\n"
            "Ouvrir la partie : { $link }\n"
            "(le lien s'ouvre dans le navigateur où vous jouez cette place)\n\n"
            "Ne plus recevoir ces messages pour cette partie : { $stop }\n",
            "en": "It is your turn ({ $seat }) in the game { $game }.\n\n"
            "Open the game: { $link }\n"
            "(the link opens in the browser where you play this seat)\n\n"
            "Stop these messages for this game: { $stop }\n",
        },
        "turns.mail.stopped": {
            "fr": "C'est fait : vous ne recevrez plus de message pour cette partie.",
            "en": "Done: you will get no more messages for this game.",
        },
        "turns.mail.stop_unknown": {
            "fr": "Ce lien ne sert plus : les messages sont déjà arrêtés, "
            "ou la partie n'existe plus.",
            "en": "This link no longer works: the messages are already stopped, "
            "or the game no longer exists.",
        },
        "server.error.push_off": {
            "fr": "Ce serveur n'envoie pas de notifications push (pywebpush absent)",
            "en": "This server sends no push notifications (pywebpush missing)",
        },
        "server.error.mail_off": {
            "fr": "Ce serveur n'envoie pas d'e-mails (aucun serveur SMTP configuré)",
            "en": "This server sends no e-mail (no SMTP server configured)",
        },
        "server.error.push_full": {
            "fr": "Trop d'appareils prévenus pour cette place ({ $limit } au plus)",
            "en": "Too many devices notified for this seat ({ $limit } at most)",
        },
    }
)
