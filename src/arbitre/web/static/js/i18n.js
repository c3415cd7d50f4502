// The page's own words in French and English; texts from the server arrive as {fr, en}.
// The language is kept in localStorage ("arbitre.lang"); French by default.
//
// A template fills `{name}` from its arguments. Words that agree with a number are a plural
// selector on that argument, never a lazy "carte(s)": `{n -> [one] carte [other] cartes}`
// picks the variant of `Intl.PluralRules(lang).select(n)` (the CLDR categories: French `one`
// is 0 and 1, English `one` is 1 only), `[other]` when the category has no variant of its
// own; each variant is trimmed and may hold `{name}` placeholders. A message may hold
// several selectors, each on its own count:
//   "{n} {n -> [one] carte Combat [other] cartes Combat} et {h} {h -> [one] carte [other] cartes} de Héros"
// The count must be a number; anything else ("?") reads as `[other]`.

const KEY = "arbitre.lang";
export const LANGS = ["fr", "en"];

const STRINGS = {
  fr: {
    "app.tagline": "l'arbitre des jeux de bataille",
    "lang.switch": "English",
    "lang.switch.title": "Switch to English",
    "nav.lobby": "Accueil",
    "nav.replay": "Revoir une partie",
    "nav.epicTable": "Éditeur de table Epic",
    // lobby
    "lobby.new": "Nouvelle partie",
    "lobby.ruleset": "Jeu",
    "lobby.seats": "Places",
    "lobby.seat.human": "Humain",
    "lobby.seat.ai": "IA : {agent}",
    "lobby.agent.random": "au hasard",
    "lobby.agent.mj": "MJ",
    "lobby.agent.players": "joueurs",
    "lobby.agent.ai": "normale",
    "lobby.agent.ai-easy": "facile",
    "lobby.agent.mcts": "prévoyante, expérimentale",
    "lobby.agent.heresy.mcts": "forte",
    "lobby.seed": "Graine (facultative)",
    "lobby.seed.help": "Une même graine rejoue les mêmes dés.",
    "lobby.create": "Créer la partie",
    "lobby.created": "Partie créée : {id}",
    "lobby.links": "Liens secrets : la table joue toutes les places humaines sur cet écran ; un lien de place ne voit que ce que sa place peut voir.",
    "lobby.link.admin": "Table (toutes les places humaines, annuler, sauvegarder)",
    "lobby.link.seat": "Place : {seat}",
    "lobby.link.spectator": "Spectateur",
    "lobby.open": "Ouvrir la table",
    "lobby.copy": "Copier",
    "lobby.copied": "Copié",
    "lobby.mode": "Comment jouez-vous ?",
    "lobby.mode.hotseat": "Sur cet écran (chacun son tour)",
    "lobby.mode.hotseat.help": "Un seul appareil : la table joue toutes les places humaines et montre tour à tour ce que chacune peut voir.",
    "lobby.mode.online": "En ligne (chacun sur son appareil)",
    "lobby.mode.online.help": "Chaque joueur reçoit son propre lien et ne voit que ce que sa place peut voir.",
    "lobby.creator": "Votre place",
    "lobby.creator.none": "Aucune : j'héberge seulement",
    "lobby.listed": "Lister la partie publiquement (des inconnus peuvent prendre les places libres)",
    "lobby.links.online": "Gardez votre lien pour vous. Envoyez à chaque joueur son lien d'invitation : chaque invitation ne sert qu'une fois, la première personne qui l'ouvre prend la place.",
    "lobby.link.mine": "Votre place : {seat}",
    "lobby.link.host": "Hôte (inviter, choisir les IA, supprimer ; vue publique)",
    "lobby.link.invite": "Invitation : {seat}",
    "lobby.invite.once": "ne sert qu'une fois",
    "lobby.open_host": "Gérer la partie",
    "lobby.open_games": "Parties ouvertes",
    "lobby.open_games.help": "Parties en ligne que leur créateur a listées : prenez une place libre.",
    "lobby.open_games.none": "Aucune partie ouverte pour l'instant.",
    "lobby.join": "Rejoindre : {seat}",
    "lobby.join.title": "Prendre la place {seat} dans cette partie",
    "lobby.col.mode": "Mode",
    "lobby.col.role": "Vous",
    "lobby.mode.short.hotseat": "un écran",
    "lobby.mode.short.online": "en ligne",
    "lobby.role.admin": "table",
    "lobby.role.host": "hôte",
    "lobby.role.seat": "joueur",
    "lobby.role.spectator": "spectateur",
    "lobby.seat.open": "libre",
    "lobby.gone": "Partie introuvable : supprimée, ou ce lien ne l'ouvre plus.",
    "lobby.manage": "Gérer",
    "lobby.mine": "Mes parties",
    "lobby.mine.none": "Aucune partie sur ce navigateur.",
            "lobby.col.game": "Partie",
    "lobby.col.ruleset": "Jeu",
    "lobby.col.seats": "Places",
    "lobby.col.moves": "Coups",
    "lobby.col.state": "État",
    "lobby.col.updated": "Dernier coup",
    "lobby.state.over": "terminée",
    "lobby.state.running": "en cours",
    "lobby.resume": "Reprendre",
    "lobby.watch": "Regarder",
    "lobby.delete": "Supprimer",
    "lobby.delete.confirm": "Supprimer définitivement la partie {id} ?",
    "lobby.forget": "Oublier",
    "lobby.replay": "Revoir une partie",
    "lobby.replay.help": "Ouvrir un enregistrement (fichier .json sauvegardé depuis une table).",
    "lobby.replay.bad": "Ce fichier n'est pas un enregistrement de partie.",
    // table
    "table.loading": "Chargement…",
    "table.decision": "À décider",
    "table.yours": "À vous : {seat}",
    "table.waiting": "En attente : {seat}",
    "table.waiting.ai": "L'IA ({seat}) réfléchit…",
    "table.over": "Partie terminée",
    "table.why": "Pourquoi ?",
    "table.why.title": "Les règles de cette décision",
    "table.why.none": "Aucune règle citée.",
    "table.log": "Journal",
    "table.undo": "Annuler",
    "table.save": "Sauvegarder",
    "table.replay": "Revoir",
    "table.links": "Inviter",
    "table.links.title": "Liens de cette partie",
    "table.links.none": "Ce navigateur ne connaît pas d'autres liens pour cette partie.",
    "table.close": "Fermer",
    "table.viewer": "Vue",
    "table.viewer.auto": "la place qui joue",
    "table.you.admin": "table (toutes les places humaines)",
    "table.you.seat": "vous jouez : {seat}",
    "table.you.spectator": "spectateur",
    "table.moves": "coup {n}",
    "table.live.on": "en direct",
    "table.live.off": "reconnexion…",
    "table.choose_among": "Plusieurs choix ici :",
    "table.result": "Résultat",
    "table.scores": "Points : {scores}",
    "table.error": "Refusé",
    "table.stale": "La partie a avancé entre-temps : voici la position à jour.",
    "table.no_game": "Partie introuvable.",
    "table.no_token": "Lien incomplet : il manque le jeton (?token=…).",
    "table.save.denied": "La sauvegarde révèle toutes les cartes cachées : elle n'est possible qu'à la fin de la partie, ou à la table d'un seul écran.",
    "table.mode.hotseat": "sur un écran",
    "table.mode.online": "en ligne",
    "table.you.host": "hôte",
    "table.host.banner": "Vous hébergez cette partie : vue publique",
    "table.host.help": "Vous n'occupez aucune place et ne voyez aucune carte cachée. Invitez les joueurs, choisissez les IA ou supprimez la partie.",
    "table.hotseat.notice": "Partie sur un seul écran : qui a le lien de la table voit toutes les places, cartes cachées comprises.",
    "table.seats": "Places",
    "table.seat.open": "en attente d'un joueur",
    "table.seat.you": "vous",
    "table.seat.taken": "prise par un joueur",
    "table.seat.agent": "IA de {seat}",
    "table.seat.to_ai": "Confier à une IA",
    "table.seat.to_human": "Ouvrir à un joueur",
    "table.invite.link": "Lien d'invitation pour {seat} (ne sert qu'une fois)",
    "table.invite.make": "Créer un lien d'invitation",
    "table.invite.new": "Nouveau lien",
    "table.invite.new.title": "Nouveau lien d'invitation pour {seat} : l'ancien ne marchera plus",
    "table.invite.made": "Nouveau lien d'invitation pour {seat} : l'ancien ne marche plus.",
    "table.invite.copy": "Copier le lien d'invitation pour {seat}",
    "table.copied": "Lien copié",
    "table.delete": "Supprimer la partie",
    "table.delete.confirm": "Supprimer définitivement cette partie ? Plus personne ne pourra l'ouvrir.",
    "table.delete.keep": "Garder la partie",
    "table.deleted": "Cette partie a été supprimée.",
    "table.gone": "Ce lien n'ouvre plus cette partie (supprimée, ou lien périmé).",
    "table.to_lobby": "Retour à l'accueil",
    "table.undo.ask": "Demander d'annuler",
    "table.undo.ask.title": "Demander aux autres joueurs d'annuler votre dernier coup",
    "table.takeback.title": "Demande d'annulation",
    "table.takeback.accept": "Accepter",
    "table.takeback.refuse": "Refuser",
    "table.takeback.mine": "Vous demandez à annuler votre dernier coup.",
    "table.takeback.waiting": "En attente d'une réponse…",
    "table.takeback.withdraw": "Retirer la demande",
    "table.takeback.help": "Rien ne change tant que tous les autres joueurs n'ont pas accepté ; un coup joué retire la demande.",
    "table.takeback.done": "Le coup a été annulé.",
    "table.takeback.refused": "Votre demande d'annulation a été refusée.",
    "table.waiting.open": "En attente d'un joueur pour {seat}",
    "table.joining": "Vous rejoignez la partie…",
    "table.join.failed": "Impossible de rejoindre la partie : {error}",
    "table.links.invites": "Invitations (chacune ne sert qu'une fois)",
    // replay
    "replay.title": "Revoir une partie",
    "replay.first": "Début",
    "replay.prev": "Coup précédent",
    "replay.next": "Coup suivant",
    "replay.last": "Fin",
    "replay.play": "Lecture",
    "replay.pause": "Pause",
    "replay.step": "Coup {n} / {total}",
    "replay.seat": "Vu par",
    "replay.spectator": "spectateur (vue publique)",
    "replay.open": "Ouvrir un fichier",
    "replay.none": "Aucun enregistrement : ouvrez un fichier ou revenez depuis une table.",
    // common board words
    "board.round": "Tour {n}",
    "board.round_of": "Tour {n} / {of}",
    "board.you": "Vous : {seat}",
    "board.spectator": "Vue publique",
    "board.none": "aucun",
    "board.zoom": "Agrandir le plateau (4 tailles)",
    // champs
    "champs.turn": "{seat} joue (activations : {used})",
    "champs.to_move": "À jouer : {seat}",
    "champs.deck": "Recrutement : {n}",
    "champs.traps": "Pièges : joueurs {p} · MJ {m}",
    "champs.units_left": "Unités : joueurs {p} · MJ {m}",
    "champs.hidden_traps": "{n} {n -> [one] piège caché [other] pièges cachés}",
    "champs.hero": "{name} ({seat}) · destin {destiny}",
    "champs.captured": "capturé",
    "champs.not_deployed": "pas encore déployé",
    "champs.combat": "Combat {kind} : {att} → {tgt}",
    "champs.melee": "au contact",
    "champs.ranged": "à distance",
    "champs.dice.att": "Attaque",
    "champs.dice.def": "Défense",
    "champs.support": "Soutien : {cells}",
    "champs.line.players": "ligne des joueurs",
    "champs.line.mj": "ligne du MJ",
    "champs.objective.reach_start_line": "Objectif : tenir la ligne de départ adverse ({hold} {hold -> [one] tour [other] tours})",
    "champs.objective.annihilation": "Objectif : anéantir l'armée adverse",
    "champs.legend.acted": "pâle : a déjà agi",
    "champs.legend.loaded": "● catapulte chargée",
    "champs.legend.trap": "▲ piège des joueurs · ▼ piège du MJ",
    // heresy
    "heresy.seat.imperium": "Imperium",
    "heresy.seat.traitor": "Traître",
    "heresy.current": "Joueur actif : {seat}",
    "heresy.track": "Piste d'initiative",
    "heresy.hand.own": "Votre main ({n})",
    "heresy.deck": "Pioche {n} · défausse {d}",
    "heresy.reserve": "Réserve de {seat}",
    "heresy.piles": "Carte stratégique",
    "heresy.pile.count": "{n} {n -> [one] carte [other] cartes}",
    "heresy.pile.empty": "vide",
    "heresy.events": "Événements : {n} · défausse : {cards}",
    "heresy.cost": "coût {n}",
    "heresy.cost.unknown": "coût ?",
    "heresy.lasers": "lasers ×{n}",
    "heresy.damage": "dégâts {n}",
    "heresy.mark.active": "marqueur d'activation",
    "heresy.mark.rout": "marqueur de déroute",
    "heresy.battle.iteration": "Itération {it} / {iters} · actif : {seat}",
    "heresy.battle.fort": "Fortification {n}",
    "heresy.battle.damage": "Dégâts à répartir : {n}",
    "heresy.battle.origins": "Zones d'origine : {zones}",
    "heresy.battle.played": "Cartes jouées",
    "heresy.icon.start": "Départ",
    "heresy.icon.event": "Événement",
    "heresy.icon.order_draw": "Phase Ordre",
    "heresy.icon.restoration": "Restauration",
    "heresy.icon.spaceport_victory": "Victoire spatioport possible",
    "heresy.icon.imperial_victory": "Victoire impériale",
    "heresy.legend": "◆ zone fortifiée · ▦ marqueur de fortification · ✸ brèche · ≋ crevasse · hachures : zone infranchissable · ★ Héros · ▲ lasers · A / R marqueur d'activation / de déroute · +n : pions de plus (survol : la liste)",
    "heresy.fort_marker": "marqueur de fortification",
    "heresy.impassable": "infranchissable (retirée de la partie)",
    "heresy.breach": "Brèche entre {a} et {b}",
    "heresy.edge": "Segment entre {a} et {b}",
    "heresy.tokens": "Jetons spéciaux : {n}",
    "heresy.tokens.help": "Un jeton dépensé fait payer 1 point d'initiative de moins pour une action (HH-12.5).",
    "heresy.over": "Victoire : {seat}",
    // epic
    "epic.turn": "Tour {n}",
    "epic.phase": "Phase : {phase}",
    "epic.phase.orders": "ordres",
    "epic.phase.movement": "mouvement",
    "epic.phase.combat": "combat",
    "epic.phase.shooting": "tir",
    "epic.phase.assault": "assaut",
    "epic.phase.end": "fin de tour",
    "epic.phase.over": "partie terminée",
    "epic.to_play": "À jouer : {side}",
    "epic.initiative": "Initiative : {side}",
    "epic.order.hidden": "ordre caché",
    "epic.order.none": "sans ordre",
    "epic.stands": "{n} {n -> [one] socle [other] socles}, pertes {lost}/{bp}",
    "epic.moved": "a bougé",
    "epic.acted": "a agi",
    "epic.broken": "démoralisé",
    "epic.ruins": "Ruines",
    "epic.structure": "{n} {n -> [one] point [other] points} de structure",
  },
  en: {
    "app.tagline": "the referee for battle games",
    "lang.switch": "Français",
    "lang.switch.title": "Passer en français",
    "nav.lobby": "Home",
    "nav.replay": "Replay a game",
    "nav.epicTable": "Epic table editor",
    "lobby.new": "New game",
    "lobby.ruleset": "Game",
    "lobby.seats": "Seats",
    "lobby.seat.human": "Human",
    "lobby.seat.ai": "AI: {agent}",
    "lobby.agent.random": "random",
    "lobby.agent.mj": "GM",
    "lobby.agent.players": "players",
    "lobby.agent.ai": "normal",
    "lobby.agent.ai-easy": "easy",
    "lobby.agent.mcts": "lookahead, experimental",
    "lobby.agent.heresy.mcts": "strong",
    "lobby.seed": "Seed (optional)",
    "lobby.seed.help": "The same seed replays the same dice.",
    "lobby.create": "Create the game",
    "lobby.created": "Game created: {id}",
    "lobby.links": "Secret links: the table plays every human seat on this screen; a seat link sees only what its seat may see.",
    "lobby.link.admin": "Table (every human seat, undo, save)",
    "lobby.link.seat": "Seat: {seat}",
    "lobby.link.spectator": "Spectator",
    "lobby.open": "Open the table",
    "lobby.copy": "Copy",
    "lobby.copied": "Copied",
    "lobby.mode": "How do you play?",
    "lobby.mode.hotseat": "On this screen (hotseat)",
    "lobby.mode.hotseat.help": "One device: the table plays every human seat and shows in turn what each one may see.",
    "lobby.mode.online": "Online (each on their own device)",
    "lobby.mode.online.help": "Each player gets their own link and sees only what their seat may see.",
    "lobby.creator": "Your seat",
    "lobby.creator.none": "None: I only host",
    "lobby.listed": "List the game publicly (strangers may take the open seats)",
    "lobby.links.online": "Keep your link to yourself. Send each player their invite link: each invite works once, the first person to open it takes the seat.",
    "lobby.link.mine": "Your seat: {seat}",
    "lobby.link.host": "Host (invite, choose the AIs, delete; public view)",
    "lobby.link.invite": "Invite: {seat}",
    "lobby.invite.once": "works once",
    "lobby.open_host": "Manage the game",
    "lobby.open_games": "Open games",
    "lobby.open_games.help": "Online games their creators listed: take an open seat.",
    "lobby.open_games.none": "No open game right now.",
    "lobby.join": "Join: {seat}",
    "lobby.join.title": "Take the seat {seat} in this game",
    "lobby.col.mode": "Mode",
    "lobby.col.role": "You",
    "lobby.mode.short.hotseat": "one screen",
    "lobby.mode.short.online": "online",
    "lobby.role.admin": "table",
    "lobby.role.host": "host",
    "lobby.role.seat": "player",
    "lobby.role.spectator": "spectator",
    "lobby.seat.open": "open",
    "lobby.gone": "Game not found: deleted, or this link no longer opens it.",
    "lobby.manage": "Manage",
    "lobby.mine": "My games",
    "lobby.mine.none": "No game on this browser.",
            "lobby.col.game": "Game",
    "lobby.col.ruleset": "Rules",
    "lobby.col.seats": "Seats",
    "lobby.col.moves": "Moves",
    "lobby.col.state": "State",
    "lobby.col.updated": "Last move",
    "lobby.state.over": "over",
    "lobby.state.running": "running",
    "lobby.resume": "Resume",
    "lobby.watch": "Watch",
    "lobby.delete": "Delete",
    "lobby.delete.confirm": "Delete game {id} for good?",
    "lobby.forget": "Forget",
    "lobby.replay": "Replay a game",
    "lobby.replay.help": "Open a record (a .json file saved from a table).",
    "lobby.replay.bad": "This file is not a game record.",
    "table.loading": "Loading…",
    "table.decision": "To decide",
    "table.yours": "Your move: {seat}",
    "table.waiting": "Waiting for {seat}",
    "table.waiting.ai": "The AI ({seat}) is thinking…",
    "table.over": "Game over",
    "table.why": "Why?",
    "table.why.title": "The rules behind this decision",
    "table.why.none": "No rule cited.",
    "table.log": "Log",
    "table.undo": "Undo",
    "table.save": "Save",
    "table.replay": "Replay",
    "table.links": "Invite",
    "table.links.title": "Links to this game",
    "table.links.none": "This browser knows no other links for this game.",
    "table.close": "Close",
    "table.viewer": "View",
    "table.viewer.auto": "the seat to play",
    "table.you.admin": "table (every human seat)",
    "table.you.seat": "you play: {seat}",
    "table.you.spectator": "spectator",
    "table.moves": "move {n}",
    "table.live.on": "live",
    "table.live.off": "reconnecting…",
    "table.choose_among": "Several choices here:",
    "table.result": "Result",
    "table.scores": "Scores: {scores}",
    "table.error": "Refused",
    "table.stale": "The game moved on meanwhile: here is the current position.",
    "table.no_game": "No such game.",
    "table.no_token": "Incomplete link: the token is missing (?token=…).",
    "table.save.denied": "A save reveals every hidden card: it is available once the game is over, or at a one-screen table.",
    "table.mode.hotseat": "one screen",
    "table.mode.online": "online",
    "table.you.host": "host",
    "table.host.banner": "You host this game: public view",
    "table.host.help": "You play no seat and see no hidden cards. Invite the players, choose the AIs or delete the game.",
    "table.hotseat.notice": "One-screen game: whoever holds the table link sees every seat, hidden cards included.",
    "table.seats": "Seats",
    "table.seat.open": "waiting for a player",
    "table.seat.you": "you",
    "table.seat.taken": "taken by a player",
    "table.seat.agent": "{seat}'s AI",
    "table.seat.to_ai": "Give it to an AI",
    "table.seat.to_human": "Open it to a player",
    "table.invite.link": "Invite link for {seat} (works once)",
    "table.invite.make": "Make an invite link",
    "table.invite.new": "New link",
    "table.invite.new.title": "New invite link for {seat}: the old one will stop working",
    "table.invite.made": "New invite link for {seat}: the old one no longer works.",
    "table.invite.copy": "Copy the invite link for {seat}",
    "table.copied": "Link copied",
    "table.delete": "Delete the game",
    "table.delete.confirm": "Delete this game for good? Nobody will be able to open it again.",
    "table.delete.keep": "Keep the game",
    "table.deleted": "This game has been deleted.",
    "table.gone": "This link no longer opens this game (deleted, or an old link).",
    "table.to_lobby": "Back to the lobby",
    "table.undo.ask": "Ask to take back",
    "table.undo.ask.title": "Ask the other players to take back your last move",
    "table.takeback.title": "Takeback request",
    "table.takeback.accept": "Accept",
    "table.takeback.refuse": "Refuse",
    "table.takeback.mine": "You ask to take back your last move.",
    "table.takeback.waiting": "Waiting for an answer…",
    "table.takeback.withdraw": "Withdraw the request",
    "table.takeback.help": "Nothing changes until every other player accepts; any move drops the request.",
    "table.takeback.done": "The move was taken back.",
    "table.takeback.refused": "Your takeback request was refused.",
    "table.waiting.open": "Waiting for a player to take {seat}",
    "table.joining": "Joining the game…",
    "table.join.failed": "Could not join the game: {error}",
    "table.links.invites": "Invites (each works once)",
    "replay.title": "Replay a game",
    "replay.first": "Start",
    "replay.prev": "Previous move",
    "replay.next": "Next move",
    "replay.last": "End",
    "replay.play": "Play",
    "replay.pause": "Pause",
    "replay.step": "Move {n} / {total}",
    "replay.seat": "Seen by",
    "replay.spectator": "spectator (public view)",
    "replay.open": "Open a file",
    "replay.none": "No record: open a file or come back from a table.",
    "board.round": "Round {n}",
    "board.round_of": "Round {n} / {of}",
    "board.you": "You: {seat}",
    "board.spectator": "Public view",
    "board.none": "none",
    "board.zoom": "Enlarge the board (4 sizes)",
    "champs.turn": "{seat} plays (activations: {used})",
    "champs.to_move": "To play: {seat}",
    "champs.deck": "Recruits: {n}",
    "champs.traps": "Traps: players {p} · GM {m}",
    "champs.units_left": "Units: players {p} · GM {m}",
    "champs.hidden_traps": "{n} {n -> [one] hidden trap [other] hidden traps}",
    "champs.hero": "{name} ({seat}) · destiny {destiny}",
    "champs.captured": "captured",
    "champs.not_deployed": "not deployed yet",
    "champs.combat": "{kind} combat: {att} → {tgt}",
    "champs.melee": "Melee",
    "champs.ranged": "Ranged",
    "champs.dice.att": "Attack",
    "champs.dice.def": "Defence",
    "champs.support": "Support: {cells}",
    "champs.line.players": "players' line",
    "champs.line.mj": "GM's line",
    "champs.objective.reach_start_line": "Objective: hold the enemy start line ({hold} {hold -> [one] turn [other] turns})",
    "champs.objective.annihilation": "Objective: wipe out the enemy army",
    "champs.legend.acted": "faded: already acted",
    "champs.legend.loaded": "● loaded catapult",
    "champs.legend.trap": "▲ players' trap · ▼ GM's trap",
    "heresy.seat.imperium": "Imperium",
    "heresy.seat.traitor": "Traitor",
    "heresy.current": "Active player: {seat}",
    "heresy.track": "Initiative track",
    "heresy.hand.own": "Your hand ({n})",
    "heresy.deck": "Deck {n} · discard {d}",
    "heresy.reserve": "{seat} reserve",
    "heresy.piles": "Strategic map",
    "heresy.pile.count": "{n} {n -> [one] card [other] cards}",
    "heresy.pile.empty": "empty",
    "heresy.events": "Events: {n} · discard: {cards}",
    "heresy.cost": "cost {n}",
    "heresy.cost.unknown": "cost ?",
    "heresy.lasers": "lasers ×{n}",
    "heresy.damage": "damage {n}",
    "heresy.mark.active": "activation marker",
    "heresy.mark.rout": "rout marker",
    "heresy.battle.iteration": "Iteration {it} / {iters} · active: {seat}",
    "heresy.battle.fort": "Fortification {n}",
    "heresy.battle.damage": "Damage to assign: {n}",
    "heresy.battle.origins": "Origin zones: {zones}",
    "heresy.battle.played": "Cards played",
    "heresy.icon.start": "Start",
    "heresy.icon.event": "Event",
    "heresy.icon.order_draw": "Order phase",
    "heresy.icon.restoration": "Restoration",
    "heresy.icon.spaceport_victory": "Spaceport victory possible",
    "heresy.icon.imperial_victory": "Imperial victory",
    "heresy.legend": "◆ fortified zone · ▦ fortification marker · ✸ breach · ≋ crevasse · hatched: impassable zone · ★ Hero · ▲ lasers · A / R activation / rout marker · +n: more tokens (hover for the list)",
    "heresy.fort_marker": "fortification marker",
    "heresy.impassable": "impassable (removed from the game)",
    "heresy.breach": "Breach between {a} and {b}",
    "heresy.edge": "Segment between {a} and {b}",
    "heresy.tokens": "Special tokens: {n}",
    "heresy.tokens.help": "A spent token pays 1 initiative point less for one action (HH-12.5).",
    "heresy.over": "Victory: {seat}",
    "epic.turn": "Turn {n}",
    "epic.phase": "Phase: {phase}",
    "epic.phase.orders": "orders",
    "epic.phase.movement": "movement",
    "epic.phase.combat": "combat",
    "epic.phase.shooting": "shooting",
    "epic.phase.assault": "assault",
    "epic.phase.end": "end of turn",
    "epic.phase.over": "game over",
    "epic.to_play": "To play: {side}",
    "epic.initiative": "Initiative: {side}",
    "epic.order.hidden": "hidden order",
    "epic.order.none": "no order",
    "epic.stands": "{n} {n -> [one] stand [other] stands}, losses {lost}/{bp}",
    "epic.moved": "moved",
    "epic.acted": "acted",
    "epic.broken": "broken",
    "epic.ruins": "Ruins",
    "epic.structure": "{n} {n -> [one] Structure Point [other] Structure Points}",
  },
};

