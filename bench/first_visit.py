#!/usr/bin/env python3
"""Where a first visit's time goes beyond the bare runtime: the same start, piece by piece.

    python bench/first_visit.py [--rounds N] [--no-build]

Each round opens, in a fresh on-disk profile each, pages that add one piece at
a time to bench/load.py's "bare" page, up to the site itself, in alternating
order, and times each to its ready mark on the page's own clock:

- bare:      a module worker that starts Pyodide (bench/load.py's bare page);
- snapshot:  the same with `_makeSnapshot: true`, as the site's first start;
- game:      that, plus the wheel fetched beside the runtime, unpacked, and
             `thousand.web` imported;
- worker:    the site's own worker (web/worker.js) on an empty page, ready
             when it says so;
- page:      the site's page (index.html, its styles) with that worker but
             none of the page's modules;
- site:      the site itself, to an interactive table (<body data-ready>).

What a step adds over the one before is that piece's cost. The medians are
printed per page; the last line: `first visit: bare A s, ..., site F s`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402
from load import BARE_HTML, BARE_JS, INTERACTIVE, OVERLAY, READY_CLOCK, Profiles, clocked  # noqa: E402

JS = "text/javascript; charset=utf-8"
HTML = "text/html; charset=utf-8"


def bare_worker(options: str = "", then: str = "") -> bytes:
    return f"""import {{ BUILD }} from "./build-info.js";
const indexURL = new URL(BUILD.pyodideIndex, self.location.href).href;
const wheel = fetch(new URL(BUILD.wheel, self.location.href)).then((r) => r.arrayBuffer());
const {{ loadPyodide }} = await import(new URL("pyodide.mjs", indexURL).href);
const pyodide = await loadPyodide({{ indexURL{options} }});
pyodide.runPython("1 + 1");
{then}
postMessage("1");
""".encode()


GAME = """const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
pyodide.pyimport("thousand.web");"""
SITE_WORKER = b"""const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
worker.onmessage = (event) => { if (event.data.type === "ready") document.body.dataset.ready = "1"; };
"""
PAGES = ("bare", "snapshot", "game", "worker", "page", "site")


def overlay(dist: Path) -> dict:
    out = dict(OVERLAY)
    workers = {"snapshot": bare_worker(", _makeSnapshot: true"),
               "game": bare_worker(", _makeSnapshot: true", GAME)}
    for name, code in workers.items():
        out[f"/first-{name}.html"] = (BARE_HTML.replace(b"bench-bare.js", f"first-{name}.js".encode()), HTML)
        out[f"/first-{name}.js"] = (BARE_JS.replace(b"bench-bare-worker.js", f"first-{name}-worker.js".encode()), JS)
        out[f"/first-{name}-worker.js"] = (code, JS)
    out["/first-site-worker.js"] = (SITE_WORKER, JS)
    out["/first-worker.html"] = (BARE_HTML.replace(b"bench-bare.js", b"first-site-worker.js"), HTML)
    # The site's page with its scripts swapped for the bare start of the site's worker.
    page = (dist / "index.html").read_bytes()
    scripts = [line for line in page.splitlines(keepends=True) if b'<script type="module"' in line]
    if not scripts:
        raise SystemExit("index.html has no module scripts to replace")
    for line in scripts[1:]:
        page = page.replace(line, b"")
    page = page.replace(scripts[0], b'  <script type="module" src="./first-site-worker.js"></script>\n')
    out["/first-page.html"] = (page, HTML)
    return out


def url(base: str, name: str) -> str:
    return {"bare": base + "bench-bare.html", "site": base}.get(name, base + f"first-{name}.html")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if not args.no_build or not (build.DIST / "build-info.js").exists():
        build.build(quiet=True)
    server, base = build.serve_in_thread(build.DIST, overlay=overlay(build.DIST))
    times: dict[str, list[float]] = {name: [] for name in PAGES}
    try:
        with sync_playwright() as p:
            profiles = Profiles(p)
            try:
                # Round 0 is an untimed warm-up (the OS file cache, Chromium's own caches).
                for round_ in range(args.rounds + 1):
                    for name in PAGES if round_ % 2 else PAGES[::-1]:
                        context = profiles.new_context()
                        context.add_init_script(READY_CLOCK)
                        ready, _ = clocked(context.new_page(), url(base, name), INTERACTIVE)
                        context.close()
                        if round_:
                            times[name].append(ready)
                    if round_:
                        print(f"round {round_}: " + ", ".join(f"{n} {times[n][-1]:.2f}" for n in PAGES), flush=True)
            finally:
                profiles.close()
    finally:
        server.shutdown()
        server.server_close()
    print("first visit: " + ", ".join(f"{n} {statistics.median(times[n]):.2f} s" for n in PAGES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
