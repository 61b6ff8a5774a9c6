"""The built wheel, run inside Pyodide under Node, plays exactly like CPython.

Seeded games for 2, 3 and 4 players, under the house rules and the other
presets, are played by policies that depend on the game only (a fixed pick
among the legal actions, and the seeded bots), once in CPython from the sources
and once in Pyodide (the npm package pinned in web/package.json) from the wheel
that the site ships. Records and score sheets must be identical.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "web" / "node_modules" / "pyodide"
MARK = "@@RESULT@@"

# Run verbatim by both runtimes; `run(cases)` returns a JSON string.
PLAY_SRC = r'''
import json
from thousand import Game, Record

def pick_policy(game, k):
    acts = game.legal_actions()
    return acts[(k * 7 + game.seed) % len(acts)]

def bot_policy_factory(level):
    try:
        from thousand.bots import decide, make_bot
    except ImportError:
        return None
    bots = {}
    def policy(game, k):
        return decide(bots.setdefault(level, make_bot(level)), game)
    return policy

def play(players, seed, policy_name, max_moves, rules="std"):
    if rules == "std":
        game = Game(players=players, seed=seed)
    else:
        from thousand.rules import resolve
        game = Game(players=players, seed=seed, rules=resolve(rules))
    policy = pick_policy if policy_name == "pick" else bot_policy_factory(policy_name)
    if policy is None:
        return None
    k = 0
    while not game.is_over and k < max_moves:
        game.apply(policy(game, k))
        k += 1
    record = str(game.record())
    replayed = Game.replay(Record.parse(record))
    return {
        "moves": k,
        "over": game.is_over,
        "record": record,
        "totals": list(game.sheet.totals),
        "sheet": game.sheet.to_json(),
        "replay_same": str(replayed.record()) == record and replayed.sheet.totals == game.sheet.totals,
        "view": game.view(0),
    }

def run(cases):
    return json.dumps([play(*case) for case in cases], sort_keys=True)
'''

CASES = [
    # players, seed, policy, max moves
    (2, 1, "pick", 1500),
    (2, 20261202, "pick", 1500),
    (3, 7, "pick", 1500),
    (3, 1000, "pick", 1500),
    (4, 3, "pick", 1500),
    (4, 99, "pick", 1500),
    (3, 42, "easy", 4000),
    (2, 5, "easy", 4000),
    (4, 11, "easy", 4000),
    (3, 42, "easy", 4000, "ru"),
    (4, 7, "medium", 4000, "pl"),
    (3, 5, "pick", 1500, "bl-am-gold-mb-s5-wh14"),
]

NODE_SCRIPT = r'''
const [indexDir, wheelPath, casesJson, src] = process.argv.slice(2);
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + indexDir + "/").href);
const pyodide = await loadPyodide({ indexURL: indexDir + "/" });
await pyodide.loadPackage(wheelPath, { messageCallback: () => {} });
pyodide.runPython(src);
pyodide.globals.set("CASES_JSON", casesJson);
const out = pyodide.runPython("import json as _j; run([tuple(c) for c in _j.loads(CASES_JSON)])");
process.stdout.write("\n@@RESULT@@" + out + "\n");
'''


def cpython_run(cases) -> list:
    sys.path.insert(0, str(ROOT))
    try:
        namespace: dict = {}
        exec(compile(PLAY_SRC, "<play>", "exec"), namespace)
        return json.loads(namespace["run"](cases))
    finally:
        sys.path.remove(str(ROOT))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel the site ships (dist/), or a fresh build of it from the sources."""
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    if os.environ.get("THOUSAND_DIST_BUILT") == "1":
        built = sorted((build.DIST / "wheels").glob(f"*/thousand-{build.project_version()}-py3-none-any.whl"))
        if len(built) == 1:
            return built[0]
    return build.build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def node() -> str:
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed (CI has Node 20)")
    if not (PYODIDE_DIR / "pyodide.mjs").exists():
        pytest.skip("web/node_modules/pyodide is missing: run `npm ci` in web/ (python build.py does)")
    return node


def pyodide_run(node: str, wheel: Path, cases, tmp_path: Path) -> list:
    script = tmp_path / "play.mjs"
    script.write_text(NODE_SCRIPT, encoding="utf-8")
    proc = subprocess.run(
        [node, str(script), str(PYODIDE_DIR), str(wheel), json.dumps(cases), PLAY_SRC],
        capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 0, f"node failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    lines = [line for line in proc.stdout.splitlines() if line.startswith(MARK)]
    assert lines, f"no result from Pyodide:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return json.loads(lines[-1][len(MARK):])


def test_wheel_in_pyodide_matches_cpython(node, wheel, tmp_path):
    expected = cpython_run(CASES)
    got = pyodide_run(node, wheel, CASES, tmp_path)
    assert len(got) == len(expected) == len(CASES)
    for case, want, have in zip(CASES, expected, got):
        if want is None:  # no bots in this version of the package
            assert have is None, case
            continue
        assert want["moves"] > 0 and want["replay_same"], case
        assert have["record"] == want["record"], f"records differ for {case}"
        assert have["totals"] == want["totals"], f"totals differ for {case}"
        assert have["sheet"] == want["sheet"], f"score sheets differ for {case}"
        assert have == want, f"results differ for {case}"
    # The bots finish their games, so whole games to 1000 are compared too.
    assert any(r and r["over"] for r in expected), "no seeded game reached its end"
