// Resigning, handing a seat to the AI and taking it back, and the end of an online game
// (issue 17; docs/web.md, Resigning and handing over, Rematch): buttons in the sidebar, a
// confirmation before resigning, the host's requests answered like takebacks, and at the
// end the record to download and the rematch. The server tells what changed in its own
// `{type: "social"}` frames (a person's new rematch token comes to their page only).

import { api, gameLink, query, tokens } from "./api.js";
import { h, clear } from "./dom.js";
import { addStrings, agentText, lang, t, tx } from "./i18n.js";
import { $, errorText, page, seatLabel, toast } from "./table_page.js";
import { mountChat, onChat, onPrefs, refresh } from "./table_chat.js";

addStrings({
  fr: {
    "social.title": "Votre place",
    "social.host.title": "Places des joueurs",
    "social.end.title": "Après la partie",
    "social.resign": "Abandonner…",
    "social.resign.title": "Abandonner la partie ?",
    "social.resign.text": "La partie se termine et l'autre camp la gagne. C'est définitif.",
    "social.resign.text.players": "Les joueurs abandonnent ensemble : la partie se termine quand chaque joueur a accepté.",
    "social.resign.confirm": "Oui, abandonner",
    "social.resign.cancel": "Continuer à jouer",
    "social.resign.votes": "Abandon proposé : {count} {count -> [one] joueur [other] joueurs} sur {needed} d'accord.",
    "social.hand": "Confier ma place à l'IA",
    "social.handed": "L'IA joue à votre place ({agent}).",
    "social.take": "Reprendre ma place",
    "social.asked": "L'hôte propose de confier votre place à l'IA.",
    "social.accept": "Accepter",
    "social.refuse": "Refuser",
    "social.away": "Confier à l'IA une place absente depuis",
    "social.away.minutes": "{n} min",
    "social.away.hours": "{n} h",
    "social.present": "{seat} : présent",
    "social.absent": "{seat} : absent depuis {min} min",
    "social.ai_plays": "{seat} : l'IA joue ({agent})",
    "social.host.hand": "Confier à l'IA : {seat}",
    "social.host.asked": "Demande envoyée ({seat}) : la personne doit accepter, ou être absente plus longtemps.",
    "social.host.waiting": "{seat} : demande en attente",
    "social.record": "Télécharger la partie (JSON)",
    "social.rematch": "Proposer une revanche",
    "social.rematch.swap": "Changer de camp",
    "social.rematch.mine": "Revanche proposée : en attente des autres joueurs.",
    "social.rematch.withdraw": "Retirer",
    "social.rematch.waiting": "Vous avez accepté : en attente des autres joueurs.",
    "social.rematch.go": "Aller à la revanche",
    "social.rematch.ready": "La revanche est prête.",
  },
  en: {
    "social.title": "Your seat",
    "social.host.title": "Players' seats",
    "social.end.title": "After the game",
    "social.resign": "Resign…",
    "social.resign.title": "Resign the game?",
    "social.resign.text": "The game ends and the other side wins it. This cannot be undone.",
    "social.resign.text.players": "The players resign together: the game ends once every player has agreed.",
    "social.resign.confirm": "Yes, resign",
    "social.resign.cancel": "Keep playing",
    "social.resign.votes": "Resignation proposed: {count} of {needed} {needed -> [one] player [other] players} {count -> [one] agrees [other] agree}.",
    "social.hand": "Hand my seat to the AI",
    "social.handed": "The AI plays for you ({agent}).",
    "social.take": "Take my seat back",
    "social.asked": "The host proposes to hand your seat to the AI.",
    "social.accept": "Accept",
    "social.refuse": "Refuse",
    "social.away": "Hand to the AI a seat away for",
    "social.away.minutes": "{n} min",
    "social.away.hours": "{n} h",
    "social.present": "{seat}: here",
    "social.absent": "{seat}: away for {min} min",
    "social.ai_plays": "{seat}: the AI plays ({agent})",
    "social.host.hand": "Hand to the AI: {seat}",
    "social.host.asked": "Request sent ({seat}): its player must accept, or be away longer.",
    "social.host.waiting": "{seat}: request waiting",
    "social.record": "Download the game (JSON)",
    "social.rematch": "Propose a rematch",
    "social.rematch.swap": "Swap sides",
    "social.rematch.mine": "Rematch proposed: waiting for the other players.",
    "social.rematch.withdraw": "Withdraw",
    "social.rematch.waiting": "You accepted: waiting for the other players.",
    "social.rematch.go": "Go to the rematch",
    "social.rematch.ready": "The rematch is ready.",
  },
});

const AWAY = [60, 300, 900, 3600, 86400];
const social = { status: null, mounted: false, key: "", endKey: "" };

function path(what) {
  return `/api/games/${encodeURIComponent(page.id)}/${what}`;
}

