#!/usr/bin/env python3
"""Games with friends on localhost: how fast a guest joins and a move goes round.

    python bench/friends.py [--deals N]

Starts a PeerServer (npm `peer`) on a free port, builds the site with it
(`build.py --peer-server`), and opens a host and one guest (three players: the
third seat is a bot) as two headless Chromium contexts. Measured in the guest's
page, whose Python is loaded:

- join: from the moment the page opens the join link (Python ready) to the seat
  message of the host, for a device that sat there before (a reload: no name to
  type), median of the rejoins made;
- move round-trip: from the guest's click on a move to the host's answer (the
  host's worker checked and played it and sent the new view), over every guest
  move of N deals played by clicking.

Prints `friends: join X s, move round-trip p50 Y ms p95 Z ms`.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

import build  # noqa: E402
from table_driver import SETTINGS, click_move, policy  # noqa: E402

READY = "body[data-ready='1']"
ARGS = ["--no-sandbox", "--disable-features=WebRtcHideLocalIpsWithMdns"]


def person(browser):
    context = browser.new_context()
    context.set_default_timeout(120_000)
    context.add_init_script(
        "localStorage.setItem('thousand.settings', " + json.dumps(json.dumps(SETTINGS)) + ");"
        "localStorage.setItem('thousand.lang', 'en'); localStorage.setItem('thousand.visited', '1');")
    return context.new_page()


def join_seconds(guest) -> float:
    """From the join mark to the seat message, in the guest's page."""
    guest.wait_for_selector("body[data-turn]", state="attached")
    return guest.evaluate("""() => {
        const f = window.thousandFriends;
        const i = f.received.findIndex((t) => t.startsWith('{"t":"seat"'));
        return (f.times[i] - performance.getEntriesByName("thousand-join")[0].startTime) / 1000;
    }""")


def play(pages, deals: int) -> None:
    summaries = 0
    deadline = time.monotonic() + 600
    while summaries < deals and time.monotonic() < deadline:
        acted = False
        for page in pages:
            turn = page.get_attribute("body", "data-turn")
            if turn == "you":
                legal = (page.get_attribute("body", "data-legal") or "").split()
                if legal:
                    click_move(page, policy(legal))
                    page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
                    acted = True
            elif turn == "summary":
                summaries += page is pages[0]
                page.locator('[data-ui="continue"]').click()
                acted = True
            elif turn == "over":
                return
        if not acted:
            time.sleep(0.02)


def round_trips(guest) -> list[float]:
    return guest.evaluate("""() => {
        const f = window.thousandFriends;
        return f.moves.map((t) => {
          const back = f.times.find((x) => x > t);
          return back === undefined ? null : back - t;
        }).filter((x) => x !== null);
    }""")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--rejoins", type=int, default=3)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    proc, peer = build.start_peer_server()
    try:
        with tempfile.TemporaryDirectory(prefix="thousand-friends-") as tmp:
            dist = Path(tmp) / "dist"
            build.build(dist, quiet=True, peer_server=peer)
            server, base = build.serve_in_thread(dist)
            try:
                with sync_playwright() as p:
                    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
                    host, guest = person(browser), person(browser)
                    host.goto(base)
                    host.wait_for_selector(READY, state="attached")
                    host.click("[data-ui=friends]")
                    host.select_option("[data-ui=set-players]", "3")
                    host.click("[data-ui=open-room]")
                    link = host.input_value("[data-ui=room-link]")
                    guest.goto(link)
                    guest.wait_for_selector("[data-ui=friend-name]")
                    guest.fill("[data-ui=friend-name]", "Bench")
                    guest.click("[data-ui=take-seat]")
                    guest.wait_for_selector("[data-ui=room-waiting]")
                    host.click("[data-ui=room-start]")
                    joins = []
                    for _ in range(args.rejoins):
                        guest.reload()
                        joins.append(join_seconds(guest))
                    play([host, guest], args.deals)
                    trips = sorted(round_trips(guest))
                    browser.close()
            finally:
                server.shutdown()
                server.server_close()
    finally:
        proc.terminate()
        proc.wait(10)
    if not trips:
        raise SystemExit("the guest made no move")
    p50 = statistics.median(trips)
    p95 = trips[min(len(trips) - 1, round(0.95 * (len(trips) - 1)))]
    print(f"joins: {', '.join(f'{j:.2f}' for j in joins)} s; {len(trips)} guest moves")
    print(f"friends: join {statistics.median(joins):.2f} s, move round-trip p50 {p50:.0f} ms p95 {p95:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
