"""Running the page's modules (web/js/) in Node with stand-ins for what a browser gives them."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"

# A stand-in local storage, `store` (a Map) holding its items; a script may fill it before its imports.
STORAGE = r"""
const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
  key: (i) => [...store.keys()][i] ?? null,
  get length() { return store.size; },
};
"""


def run_script(script: str, root: Path) -> dict:
    """Run `script` (an ES module printing one JSON value) with the site's root URL as its argument:
    web/js/ is copied under `root`, beside a stand-in build-info.js (build.py writes the real one)."""
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed (CI has Node 20)")
    shutil.copytree(WEB / "js", root / "js")
    (root / "build-info.js").write_text("export const BUILD = {};\n", encoding="utf-8")
    path = root / "script.mjs"
    path.write_text(STORAGE + script, encoding="utf-8")
    done = subprocess.run([node, str(path), root.as_uri()], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)
