#!/usr/bin/env python3
"""Where a return visit's start spends its time: a Chromium trace of the worker.

    python bench/trace_restore.py [--no-build] [--bucket MS] [--trace FILE]

Opens the site once (Python starts, the memory snapshot is kept), comes back
once untraced, then traces a third visit with V8's sampling profiler on. It
prints, for the worker that runs Pyodide, what its thread did in each slice of
``--bucket`` ms after navigation (the functions it spent most samples in;
"busy" is the sampled time not idle, so a slice with little busy time is the
worker waiting: for a fetch, the cache or the disk), then the page's
"python:*" marks. A traced visit is slower than an untraced one; the shares are
what to read. The last line: `trace: worker busy X ms of Y ms to loaded`.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
from load import CHROMIUM_ARGS, INTERACTIVE, first_visit, wait_for  # noqa: E402

CATEGORIES = ["devtools.timeline", "v8", "disabled-by-default-v8.cpu_profiler", "blink.user_timing"]


def traced_visit(base: str, trace: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            context = browser.new_context()
            first_visit(context, base)
            page = context.new_page()  # untraced: warms the caches the traced visit reads
            page.goto(base)
            wait_for(page, base, INTERACTIVE)
            time.sleep(1)
            page.close()
            page = context.new_page()
            browser.start_tracing(page=page, path=str(trace), categories=CATEGORIES)
            page.goto(base)
            wait_for(page, base, INTERACTIVE)
            if page.get_attribute("body", "data-boot") != "snapshot":
                raise SystemExit("the traced visit did not restore Python from the snapshot")
            time.sleep(0.5)
            browser.stop_tracing()
        finally:
            browser.close()


def profiles(events: list[dict]) -> list[dict]:
    """The sampled CPU profiles in the trace, one per thread: start, nodes by id, samples, deltas (us)."""
    found: dict[tuple, dict] = collections.defaultdict(lambda: {"start": None, "nodes": {}, "samples": [],
                                                                 "deltas": []})
    for e in events:
        key = (e.get("pid"), e.get("id"))
        data = e.get("args", {}).get("data", {})
        if e.get("name") == "Profile":
            found[key]["start"] = data.get("startTime")
        elif e.get("name") == "ProfileChunk":
            cpu = data.get("cpuProfile", {})
            for node in cpu.get("nodes", []):
                found[key]["nodes"][node["id"]] = node
            found[key]["samples"] += cpu.get("samples", [])
            found[key]["deltas"] += data.get("timeDeltas", [])
    return [p for p in found.values() if p["start"] is not None]


def frame(node: dict) -> str:
    call = node["callFrame"]
    return f"{call.get('functionName') or '(anonymous)'}@{call.get('url', '').rsplit('/', 1)[-1]}"


def report(trace: Path, bucket_ms: int) -> str:
    raw = json.loads(trace.read_text())
    events = raw["traceEvents"] if isinstance(raw, dict) else raw
    starts = [e["ts"] for e in events if e.get("name") == "navigationStart"]
    if not starts:
        raise SystemExit("no navigation in the trace")
    nav = min(starts)
    worker = next((p for p in profiles(events)
                   if any("pyodide.asm.mjs" in frame(n) for n in p["nodes"].values())), None)
    if worker is None:
        raise SystemExit("no profile of Pyodide's worker in the trace")
    slices: dict[int, collections.Counter] = collections.defaultdict(collections.Counter)
    t = worker["start"]
    for sample, delta in zip(worker["samples"], worker["deltas"]):
        t += delta
        node = worker["nodes"].get(sample)
        if node and not frame(node).startswith("(idle)"):
            slices[int((t - nav) / 1000 // bucket_ms)][frame(node)] += delta / 1000
    marks = {e["name"]: (e["ts"] - nav) / 1000 for e in events
             if e.get("name", "").startswith("python:") and "user_timing" in e.get("cat", "")}
    loaded = marks.get("python:loaded", max(slices, default=0) * bucket_ms)
    busy_total = 0.0
    for b in range(min(slices, default=0), int(loaded // bucket_ms) + 1):
        c = slices.get(b, collections.Counter())
        busy = sum(c.values())
        busy_total += busy
        top = ", ".join(f"{name} {ms:.0f}" for name, ms in c.most_common(4))
        print(f"{b * bucket_ms:6d} ms  busy {busy:4.0f}  {top}")
    for name, at in sorted(marks.items(), key=lambda kv: kv[1]):
        print(f"{name}: {at:.0f} ms")
    return f"trace: worker busy {busy_total:.0f} ms of {loaded:.0f} ms to loaded"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--bucket", type=int, default=50, help="slice width in ms")
    parser.add_argument("--trace", type=Path, help="keep the trace here (default: a temporary file)")
    args = parser.parse_args(argv)
    if not args.no_build or not (build.DIST / "build-info.js").exists():
        build.build(quiet=True)
    server, base = build.serve_in_thread(build.DIST)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            trace = args.trace or Path(tmp) / "trace.json"
            traced_visit(base, trace)
            print(report(trace, args.bucket))
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
