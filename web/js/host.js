// The host's side of a game with friends, as a source (see source.js): the
// host's worker runs the room (thousand.room: the engine, the bots, every check)
// and this module only carries its messages between the worker and the guests'
// links. The others' moves come from bots (at once, paced by play.js) or from a
// guest's link (when it arrives).

import { acceptLinks, openPeer, randomHex, randomName } from "./connection.js";
import { safeGet, safeRemove, safeSet } from "./i18n.js";

const SAVE_KEY = "thousand.room";
// When the saved room's game ended: a finished room opens again with the page for FINISHED_MS, so that the
// proof (the record with every secret) still reaches a guest who reconnects or asks again after a reload.
const ENDED_KEY = "thousand.room.ended";
const FINISHED_MS = 3600 * 1000;
// How long a dropped guest's seat waits before a bot plays it; tests shorten it.
// (Storage goes through safeGet: where it is blocked, this module must still load with the page.)
const GRACE_MS = Number(safeGet("thousand.grace")) || 8000;
const RETRY_MS = 1000; // after a reload the room's old registration lingers a few seconds
const RETRY_MAX_MS = 10000; // no network or no server: try again at most this far apart
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const LOCK = "thousand.room"; // held (Web Locks) by the one tab of this site that hosts the room
const ELSEWHERE = { ok: false, error: { key: "room.elsewhere", args: {}, text: "the room is hosted in another tab" } };

/** Hold the room for `host`'s tab until host.release() is called: true, or false while another tab of
 * this site hosts a room (two would overwrite each other's room save). Without Web Locks: true. */
function holdRoom(host) {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => {
      resolve(Boolean(lock));
      return lock ? new Promise((release) => (host.release = release)) : undefined;
    }).catch(() => resolve(true));
  });
}

/** The room this device hosts, or null; a finished one only for FINISHED_MS after its end (it is removed). */
export function readRoomSave() {
  const ended = safeGet(ENDED_KEY);
  if (ended !== null && !(Date.now() - Number(ended) <= FINISHED_MS)) forgetRoom();
  return safeGet(SAVE_KEY);
}

function forgetRoom() {
  safeRemove(SAVE_KEY);
  safeRemove(ENDED_KEY);
}

export class HostGame {
  constructor(local) {
    this.local = local; // the game against bots to go back to
    this.py = local.py;
    this.saves = false;
    this.links = new Map(); // link id -> Link
    this.seats = new Map(); // link id -> seat
    this.graces = new Map(); // seat -> the timer that hands it to a bot
    this.queue = []; // guests' moves not yet shown
    this.wake = null;
    this.latest = null;
    this.onRoom = () => {}; // every new room state (the lobby listens)
    this.onLine = () => {}; // (reachable, why): the room's name is registered, or not (yet)
    this.closed = false;
    this.owns = false; // this tab holds the room (see holdRoom): only then is the room saved
    this.wrote = false; // the room's save is this one's: only then does leaving remove it
    this.release = () => {};
  }

  /** Open a new room; resolves to the worker's reply (the lobby). A new room's name is free, so a
   * failure to register it is the network's or the server's: it rejects at once (the lobby says so). */
  async open(players, level, rules) {
    if (!(await holdRoom(this))) return ELSEWHERE;
    if (this.closed) { // left meanwhile (the lobby checks): the room is not opened
      this.release();
      return ELSEWHERE;
    }
    this.owns = true;
    const reply = await this.py.call("room_open", randomName(), players, level, rules, randomHex());
    if (!reply.ok || this.closed) return reply;
    this.latest = reply;
    await this.listen(reply.room.room);
    this.keep(reply);
    return reply;
  }

  /** Open the room this device hosted before the page reloaded. Its game goes on at once; the room's
   * name is registered again in the background, for as long as it takes (the old registration may
   * linger, the network may be down): the save is never thrown away for that. */
  async resume(save) {
    if (!(await holdRoom(this))) return ELSEWHERE; // hosted in another tab: left as it is
    if (this.closed) { // left meanwhile: the room stays saved, as it was
      this.release();
      return ELSEWHERE;
    }
    this.owns = true;
    this.wrote = true; // its save is this tab's to keep or remove
    const reply = await this.py.call("room_resume", save);
    if (this.closed) return reply;
    if (!reply.ok) { // damaged: it could never be resumed
      forgetRoom();
      return reply;
    }
    this.latest = reply;
    this.keep(reply);
    // A guest who does not come back within the grace is played by a bot: counted from now once the
    // game is under way (the host plays on), else from when the room can be reached again.
    const release = () => reply.room.seats.forEach((s, seat) => s.kind === "guest" && this.releaseLater(seat));
    if (reply.view) release();
    this.relisten(reply.room.room).then(() => !reply.view && !this.closed && release());
    return reply;
  }

