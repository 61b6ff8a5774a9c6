// The page's side of the worker protocol (documented at the top of worker.js).

export class Python {
  constructor(onProgress) {
    this.worker = new Worker(new URL("../worker.js", import.meta.url), { type: "module" });
    this.pending = new Map();
    this.nextId = 1;
    this.onIdle = null;
    /** Resolves to {version, boot, why} once Python answers calls. */
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        const msg = event.data || {};
        if (msg.type === "progress") onProgress(msg.stage, msg.fraction);
        else if (msg.type === "ready") resolve({ version: msg.version, boot: msg.boot, why: msg.why });
        else if (msg.type === "fatal") reject(new Error(msg.message));
        else if (msg.type === "reply") this.settle(msg);
        else if (msg.type === "idle") this.onIdle?.(msg);
      };
      this.worker.onerror = (event) => reject(new Error(event.message || "worker failed"));
    });
  }

  settle(msg) {
    const entry = this.pending.get(msg.id);
    if (!entry) return;
    this.pending.delete(msg.id);
    if (typeof msg.json === "string") entry.resolve(JSON.parse(msg.json));
    else entry.reject(new Error(msg.crash || "no reply"));
  }

  /** Call thousand.web.<fn>(...args); resolves to its parsed JSON reply. */
  call(fn, ...args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
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
