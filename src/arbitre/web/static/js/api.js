// Talking to the server (docs/web.md): JSON over HTTP, live States over a WebSocket that
// reconnects by itself (the server sends the current State on connect: that is the catch-up),
// and the tokens this browser holds, in localStorage ("arbitre.tokens").

export class ApiError extends Error {
  constructor(status, error) {
    super(error?.code || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code || String(status);
    this.text = error?.text || null; // a Text {fr, en}
    this.rule = error?.rule || null;
    this.field = error?.field || null; // the request field at fault, when the server names one
  }
}

export async function api(method, path, body, headers = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, { code: "network", text: { fr: "Serveur injoignable.", en: "Server unreachable." } });
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data?.error || data?.detail?.error || null);
  return data;
}

export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : "";
}

// --- tokens -------------------------------------------------------------------------------

const TOKENS = "arbitre.tokens";
const MAX_MINE = 200; // POST /api/games/mine takes at most this many pairs

/**
 * What this browser holds, per game id: `{mode?, ruleset?, admin? (hotseat table),
 * host? (online host), seats: {n: token} (the seats this person plays), spectator?,
 * invites?: {n: code} (online host: the invite links not used yet)}`. Online, a browser
 * keeps only its own seat token: the others are made when each friend claims an invite.
 */
export const tokens = {
  all() {
    try {
      const data = JSON.parse(localStorage.getItem(TOKENS) || "{}");
      return data && typeof data === "object" && !Array.isArray(data) ? data : {};
    } catch (err) {
      return {};
    }
  },
  get(id) {
    return this.all()[id] || null;
  },
  save(all) {
    localStorage.setItem(TOKENS, JSON.stringify(all));
  },
  /** Merge `{admin?, host?, seats?: {n: token}, spectator?, invites?, ruleset?, mode?}` into game `id`. */
  merge(id, patch) {
    const all = this.all();
    const known = all[id] || { seats: {} };
    const seats = { ...(known.seats || {}), ...(patch.seats || {}) };
    const invites = { ...(known.invites || {}), ...(patch.invites || {}) };
    all[id] = { ...known, ...patch, seats };
    if (Object.keys(invites).length) all[id].invites = invites;
    else delete all[id].invites;
    this.save(all);
  },
  /** Forget the invite codes of seats that are no longer open (claimed, or made AI). */
  keepInvites(id, openSeats) {
    const all = this.all();
    const known = all[id];
    if (!known?.invites) return;
    const open = new Set(openSeats.map(String));
    const kept = Object.fromEntries(Object.entries(known.invites).filter(([n]) => open.has(n)));
    if (Object.keys(kept).length === Object.keys(known.invites).length) return;
    if (Object.keys(kept).length) known.invites = kept;
    else delete known.invites;
    this.save(all);
  },
  forget(id) {
    const all = this.all();
    delete all[id];
    this.save(all);
  },
  /** The token to open a game with: the hotseat table, else a seat this person plays,
   * else the host link, else the spectator link. */
  best(id) {
    const known = this.get(id);
    if (!known) return null;
    if (known.admin) return known.admin;
    const seats = Object.values(known.seats || {});
    if (seats.length) return seats[0];
    return known.host || known.spectator || null;
  },
  /** The token that manages a game (delete, invite, AI seats): the table or the host link. */
  manager(id) {
    const known = this.get(id);
    return known?.admin || known?.host || null;
  },
  /** `[{id, token}]` for POST /api/games/mine: one pair per game, the best token. */
  pairs() {
    return Object.keys(this.all())
      .map((id) => ({ id, token: this.best(id) }))
      .filter((p) => typeof p.token === "string" && p.token)
      .slice(0, MAX_MINE);
  },
};

export function gameLink(id, token, seat) {
  return `/game/${encodeURIComponent(id)}${query({ token, seat })}`;
}

export function inviteLink(id, code) {
  return `/game/${encodeURIComponent(id)}${query({ invite: code })}`;
}

function gamePath(id) {
  return `/api/games/${encodeURIComponent(id)}`;
}

/** Claim a seat: `{code}` (an invite) or `{seat}` (an open seat of a listed game). The new
 * seat token is kept in this browser. Answer `{id, seat, token}`. */
export async function joinGame(id, claim) {
  const joined = await api("POST", `${gamePath(id)}/join`, claim);
  tokens.merge(joined.id, { mode: "online", seats: { [String(joined.seat)]: joined.token } });
  return joined;
}

/** A fresh invite code for an open seat (the old one stops working); kept for the host. */
export async function newInvite(id, token, seat) {
  const out = await api("POST", `${gamePath(id)}/invite`, { token, seat });
  tokens.merge(id, { invites: { [String(out.seat)]: out.code } });
  return out;
}

