"""The end of a game with friends through a real PeerServer: a host and a guest, their devices set up (in
Python) a few moves before the end; the proof covers the tables the guest was shown before its page reloaded,
and it still reaches the guest after the host's page reloads."""

from __future__ import annotations

import json
import secrets

from conftest import wait_ready
from friends_driver import play_moves, received
from table_driver import policy

from thousand import Game
from thousand.actions import Action
from thousand.fairdeal import commitment, derive_seed
from thousand.room import ROOM_ALPHABET, Room, Seat
from thousand.rules import Rules

LEFT = 6  # moves played in the browser
CONTRACT, BID_TO = "keep", 100  # the shortest games of the driver's ways (see test_friends_game.py)
TABLE = "body[data-turn='you'], body[data-turn='wait'], body[data-turn='summary']"


def near_the_end() -> tuple[str, str, dict]:
    """A room of two (the host and Оля) played by the driver's policy to LEFT moves before its end:
    (its name, the host's save, Оля's identity as her device keeps it)."""
    name = "".join(secrets.choice(ROOM_ALPHABET) for _ in range(12))
    host, guest = secrets.token_hex(16), secrets.token_hex(16)
    room = Room(name, 2, "easy", Rules(), host)
    room.seats[1] = Seat("guest", name="Оля", token=secrets.token_hex(16), tab=secrets.token_hex(16),
                         commit=commitment(guest), reveal=guest)
    room.phase = "playing"
    room.game = game = Game(2, derive_seed(2, [host, guest]), Rules())
    while not game.is_over:
        legal = [a["id"] for a in game.view(game.to_move)["legal"]]
        game.apply(Action.parse(policy(legal, CONTRACT, BID_TO)))
    save = json.loads(room.save())
    save["record"] = save["record"].rsplit(".", LEFT)[0]
    commits = [s.commit for s in room.seats]
    me = {"token": room.seats[1].token, "reveal": guest, "hostCommit": commits[0], "name": "Оля", "commits": commits}
    return name, json.dumps(save), me


def seed(page, key: str, value: str, grace: int | None = None) -> None:
    """Put `value` in the page's storage before its first load (not again on a reload)."""
    script = (f"if (!sessionStorage.getItem('seeded')) {{ localStorage.setItem({json.dumps(key)}, "
              f"{json.dumps(value)}); sessionStorage.setItem('seeded', '1'); }}")
    if grace:  # no bot takes the seat of a guest who is not here yet: the game stays the one played above
        script += f"localStorage.setItem('thousand.grace', '{grace}');"
    page.context.add_init_script(script)


def proof(page) -> str:
    page.wait_for_selector("body[data-proof]", state="attached", timeout=60_000)
    return page.get_attribute("body", "data-proof")


def test_the_proof_covers_a_guest_reload_and_survives_the_host_reload(people, friends_url):
    room, save, me = near_the_end()
    host, olia = people(), people()
    seed(host, "thousand.room", save, grace=600_000)
    seed(olia, f"thousand.friend.{room}", json.dumps(me))
    host.goto(friends_url)
    wait_ready(host)
    host.wait_for_selector("body[data-friends='host']", state="attached")
    olia.goto(f"{friends_url}?join={room}")  # her device sat here: she takes her seat back at once
    wait_ready(olia)
    olia.wait_for_selector(TABLE, state="attached")
    first = [m["n"] for m in received(olia) if m["t"] == "view"][0]

    # Оля's page reloads a move or two before the end: the tables it showed before still count.
    play_moves([host, olia], 2)
    olia.reload()
    wait_ready(olia)
    olia.wait_for_selector(TABLE + ", body[data-turn='over']", state="attached")
    assert not [m for m in received(olia) if m["t"] == "view" and m["n"] == first]  # shown before the reload only
    pages = [host, olia]
    play_moves(pages, 100, until=lambda: all(p.get_attribute("body", "data-turn") == "over" for p in pages),
               contract=CONTRACT, bid_to=BID_TO)
    assert proof(olia) == "ok"
    kept = json.loads(olia.evaluate(f"localStorage.getItem('thousand.shown.{room}')"))
    assert kept["runs"][0][0] == first

    # The host's page reloads after the end: the finished room opens again, and Оля, asking again (her page
    # reloads too), gets the proof. The host's room, with every secret, used to be thrown away at the end.
    host.reload()
    wait_ready(host)
    host.wait_for_selector("body[data-friends='host'][data-turn='over']", state="attached")
    olia.reload()
    wait_ready(olia)
    assert proof(olia) == "ok"
    assert olia.locator("[data-ui=message]:has-text('does not exist')").count() == 0
