#!/usr/bin/env python3
"""Return visits restored from the memory snapshot (or first visits), side by side for two builds.

    python bench/restore.py [--other DIR] [--rounds N] [--visits N] [--cold] [--off-the-record] [--no-build]

Times a return visit on the page's own clock (seconds after navigation), so
the browser's set-up and Playwright's polling do not blur small differences:
when the worker's runtime module had loaded, when the stored snapshot had been
read and checked, when `loadPyodide` was done (the page's "python:*" marks)
and when the table became interactive (<body data-ready>). Each round opens
the site once (Python starts, the snapshot is kept), then comes back `--visits`
times. With `--other DIR` (another build's dist/, e.g. from a git worktree of
the commit before) the rounds alternate between the two, each going first in
every other round, so both see the same machine; the medians are printed per
build. Each round runs in a browser of its own with a new on-disk profile, as a
returning player's is (`--off-the-record`: contexts of one browser, as in
bench/load.py). With `--cold` each visit is a first visit instead, in a fresh
profile of its own (Python starts normally), timed to the same marks and to
when Python was ready. The last line:
`restore: interactive A s (this) vs B s (other), ratio R` (`cold: ...` with `--cold`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import (INTERACTIVE, PAGE_CLOCK, READY_CLOCK, STAGES, Profiles, first_visit, in_turn,  # noqa: E402
                  served_builds, timed_visit, wait_for)

FIGURES = {"runtime module": "python:runtime-module", "snapshot read": "python:snapshot-read",
           "loadPyodide done": "python:loaded", "interactive": "ready"}
COLD_FIGURES = {"worker running": "python:worker", "runtime module": "python:runtime-module",
                "loadPyodide done": "python:loaded", "Python ready": "python:python", "interactive": "ready"}


def marks_of(page) -> dict[str, float]:
    marks = page.evaluate(STAGES)
    marks["ready"] = page.evaluate(PAGE_CLOCK)
    return marks


def round_of_visits(new_context, base: str, visits: int) -> list[dict[str, float]]:
    context = new_context()
    context.add_init_script(READY_CLOCK)
    first_visit(context, base)
    out = []
    for _ in range(visits):
        page = context.new_page()
        page.goto(base, wait_until="commit")
        wait_for(page, base, INTERACTIVE)
        if page.get_attribute("body", "data-boot") != "snapshot":
            raise SystemExit(f"{base}: a return visit did not restore Python from the snapshot")
        time.sleep(0.5)  # let the page settle before the next visit
        out.append(marks_of(page))
        page.close()
    context.close()
    return out


def first_visits(new_context, base: str, visits: int) -> list[dict[str, float]]:
    out = []
    for _ in range(visits):
        context = new_context()
        context.add_init_script(READY_CLOCK)
        page = context.new_page()
        timed_visit(page, base, INTERACTIVE)
        out.append(marks_of(page))
        context.close()
    return out


def medians(visits: list[dict[str, float]], figures: dict[str, str]) -> dict[str, float]:
    return {name: statistics.median(v[key] for v in visits) for name, key in figures.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, help="another build's dist/ to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--visits", type=int, default=3, help="return visits per round")
    parser.add_argument("--cold", action="store_true", help="first visits, each in a fresh profile")
    parser.add_argument("--off-the-record", action="store_true",
                        help="off-the-record contexts of one browser instead of on-disk profiles")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    visit, figures, label = ((first_visits, COLD_FIGURES, "cold") if args.cold
                             else (round_of_visits, FIGURES, "restore"))
    with served_builds(args.other, args.no_build) as sites, sync_playwright() as p:
        results: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
        profiles = Profiles(p, args.off_the_record)
        try:
            for name, (_, base) in sites.items():  # untimed: primes the OS and Chromium caches
                visit(profiles.new_context, base, 1)
            for i in range(args.rounds):
                for name, (_, base) in in_turn(sites, i):
                    results[name] += visit(profiles.new_context, base, args.visits)
                print(f"round {i + 1}: " + "; ".join(
                    f"{name} interactive " + ", ".join(f"{v['ready']:.2f}" for v in results[name][-args.visits:])
                    for name in sites), flush=True)
        finally:
            profiles.close()
    table = {name: medians(visits, figures) for name, visits in results.items()}
    for name, (path, _) in sites.items():
        print(f"{name} ({path}): " + ", ".join(f"{k} {v:.2f} s" for k, v in table[name].items()))
    if "other" in table:
        a, b = table["this"]["interactive"], table["other"]["interactive"]
        print(f"{label}: interactive {a:.2f} s (this) vs {b:.2f} s (other), ratio {a / b:.2f}")
    else:
        print(f"{label}: interactive {table['this']['interactive']:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
