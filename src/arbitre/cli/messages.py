"""Every text the command line shows, in French and English (keys `cli.*`)."""

from __future__ import annotations

from typing import Any, Literal

from arbitre.engine.i18n import Msg, add_messages, has_message, translate

# The `--lang` option's type in the commands (one of engine.i18n.LANGS)
Lang = Literal["fr", "en"]


def tr(key: str, lang: str, **args: Any) -> str:
    """The CLI text `key` in `lang`, its `{fields}` filled from `args`."""
    return translate(Msg(key, args), lang)


def game_title(game: str, lang: str) -> str:
    """A game by its name ("L'Hérésie d'Horus"), not its id (`heresy`)."""
    key = f"cli.title.{game}"
    return tr(key, lang) if has_message(key) else game


CATALOG: dict[str, dict[str, str]] = {
    "cli.title.champs": {"fr": "Champs de Bataille", "en": "Champs de Bataille"},
    "cli.title.heresy": {"fr": "L'Hérésie d'Horus", "en": "The Horus Heresy"},
    "cli.title.epic": {"fr": "Epic (NetEpic Palladium)", "en": "Epic (NetEpic Palladium)"},
    # --- shared ---------------------------------------------------------------------------
    "cli.serve.ready": {
        "fr": "arbitre est prêt : ouvrez { $url } dans votre navigateur (Ctrl-C pour arrêter ; "
        "parties enregistrées dans { $db })",
        "en": "arbitre is ready: open { $url } in your browser (Ctrl-C to stop; games stored in "
        "{ $db })",
    },
    "cli.unknown_game": {
        "fr": "Jeu inconnu « { $game } ». Jeux connus : { $known }",
        "en": "Unknown game '{ $game }'. Known games: { $known }",
    },
    "cli.raw_key": {"fr": "« { $key } »", "en": "'{ $key }'"},
    "cli.game.champs": {
        "fr": "Champs de Bataille — les joueurs et leurs héros contre le MJ, sur une grille",
        "en": "Champs de Bataille — the players and their heroes against the GM, on a grid",
    },
    "cli.agent.random": {
        "fr": "joue au hasard parmi les options légales",
        "en": "plays at random among the legal options",
    },
    "cli.game.heresy": {
        "fr": "L'Hérésie d'Horus — l'Imperium contre le Traître, pour Terra",
        "en": "The Horus Heresy — the Imperium against the Traitor, for Terra",
    },
    "cli.agent.mj": {"fr": "IA du maître du jeu", "en": "game master AI"},
    "cli.agent.players": {"fr": "IA des joueurs", "en": "players' AI"},
    "cli.agent.ai": {
        "fr": "IA heuristique (L'Hérésie d'Horus : l'un ou l'autre camp)",
        "en": "heuristic AI (The Horus Heresy: either side)",
    },
    "cli.agent.ai-easy": {
        "fr": "la même IA, qui joue une décision sur quatre au hasard",
        "en": "the same AI, playing one decision in four at random",
    },
    "cli.seat.human": {"fr": "humain", "en": "human"},
    "cli.menu.game": {"fr": "Choisissez un jeu", "en": "Choose a game"},
    "cli.menu.seat": {"fr": "Qui joue { $seat_the } ?", "en": "Who plays { $seat_the }?"},
    "cli.menu.prompt": {
        "fr": "Votre choix (Entrée : { $default })",
        "en": "Your choice (Enter: { $default })",
    },
    "cli.menu.bad": {
        "fr": "Tapez un numéro entre 1 et { $n }, ou un nom de la liste.",
        "en": "Type a number between 1 and { $n }, or a name from the list.",
    },
    # --- configuration, seats and agents --------------------------------------------------
    "cli.agents.count": {
        "fr": "{ $n } { $n ->\n    [one] agent donné\n   *[other] agents donnés\n}"
        " pour { $seats } sièges ({ $names })",
        "en": "{ $n } { $n ->\n    [one] agent\n   *[other] agents\n}"
        " given for { $seats } seats ({ $names })",
    },
    "cli.agents.unknown": {
        "fr": "Agent inconnu « { $name } » ; connus : { $known }",
        "en": "Unknown agent '{ $name }'; known: { $known }",
    },
    "cli.seats.count": {
        "fr": "--seats donne { $n } { $n ->\n    [one] joueur\n   *[other] joueurs\n}"
        " pour { $seats } sièges ({ $names }) ; écrivez par ex. human,random,…",
        "en": "--seats gives { $n } { $n ->\n    [one] player\n   *[other] players\n}"
        " for { $seats } seats ({ $names }); write e.g. human,random,…",
    },
    # --- play -----------------------------------------------------------------------------
    "cli.play.header": {
        "fr": "arbitre — { $game } · graine { $seed } · { $seats }",
        "en": "arbitre — { $game } · seed { $seed } · { $seats }",
    },
    "cli.play.hint": {
        "fr": "{ $n }, clé, help, undo, save, log, quit",
        "en": "{ $n }, key, help, undo, save, log, quit",
    },
    "cli.play.out_of_range": {
        "fr": "Pas d'option n° { $n } : choisissez entre 1 et { $max }.",
        "en": "There is no option { $n }: choose between 1 and { $max }.",
    },
    "cli.play.nothing_to_undo": {
        "fr": "Rien à annuler : aucun choix humain n'a encore été fait.",
        "en": "Nothing to undo: no human choice has been made yet.",
    },
    "cli.play.undone": {
        "fr": "Annulé : { $n } choix repris "
        "(le dernier choix humain et les réponses des IA après lui).",
        "en": "Undone: { $n } { $n ->\n    [one] choice\n   *[other] choices\n} taken back "
        "(the last human choice and the AI answers after it).",
    },
    "cli.play.saved": {
        "fr": "Partie enregistrée dans { $path } ({ $n } choix). Reprise : arbitre play --load "
        "{ $path }",
        "en": "Game saved to { $path } ({ $n } { $n ->\n    [one] choice\n   *[other] choices\n}). "
        "Resume: arbitre play --load { $path }",
    },
    "cli.play.save_failed": {
        "fr": "Impossible d'enregistrer dans { $path } : { $error }",
        "en": "Cannot save to { $path }: { $error }",
    },
    "cli.play.after_end": {
        "fr": "Partie finie — save [FICHIER], log, undo, ou Entrée pour quitter :",
        "en": "Game over — save [FILE], log, undo, or Enter to leave:",
    },
    "cli.play.after_end_bad": {
        "fr": "Commandes possibles : save [FICHIER], log, undo, quit.",
        "en": "Possible commands: save [FILE], log, undo, quit.",
    },
    "cli.play.load_and_config": {
        "fr": "--load reprend la configuration enregistrée : --config ne peut pas s'y ajouter",
        "en": "--load resumes the saved configuration: --config cannot be added to it",
    },
    "cli.play.load_other_game": {
        "fr": "Le fichier est une partie de « { $saved } », pas de « { $game } »",
        "en": "The file holds a game of '{ $saved }', not '{ $game }'",
    },
    "cli.play.thinking": {
        "fr": "{ $seat_The } ({ $agent }) réfléchit…",
        "en": "{ $seat_The } ({ $agent }) is thinking…",
    },
    "cli.play.agent_failed": {
        "fr": "L'agent { $agent } { $seat_of } a échoué ({ $error }) : une personne joue ce siège.",
        "en": "Agent { $agent } { $seat_of } failed ({ $error }): a person plays this seat now.",
    },
    "cli.play.hidden_choice": {"fr": "(choix caché)", "en": "(hidden choice)"},
    "cli.play.bye": {"fr": "Au revoir.", "en": "Goodbye."},
    "cli.play.input_closed": {
        "fr": "Partie interrompue (fin de l'entrée ou Ctrl-C).",
        "en": "Game interrupted (end of input or Ctrl-C).",
    },
    # --- hotseat handover, quitting and autosaves (play_cmd.py, saves.py) ---------------
    "cli.handover": {
        "fr": "Passez { $to } — appuyez sur Entrée",
        "en": "Pass { $seat_to } — press Enter",
    },
    "cli.handover.to": {"fr": "{ $seat_to }", "en": "{ $seat_to }"},
    "cli.handover.to.heresy.imperium": {"fr": "à l'Imperium", "en": "to the Imperium"},
    "cli.handover.to.heresy.traitor": {"fr": "au Traître", "en": "to the Traitor"},
    "cli.handover.to.epic.imperium": {"fr": "à l'Imperium", "en": "to the Imperium"},
    "cli.handover.to.epic.mille_fils": {"fr": "aux Mille Fils", "en": "to the Thousand Sons"},
    "cli.handover.to.champs.mj": {"fr": "au MJ", "en": "to the GM"},
    **{
        f"cli.handover.to.champs.p{n}": {"fr": f"au joueur {n}", "en": f"to player {n}"}
        for n in range(1, 7)
    },
    # Seats by name; `.form` gives their article ("du Joueur 1", "des Mille Fils").
    **{
        f"cli.seatname.champs.p{n}": {"fr": f"Joueur {n}\n.form = masculine", "en": f"Player {n}"}
        for n in range(1, 7)
    },
    "cli.seatname.champs.mj": {"fr": "MJ\n.form = masculine", "en": "GM\n.form = the"},
    "cli.seatname.epic.imperium": {"fr": "Imperium\n.form = elided", "en": "Imperium\n.form = the"},
    "cli.seatname.heresy.imperium": {
        "fr": "Imperium\n.form = elided",
        "en": "Imperium\n.form = the",
    },
    "cli.seatname.heresy.traitor": {
        "fr": "Traître\n.form = masculine",
        "en": "Traitor\n.form = the",
    },
    "cli.seatname.epic.mille_fils": {
        "fr": "Mille Fils\n.form = plural",
        "en": "Thousand Sons\n.form = plural",
    },
    "cli.quit.confirm": {
        "fr": "Quitter ? La partie est sauvegardée dans { $path } (o/n)",
        "en": "Quit? The game is saved in { $path } (y/n)",
    },
    "cli.quit.bad": {"fr": "Répondez o (oui) ou n (non).", "en": "Answer y (yes) or n (no)."},
    "cli.quit.saved": {
        "fr": "Partie sauvegardée dans { $path } ({ $n } choix). Reprise : arbitre play --resume",
        "en": "Game saved in { $path } ({ $n } { $n ->\n    [one] choice\n   *[other] choices\n}). "
        "Resume: arbitre play --resume",
    },
    "cli.quit.save_failed": {
        "fr": "Sauvegarde automatique impossible dans { $path } : { $error }",
        "en": "Cannot autosave to { $path }: { $error }",
    },
    "cli.quit.continue": {"fr": "La partie continue.", "en": "The game goes on."},
    "cli.save.unreadable": {
        "fr": "Impossible de lire { $path } : { $error }",
        "en": "Cannot read { $path }: { $error }",
    },
    "cli.save.too_big": {
        "fr": "{ $path } est trop gros pour une partie enregistrée",
        "en": "{ $path } is too big for a saved game",
    },
    "cli.save.not_utf8": {
        "fr": "{ $path } n'est pas une partie enregistrée : texte non UTF-8 (octet { $at })",
        "en": "{ $path } is not a saved game: not UTF-8 text (byte { $at })",
    },
    "cli.save.not_json": {
        "fr": "{ $path } n'est pas une partie enregistrée : JSON invalide ou tronqué "
        "(ligne { $line }, colonne { $col })",
        "en": "{ $path } is not a saved game: invalid or truncated JSON (line { $line }, column "
        "{ $col })",
    },
    "cli.save.unknown_game": {
        "fr": "{ $path } est une partie d'un jeu inconnu « { $game } » (jeux connus : { $known })",
        "en": "{ $path } holds a game of an unknown game '{ $game }' (known games: { $known })",
    },
    "cli.save.version": {
        "fr": "{ $path } a été enregistrée avec la version { $saved } des règles de { $game } ; "
        "cette version d'arbitre a la version { $now } : partie refusée",
        "en": "{ $path } was saved with version { $saved } of the { $game } rules; "
        "this arbitre has version { $now }: game refused",
    },
    "cli.save.bad_config": {
        "fr": "{ $path } a une configuration refusée : { $error }",
        "en": "{ $path } has a refused configuration: { $error }",
    },
    "cli.save.bad_seats": {
        "fr": "{ $path } : le champ « seats » doit donner { $n } joueurs (human ou un agent connu)",
        "en": "{ $path }: field 'seats' must give { $n } players (human or a known agent)",
    },
    "cli.resume.none": {
        "fr": "Aucune partie sauvegardée dans { $path }.",
        "en": "No saved game in { $path }.",
    },
    "cli.resume.title": {
        "fr": "Parties sauvegardées ({ $path })",
        "en": "Saved games ({ $path })",
    },
    "cli.resume.row": {
        "fr": "{ $game } · { $seats } · { $n } choix · { $date }",
        "en": "{ $game } · { $seats } · { $n } { $n ->\n"
        "    [one] choice\n   *[other] choices\n} · { $date }",
    },
    "cli.resume.unknown": {
        "fr": "Pas de sauvegarde « { $name } » : donnez un numéro de 1 à { $n } ou un nom de "
        "fichier.",
        "en": "No save '{ $name }': give a number from 1 to { $n } or a file name.",
    },
    "cli.resume.and_load": {
        "fr": "--resume et --load ne vont pas ensemble",
        "en": "--resume and --load cannot be used together",
    },
    # --- reading the game at the prompt: card, zone, rule, board ----------------------------
    "cli.read.unavailable": {
        "fr": "La commande { $command } n'existe pas pour ce jeu.",
        "en": "The { $command } command does not exist for this game.",
    },
    "cli.read.usage": {
        "fr": "Écrivez { $command } suivi d'un nom, par ex. { $example }",
        "en": "Write { $command } followed by a name, e.g. { $example }",
    },
    "cli.read.not_found": {
        "fr": "Rien ne s'appelle « { $name } ».",
        "en": "Nothing is called '{ $name }'.",
    },
    "cli.read.several": {
        "fr": "Plusieurs réponses pour « { $name } » : { $names }",
        "en": "Several matches for '{ $name }': { $names }",
    },
    "cli.read.kind.order": {"fr": "carte Ordre", "en": "Order card"},
    "cli.read.kind.combat": {"fr": "carte Combat", "en": "Combat card"},
    "cli.read.kind.hero_combat": {"fr": "carte Combat de Héros", "en": "Hero Combat card"},
    "cli.read.kind.event": {"fr": "carte Événement", "en": "Event card"},
    "cli.read.kind.hero": {"fr": "Héros", "en": "Hero"},
    "cli.read.side.imperial": {"fr": "Imperium", "en": "Imperium"},
    "cli.read.side.traitor": {"fr": "Traître", "en": "Traitor"},
    "cli.read.side.neutral": {"fr": "neutre", "en": "neutral"},
    "cli.read.side.unknown": {"fr": "camp inconnu", "en": "unknown side"},
    "cli.read.side.not_used": {"fr": "non utilisée", "en": "not used"},
    "cli.read.cost": {"fr": "coût { $n }", "en": "cost { $n }"},
    "cli.read.iterations": {
        "fr": "{ $n } { $n ->\n    [one] itération\n   *[other] itérations\n}",
        "en": "{ $n } { $n ->\n    [one] iteration\n   *[other] iterations\n}",
    },
    "cli.read.attack": {"fr": "attaque { $n }", "en": "attack { $n }"},
    "cli.read.shields": {"fr": "boucliers { $n }", "en": "shields { $n }"},
    "cli.read.counter": {"fr": "coût de contre { $n }", "en": "counter cost { $n }"},
    "cli.read.effect": {"fr": "Effet : { $text }", "en": "Effect: { $text }"},
    "cli.read.strategic": {
        "fr": "Sur la carte stratégique : { $text }",
        "en": "On the strategic map: { $text }",
    },
    "cli.read.english_only": {"fr": "(texte anglais) { $text }", "en": "{ $text }"},
    "cli.read.no_text": {"fr": "texte inconnu des sources", "en": "text unknown to the sources"},
    "cli.read.reconstructed": {"fr": "(reconstitué)", "en": "(reconstructed)"},
    "cli.read.zone.sectors": {
        "fr": "{ $n ->\n    [one] secteur\n   *[other] secteurs\n} : { $names }",
        "en": "{ $n ->\n    [one] sector\n   *[other] sectors\n}: { $names }",
    },
    "cli.read.zone.fortified": {"fr": "fortifiée", "en": "fortified"},
    "cli.read.zone.open": {"fr": "non fortifiée", "en": "not fortified"},
    "cli.read.zone.stacking": {"fr": "empilement { $n }", "en": "stacking limit { $n }"},
    "cli.read.zone.laser": {"fr": "site de laser", "en": "laser site"},
    "cli.read.zone.neighbours": {"fr": "Voisines : { $names }", "en": "Neighbours: { $names }"},
    "cli.read.zone.crevasse": {"fr": "{ $zone } (crevasse)", "en": "{ $zone } (crevasse)"},
    "cli.read.zone.now": {"fr": "Maintenant :", "en": "Now:"},
    "cli.read.rule.unknown": {
        "fr": "{ $rule } : aucun texte connu pour cette règle.",
        "en": "{ $rule }: no text known for this rule.",
    },
    "cli.read.rule.text": {"fr": "{ $rule } : { $text }", "en": "{ $rule }: { $text }"},
    "cli.read.rule.english": {
        "fr": "{ $rule } (résumé anglais des règles, pas encore traduit) : { $text }",
        "en": "{ $rule }: { $text }",
    },
    "cli.help.rules": {
        "fr": "Cette décision ({ $kind }) applique les règles : { $rules }",
        "en": "This decision ({ $kind }) applies the rules: { $rules }",
    },
    "cli.help.how": {
        "fr": "Répondez par le numéro d'une option ou par sa clé (le texte grisé). "
        "Un choix refusé cite la règle qui l'interdit ; rien n'est changé.",
        "en": "Answer with an option's number or its key (the greyed text). "
        "A refused choice names the rule that forbids it; nothing is changed.",
    },
    "cli.help.commands": {
        "fr": "Commandes : undo/annuler (reprend votre dernier choix), save/sauver [FICHIER], "
        "log/journal (tout le journal), board/plateau (redessine le plateau), "
        "rule/règle ID (texte d'une règle), card/carte NOM et zone NOM (L'Hérésie d'Horus), "
        "help/aide, quit/quitter (la partie est sauvegardée).",
        "en": "Commands: undo (takes back your last choice), save [FILE], "
        "log (the whole log), board (draws the board again), rule ID (a rule's text), "
        "card NAME and zone NAME (The Horus Heresy), help, quit (the game is saved).",
    },
    "cli.log.title": {"fr": "Journal", "en": "Log"},
    "cli.log.empty": {"fr": "(rien encore)", "en": "(nothing yet)"},
    "cli.result.title": {"fr": "Résultat", "en": "Result"},
    "cli.result.scores": {"fr": "scores", "en": "scores"},
    # --- replay ---------------------------------------------------------------------------
    "cli.record.unreadable": {
        "fr": "Impossible de lire { $path } : { $error }",
        "en": "Cannot read { $path }: { $error }",
    },
    "cli.record.bad": {
        "fr": "{ $path } n'est pas une partie enregistrée : { $error }",
        "en": "{ $path } is not a saved game: { $error }",
    },
    "cli.record.version": {
        "fr": "Attention : partie enregistrée avec la version { $saved } des règles "
        "(actuelle : { $now })",
        "en": "Warning: game saved with rules version { $saved } (current: { $now })",
    },
    "cli.record.illegal": {
        "fr": "Le choix n° { $n } « { $key } » de la partie enregistrée est refusé : { $why }",
        "en": "Choice { $n } '{ $key }' of the saved game is refused: { $why }",
    },
    "cli.replay.header": {
        "fr": "Relecture — { $game } · graine { $seed } · { $n } choix",
        "en": "Replay — { $game } · seed { $seed } · { $n } { $n ->\n"
        "    [one] choice\n   *[other] choices\n}",
    },
    "cli.replay.next": {
        "fr": "Entrée : suivant · q : quitter",
        "en": "Enter: next · q: quit",
    },
    "cli.replay.unfinished": {
        "fr": "La partie enregistrée n'est pas finie ; question en attente :",
        "en": "The saved game is not finished; question pending:",
    },
    # --- simulate -------------------------------------------------------------------------
    "cli.sim.progress": {"fr": "Simulation : { $game }", "en": "Simulating { $game }"},
    "cli.sim.title": {
        "fr": "{ $game } : { $games } { $games ->\n"
        "    [one] partie\n   *[other] parties\n}, { $workers } processus",
        "en": "{ $game }: { $games } { $games ->\n    [one] game\n   *[other] games\n}, "
        "{ $workers } { $workers ->\n    [one] worker\n   *[other] workers\n}",
    },
    "cli.sim.seat": {"fr": "siège", "en": "seat"},
    "cli.sim.agent": {"fr": "agent", "en": "agent"},
    "cli.sim.wins": {"fr": "victoires", "en": "wins"},
    "cli.sim.draws": {"fr": "nuls", "en": "draws"},
    "cli.sim.losses": {"fr": "défaites", "en": "losses"},
    "cli.sim.mean": {"fr": "score moyen", "en": "mean score"},
    "cli.sim.stats": {
        "fr": "{ $mean } décisions par partie en moyenne · { $dps } décisions/s "
        "({ $cpu } par seconde de calcul) · { $seconds } s",
        "en": "{ $mean } decisions per game on average · { $dps } decisions/s "
        "({ $cpu } per CPU second) · { $seconds } s",
    },
    "cli.sim.errors": {"fr": "Erreurs : { $n }", "en": "Errors: { $n }"},
    "cli.sim.error_sample": {
        "fr": '{"  "}graine { $seed } : { $error }',
        "en": '{"  "}seed { $seed }: { $error }',
    },
    # --- rules ----------------------------------------------------------------------------
    "cli.rules.title": {
        "fr": "Options de configuration : { $game }",
        "en": "Configuration options: { $game }",
    },
    "cli.rules.key": {"fr": "clé", "en": "key"},
    "cli.rules.default": {"fr": "défaut", "en": "default"},
    "cli.rules.choices": {"fr": "choix", "en": "choices"},
    "cli.rules.rule": {"fr": "règle", "en": "rule"},
    "cli.rules.free": {"fr": "(libre)", "en": "(free)"},
    "cli.rules.usage": {
        "fr": "Changer une option : arbitre play { $game } --config clé=valeur (répétable)",
        "en": "Change an option: arbitre play { $game } --config key=value (repeatable)",
    },
    "cli.rules.ids": {
        "fr": "{ $n } règles implémentées :",
        "en": "{ $n } rules implemented:",
    },
    # --- the Champs de Bataille board -----------------------------------------------------
    "cli.champs.round": {"fr": "Manche { $n }/{ $of }", "en": "Round { $n }/{ $of }"},
    "cli.champs.turn_of": {
        "fr": "tour { $of } ({ $used } "
        "{ $used ->\n    [one] activation faite\n   *[other] activations faites\n})",
        "en": "{ $seat_The }'s turn ({ $used } "
        "{ $used ->\n    [one] activation\n   *[other] activations\n} done)",
    },
    "cli.champs.to_move_to": {"fr": "{ $to } de choisir", "en": "{ $seat_The } to choose"},
    "cli.champs.hero_of": {
        "fr": "H{ $digit } { $name } { $of } en { $at }, destin { $destiny }",
        "en": "H{ $digit } { $seat_The }'s { $name } at { $at }, destiny { $destiny }",
    },
    **{f"cli.champs.of.p{n}": {"fr": f"du joueur {n}", "en": f"Player {n}"} for n in range(1, 7)},
    **{f"cli.champs.to.p{n}": {"fr": f"au joueur {n}", "en": f"Player {n}"} for n in range(1, 7)},
    "cli.champs.of.mj": {"fr": "du MJ", "en": "GM"},
    "cli.champs.to.mj": {"fr": "au MJ", "en": "GM"},
    "cli.champs.heroes": {"fr": "Héros :", "en": "Heroes:"},
    "cli.champs.captured": {"fr": "capturé", "en": "captured"},
    "cli.champs.counts": {
        "fr": "Pioche { $deck } · jetons piège : joueurs { $ptraps }, MJ { $mtraps } · "
        "unités : joueurs { $punits }, MJ { $munits }",
        "en": "Deck { $deck } · trap tokens: players { $ptraps }, GM { $mtraps } · "
        "units: players { $punits }, GM { $munits }",
    },
    "cli.champs.hidden_traps": {
        "fr": "{ $n } { $n ->\n    [one] piège caché\n   *[other] pièges cachés\n}",
        "en": "{ $n } hidden { $n ->\n    [one] trap\n   *[other] traps\n}",
    },
    "cli.champs.combat": {
        "fr": "Combat { $kind } : { $att } attaque { $tgt } — étape : { $stage }",
        "en": "{ $kind } combat: { $att } attacks { $tgt } — stage: { $stage }",
    },
    "cli.champs.melee": {"fr": "au corps à corps", "en": "Melee"},
    "cli.champs.ranged": {"fr": "à distance", "en": "Ranged"},
    "cli.champs.attacker_dice": {"fr": "dés de l'attaquant", "en": "attacker's dice"},
    "cli.champs.defender_dice": {"fr": "dés du défenseur", "en": "defender's dice"},
    "cli.champs.support": {"fr": "soutien depuis { $cells }", "en": "support from { $cells }"},
    "cli.champs.stage.support": {"fr": "soutiens", "en": "support"},
    "cli.champs.stage.consent": {"fr": "accord du soutien", "en": "support consent"},
    "cli.champs.stage.roll": {"fr": "jet des dés", "en": "dice roll"},
    "cli.champs.stage.skills": {"fr": "compétences des héros", "en": "hero skills"},
    "cli.champs.stage.resolve": {"fr": "résolution", "en": "resolution"},
    "cli.champs.stage.after_losses": {"fr": "après les pertes", "en": "after losses"},
    "cli.champs.stage.advance": {"fr": "avancée", "en": "advance"},
    "cli.champs.stage.done": {"fr": "terminé", "en": "done"},
    "cli.champs.outcome": {
        "fr": "Partie finie : { $winner } — { $reason }",
        "en": "Game over: { $winner } — { $reason }",
    },
    "cli.champs.short.soldats": {"fr": "soldats", "en": "soldiers"},
    "cli.champs.short.cavalerie": {"fr": "cavalerie", "en": "cavalry"},
    "cli.champs.short.airs": {"fr": "airs", "en": "air"},
    "cli.champs.short.mastodonte": {"fr": "mastodonte", "en": "mastodon"},
    "cli.champs.short.catapulte": {"fr": "catapulte", "en": "catapult"},
    "cli.champs.tag.players": {"fr": "J", "en": "P"},
    "cli.champs.tag.mj": {"fr": "MJ", "en": "GM"},
    "cli.champs.legend": {
        "fr": "minuscule : a agi · * chargée · H1 : héros du Joueur 1 · "
        "▲ ▼ piège joueurs, MJ · ▓▓▓ obstacle · · départ",
        "en": "lowercase: acted · * loaded · H1: Player 1's hero · "
        "▲ ▼ players', GM's trap · ▓▓▓ obstacle · · start line",
    },
    # --- L'Hérésie d'Horus board (render_heresy.py) -------------------------------------
    "cli.heresy.title": {"fr": "L'Hérésie d'Horus", "en": "The Horus Heresy"},
    "cli.heresy.round": {"fr": "Tour { $n }", "en": "Round { $n }"},
    "cli.heresy.current": {"fr": "joueur actif : { $seat }", "en": "current player: { $seat }"},
    "cli.heresy.you": {"fr": "vue { $seat_of }", "en": "seen by { $seat_the }"},  # an unknown seat
    "cli.heresy.you.imperium": {"fr": "vue de l'Imperium", "en": "seen by the Imperium"},
    "cli.heresy.you.traitor": {"fr": "vue du Traître", "en": "seen by the Traitor"},
    "cli.heresy.spectator": {"fr": "vue publique", "en": "public view"},
    "cli.heresy.seat.imperium": {"fr": "Imperium\n.form = elided", "en": "Imperium\n.form = the"},
    "cli.heresy.seat.traitor": {"fr": "Traître\n.form = masculine", "en": "Traitor\n.form = the"},
    "cli.heresy.letter.imperium": {"fr": "I", "en": "I"},
    "cli.heresy.letter.traitor": {"fr": "T", "en": "T"},
    "cli.heresy.track": {"fr": "Initiative", "en": "Initiative"},
    "cli.heresy.markers": {
        "fr": "marqueurs I { $imperium }, T { $traitor }, au-dessus : { $top }",
        "en": "markers I { $imperium }, T { $traitor }, on top: { $top }",
    },
    "cli.heresy.icon.start": {"fr": "▶", "en": "▶"},
    "cli.heresy.icon.event": {"fr": "É", "en": "E"},
    "cli.heresy.icon.order_draw": {"fr": "O", "en": "O"},
    "cli.heresy.icon.restoration": {"fr": "R", "en": "R"},
    "cli.heresy.icon.spaceport_victory": {"fr": "S", "en": "S"},
    "cli.heresy.icon.imperial_victory": {"fr": "V", "en": "V"},
    "cli.heresy.iconname.start": {"fr": "départ", "en": "start"},
    "cli.heresy.iconname.event": {"fr": "événement", "en": "event"},
    "cli.heresy.iconname.order_draw": {"fr": "pioche d'ordres", "en": "order draw"},
    "cli.heresy.iconname.restoration": {"fr": "restauration", "en": "restoration"},
    "cli.heresy.iconname.spaceport_victory": {
        "fr": "victoire des spatioports",
        "en": "spaceport victory",
    },
    "cli.heresy.iconname.imperial_victory": {
        "fr": "victoire de l'Imperium",
        "en": "Imperial victory",
    },
    "cli.heresy.triggered": {"fr": "✓ déjà jouée", "en": "✓ already triggered"},
    "cli.heresy.pile": {"fr": "pile", "en": "pile"},
    "cli.heresy.pile.empty": {"fr": "pile vide", "en": "empty pile"},
    "cli.heresy.pile.top": {"fr": "dessus : { $card }", "en": "top: { $card }"},
    "cli.heresy.empty_zones": {
        "fr": "+{ $n } { $n ->\n    [one] vide\n   *[other] vides\n}",
        "en": "+{ $n } empty",
    },
    "cli.heresy.lasers": {"fr": "L{ $n }", "en": "L{ $n }"},
    "cli.heresy.damage": {"fr": "{ $n } dég.", "en": "{ $n } dmg"},
    "cli.heresy.mark.1": {"fr": "A", "en": "A"},
    "cli.heresy.mark.2": {"fr": "D", "en": "R"},
    "cli.heresy.hand.own": {"fr": "({ $n }) vous :", "en": "({ $n }) yours:"},
    "cli.heresy.hand.hidden": {
        "fr": "{ $n } { $n ->\n    [one] carte cachée\n   *[other] cartes cachées\n}",
        "en": "{ $n } hidden { $n ->\n    [one] card\n   *[other] cards\n}",
    },
    "cli.heresy.cost": {"fr": "coût { $n }", "en": "cost { $n }"},
    "cli.heresy.cost.unknown": {"fr": "coût ?", "en": "cost ?"},
    "cli.heresy.card_reserve": {"fr": "réserve de cartes :", "en": "card reserve:"},
    "cli.heresy.deck": {
        "fr": "paquet { $deck } · défausse { $discard }",
        "en": "deck { $deck } · discard { $discard }",
    },
    "cli.heresy.discard_top": {"fr": "dessus { $card }", "en": "top { $card }"},
    "cli.heresy.hand": {"fr": "Main", "en": "Hand"},
    "cli.heresy.orders": {"fr": "Ordres", "en": "Orders"},
    "cli.heresy.reserve": {"fr": "Réserve { $seat_of } :", "en": "{ $seat_The }'s reserve:"},
    "cli.heresy.reserve.heroes": {"fr": "Héros", "en": "Heroes"},
    "cli.heresy.none": {"fr": "—", "en": "—"},
    "cli.heresy.events": {
        "fr": "Événements : paquet { $n }, défausse { $d } ({ $cards })",
        "en": "Events: deck { $n }, discard { $d } ({ $cards })",
    },
    "cli.heresy.decision": {
        "fr": "À décider : { $seat } — { $kind }",
        "en": "To decide: { $seat } — { $kind }",
    },
    "cli.heresy.decision.options": {
        "fr": "{ $n } { $n ->\n    [one] option\n   *[other] options\n}",
        "en": "{ $n } { $n ->\n    [one] option\n   *[other] options\n}",
    },
    "cli.heresy.over": {
        "fr": "Partie finie : victoire { $seat_of }",
        "en": "Game over: { $seat_the } wins",
    },
    "cli.heresy.kind.action": {"fr": "choix de l'action", "en": "choice of action"},
    "cli.heresy.kind.place.card": {"fr": "ordre à placer", "en": "order to place"},
    "cli.heresy.kind.place.pile": {"fr": "pile où placer l'ordre", "en": "pile for the order"},
    "cli.heresy.kind.map.card": {
        "fr": "ordre de la carte stratégique à exécuter",
        "en": "strategic map order to execute",
    },
    "cli.heresy.kind.hand.card": {"fr": "ordre de la main à exécuter", "en": "order from hand"},
    "cli.heresy.kind.hand.sector": {
        "fr": "secteur de l'ordre exécuté",
        "en": "sector of the executed order",
    },
    "cli.heresy.kind.bury": {"fr": "pile à enterrer", "en": "pile to bury"},
    "cli.heresy.kind.draw": {"fr": "pioche d'un ordre", "en": "drawing an order"},
    "cli.heresy.kind.move.destination": {
        "fr": "mouvement : zone de destination",
        "en": "movement: destination zone",
    },
    "cli.heresy.kind.move.units": {
        "fr": "mouvement : unités à déplacer",
        "en": "movement: units to move",
    },
    "cli.heresy.kind.move.to": {"fr": "mouvement : zone d'arrivée", "en": "movement: zone to"},
    "cli.heresy.kind.move.fly": {"fr": "transport aérien", "en": "air transport"},
    "cli.heresy.kind.landing.target": {
        "fr": "atterrissage : zone visée",
        "en": "landing: target zone",
    },
    "cli.heresy.kind.landing.source": {
        "fr": "atterrissage : provenance",
        "en": "landing: coming from",
    },
    "cli.heresy.kind.landing.units": {
        "fr": "atterrissage : unités",
        "en": "landing: units",
    },
    "cli.heresy.kind.stacking": {
        "fr": "limite d'empilement : unité à retirer",
        "en": "stacking limit: unit to remove",
    },
    "cli.heresy.kind.order_draw.discard": {
        "fr": "pioche d'ordres : défausse",
        "en": "order draw: discard",
    },
    "cli.heresy.kind.order_draw.recover": {
        "fr": "pioche d'ordres : reprise de la réserve",
        "en": "order draw: take back from the reserve",
    },
    "cli.heresy.kind.vigor": {"fr": "vigueur surnaturelle", "en": "unnatural vigor"},
    "cli.heresy.kind.tanks": {"fr": "renforts blindés", "en": "tank reinforcements"},
    "cli.heresy.kind.enemy_mark": {"fr": "marqueur adverse", "en": "enemy marker"},
    "cli.heresy.kind.reinforce": {"fr": "renforts", "en": "reinforcements"},
    "cli.heresy.kind.fortify": {"fr": "fortification", "en": "fortification"},
    "cli.heresy.kind.repair": {"fr": "réparation d'une brèche", "en": "breach repair"},
    "cli.heresy.kind.regroup": {"fr": "regroupement", "en": "regrouping"},
    "cli.heresy.kind.token": {"fr": "pion spécial", "en": "special token"},
    "cli.heresy.kind.battle.look": {
        "fr": "bataille : cartes du dessus",
        "en": "battle: top cards",
    },
    "cli.heresy.kind.setup.impassable": {"fr": "zone infranchissable", "en": "impassable zone"},
    "cli.heresy.kind.setup.deploy": {"fr": "déploiement", "en": "deployment"},
    "cli.heresy.kind.setup.draft": {"fr": "choix des événements", "en": "event draft"},
    "cli.heresy.kind.setup.landing": {
        "fr": "ordre d'atterrissage de départ",
        "en": "starting landing order",
    },
    "cli.heresy.kind.setup.landing_pile": {
        "fr": "pile de l'ordre d'atterrissage",
        "en": "pile for the landing order",
    },
    "cli.heresy.kind.setup.extra": {
        "fr": "ordres de départ en plus",
        "en": "extra starting orders",
    },
    "cli.heresy.kind.coexistence": {
        "fr": "bataille de coexistence à livrer d'abord",
        "en": "coexistence battle to fight first",
    },
    "cli.heresy.kind.battle.target": {"fr": "bataille : zone cible", "en": "battle: target zone"},
    "cli.heresy.kind.battle.origin": {
        "fr": "bataille : zones d'origine",
        "en": "battle: origin zones",
    },
    "cli.heresy.kind.battle.fly": {
        "fr": "bataille : unités volantes",
        "en": "battle: flying units",
    },
    "cli.heresy.kind.battle.engage": {
        "fr": "bataille : unités engagées",
        "en": "battle: engaged units",
    },
    "cli.heresy.kind.battle.first": {
        "fr": "bataille : qui commence",
        "en": "battle: who starts",
    },
    "cli.heresy.kind.battle.play": {
        "fr": "bataille : cartes Combat à jouer",
        "en": "battle: Combat cards to play",
    },
    "cli.heresy.kind.battle.effect": {
        "fr": "bataille : effet spécial",
        "en": "battle: special effect",
    },
    "cli.heresy.kind.battle.counter": {
        "fr": "bataille : contrer l'effet",
        "en": "battle: counter the effect",
    },
    "cli.heresy.kind.battle.free": {
        "fr": "bataille : effets gratuits",
        "en": "battle: free effects",
    },
    "cli.heresy.kind.battle.pick": {
        "fr": "bataille : cible de l'effet",
        "en": "battle: target of the effect",
    },
    "cli.heresy.kind.battle.shields": {
        "fr": "bataille : boucliers",
        "en": "battle: shields",
    },
    "cli.heresy.kind.battle.assign": {
        "fr": "bataille : répartition des dégâts",
        "en": "battle: assigning damage",
    },
    "cli.heresy.kind.battle.rout": {
        "fr": "bataille : unité en déroute",
        "en": "battle: routed unit",
    },
    "cli.heresy.kind.battle.advance": {
        "fr": "bataille : avance dans la zone cible",
        "en": "battle: advance into the target zone",
    },
    # --- the battle in progress (render_heresy.battle_block) ---
    "cli.heresy.battle.title": {
        "fr": "⚔ Bataille en { $zone }",
        "en": "⚔ Battle in { $zone }",
    },
    "cli.heresy.battle.coexistence": {
        "fr": "⚔ Bataille de coexistence en { $zone }",
        "en": "⚔ Coexistence battle in { $zone }",
    },
    "cli.heresy.battle.sides": {
        "fr": "{ $attacker } attaque, { $defender } défend",
        "en": "{ $attacker } attacks, { $defender } defends",
    },
    "cli.heresy.battle.order": {
        "fr": "ordre { $card } ({ $sector })",
        "en": "{ $card } order ({ $sector })",
    },
    "cli.heresy.battle.iteration": {
        "fr": "itération { $it }/{ $iters }, active : { $seat }",
        "en": "iteration { $it }/{ $iters }, active: { $seat }",
    },
    "cli.heresy.battle.fort": {
        "fr": "fortification : −{ $n } aux dégâts de l'attaquant",
        "en": "fortification: −{ $n } to the attacker's damage",
    },
    "cli.heresy.battle.origins": {"fr": "Zones d'origine :", "en": "Origin zones:"},
    "cli.heresy.battle.engaged": {
        "fr": "Unités engagées { $seat_of } :",
        "en": "{ $seat_The }'s engaged units:",
    },
    "cli.heresy.battle.played": {"fr": "Cartes jouées :", "en": "Cards played:"},
    "cli.heresy.battle.damage": {
        "fr": "{ $n } { $n ->\n    [one] dégât\n   *[other] dégâts\n} à infliger",
        "en": "{ $n } damage to assign",
    },
    "cli.heresy.battle.hand": {
        "fr": "Combat { $seat_of } :",
        "en": "{ $seat_The }'s Combat:",
    },
    "cli.heresy.battle.hand.hidden": {
        "fr": "{ $n } { $n ->\n    [one] carte\n   *[other] cartes\n}"
        " Combat, { $h } Héros (cachées)",
        "en": "{ $n } Combat { $n ->\n    [one] card\n   *[other] cards\n}, { $h } "
        "{ $h ->\n    [one] Hero\n   *[other] Heroes\n} (hidden)",
    },
    "cli.heresy.battle.decks": {
        "fr": "paquets Combat { $n } · Héros { $h } · défausses { $d }",
        "en": "Combat decks { $n } · Hero { $h } · discards { $d }",
    },
    "cli.heresy.battle.card": {"fr": "{ $card } ({ $stats })", "en": "{ $card } ({ $stats })"},
    "cli.heresy.battle.hero": {"fr": "Héros", "en": "Hero"},
    "cli.heresy.legend": {
        "fr": "3×Nom[r] BA : 3 unités, rang r, légion/puissance · ★ héros · ◆ fortifiée · "
        "L1 laser · ↔ plusieurs secteurs · [A-I] Activation, [D-T] Déroute · "
        "pile de bas en haut, * posé depuis le changement d'initiative",
        "en": "3×Name[r] BA: 3 units, rank r, legion/Power · ★ hero · ◆ fortified · "
        "L1 laser · ↔ several sectors · [A-I] Activation, [R-T] Rout · "
        "pile bottom to top, * placed since the initiative change",
    },
    # --- Epic board (render_epic.py) ------------------------------------------------------
    "cli.epic.title": {"fr": "Epic", "en": "Epic"},
    "cli.epic.turn": {"fr": "Tour { $n }", "en": "Turn { $n }"},
    "cli.epic.phase": {"fr": "phase : { $phase }", "en": "phase: { $phase }"},
    "cli.epic.phase.orders": {"fr": "ordres", "en": "orders"},
    "cli.epic.phase.movement": {"fr": "mouvement", "en": "movement"},
    "cli.epic.phase.combat": {"fr": "combat", "en": "combat"},
    "cli.epic.phase.end": {"fr": "fin de tour", "en": "end of turn"},
    "cli.epic.phase.over": {"fr": "partie terminée", "en": "game over"},
    "cli.epic.to_play": {"fr": "{ $side_to } d'agir", "en": "{ $side_the } to act"},
    "cli.epic.initiative": {"fr": "initiative : { $side }", "en": "initiative: { $side }"},
    "cli.epic.you": {"fr": "vue { $side_of }", "en": "seen by { $side_the }"},
    "cli.epic.spectator": {"fr": "vue publique", "en": "public view"},
    "cli.epic.over": {"fr": "partie terminée", "en": "game over"},
    "cli.epic.side.imperium": {"fr": "Imperium\n.form = elided", "en": "Imperium\n.form = the"},
    "cli.epic.side.mille_fils": {
        "fr": "Mille Fils\n.form = plural",
        "en": "Thousand Sons\n.form = plural",
    },
    "cli.epic.order.none": {"fr": "sans ordre", "en": "no order"},
    "cli.epic.order.hidden": {"fr": "ordre caché", "en": "hidden order"},
    "cli.epic.stands": {
        "fr": "{ $n } { $n ->\n    [one] socle\n   *[other] socles\n}"
        " · pertes { $lost }/{ $bp } (rupture)",
        "en": "{ $n } { $n ->\n    [one] stand\n   *[other] stands\n}"
        " · losses { $lost }/{ $bp } (break)",
    },
    "cli.epic.moved": {"fr": "a bougé", "en": "moved"},
    "cli.epic.acted": {"fr": "activé", "en": "activated"},
    "cli.epic.broken": {"fr": "BRISÉ", "en": "BROKEN"},
    "cli.epic.legend": {
        "fr": "1 caractère = { $cm } cm · majuscules / minuscules : un camp / l'autre · "
        "{ $crowd } plusieurs détachements",
        "en": "1 character = { $cm } cm · uppercase / lowercase: one side / the other · "
        "{ $crowd } several detachments",
    },
}

add_messages(CATALOG)
