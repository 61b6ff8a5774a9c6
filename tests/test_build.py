"""build.py assembles a complete, self-hosted, deterministic site."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
import build_bytecode  # noqa: E402

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
    # Bytecode for Pyodide's Python beside each module, and nothing else compiled.
    sources = {n for n in names if n.endswith(".py")}
    compiled = {n for n in names if "__pycache__" in n or n.endswith(".pyc")}
    tags = {re.fullmatch(r".*\.(cpython-3\d+)\.pyc", n).group(1) for n in compiled}
    assert len(tags) == 1  # the runtime's; that Pyodide uses them is tested below
    tag = tags.pop()
    assert compiled == {f"{Path(n).parent.as_posix()}/__pycache__/{Path(n).stem}.{tag}.pyc" for n in sources}
    # The page and its files are there; the build's own sources are not.
    assert (site / "index.html").is_file() and (site / "sw.js").is_file()
    for absent in ("package.json", "package-lock.json", "node_modules"):
        assert not (site / absent).exists(), absent


def precache_list(site: Path) -> dict[str, str]:
    """dist/sw.js's PRECACHE: {path: integrity}."""
    sw = (site / "sw.js").read_text(encoding="utf-8")
    entries = json.loads(re.search(r"const PRECACHE = (\[.*?\n\]);", sw, re.S).group(1))
    assert all(len(entry) == 2 for entry in entries)
    assert len({path for path, _ in entries}) == len(entries)
    return dict(entries)


def sri(data: bytes) -> str:
    """Subresource Integrity metadata, computed here independently of build.py."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def test_service_worker_precaches_the_whole_site(site):
    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert "@build-begin" not in sw
    precache = precache_list(site)
    version = json.loads(re.search(r"const VERSION = (\".*?\");", sw).group(1))
    files = {f for f in build.site_files(site) if f != "sw.js"}
    assert set(precache) == files | {"./"}
    assert "manifest.webmanifest" in precache  # installable offline too
    assert version == f"{build.project_version()}-{build_info(site)['build']}"


def test_every_precached_file_comes_with_the_hash_of_its_bytes(site):
    """The install fetches each file with this integrity: the list must match dist/ byte for byte
    ("./" is served as index.html)."""
    precache = precache_list(site)
    for path, integrity in precache.items():
        assert integrity == sri((site / ("index.html" if path == "./" else path)).read_bytes()), path


def test_a_file_changed_after_the_build_no_longer_matches(site, tmp_path):
    """A file of another build (a deploy during the install) fails the integrity check;
    the build of the changed site lists its new hash."""
    copy = tmp_path / "copy"
    shutil.copytree(site, copy)
    locale = copy / "locales" / "en.json"
    locale.write_bytes(locale.read_bytes() + b"\n")
    assert sri(locale.read_bytes()) != precache_list(copy)["locales/en.json"]
    build.write_service_worker(copy, build.project_version())
    before, after = precache_list(site), precache_list(copy)
    assert after["locales/en.json"] == sri(locale.read_bytes())
    assert {path for path in after if after[path] != before[path]} == {"locales/en.json", "build-info.js"}


# Node: run a service worker's install against stand-ins for fetch and the Cache API, where
# fetching the path argv[2] fails (as a file that does not match its integrity does) and
# storing the path argv[3] fails (as a full disk does); print what the install left.
INSTALL = """
const vm = require("node:vm");
const [file, badFetch, badPut] = process.argv.slice(1);
const listeners = {}, stores = new Map(), fetched = [], errors = [];
const caches = {
  async open(name) {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name);
    return { async put(path, response) { if (path === badPut) throw new Error("full"); store.set(path, response); } };
  },
  async delete(name) { return stores.delete(name); },
};
async function fetch(request) {
  fetched.push([request.url, request.integrity, request.cache]);
  if (request.url === badFetch) throw new TypeError("Failed to fetch");
  return { ok: true, status: 200 };
}
class Request { constructor(url, init) { Object.assign(this, init, { url }); } }
const self = { registration: { scope: "https://site/" }, addEventListener: (type, f) => { listeners[type] = f; } };
vm.runInNewContext(require("node:fs").readFileSync(file, "utf8"), {
  self, caches, fetch, Request, URL, AbortController, console: { error: (m) => errors.push(m) } });
let done;
listeners.install({ waitUntil: (promise) => { done = promise; } });
done.then(() => "installed", (err) => "failed").then((outcome) => console.log(JSON.stringify({
  outcome, fetched, errors, caches: Object.fromEntries([...stores].map(([name, s]) => [name, [...s.keys()]])) })));
