// The flow of play: the person's moves go to the source, the others' moves
// come from it one at a time and paced, and each new state is shown (a
// completed trick stays on the table a moment, a finished deal shows its rows).

import { focusTable } from "./controls.js";
import { ask, showMessage } from "./dialogs.js";
import { $, delay, toast } from "./dom.js";
import { t } from "./i18n.js";
import { updateNow } from "./loading.js";
import { clearSave, readSave } from "./saves.js";
import { saveSettings, settings, speed } from "./settings.js";
import { recordDeals } from "./stats.js";
import { legal, legalIds, S } from "./state.js";
import { dropHint } from "./hint.js";
import { markTurn, render, renderCenter, renderSeats, renderStatus } from "./table.js";
import { bigMoment, describe, errorText, rowText, seatName } from "./words.js";

let calloutTimer = null;

/** Do two states belong to one game? (`link` is the game's own link: players, seed,
 * level and rules; the share link, which names the current deal, is `share.link`.) */
function sameGame(a, b) {
  return Boolean(a && b && a.link === b.link);
}

/** Show a big moment of another player (a marriage, a raise, a fall) at their seat for a while. */
function announce(moved, next) {
  const text = moved && moved.seat !== next.human ? bigMoment(moved) : null;
  if (!text) return;
  S.callout = { seat: moved.seat, text };
  clearTimeout(calloutTimer);
  calloutTimer = setTimeout(() => {
    S.callout = null;
    if (S.st) renderSeats();
  }, Math.max(2500, speed().bot * 3));
}

/** A deal's end in words: what was played, made or failed (rows: the sheet's new rows). */
function dealEnd(rows, lastDeal) {
  const played = rows.filter((row) => row.kind !== "redeal");
  if (!played.length) return t("summary.redeal_title");
  const parts = [t("summary.title"), rowText(played[0])];
  if (lastDeal && lastDeal.kind === "played" && lastDeal.declarer !== null) {
    parts.push(t(lastDeal.made ? "summary.made" : "summary.failed"));
  }
  return parts.join(". ");
}

async function accept(next, moved) {
  const old = S.st;
  const gen = S.gen;
  if (!next.ok) {
    toast(errorText(next.error));
    return;
  }
  if (sameGame(old, next)) announce(moved, next);
  S.st = next;
  S.shownGen = gen;
  S.selected = null;
  S.hint = null;
  const ov = old && old.view;
  const v = next.view;
  const same = sameGame(old, next);
  const ended = same && v.sheet.rows.length > ov.sheet.rows.length;
  S.source.keep(next);
  // Counted once saved, not after the shown trick: a reload or a new game meanwhile would leave
  // a saved deal (or the whole game) out for good. Not when keep() found another tab's save.
  if (ended && gen === S.gen) recordDeals(ov, next);
  let finished = null; // the trick just completed, to show before it is collected
  if (same && moved && ov.phase === "play" && ov.trick.length === ov.active.length - 1) {
    const card = moved.action.startsWith("m") ? moved.action.slice(1) : moved.action;
    const cards = [...ov.trick, { seat: moved.seat, card }];
    const last = ended ? v.last_deal && v.last_deal.last_trick : v.last_trick;
    const winner = last ? last.winner : null;
    finished = { cards, winner };
  }
  // For screen readers, in one update: the move, the trick it completed and who took it, the deal's end.
  const said = [];
  if (moved && moved.kind) said.push(describe(moved, true));
  if (finished && finished.winner !== null) said.push(t("trick.took", { name: seatName(finished.winner) }));
  if (ended) said.push(dealEnd(v.sheet.rows.slice(ov.sheet.rows.length), v.last_deal));
  if (said.length) $("announce").textContent = said.join(". ");
  if (finished && speed().trick > 0) {
    S.shownTrick = { cards: finished.cards, winner: finished.winner, collecting: false };
    render();
    await delay(speed().trick);
    if (gen !== S.gen) return; // another game has been opened meanwhile
    if (finished.winner !== null) {
      S.shownTrick.collecting = true;
      renderCenter();
      await delay(speed().anim);
      if (gen !== S.gen) return;
    }
    S.shownTrick = null;
  }
  if (ended) {
    S.summary = { rows: v.sheet.rows.slice(ov.sheet.rows.length), lastDeal: v.last_deal };
  }
  // The buttons and cards of the deal are gone with it: keyboard focus goes to Continue (or Play again),
  // unless it is somewhere else than the table (a dialog, the menu).
  const focused = document.activeElement;
  const lost = !focused || focused === document.body || $("table").contains(focused);
  render();
  if (ended && lost) document.querySelector('#center [data-ui="continue"], #center [data-ui="play-again"]')?.focus();
}

/** The person makes the move with notation `id` (ignored unless it is legal now). */
export async function act(id) {
  if (S.busy || !S.st || S.summary || S.shownTrick) return;
  if (!legalIds().has(id)) return;
  if (S.stale) {
    S.stale();
    return;
  }
  // The table is being left (halt()) while the next game loads: the move would reach that game.
  if (S.shownGen !== S.gen) return;
  S.busy = true;
  dropHint();
  markTurn();
  const gen = S.gen;
  try {
    const next = await S.source.play(id);
    if (gen !== S.gen) return;
    S.busy = false;
    await accept(next, { seat: S.st.human, action: id });
  } finally {
    S.busy = false;
  }
  if (S.st) render();
  // The button pressed is gone with the move: keep keyboard focus in the hand.
  if (!document.activeElement || document.activeElement === document.body) {
    $("hand").querySelector(".playable, .hand-card")?.focus();
  }
  pump();
}

/** Let the others move, one at a time and paced, until it is the person's turn. A call while
 * the loop runs (the person moved during the pause before a forced move) makes it look again. */
