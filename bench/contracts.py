"""How well the hard bot's contract choice is calibrated: ``python bench/contracts.py [--sets N] [--seed S]``.

Plays the arena's deal sets (hard and medium in every seating, one deal each,
the same seeds as ``python -m thousand.arena --seed S``) and, at each contract
the hard bot sets, records what it believed (the weighted share of sampled
worlds in which each contract is made with the double-dummy margin) beside
what happened: the declarer's points at the end of the deal and the
double-dummy value of the true deal. Prints how often contracts believed
made with a given share were made, and, for the contracts believed sure,
how often one step higher (10 more) would have been made against what the
bot believed of it. A raise of 10 on a contract ``c`` pays only if it is made
more than about (2c + 10) / (2c + 20) of the time (96% at 120), so what
matters is whether the bot stops short of raises that real play makes that
often. The last line is
``contracts: N played, made X%; sure, next believed below 90%: made one higher in Y% of M``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thousand import Game  # noqa: E402
from thousand.arena import make, seatings  # noqa: E402
from thousand.bots import decide  # noqa: E402
from thousand.bots import hard  # noqa: E402
from thousand.bots.dds import Solver  # noqa: E402
from thousand.game import CONTRACT  # noqa: E402

BINS = ((0.0, 0.7), (0.7, 0.9), (0.9, 0.99), (0.99, 1.01))


def play(sets: int, seed: int) -> list[dict]:
    """One record per contract the hard bot set in a played deal."""
    beliefs: list[dict] = []
    chosen = hard.choose_contract

    def recording(info, values, reach):
        action = chosen(info, values, reach)
        beliefs.append({"values": values, "p": [hard.share(reach, v) for v in values]})
        return action

    hard.choose_contract = recording
    records = []
    try:
        for i in range(sets):
            for seating in seatings(["hard", "medium"], 3):
                bots = {name: make(name) for name in set(seating)}
                game = Game(3, seed * 1_000_003 + i)
                start = len(game.sheet.rows)
                beliefs.clear()
                truth = None
                while len(game.sheet.rows) == start:
                    if game.phase == CONTRACT and seating[game.to_move] == "hard":
                        solver = Solver(3, game.to_move, True, 0, budget=10**8, rules=game.rules, took=0)
                        truth = solver.value(list(game.hands), game.to_move, -1, ())
                    game.apply(decide(bots[seating[game.to_move]], game))
                last = game.last_deal
                if beliefs and last and last["kind"] == "played" and truth is not None:
                    d = last["declarer"]
                    belief = beliefs[-1]
                    at = belief["values"].index(last["contract"])
                    records.append(dict(belief, contract=last["contract"], made=last["made"], truth=truth,
                                        points=last["trick_points"][d] + last["meld_points"][d],
                                        believed=belief["p"][at],
                                        next_believed=belief["p"][at + 1] if at + 1 < len(belief["p"]) else None))
    finally:
        hard.choose_contract = chosen
    return records


def report(records: list[dict]) -> str:
    def pct(rows, test) -> str:
        return f"{100 * sum(map(test, rows)) / len(rows):.1f}%" if rows else "-"

    print(f"{len(records)} contracts set by the hard bot and played")
    print("believed made | contracts | made | 10 more made | 20 more made")
    for lo, hi in BINS:
        rows = [r for r in records if lo <= r["believed"] < hi]
        print(f"{lo:.2f}..{min(hi, 1):.2f} | {len(rows)} | {pct(rows, lambda r: r['made'])} | "
              f"{pct(rows, lambda r: r['points'] >= r['contract'] + 10)} | "
              f"{pct(rows, lambda r: r['points'] >= r['contract'] + 20)}")
    sure = [r for r in records if r["believed"] >= 0.99 and r["next_believed"] is not None]
    print("sure contracts by the belief in the next one | contracts | 10 more made | 10 more in the true deal's value")
    for lo, hi in ((0.0, 0.01), (0.01, 0.5), (0.5, 0.9), (0.9, 1.01)):
        rows = [r for r in sure if lo <= r["next_believed"] < hi]
        print(f"{lo:.2f}..{min(hi, 1):.2f} | {len(rows)} | {pct(rows, lambda r: r['points'] >= r['contract'] + 10)} | "
              f"{pct(rows, lambda r: r['truth'] >= r['contract'] + 10)}")
    below = [r for r in sure if r["next_believed"] < 0.9]
    return (f"contracts: {len(records)} played, made {pct(records, lambda r: r['made'])}; sure, next believed "
            f"below 90%: made one higher in {pct(below, lambda r: r['points'] >= r['contract'] + 10)} of {len(below)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=int, default=100)
    parser.add_argument("--seed", type=int, default=51)
    args = parser.parse_args(argv)
    print(report(play(args.sets, args.seed)))


if __name__ == "__main__":
    main()
