// Statistics kept in this browser: games played and won and the contracts
// the person played and made, by bot level; points per deal; the best game; a
// chart of the latest deals. play.js reports every deal that ends in a game
// that is saved (not the tutorial, not an embedded example).
//
// Stored under one key; anything read back is checked, and a damaged store
// starts again from nothing rather than showing nonsense.

import { openDialog } from "./dialogs.js";
import { h } from "./dom.js";
import { safeGet, safeSet, t } from "./i18n.js";
import { LEVELS } from "./settings.js";
import { S } from "./state.js";

const KEY = "thousand.stats";
const VERSION = 1;
const RECENT = 30; // deals kept for the chart
const COUNTS = ["games", "won", "deals", "points", "contracts", "made"];

function empty() {
  return { v: VERSION, levels: {}, recent: [], best: null };
}

const whole = (x) => Number.isSafeInteger(x);

function valid(s) {
  if (!s || s.v !== VERSION || typeof s.levels !== "object" || !Array.isArray(s.recent)) return false;
  const levels = Object.entries(s.levels);
  if (!levels.every(([level, c]) => LEVELS.includes(level) && c && COUNTS.every((k) => whole(c[k])))) return false;
  if (!s.recent.every(whole) || s.recent.length > RECENT) return false;
  const b = s.best;
  return b === null || (whole(b.total) && typeof b.won === "boolean" && LEVELS.includes(b.level));
}

function loadStats() {
  try {
    const s = JSON.parse(safeGet(KEY) || "null");
    return valid(s) ? s : empty();
  } catch {
    return empty();
  }
}

/** Count the deals that just ended (the rows `st` has beyond `before`'s), and the game if it is over. */
export function recordDeals(before, st) {
  if (!S.source.saves) return;
  const stats = loadStats();
  const v = st.view;
  const me = st.human;
  const c = stats.levels[st.level] || (stats.levels[st.level] = Object.fromEntries(COUNTS.map((k) => [k, 0])));
  for (const row of v.sheet.rows.slice(before.sheet.rows.length)) {
    if (row.kind === "redeal") continue; // not played: only its dashes, which the totals show
    const delta = row.entries[me].delta;
    c.deals++;
    c.points += delta;
    stats.recent = [...stats.recent, delta].slice(-RECENT);
    if (row.declarer === me) {
      c.contracts++;
      // Made or not is the engine's word (last_deal.made), not read off the points.
      const ld = v.last_deal;
      if (row.kind === "played" && ld && ld.deal === row.deal && ld.made) c.made++;
    }
  }
  if (v.phase === "over") {
    c.games++;
    const won = v.winner === me;
    if (won) c.won++;
    const total = v.sheet.totals[me];
    if (!stats.best || total > stats.best.total) stats.best = { total, won, level: st.level };
  }
  safeSet(KEY, JSON.stringify(stats));
}

function sum(stats, key) {
  return Object.values(stats.levels).reduce((a, c) => a + c[key], 0);
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** Bars of the latest deals' points: gains up, losses down, from one zero line. */
function chart(values) {
  const width = 300;
  const height = 120;
  const gains = Math.max(0, ...values);
  const losses = Math.max(0, ...values.map((x) => -x));
  const scale = (height - 8) / Math.max(1, gains + losses);
  const zero = 4 + gains * scale;
  const step = width / RECENT;
  const bars = values.map((x, i) => svg("rect", {
    class: x >= 0 ? "bar up" : "bar down",
    x: (i * step + 1).toFixed(1),
    y: (x >= 0 ? zero - x * scale : zero).toFixed(1),
    width: (step - 2).toFixed(1),
    height: Math.max(1, Math.abs(x) * scale).toFixed(1),
  }, svg("title", {}, x > 0 ? `+${x}` : String(x))));
  return svg("svg", { class: "chart", "data-ui": "stats-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": t("stats.chart") },
    ...bars, svg("line", { class: "zero", x1: 0, x2: width, y1: zero.toFixed(1), y2: zero.toFixed(1) }));
}

export function showStats() {
  const stats = loadStats();
  const deals = sum(stats, "deals");
  if (!deals && !sum(stats, "games")) {
    openDialog(t("stats.title"), h("p", { class: "message", "data-ui": "stats-none", text: t("stats.none") }));
    return;
  }
  const line = (ui, label, value) => h("div", { class: "stat" },
    h("dt", { text: label }), h("dd", { "data-ui": ui, text: String(value) }));
  const best = stats.best;
  const summary = h("dl", { class: "stats-list" },
    line("stats-games", t("stats.games"), sum(stats, "games")),
    line("stats-won", t("stats.won"), sum(stats, "won")),
    line("stats-deals", t("stats.deals"), deals),
    line("stats-average", t("stats.average"), deals ? Math.round(sum(stats, "points") / deals) : "—"),
    best ? line("stats-best", t("stats.best"), t("stats.best_value", {
      total: best.total, result: t(best.won ? "stats.best_won" : "stats.best_lost"), level: t(`level.${best.level}`),
    })) : null);
  const table = h("table", { class: "stats-table", "data-ui": "stats-levels" },
    h("thead", {}, h("tr", {}, ...[t("stats.level"), t("stats.games"), t("stats.won"), t("stats.contracts"),
      t("stats.made")].map((x) => h("th", { text: x })))));
  const body = h("tbody");
  for (const level of LEVELS.filter((l) => stats.levels[l])) {
    const c = stats.levels[level];
    body.append(h("tr", { "data-level": level }, h("th", { scope: "row", text: t(`level.${level}`) }),
      ...[c.games, c.won, c.contracts, c.made].map((x) => h("td", { text: String(x) }))));
  }
  table.append(body);
  openDialog(t("stats.title"), summary, h("h3", { text: t("stats.by_level") }), table,
    stats.recent.length
      ? h("figure", { class: "stats-chart" }, chart(stats.recent), h("figcaption", { text: t("stats.chart") }))
      : null);
}
