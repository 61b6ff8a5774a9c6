// The host's side of a game with friends, as a source (see source.js): the
// host's worker runs the room (thousand.room: the engine, the bots, every check)
// and this module only carries its messages between the worker and the guests'
// links. The others' moves come from bots (at once, paced by play.js) or from a
// guest's link (when it arrives).

import { acceptLinks, openPeer, randomHex, randomName } from "./connection.js";
import { safeGet, safeRemove, safeSet } from "./i18n.js";

const SAVE_KEY = "thousand.room";
// How long a dropped guest's seat waits before a bot plays it; tests shorten it.
// (Storage goes through safeGet: where it is blocked, this module must still load with the page.)
const GRACE_MS = Number(safeGet("thousand.grace")) || 8000;
const OPEN_TRIES = 10; // after a reload the room's old registration lingers a few seconds

export function readRoomSave() {
  return safeGet(SAVE_KEY);
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
    this.closed = false;
  }

  /** Open a new room; resolves to the worker's reply (the lobby). */
  async open(players, level, rules) {
    const reply = await this.py.call("room_open", randomName(), players, level, rules, randomHex());
    if (reply.ok) await this.listen(reply);
    return reply;
  }

  /** Open the room this device hosted before the page reloaded. */
  async resume(save) {
    const reply = await this.py.call("room_resume", save);
    if (reply.ok) await this.listen(reply);
    // A guest who does not come back within the grace is played by a bot.
    if (reply.ok) reply.room.seats.forEach((s, seat) => s.kind === "guest" && this.releaseLater(seat));
    else safeRemove(SAVE_KEY);
    return reply;
  }

  async listen(reply) {
    this.latest = reply;
    this.keep(reply);
    for (let i = 1; ; i++) {
      try {
        this.peer = await openPeer(reply.room.room);
        break;
      } catch (err) {
        if (err.type !== "unavailable-id" || i >= OPEN_TRIES) throw err;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    acceptLinks(this.peer, (link) => this.adopt(link));
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
    if (st.view && st.view.phase === "over") safeRemove(SAVE_KEY);
    else if (st.save) safeSet(SAVE_KEY, st.save);
  }

  /** Leave the room for good (a new game): the guests hear that the host is gone
   * ({"t": "bye"}, the one message the page sends itself, not the room). */
  close() {
    this.closed = true;
    safeRemove(SAVE_KEY);
    for (const link of this.links.values()) link.send('{"t":"bye"}');
    const peer = this.peer;
    setTimeout(() => { // let the goodbye leave first: destroying the peer closes every link at once
      for (const link of this.links.values()) link.close();
      peer?.destroy();
    }, 500);
    this.wake?.();
  }
}
