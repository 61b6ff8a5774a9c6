"""Games with friends through a real PeerServer: a host and two guests in three
browser contexts play by clicking; every message a guest got is checked against
the engine (its own seat's view, nothing else); drops, rejoins, the host's reload,
tampered messages and bad links get what the issue asks for."""

from __future__ import annotations

import json
import time

import pytest
from conftest import LOAD_TIMEOUT_MS, ConsoleWatch, build
from table_driver import SETTINGS, click_move, policy

from thousand import Game, Record

GRACE_MS = 3000
TURN = "body[data-turn='you'], body[data-turn='summary'], body[data-turn='over']"


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

    def open_person():
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.set_default_timeout(LOAD_TIMEOUT_MS)
        context.add_init_script(
            "localStorage.setItem('thousand.settings', " + json.dumps(json.dumps(SETTINGS)) + ");"
            "localStorage.setItem('thousand.lang', 'en'); localStorage.setItem('thousand.visited', '1');"
            f"localStorage.setItem('thousand.grace', '{GRACE_MS}');")
        contexts.append(context)
        page = context.new_page()
        watch.attach(page)
        return page
    open_person.watch = watch
    yield open_person
    for c in contexts:
        c.close()
    assert not watch.errors, "console errors:\n" + "\n".join(watch.errors)


def ready(page):
    page.wait_for_selector("body[data-ready='1']", state="attached")


def received(page) -> list[dict]:
    return [json.loads(t) for t in page.evaluate("window.thousandFriends.received")]


def join(page, link: str, name: str | None):
    page.goto(link)
    ready(page)
    if name is not None:
        page.fill("[data-ui=friend-name]", name)
        page.click("[data-ui=take-seat]")


def open_room(host, url: str) -> str:
    """The host opens a 3-player room; returns its join link."""
    host.goto(url)
    ready(host)
    host.click("[data-ui=friends]")
    host.select_option("[data-ui=set-players]", "3")
    host.click("[data-ui=open-room]")
    return host.input_value("[data-ui=room-link]")


def play_moves(pages, moves: int, until=None) -> int:
    """Everyone plays by clicking (the driver's policy) until `moves` moves were
    made or `until()` holds; deal summaries are continued. Returns the moves made."""
    made = 0
    deadline = time.monotonic() + 1200
    while made < moves and not (until and until()):
        assert time.monotonic() < deadline, "the game did not go on"
        acted = False
        for page in pages:
            turn = page.get_attribute("body", "data-turn")
            if turn == "you":
                legal = (page.get_attribute("body", "data-legal") or "").split()
                if not legal:
                    continue
                click_move(page, policy(legal))
                page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
                made += 1
                acted = True
            elif turn == "summary":
                page.locator('[data-ui="continue"]').click()
                acted = True
        if not acted:
            time.sleep(0.05)
    return made


def host_record(host) -> Record:
    save = json.loads(host.evaluate("localStorage.getItem('thousand.room')"))
    return Record.parse(save["record"])


def movers(record: Record) -> list[int]:
    """The seat that made each move of the record."""
    game = Game(record.players, record.seed, record.rules)
    out = []
    for action in record.actions:
        out.append(game.to_move)
        game.apply(action)
    return out


def check_guest_messages(guest, seat: int, record: Record) -> int:
    """Every view a guest got is exactly its own seat's view after move n; no
    message before the last carries the record, a secret or a save."""
    game = Game(record.players, record.seed, record.rules)
    views = {}
    checked = 0
    for i, msg in enumerate(received(guest)):
        if msg["t"] == "view":
            views.setdefault(msg["n"], []).append(msg["state"])
            assert not {"save", "share", "record"} & set(msg["state"])
        assert "reveals" not in msg or msg["t"] == "record"
    for n, action in enumerate((*record.actions, None)):
        for state in views.pop(n, []):
            assert state["view"] == game.view(seat), f"the view after move {n} is not seat {seat}'s"
            assert state["human"] == seat
            moved = state.get("moved") or {}
            if moved.get("kind") == "give" and seat not in (moved["seat"], moved["to"]):
                assert moved["action"] is None and "card" not in moved
            checked += 1
        if action is not None:
            game.apply(action)
    assert not views, f"views after moves the record does not have yet: {sorted(views)}"
    return checked


