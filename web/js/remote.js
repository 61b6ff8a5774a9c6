// A guest's side of a game with friends, as a source (see source.js): every
// state comes from the host's page (only this seat's view), and the guest's move
// goes there as notation, to be checked by the host's engine. When the game is
// over the host sends the record with every secret of the seed, and this page's
// own engine checks it against every table it showed (thousand.web_room.verify).
//
// The guest's token (which seat is ours), its secret for the seed and a digest of the tables shown are
// kept per room on this device (friendstore.js), so a reload or a dropped network takes the seat back and
// the proof still covers the whole game.

import { DEAD_MS, connect, openPeer, randomName, sha256Hex } from "./connection.js";
import { ShownLog, identity } from "./friendstore.js";
import { safeGet } from "./i18n.js";

const RETRY_MS = 2000;
const SLOW_RETRY_MS = 5000; // once the host has been away a while
// The host away this long (a phone asleep, a tab closed by mistake) is said, with a way to leave; the page
// goes on trying: the host's room is saved on its device and opens again with its page. Tests shorten it.
const awayMs = () => Number(safeGet("thousand.away")) || 60000;
// A seat "open in another tab" may be this person's tab that died without a word (a phone's browser
// dropped it, and the link was opened again at once): the host frees the seat once that tab's link has
// been quiet DEAD_MS, so the seat is asked for again after that, this many times.
const OTHER_TAB_ASKS = 2;

export class RemoteGame {
  constructor(local, room) {
    this.local = local;
    this.py = local.py;
    this.room = room;
    this.saves = false;
    this.me = identity(room);
    this.inbox = [];
    this.waiter = null;
    this.shown = []; // [n, view] of every table shown since this page loaded, for the proof
    this.log = new ShownLog(room); // ... and a digest of every one shown in this room on this device
    this.n = 0;
    this.seatedHere = false; // the link to the host has this page's seat (see play)
    this.started = false;
    this.closed = false;
    this.otherTabAsks = 0;
    // Set by the lobby: news of the room, the first table, a proof checked, an error, the host gone,
    // the link to the host lost (`away(false)`), still lost after a minute (`away(true)`), and back.
    this.on = { lobby() {}, table() {}, proof() {}, error() {}, gone() {}, away() {}, back() {} };
    // Every message this page received and when, and when it sent its moves (the
    // tests and bench/friends.py read them); `send` lets a test tamper: the host checks all.
    window.thousandFriends = { received: [], times: [], moves: [], send: (text) => this.link?.send(text) };
  }

  /** Reach the host's room; rejects with "peer-unavailable" (no such room) and the like. */
  async reach() {
    // Left while it connected: nothing stays open behind the page.
    const left = () => Object.assign(new Error("closed"), { type: "closed" });
    if (this.peer?.disconnected) {
      // Lost the signaling server (a network change): the server may hold the old name for a minute, and
      // every connect() through it fails meanwhile; a guest's name is its own choice, so take a new one.
      this.peer.destroy();
      this.peer = null;
    }
    if (!this.peer) {
      const peer = await openPeer(randomName(16));
      if (this.closed) {
        peer.destroy();
        throw left();
      }
      this.peer = peer;
    }
    const link = await connect(this.peer, this.room);
    if (this.closed) {
      link.close();
      throw left();
    }
    this.link = link;
    this.seatedHere = false; // until the host answers this link's hello with the seat
    this.link.onMessage = (text) => this.receive(text);
    this.link.onClose = () => this.lost();
  }

  async hello(name) {
    this.name = name;
    const commit = await sha256Hex(this.me.reveal);
    this.send({ t: "hello", v: 1, name, token: this.me.token, tab: this.me.tab, commit });
  }

  send(msg) {
    this.link?.send(JSON.stringify(msg));
  }

  receive(text) {
    window.thousandFriends.received.push(text);
    window.thousandFriends.times.push(performance.now());
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (!msg || typeof msg !== "object") return;
    if (msg.t === "seat") this.seated(msg);
    else if (msg.t === "lobby") this.on.lobby(msg.lobby);
    else if (msg.t === "start") this.reveal(msg);
    else if (msg.t === "view") this.view(msg);
    else if (msg.t === "record") this.check(text);
    else if (msg.t === "error") this.failed(msg);
    else if (msg.t === "bye") this.gone();
  }

