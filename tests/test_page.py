"""The page's code against what it relies on: the runtime whose private
memory-snapshot options web/snapshot-worker.js was checked against."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

sys.path.remove(str(ROOT))


def test_snapshot_code_names_the_pinned_runtime():
    """Pyodide's snapshot options are private: a new runtime must be checked again
    (web/snapshot-worker.js) before its snapshots are used."""
    code = (WEB / "snapshot-worker.js").read_text(encoding="utf-8")
    verified = re.search(r'export const VERIFIED_RUNTIME = "([^"]+)";', code).group(1)
    assert verified == build.pyodide_version()
