"""The solver against an earlier version of itself, side by side in one process:
``python bench/solver_ab.py --against REV [--deals N] [--rounds R]``.

The questions are those of ``bench/bots.py``'s solver line (the first trick of
N 3-player deals: "does the declarer make the contract?"). ``thousand/bots/dds.py``
at git revision REV is loaded beside the current one, and the two answer the same
questions in turn, R rounds interleaved, so a busy machine slows both alike.
The last line is ``solver: new/old CPU ratio X (nodes A vs B)``.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bots import first_tricks  # noqa: E402
from thousand.bots.dds import Solver  # noqa: E402


def old_solver(rev: str) -> type:
    """The Solver class of thousand/bots/dds.py at ``rev`` (imported as a module of the package)."""
    source = subprocess.run(["git", "show", f"{rev}:thousand/bots/dds.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("thousand.bots._dds_ab", loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "thousand.bots"
    sys.modules[spec.name] = module
    exec(compile(source, f"{rev}:thousand/bots/dds.py", "exec"), module.__dict__)
    return module.Solver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, help="a git revision")
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    questions = first_tricks(args.deals)
    solvers = {"old": old_solver(args.against), "new": Solver}
    spent = {name: [0, 0.0] for name in solvers}
    for _ in range(args.rounds):
        for name, make in solvers.items():
            start = time.process_time()
            for declarer, hands, leader, need in questions:
                solver = make(3, declarer)
                solver.made(hands, leader, -1, (), need)
                spent[name][0] += solver.nodes
            spent[name][1] += time.process_time() - start
    for name, (nodes, seconds) in spent.items():
        print(f"{name}: {nodes} nodes in {seconds:.2f} s CPU, {nodes / seconds:.0f} nodes/s")
    print(f"solver: new/old CPU ratio {spent['new'][1] / spent['old'][1]:.2f} "
          f"(nodes {spent['new'][0]} vs {spent['old'][0]})")


if __name__ == "__main__":
    main()
