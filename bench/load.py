#!/usr/bin/env python3
"""Load-time benchmark of the site in headless Chromium on localhost.

    python bench/load.py [--runs N] [--no-build] [--until SELECTOR]

Measures, from the start of navigation to an interactive table (Python loaded,
the table rendered from its first view: <body data-ready="1">):

- cold: a fresh browser context (empty HTTP cache, no service worker);
- warm: a second visit in the same context (service worker + HTTP cache);
- bare: a page that only starts the same Pyodide runtime in a module worker
  and signals readiness; it is served by the benchmark only, never shipped.

Each figure is the median over the runs (after one untimed warm-up run). The
last line printed is
`load: cold X s, warm Y s, bare Z s, ratio cold/bare R`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
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
OVERLAY = {
    "/bench-bare.html": (BARE_HTML, "text/html; charset=utf-8"),
    "/bench-bare.js": (BARE_JS, "text/javascript; charset=utf-8"),
    "/bench-bare-worker.js": (BARE_WORKER, "text/javascript; charset=utf-8"),
}


def timed_visit(page, url: str, selector: str) -> float:
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    try:
        page.wait_for_selector(selector, state="attached", timeout=TIMEOUT_MS)
    except Exception:
        shot = ROOT / "artifacts" / "bench-load-timeout.png"
        shot.parent.mkdir(exist_ok=True)
        page.screenshot(path=str(shot))
        raise SystemExit(f"{url}: {selector!r} did not appear within {TIMEOUT_MS / 1000:.0f} s "
                         f"(screenshot: {shot.relative_to(ROOT)})")
    return time.perf_counter() - start


def wait_service_worker(page) -> None:
    page.evaluate("""async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
            await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
        }
    }""")


def one_run(browser, base: str, until: str) -> tuple[float, float, float]:
    errors: list[str] = []

    def watch(page):
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))

    # Cold, then warm in the same context.
    context = browser.new_context()
    page = context.new_page()
    watch(page)
    cold = timed_visit(page, base, until)
    wait_service_worker(page)  # the precache is complete: the next visit is warm
    page.close()
    page = context.new_page()
    watch(page)
    warm = timed_visit(page, base, until)
    context.close()

    # Bare Pyodide in a fresh context.
    context = browser.new_context()
    page = context.new_page()
    watch(page)
    bare = timed_visit(page, base + "bench-bare.html", BARE_READY)
    context.close()
    if errors:
        raise SystemExit("console errors during the benchmark:\n" + "\n".join(errors))
    return cold, warm, bare


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--until", default=INTERACTIVE,
                        help=f"selector of the interactive table (default {INTERACTIVE!r})")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if not args.no_build or not (build.DIST / "build-info.js").exists():
        build.build(quiet=True)
    server, base = build.serve_in_thread(build.DIST, overlay=OVERLAY)
    results = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            try:
                # One untimed warm-up so the OS file cache and Chromium's own caches are primed.
                one_run(browser, base, args.until)
                for i in range(args.runs):
                    cold, warm, bare = one_run(browser, base, args.until)
                    results.append((cold, warm, bare))
                    print(f"run {i + 1}: cold {cold:.2f} s, warm {warm:.2f} s, bare {bare:.2f} s", flush=True)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    cold, warm, bare = (statistics.median(col) for col in zip(*results))
    # The machine may be busy: a run's cold and bare visits are back to back, so the
    # median of the per-run ratios is steadier than the ratio of the medians.
    paired = statistics.median(c / b for c, _, b in results)
    print(f"median of per-run ratios cold/bare: {paired:.2f}")
    print(f"load: cold {cold:.2f} s, warm {warm:.2f} s, bare {bare:.2f} s, ratio cold/bare {cold / bare:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