  /** Register the room's name at the signaling server and take the guests' links. */
  async listen(room) {
    const peer = await openPeer(room);
    if (this.closed) { // left while it connected
      peer.destroy();
      throw Object.assign(new Error("closed"), { type: "closed" });
    }
    this.peer = peer;
    acceptLinks(peer, (link) => this.adopt(link));
  }

  async relisten(room) {
    let wait = RETRY_MS;
    let failed = false;
    while (!this.closed) {
      try {
        await this.listen(room);
        if (failed) this.onLine(true);
        return;
      } catch (err) {
        if (this.closed) return;
        if (!failed) this.onLine(false, err.type || err.message);
        failed = true;
        await sleep(wait);
        wait = err.type === "unavailable-id" ? RETRY_MS : Math.min(2 * wait, RETRY_MAX_MS);
      }
    }
  }

  adopt(link) {
    if (this.closed) return link.close();
    this.links.set(link.id, link);
    link.onMessage = (text) => this.run("room_receive", link.id, text);
    link.onClose = () => this.dropped(link.id);
  }

  async dropped(id) {
    this.links.delete(id);
    const seat = this.seats.get(id);
    this.seats.delete(id);
    await this.run("room_drop", id);
    if (seat !== undefined) this.releaseLater(seat);
  }

  releaseLater(seat) {
    // A guest who came back and dropped again gets a whole grace from its last drop (the room
    // itself ignores a release for a guest who is here).
    clearTimeout(this.graces.get(seat));
    this.graces.set(seat, setTimeout(() => !this.closed && this.run("room_release", String(seat)), GRACE_MS));
  }

  /** Call the room in the worker, send what it says to whom, and pass the news on. */
  async run(fn, ...args) {
    const reply = await this.py.call(fn, ...args);
    if (this.closed) return reply;
    for (const [id, text] of reply.out || []) {
      if (text.startsWith('{"t":"seat"')) this.seats.set(id, JSON.parse(text).seat);
      this.links.get(id)?.send(text);
    }
    if (!reply.ok) return reply;
    this.latest = reply;
    this.keep(reply); // saved as soon as the guests see it: a reload must not take back what they saw
    if (reply.moved && fn === "room_receive") this.queue.push(reply);
    this.onRoom(reply);
    const wake = this.wake;
    this.wake = null;
    wake?.();
    return reply;
  }

  start() {
    return this.run("room_start");
  }

  play(id) {
    return this.run("room_play", id);
  }

  othersToMove(st) {
    const v = st && st.view;
    return Boolean(v && v.phase !== "over" && v.to_move !== null && v.to_move !== st.human);
  }

  /** The next move by someone else: a guest's (when it comes) or a bot's. */
  async next() {
    for (;;) {
      if (this.queue.length) return this.queue.shift();
      if (this.latest.mover === "bot") {
        const reply = await this.run("room_bot_step");
        // A guest who came back while this was on its way has its seat again: wait for its move.
        if (!reply.ok && reply.error.key === "game.no_bot_to_move" && this.latest.mover !== "bot") continue;
        return reply;
      }
      await new Promise((resolve) => (this.wake = resolve));
      if (this.closed) return { ok: false, error: { key: "room.none", args: {}, text: "the room is closed" } };
    }
  }

  keep(st) {
    if (!this.owns || this.closed) return;
    this.wrote = true;
    if (!st.save) return;
    safeSet(SAVE_KEY, st.save); // a finished game's too: it holds the secrets of the proof
    if (!(st.view && st.view.phase === "over")) safeRemove(ENDED_KEY);
    else if (safeGet(ENDED_KEY) === null) safeSet(ENDED_KEY, String(Date.now()));
  }

  /** Leave the room for good (a new game): the guests hear that the host is gone
   * ({"t": "bye"}, the one message the page sends itself, not the room). `forget`: false keeps
   * the room's save for the next visit (the page could not open it now). */
  close({ forget = true } = {}) {
    this.closed = true;
    if (this.wrote && forget) forgetRoom(); // not a room saved before this one opened
    this.release();
    for (const link of this.links.values()) link.send('{"t":"bye"}');
    const peer = this.peer;
    setTimeout(() => { // let the goodbye leave first: destroying the peer closes every link at once
      for (const link of this.links.values()) link.close();
      peer?.destroy();
    }, 500);
    this.wake?.();
  }
}
