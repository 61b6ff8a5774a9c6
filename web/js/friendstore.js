// What a guest of games with friends keeps on its device, per room: its identity (the token that takes
// its seat back, its secret for the seed, the host's and every seat's commitment) and a digest of every
// table the room showed it, so that the proof at the end covers the tables shown before a reload too.
// Rooms are pruned at each join: the most recent KEEP_ROOMS, none older than MAX_AGE_MS, never the
// current one (every room joined used to leave its identity for ever).

import { randomHex, sha256Hex } from "./connection.js";
import { safeGet, safeRemove, safeSet } from "./i18n.js";

const FRIEND = "thousand.friend.";
const SHOWN = "thousand.shown.";
export const KEEP_ROOMS = 20;
export const MAX_AGE_MS = 30 * 24 * 3600 * 1000;
// A run of moves is broken only when the link was (a rejoin sends the table again): a game has a few.
// A list past this is not kept (said in the proof), so that the digest stays small.
const MAX_RUNS = 400;

const hex = (x, n) => typeof x === "string" && new RegExp(`^[0-9a-f]{${n}}$`).test(x);
const moveNumber = (n) => Number.isSafeInteger(n) && n >= 0;

function parsed(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** This tab's id: kept for the tab's reloads where session storage works (else one per page). */
function tabId() {
  try {
    let tab = sessionStorage.getItem("thousand.tab");
    if (!tab) sessionStorage.setItem("thousand.tab", (tab = randomHex()));
    return tab;
  } catch {
    return randomHex(); // storage refused (blocked site data, a full storage): the seat is kept for this page
  }
}

/** This device's identity in `room`, made if there is none (or it is damaged); the other rooms are pruned. */
export function identity(room) {
  const key = FRIEND + room;
  let me = parsed(safeGet(key));
  const fits = me && typeof me === "object" && hex(me.token, 32) && hex(me.reveal, 32)
    && (me.hostCommit == null || hex(me.hostCommit, 64)) && (me.name === undefined || typeof me.name === "string");
  if (!fits) { // none, or damaged: a hello or a reveal made from it would be refused for ever
    me = { token: randomHex(), reveal: randomHex(), hostCommit: null };
  }
  const save = () => {
    me.at = Date.now(); // when this room was last used here: what pruning goes by
    safeSet(key, JSON.stringify(me));
  };
  save();
  prune(room);
  // Storage that throws (blocked site data, a full storage) must not stop the join: the seat is then
  // kept in memory only, for as long as this page is open.
  return { ...me, tab: tabId(), save, me };
}

function storedKeys() {
  try {
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(Boolean);
  } catch {
    return [];
  }
}

/** Drop the identities (and digests) of all rooms but `current`'s past the KEEP_ROOMS most recent or
 * older than MAX_AGE_MS. One kept from before rooms had a time gets one now (its game may be on). */
function prune(current) {
  const now = Date.now();
  const keys = storedKeys();
  const rooms = [];
  for (const key of keys) {
    if (!key.startsWith(FRIEND) || key === FRIEND + current) continue;
    const me = parsed(safeGet(key));
    if (!me || typeof me !== "object") {
      safeRemove(key); // damaged: a join would make a new identity anyway
      continue;
    }
    if (!Number.isFinite(me.at) || me.at > now) {
      me.at = now;
      safeSet(key, JSON.stringify(me));
    }
    rooms.push([me.at, key.slice(FRIEND.length)]);
  }
  rooms.sort((a, b) => b[0] - a[0]);
  const kept = new Set([current]);
  rooms.forEach(([at, room], i) => {
    if (i < KEEP_ROOMS - 1 && now - at <= MAX_AGE_MS) kept.add(room);
    else safeRemove(FRIEND + room);
  });
  for (const key of keys) {
    if (key.startsWith(SHOWN) && !kept.has(key.slice(SHOWN.length))) safeRemove(key);
  }
}

/** A view's text as thousand.web_room hashes it: keys sorted, no spaces (a view has no floats). */
export function canon(value) {
  if (Array.isArray(value)) return `[${value.map(canon).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canon(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The stored digest of the tables shown in a room: {runs: [[first n, last n], ...], digest} where
 * digest chains sha256(previous + "|" + n + "|" + canon(view)) over the runs' moves in order; or
 * {lost: true} (damaged, or not kept); null if none. */
function readShown(key) {
  const text = safeGet(key);
  if (text === null) return null;
  const s = parsed(text);
  const run = (r) => Array.isArray(r) && r.length === 2 && moveNumber(r[0]) && moveNumber(r[1]) && r[0] <= r[1];
  const fits = s && typeof s === "object" && Array.isArray(s.runs) && s.runs.length <= MAX_RUNS
    && s.runs.every(run) && hex(s.digest, 64);
  return fits ? { runs: s.runs, digest: s.digest } : { lost: true };
}

export class ShownLog {
  constructor(room) {
    this.key = SHOWN + room;
    this.before = readShown(this.key); // what the page's earlier loads were shown: checked at the end
    this.queue = Promise.resolve();
  }

  /** Add the table shown after move `n` to the stored digest (in order: each waits for the one before). */
  add(n, view) {
    this.queue = this.queue.then(() => this.append(n, view)).catch(() => {});
    return this.queue;
  }

  async append(n, view) {
    // Read again: the seat's other tab (one that woke up) may have added to it meanwhile.
    const stored = readShown(this.key) || { runs: [], digest: "" };
    if (stored.lost) return;
    const runs = stored.runs;
    const last = runs[runs.length - 1];
    if (last && last[1] + 1 === n) last[1] = n;
    else runs.push([n, n]);
    if (!moveNumber(n) || runs.length > MAX_RUNS) {
      safeSet(this.key, JSON.stringify({ lost: true }));
      return;
    }
    const digest = await sha256Hex(`${stored.digest}|${n}|${canon(view)}`);
    safeSet(this.key, JSON.stringify({ runs, digest }));
  }
}
