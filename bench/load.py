#!/usr/bin/env python3
"""Load-time benchmark of the site in headless Chromium on localhost.

    python bench/load.py [--runs N] [--no-build] [--off-the-record]

Measures, from the start of navigation to an interactive table (Python loaded,
the table rendered from its first view: <body data-ready="1">):

- cold: a fresh browser profile (empty HTTP cache, no service worker);
- warm-restore: a second visit in the same context, once the service worker and
  the memory snapshot of the first visit are stored: Python is restored from
  the snapshot (the page says so: <body data-boot="snapshot">); also when the
  saved table was drawn (<body data-preview>), before Python answered;
- warm-boot: a third visit with the snapshot deleted: service worker and HTTP
  cache, Python started normally (what "warm" measured before snapshots);
- bare: a page that only starts the same Pyodide runtime in a module worker
  and signals readiness; it is served by the benchmark only, never shipped.

Each profile is an on-disk one in a browser of its own, as a player's is. With
`--off-the-record` they are off-the-record contexts of one browser instead (the
figures of stops 13-20): there Chromium keeps the origin's files in memory and
a worker reads them through the browser process, so a return visit is slower
than a player's.

Each figure is on the page's own clock: from the start of navigation (the
moment a person opens the page) to <body data-ready>, seen by a mutation
observer in the page. The harness's clock (from `page.goto` until Playwright
sees the same mark) is printed beside it, in brackets: it adds Playwright's
polling, which lags the page by 0.04-0.3 s, and was the figure of record until
stop 21. Each figure is the median over the runs (after one untimed warm-up
run). Then, once, the cost of making the snapshot: how long Python is held
while its memory is copied, how long storing takes, and the longest wait of
calls to Python made meanwhile (a person's moves) against the same calls
before, and when each stage of the warm-restore's start ended (the page's
"python:*" performance marks). The last line is
`load: cold X s, warm Y s, bare Z s, ratio cold/bare R, warm/bare W`, where
warm is warm-restore.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
# The page sets data-ready="1" once Python is loaded and the table is rendered from
# Python's first view (it then takes clicks and keys; whose move comes first is the game's).
INTERACTIVE = "body[data-ready='1']"
BARE_READY = "body[data-ready='1']"
TIMEOUT_MS = 120_000

BARE_HTML = b"""<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,">
<script type="module" src="./bench-bare.js"></script>
</head><body></body></html>
"""
BARE_JS = b"""// Starts the bare worker; marks <body data-ready="1"> once Python runs.
const worker = new Worker(new URL("./bench-bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => { document.body.dataset.ready = event.data; };
"""
BARE_WORKER = b"""// The same runtime as the site, loaded the same way, and nothing else.
import { BUILD } from "./build-info.js";
const indexURL = new URL(BUILD.pyodideIndex, self.location.href).href;
const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
const pyodide = await loadPyodide({ indexURL });
pyodide.runPython("1 + 1");
postMessage("1");
"""
SNAPSHOT_HTML = BARE_HTML.replace(b"bare Pyodide", b"snapshot cost").replace(b"bench-bare.js", b"bench-snapshot.js")
SNAPSHOT_JS = b"""// The site's worker after a normal start: a game, then the snapshot is made
// while calls to Python keep coming, as a person's moves would.
import { Python } from "./js/python.js";

const python = new Python(() => {});
await python.ready;
await python.call("from_link", "?p=3&s=3&l=hard&r=std");
async function timedCall() {
  const t = performance.now();
  await python.call("state");
  const wait = performance.now() - t;
  await new Promise((resolve) => setTimeout(resolve, 20));
  return wait;
}
const before = [];
for (let i = 0; i < 40; i++) before.push(await timedCall());
let done = false;
const report = python.idle().then((r) => { done = true; return r; });
const during = [];
while (!done) during.push(await timedCall());
const result = { ...(await report), before: Math.max(...before), during: Math.max(...during), calls: during.length };
document.body.dataset.result = JSON.stringify(result);
"""
OVERLAY = {
    "/bench-bare.html": (BARE_HTML, "text/html; charset=utf-8"),
    "/bench-bare.js": (BARE_JS, "text/javascript; charset=utf-8"),
    "/bench-bare-worker.js": (BARE_WORKER, "text/javascript; charset=utf-8"),
    "/bench-snapshot.html": (SNAPSHOT_HTML, "text/html; charset=utf-8"),
    "/bench-snapshot.js": (SNAPSHOT_JS, "text/javascript; charset=utf-8"),
}
SNAPSHOT_SAVED = "body[data-snapshot='saved']"
# When each stage of the worker's start ended, in seconds after navigation (the
# page's "python:<stage>" performance marks, see web/js/python.js).
STAGES = """Object.fromEntries(performance.getEntries()
    .filter((m) => m.name.startsWith("python:")).map((m) => [m.name, (m.startTime + m.duration) / 1000]))"""
DRAWN = "body[data-preview], body[data-ready]"
# The page's own clock when it became interactive: what the figures above add
# on top of it is the browser's navigation set-up and the harness's polling.
PAGE_CLOCK = "window.__readyAt"
READY_CLOCK = """new MutationObserver((_, observer) => {
    if (document.body?.dataset.ready) { window.__readyAt = performance.now() / 1000; observer.disconnect(); }
}).observe(document, { attributes: true, subtree: true, childList: true });"""


def wait_for(page, url: str, selector: str) -> None:
    try:
        page.wait_for_selector(selector, state="attached", timeout=TIMEOUT_MS)
    except Exception:
        shot = ROOT / "artifacts" / "bench-load-timeout.png"
        shot.parent.mkdir(exist_ok=True)
        page.screenshot(path=str(shot))
        raise SystemExit(f"{url}: {selector!r} did not appear within {TIMEOUT_MS / 1000:.0f} s "
                         f"(screenshot: {shot.relative_to(ROOT)})")


def timed_visit(page, url: str, selector: str) -> float:
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    wait_for(page, url, selector)
    return time.perf_counter() - start


def clocked(page, url: str, selector: str) -> tuple[float, float]:
    """Seconds from navigation to `selector`: on the page's own clock (READY_CLOCK) and the harness's."""
    harness = timed_visit(page, url, selector)
    return page.evaluate(PAGE_CLOCK), harness


def timed_return_visit(page, url: str, until: str) -> tuple[float, float]:
    """Seconds until the table was first drawn (the saved one, or Python's) and until `until`."""
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    wait_for(page, url, DRAWN)
    drawn = time.perf_counter() - start
    wait_for(page, url, until)
    return drawn, time.perf_counter() - start


FIGURES = ("cold", "warm-restore", "warm-boot", "bare")


class Profiles:
    """Fresh browser contexts for the benchmarks: each in a browser of its own
    with a new on-disk profile (a player's), or off the record in one browser."""

    def __init__(self, playwright, off_the_record: bool = False):
        self.playwright = playwright
        self.browser = (playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                        if off_the_record else None)
        self.dirs: list[str] = []

    def new_context(self):
        if self.browser:
            return self.browser.new_context()
        self.dirs.append(tempfile.mkdtemp(prefix="thousand-profile-"))
        return self.playwright.chromium.launch_persistent_context(
            self.dirs[-1], executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)

    def close(self) -> None:
        if self.browser:
            self.browser.close()
        for path in self.dirs:
            shutil.rmtree(path, ignore_errors=True)


@contextlib.contextmanager
def served_builds(other: Path | None, no_build: bool):
    """dist/ ("this": built first, unless `no_build` and built already) and `other` (another build's
    dist/, if given) served on localhost while the block runs; yields {name: (dist, base URL)}."""
    if not no_build or not (build.DIST / "build-info.js").exists():
        build.build(quiet=True)
    sites = {"this": build.DIST}
    if other:
        sites["other"] = other.resolve()
    servers = {name: build.serve_in_thread(path) for name, path in sites.items()}
    try:
        yield {name: (sites[name], base) for name, (_, base) in servers.items()}
    finally:
        for server, _ in servers.values():
            server.shutdown()
            server.server_close()


def in_turn(builds: dict, i: int) -> list:
    """Round `i`'s order of the builds' items: each goes first in every other round, so both see the
    same machine."""
    order = list(builds.items())
    return order[::-1] if i % 2 else order


def wait_service_worker(page) -> None:
    page.evaluate("""async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
            await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
        }
    }""")


def first_visit(context, base: str) -> None:
    """A first visit in ``context``: Python starts, the precache completes and the memory
    snapshot is kept, so the next visit restores from it."""
    page = context.new_page()
    page.goto(base)
    wait_for(page, base, INTERACTIVE)
    wait_service_worker(page)
    wait_for(page, base, SNAPSHOT_SAVED)
    page.close()


def one_run(profiles: Profiles, base: str) -> dict[str, float]:
    errors: list[str] = []

    def watch(page):
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    out = {}
    # Cold, then the two warm visits in the same context.
    context = profiles.new_context()
    context.add_init_script(READY_CLOCK)
    page = watch(context.new_page())
    out["cold"], out["cold-harness"] = clocked(page, base, INTERACTIVE)
    wait_service_worker(page)  # the precache is complete: the next visit is warm
    wait_for(page, base, SNAPSHOT_SAVED)  # kept once the page is idle: the next visit restores it
    page.close()
    page = watch(context.new_page())
    out["drawn"], out["warm-restore-harness"] = timed_return_visit(page, base, INTERACTIVE)
    out["warm-restore"] = page.evaluate(PAGE_CLOCK)
    if page.get_attribute("body", "data-boot") != "snapshot":
        raise SystemExit("the second visit did not restore Python from the snapshot")
    out.update(page.evaluate(STAGES))
    page.evaluate("navigator.storage.getDirectory().then((root) => root.removeEntry('memory-snapshots', "
                  "{recursive: true})).catch(() => {})")
    page.close()
    page = watch(context.new_page())
    out["warm-boot"], out["warm-boot-harness"] = clocked(page, base, INTERACTIVE)
    context.close()

    # Bare Pyodide in a fresh context.
    context = profiles.new_context()
    context.add_init_script(READY_CLOCK)
    page = watch(context.new_page())
    out["bare"], out["bare-harness"] = clocked(page, base + "bench-bare.html", BARE_READY)
    context.close()
    if errors:
        raise SystemExit("console errors during the benchmark:\n" + "\n".join(errors))
    return out


def snapshot_cost(profiles: Profiles, base: str) -> dict:
    """Make a snapshot in the site's worker while calls keep coming; the worker's report."""
    context = profiles.new_context()
    page = context.new_page()
    page.goto(base + "bench-snapshot.html")
    wait_for(page, base + "bench-snapshot.html", "body[data-result]")
    result = json.loads(page.get_attribute("body", "data-result"))
    context.close()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--off-the-record", action="store_true",
                        help="off-the-record contexts of one browser instead of on-disk profiles")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if not args.no_build or not (build.DIST / "build-info.js").exists():
        build.build(quiet=True)
    server, base = build.serve_in_thread(build.DIST, overlay=OVERLAY)
    results = []
    try:
        with sync_playwright() as p:
            profiles = Profiles(p, args.off_the_record)
            try:
                # One untimed warm-up so the OS file cache and Chromium's own caches are primed.
                one_run(profiles, base)
                for i in range(args.runs):
                    r = one_run(profiles, base)
                    results.append(r)
                    print(f"run {i + 1}: " + ", ".join(
                        f"{k} {r[k]:.2f} s ({r[k + '-harness']:.2f})" for k in FIGURES), flush=True)
                cost = snapshot_cost(profiles, base)
            finally:
                profiles.close()
    finally:
        server.shutdown()
        server.server_close()
    med = {k: statistics.median(r[k] for r in results if k in r) for k in results[0]}
    cold, warm, bare = med["cold"], med["warm-restore"], med["bare"]
    # The machine may be busy: a run's visits are back to back, so the median of
    # the per-run ratios is steadier than the ratio of the medians.
    paired = statistics.median(r["cold"] / r["bare"] for r in results)
    paired_warm = statistics.median(r["warm-restore"] / r["bare"] for r in results)
    print(f"median of per-run ratios: cold/bare {paired:.2f}, warm/bare {paired_warm:.2f}")
    print("harness's clock: " + ", ".join(f"{k} {med[k + '-harness']:.2f} s" for k in FIGURES)
          + f"; warm-restore table drawn {med['drawn']:.2f} s")
    stages = [f"{k[len('python:'):]} {v:.2f}" for k, v in sorted(med.items(), key=lambda kv: kv[1])
              if k.startswith("python:")]
    print("warm-restore stages (s after navigation): " + ", ".join(stages))
    if cost.get("saved"):
        print(f"snapshot: {cost['bytes'] / 2**20:.1f} MiB ({cost['stored'] / 2**20:.1f} MiB stored), "
              f"Python held {cost['held']:.0f} ms, "
              f"stored in {cost['ms'] / 1000:.2f} s; longest call meanwhile {cost['during']:.0f} ms "
              f"({cost['calls']} calls; {cost['before']:.0f} ms before)")
    else:
        print(f"snapshot: not stored ({cost.get('why')})")
    print(f"load: cold {cold:.2f} s, warm {warm:.2f} s, bare {bare:.2f} s, "
          f"ratio cold/bare {cold / bare:.2f}, warm/bare {warm / bare:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
