// The table page's own words (the shell around the boards), in French and English.

import { addStrings } from "./i18n.js";

addStrings({
  fr: {
    "table.log.region": "Journal de la partie",
    "table.log.new": "Nouveaux événements ↓",
    "table.decision.sheet.open": "Afficher la décision",
    "table.decision.sheet.close": "Réduire la décision",
    "table.curtain.wait": "Affichage…",
    "table.curtain.title": "Passez l'écran",
    "board.reset": "Recentrer le plateau",
    "table.board": "Plateau",
  },
  en: {
    "table.log.region": "Game log",
    "table.log.new": "New events ↓",
    "table.decision.sheet.open": "Show the decision",
    "table.decision.sheet.close": "Fold the decision",
    "table.curtain.wait": "Showing…",
    "table.curtain.title": "Pass the screen",
    "board.reset": "Reset the board",
    "table.board": "Board",
  },
});

addStrings({
  fr: {
    "table.curtain.next": "Prochaine place : {seat}. Que seule la personne qui la joue regarde l'écran.",
    "table.curtain.me": "C'est moi : {seat}",
  },
  en: {
    "table.curtain.next": "Next seat: {seat}. Only the person who plays it should look at the screen.",
    "table.curtain.me": "I am {seat}",
  },
});
