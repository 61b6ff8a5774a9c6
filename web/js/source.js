// Where the table's states and the others' moves come from. The table talks to
// one small interface, so a game against local bots and (later) a game hosted
// by a friend's browser are drawn by the same code:
//
//   source.play(id)        -> reply   the person's move (notation); an error reply changes nothing
//   source.othersToMove(st) -> bool   is someone other than the person to move?
//   source.next()          -> reply   the next move by someone else, with reply.moved = {seat, kind, action}
//   source.keep(st)                   remember the state (saved game), if this source saves
//   source.saves                      does it (the person's own games: saved, and counted in statistics)?
//   source.hint()          -> reply   optional: the hard bot's move for the person (reply.hint), counted
//
// A reply is thousand.web's JSON: {ok: true, view, human, level, link, save, ...}
// or {ok: false, error: {key, args, text}}.

import { readSave, writeSave } from "./saves.js";

/** A game in this browser: Python in the worker runs the engine and the bots. */
export class LocalGame {
  constructor(python) {
    this.py = python;
    this.saves = true;
    // The save this tab last opened or wrote: a move is saved only over it, never over a save that
    // another tab wrote since (`replaces`: a new game or a link the person chose replaces any save).
    this.known = null;
    this.replaces = false;
    this.onConflict = () => {}; // another tab's save is in the way (see tabs.js)
  }

  async fresh(players, level, rules) {
    return this.replacing(await this.py.call("fresh", players, level, rules));
  }

  async fromLink(query) {
    return this.replacing(await this.py.call("from_link", query));
  }

  replacing(reply) {
    if (reply.ok) this.replaces = true;
    return reply;
  }

  restore(save) {
    this.known = save;
    this.replaces = false;
    return this.py.call("restore", save);
  }

  play(id) {
    return this.py.call("play", id);
  }

  othersToMove(st) {
    return Boolean(st && st.bot_to_move);
  }

  next() {
    return this.py.call("bot_step");
  }

  hint() {
    return this.py.call("hint");
  }

  keep(st) {
    const stored = readSave();
    if (!this.replaces && stored !== null && stored !== this.known && stored !== st.save) {
      this.onConflict();
      return;
    }
    this.replaces = false;
    writeSave(st);
    this.known = readSave(); // not st.save if the write failed (a full storage): no false conflict
  }
}