"""


def run_install(sw: Path, bad_fetch: str = "", bad_put: str = "") -> dict:
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    out = subprocess.run([node, "-e", INSTALL, str(sw), bad_fetch, bad_put],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    return json.loads(out)


def test_the_install_stores_the_build_whole_or_not_at_all(site):
    """Every file is fetched with its integrity and revalidated; one that fails (another
    build's bytes) or cannot be stored fails the install, leaves no cache of the build
    and says so on the console, naming the file. The dev template installs nothing."""
    precache = precache_list(site)
    cache = "thousand-" + json.loads(re.search(r"const VERSION = (\".*?\");",
                                                (site / "sw.js").read_text(encoding="utf-8")).group(1))
    ok = run_install(site / "sw.js")
    assert ok["outcome"] == "installed" and not ok["errors"]
    assert sorted(ok["fetched"]) == sorted([path, value, "no-cache"] for path, value in precache.items())
    assert ok["caches"] == {cache: sorted(precache)}
    for bad in ({"bad_fetch": "locales/en.json"}, {"bad_put": "locales/en.json"}):
        failed = run_install(site / "sw.js", **bad)
        assert failed["outcome"] == "failed" and failed["caches"] == {}, bad
        assert len(failed["errors"]) == 1 and "locales/en.json" in failed["errors"][0], bad
    dev = run_install(build.SW_TEMPLATE)
    assert dev == {"outcome": "installed", "fetched": [], "errors": [], "caches": {"thousand-dev": []}}

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


def test_the_wheel_record_lists_every_file_with_its_hash(site):
    wheel = site / build_info(site)["wheel"]
    with zipfile.ZipFile(wheel) as z:
        record = next(n for n in z.namelist() if n.endswith(".dist-info/RECORD"))
        rows = [line.split(",") for line in z.read(record).decode().splitlines()]
        assert {row[0] for row in rows} == set(z.namelist())
        for name, digest, size in rows:
            if name == record:
                assert digest == size == ""
                continue
            data = z.read(name)
            assert (digest, int(size)) == (build_bytecode.record_line(name, data).split(",")[1], len(data)), name


NODE_IMPORT = r"""
const [indexDir, wheelPath] = process.argv.slice(2);
const { readFileSync } = await import("node:fs");
const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + indexDir + "/").href);
const pyodide = await loadPyodide({ indexURL: indexDir + "/" });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
process.stdout.write(pyodide.runPython(`
import json, pathlib, sys
# Every source is replaced by one that cannot be imported: only the bytecode can.
for path in pathlib.Path(sys.modules["site"].getsitepackages()[0], "thousand").rglob("*.py"):
    path.write_text("raise ImportError('compiled from source: ' + __name__)")
import thousand.web
urllib = "urllib.parse" in sys.modules
import thousand.web_daily, thousand.web_room
json.dumps({"ok": json.loads(thousand.web.fresh("3", "easy", "std"))["ok"], "urllib": urllib})
`));
"""


def test_pyodide_imports_the_game_from_the_wheels_bytecode(site, tmp_path):
    """The bytecode matches the runtime the site ships (else Python silently compiles the
    sources again, about 0.1 s of a first start), and the first start needs no urllib."""
    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed (CI has Node 20)")
    script = tmp_path / "import.mjs"
    script.write_text(NODE_IMPORT, encoding="utf-8")
    runtime = site / build_info(site)["pyodideIndex"]
    done = subprocess.run([node, str(script), str(runtime.resolve()), str(site / build_info(site)["wheel"])],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"ok": True, "urllib": False}


def test_the_page_ships_its_modules_bundled(site):
    """js/ holds the bundles only; they import nothing but each other and the build's info."""
    scripts = sorted(p.relative_to(site).as_posix() for p in (site / "js").glob("*.js"))
    chunks = [s for s in scripts if re.fullmatch(r"js/chunk-[A-Z0-9]+\.js", s)]
    assert set(scripts) == {"js/app.js", "js/early.js", "js/python.js", *chunks} and len(chunks) == 1
    assert not (site / "app.js").exists()
    html = (site / "index.html").read_text(encoding="utf-8")
    assert re.findall(r'<script[^>]*src="([^"]+)"', html) == ["./js/early.js", "./js/app.js"]
    chunk = chunks[0].removeprefix("js/")
    for name in scripts:
        code = (site / name).read_text(encoding="utf-8")
        imported = set(re.findall(r'(?:^|\n)\s*import\b[^;]*?from\s*"([^"]+)"', code))
        imported |= set(re.findall(r'\bimport\s*\(\s*"([^"]+)"', code))
        assert imported <= {"./" + chunk, "../build-info.js"}, (name, imported)
    # One Python: the worker is started in the chunk that the early start and the page share.
    assert "new Worker(" in (site / chunks[0]).read_text(encoding="utf-8")
    for name in ("js/early.js", "js/app.js", "js/python.js"):
        assert "new Worker(" not in (site / name).read_text(encoding="utf-8"), name