export function lang() {
  const stored = localStorage.getItem(KEY);
  return LANGS.includes(stored) ? stored : "fr";
}

export function setLang(value) {
  if (!LANGS.includes(value)) return;
  localStorage.setItem(KEY, value);
  document.documentElement.lang = value;
  window.dispatchEvent(new CustomEvent("langchange", { detail: value }));
}

/** A page word: `t("table.yours", {seat: "p1"})`; a missing key shows as the key. Plural
 * selectors (`{n -> [one] … [other] …}`, see the top of this file) agree with their count. */
export function t(key, args = {}) {
  const l = lang();
  const own = STRINGS[l][key];
  const template = own ?? STRINGS.fr[key] ?? key;
  const chosen = template.replace(SELECTOR, (m, name, body) => pick(own === undefined ? "fr" : l, args[name], body));
  return chosen.replace(/\{(\w+)\}/g, (m, name) => (name in args ? String(args[name]) : m));
}

// `{n -> [one] … [other] …}`: the variants may hold `{name}` placeholders, no other brace
const SELECTOR = /\{(\w+) -> ((?:[^{}]|\{\w+\})*)\}/g;
const RULES = {};

/** The variant of a selector's body for `count` in the language `l`. */
function pick(l, count, body) {
  const parts = body.split(/\[(\w+)\]/); // ["", "one", " carte ", "other", " cartes"]
  const variants = {};
  for (let i = 1; i < parts.length; i += 2) variants[parts[i]] = parts[i + 1].trim();
  let category = "other";
  if (typeof count === "number" && Number.isFinite(count)) {
    RULES[l] ??= new Intl.PluralRules(l);
    category = RULES[l].select(count);
  }
  return variants[category] ?? variants.other ?? "";
}

