"""Return visits: Python restored from a memory snapshot of the first visit, the
saved table drawn before Python is ready, and a normal start whenever the
snapshot cannot be used (corrupt, another build, no room to keep it).

The page says how Python started in body[data-boot] ("snapshot" or "start") and,
once the first game is shown and the page is idle, what the worker did in
body[data-snapshot] ("saved": a snapshot is kept for the next visit;
"restored": this visit came from one; "failed": it could not be kept).
"""

from __future__ import annotations

import json
import shutil

import pytest

import build
from releases import marked_copy
from table_driver import hand, open_table

LINK = "?p=3&s=3&l=easy&r=std"  # the person bids first
READY = "body[data-ready='1']"
MY_TURN = "body[data-turn='you']:not([data-legal=''])"
# Making and storing a snapshot waits for an idle moment after the table is shown.
SNAPSHOT_MS = 150_000
DIR = "memory-snapshots"  # web/snapshot-worker.js: a folder of the origin's private file system
EN = json.loads((build.WEB / "locales" / "en.json").read_text(encoding="utf-8"))

SNAPSHOTS = f"""async () => {{
    const root = await navigator.storage.getDirectory();
    let dir;
    try {{ dir = await root.getDirectoryHandle('{DIR}'); }} catch {{ return []; }}
    const names = [];
    for await (const name of dir.keys()) names.push(name);
    return names;
}}"""
STORED = f"({SNAPSHOTS})()"
OLD_COPY = "caches.open('memory-snapshots').then((c) => c.put('memory-snapshot/old', new Response('x')))"
# Spoil the stored snapshot the way a disk, a crash or a bug might. The file
# starts with the SHA-256 of the rest (the packed heap, its length in the
# second word): damage is caught by the hash, and bytes whose hash fits but are
# no snapshot are caught by Pyodide's own check. The length sizes the runtime
# before the rest is read: a wrong one is caught when the rest is unpacked.
CORRUPT = f"""async (kind) => {{
    const [name] = await ({SNAPSHOTS})();
    const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('{DIR}');
    const file = await dir.getFileHandle(name);
    const good = new Uint8Array(await (await file.getFile()).arrayBuffer());
    const rehash = async (bytes) => bytes.set(
        new Uint8Array(await crypto.subtle.digest("SHA-256", bytes.subarray(32))), 0);
    let bad;
    if (kind === "truncated") bad = good.slice(0, good.length >> 1);
    else if (kind === "flipped") {{ bad = good.slice(); bad[bad.length >> 1] ^= 0x5a; }}
    else if (kind === "length") {{  // a page longer than the heap it holds
        bad = good.slice();
        const view = new DataView(bad.buffer);
        view.setUint32(36, view.getUint32(36, true) + 65536, true);
        await rehash(bad);
    }} else {{  // the packed form of a heap of zeros
        bad = new Uint8Array(32 + 12);
        const view = new DataView(bad.buffer);
        view.setUint32(32, 0x54534e31, true);
        view.setUint32(36, new DataView(good.buffer).getUint32(36, true), true);
        await rehash(bad);
    }}
    const out = await file.createWritable();
    await out.write(bad);
    await out.close();
}}"""


@pytest.fixture
def plain(browser, console):
    """A context without a service worker (each visit gets what the server has,
    and routes see the worker's requests) and `open_page()` for watched pages in it."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    context.set_default_timeout(90_000)

    def open_page():
        page = context.new_page()
        console.attach(page)
        return page
    yield context, open_page
    context.close()
    assert not console.errors, "console errors:\n" + "\n".join(console.errors)


def boot(page) -> str | None:
    return page.get_attribute("body", "data-boot")


def first_visit(page, url: str) -> list[str]:
    """Open a game on a first visit; wait until the snapshot is kept; return the hand."""
    open_table(page, url, LINK)
    assert boot(page) == "start"
    page.wait_for_selector(MY_TURN, state="attached")
    page.wait_for_selector("body[data-snapshot='saved']", state="attached", timeout=SNAPSHOT_MS)
    assert len(page.evaluate(STORED)) == 1
    return hand(page)


def visit(new_page, url: str):
    page = new_page()
    page.goto(url)
    page.wait_for_selector(READY, state="attached")
    return page


def make_a_move(page) -> None:
    """Python answers: the person's first legal move is taken and the table moves on."""
    page.wait_for_selector(MY_TURN, state="attached")
    legal = page.get_attribute("body", "data-legal")
    page.locator(f'[data-action="{legal.split()[0]}"]').click()
    page.wait_for_selector(f"body:not([data-legal='{legal}'])", state="attached")


def test_second_visit_restores_the_snapshot_also_offline(page, base_url, context, new_page, sw_ready):
    mine = first_visit(page, base_url)
    sw_ready(page)
    page.close()

    again = visit(new_page, base_url)
    assert boot(again) == "snapshot"
    assert hand(again) == mine  # the saved game, opened by the restored Python
    make_a_move(again)
    again.wait_for_selector("body[data-snapshot='restored']", state="attached", timeout=SNAPSHOT_MS)
    again.close()

    context.set_offline(True)
    offline = visit(new_page, base_url)
    assert boot(offline) == "snapshot"
    make_a_move(offline)
    context.set_offline(False)


