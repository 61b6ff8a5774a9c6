"""Engine throughput: complete random-legal 3-player deals per second.

Plays uniformly random legal actions through the public API (``legal_actions``
and ``apply``) for a fixed time, starting a new game whenever one ends, and
counts finished deals (redeals included). Last line: ``engine: N deals/s``.

    python bench/engine.py [--seconds 10] [--players 3]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from thousand import Game  # noqa: E402


def run(seconds: float, players: int) -> tuple[int, int, float]:
    rng = random.Random(2026)  # the players' choices; the deals come from the engine's own PRNG
    deals = actions = 0
    seed = 0
    game = Game(players, seed)
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        rows = len(game.sheet.rows)
        while len(game.sheet.rows) == rows:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            actions += 1
        deals += len(game.sheet.rows) - rows
        if game.is_over:
            seed += 1
            game = Game(players, seed)
        if time.perf_counter() >= deadline:
            return deals, actions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    args = parser.parse_args()
    deals, actions, elapsed = run(args.seconds, args.players)
    print(f"python {sys.version.split()[0]}, {args.players} players, {elapsed:.1f} s: "
          f"{deals} deals, {actions} actions ({actions / elapsed:,.0f} actions/s)")
    print(f"engine: {deals / elapsed:,.0f} deals/s")


if __name__ == "__main__":
    main()