async function act(what, body = {}) {
  try {
    return await api("POST", path(what), { token: page.token, ...body });
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
    return null;
  }
}

function onSocial(frame) {
  social.status = frame;
  onPrefs(frame.prefs);
  const nxt = frame.next;
  if (nxt) keepNext(nxt);
  renderSocial();
}

/** The new game's links, kept like any other game's (api.js `tokens`). */
function keepNext(nxt) {
  const patch = { mode: "online", ruleset: page.state?.game?.ruleset };
  if (nxt.token) patch.seats = { [String(nxt.seat)]: nxt.token };
  if (nxt.host) patch.host = nxt.host;
  if (nxt.spectator) patch.spectator = nxt.spectator;
  tokens.merge(nxt.id, patch);
}

/** Ask this socket for the social frames (chat history, resign, rematch) once it is open. */
function ask(socket) {
  if (!socket) return;
  const send = () => socket.send(JSON.stringify({ type: "social" }));
  if (socket.readyState === WebSocket.OPEN) send();
  else socket.addEventListener("open", send, { once: true });
}

/** Take this module's frames off the socket before the table's own handler sees them, and
 * ask every socket of the page (the current one and those of later reconnections) for them. */
function listen() {
  const live = page.live;
  if (!live || live.socialHooked) return;
  live.socialHooked = true;
  const connect = live.connect.bind(live);
  live.connect = () => {
    const before = live.socket;
    connect();
    if (live.socket && live.socket !== before) ask(live.socket);
  };
  ask(live.socket);
  const received = live.received.bind(live);
  live.received = (data) => {
    if (typeof data === "string" && (data.startsWith('{"type":"chat"') || data.startsWith('{"type":"social"'))) {
      let frame = null;
      try {
        frame = JSON.parse(data);
      } catch (err) {
        return;
      }
      if (frame.type === "chat") onChat(frame);
      else onSocial(frame);
      return;
    }
    received(data);
  };
}

function resignDialog() {
  let dialog = $("#resign-dialog");
  if (!dialog) {
    dialog = h("dialog", { id: "resign-dialog", class: "dialog", "aria-labelledby": "resign-title", "aria-describedby": "resign-text" });
    document.body.append(dialog);
  }
  clear(dialog);
  const players = page.state?.game?.ruleset === "champs" && page.state?.game?.seats?.[page.state.you.seats[0]]?.name !== "mj";
  const confirm = h("button", { type: "button", class: "danger", id: "resign-confirm" }, t("social.resign.confirm"));
  const cancel = h("button", { type: "button", class: "primary", id: "resign-cancel" }, t("social.resign.cancel"));
  confirm.addEventListener("click", async () => {
    dialog.close();
    await act("resign");
  });
  cancel.addEventListener("click", () => dialog.close());
  dialog.append(
    h("h2", { id: "resign-title" }, t("social.resign.title")),
    h("p", { id: "resign-text" }, t(players ? "social.resign.text.players" : "social.resign.text")),
    h("div", { class: "dialog-actions" }, cancel, confirm)
  );
  dialog.showModal();
  cancel.focus();
}

function seatPart(state, st, box) {
  const me = state.you.seats[0];
  const agent = st.handed?.[String(me)];
  box.append(h("h2", { id: "social-title" }, t("social.title")));
  if (agent) {
    box.append(h("p", { class: "social-note" }, t("social.handed", { agent: agentText(agent, state.game?.ruleset) })));
    box.append(h("button", { type: "button", class: "primary", id: "take-seat", onclick: () => act("takeover") }, t("social.take")));
  } else if (st.asked) {
    box.append(
      h("p", { class: "social-note asked", role: "status" }, t("social.asked")),
      h(
        "div",
        { class: "takeback-actions" },
        h("button", { type: "button", class: "primary", id: "ask-accept", onclick: () => act("handover/answer", { accept: true }) }, t("social.accept")),
        h("button", { type: "button", id: "ask-refuse", onclick: () => act("handover/answer", { accept: false }) }, t("social.refuse"))
      )
    );
  } else {
    box.append(h("button", { type: "button", id: "hand-seat", onclick: () => act("handover") }, t("social.hand")));
  }
  if (st.resign) box.append(h("p", { class: "social-note", role: "status" }, t("social.resign.votes", { count: st.resign.agreed.length, needed: st.resign.needed.length })));
  box.append(h("button", { type: "button", class: "danger", id: "resign", onclick: resignDialog }, t("social.resign")));
}

