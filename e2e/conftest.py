"""Shared fixtures of the end-to-end tests.

- `site`: dist/ built once per session (skipped when `python build.py test`
  already built it: it sets THOUSAND_DIST_BUILT=1), served on a free localhost
  port by the same server as `python build.py serve` (same content types and
  the same headers as netlify.toml, Content-Security-Policy included).
- `browser`: Debian's /usr/bin/chromium driven by the Python playwright package.
- `context` / `page`: a fresh browser context (empty cache, no service worker)
  and a page in it. The test fails if the page or one of its workers logs a
  console error or throws an uncaught error.
- `shot(page, name)`: saves a screenshot to artifacts/<test>-<name>.png.
- `base_url`: the site's root URL, ending in "/".

The site runs under a CSP without 'unsafe-eval', so Playwright's
`page.wait_for_function("a !== b")` with an expression is blocked once it polls (it uses
eval): give it a function's text, `page.wait_for_function("x => a !== x", arg=b)`, or wait
with selectors, e.g. `page.wait_for_selector("body[data-ready='1']", state="attached")`.
tests/test_e2e_waits.py checks this.
(`page.evaluate(...)` works: it is not subject to the page's CSP.)
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from releases import UNTIL_STATE  # noqa: E402
from table_driver import SETTINGS  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync",
                 # WebRTC between contexts of one browser (games with friends) on localhost addresses
                 "--disable-features=WebRtcHideLocalIpsWithMdns"]
ARTIFACTS = ROOT / "artifacts"
# Selector that is present once Python is loaded and the table is interactive.
READY = "body[data-ready='1']"
LOAD_TIMEOUT_MS = 90_000


# Seconds each file's tests took (setup, call and teardown), measured on 8 December 2026 with
# `pytest e2e -n 2 --dist loadfile --durations=0`. Only the order matters: the two workers take whole
# files in the order collected, so the longest go first and the short ones fill in at the end. In the
# alphabetical order one worker ran 1173 s and the other 962 s (it ended with the friends' 205 s game).
FILE_SECONDS = {
    "test_friends.py": 316, "test_table_play.py": 280, "test_friends_game.py": 205, "test_snapshot.py": 202,
    "test_accessibility.py": 168, "test_learn.py": 166, "test_newcomer.py": 162, "test_saved_game.py": 136,
    "test_offline.py": 135, "test_daily_page.py": 82, "test_keyboard.py": 71, "test_phone.py": 58,
    "test_regional_rules.py": 56, "test_friends_end.py": 40, "test_embed.py": 35, "test_review_page.py": 14,
    "test_hint_page.py": 10,
}


def pytest_collection_modifyitems(items) -> None:
    """Longest files first (a file not listed counts as a minute), each file's tests in their order;
    tests outside e2e/ (run in the same session) keep their place after these."""
    here = Path(__file__).resolve().parent
    items.sort(key=lambda item: -FILE_SECONDS.get(item.path.name, 60) if item.path.parent == here else 0)


def _dist_is_current() -> bool:
    return os.environ.get("THOUSAND_DIST_BUILT") == "1" and (build.DIST / "build-info.js").exists()


@pytest.fixture(scope="session")
def site() -> Path:
    """The built static site (dist/)."""
    if not _dist_is_current():
        build.build(quiet=True)
        os.environ["THOUSAND_DIST_BUILT"] = "1"
    return build.DIST


@pytest.fixture(scope="session")
def base_url(site: Path):
    server, url = build.serve_in_thread(site)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright_instance():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path("/usr/bin/chromium").exists():
        pytest.skip("/usr/bin/chromium is missing (python build.py test installs it)")
    with sync_api.sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_instance):
    browser = playwright_instance.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(LOAD_TIMEOUT_MS)
    yield context
    context.close()


class ConsoleWatch:
    """Collects console errors and uncaught errors of a page and its workers."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.allowed: list[re.Pattern] = []

    def allow(self, pattern: str) -> None:
        """Tolerate errors matching `pattern` (e.g. an expected failed request offline)."""
        self.allowed.append(re.compile(pattern))

    def _add(self, where: str, text: str) -> None:
        if not any(p.search(text) for p in self.allowed):
            self.errors.append(f"{where}: {text}")

    def attach(self, page) -> None:
        page.on("console", lambda m: m.type == "error" and self._add(f"console ({page.url})", m.text))
        page.on("pageerror", lambda e: self._add(f"pageerror ({page.url})", str(e)))
        page.on("worker", lambda w: w.on(
            "console", lambda m: m.type == "error" and self._add(f"worker console ({w.url})", m.text)))


