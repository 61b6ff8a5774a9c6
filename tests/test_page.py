"""The page as browsers and installers read it: the web app manifest, the
message without JavaScript, and the runtime the memory-snapshot code was
checked against."""

from __future__ import annotations

import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

sys.path.remove(str(ROOT))


class Page(HTMLParser):
    """The <head> links and metas, and the text inside <noscript>."""

    def __init__(self) -> None:
        super().__init__()
        self.links: dict[str, str] = {}
        self.metas: dict[str, str] = {}
        self.noscript: list[str] = []
        self.tags_in_noscript: set[str] = set()
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "noscript":
            self._depth += 1
        elif self._depth:
            self.tags_in_noscript.add(tag)
        if tag == "link":
            self.links[a["rel"]] = a["href"]
        if tag == "meta" and "name" in a:
            self.metas[a["name"]] = a["content"]

    def handle_endtag(self, tag):
        if tag == "noscript":
            self._depth -= 1

    def handle_data(self, data):
        if self._depth and data.strip():
            self.noscript.append(" ".join(data.split()))


def page() -> Page:
    parser = Page()
    parser.feed((WEB / "index.html").read_text(encoding="utf-8"))
    return parser


def test_the_manifest_makes_the_game_installable():
    p = page()
    assert p.links["manifest"] == "./manifest.webmanifest"
    manifest = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"] and len(manifest["short_name"]) <= 12
    # Relative to the manifest, so the site works under any path.
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"] == p.metas["theme-color"]
    assert manifest["icons"]
    for icon in manifest["icons"]:
        assert (WEB / icon["src"]).is_file(), icon["src"]
        assert icon["type"] == build.CONTENT_TYPES[Path(icon["src"]).suffix]
        assert icon["sizes"] == "any"  # a scalable icon serves every size
    assert build.CONTENT_TYPES[".webmanifest"] == "application/manifest+json"


def test_without_javascript_the_page_says_so_in_both_languages():
    p = page()
    uk, en = p.noscript
    assert "JavaScript" in uk and "Тисяча" in uk
    assert "JavaScript" in en and "Thousand" in en
    assert p.tags_in_noscript <= {"div", "p"}  # words only: nothing to load or run


def test_snapshot_code_names_the_pinned_runtime():
    """Pyodide's snapshot options are private: a new runtime must be checked again
    (web/snapshot-worker.js) before its snapshots are used."""
    code = (WEB / "snapshot-worker.js").read_text(encoding="utf-8")
    verified = re.search(r'export const VERIFIED_RUNTIME = "([^"]+)";', code).group(1)
    assert verified == build.pyodide_version()
