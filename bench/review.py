"""Time of the full review of a deal: ``python bench/review.py [--deals N] [--budget NODES] [--cpu]``.

Deals are the first deals of ``Game(3, seed)`` for seeds 0..N-1, bid and played
by medium bots; each is reviewed for seat 0 as the page does after a deal
(the par, its bids, the gifts, the contract and every card play of that seat). The last line is
``review: deal p50 X s p95 Y s`` with the share of decisions left unvalued
because a solve ran past the node budget.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thousand import Game  # noqa: E402
from thousand.arena import percentile  # noqa: E402
from thousand.bots import decide, make_bot  # noqa: E402
from thousand.review import DEFAULT_BUDGET, last_deal, review_deal  # noqa: E402


def played_deal(seed: int) -> Game:
    game = Game(3, seed)
    bot = make_bot("medium")
    while not any(row.kind != "redeal" for row in game.sheet.rows):
        game.apply(decide(bot, game))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--cpu", action="store_true",
                        help="time in CPU seconds of this process (for a busy machine), not wall seconds")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    times, decisions, unvalued, no_par = [], 0, 0, 0
    for seed in range(args.deals):
        start, moves = last_deal(played_deal(seed))
        began = clock()
        out = review_deal(start, moves, seat=0, budget=args.budget)
        times.append(clock() - began)
        mine = [s for s in out["steps"] if s["seat"] == 0 and
                (s["kind"] in ("play", "meld", "contract") or "gifts" in s or
                 s["kind"] in ("bid", "pass") and "value" in s)]
        decisions += len(mine)
        unvalued += sum("loss" not in s for s in mine)
        no_par += out["kind"] == "played" and out["par"] is None
    print(f"{args.deals} deals, {decisions} decisions of seat 0, {unvalued} unvalued (budget {args.budget} nodes), "
          f"{no_par} played deals without a par; max {max(times):.2f} s")
    if args.cpu:
        print("(CPU seconds)")
    print(f"review: deal p50 {percentile(times, 0.5):.2f} s p95 {percentile(times, 0.95):.2f} s")


if __name__ == "__main__":
    main()
