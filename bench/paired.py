"""Two arena runs of the same deal sets, compared set by set.

    python -m thousand.arena --players 3 --bots hard,medium --sets 200 --seed 51 --per-set before.jsonl
    (change the bot)
    python -m thousand.arena --players 3 --bots hard,medium --sets 200 --seed 51 --per-set after.jsonl
    python bench/paired.py before.jsonl after.jsonl

The arena's deals and bots are deterministic, so a set on which the change
altered no decision scores the same in both runs: the paired difference of
each set's edge (first bot minus second) has far less noise than either
run's edge, and a change can be judged on fewer sets. Prints the edge in
each run, the change with its 95% CI, and how many sets it changed, e.g.
``paired: hard vs medium: +7.9 -> +9.1, change +1.2 (95% CI +0.3..+2.1) over 200 sets, 61 changed``.

Two different bots on the same sets compare the same way: ``--after-bots
cheater-play,medium`` reads the second file's edge for those bots, and the
change is what the second bot adds over the first, set by set.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thousand.arena import mean_ci  # noqa: E402


def load(path: str) -> dict[int, dict[str, float]]:
    with open(path, encoding="utf-8") as f:
        return {row["seed"]: row["means"] for row in map(json.loads, f) if row}


def main(argv: list[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--bots", default="hard,medium", help="the bot whose edge is measured, then its opponent")
    parser.add_argument("--after-bots", help="the second file's two bots, if not the same (default: --bots)")
    args = parser.parse_args(argv)
    a, b = args.bots.split(",")
    c, d = (args.after_bots or args.bots).split(",")
    before, after = load(args.before), load(args.after)
    seeds = sorted(set(before) & set(after))
    if len(seeds) < 2:
        raise SystemExit("paired: fewer than two deal sets in common")
    edge_before = [before[s][a] - before[s][b] for s in seeds]
    edge_after = [after[s][c] - after[s][d] for s in seeds]
    change = [y - x for x, y in zip(edge_before, edge_after)]
    m, h = mean_ci(change)
    names = f"{a} vs {b}" if (a, b) == (c, d) else f"{a} vs {b} -> {c} vs {d}"
    line = (f"paired: {names}: {mean_ci(edge_before)[0]:+.1f} -> {mean_ci(edge_after)[0]:+.1f}, "
            f"change {m:+.1f} (95% CI {m - h:+.1f}..{m + h:+.1f}) over {len(seeds)} sets, "
            f"{sum(abs(c) > 1e-9 for c in change)} changed")
    print(line)
    return line


if __name__ == "__main__":
    main()
