"""Offline play and release updates through the service worker."""

from __future__ import annotations

import json
import shutil
import time

import pytest

import build
from releases import UNTIL_STATE, await_new_release, marked_copy
from table_driver import TURN, click_move, continue_deal, only_the_table, policy

# The human's turn with at least one legal move (hooks set by web/app.js).
INTERACTIVE = "body[data-turn='you']:not([data-legal=''])"


@pytest.fixture(autouse=True)
def _needs_table(request, site):
    if "ready" in request.fixturenames:
        if not (site / "js" / "app.js").exists():
            pytest.skip("the table (web/app.js) is not part of this build yet")


def test_site_headers(base_url):
    """The local server sends what netlify.toml promises (CSP, wasm type, caching)."""
    import urllib.request

    def head(path):
        with urllib.request.urlopen(base_url + path) as r:
            return r.headers

    csp = head("")["Content-Security-Policy"]
    assert "'wasm-unsafe-eval'" in csp and "frame-ancestors *" in csp and "'unsafe-eval'" not in csp
    info = (build.DIST / "build-info.js").read_text(encoding="utf-8")
    index = info.split('"pyodideIndex": "')[1].split('"')[0]
    wheel = info.split('"wheel": "')[1].split('"')[0]
    wasm = head(index + "pyodide.asm.wasm")
    assert wasm["Content-Type"] == "application/wasm"
    assert "immutable" in wasm["Cache-Control"]
    assert "immutable" in head(wheel)["Cache-Control"]
    assert head(index + "pyodide.mjs")["Content-Type"].startswith("text/javascript")
    assert head("sw.js")["Cache-Control"] == "no-cache"
    assert head("build-info.js")["Cache-Control"] == "no-cache"


def _persons_turn(page) -> None:
    """Wait for the person's turn. A new game (a random deal) opens with its redeals shown first in about
    1.5% of games (four nines, or three in the talon): the person closes that notice, as a player would."""
    page.wait_for_selector(TURN, state="attached")
    if page.get_attribute("body", "data-turn") == "summary":
        continue_deal(page)
    page.wait_for_selector(INTERACTIVE, state="attached")


def _play_a_move(page) -> None:
    """Make one of the human's legal moves, by clicking, and wait until Python answers
    and the table moves on."""
    page.wait_for_selector(INTERACTIVE, state="attached")
    legal = page.get_attribute("body", "data-legal")
    click_move(page, policy(legal.split()))
    page.wait_for_selector(f"body:not([data-turn='you'][data-legal='{legal}'])", state="attached")


def test_plays_offline_after_one_visit(base_url, context, page, ready, sw_ready, shot):
    page.goto(base_url)
    ready(page)
    _persons_turn(page)
    sw_ready(page)
    title = page.title()
    shot(page, "online")

    context.set_offline(True)
    page.reload()
    ready(page)
    _persons_turn(page)
    assert page.title() == title
    shot(page, "offline-reload")
    # Make a legal move offline: Python answers and the table moves on.
    _play_a_move(page)
    shot(page, "offline-move")

    # A share link (the page with a query string) opens from the cache too.
    page.goto(base_url + "?offline-check=1")
    ready(page)
    assert page.title() == title
    context.set_offline(False)


# The service worker's caches, one per release (the memory snapshot is a file of its own).
RELEASE_CACHES = "(async () => (await caches.keys()).filter((name) => name.startsWith('thousand-')))()"


def _return_visit(new_page, ready, url: str, marker: str, timeout_s: float = 60.0):
    """A later visit that finds the release marked `marker`. The waiting worker takes over once
    the last page of the old release is gone, and Chromium unloads a closed page asynchronously:
    a visit opened at once may still find the old worker in charge (and rightly offer "Update").
    A real return visit comes later than the next line of a test, so this one comes back until
    the new release is there. (It asks no worker directly: a worker's evaluate has no time limit.)"""
    deadline = time.monotonic() + timeout_s
    while True:
        page = new_page()
        page.goto(url)
        ready(page)
        if marker in page.content():
            return page
        page.close()
        if time.monotonic() > deadline:
            raise AssertionError(f"no visit found {marker} within {timeout_s:.0f} s of the old release's last page")
        time.sleep(1)


