"""Decision latency of the bots: ``python bench/bots.py [--deals N] [--players P] [--no-pyodide]``.

Each bot plays every seat of N deals (the same seeds for every bot) in one
process; every decision is timed, including the information-state copy, in
CPU time of the process (a machine shared with other jobs does not inflate
it; on a quiet machine the wall clock shows the same). The
"with a choice" figures leave out decisions with a single legal action. The
hard bot then plays the same deals again inside Pyodide under Node (the wheel
the site ships, built afresh), which is what a browser runs. The solver line
is the double-dummy solver's speed on fixed questions: the first trick of
``--deals`` 3-player deals, "does the declarer make the contract?". The last line is
``bots: hard p50 X ms p95 Y ms; pyodide hard p95 Z ms; medium p95 W ms``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = globals().get("__file__")  # absent when Pyodide runs this source
if HERE:
    sys.path.insert(0, str(Path(HERE).resolve().parent.parent))

from thousand import Game  # noqa: E402
from thousand.bots import BOT_LEVELS, decide, make_bot  # noqa: E402
from thousand.bots.dds import Solver  # noqa: E402

MARK = "@@RESULT@@"
NODE_SCRIPT = r'''
const [indexDir, wheelPath, src, players, deals] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + indexDir + "/").href);
const pyodide = await loadPyodide({ indexURL: indexDir + "/" });
await pyodide.loadPackage(wheelPath, { messageCallback: () => {} });
pyodide.globals.set("SRC", src);
const out = pyodide.runPython(`ns = {"__name__": "bench"}\nexec(SRC, ns)\nns["pyodide_main"](${players}, ${deals})`);
process.stdout.write("\n@@RESULT@@" + out + "\n");
'''


def cpu_clock() -> float:
    """CPU seconds of this process; in Pyodide under Node, of the Node process
    (Python's process_time there follows the wall clock)."""
    if sys.platform == "emscripten":
        import js

        usage = js.process.cpuUsage()
        return (usage.user + usage.system) / 1e6
    return time.process_time()


def percentile(values: list[float], q: float) -> float:
    """The arena's nearest-rank percentile of seconds, in milliseconds (imported here: Pyodide runs
    this source without the arena)."""
    from thousand.arena import percentile as rank

    return rank(values, q) * 1000


def measure(bot, players: int, deals: int) -> tuple[list[float], list[float]]:
    """Latencies (seconds) of all decisions and of those with more than one legal action."""
    every, chosen = [], []
    for seed in range(deals):
        game = Game(players, seed)
        rows = len(game.sheet.rows)
        while len(game.sheet.rows) == rows:
            start = cpu_clock()
            action = decide(bot, game)
            elapsed = cpu_clock() - start
            every.append(elapsed)
            if len(game.legal_actions()) > 1:
                chosen.append(elapsed)
            game.apply(action)
    return every, chosen


def first_tricks(deals: int) -> list[tuple]:
    """Solver questions: the first trick of each 3-player deal that the medium bots bid and play."""
    medium = make_bot("medium")
    out = []
    for seed in range(deals):
        game = Game(3, seed)
        deal = game.deal_no
        while game.phase != "play" and game.deal_no == deal:
            game.apply(decide(medium, game))
        if game.deal_no != deal:
            continue
        order = list(game.active)
        hands = [game.hands[s] for s in order]
        out.append((order.index(game.declarer), hands, order.index(game.to_move), game.contract))
    return out


def solver_speed(deals: int) -> tuple[int, int, float]:
    """Questions asked, nodes searched and CPU seconds spent."""
    questions = first_tricks(deals)
    nodes = 0
    start = time.process_time()
    for declarer, hands, leader, need in questions:
        solver = Solver(3, declarer)
        solver.made(hands, leader, -1, (), need)
        nodes += solver.nodes
    return len(questions), nodes, time.process_time() - start


def pyodide_main(players: int, deals: int) -> str:
    """Run inside Pyodide: the hard bot's latencies (ms) as JSON."""
    every, chosen = measure(make_bot("hard"), players, deals)
    return json.dumps({"every": every, "chosen": chosen})


def pyodide_run(players: int, deals: int) -> dict | None:
    """The hard bot's latencies in Pyodide under Node, or None (with the reason) when it cannot run."""
    root = Path(__file__).resolve().parent.parent
    runtime = root / "web" / "node_modules" / "pyodide"
    node = shutil.which("node")
    if not node or not (runtime / "pyodide.mjs").exists():
        print("pyodide: skipped (needs node and web/node_modules/pyodide: run `npm ci` in web/)")
        return None
    sys.path.insert(0, str(root))
    import build

    with tempfile.TemporaryDirectory(prefix="bench-bots-") as tmp:
        wheel = build.build_wheel(Path(tmp) / "wheel")
        script = Path(tmp) / "bench.mjs"
        script.write_text(NODE_SCRIPT, encoding="utf-8")
        proc = subprocess.run([node, str(script), str(runtime), str(wheel), Path(__file__).read_text(encoding="utf-8"),
                               str(players), str(deals)], capture_output=True, text=True)
    lines = [line for line in proc.stdout.splitlines() if line.startswith(MARK)]
    if proc.returncode or not lines:
        raise SystemExit(f"pyodide run failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    return json.loads(lines[-1][len(MARK):])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--no-pyodide", action="store_true", help="leave out the Pyodide run")
    args = parser.parse_args()
    questions, nodes, seconds = solver_speed(args.deals)
    print(f"solver: {questions} first-trick questions, {nodes} nodes in {seconds:.2f} s CPU: "
          f"{nodes / max(seconds, 1e-9):.0f} nodes/s, {1000 * seconds / max(questions, 1):.0f} ms per question")
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
    browser = "" if args.no_pyodide else pyodide_run(args.players, args.deals)
    if browser:
        every, chosen = browser["every"], browser["chosen"]
        print(f"pyodide hard {args.players}p: {len(every)} decisions: p50 {percentile(every, 0.5):.1f} ms "
              f"p95 {percentile(every, 0.95):.1f} ms max {percentile(every, 1.0):.0f} ms; "
              f"with a choice ({len(chosen)}): p95 {percentile(chosen, 0.95):.1f} ms")
        browser = f"; pyodide hard p95 {percentile(every, 0.95):.0f} ms"
    hard, medium = results["hard"], results["medium"]
    print(f"bots: hard p50 {percentile(hard, 0.5):.1f} ms p95 {percentile(hard, 0.95):.0f} ms{browser or ''}; "
          f"medium p95 {percentile(medium, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