def test_a_corrupt_snapshot_falls_back_to_a_normal_start(page, base_url, new_page):
    """No console error (the page fixture checks), and a good snapshot replaces the bad one;
    the Cache Storage copy of releases before the file system's is dropped as well."""
    first_visit(page, base_url)
    page.evaluate(OLD_COPY)
    for kind in ("truncated", "flipped", "not-a-snapshot", "length"):
        page.evaluate(CORRUPT, kind)
        page.close()
        page = visit(new_page, base_url)
        assert boot(page) == "start", kind
        make_a_move(page)
        page.wait_for_selector("body[data-snapshot='saved']", state="attached", timeout=SNAPSHOT_MS)
    assert page.evaluate("caches.has('memory-snapshots')") is False
    page.close()
    assert boot(visit(new_page, base_url)) == "snapshot"


def test_a_new_build_ignores_the_old_snapshot(site, tmp_path, plain):
    context, open_page = plain
    live = tmp_path / "live"
    marked_copy(site, live, "release-A")
    server, url = build.serve_in_thread(live)
    try:
        page = open_page()
        first_visit(page, url)
        old = page.evaluate(STORED)
        page.close()

        shutil.rmtree(live)
        marked_copy(site, live, "release-B")
        page = visit(open_page, url)
        assert "release-B" in page.content()
        assert boot(page) == "start"
        page.wait_for_selector("body[data-snapshot='saved']", state="attached", timeout=SNAPSHOT_MS)
        new = page.evaluate(STORED)
        assert len(new) == 1 and new != old  # the old build's snapshot is gone
        page.close()
        assert boot(visit(open_page, url)) == "snapshot"
    finally:
        server.shutdown()
        server.server_close()


def test_two_tabs_started_at_once_keep_one_snapshot(base_url, plain):
    """Both keep a snapshot at about the same moment (tests/test_snapshot_tabs.py tries the orders one
    by one): neither takes the other's away, no part of a write is left, and the next visit restores."""
    context, open_page = plain
    pages = [open_page(), open_page()]
    for page in pages:  # returning visitors (no first-visit offer); the second may be asked about the first's save
        page.add_init_script("localStorage.setItem('thousand.visited', '1');")
        page.goto(base_url + LINK, wait_until="commit")
    done = [page.wait_for_selector("body[data-snapshot]", state="attached", timeout=SNAPSHOT_MS) for page in pages]
    assert "saved" in [node.get_attribute("data-snapshot") for node in done]
    names = pages[0].evaluate(STORED)
    assert len(names) == 1 and not names[0].endswith(".part"), names
    assert boot(visit(open_page, base_url)) == "snapshot"


def test_no_room_for_a_snapshot_is_no_error(base_url, plain):
    context, open_page = plain
    page = open_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": base_url.rstrip("/"), "quotaSize": 1_000_000})
    open_table(page, base_url, LINK)
    page.wait_for_selector("body[data-snapshot='failed']", state="attached", timeout=SNAPSHOT_MS)
    make_a_move(page)
    assert page.evaluate(STORED) == []
    page.close()
    assert boot(visit(open_page, base_url)) == "start"


def test_the_saved_table_is_drawn_before_python_is_ready(base_url, plain, shot):
    """While Python starts, the words say what happens; on a return visit the
    saved table is drawn at once, inert, under a "starting" mark."""
    context, open_page = plain
    held = []

    def hold(route):
        held.append(route)

    def release():
        for route in held:
            route.continue_()
        held.clear()
        context.unroute("**/pyodide.asm.wasm")

    # Python cannot start while its runtime is held back.
    context.route("**/pyodide.asm.wasm", hold)
    page = open_page()
    page.add_init_script("localStorage.setItem('thousand.lang', 'en');"
                         "localStorage.setItem('thousand.settings', '{\"speed\":\"instant\"}');")
    page.goto(base_url + LINK)
    page.wait_for_selector(f"#loading-text:text-is('{EN['load.runtime']}')")
    assert page.get_attribute("body", "data-ready") is None
    shot(page, "first-visit-loading")
    release()
    page.wait_for_selector(MY_TURN, state="attached")
    make_a_move(page)
    page.wait_for_selector(MY_TURN, state="attached")  # the bots have moved: the save stands still
    mine, info = hand(page), page.inner_text("#infobar")
    page.close()

    context.route("**/pyodide.asm.wasm", hold)
    page = open_page()
    page.goto(base_url)
    page.wait_for_selector("body[data-preview='1']", state="attached")
    assert hand(page) == mine and page.inner_text("#infobar") == info
    assert page.get_attribute("body", "data-ready") is None
    assert page.get_attribute("body", "data-turn") is None
    assert page.locator("[data-action]").count() == 0
    assert page.inner_text(".loading.starting").strip() == EN["load.resume"]
    shot(page, "preview")
    # The keys that walk the hand reach nothing: the drawn table is inert.
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.closest('#table') === null")

    release()
    page.wait_for_selector(MY_TURN, state="attached")
    assert page.get_attribute("body", "data-preview") is None
    assert page.locator(".loading.starting").count() == 0
    assert page.locator("[inert]").count() == 0
    assert hand(page) == mine
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.closest('#hand') !== null")
    make_a_move(page)