def _visit_release_a_then_deploy_b(site, live, new_page, ready, sw_ready, url):
    """Open release A until its service worker runs, then replace the site by release B."""
    page = new_page()
    page.goto(url)
    ready(page)
    sw_ready(page)
    assert "release-A" in page.content()
    shutil.rmtree(live)
    marked_copy(site, live, "release-B")
    return page


def test_new_release_is_picked_up_on_next_visit(site, tmp_path, new_page, ready, sw_ready):
    """Release A is cached; release B is deployed; B is used, whole, from the next visit on."""
    live = tmp_path / "live"
    marked_copy(site, live, "release-A")
    server, url = build.serve_in_thread(live)
    try:
        page = _visit_release_a_then_deploy_b(site, live, new_page, ready, sw_ready, url)
        cache_a = page.evaluate(RELEASE_CACHES)
        assert len(cache_a) == 1

        # This visit still shows A (never a mix) while B installs in the background.
        page.close()
        page = new_page()
        page.goto(url)
        ready(page)
        assert "release-A" in page.content()
        await_new_release(page)
        page.close()

        # Next visit: B, and only B's cache is left.
        page = _return_visit(new_page, ready, url, "release-B")
        sw_ready(page)
        caches = page.evaluate(RELEASE_CACHES)
        assert len(caches) == 1 and caches != cache_a
        page.close()
    finally:
        server.shutdown()
        server.server_close()


def test_embeddable_in_another_site(base_url, tmp_path, page, shot):
    """frame-ancestors * : another site can embed the game in an iframe; embed mode
    shows only the table, at move n of a record, ready for the reader's move."""
    from thousand import Game
    from thousand.bots import decide, make_bot

    game, bot = Game(3, 5), make_bot("easy")
    while game.phase != "play" or game.to_move != 0:
        game.apply(decide(bot, game))
    at, view = len(game.history), game.view(0)
    for _ in range(6):
        game.apply(decide(bot, game))
    site = base_url.replace("127.0.0.1", "localhost")  # another origin and site than the host page
    src = f"{site}?embed=1&amp;rec={game.record()}&amp;at={at}&amp;l=easy"
    host_page = (f'<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">'
                 f'<title>host</title></head><body><iframe id="game" src="{src}" width="800" height="600">'
                 f'</iframe></body></html>').encode()
    server, url = build.serve_in_thread(tmp_path, netlify_headers=False,
                                        overlay={"/host.html": (host_page, "text/html; charset=utf-8")})
    try:
        page.goto(url + "host.html")
        frame = page.frame_locator("#game")
        frame.locator("body[data-ready='1'][data-turn='you']").wait_for(state="attached")
        assert only_the_table(frame)
        cards = frame.locator("#hand [data-card]")
        assert sorted(cards.nth(i).get_attribute("data-card") for i in range(cards.count())) == sorted(view["hand"])
        shot(page, "embedded")
    finally:
        server.shutdown()
        server.server_close()


def test_waiting_release_takes_over_when_the_page_asks(site, tmp_path, new_page, ready, sw_ready):
    """A page may let a waiting release take over at once ({type: "skip-waiting"}) and reload."""
    live = tmp_path / "live"
    marked_copy(site, live, "release-A")
    server, url = build.serve_in_thread(live)
    try:
        page = _visit_release_a_then_deploy_b(site, live, new_page, ready, sw_ready, url)
        await_new_release(page)
        changed = page.evaluate("""async (ms) => {
            %s
            const reg = await navigator.serviceWorker.getRegistration();
            const change = new Promise((resolve) =>
                navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
            const next = reg.waiting;
            next.postMessage({ type: "skip-waiting" });
            await withTimeout(change, ms, "the page's controller change after skip-waiting");
            await untilState(next, "activated", ms);  // old caches are deleted while activating
            return (await caches.keys()).filter((name) => name.startsWith("thousand-")).length;
        }""" % UNTIL_STATE, 60_000)
        assert changed == 1  # the old cache is gone
        page.reload()
        ready(page)
        assert "release-B" in page.content()
    finally:
        server.shutdown()
        server.server_close()