function hostPart(state, st, box) {
  box.append(h("h2", { id: "social-title" }, t("social.host.title")));
  const select = h("select", { id: "away-limit" });
  for (const n of AWAY) {
    const words = n >= 3600 ? t("social.away.hours", { n: n / 3600 }) : t("social.away.minutes", { n: n / 60 });
    select.append(h("option", { value: n, selected: n === st.away }, words));
  }
  select.addEventListener("change", () => act("away", { seconds: Number(select.value) }));
  box.append(h("label", { class: "away-label", for: "away-limit" }, t("social.away")), select);
  const list = h("ul", { class: "social-seats" });
  for (const [n, away] of Object.entries(st.absent || {})) {
    const seat = seatLabel(state, Number(n));
    const agent = st.handed?.[n];
    let text = away > 0 ? t("social.absent", { seat, min: Math.floor(away / 60) }) : t("social.present", { seat });
    if (agent) text = t("social.ai_plays", { seat, agent: agentText(agent, state.game?.ruleset) });
    else if ((st.asks || []).includes(Number(n))) text = t("social.host.waiting", { seat });
    const item = h("li", {}, h("span", {}, text));
    if (!agent) {
      item.append(
        h(
          "button",
          {
            type: "button",
            class: "host-hand",
            "data-seat": n,
            onclick: async () => {
              const out = await act("handover", { seat: Number(n) });
              if (out?.result === "asked") toast(t("social.host.asked", { seat }), null, "info");
            },
          },
          t("social.host.hand", { seat })
        )
      );
    }
    list.append(item);
  }
  box.append(list);
}

function endPart(state, st, box) {
  box.append(h("h2", { id: "end-title" }, t("social.end.title")));
  const record = `${path("record")}${query({ token: page.token })}`;
  box.append(h("a", { class: "button", id: "record-link", href: record, download: `arbitre-${page.id}.json` }, t("social.record")));
  const me = state.you.role === "seat" ? state.you.seats[0] : null;
  const nxt = st.next;
  if (nxt) {
    const token = nxt.token || nxt.host || nxt.spectator;
    box.append(h("p", { role: "status" }, t("social.rematch.ready")), h("a", { class: "button primary", id: "rematch-go", href: gameLink(nxt.id, token) }, t("social.rematch.go")));
    return;
  }
  if (me === null) return;
  const pending = st.rematch;
  if (!pending) {
    const swap = h("input", { type: "checkbox", id: "rematch-swap" });
    box.append(
      h("label", { class: "check" }, swap, " ", t("social.rematch.swap")),
      h("button", { type: "button", class: "primary", id: "rematch", onclick: () => act("rematch", { swap: swap.checked }) }, t("social.rematch"))
    );
  } else if (pending.by === me) {
    box.append(h("p", { role: "status" }, t("social.rematch.mine")), h("button", { type: "button", id: "rematch-withdraw", onclick: () => act("rematch/answer", { accept: false }) }, t("social.rematch.withdraw")));
  } else if (pending.yours) {
    box.append(
      h("p", { role: "status", class: "social-note asked" }, tx(pending.text)),
      h(
        "div",
        { class: "takeback-actions" },
        h("button", { type: "button", class: "primary", id: "rematch-accept", onclick: () => act("rematch/answer", { accept: true }) }, t("social.accept")),
        h("button", { type: "button", id: "rematch-refuse", onclick: () => act("rematch/answer", { accept: false }) }, t("social.refuse"))
      )
    );
  } else {
    box.append(h("p", { role: "status" }, t("social.rematch.waiting")));
  }
}

export function renderSocial() {
  const state = page.state;
  const box = $("#social-panel");
  const end = $("#end-panel");
  if (!state || !box || !end) return;
  const st = social.status || {};
  const online = state.game?.mode === "online";
  const role = state.you?.role;
  const over = !!state.result;
  const key = JSON.stringify([st, over, role, lang(), state.game?.seats]);
  if (key === social.key) return;
  social.key = key;
  if (document.activeElement && box.contains(document.activeElement)) social.focus = document.activeElement.id;
  clear(box);
  clear(end);
  box.hidden = !online || over || !(role === "seat" || role === "host");
  end.hidden = !over;
  if (!box.hidden && role === "seat") seatPart(state, st, box);
  else if (!box.hidden) hostPart(state, st, box);
  if (over) endPart(state, st, end);
  if (social.focus) {
    const again = document.getElementById(social.focus);
    if (again) again.focus();
    social.focus = null;
  }
}

/** Called at each render of the sidebar (table_panels.js): build once, then refresh. */
export function mountSocial() {
  if (!page.state || !page.live) return;
  const online = page.state.game?.mode === "online";
  if (!social.mounted) {
    if (!online) return; // the hotseat table: everyone is in the room
    social.mounted = true;
    const box = h("section", { id: "social-panel", class: "panel social-panel", "aria-labelledby": "social-title", hidden: true });
    const end = h("section", { id: "end-panel", class: "panel end-panel", "aria-labelledby": "end-title", hidden: true });
    $("#panels").before(box);
    $("#result").after(end);
    listen();
    refresh().then((out) => {
      if (out) onSocial(out);
    });
  }
  mountChat($(".log-panel"));
  renderSocial();
}
