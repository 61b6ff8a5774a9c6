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

import { writeSave } from "./saves.js";

/** A game in this browser: Python in the worker runs the engine and the bots. */
export class LocalGame {
  constructor(python) {
    this.py = python;
    this.saves = true;
  }

  fresh(players, level, rules) {
    return this.py.call("fresh", players, level, rules);
  }

  fromLink(query) {
    return this.py.call("from_link", query);
  }

  restore(save) {
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
    writeSave(st);
  }
}