def test_without_javascript_the_page_says_what_it_needs(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url)
        message = page.locator(".noscript")
        assert message.is_visible()
        assert "needs JavaScript" in message.inner_text()
    finally:
        context.close()


def test_share_and_a_new_game_over_the_drawn_table_while_python_starts(base_url, plain):
    """Over the drawing of the saved game, Share gives the saved deal's link (it said "no share in games
    with friends"), and a New game confirmed there is the game the page opens (it was dropped)."""
    context, open_page = plain
    held = []

    def hold(route):
        held.append(route)

    page = open_page()
    open_table(page, base_url, LINK)
    make_a_move(page)
    page.wait_for_selector(MY_TURN, state="attached")
    record = json.loads(page.evaluate("localStorage.getItem('thousand.save')"))["record"]
    page.close()

    context.route("**/pyodide.asm.wasm", hold)
    page = open_page()
    page.goto(base_url)
    page.wait_for_selector("body[data-preview='1']", state="attached")
    page.click('.topbar [data-ui="share"]')
    assert "s=3&" in page.input_value('[data-ui="share-link"]')
    page.keyboard.press("Escape")
    page.click('.topbar [data-ui="new"]')
    page.click('[data-ui="start-new"]')
    assert page.inner_text('[data-ui="confirm-game"]')  # the game it ends is named
    page.click('[data-ui="confirm-start"]')
    assert page.get_attribute("body", "data-ready") is None
    for route in held:
        route.continue_()
    context.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector("body[data-turn]", state="attached")  # a random deal: it may open with redeals
    page.wait_for_function("() => !localStorage.getItem('thousand.save').includes('T1_3_3_')")
    fresh = json.loads(page.evaluate("localStorage.getItem('thousand.save')"))["record"]
    assert fresh != record and not fresh.startswith("T1_3_3_")


def test_a_locale_file_that_failed_once_is_loaded_again(base_url, plain, console):
    """One failed request for the texts (a flaky network) left the page "starting" for good, with a
    toast "error.crash"; it is tried again. If they never come, the page says so in its own words."""
    context, open_page = plain
    failed = []

    def once(route):
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.abort()

    context.route("**/locales/*.json", once)
    page = open_page()
    console.allow("Failed to load resource: net::ERR_FAILED")  # the requests refused here
    page.add_init_script("localStorage.setItem('thousand.lang', 'en');")
    page.goto(base_url + LINK)
    page.wait_for_selector(MY_TURN, state="attached")
    assert failed and page.inner_text("#infobar")
    page.close()

    context.unroute("**/locales/*.json")
    context.route("**/locales/*.json", lambda route: route.abort())
    page = open_page()
    page.goto(base_url + LINK)
    message = page.locator("#loading-no-texts")
    message.wait_for(state="visible")
    assert "Reload the page" in message.inner_text() and not page.locator("#loading-text").is_visible()


def test_review_asked_over_the_drawn_table_reviews_the_saved_game(base_url, plain):
    """Review pressed while Python starts waits for the saved game to open: it said "no game has
    started" over that very game. Here no deal has finished yet, and that is what it says."""
    context, open_page = plain
    held = []
    page = open_page()
    open_table(page, base_url, LINK)
    make_a_move(page)
    page.wait_for_selector(MY_TURN, state="attached")
    page.close()

    context.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page = open_page()
    page.add_init_script("localStorage.setItem('thousand.lang', 'en');")
    page.goto(base_url)
    page.wait_for_selector("body[data-preview='1']", state="attached")
    page.click('.topbar [data-ui="review"]')
    for route in held:
        route.continue_()
    context.unroute("**/pyodide.asm.wasm")
    page.wait_for_selector(f"#dialog-body:has-text('{EN['error.review.none']}')")
    assert EN["error.game.none"] not in page.inner_text("#dialog-body")


def test_a_runtime_that_cannot_be_downloaded_is_said(base_url, plain, console, shot):
    """The runtime's download failing (offline on a first visit, a download cut short; refused here)
    left the page "Starting the game…" for good: Pyodide only warns then, and its start never ends.
    The page now says the game could not start and to reload."""
    context, open_page = plain
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page = open_page()
    console.allow("Failed to load resource: net::ERR_FAILED")  # the runtime refused here
    console.allow("^Failed to fetch$")  # Pyodide's own promise of it, left unhandled in the worker
    page.add_init_script("localStorage.setItem('thousand.lang', 'en');")
    page.goto(base_url)
    text = page.locator("#loading-text:has-text('could not start')")
    text.wait_for(timeout=20_000)
    assert "Reload the page" in text.inner_text()
    assert page.get_attribute("body", "data-ready") is None
    shot(page, "runtime-not-downloaded")
