"""build.py assembles a complete, self-hosted, deterministic site."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

sys.path.remove(str(ROOT))


def tree_digest(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    if not shutil.which("npm") and not (build.PYODIDE_PKG / "pyodide.mjs").exists():
        pytest.skip("npm is needed to install the Pyodide runtime")
    site = tmp_path_factory.mktemp("site") / "dist"
    build.build(site, quiet=True)
    return site


def build_info(site: Path) -> dict:
    text = (site / "build-info.js").read_text(encoding="utf-8")
    m = re.fullmatch(r"(?s)//[^\n]*\nexport const BUILD = (\{.*\});\n", text)
    assert m, text
    return json.loads(m.group(1))


def test_layout_and_build_info(site):
    info = build_info(site)
    assert info["version"] == build.project_version()
    assert info["pyodideIndex"] == f"pyodide/{build.pyodide_version()}/"
    for name in build.RUNTIME_FILES:
        assert (site / info["pyodideIndex"] / name).is_file(), name
    # PEP 427 name under a content-hashed folder, no query string.
    m = re.fullmatch(r"wheels/([0-9a-f]{16})/thousand-([^-]+)-py3-none-any\.whl", info["wheel"])
    assert m and m.group(2) == info["version"]
    wheel = site / info["wheel"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest().startswith(m.group(1))
    names = zipfile.ZipFile(wheel).namelist()
    assert "thousand/__init__.py" in names and "thousand/web.py" in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
    # The page and its files are there; the build's own sources are not.
    assert (site / "index.html").is_file() and (site / "sw.js").is_file()
    for absent in ("package.json", "package-lock.json", "node_modules"):
        assert not (site / absent).exists(), absent


def test_service_worker_precaches_the_whole_site(site):
    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert "@build-begin" not in sw
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    version = json.loads(re.search(r"const VERSION = (\".*?\");", sw).group(1))
    files = {f for f in build.site_files(site) if f != "sw.js"}
    assert set(precache) == files | {"./"}
    assert "manifest.webmanifest" in precache  # installable offline too
    assert "manifest.webmanifest" in precache  # installable offline too
    assert version == f"{build.project_version()}-{build_info(site)['build']}"


def test_any_change_to_the_site_is_a_new_build(site, tmp_path):
    """The build id (the service worker's cache, the key of the memory snapshot a
    browser keeps) changes with any file, and build-info.js and sw.js agree on it."""
    copy = tmp_path / "copy"
    shutil.copytree(site, copy)
    (copy / "styles.css").write_text((copy / "styles.css").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    new = build.write_service_worker(copy, build.project_version())
    assert re.fullmatch(r"[0-9a-f]{16}", new) and new != build_info(site)["build"]
    assert build_info(copy)["build"] == new
    assert f'"{build.project_version()}-{new}"' in (copy / "sw.js").read_text(encoding="utf-8")


def test_build_is_deterministic(site, tmp_path):
    again = tmp_path / "dist"
    build.build(again, quiet=True)
    assert tree_digest(again) == tree_digest(site)


def test_no_remote_urls_in_the_page(site):
    """Nothing is fetched from another site at run time: the page's own files name no host."""
    for path in site.rglob("*"):
        if path.suffix in (".html", ".js", ".css") and "pyodide" not in path.parts:
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"""(src|href)\s*=\s*["']https?://""", text), path
            assert "cdn.jsdelivr" not in text, path


def test_peerjs_is_vendored_and_the_default_signaling_is_the_peerjs_cloud(site):
    info = build_info(site)
    assert info["peerjs"] == f"peerjs/{build.pinned_version('peerjs')}/peerjs.min.js"
    code = (site / info["peerjs"]).read_text(encoding="utf-8")
    assert "window.peerjs" in code and "sourceMappingURL" not in code
    assert info["peer"] == build.peer_config(build.DEFAULT_PEER_SERVER)
    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert json.dumps(info["peerjs"]) in sw  # precached for offline starts like every file


def test_netlify_csp_allows_exactly_the_default_signaling_origin():
    """netlify.toml (production) and the local server agree: connect-src is the
    site and the PeerServer's origin, nothing else."""
    csp = dict(build.header_rules())["/*"]["Content-Security-Policy"]
    assert csp == build.site_csp("wss://0.peerjs.com")
    assert re.search(r"connect-src ([^;]*)", build.site_csp("ws://127.0.0.1:9000")).group(1) == \
        "'self' ws://127.0.0.1:9000"


@pytest.mark.parametrize("url", ["http://x.org/", "ws://example.org/", "wss://", "wss://h/?k=1", "wss://u@h/"])
def test_a_bad_peer_server_is_refused(url):
    with pytest.raises(SystemExit):
        build.peer_config(url)


def test_peer_server_options():
    assert build.peer_config("wss://peer.example.org:9443/signal") == {
        "host": "peer.example.org", "port": 9443, "path": "/signal", "secure": True,
        "origin": "wss://peer.example.org:9443"}


def test_node_modules_are_reinstalled_when_a_pinned_package_is_missing(monkeypatch):
    calls = []
    monkeypatch.setattr(build, "run", lambda cmd, **kw: calls.append(cmd))
    monkeypatch.setattr(build, "installed_version", lambda name: None if name == "peer" else build.pinned_version(name))
    build.ensure_node_modules()
    assert calls and calls[0][1:2] == ["ci"]
    calls.clear()
    monkeypatch.setattr(build, "installed_version", build.pinned_version)
    build.ensure_node_modules()
    assert not calls
