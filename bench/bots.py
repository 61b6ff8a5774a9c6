"""Decision latency of the bots: ``python bench/bots.py [--deals N] [--players P]``.

Each bot plays every seat of N deals (the same seeds for every bot) in one
process; every decision is timed, including the information-state copy. The
"with a choice" figures leave out decisions with a single legal action. The
last line is ``bots: hard p50 X ms p95 Y ms; medium p95 Z ms`` (all decisions).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thousand import Game  # noqa: E402
from thousand.bots import BOT_LEVELS, decide, make_bot  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


def measure(bot, players: int, deals: int) -> tuple[list[float], list[float]]:
    """Latencies (seconds) of all decisions and of those with more than one legal action."""
    every, chosen = [], []
    for seed in range(deals):
        game = Game(players, seed)
        rows = len(game.sheet.rows)
        while len(game.sheet.rows) == rows:
            start = time.perf_counter()
            action = decide(bot, game)
            elapsed = time.perf_counter() - start
            every.append(elapsed)
            if len(game.legal_actions()) > 1:
                chosen.append(elapsed)
            game.apply(action)
    return every, chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    args = parser.parse_args()
    results = {}
    for level in BOT_LEVELS:
        bot = make_bot(level)
        every, chosen = measure(bot, args.players, args.deals)
        results[level] = every
        print(f"{level:6s} {args.players}p: {len(every)} decisions: p50 {percentile(every, 0.5):.1f} ms "
              f"p95 {percentile(every, 0.95):.1f} ms max {percentile(every, 1.0):.0f} ms; "
              f"with a choice ({len(chosen)}): p50 {percentile(chosen, 0.5):.1f} ms "
              f"p95 {percentile(chosen, 0.95):.1f} ms")
        if level == "hard":
            searched = bot.searched
            plays = sum(searched.values())
            short = sum(k for w, k in searched.items() if w < bot.min_worlds)
            worlds = sum(w * k for w, k in searched.items()) / max(plays, 1)
            print(f"hard   searched card plays: {plays}, {worlds:.1f} worlds solved on average, "
                  f"{100 * short / max(plays, 1):.0f}% fell back to the medium move (too few worlds within budget)")
    hard, medium = results["hard"], results["medium"]
    print(f"bots: hard p50 {percentile(hard, 0.5):.1f} ms p95 {percentile(hard, 0.95):.0f} ms; "
          f"medium p95 {percentile(medium, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
