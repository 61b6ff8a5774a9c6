// The page's side of the worker protocol (documented at the top of worker.js).

/** The worker's start on the page's performance timeline: a mark "python:<stage>" for
 * each stage (see worker.js), for the developer tools and bench/load.py. */
function timeline(marks) {
  for (const [stage, at] of Object.entries(marks || {})) {
    const startTime = at - performance.timeOrigin;
    if (Number.isFinite(startTime) && startTime >= 0) performance.mark(`python:${stage}`, { startTime });
  }
}

export class Python {
  /** `onProgress(stage, fraction)` hears the start's progress; it may also be set later
   * (`python.onProgress = ...`), and then hears the latest progress at once. */
  constructor(onProgress = null) {
    // From the page's address, not this module's: the site ships its modules bundled (build.py).
    this.worker = new Worker(new URL("worker.js", document.baseURI), { type: "module" });
    performance.mark("python:created");
    this.pending = new Map();
    this.nextId = 1;
    this.onIdle = null;
    this.progressHeard = null;
    this.progressTo = onProgress;
    /** Resolves to {version, boot, why} once Python answers calls. */
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        const msg = event.data || {};
        if (msg.type === "progress") {
          this.progressHeard = [msg.stage, msg.fraction];
          this.progressTo?.(msg.stage, msg.fraction);
        } else if (msg.type === "ready") {
          timeline(msg.marks);
          resolve({ version: msg.version, boot: msg.boot, why: msg.why });
        } else if (msg.type === "fatal") reject(new Error(msg.message));
        else if (msg.type === "reply") this.settle(msg);
        else if (msg.type === "idle") this.onIdle?.(msg);
      };
      this.worker.onerror = (event) => reject(new Error(event.message || "worker failed"));
    });
    // Python that could not start answers no call: each, pending or later, fails with the reason
    // (the page has said it already), instead of waiting for good.
    this.failed = null;
    this.ready.catch((err) => {
      this.failed = err;
      for (const entry of this.pending.values()) entry.reject(err);
      this.pending.clear();
    });
  }

  set onProgress(listener) {
    this.progressTo = listener;
    if (listener && this.progressHeard) listener(...this.progressHeard);
  }

  settle(msg) {
    const entry = this.pending.get(msg.id);
    if (!entry) return;
    this.pending.delete(msg.id);
    performance.measure(`python:call ${entry.fn}`, { start: entry.start }); // on the timeline, as the start's marks
    if (typeof msg.json === "string") entry.resolve(JSON.parse(msg.json));
    else entry.reject(new Error(msg.crash || "no reply"));
  }

  /** Call thousand.web.<fn>(...args); resolves to its parsed JSON reply. */
  call(fn, ...args) {
    const id = this.nextId++;
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, fn, start: performance.now() });
      this.worker.postMessage({ id, fn, args: args.map(String) });
    });
  }

  /** The table is shown and nothing is urgent: the worker does its deferred work
   * (see worker.js); resolves to its report, e.g. {snapshot: "saved", held, ms}. */
  idle() {
    return new Promise((resolve) => {
      this.onIdle = resolve;
      this.worker.postMessage({ type: "idle" });
    });
  }
}

let shared = null;

/** The page's one Python, started by the first caller: js/early.js, as the page opens. */
export function sharedPython() {
  shared ??= new Python();
  return shared;
}
