// The daily deal (thousand.daily): one deal a UTC day against two hard bots.
// The first attempt on this device is the official one (kept here, with its
// history, streak and chart); replays after it are practice. Result links of
// friends are checked by Python (replayed on the day's deal) before they enter
// the table of the day, which holds only the results shared with this device.
// Names from links are untrusted: they are only ever put in as text.

import { showReview } from "./review.js";
import { closeDialog, openDialog, showMessage } from "./dialogs.js";
import { h, toast } from "./dom.js";
import { safeGet, safeSet, t } from "./i18n.js";
import { backToOwnGame, halt, resumeLeft, start } from "./play.js";
import { copier } from "./share.js";
import { S } from "./state.js";
import { errorText, signed } from "./words.js";

const ATTEMPTS = "thousand.daily.attempts"; // {day: {moves, result, link}}: the official attempts
const TABLE = "thousand.daily.table."; // + day: [entry, ...] checked results shared with this device
const NAME = "thousand.daily.name";
const SVG = "http://www.w3.org/2000/svg";

let py = null;
let mainSource = null;

export function initDaily(python, source) {
  py = python;
  mainSource = source;
}

const today = () => new Date().toISOString().slice(0, 10);

function load(key, fallback) {
  try {
    const value = JSON.parse(safeGet(key) || "null");
    return value && typeof value === "object" ? value : fallback;
  } catch {
    return fallback;
  }
}

// Each day's attempt, an object (an entry edited by hand into something else is left out).
const attempts = () =>
  Object.fromEntries(Object.entries(load(ATTEMPTS, {})).filter(([, a]) => a && typeof a === "object"));
const tableOf = (day) => [].concat(load(TABLE + day, []));

function saveAttempt(day, attempt) {
  const all = attempts();
  all[day] = attempt;
  safeSet(ATTEMPTS, JSON.stringify(all));
}

/** The day's deal as the table's source (see source.js); a practice replay keeps nothing. */
export class DailyGame {
  constructor(day, practice) {
    this.py = py; // as every source's: the first game started over the daily runs on it
    this.day = day;
    this.practice = practice;
  }

  play(id) {
    return py.call("daily_play", id);
  }

  othersToMove(st) {
    return Boolean(st && st.bot_to_move);
  }

  next() {
    return py.call("daily_bot_step");
  }

  keep(st) {
    if (this.practice || !st.daily) return;
    const old = attempts()[this.day] || {};
    // Finished already, in another tab that played it too: the first result is the official one.
    if (old.result) return;
    saveAttempt(this.day, { ...old, moves: st.daily.moves, result: st.daily.result });
  }

  // Leaving the daily for a game: the main source takes over again.
  fresh(...args) {
    return toMain().fresh(...args);
  }

  // Back to the saved game (leaving the first game opened over the daily).
  restore(save) {
    return toMain().restore(save);
  }

  /** After the deal's summary: the daily is one deal, so its result comes next. */
  finish(st) {
    if (!st || !st.daily || !st.daily.over) return false;
    showResult(st.daily);
    return true;
  }
}

/** The page leaves the daily: the person's own games' source takes over again. */
function toMain() {
  S.source = mainSource;
  delete document.body.dataset.daily;
  return mainSource;
}

/** Is the page showing the daily (for "Review": which deal to review)? */
export const reviewWhich = () => (S.source instanceof DailyGame ? "daily" : "game");

export function isDailyLink(query) {
  return query.startsWith("?daily=");
}

function resultText(r) {
  const value = r.code === "d" ? t("daily.dash") : r.code === "w" ? t("daily.write_off") : signed(Number(r.code));
  return t(r.declarer === 0 ? "daily.as_declarer" : "daily.as_defender", { value, contract: r.contract });
}

// A row of tricks, one symbol each: taken by the person's side or not. The shared
// text uses emoji (as people know them from word games); the page uses squares
// that every font has.
const symbols = (r) => [...r.tricks].map((x) => (x === "1" ? "🟩" : "⬛")).join("");
const squares = (r) => [...r.tricks].map((x) => (x === "1" ? "■" : "□")).join(" ");

