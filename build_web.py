"""The page's files in dist/: copied from web/, then its modules bundled.

Part of build.py (see there for the layout of dist/).
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Callable

WEB_EXCLUDE = {"node_modules", "package.json", "package-lock.json", "sw.js"}


def copy_web(web: Path, dist: Path) -> None:
    """Copy the site's files from `web` (not the npm packages nor the service worker's template)."""
    for src in sorted(web.rglob("*")):
        rel = src.relative_to(web)
        if rel.parts[0] in WEB_EXCLUDE or any(p.startswith(".") for p in rel.parts):
            continue
        if "__pycache__" in rel.parts:
            continue
        dst = dist / rel
        if src.is_dir():
            dst.mkdir(parents=True, exist_ok=True)
        else:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)


# The page's modules as the site ships them: web/js/ keeps one feature per module, and
# esbuild (pinned in web/package.json) joins what app.js imports into js/app.js, so a
# visit asks for 4 scripts instead of about 35 (a return visit: interactive 0.55 s against
# 0.64 s, see BENCHMARKS.md). js/early.js (the worker's early start) and js/python.js stay
# entry points of their own, sharing one chunk, so the page has one Python. All of them
# live in js/, where the sources' own relative imports (../build-info.js, made per build
# and so not bundled) still point to the right file.
BUNDLES = {"js/app": "app.js", "js/early": "js/early.js", "js/python": "js/python.js"}


def bundle_web(web: Path, dist: Path, esbuild: Path, run: Callable[[list[str]], None]) -> None:
    """Replace the page's copied modules in `dist` with esbuild's bundles of them."""
    with tempfile.TemporaryDirectory(prefix="thousand-bundle-") as tmp:
        run([str(esbuild), *[f"{out}={web / src}" for out, src in BUNDLES.items()], "--bundle", "--splitting",
             "--format=esm", f"--outdir={tmp}", "--chunk-names=js/[name]-[hash]", "--external:*/build-info.js",
             "--log-level=warning", "--charset=utf8", "--legal-comments=none"])
        (dist / "app.js").unlink()
        for module in (dist / "js").glob("*.js"):
            module.unlink()
        for out in sorted(Path(tmp).rglob("*.js")):
            shutil.copyfile(out, dist / out.relative_to(tmp))
    page = dist / "index.html"
    html = page.read_text(encoding="utf-8")
    tag = '<script type="module" src="./app.js"></script>'
    if html.count(tag) != 1:
        raise SystemExit(f"web/index.html should load app.js once as {tag}")
    page.write_text(html.replace(tag, tag.replace("./app.js", "./js/app.js")), encoding="utf-8")