export async function pump() {
  if (S.stale) return;
  if (S.pumping) {
    S.pumpAgain = true;
    return;
  }
  S.pumping = true;
  S.pumpAgain = false;
  const gen = S.gen;
  try {
    while (S.st && gen === S.gen && !S.summary && S.source.othersToMove(S.st)) {
      S.thinking = S.st.view.to_move;
      renderSeats();
      renderStatus();
      const started = performance.now();
      const next = await S.source.next();
      await delay(speed().bot - (performance.now() - started));
      if (gen !== S.gen) return;
      S.thinking = null;
      await accept(next, next.moved);
      if (!next.ok) break;
    }
    S.thinking = null;
    if (S.st && gen === S.gen) {
      render();
      const options = legal();
      if (settings.autoForced && !S.summary && options.length === 1) {
        await delay(Math.max(150, speed().bot / 2));
        if (gen === S.gen && legal().length === 1) {
          S.pumping = false;
          act(options[0].id);
          return;
        }
      }
    }
  } finally {
    if (gen === S.gen) {
      S.pumping = false;
      if (S.pumpAgain) pump();
    }
  }
}

/** Stop the loops of the game on the table: called before a call that replaces it, so that a
 * bot's move still on its way is dropped instead of landing in the next game. */
export function halt() {
  S.gen++;
  S.pumping = false;
  S.pumpAgain = false;
  S.busy = false;
  S.thinking = null;
}

export function continueDeal() {
  if (S.source.finish && S.source.finish(S.st)) return; // a one-deal source (the daily) ends with its result
  S.summary = null;
  render();
  pump();
  focusTable(); // Continue is gone: focus goes back to the cards
}

/** Show a game the source has just started (or opened); false if the reply is an error, which
 * is said and replaces nothing (the game on the table, if any, goes on).
 * A new game that opens with redeals (four nines...) first shows them, with why. */
export async function start(reply, { clearQuery = false, isNew = false } = {}) {
  if (!reply.ok) {
    toast(errorText(reply.error));
    if (S.st) goOn(); // the caller stopped its loops before asking for the game
    return false;
  }
  halt();
  S.stale = null;
  S.summary = null;
  S.shownTrick = null;
  S.st = null;
  if (clearQuery && location.search) history.replaceState(null, "", location.pathname);
  await accept(reply, null);
  const rows = reply.view.sheet.rows;
  if (isNew && rows.length && rows.every((row) => row.kind === "redeal")) {
    S.summary = { rows, lastDeal: null };
    render();
  }
  document.body.dataset.ready = "1";
  pump();
  return true;
}

const HOUSE_RULES = "std";

/** Start a new game against bots with the person's settings. Asked for while the page is still
 * starting (over the drawing of the saved game), it is the game the page opens. */
export async function newGame() {
  if (!S.ready) {
    S.wantNew = true;
    return;
  }
  S.wantNew = false;
  halt();
  const gen = S.gen;
  if (S.source.local) { // leave a game with friends for one against bots
    S.source.close();
    S.source = S.source.local;
    delete document.body.dataset.friends;
    delete document.body.dataset.room;
  }
  const { players, level, rules } = settings;
  let reply = await S.source.fresh(players, level, rules);
  if (!reply.ok && reply.error.key === "link.bad_rules" && rules !== HOUSE_RULES) {
    // Rules chosen in another version (or edited by hand) that this one refuses: the house rules, said.
    settings.rules = HOUSE_RULES;
    saveSettings();
    showMessage(t("message.rules_reset", { detail: errorText(reply.error) }));
    reply = await S.source.fresh(players, level, HOUSE_RULES);
  }
  if (gen !== S.gen) return; // another game was opened meanwhile
  await start(reply, { clearQuery: true, isNew: true });
}

/** A save written by a newer release (another tab updated, or one was installed since this page
 * loaded): this page cannot play it and must not replace it, so nothing moves here until the page
 * is updated; a click on the table asks again. */
function newerSave() {
  halt();
  S.stale = newerSave;
  ask(t("newer.title"), [t("newer.text")], [
    { ui: "update-page", text: t("update.reload"), primary: true, safe: true, run: updateNow },
  ]);
}

/** What savedGame() gives for a newer release's save: the caller opens nothing (see newerSave). */
export const NEWER = Object.freeze({ newer: true });

/** The saved game as the source replays it, or null (a damaged or old save is reported and removed),
 * or NEWER (a newer release's save: kept, and the person is asked to update the page). */
export async function savedGame() {
  const save = readSave();
  if (!save) return null;
  const reply = await S.source.restore(save);
  if (reply.ok) return { save, reply };
  if (reply.error.key === "save.newer") {
    newerSave();
    return NEWER;
  }
  clearSave();
  showMessage(t("message.bad_save", { detail: errorText(reply.error) }));
  return null;
}

/** Go on with the game that was on the table before a call that failed to replace it (a room, the
 * daily, the first game) stopped its loops: the person's own game is opened again from its save,
 * since a bot's move dropped by halt() may already be in the worker; another game's loop resumes. */
export function resumeLeft() {
  if (S.source.saves) backToOwnGame();
  else goOn();
}

/** The game on the table goes on after halt(): it takes moves again, and the others move. */
function goOn() {
  S.shownGen = S.gen;
  pump();
}

/** Back to the person's own game, leaving the daily, the first game or a game with friends (the
 * caller has made the person's own source current): the saved game, or a new one if there is none. */
export async function backToOwnGame() {
  halt();
  const gen = S.gen;
  const saved = await savedGame();
  if (gen !== S.gen || saved === NEWER) return; // another game was opened meanwhile, or none can be
  // The query goes: a join link left in the address bar would take the seat again on a reload.
  if (!saved || !(await start(saved.reply, { clearQuery: true }))) await newGame();
}