export async function playDaily() {
  const day = today();
  const attempt = attempts()[day];
  const practice = Boolean(attempt && attempt.result);
  const before = S.source;
  halt();
  const gen = S.gen;
  S.source = new DailyGame(day, practice);
  closeDialog();
  let reply = await py.call("daily_start", day, attempt && !practice ? attempt.moves : "");
  if (!reply.ok && reply.error.key === "daily.bad_attempt") {
    // Moves this version cannot replay (its bots answer them otherwise: a release came mid-attempt).
    // Refused for good, they would shut the person out of the day's deal: the attempt starts again.
    showMessage(errorText(reply.error));
    reply = await py.call("daily_start", day, "");
  }
  if (gen !== S.gen) return; // another game was opened meanwhile
  if (!reply.ok) {
    S.source = before;
    showMessage(errorText(reply.error));
    resumeLeft();
    return;
  }
  document.body.dataset.daily = practice ? "practice" : "official";
  await start(reply);
  toast(t(practice ? "daily.practice_note" : "daily.official_note"));
}

async function backToGame() {
  closeDialog();
  halt();
  toMain();
  await backToOwnGame();
}

async function showResult(d) {
  const r = d.result;
  const par = h("p", { "data-ui": "daily-par", text: t("daily.par_working") });
  const practice = S.source.practice;
  openDialog(t("daily.result_title", { n: d.number }),
    h("p", { class: "message", "data-ui": "daily-result", text: resultText(r) }),
    h("p", { class: "daily-tricks", text: squares(r) }),
    practice ? h("p", { "data-ui": "daily-practice", text: t("daily.practice_result") }) : "",
    par,
    h("div", { class: "actions dialog-actions" },
      h("button", { type: "button", class: "primary", "data-ui": "daily-share", onclick: showShare,
        text: t("daily.share") }),
      h("button", { type: "button", "data-ui": "daily-review", onclick: () => showReview(py, "daily"),
        text: t("review.open") }),
      h("button", { type: "button", "data-ui": "daily-table", onclick: () => showDaily(d.day),
        text: t("daily.table") }),
      h("button", { type: "button", "data-ui": "daily-back", onclick: backToGame, text: t("daily.back") })));
  if (!practice) {
    // The official attempt's own link, so its row in the table can be replayed.
    const own = await py.call("daily_share", safeGet(NAME) || t("seat.you"));
    // Only beside its own moves: another tab may have finished the official attempt first.
    if (own.ok && attempts()[d.day]?.moves === d.moves) saveAttempt(d.day, { ...attempts()[d.day], link: own.link });
  }
  const reply = await py.call("daily_par");
  if (reply.ok) {
    par.textContent = reply.par === null
      ? t("daily.no_par")
      : t("daily.par", { par: reply.par, diff: signed(reply.diff) });
  }
}

async function showShare() {
  const name = h("input", { type: "text", maxlength: 20, value: safeGet(NAME) || "", "data-ui": "daily-name",
    "aria-label": t("daily.name") });
  const out = h("div");
  const make = async () => {
    safeSet(NAME, name.value);
    const reply = await py.call("daily_share", name.value);
    if (!reply.ok) {
      out.replaceChildren(h("p", { class: "message", "data-ui": "message", text: errorText(reply.error) }));
      return;
    }
    const r = reply.result;
    const url = `${location.origin}${location.pathname}?${reply.link}`;
    const text = `${t("daily.share_line", { n: r.number, result: resultText(r) })}\n${symbols(r)}\n${url}`;
    const link = h("input", { type: "text", readonly: true, value: url, "data-ui": "daily-link", class: "share-link",
      "aria-label": t("daily.share") });
    const copy = copier(link, text);
    out.replaceChildren(h("pre", { class: "share-line", "data-ui": "daily-share-text", text }), link,
      h("button", { type: "button", class: "primary", "data-ui": "copy", onclick: copy, text: t("share.copy") }));
  };
  openDialog(t("daily.share"), h("label", { text: t("daily.name") }, name),
    h("button", { type: "button", "data-ui": "daily-make-link", onclick: make, text: t("daily.make_link") }), out);
}

/** A friend's result link: checked by replaying it, then into the table of its day. */
export async function receiveLink(query) {
  toast(t("daily.checking"));
  const reply = await py.call("daily_check", query);
  if (!reply.ok) {
    showMessage(t("daily.link_rejected", { detail: errorText(reply.error) }));
    return;
  }
  const entry = { ...reply.entry, link: query.slice(1) };
  const list = tableOf(entry.day).filter((e) => !(e.name === entry.name && e.moves === entry.moves));
  safeSet(TABLE + entry.day, JSON.stringify([...list, entry]));
  await showDaily(entry.day, t("daily.added", { name: entry.name }));
}

