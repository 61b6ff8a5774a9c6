"""Stage releases of the site for the tests: copies that a deploy would make."""

from __future__ import annotations

import shutil

import build


def marked_copy(src, dst, marker: str) -> None:
    """A copy of the site whose page carries `marker`, as a new release would:
    its own build id (in build-info.js and sw.js), hence its own caches."""
    shutil.copytree(src, dst)
    index = dst / "index.html"
    index.write_text(index.read_text(encoding="utf-8").replace("</body>", f"<!-- {marker} -->\n</body>"),
                     encoding="utf-8")
    build.write_service_worker(dst, build.project_version())
