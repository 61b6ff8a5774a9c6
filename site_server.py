"""Serve the built site locally as Netlify serves it: the right content types,
netlify.toml's headers (with the Content-Security-Policy of the build's
PeerServer), no directory listings; and a PeerServer (npm ``peer``) on a free
port for the tests and the friends' benchmark. ``python build.py serve`` and
the e2e fixtures use it; build.py re-exports its names.
"""

from __future__ import annotations

import fnmatch
import http.server
import json
import re
import shutil
import socket
import subprocess
import threading
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "web" / "node_modules"
NETLIFY_TOML = ROOT / "netlify.toml"
BUILD_INFO = re.compile(r"(?s)(//[^\n]*\nexport const BUILD = )(\{.*\});\n")

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}


def read_build_info(dist: Path) -> dict:
    m = BUILD_INFO.fullmatch((dist / "build-info.js").read_text(encoding="utf-8"))
    if not m:
        raise SystemExit(f"{dist / 'build-info.js'} is not a file build.py wrote")
    return json.loads(m.group(2))


def site_csp(peer_origin: str) -> str:
    """netlify.toml's Content-Security-Policy with ``connect-src`` allowing the
    site itself and the build's PeerServer, nothing else."""
    for pattern, values in header_rules():
        if pattern == "/*" and "Content-Security-Policy" in values:
            policy = values["Content-Security-Policy"]
            return re.sub(r"connect-src [^;]*", f"connect-src 'self' {peer_origin}", policy)
    raise SystemExit("netlify.toml has no Content-Security-Policy for /*")


def header_rules() -> list[tuple[str, dict[str, str]]]:
    """The [[headers]] rules of netlify.toml, so the local server sends the same."""
    if not NETLIFY_TOML.exists():
        return []
    conf = tomllib.loads(NETLIFY_TOML.read_text(encoding="utf-8"))
    return [(rule["for"], dict(rule.get("values", {}))) for rule in conf.get("headers", [])]


def site_header_rules(directory: Path) -> list[tuple[str, dict[str, str]]]:
    """netlify.toml's rules, with the CSP of the build in ``directory`` (its PeerServer)."""
    rules = header_rules()
    info = directory / "build-info.js"
    peer = read_build_info(directory).get("peer") if info.exists() else None
    if not peer:
        return rules
    csp = site_csp(peer["origin"])
    return [(pattern, {k: csp if k == "Content-Security-Policy" else v for k, v in values.items()})
            for pattern, values in rules]


def _matches(pattern: str, path: str) -> bool:
    # Netlify patterns: exact paths, or a trailing /* meaning "anything below".
    return fnmatch.fnmatchcase(path, pattern)


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right content types and netlify.toml's headers.

    `overlay` maps URL paths to (bytes, content type) served in addition to the
    directory (used by tests and benchmarks for pages that are not shipped).
    """

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **CONTENT_TYPES}
    rules: list[tuple[str, dict[str, str]]] = []
    overlay: dict[str, tuple[bytes, str]] = {}
    quiet = False

    def send_header(self, keyword: str, value: str) -> None:
        self.__dict__.setdefault("_sent", set()).add(keyword.lower())
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        extra: dict[str, str] = {}
        for pattern, values in self.rules:  # later rules override earlier ones
            if _matches(pattern, path):
                extra.update(values)
        sent = self.__dict__.pop("_sent", set())
        for name, value in extra.items():
            if name.lower() not in sent:
                super().send_header(name, value)
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802
        path = self.path.split("?", 1)[0]
        if path in self.overlay:
            body, ctype = self.overlay[path]
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def list_directory(self, path):
        # Like Netlify: a folder without index.html is not found (no listings).
        self.send_error(404, "File not found")
        return None

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self) -> None:
        try:
            super().handle()
        except (ConnectionResetError, BrokenPipeError):
            pass  # browsers drop connections (e.g. when a test closes a page)


def make_server(directory: Path = DIST, port: int = 8000, host: str = "localhost",
                quiet: bool = False, overlay: dict[str, tuple[bytes, str]] | None = None,
                netlify_headers: bool = True) -> http.server.ThreadingHTTPServer:
    """A threaded HTTP server for `directory`; port 0 picks a free port.

    It sends netlify.toml's headers unless `netlify_headers` is false (tests use
    that to play another site, e.g. one that embeds ours).
    """
    handler = type("Handler", (SiteHandler,), {
        "rules": site_header_rules(Path(directory)) if netlify_headers else [],
        "overlay": dict(overlay or {}),
        "quiet": quiet,
        "__init__": lambda self, *a, **kw: SiteHandler.__init__(self, *a, directory=str(directory), **kw),
    })
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve_in_thread(directory: Path = DIST, **kw) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Start a quiet server on a free port in a daemon thread; return it and its base URL."""
    kw.setdefault("port", 0)
    kw.setdefault("host", "127.0.0.1")
    kw.setdefault("quiet", True)
    server = make_server(directory, **kw)
    threading.Thread(target=server.serve_forever, name="dist-server", daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def start_peer_server(timeout: float = 20) -> tuple[subprocess.Popen, str]:
    """A PeerServer (npm ``peer``, from web/node_modules) on a free localhost port,
    for the friends' tests and benchmark; return the process and its ws:// URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    script = NODE_MODULES / "peer" / "dist" / "bin" / "peerjs.js"
    proc = subprocess.Popen([shutil.which("node") or "node", str(script), "--port", str(port), "--path", "/"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return proc, f"ws://127.0.0.1:{port}/"
        except OSError:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise SystemExit("the PeerServer did not start") from None
            time.sleep(0.1)