function streak() {
  const all = attempts();
  let n = 0;
  const day = new Date(`${today()}T00:00:00Z`);
  if (!(all[today()] && all[today()].result)) day.setUTCDate(day.getUTCDate() - 1);
  while (all[day.toISOString().slice(0, 10)]?.result) {
    n++;
    day.setUTCDate(day.getUTCDate() - 1);
  }
  return n;
}

/** The last 14 official results as bars around a zero line, drawn with DOM APIs (nothing before
 * the first: an empty axis says nothing). */
function chart() {
  const days = Object.keys(attempts()).filter((d) => typeof attempts()[d].result?.score === "number").sort().slice(-14);
  if (!days.length) return "";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 140 60");
  svg.setAttribute("class", "daily-chart");
  svg.setAttribute("data-ui", "daily-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("daily.chart"));
  const scores = days.map((d) => attempts()[d].result.score);
  const top = Math.max(10, ...scores.map(Math.abs));
  const line = document.createElementNS(SVG, "line");
  const axis = { x1: 0, x2: 140, y1: 30, y2: 30, stroke: "currentColor", "stroke-width": 0.5 };
  for (const [k, v] of Object.entries(axis)) line.setAttribute(k, v);
  svg.append(line);
  scores.forEach((score, i) => {
    const bar = document.createElementNS(SVG, "rect");
    const height = (Math.abs(score) / top) * 28;
    const box = { x: i * 10 + 1, width: 8, y: score >= 0 ? 30 - height : 30, height,
      class: score >= 0 ? "up" : "down" };
    for (const [k, v] of Object.entries(box)) bar.setAttribute(k, v);
    const title = document.createElementNS(SVG, "title");
    title.textContent = `${days[i]}: ${signed(score)}`;
    bar.append(title);
    svg.append(bar);
  });
  return svg;
}

/** The daily's dialog: today's attempt, the streak, the chart and the table of the day. */
export async function showDaily(day = today(), note = "") {
  const attempt = attempts()[day];
  const done = Boolean(attempt && attempt.result);
  const own = done
    ? { ...attempt.result, name: safeGet(NAME) || t("seat.you"), moves: attempt.moves, link: attempt.link, own: true }
    : null;
  // The person's own result link, opened here, is in the table too: it is their own row.
  const entries = tableOf(day).filter((e) => !(own && e.name === own.name && e.moves === own.moves));
  if (own) entries.push(own);
  const status = done
    ? t("daily.done", { result: resultText(attempt.result) })
    : attempt ? t("daily.in_progress") : t("daily.not_played");
  // The dialog opens at once and the table is filled when Python has ranked it: asked first, a
  // busy worker (a bot's move) opened the dialog late, over whatever the person had done since.
  const list = h("ol", { class: "daily-table", "data-ui": "daily-table-list", "aria-busy": "true" });
  openDialog(t("daily.title", { day }),
    note ? h("p", { class: "message", "data-ui": "message", text: note }) : "",
    day === today() ? h("p", { "data-ui": "daily-status", text: status }) : "",
    day === today()
      ? h("button", { type: "button", class: "primary", "data-ui": "daily-play", onclick: playDaily,
        text: t(done ? "daily.practice" : "daily.play") })
      : "",
    h("p", { "data-ui": "daily-streak", text: t("daily.streak", { n: streak() }) }),
    chart(),
    h("h3", { text: t("daily.table") }),
    h("p", { text: t("daily.table_note") }),
    list);
  let ranked;
  try {
    ranked = await py.call("daily_rank", JSON.stringify(entries));
  } catch {
    ranked = null; // Python could not start (the page says so)
  }
  if (!list.isConnected) return; // closed, or another dialog took its place
  list.removeAttribute("aria-busy");
  if (!ranked?.ok) {
    list.replaceWith(h("p", { class: "message", "data-ui": "message",
      text: ranked ? errorText(ranked.error) : t("error.crash") }));
    return;
  }
  list.replaceChildren(...ranked.entries.map((e) => h("li",
    { "data-ui": "daily-entry", "data-own": e.own ? "1" : null },
    h("strong", { text: e.name }), ` ${resultText(e)} ${squares(e)} `,
    done && e.link
      ? h("button", { type: "button", "data-ui": "daily-replay", onclick: () => showReview(py, e.link),
        text: t("daily.replay") })
      : "")));
}
