// Pyodide in a module Web Worker: the page stays responsive while Python
// starts and while a bot thinks. This file knows no game rule; it forwards
// calls to thousand.web and thousand.web_daily (the session API) and returns its JSON strings.
//
// Message protocol
//   worker -> page  {type: "progress", stage: "runtime"|"package"|"module", fraction: 0..1}
//   worker -> page  {type: "ready", version, boot, why, marks}  Python is loaded, calls may be made;
//                   boot: "snapshot" (restored, see snapshot-worker.js) or "start"; marks: when
//                   each stage of the start ended, {stage: ms since the epoch}, for the page's
//                   performance timeline
//   worker -> page  {type: "fatal", message}          Python could not be loaded
//   page -> worker  {id, fn, args: [string, ...]}     fn is one of CALLS below
//   worker -> page  {type: "reply", id, json}         json: the string thousand.web returned
//   worker -> page  {type: "reply", id, crash}        an unexpected Python error (a bug)
//   page -> worker  {type: "idle"}                    the table is shown and the page is idle
//   worker -> page  {type: "idle", snapshot, ...}     what was done then: after a normal start a
//                   snapshot is kept for the next visit (snapshot: "saved" | "failed" | "off",
//                   with the times of keepSnapshot); after a restore the game's files are
//                   unpacked again (snapshot: "restored")
// Calls made before "ready" wait for it; replies come in the order of the calls.

import { BUILD } from "./build-info.js";
import { keepSnapshot, startPython } from "./snapshot-worker.js";

const CALLS = new Set(["from_link", "fresh", "restore", "state", "play", "bot_step", "hint", "tutorial",
  "rules_catalog", "rules_code", "rules_of"]);
// An embed link's example (thousand.web_embed), set up a few moves a call.
const EMBED_CALLS = new Set(["embed_start", "embed_step"]);
// The daily deal and the review (thousand.web_daily: its own session beside the game's).
// Games with friends (thousand.web_room): the host's room, and a guest's check of the proof.
const ROOM_CALLS = new Set([
  "room_open", "room_resume", "room_receive", "room_drop", "room_release", "room_start", "room_state", "room_play",
  "room_bot_step", "guest_verify",
]);
const DAILY_CALLS = new Set([
  "daily_start", "daily_play", "daily_bot_step", "daily_share", "daily_par", "daily_check", "daily_rank",
  "review_start", "review_next",
]);

// When each stage of the start ended (ms since the epoch, comparable with the page's clock).
const marks = {};
const mark = (stage) => {
  marks[stage] = performance.timeOrigin + performance.now();
};
mark("worker");

function post(message) {
  self.postMessage(message);
}

function unpackWheel(pyodide, bytes) {
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
}

/** `starting`, or its failure when the runtime's wasm could not be fetched or compiled (offline on a
 * first visit, a download cut short): Pyodide then only warns "wasm instantiation failed!" and its
 * loadPyodide never settles, so the page said "Starting the game…" for good. */
function watchRuntime(starting) {
  const warn = console.warn;
  let failed = false;
  const failure = new Promise((_, reject) => {
    console.warn = (...args) => {
      warn.apply(console, args);
      if (failed) reject(new Error(`the runtime could not be loaded: ${String(args[0])}`)); // the reason follows
      failed ||= args[0] === "wasm instantiation failed!";
    };
  });
  return Promise.race([starting, failure]).finally(() => (console.warn = warn));
}

async function load() {
  const index = new URL(BUILD.pyodideIndex, self.location.href).href;
  const indexURL = index.endsWith("/") ? index : index + "/";
  post({ type: "progress", stage: "runtime", fraction: 0.05 });
  // The wheel downloads while the runtime starts; unpacking it ourselves skips
  // the package loader's lock-file look-up (it has no dependencies to resolve).
  const wheel = fetch(new URL(BUILD.wheel, self.location.href)).then((r) => {
    if (!r.ok) throw new Error(`could not load the game (${r.status})`);
    return r.arrayBuffer();
  });
  wheel.catch(() => {}); // awaited below or when idle; never an uncaught rejection
  const runtime = import(new URL("pyodide.mjs", indexURL).href);
  runtime.then(() => mark("runtime-module"), () => {});
  const { pyodide, boot, why } = await watchRuntime(startPython(runtime, {
    mark,
    indexURL,
    version: BUILD.pyodide,
    build: BUILD.build,
    // A restored Python holds the snapshot's game and random state: drop them.
    check: (py) => {
      if (!JSON.parse(py.pyimport("thousand.web").reset()).ok) throw new Error("reset failed");
    },
  }));
  if (boot === "start") {
    post({ type: "progress", stage: "package", fraction: 0.8 });
    unpackWheel(pyodide, await wheel);
    post({ type: "progress", stage: "module", fraction: 0.9 });
  }
  const web = pyodide.pyimport("thousand.web");
  post({ type: "progress", stage: "module", fraction: 1 });
  mark("python");
  // The daily deal's and the rooms' modules are imported on their first call,
  // or before a snapshot is made (so a restored Python has them at once).
  const later = (name) => {
    let module = null;
    return () => (module ??= pyodide.pyimport(name));
  };
  return { pyodide, web: () => web, daily: later("thousand.web_daily"), room: later("thousand.web_room"),
    embed: later("thousand.web_embed"), boot, why, wheel };
}

const ready = load();
ready.then(
  ({ boot, why }) => post({ type: "ready", version: BUILD.version, boot, why, marks }),
  (err) => post({ type: "fatal", message: String(err && err.message ? err.message : err) }),
);

let queue = Promise.resolve();
let idled = false;

/** Work kept off the start: once, when the page says the table is shown. */
async function idle() {
  if (idled) return;
  idled = true;
  let python;
  try {
    python = await ready;
  } catch {
    return; // "fatal" has been posted already
  }
  if (python.boot === "start") {
    try {
      python.daily();
      python.room();
      python.embed();
    } catch {
      // reported by the first call that needs them
    }
    const report = await keepSnapshot(python.pyodide, { version: BUILD.pyodide, build: BUILD.build });
    const snapshot = report.saved ? "saved" : report.why === "unsupported" ? "off" : "failed";
    post({ type: "idle", snapshot, ...report });
    return;
  }
  // The modules in use came back with the memory; the files are for anything
  // imported later. In the queue, so no call is answered half-way.
  queue = queue.then(async () => {
    try {
      unpackWheel(python.pyodide, await python.wheel);
    } catch {
      // offline without the file: the game runs from memory all the same
    }
    post({ type: "idle", snapshot: "restored" });
  });
}

self.onmessage = (event) => {
  const { id, fn, args, type } = event.data || {};
  if (type === "idle") {
    idle();
    return;
  }
  queue = queue.then(async () => {
    let api;
    try {
      api = await ready;
    } catch {
      return; // "fatal" has been posted already
    }
    const module = CALLS.has(fn) ? api.web : DAILY_CALLS.has(fn) ? api.daily : ROOM_CALLS.has(fn) ? api.room
      : EMBED_CALLS.has(fn) ? api.embed : null;
    if (!module || !Array.isArray(args) || !args.every((a) => typeof a === "string")) {
      post({ type: "reply", id, crash: `bad call ${String(fn)}` });
      return;
    }
    try {
      post({ type: "reply", id, json: module()[fn](...args) });
    } catch (err) {
      post({ type: "reply", id, crash: String(err && err.message ? err.message : err) });
    }
  });
};