/** Change a seat: `kind` "ai" (with `agent`) or "human" (online: an open seat with a code). */
export async function changeSeat(id, token, seat, kind, agent) {
  const body = { token, seat, kind };
  if (agent) body.agent = agent;
  const out = await api("POST", `${gamePath(id)}/seats`, body);
  if (out.code) tokens.merge(id, { invites: { [String(out.seat)]: out.code } });
  return out;
}

export async function deleteGame(id, token) {
  const out = await api("DELETE", gamePath(id) + query({ token }));
  tokens.forget(id);
  return out;
}

// --- live game ----------------------------------------------------------------------------

/**
 * One game seen through one token: `onState(state)` on every State the server pushes,
 * `onStatus(bool)` when the socket opens or drops. Moves go over HTTP (their answer is a
 * State too, used only while the socket is down) so that a refusal has a status code.
 */
export class LiveGame {
  constructor(id, token, { seat = null, onState, onStatus, onError, onGone } = {}) {
    this.id = id;
    this.token = token;
    this.seat = seat; // the seat the #viewer menu pins (admin)
    this.confirmed = null; // the seat the hotseat table last confirmed ("I am <seat>")
    this.onState = onState || (() => {});
    this.onStatus = onStatus || (() => {});
    this.onError = onError || (() => {});
    this.onGone = onGone || (() => {}); // the game was deleted, or the token opens it no more
    this.socket = null;
    this.open = false;
    this.closed = false;
    this.delay = 500;
    this.timer = null;
  }

  path() {
    return `/api/games/${encodeURIComponent(this.id)}`;
  }

  /** Whose eyes to ask for: the pinned seat, else the one the table confirmed. */
  eyes() {
    return this.seat ?? this.confirmed;
  }

  async fetchState() {
    const state = await api("GET", this.path() + query({ token: this.token, seat: this.eyes() }));
    this.onState(state);
    return state;
  }

  connect() {
    this.closed = false;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${proto}//${location.host}/ws/games/${encodeURIComponent(this.id)}${query({
      token: this.token,
      seat: this.eyes(),
    })}`;
    let socket;
    try {
      socket = new WebSocket(url);
    } catch (err) {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.open = true;
      this.delay = 500;
      this.onStatus(true);
    });
    socket.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      delete msg.played; // answers to plays that ride with a State (table_live.js)
      if (msg.type === "state") this.onState(msg);
      else if (msg.type === "deleted") this.gone(new ApiError(404, { code: "deleted" }));
      else if (msg.type === "error") this.onError(new ApiError(400, msg.error));
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.open = false;
      this.onStatus(false);
      // 4403 / 4404: the token opens nothing (any more) or the game is gone: no retry.
      if (event.code === 4403 || event.code === 4404) this.gone(new ApiError(event.code - 4000, { code: "gone" }));
      else this.retry();
    });
    socket.addEventListener("error", () => socket.close());
  }

  gone(err) {
    if (this.closed) return;
    this.close();
    this.onGone(err);
  }

  retry() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  /** Follow another seat's eyes (admin in hotseat): reconnect with `?seat=`. */
  setSeat(seat) {
    this.seat = seat;
    this.reconnect();
  }

  reconnect() {
    const old = this.socket;
    this.socket = null;
    if (old) old.close();
    this.open = false;
    this.connect();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }

  async play(key, expect, seat = null) {
    const body = { token: this.token, key, expect };
    if (seat !== null && seat !== undefined) body.seat = seat;
    const state = await api("POST", this.path() + "/play", body);
    if (!this.open) this.onState(state);
    return state;
  }

  /** The hotseat table's player pressed "I am <seat>": from now on, that seat's eyes. */
  async view(seat) {
    this.confirmed = seat;
    if (this.open && this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ type: "view", seat }));
      return null;
    }
    // not connected (yet): the next socket asks for this seat's eyes from its first State
    if (!this.closed) this.reconnect();
    return this.fetchState();
  }

  async undo() {
    const body = { token: this.token };
    if (this.eyes() !== null && this.eyes() !== undefined) body.seat = this.eyes();
    const state = await api("POST", this.path() + "/undo", body);
    if (!this.open) this.onState(state);
    return state;
  }

  /** Answer the pending takeback request (the asker withdraws it with `false`). */
  async takeback(accept) {
    const state = await api("POST", this.path() + "/takeback", { token: this.token, accept });
    if (!this.open) this.onState(state);
    return state;
  }

  async board() {
    return api("GET", this.path() + "/board" + query({ token: this.token }));
  }

  async record() {
    return api("GET", this.path() + "/record" + query({ token: this.token }));
  }
}

export async function rulesText(ruleset, ids) {
  if (!ids.length) return { rules: [] };
  return api("GET", `/api/rules/${encodeURIComponent(ruleset)}` + query({ ids: ids.join(",") }));
}

/** Save `text` as a file named `filename` (UTF-8), made in the browser. */
export function downloadText(filename, text, type = "application/toml") {
  const blob = new Blob([text], { type: `${type};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function download(filename, data) {
  downloadText(filename, JSON.stringify(data, null, 2), "application/json");
}
