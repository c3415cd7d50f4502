// Who is where: the top bar (title, role, the #viewer menu), the host's banner or the
// one-screen notice, the seats by name, and the host's seat controls (invites, AI seats,
// delete).

import { changeSeat, deleteGame, inviteLink, newInvite, tokens } from "./api.js";
import { h, clear } from "./dom.js";
import { agentText, lang, t, tx } from "./i18n.js";
import { $, errorText, humanSeats, page, seatLabel, toast } from "./table_page.js";

export function renderHeader(state) {
  const game = state.game || {};
  $("#game-title").textContent = tx(game.title) || game.ruleset || "";
  const you = state.you || {};
  let who = "";
  if (you.role === "admin") who = t("table.you.admin");
  else if (you.role === "host") who = t("table.you.host");
  else if (you.role === "seat") who = t("table.you.seat", { seat: (you.seats || []).map((n) => seatLabel(state, n)).join(", ") });
  else who = t("table.you.spectator");
  $("#you").textContent = `${who} · ${t("table.moves", { n: state.moves })}`;
  const mode = game.mode === "online" ? "online" : "hotseat";
  $("#mode").textContent = t(`table.mode.${mode}`);
  $("#mode").dataset.mode = mode;
  const undo = $("#undo");
  const ask = !state.can_undo && state.can_ask_undo;
  undo.textContent = t(ask ? "table.undo.ask" : "table.undo");
  undo.title = ask ? t("table.undo.ask.title") : "";
  undo.dataset.ask = ask ? "1" : "0";
  undo.disabled = !(state.can_undo || state.can_ask_undo) || page.busy;
  undo.hidden = you.role === "spectator" || you.role === "host";
  // the record holds the seed, i.e. every hidden card: the one-screen table, or once over
  $("#save").hidden = !(you.role === "admin" || state.result);
  const viewerWrap = $("#viewer-wrap");
  const humans = humanSeats(state);
  viewerWrap.hidden = !(you.role === "admin" && humans.length > 1);
  const select = $("#viewer");
  const wanted = page.seat === null ? "" : String(page.seat);
  clear(select);
  select.append(h("option", { value: "" }, t("table.viewer.auto")));
  for (const seat of humans) select.append(h("option", { value: String(seat.seat) }, tx(seat.label)));
  select.value = wanted;
}

// --- who is where: the host's panel, the seats, the one-screen notice ---------------------

function manages(state) {
  return state.you?.role === "host";
}

export function renderRole(state) {
  const box = $("#role-panel");
  const role = state.you?.role;
  const mode = state.game?.mode;
  clear(box);
  box.className = "panel role-panel";
  if (role === "host") {
    box.classList.add("host");
    box.append(h("h2", { id: "host-banner" }, t("table.host.banner")), h("p", {}, t("table.host.help")));
  } else if (mode === "hotseat" && role === "seat") {
    box.classList.add("notice");
    box.setAttribute("role", "note");
    box.append(h("p", {}, t("table.hotseat.notice")));
  } else {
    box.hidden = true;
    return;
  }
  box.hidden = false;
}

function seatState(state, seat) {
  const mine = (state.you?.seats || []).includes(seat.seat) && state.you?.role === "seat";
  if (seat.kind === "ai") return agentText(seat.agent, state.game?.ruleset);
  if (seat.open) return t("table.seat.open");
  if (mine) return t("table.seat.you");
  return t("table.seat.taken");
}

/** The seats by name and who holds them; the host also gets the invite links of open seats,
 * the AI seats' menus and "delete". Redrawn only when something it shows changed (a menu
 * being used must not be rebuilt under the pointer by an unrelated State). */
export function renderSeatsPanel(state) {
  const box = $("#seats-panel");
  const online = state.game?.mode === "online";
  const host = manages(state);
  if (!online && !host) {
    box.hidden = true;
    page.seatsKey = "";
    return;
  }
  const known = tokens.get(page.id) || {};
  const key = JSON.stringify([lang(), state.game?.seats, state.you, host ? known.invites || {} : null, page.agents]);
  if (key === page.seatsKey && !box.hidden) return;
  page.seatsKey = key;
  clear(box);
  box.classList.toggle("manage", host);
  box.append(h("h2", { id: "seats-title" }, t("table.seats")));
  const list = h("ul", { class: "seat-list" });
  for (const seat of state.game?.seats || []) {
    const name = tx(seat.label);
    const item = h(
      "li",
      { class: `seat-item${seat.open ? " open" : ""}${seat.kind === "ai" ? " ai" : ""}`, "data-seat": seat.seat },
      h("span", { class: "seat-name" }, name),
      " ",
      // the host's menu names an AI seat's agent already
      host && seat.kind === "ai" ? "" : h("span", { class: `seat-state${seat.open ? " waiting" : ""}` }, seatState(state, seat))
    );
    if (host) item.append(seatControls(state, seat, known));
    list.append(item);
  }
  box.append(list);
  if (host) {
    box.append(h("div", { class: "host-actions" }, h("button", { type: "button", class: "danger", id: "delete-game", onclick: confirmDelete }, t("table.delete"))));
  }
  box.hidden = false;
}

