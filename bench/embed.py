#!/usr/bin/env python3
"""An embed link whose bots play the first moves: how soon a table shows, and the position.

    python bench/embed.py [--other DIR] [--rounds N] [--query Q] [--no-build]

Opens `--query` (default: a share link's example where the hard bots play 100
moves, the slowest kind of embed link) in a fresh profile each time and times,
on the page's own clock (seconds after navigation):

- python: Python ready (the page's "python:python" mark);
- table: the first table drawn (a card in the hand), which a rules site's
  reader sees instead of a blank box;
- final: the example at its position, taking the reader's moves (<body data-ready>).

With `--other DIR` (another build's dist/, e.g. of the commit before, built in a
git worktree) the visits alternate between the two builds, each going first in
every other round. The medians are printed per build; the last line:
`embed: table A s, final B s (this) vs table C s, final D s (other)`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import INTERACTIVE, STAGES, Profiles, in_turn, served_builds, wait_for  # noqa: E402

QUERY = "?embed=1&p=2&s=2&l=hard&r=std&at=100"
CLOCK = """window.__embed = {};
new MutationObserver(() => {
    const at = performance.now() / 1000;
    if (window.__embed.table === undefined && document.querySelector("#hand [data-card]")) window.__embed.table = at;
    if (window.__embed.final === undefined && document.body?.dataset.ready) window.__embed.final = at;
}).observe(document, { attributes: true, subtree: true, childList: true });"""
FIGURES = ("python", "table", "final")


def visit(new_context, url: str) -> dict[str, float]:
    context = new_context()
    try:
        context.add_init_script(CLOCK)
        page = context.new_page()
        page.goto(url, wait_until="commit")
        wait_for(page, url, INTERACTIVE)
        marks = page.evaluate("window.__embed")
        marks["python"] = page.evaluate(STAGES)["python:python"]
        return marks
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, help="another build's dist/ to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--query", default=QUERY)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    with served_builds(args.other, args.no_build) as sites, sync_playwright() as p:
        results: dict[str, list[dict[str, float]]] = {name: [] for name in sites}
        profiles = Profiles(p)
        try:
            for name, (_, base) in sites.items():  # untimed: primes the OS and Chromium caches
                visit(profiles.new_context, base + args.query)
            for i in range(args.rounds):
                for name, (_, base) in in_turn(sites, i):
                    results[name].append(visit(profiles.new_context, base + args.query))
                print(f"round {i + 1}: " + "; ".join(
                    f"{name} " + ", ".join(f"{k} {results[name][-1][k]:.2f}" for k in FIGURES)
                    for name in sites), flush=True)
        finally:
            profiles.close()
    table = {name: {k: statistics.median(v[k] for v in visits) for k in FIGURES} for name, visits in results.items()}
    for name, (path, _) in sites.items():
        print(f"{name} ({path}): " + ", ".join(f"{k} {v:.2f} s" for k, v in table[name].items()))
    print("embed: " + " vs ".join(f"table {table[name]['table']:.2f} s, final {table[name]['final']:.2f} s ({name})"
                                  for name in sites))
    return 0


if __name__ == "__main__":
    sys.exit(main())