@pytest.fixture
def console(context) -> ConsoleWatch:
    """The console watch of `page` (and of any page opened with `new_page`)."""
    return ConsoleWatch()


@pytest.fixture
def new_page(context, console):
    """Open another watched page in the same context (e.g. a second visit)."""
    def open_page():
        page = context.new_page()
        console.attach(page)
        return page
    return open_page


@pytest.fixture
def page(new_page, console):
    page = new_page()
    yield page
    assert not console.errors, "console errors:\n" + "\n".join(console.errors)


@pytest.fixture
def friend_page(browser, console):
    """A page in another person's browser: a fresh context (no saved game, no cache),
    watched like `page` and with the same timeouts."""
    friend = browser.new_context(viewport={"width": 1280, "height": 800})
    friend.set_default_timeout(LOAD_TIMEOUT_MS)
    other = friend.new_page()
    console.attach(other)
    yield other
    friend.close()


@pytest.fixture
def shot(request):
    """shot(page, name): save a full-page screenshot to artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    test = re.sub(r"[^\w.-]+", "_", request.node.name)

    def take(page, name: str) -> Path:
        safe = re.sub(r"[^\w.-]+", "_", name)
        path = ARTIFACTS / f"{test}-{safe}.png"
        page.screenshot(path=str(path), full_page=True)
        return path
    return take


def wait_ready(page, timeout_ms: int = LOAD_TIMEOUT_MS) -> None:
    """Wait until the page says Python is loaded and the table is interactive."""
    page.wait_for_selector(READY, state="attached", timeout=timeout_ms)


def wait_service_worker(page, timeout_ms: int = 60_000) -> None:
    """Wait until the service worker is activated and controls the page."""
    page.evaluate("""async (ms) => {
        %s
        const reg = await withTimeout(navigator.serviceWorker.ready, ms, "no service worker");
        if (!navigator.serviceWorker.controller) {
            await withTimeout(new Promise((resolve) =>
                navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true })),
                ms, "the service worker never took control of the page");
        }
        await untilState(reg.active, "activated", ms);  // old caches are deleted while activating
        return reg.active.scriptURL;
    }""" % UNTIL_STATE, timeout_ms)


@pytest.fixture
def ready():
    """ready(page): wait until Python is loaded and the table is interactive."""
    return wait_ready


@pytest.fixture
def sw_ready():
    """sw_ready(page): wait until the service worker is activated and controls the page."""
    return wait_service_worker


# ------------------------------------------------------------- games with friends
FRIENDS_GRACE_MS = 3000  # a dropped friend's seat goes to a bot after this long (the tests' setting)


@pytest.fixture(scope="module")
def peer_server():
    """A PeerServer (npm `peer`) on a free localhost port, for this module."""
    proc, url = build.start_peer_server()
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def friends_url(peer_server, tmp_path_factory):
    """The site built with the local PeerServer (its CSP allows exactly that origin)."""
    dist = tmp_path_factory.mktemp("friends") / "dist"
    build.build(dist, quiet=True, peer_server=peer_server)
    server, url = build.serve_in_thread(dist)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture
def people(browser):
    """open(name): a page in a new browser context (another person), watched for console errors."""
    watch = ConsoleWatch()
    # A guest whose link drops logs nothing; the PeerJS client logs a failed connect.
    watch.allow("peer-unavailable|Could not connect to peer|ERR_CONNECTION_REFUSED|WebSocket")
    contexts = []

    def open_person(**options):
        context = browser.new_context(viewport={"width": 1280, "height": 800}, **options)
        context.set_default_timeout(LOAD_TIMEOUT_MS)
        context.add_init_script(
            "localStorage.setItem('thousand.settings', " + json.dumps(json.dumps(SETTINGS)) + ");"
            "localStorage.setItem('thousand.lang', 'en'); localStorage.setItem('thousand.visited', '1');"
            f"localStorage.setItem('thousand.grace', '{FRIENDS_GRACE_MS}');")
        contexts.append(context)
        page = context.new_page()
        watch.attach(page)
        return page
    open_person.watch = watch
    yield open_person
    for c in contexts:
        c.close()
    assert not watch.errors, "console errors:\n" + "\n".join(watch.errors)