function seatControls(state, seat, known) {
  const name = tx(seat.label);
  const out = h("div", { class: "seat-controls" });
  if (seat.kind === "ai") {
    const select = h("select", { "aria-label": t("table.seat.agent", { seat: name }), "data-seat": seat.seat });
    const agents = page.agents && page.agents.includes(seat.agent) ? page.agents : [...(page.agents || []), seat.agent];
    for (const agent of agents) select.append(h("option", { value: agent, selected: agent === seat.agent }, agentText(agent, state.game?.ruleset)));
    select.addEventListener("change", () => seatChange(seat.seat, "ai", select.value));
    out.append(select, h("button", { type: "button", onclick: () => seatChange(seat.seat, "human") }, t("table.seat.to_human")));
    return out;
  }
  if (!seat.open) return out;
  const code = known.invites?.[String(seat.seat)];
  if (code && state.game?.mode === "online") {
    const url = `${location.origin}${inviteLink(page.id, code)}`;
    const label = t("table.invite.link", { seat: name });
    out.append(
      h("label", { class: "invite-label" }, label),
      h("input", { type: "text", readonly: true, class: "invite-url", value: url, "aria-label": label, onclick: (e) => e.target.select() }),
      h("button", { type: "button", class: "copy", "aria-label": t("table.invite.copy", { seat: name }), onclick: (e) => copyLink(url, e.currentTarget) }, t("lobby.copy")),
      h("button", { type: "button", class: "new-invite", title: t("table.invite.new.title", { seat: name }), onclick: () => makeInvite(seat) }, t("table.invite.new"))
    );
  } else if (state.game?.mode === "online") {
    out.append(h("button", { type: "button", class: "primary new-invite", onclick: () => makeInvite(seat) }, t("table.invite.make")));
  }
  if (page.agents?.length) {
    // the AI made for this seat if there is one (Champs "mj"), else the game's usual one
    const agent = [seat.name, "ai", "players"].find((x) => page.agents.includes(x)) || page.agents[0];
    out.append(h("button", { type: "button", onclick: () => seatChange(seat.seat, "ai", agent) }, t("table.seat.to_ai")));
  }
  return out;
}

export async function copyLink(url, button) {
  try {
    await navigator.clipboard.writeText(url);
    toast(t("table.copied"), null, "info");
  } catch (err) {
    /* the field can still be selected by hand */
  }
  button.focus();
}

async function hostAction(work) {
  if (page.busy) return;
  page.busy = true;
  try {
    await work();
  } catch (err) {
    toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
  } finally {
    page.busy = false;
    page.act.render();
  }
}

function makeInvite(seat) {
  return hostAction(async () => {
    await newInvite(page.id, page.token, seat.seat);
    toast(t("table.invite.made", { seat: tx(seat.label) }), null, "info");
  });
}

function seatChange(seat, kind, agent) {
  return hostAction(() => changeSeat(page.id, page.token, seat, kind, agent));
}

function confirmDelete() {
  const dialog = $("#dialog");
  clear(dialog);
  dialog.append(
    h("h2", { id: "dialog-title" }, t("table.delete")),
    h("p", {}, t("table.delete.confirm")),
    h(
      "form",
      { method: "dialog", class: "dialog-actions" },
      h("button", { value: "keep", autofocus: true }, t("table.delete.keep")),
      " ",
      h("button", { value: "delete", class: "danger", id: "delete-confirm" }, t("table.delete"))
    )
  );
  dialog.addEventListener(
    "close",
    async () => {
      if (dialog.returnValue !== "delete") return;
      try {
        page.gone = true;
        page.live.close();
        await deleteGame(page.id, page.token);
        location.href = "/";
      } catch (err) {
        page.gone = false;
        toast(`${t("table.error")} : ${errorText(err)}`, err.rule);
      }
    },
    { once: true }
  );
  dialog.returnValue = "";
  dialog.showModal();
}
