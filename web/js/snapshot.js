// The page's side of the memory snapshot (the worker's side is
// snapshot-worker.js). It marks how Python started, body[data-boot]:
// "snapshot" (restored from an earlier visit) or "start"; and once the first
// game is shown and the page is idle, it lets the worker do its deferred work
// (after a normal start: keep a snapshot for the next visit). Then
// body[data-snapshot] says what was done: "saved", "restored", "failed" or "off".

// The first moments with the table belong to the person and the bots.
const SETTLE_MS = 2000;

/** How Python started: {boot} from Python.ready. */
export function markBoot({ boot }) {
  document.body.dataset.boot = boot;
}

/** After the first game is shown: the worker's deferred work, in idle time. */
export function afterFirstGame(python) {
  const run = async () => {
    const report = await python.idle();
    document.body.dataset.snapshot = report.snapshot;
  };
  setTimeout(() => {
    if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 5000 });
    else run();
  }, SETTLE_MS);
}
