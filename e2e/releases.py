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


# JavaScript: untilState(worker, state, ms) resolves once a service worker has reached `state`
# (or a later one); it rejects with a message if the worker turns redundant (its install
# failed) or is still short of `state` after `ms`. A page.evaluate has no time limit of its
# own, so every wait for a worker in the tests goes through this.
UNTIL_STATE = """const untilState = (sw, wanted, ms) => new Promise((resolve, reject) => {
    const order = ["installing", "installed", "activating", "activated"];
    const timer = setTimeout(() => reject(new Error(
        `the service worker is still "${sw.state}" after ${ms} ms (waiting for "${wanted}")`)), ms);
    const check = () => {
        if (order.indexOf(sw.state) >= order.indexOf(wanted)) {
            clearTimeout(timer);
            resolve();
        } else if (sw.state === "redundant") {
            clearTimeout(timer);
            reject(new Error(`the service worker turned redundant (its install failed) before "${wanted}"`));
        }
    };
    sw.addEventListener("statechange", check);
    check();
});
const withTimeout = (promise, ms, what) => Promise.race([promise, new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms))]);
"""


def await_new_release(page, timeout_ms: int = 60_000) -> None:
    """Ask the service worker for the new release and wait until it is installed (waiting)."""
    page.evaluate("""async (ms) => {
        %s
        const reg = await navigator.serviceWorker.getRegistration();
        await withTimeout(reg.update(), ms, "the update check");
        const sw = reg.installing || reg.waiting;
        if (!sw) throw new Error("the update check found no new release");
        await untilState(sw, "installed", ms);
    }""" % UNTIL_STATE, timeout_ms)
