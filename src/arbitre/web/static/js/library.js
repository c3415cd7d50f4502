// The library client every editor shares (docs/web.md, "The library"): resources saved by
// name on this server (`/api/library/{kind}`), the author token that owns them (asked once of
// POST /api/library/author, kept in localStorage "arbitre.author", sent in X-Author-Token),
// TOML files downloaded and opened, and the FR/EN words of the save panel.
//
//   import { library } from "./library.js";
//   const entries = await library.list("champs.battlefield");   // [{name, label, origin, mine}]
//   const { text, data } = await library.get(kind, name);       // data: the TOML as JSON
//   const { label, data } = await library.check(kind, text);    // validated, not saved
//   await library.save(kind, name, text);                       // ApiError with .field
//   await library.remove(kind, name);
//
// A refusal is an ApiError (api.js) with `.field` (the field at fault: "name", "text", or a
// field of the resource) and `.rule` (the rule the game cites).

import { ApiError, api, downloadText } from "./api.js";
import { addStrings, tx } from "./i18n.js";

const AUTHOR = "arbitre.author";
export const NAME = /^[a-z0-9][a-z0-9_-]{0,47}$/;
export const MAX_BYTES = 64 * 1024; // engine/library_saved.py MAX_BYTES

addStrings({
  fr: {
    "lib.name": "Nom dans la bibliothèque",
    "lib.name.help": "Minuscules, chiffres, « _ » et « - » (48 au plus) : c'est le nom que le salon proposera.",
    "lib.save": "Enregistrer",
    "lib.saved": "Enregistré sous « {name} ».",
    "lib.download": "Télécharger (.toml)",
    "lib.upload": "Ouvrir un fichier .toml",
    "lib.start_from": "Partir de",
    "lib.load": "Charger",
    "lib.delete": "Supprimer",
    "lib.deleted": "« {name} » supprimé.",
    "lib.origin.builtin": "fourni",
    "lib.origin.installed": "installé",
    "lib.origin.saved": "enregistré",
    "lib.origin.mine": "le vôtre",
    "lib.bad_name": "Nom refusé : des minuscules, chiffres, « _ » et « - », 48 au plus, le premier une lettre ou un chiffre.",
    "lib.too_big": "Fichier trop gros : {most} octets au plus.",
    "lib.not_text": "Ce fichier ne se lit pas comme du texte.",
    "lib.rule": "règle {rule}",
  },
  en: {
    "lib.name": "Name in the library",
    "lib.name.help": "Lower-case letters, digits, '_' and '-' (48 at most): the lobby offers it by this name.",
    "lib.save": "Save",
    "lib.saved": "Saved as '{name}'.",
    "lib.download": "Download (.toml)",
    "lib.upload": "Open a .toml file",
    "lib.start_from": "Start from",
    "lib.load": "Load",
    "lib.delete": "Delete",
    "lib.deleted": "'{name}' deleted.",
    "lib.origin.builtin": "built in",
    "lib.origin.installed": "installed",
    "lib.origin.saved": "saved",
    "lib.origin.mine": "yours",
    "lib.bad_name": "Name refused: lower-case letters, digits, '_' and '-', 48 at most, the first a letter or a digit.",
    "lib.too_big": "File too large: {most} bytes at most.",
    "lib.not_text": "This file does not read as text.",
    "lib.rule": "rule {rule}",
  },
});

function authorToken() {
  return localStorage.getItem(AUTHOR) || "";
}

// api.js's request, with the author token when there is one
function call(method, path, body, author) {
  return api(method, path, body, author ? { "X-Author-Token": author } : {});
}

/** The author token of this browser, asked of the server the first time. */
async function author() {
  let token = authorToken();
  if (!token) {
    token = (await call("POST", "/api/library/author")).token;
    localStorage.setItem(AUTHOR, token);
  }
  return token;
}

/** A call that needs the author; a token this server does not know (a new server, a wiped
 * library) is dropped and a new one asked for, once. */
async function asAuthor(method, path, body) {
  try {
    return await call(method, path, body, await author());
  } catch (err) {
    if (err instanceof ApiError && err.code === "bad_author") {
      localStorage.removeItem(AUTHOR);
      return call(method, path, body, await author());
    }
    throw err;
  }
}

const base = (kind) => `/api/library/${encodeURIComponent(kind)}`;

export const library = {
  async list(kind) {
    return (await call("GET", base(kind), undefined, authorToken())).entries || [];
  },
  async get(kind, name) {
    return call("GET", `${base(kind)}/${encodeURIComponent(name)}`, undefined, authorToken());
  },
  async check(kind, text) {
    return call("POST", `${base(kind)}/check`, { text });
  },
  async save(kind, name, text) {
    if (!NAME.test(name)) {
      const error = new ApiError(422, { code: "bad_name", text: null });
      error.field = "name";
      throw error;
    }
    return asAuthor("PUT", `${base(kind)}/${encodeURIComponent(name)}`, { text });
  },
  async remove(kind, name) {
    return asAuthor("DELETE", `${base(kind)}/${encodeURIComponent(name)}`);
  },
};

/** An entry's name for a menu: its label in the page's language, its name, where it comes from. */
export function entryText(entry, t) {
  const label = tx(entry.label) || entry.name;
  const origin = entry.mine ? t("lib.origin.mine") : t(`lib.origin.${entry.origin}`);
  return label === entry.name ? `${label} (${origin})` : `${label} — ${entry.name} (${origin})`;
}

/** The text of a refusal, with the rule it cites. */
export function refusalText(err, t) {
  if (err instanceof ApiError) {
    if (err.code === "bad_name" && !err.text) return t("lib.bad_name");
    const text = err.text ? tx(err.text) : err.message;
    return err.rule ? `${text} (${t("lib.rule", { rule: err.rule })})` : text;
  }
  return err?.message || String(err);
}

export { downloadText }; // api.js makes the file; the editors import it from here

/** The text of a file the person chose (read here, in the browser; the server validates it). */
export async function readTextFile(file, t) {
  if (file.size > MAX_BYTES) throw new Error(t("lib.too_big", { most: MAX_BYTES }));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch (err) {
    throw new Error(t("lib.not_text"));
  }
}