def test_update_asked_for_by_a_newer_save_installs_the_new_release(site, tmp_path, new_page, ready, sw_ready):
    """A page of release A meets a game saved by a newer release: its "Update" fetches the new
    release, lets it take over and reloads into it, the save untouched (web/js/loading.js)."""
    live = tmp_path / "live"
    marked_copy(site, live, "release-A")
    server, url = build.serve_in_thread(live)
    try:
        page = _visit_release_a_then_deploy_b(site, live, new_page, ready, sw_ready, url)
        save = page.evaluate("localStorage.getItem('thousand.save')")
        newer = json.dumps({**json.loads(save), "v": json.loads(save)["v"] + 1})
        page.evaluate("(save) => localStorage.setItem('thousand.save', save)", newer)
        page.reload()  # release A again, from its cache: no update check has run yet
        page.wait_for_selector('#dialog[open] [data-ui="update-page"]')
        assert "release-A" in page.content()
        with page.expect_navigation(timeout=60_000):
            page.locator('[data-ui="update-page"]').click()
        page.wait_for_selector('#dialog[open] [data-ui="update-page"]')  # B's save format is A's here
        assert "release-B" in page.content()
        assert page.evaluate("localStorage.getItem('thousand.save')") == newer
    finally:
        server.shutdown()
        server.server_close()


# JavaScript: how the install of this page's service worker ends ("redundant" when it failed),
# and what it left: a controller, the site's caches.
INSTALL_OUTCOME = """async (ms) => {
    %s
    // The page registers its worker once Python runs; registering again joins that
    // registration (or, if its failed install already removed it, tries once more).
    const reg = await withTimeout(navigator.serviceWorker.register("./sw.js"), ms, "the registration");
    const sw = reg.installing || reg.waiting || reg.active;
    if (!sw) throw new Error("the registration has no service worker");
    const settled = new Promise((resolve) => {
        const check = () => sw.state !== "installing" && resolve(sw.state);
        sw.addEventListener("statechange", check);
        check();
    });
    const state = await withTimeout(settled, ms, "the end of the install");
    return {
        state,
        controlled: Boolean(navigator.serviceWorker.controller),
        caches: (await caches.keys()).filter((name) => name.startsWith("thousand-")),
    };
}""" % UNTIL_STATE

# The number of entries in each of the site's caches.
CACHE_SIZES = """async (ms) => {
    %s
    return withTimeout((async () => {
        const sizes = {};
        for (const name of (await caches.keys()).filter((name) => name.startsWith("thousand-"))) {
            sizes[name] = (await (await caches.open(name)).keys()).length;
        }
        return sizes;
    })(), ms, "the site's caches");
}""" % UNTIL_STATE


def test_a_deploy_during_the_install_leaves_no_mixed_copy(site, tmp_path, context, new_page, ready, sw_ready):
    """A precached file that is not the one the worker's list names (the site redeployed while a
    first visit downloads it) fails the install: no cache, no worker, the page plays online.
    With the file back as listed, the next visit installs the whole build and plays offline."""
    live = tmp_path / "live"
    shutil.copytree(site, live)
    changed = live / "locales" / "en.json"
    changed.write_bytes(changed.read_bytes() + b"\n")  # another build's file: same JSON, other bytes
    server, url = build.serve_in_thread(live)
    try:
        with context.expect_console_message(lambda m: "was not installed" in m.text, timeout=60_000) as failed:
            page = new_page()
            page.goto(url)
            ready(page)
            outcome = page.evaluate(INSTALL_OUTCOME, 60_000)
            assert outcome == {"state": "redundant", "controlled": False, "caches": []}
        assert "locales/en.json" in failed.value.text  # the worker's console names the file
        _play_a_move(page)  # online, without the worker
        page.close()

        # Restored with a new modification time (copyfile, not copy2): the worker's revalidation
        # (If-Modified-Since) then gets these bytes, not a 304 for the changed ones.
        shutil.copyfile(site / "locales" / "en.json", changed)
        page = new_page()
        page.goto(url)
        ready(page)
        sw_ready(page)
        sizes = page.evaluate(CACHE_SIZES, 10_000)
        assert list(sizes.values()) == [len(build.site_files(live))]  # every file but sw.js, and "./"
        context.set_offline(True)
        page.reload()
        ready(page)
        _play_a_move(page)
    finally:
        context.set_offline(False)
        server.shutdown()
        server.server_close()
