// Pyodide in a module Web Worker: the page stays responsive while Python
// starts and while a bot thinks. This file knows no game rule; it forwards
// calls to thousand.web (the session API) and returns its JSON strings.
//
// Message protocol
//   worker -> page  {type: "progress", stage: "runtime"|"package"|"module", fraction: 0..1}
//   worker -> page  {type: "ready", version}          Python is loaded, calls may be made
//   worker -> page  {type: "fatal", message}          Python could not be loaded
//   page -> worker  {id, fn, args: [string, ...]}     fn is one of CALLS below
//   worker -> page  {type: "reply", id, json}         json: the string thousand.web returned
//   worker -> page  {type: "reply", id, crash}        an unexpected Python error (a bug)
// Calls made before "ready" wait for it; replies come in the order of the calls.

import { BUILD } from "./build-info.js";

const CALLS = new Set(["from_link", "fresh", "restore", "state", "play", "bot_step", "tutorial", "embed"]);

function post(message) {
  self.postMessage(message);
}

async function load() {
  const index = new URL(BUILD.pyodideIndex, self.location.href).href;
  const indexURL = index.endsWith("/") ? index : index + "/";
  const wheel = new URL(BUILD.wheel, self.location.href).href;
  post({ type: "progress", stage: "runtime", fraction: 0.05 });
  // The wheel downloads while the runtime starts; unpacking it ourselves skips
  // the package loader's lock-file look-up (it has no dependencies to resolve).
  const wheelBytes = fetch(wheel).then((r) => {
    if (!r.ok) throw new Error(`could not load the game (${r.status})`);
    return r.arrayBuffer();
  });
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({ indexURL });
  post({ type: "progress", stage: "package", fraction: 0.8 });
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await wheelBytes, "wheel", { extractDir: sitePackages });
  post({ type: "progress", stage: "module", fraction: 0.9 });
  const web = pyodide.pyimport("thousand.web");
  post({ type: "progress", stage: "module", fraction: 1 });
  return web;
}

const ready = load();
ready.then(
  () => post({ type: "ready", version: BUILD.version }),
  (err) => post({ type: "fatal", message: String(err && err.message ? err.message : err) }),
);

let queue = Promise.resolve();

self.onmessage = (event) => {
  const { id, fn, args } = event.data || {};
  queue = queue.then(async () => {
    let web;
    try {
      web = await ready;
    } catch {
      return; // "fatal" has been posted already
    }
    if (!CALLS.has(fn) || !Array.isArray(args) || !args.every((a) => typeof a === "string")) {
      post({ type: "reply", id, crash: `bad call ${String(fn)}` });
      return;
    }
    try {
      post({ type: "reply", id, json: web[fn](...args) });
    } catch (err) {
      post({ type: "reply", id, crash: String(err && err.message ? err.message : err) });
    }
  });
};
