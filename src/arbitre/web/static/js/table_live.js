// The table's live game (issue 14): the LiveGame of api.js, taking patches on its socket
// instead of whole States, and playing over the socket while it is open.
//
// - Patches (docs/web.md, server/patches.py): after a change the server sends only what
//   differs from the State this socket holds: `{type: "patch", from: rev, ops, drop, log}`.
//   A patch that does not start from the State held (`from` ≠ its `rev`) is dropped and
//   the socket reconnects, which brings a whole State. Whole States still come on connect,
//   after an undo, through other eyes (the hotseat curtain) and when a patch would be longer.
// - Plays: `{type: "play", key, expect, seat?, ask}` on the socket, one message instead of
//   an HTTP request; the server answers `played` (after the State the move made) or
//   `refused` with the status POST …/play would have had (409: the page refetches).
//   Without an open socket the page plays over HTTP as before.

import { ApiError, LiveGame } from "./api.js";

const ANSWER_WAIT = 15000; // ms before a play sent on the socket counts as lost

const LOST = {
  code: "lost",
  text: {
    fr: "Connexion perdue : le coup a peut-être été joué, la table se met à jour.",
    en: "Connection lost: the move may have been played; the table is catching up.",
  },
};

/** The State `patch` makes of `state`, leaving `state` as it was (every container on an
 * op's path is copied once, the rest is shared). */
export function applyPatch(state, patch) {
  const out = { ...state };
  const copied = new Set([out]);
  for (const op of patch.ops || []) {
    const path = op[0];
    let node = out;
    for (let i = 0; i < path.length - 1; i += 1) {
      let child = node[path[i]];
      if (!copied.has(child)) {
        child = Array.isArray(child) ? child.slice() : { ...child };
        node[path[i]] = child;
        copied.add(child);
      }
      node = child;
    }
    const last = path[path.length - 1];
    if (op.length === 1) delete node[last];
    else node[last] = op[1];
  }
  out.log = (state.log || []).slice(patch.drop || 0).concat(patch.log || []);
  return out;
}

export class TableGame extends LiveGame {
  constructor(id, token, options) {
    super(id, token, options);
    this.held = null; // the State this socket's messages build on
    this.asks = new Map(); // plays sent on the socket: ask → {resolve, reject, timer, socket}
    this.asked = 0;
    this.patched = 0; // patches applied (the tests look)
    // The socket's status chip ("en direct" / "live") is worded when the status changes;
    // a change of language says the last status again so the page words it anew.
    this.status = null;
    const told = this.onStatus;
    this.onStatus = (on) => {
      this.status = on;
      told(on);
    };
    window.addEventListener("langchange", () => {
      if (this.status !== null) told(this.status);
    });
  }

  connect() {
    const before = this.socket;
    this.held = null;
    super.connect();
    const socket = this.socket;
    if (!socket || socket === before) return;
    socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "patches" })));
    socket.addEventListener("message", (event) => {
      if (this.socket === socket) this.received(event.data);
    });
    socket.addEventListener("close", () => this.forgetAsks(socket));
  }

  received(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch (err) {
      return;
    }
    // the answers to plays this State (or patch) follows ride with it: one frame fewer
    const played = msg.played || [];
    delete msg.played;
    if (msg.type === "state") {
      this.held = msg; // api.js shows it
    } else if (msg.type === "patch") {
      if (!this.held || this.held.rev !== msg.from) {
        this.reconnect(); // out of step: a whole State comes with the new socket
        return;
      }
      this.held = applyPatch(this.held, msg);
      this.patched += 1;
      this.onState(this.held);
    } else if (msg.type === "played" || msg.type === "refused") {
      this.answered(msg);
    }
    for (const answer of played) this.answered({ type: "played", ...answer });
  }

  /** A play sent with `ask` was answered: played (after the State it made) or refused. */
  answered(msg) {
    const ask = this.asks.get(msg.ask);
    if (!ask) return;
    this.asks.delete(msg.ask);
    clearTimeout(ask.timer);
    if (msg.type === "played") ask.resolve(this.held);
    else ask.reject(new ApiError(msg.status, msg.error));
  }

  /** A socket closed: the plays it carried get no answer; the page hears they are lost. */
  forgetAsks(socket) {
    for (const [n, ask] of this.asks) {
      if (ask.socket !== socket) continue;
      this.asks.delete(n);
      clearTimeout(ask.timer);
      ask.reject(new ApiError(0, LOST));
    }
  }

  async play(key, expect, seat = null) {
    const socket = this.socket;
    if (!this.open || !socket || socket.readyState !== WebSocket.OPEN) return super.play(key, expect, seat);
    this.asked += 1;
    const n = this.asked;
    const msg = { type: "play", key, expect, ask: n };
    if (seat !== null && seat !== undefined) msg.seat = seat;
    const answer = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.asks.delete(n);
        reject(new ApiError(0, LOST));
      }, ANSWER_WAIT);
      this.asks.set(n, { resolve, reject, timer, socket });
    });
    socket.send(JSON.stringify(msg));
    return answer;
  }
}