/** A server Text `{fr, en}` (or a plain string) in the current language. */
export function tx(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return value[lang()] ?? value.fr ?? value.en ?? "";
}

/** An AI seat in words: "IA : facile" for the agent "ai-easy". A game may name a level
 * its own way (`lobby.agent.<ruleset>.<agent>`: Heresy's search is "strong", where it beats
 * the normal AI; elsewhere it is "lookahead, experimental"); an agent this page does not
 * know is still shown readably ("deep_thought-2": "deep thought 2"). */
export function agentText(agent, ruleset) {
  for (const key of [`lobby.agent.${ruleset}.${agent}`, `lobby.agent.${agent}`]) {
    if (hasKey(key)) return t("lobby.seat.ai", { agent: t(key) });
  }
  return t("lobby.seat.ai", { agent: String(agent).replace(/[-_]+/g, " ") });
}

/** Register a module's own page words (`{fr: {...}, en: {...}}`), so each part of the page
 * keeps its strings beside its code; a key given twice is a mistake and throws. */
export function addStrings(more) {
  for (const l of LANGS) {
    for (const [key, text] of Object.entries(more[l] || {})) {
      if (key in STRINGS[l]) throw new Error(`page string ${key} defined twice`);
      STRINGS[l][key] = text;
    }
  }
}

export function hasKey(key) {
  return key in STRINGS.fr;
}

/** Fill every `[data-i18n]` (text) and `[data-i18n-title]` (tooltip) under `root`. */
export function applyStatic(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => {
    el.textContent = t(el.dataset.i18n);
  });
  root.querySelectorAll("[data-i18n-title]").forEach((el) => {
    el.title = t(el.dataset.i18nTitle);
  });
  root.querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  });
  document.documentElement.lang = lang();
}

/** The FR/EN button of every page's header. */
export function mountLangSwitch(button) {
  const refresh = () => {
    button.textContent = t("lang.switch");
    button.title = t("lang.switch.title");
  };
  button.addEventListener("click", () => setLang(lang() === "fr" ? "en" : "fr"));
  window.addEventListener("langchange", refresh);
  refresh();
}

export const _strings = STRINGS; // for the consistency check in the browser tests