def test_three_people_play_with_drops_rejoins_a_reload_and_bad_messages(people, friends_url):
    host = people()
    link = open_room(host, friends_url)
    assert link.startswith(friends_url + "?join=")

    olia, petro = people(), people()
    join(olia, link, "<b>Оля</b>")
    olia.wait_for_selector("[data-ui=room-waiting]")
    join(petro, link, "Петро")
    petro.wait_for_selector("[data-ui=room-waiting]")
    host.wait_for_selector("[data-ui=room-seat-2]:has-text('Петро')")
    assert host.text_content("[data-ui=room-seat-1]") == "<b>Оля</b>"  # a name is text, never markup
    assert host.locator("[data-ui=room-seat-1] b").count() == 0

    late = people()  # a fourth person: the room is full
    join(late, link, "Late")
    late.wait_for_selector("[data-ui=message]:has-text('Every seat in this room is taken')")

    host.click("[data-ui=room-start]")
    for page in (host, olia, petro):
        page.wait_for_selector(TURN + ", body[data-turn='wait']", state="attached")
    assert "Петро" in olia.text_content("#seats") and "<b>Оля</b>" in petro.text_content("#seats")

    # A whole deal by clicking, three people.
    play_moves([host, olia, petro], 10_000, until=lambda: len(host_record(host).actions) > 0 and all(
        p.get_attribute("body", "data-turn") == "summary" for p in (host, olia, petro)))
    record = host_record(host)
    assert check_guest_messages(olia, 1, record) > 5 and check_guest_messages(petro, 2, record) > 5

    # Tampered and malformed moves, sent by hand in the middle of a deal, are
    # refused, change nothing, and the game goes on.
    play_moves([host, olia, petro], 3)
    before = len(host_record(host).actions)
    olia.evaluate("window.thousandFriends.send(JSON.stringify({t: 'move', move: 'b400', n: 0}))")
    olia.evaluate("window.thousandFriends.send('{not json')")
    deadline = time.monotonic() + 10
    while sum(m["t"] == "error" for m in received(olia)) < 2:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert [m["key"] for m in received(olia) if m["t"] == "error"][-2:] == ["room.stale_move", "room.bad_message"]
    assert len(host_record(host).actions) == before

    # A second tab on Оля's seat is refused.
    second = olia.context.new_page()
    people.watch.attach(second)
    join(second, link, None)
    second.wait_for_selector("[data-ui=message]:has-text('open in another tab')")
    second.close()

    # Петро drops: after the grace a bot plays his seat, then he comes back.
    petro_context = petro.context
    petro.close()
    made_before = len(host_record(host).actions)
    play_moves([host, olia], 24)  # Петро's turns wait for the heartbeat and the grace, then a bot plays
    assert 2 in movers(host_record(host))[made_before:]
    petro = petro_context.new_page()
    people.watch.attach(petro)
    join(petro, link, None)  # this device sat here: no name asked
    petro.wait_for_selector(TURN + ", body[data-turn='wait']", state="attached")
    assert petro.locator("#hand [data-card]").count() > 0 or petro.get_attribute("body", "data-turn") == "summary"

    # The host reloads: the game resumes from its saved record and the guests reconnect.
    at = len(host_record(host).actions)
    host.reload()
    ready(host)
    host.wait_for_selector(TURN + ", body[data-turn='wait']", state="attached")
    assert len(host_record(host).actions) == at
    # Counted by the host's record: a guest's click may still be on its way, or be asked again
    # after the reconnection, so the clicks made are not the moves played.
    play_moves([host, olia, petro], 10_000, until=lambda: len(host_record(host).actions) >= at + 15)
    record = host_record(host)
    check_guest_messages(olia, 1, record)

    # The host leaves for good (a new game): the guests are told.
    host.click("[data-ui=new]")
    host.click("[data-ui=start-new]")
    host.click("[data-ui=confirm-start]")
    for guest in (olia, petro):
        guest.wait_for_selector("[data-ui=message]:has-text('The host has left')")


def test_a_malformed_join_link_gets_a_clear_message(people, friends_url):
    page = people()
    page.goto(friends_url + "?join=NOT-A-ROOM")
    ready(page)
    page.wait_for_selector("[data-ui=message]:has-text('link to a friend')")


def test_a_stale_room_link_gets_a_clear_message(people, friends_url):
    page = people()
    page.goto(friends_url + "?join=abcdefghjkmn")
    ready(page)
    page.wait_for_selector("[data-ui=message]:has-text('does not exist')")


def test_a_whole_game_to_1000_and_every_guest_checks_the_proof(people, friends_url):
    """Three people play a game to its end by clicking; at the end each guest's
    engine replays the record against every table it showed."""
    host = people()
    link = open_room(host, friends_url)
    guests = [people(), people()]
    for name, guest in zip(("Оля", "Петро"), guests):
        join(guest, link, name)
        guest.wait_for_selector("[data-ui=room-waiting]")
    host.click("[data-ui=room-start]")
    pages = [host, *guests]
    play_moves(pages, 100_000, until=lambda: all(p.get_attribute("body", "data-turn") == "over" for p in pages))
    for guest in guests:
        guest.wait_for_selector("body[data-proof]", state="attached")
        assert guest.get_attribute("body", "data-proof") == "ok"
    winner = host.evaluate("JSON.parse(localStorage.getItem('thousand.room') || 'null')")
    assert winner is None  # a finished game is not resumed
