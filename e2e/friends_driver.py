"""Driving games with friends in the browser: a host opens a room, friends join
by its link, and everyone plays by clicking (the table driver's policy)."""

from __future__ import annotations

import json
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import wait_ready
from table_driver import click_move, policy


def received(page) -> list[dict]:
    return [json.loads(t) for t in page.evaluate("window.thousandFriends.received")]


def join(page, link: str, name: str | None):
    page.goto(link)
    wait_ready(page)
    if name is not None:
        page.fill("[data-ui=friend-name]", name)
        page.click("[data-ui=take-seat]")


def open_room(host, url: str) -> str:
    """The host opens a 3-player room; returns its join link."""
    host.goto(url)
    wait_ready(host)
    host.click("[data-ui=friends]")
    host.select_option("[data-ui=set-players]", "3")
    host.click("[data-ui=open-room]")
    return host.input_value("[data-ui=room-link]")


def play_moves(pages, moves: int, until=None, contract: str = "raise", bid_to: int = 120) -> int:
    """Everyone plays by clicking (the driver's policy, with `contract` and `bid_to`)
    until `moves` moves were made or `until()` holds; deal summaries are continued.
    Returns the moves made."""
    made = 0
    deadline = time.monotonic() + 1200
    clicked = {}  # page -> (the moves it last clicked among, how many times in a row)
    while made < moves and not (until and until()):
        assert time.monotonic() < deadline, "the game did not go on"
        acted = False
        for page in pages:
            turn = page.get_attribute("body", "data-turn")
            if turn == "you":
                legal = (page.get_attribute("body", "data-legal") or "").split()
                if not legal:
                    continue
                # The same moves clicked again and again: every click was refused.
                same = clicked.get(page, (None, 0))
                clicked[page] = (legal, same[1] + 1 if same[0] == legal else 1)
                assert clicked[page][1] <= 3, f"a move among {legal} was refused three times"
                heard = page.evaluate("window.thousandFriends?.received.length ?? 0")  # not the messages: MBs
                try:
                    click_move(page, policy(legal, contract, bid_to), timeout=15_000)
                except PlaywrightTimeout:
                    # A rejoin under load may redraw the table between reading the moves and
                    # clicking: look again if the moves changed, else the table is stuck.
                    if (page.get_attribute("body", "data-legal") or "").split() != legal:
                        continue
                    raise
                taken(page, legal, heard, pages)
                made += 1
                acted = True
            elif turn == "summary":
                try:
                    page.locator('[data-ui="continue"]').click(timeout=15_000)
                except PlaywrightTimeout:
                    # A rejoin (a link dropped under load) starts the table again without
                    # the summary: look again if it went, else the table is stuck.
                    if page.get_attribute("body", "data-turn") != "summary":
                        continue
                    raise
                acted = True
        if not acted:
            time.sleep(0.05)
    return made


# The click was taken: the moves changed (the table is waiting for the answer, or has it), or the host
# answered a guest since the click. A refusal (the table changed meanwhile: a reconnection) brings the same
# moves back at once, sooner than the moves can be polled; the caller then looks again.
TAKEN = """([legal, heard]) => document.body.dataset.legal !== legal
    || (window.thousandFriends ? window.thousandFriends.received.length > heard : false)"""

# What each page shows, printed when a table stops taking moves (the CI log then says which and why).
SHOWN = """() => ({turn: document.body.dataset.turn, legal: document.body.dataset.legal,
    room: document.body.dataset.room, toast: document.getElementById('toast')?.textContent,
    received: (window.thousandFriends?.received ?? []).slice(-5).map((t) => t.slice(0, 160))})"""


def taken(page, legal: list[str], heard: int, pages) -> None:
    try:
        page.wait_for_function(TAKEN, arg=[" ".join(legal), heard], polling=50)
    except PlaywrightTimeout:
        for i, other in enumerate(pages):
            print(f"page {i}{' (clicked)' if other is page else ''}: {other.evaluate(SHOWN)}")
        raise


def last_view(page) -> int:
    """The move count of the last table the host sent this guest (-1 before any)."""
    views = [m["n"] for m in received(page) if m["t"] == "view"]
    return views[-1] if views else -1


def settle(host, guests, moves, timeout: float = 30) -> int:
    """Wait until no guest's move is on its way: every guest was sent the table after
    the host's last move (`moves(host)` counts them), and that count held for a moment.
    A guest's click clears its moves at once, before the host has the move, so the
    clicks alone do not say the game is still. Returns the count."""
    deadline = time.monotonic() + timeout
    while True:
        n = moves(host)
        if all(last_view(g) == n for g in guests):
            time.sleep(0.3)
            if moves(host) == n and all(last_view(g) == n for g in guests):
                return n
        assert time.monotonic() < deadline, "the game did not settle"
        time.sleep(0.1)
