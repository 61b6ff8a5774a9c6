#!/usr/bin/env python3
"""Build, serve and test the Thousand static site.

    python build.py                 build the wheel and assemble the site in dist/
    python build.py --peer-server wss://host:port/path
                                    the same, with games with friends signalled by that
                                    PeerServer (default: the PeerJS public cloud server)
    python build.py serve [--port N] [--host H]
                                    build, then serve dist/ (default http://localhost:8000)
    python build.py test [pytest args...]
                                    install what the tests need, build, run the whole suite

Layout of dist/ (every path is relative to the site root):

    index.html, worker.js, styles.css, locales/, cards...   copied from web/
    js/app.js, js/early.js, js/python.js, js/chunk-<hash>.js
                        the page's modules (web/app.js, web/js/) bundled by esbuild (build_web.py)
    rules/<lang>.html, news.html    the rules and what's new, from RULES*.md and CHANGELOG.md
                        (see build_site.py)
    build-info.js       ES module: export const BUILD = {version, pyodide, pyodideIndex, wheel, news, build}
    sw.js               service worker, generated from the template web/sw.js, with the
                        SHA-256 of every file it precaches
    pyodide/<version>/  the Pyodide runtime, copied from web/node_modules/pyodide
    peerjs/<version>/peerjs.min.js   PeerJS's browser build (games with friends)
    wheels/<hash>/thousand-<version>-py3-none-any.whl
                        with its bytecode for Pyodide's Python (build_bytecode.py)

The runtime and the wheel live under versioned / content-hashed folders, so they
can be cached forever and a new release never mixes with an old cached file.
The build is deterministic: the same sources give byte-identical files.

Only the standard library is used here (tomllib needs Python 3.11+).  The wheel is
built by the project's PEP 517 backend (flit_core, pinned in pyproject.toml).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import urllib.parse
from pathlib import Path

import build_bytecode
import build_site
import build_web
# Serving dist/ as Netlify would (and the PeerServer of the tests) lives in
# site_server.py; these names are used here and reached through this module.
from site_server import (CONTENT_TYPES, header_rules, make_server, read_build_info, serve_in_thread,  # noqa: F401
                         site_csp, start_peer_server)

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = WEB / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
PEERJS_PKG = NODE_MODULES / "peerjs"
PEERJS_FILE = "dist/peerjs.min.js"
# The PeerJS public cloud server: games with friends are signalled there unless
# the build names another PeerServer (--peer-server).
DEFAULT_PEER_SERVER = "wss://0.peerjs.com/"
SW_TEMPLATE = WEB / "sw.js"
CHROMIUM = Path("/usr/bin/chromium")

# Files of the npm package `pyodide` that the runtime loads in a module worker
# (checked by loading it in Chromium: nothing else is requested at start-up).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# Files under web/ that are sources of the build, not part of the site.
# Fixed timestamp for reproducible wheels (flit_core honours SOURCE_DATE_EPOCH).
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest zip date

def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def run(cmd: list[str], **kw) -> None:
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, **kw)


# --------------------------------------------------------------------------- build


def pinned_version(name: str) -> str:
    """The exact version of npm package ``name`` pinned in web/package.json."""
    pkg = json.loads((WEB / "package.json").read_text(encoding="utf-8"))
    version = {**pkg.get("devDependencies", {}), **pkg["dependencies"]}[name]
    if not re.fullmatch(r"\d+(\.\d+)*", version):
        raise SystemExit(f"web/package.json must pin {name} exactly, not {version!r}")
    return version


def pyodide_version() -> str:
    """The exact version of the runtime pinned in web/package.json."""
    return pinned_version("pyodide")


def installed_version(name: str) -> str | None:
    manifest = NODE_MODULES / name / "package.json"
    return json.loads(manifest.read_text(encoding="utf-8"))["version"] if manifest.exists() else None


# The npm packages the build and the tests use: pyodide and peerjs are shipped,
# peer (a PeerServer) runs in the friends' end-to-end tests and benchmark, axe-core
# checks the pages' accessibility in the end-to-end tests.
NPM_PACKAGES = ("pyodide", "peerjs", "peer", "esbuild", "axe-core")


def ensure_node_modules(force: bool = False) -> None:
    """Run `npm ci` in web/ if a pinned package is missing or another version (or if forced)."""
    stale = [name for name in NPM_PACKAGES if installed_version(name) != pinned_version(name)]
    if (force or stale or not all((PYODIDE_PKG / f).exists() for f in RUNTIME_FILES)
            or not (PEERJS_PKG / PEERJS_FILE).exists()):
        npm = shutil.which("npm")
        if not npm:
            raise SystemExit("npm is needed to install the packages of web/package.json")
        run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB)


def project_version() -> str:
    text = (ROOT / "thousand" / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^__version__\s*=\s*["\']([^"\']+)["\']', text, re.M)
    if not m:
        raise SystemExit("thousand/__init__.py has no __version__")
    return m.group(1)


def _pinned_backend_installed() -> bool:
    """Is the exact build backend that pyproject.toml requires importable here?"""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    pins = dict(r.replace(" ", "").split("==", 1) for r in requires if "==" in r)
    try:
        import flit_core
    except ImportError:
        return False
    return pins.get("flit_core") == flit_core.__version__


def build_wheel(out_dir: Path) -> Path:
    """Build the pure-Python wheel of `thousand` with the PEP 517 backend.

    The sources are staged in a temporary folder first, so that stray files
    (__pycache__, editor files) never reach the wheel.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONDONTWRITEBYTECODE="1")
    with tempfile.TemporaryDirectory(prefix="thousand-wheel-") as tmp:
        stage, dest = Path(tmp) / "src", Path(tmp) / "out"
        stage.mkdir()
        dest.mkdir()
        shutil.copy2(ROOT / "pyproject.toml", stage)
        for extra in ("README.md", "LICENSE"):
            if (ROOT / extra).exists():
                shutil.copy2(ROOT / extra, stage)
        if not (stage / "README.md").exists():  # pyproject names it as the long description
            (stage / "README.md").write_text("# thousand\n", encoding="utf-8")
        shutil.copytree(ROOT / "thousand", stage / "thousand",
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
        if _pinned_backend_installed():
            # Call the backend's build_wheel hook directly: same result as
            # `pip wheel --no-build-isolation`, without pip's overhead.
            code = "import sys, flit_core.buildapi as b; print(b.build_wheel(sys.argv[1]))"
            subprocess.run([sys.executable, "-c", code, str(dest)], cwd=stage, env=env, check=True,
                           stdout=subprocess.DEVNULL)
        else:
            # pip fetches the pinned backend from PyPI into an isolated environment.
            run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dest), str(stage)],
                env=env)
        wheels = list(dest.glob("thousand-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise SystemExit(f"expected one wheel, got {wheels}")
        target = out_dir / wheels[0].name
        shutil.copy2(wheels[0], target)
    return target


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def integrity(path: Path) -> str:
    """The file's Subresource Integrity metadata ("sha256-<base64>"), which fetch() checks."""
    return "sha256-" + base64.b64encode(bytes.fromhex(sha256(path))).decode("ascii")


def site_files(dist: Path) -> list[str]:
    """Every file of the site, as sorted root-relative URLs paths (no leading slash)."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


# Files that name the build: they are made from all the others, so the build id
# (a hash of the site) leaves them out.
NAMING_FILES = ("build-info.js", "sw.js")


def build_id(dist: Path) -> str:
    """A hash of every file of the site except the ones that name the build.

    Any change to the site (page, runtime, wheel) gives a new id: it names the
    service worker's cache and the memory snapshot a browser keeps of this build.
    """
    h = hashlib.sha256()
    for f in site_files(dist):
        if f not in NAMING_FILES:
            h.update(f.encode() + b"\0" + sha256(dist / f).encode() + b"\n")
    return h.hexdigest()[:16]


def write_build_info(dist: Path, info: dict) -> None:
    (dist / "build-info.js").write_text(
        "// Generated by build.py. Paths are relative to the site root.\n"
        f"export const BUILD = {json.dumps(info, indent=2)};\n",
        encoding="utf-8",
    )


def write_service_worker(dist: Path, version: str) -> str:
    """Stamp the build id into dist/build-info.js and generate dist/sw.js from
    the template with the precache list and that id; return the id.

    A new id yields a new sw.js (which the browser sees as an update), a new
    cache name, and a page that ignores the memory snapshot of the old build.
    Each precached path comes with the hash of its bytes: the worker installs
    only files of this very build (a deploy during the download fails the install).
    """
    bid = build_id(dist)
    write_build_info(dist, {**read_build_info(dist), "build": bid})
    files = [f for f in site_files(dist) if f != "sw.js"]
    precache = [("./", integrity(dist / "index.html"))] + [(f, integrity(dist / f)) for f in files]
    header = (
        "// Generated by build.py from web/sw.js. Do not edit.\n"
        f"const VERSION = {json.dumps(version + '-' + bid)};\n"
        "// [path, integrity] of every file: its SHA-256 as \"sha256-<base64>\", which the install checks.\n"
        "const PRECACHE = [\n" + ",\n".join(json.dumps(entry) for entry in precache) + "\n];\n"
    )
    template = SW_TEMPLATE.read_text(encoding="utf-8")
    body = re.sub(r"// @build-begin.*?// @build-end\n", lambda m: header, template, count=1, flags=re.S)
    if body == template:
        raise SystemExit("web/sw.js lacks the // @build-begin ... // @build-end block")
    (dist / "sw.js").write_text(body, encoding="utf-8")
    return bid


def peer_config(url: str) -> dict:
    """The PeerServer of ``wss://host[:port][/path]`` (``ws://`` only for localhost,
    as the tests use) as PeerJS takes it, with the origin the CSP must allow.

    >>> peer_config("wss://0.peerjs.com/")
    {'host': '0.peerjs.com', 'port': 443, 'path': '/', 'secure': True, 'origin': 'wss://0.peerjs.com'}
    >>> peer_config("ws://127.0.0.1:9000/p")["origin"]
    'ws://127.0.0.1:9000'
    """
    parts = urllib.parse.urlsplit(url)
    local = parts.hostname in ("localhost", "127.0.0.1")
    if parts.scheme not in ("wss", "ws") or not parts.hostname or (parts.scheme == "ws" and not local) \
            or parts.query or parts.fragment or parts.username:
        raise SystemExit(f"--peer-server must be wss://host[:port][/path] (ws:// on localhost only), not {url!r}")
    secure = parts.scheme == "wss"
    port = parts.port or (443 if secure else 80)
    default = port == (443 if secure else 80)
    origin = f"{parts.scheme}://{parts.hostname}" + ("" if default else f":{port}")
    return {"host": parts.hostname, "port": port, "path": parts.path or "/", "secure": secure, "origin": origin}


def build(dist: Path = DIST, quiet: bool = False, peer_server: str = DEFAULT_PEER_SERVER) -> dict:
    """Assemble the complete static site in `dist`; return the BUILD info.

    The site is assembled in a sibling folder and then swapped in, so a server
    running on `dist` never sees a half-built site.
    """
    ensure_node_modules()
    dist = Path(dist).resolve()
    stage = dist.with_name(f".{dist.name}.new-{os.getpid()}")
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    try:
        info = _assemble(stage, peer_config(peer_server))
        old = dist.with_name(f".{dist.name}.old-{os.getpid()}")
        if dist.exists():
            dist.rename(old)
        stage.rename(dist)
        if old.exists():
            shutil.rmtree(old)
    finally:
        if stage.exists():
            shutil.rmtree(stage)
    if not quiet:
        files = site_files(dist)
        size = sum((dist / f).stat().st_size for f in files)
        log(f"{dist.name}/ ready: thousand {info['version']}, pyodide {info['pyodide']}, "
            f"build {info['build']}, {len(files)} files, {size / 1e6:.1f} MB")
    return info


def _assemble(dist: Path, peer: dict) -> dict:
    pyver = pyodide_version()
    version = project_version()

    build_web.copy_web(WEB, dist)
    build_web.bundle_web(WEB, dist, NODE_MODULES / ".bin" / "esbuild", run)
    pages = build_site.build_pages(ROOT, dist)

    runtime_dir = dist / "pyodide" / pyver
    runtime_dir.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(PYODIDE_PKG / name, runtime_dir / name)

    peerjs_rel = f"peerjs/{installed_version('peerjs')}/peerjs.min.js"
    (dist / peerjs_rel).parent.mkdir(parents=True)
    # Without its source-map comment: the map is not shipped.
    code = (PEERJS_PKG / PEERJS_FILE).read_text(encoding="utf-8")
    (dist / peerjs_rel).write_text(re.sub(r"\n//# sourceMappingURL=\S+\s*$", "\n", code), encoding="utf-8")

    with tempfile.TemporaryDirectory(prefix="thousand-whl-") as tmp:
        wheel = build_wheel(Path(tmp))
        node = shutil.which("node")
        if not node:
            raise SystemExit("node is needed to compile the wheel's bytecode with Pyodide")
        build_bytecode.add_bytecode(wheel, PYODIDE_PKG, node)
        digest = sha256(wheel)[:16]
        wheel_dir = dist / "wheels" / digest
        wheel_dir.mkdir(parents=True)
        shutil.copyfile(wheel, wheel_dir / wheel.name)
        wheel_rel = f"wheels/{digest}/{wheel.name}"

    info = {
        "version": version,
        "pyodide": pyver,
        "pyodideIndex": f"pyodide/{pyver}/",
        "wheel": wheel_rel,
        "news": pages["news"],  # changes with CHANGELOG.md: the menu marks what's new
        "peerjs": peerjs_rel,
        "peer": peer,  # the PeerServer of games with friends (connect-src allows exactly its origin)
    }
    write_build_info(dist, info)
    info["build"] = write_service_worker(dist, version)
    return info


# --------------------------------------------------------------------------- serve


def serve(port: int, host: str, peer_server: str = DEFAULT_PEER_SERVER) -> None:
    build(peer_server=peer_server)
    server = make_server(DIST, port=port, host=host)
    shown = "localhost" if host in ("", "0.0.0.0", "localhost") else host
    log(f"serving dist/ on http://{shown}:{server.server_address[1]}/  (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    if not shutil.which("apt-get"):
        raise SystemExit(f"{CHROMIUM} is missing and apt-get is not available to install it")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(["apt-get", "update"], env=env)
    run(["apt-get", "install", "-y", "chromium"], env=env)


def test(pytest_args: list[str]) -> int:
    run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-r", str(ROOT / "requirements-dev.txt")])
    ensure_chromium()
    ensure_node_modules()  # npm ci from the lockfile when the runtime is missing or not the pinned one
    build()
    env = dict(os.environ, THOUSAND_DIST_BUILT="1")
    if pytest_args:
        return _pytest(pytest_args, env)
    # Everything: the engine's tests and doctests on every core (plain CPU work,
    # the property tests the longest), then the browser tests, a file per worker
    # (they spend much of their time waiting on a page; the friends' file alone
    # plays a whole game between three browsers).
    workers = str(min(4, os.cpu_count() or 1))
    unit = _pytest(["-n", workers, "--dist", "load", "tests", "thousand"], env)
    browser = _pytest(["-n", workers, "--dist", "loadfile", "e2e"], env)
    return unit or browser


def _pytest(args: list[str], env: dict) -> int:
    cmd = [sys.executable, "-m", "pytest", *args]
    log("$ " + " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    parser.add_argument("--peer-server", default=DEFAULT_PEER_SERVER, metavar="URL",
                        help="the PeerServer of games with friends, wss://host[:port][/path] "
                             f"(default: the PeerJS cloud, {DEFAULT_PEER_SERVER})")
    sub.add_parser("build", help="build dist/ (the default)")
    p_serve = sub.add_parser("serve", help="build, then serve dist/")
    p_serve.add_argument("--port", type=int, default=8000)
    p_serve.add_argument("--host", default="localhost")
    p_test = sub.add_parser("test", help="install test tools, build, run pytest")
    p_test.add_argument("pytest_args", nargs="*", help="passed to pytest as they are")
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["test"] and not {"-h", "--help"} & set(argv[1:2]):
        os.chdir(ROOT)
        return test(argv[1:])  # everything after "test" goes to pytest as it is
    args = parser.parse_args(argv)
    os.chdir(ROOT)
    if args.command == "serve":
        serve(args.port, args.host, args.peer_server)
        return 0
    if args.command == "test":
        return test(args.pytest_args)
    build(peer_server=args.peer_server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