  seated(msg) {
    this.seat = msg.seat;
    this.seatedHere = true;
    this.rejoined = this.started;
    // The host's commitment is fixed the first time: a changed one is shown in the proof.
    if (!this.me.me.hostCommit) {
      this.me.me.hostCommit = msg.commit;
      this.me.save();
    }
    this.on.lobby(msg.lobby);
  }

  async reveal(msg) {
    const mine = await sha256Hex(this.me.reveal);
    const fair = Array.isArray(msg.commits) && msg.commits[this.seat] === mine
      && msg.commits[0] === this.me.me.hostCommit;
    if (!fair) {
      this.on.error({ key: "room.unfair", args: {}, text: "the host changed the commitments" });
      return;
    }
    // Every seat's commitment, as first sent, before this page's reveal: the proof at the end must hold them.
    if (!this.me.me.commits) {
      this.me.me.commits = msg.commits;
      this.me.save();
    }
    this.send({ t: "reveal", value: this.me.reveal });
  }

  view(msg) {
    const state = msg.state;
    this.n = msg.n;
    this.shown.push([msg.n, state.view]);
    this.log.add(msg.n, state.view);
    if (!this.started || this.rejoined) {
      this.started = true;
      this.rejoined = false;
      this.inbox = [];
      this.on.table(state);
      this.deliver(state);
      return;
    }
    this.inbox.push(state);
    this.deliver(null);
  }

  failed(msg) {
    if (msg.key === "room.other_tab" && !this.started && this.name && this.otherTabAsks < OTHER_TAB_ASKS) {
      this.otherTabAsks++;
      setTimeout(() => !this.closed && this.hello(this.name), DEAD_MS + 1000);
      return;
    }
    const reply = { ok: false, error: { key: msg.key, args: msg.args || {}, text: msg.text } };
    if (this.playing) this.inbox.push(reply); // the answer to this page's move
    else this.on.error(reply.error); // e.g. to a message a curious person sent by hand
    this.deliver(null);
  }

  deliver(state) {
    const waiter = this.waiter;
    if (!waiter) return;
    if (state) {
      this.waiter = null;
      waiter(state);
    } else if (this.inbox.length) {
      this.waiter = null;
      waiter(this.inbox.shift());
    }
  }

  take() {
    if (this.inbox.length) return Promise.resolve(this.inbox.shift());
    return new Promise((resolve) => (this.waiter = resolve));
  }

  async check(text) {
    const host = this.me.me.hostCommit || "";
    const shown = JSON.stringify(this.shown);
    const started = JSON.stringify(this.me.me.commits || null); // the commitments as sent at the start
    const before = JSON.stringify(this.log.before); // the tables this room showed the page's earlier loads
    const reply = await this.py.call("guest_verify", this.seat, this.me.reveal, host, text, shown, started, before);
    this.on.proof(reply.ok ? reply.problems : [reply.error.text]);
  }

  /** The link to the host is gone: try again until the host is back (its page may be reloading, asleep,
   * or closed and opened again later) or the person leaves; only the host's goodbye ends the room. */
  async lost() {
    if (this.closed) return;
    this.seatedHere = false;
    this.on.away(false);
    const since = performance.now();
    const away = awayMs();
    let said = false;
    while (!this.closed) {
      const long = performance.now() - since >= away;
      if (long && !said) {
        said = true;
        this.on.away(true);
      }
      await new Promise((r) => setTimeout(r, long ? SLOW_RETRY_MS : RETRY_MS));
      if (this.closed) return;
      try {
        await this.reach();
        if (this.name) await this.hello(this.name);
        this.on.back();
        return;
      } catch {
        // not back yet
      }
    }
  }

  gone() {
    if (this.closed) return;
    this.closed = true;
    this.link?.close();
    this.on.gone();
  }

  async play(id) {
    this.playing = true;
    // A link back to the host that has no seat yet (reconnecting: the hello is on its way) would have the
    // move refused ("take a seat first"): the move waits for the table the seat comes with, as on a lost link.
    if (this.seatedHere) {
      window.thousandFriends.moves.push(performance.now());
      this.send({ t: "move", move: id, n: this.n });
    }
    try {
      return await this.take();
    } finally {
      this.playing = false;
    }
  }

  othersToMove(st) {
    const v = st && st.view;
    return Boolean(v && v.phase !== "over" && v.to_move !== null && v.to_move !== st.human);
  }

  next() {
    return this.take();
  }

  keep() {}

  close() {
    this.closed = true;
    this.link?.close();
    this.peer?.destroy();
  }
}
