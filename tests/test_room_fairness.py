"""The guest's check of the deal's proof against the commitments the host sent when the game started
(thousand.web_room.verify): no seat may gain or change a commitment after the guests revealed."""

import json

from thousand import Game
from thousand.bots import decide, make_bot
from thousand.fairdeal import commitment, derive_seed
from thousand import web_room
from thousand.web_room import verify

from rooms import HOST_REVEAL, secret, started

CHANGED = "the commitments are not the ones sent when the game started"


def played(reveals: list) -> tuple[dict, list]:
    """A game to the end from these reveals: the proof and every table seat 1 was shown."""
    game = Game(3, derive_seed(3, reveals), started(3, 1).rules)
    bot = make_bot("easy")
    shown = [[0, game.view(1)]]
    while not game.is_over:
        game.apply(decide(bot, game))
        shown.append([len(game.history), game.view(1)])
    proof = {"t": "record", "record": str(game.record()), "reveals": reveals,
             "commits": [r and commitment(r) for r in reveals]}
    return proof, shown


def test_a_bot_seat_given_a_reveal_after_the_guests_is_a_problem():
    """Seat 2 was a bot at the start (no commitment). A host that gives it a reveal once it has the guest's
    picks the seed, and so the cards, by trying reveals: everything else in its proof checks."""
    start = started(3, 1)._start_message()["commits"]
    assert start[2] is None
    proof, shown = played([HOST_REVEAL, secret(1), "d" * 32])
    host = commitment(HOST_REVEAL)
    assert verify(1, secret(1), host, proof, shown) == []  # without the commitments of the start: unseen
    assert verify(1, secret(1), host, proof, shown, start) == [CHANGED]
    other = [start[0], start[1], commitment("e" * 32)]  # a seat's commitment replaced: the same
    assert verify(1, secret(1), host, proof, shown, other) == [CHANGED]
    out = web_room.guest_verify("1", secret(1), host, *map(json.dumps, (proof, shown, start)))
    assert json.loads(out)["problems"] == [CHANGED]


def test_the_commitments_of_the_start_check_and_a_guest_who_never_revealed_may_lose_its_own():
    proof, shown = played([HOST_REVEAL, secret(1), None])
    start = [commitment(HOST_REVEAL), commitment(secret(1)), None]
    assert verify(1, secret(1), commitment(HOST_REVEAL), proof, shown, start) == []
    # Seat 2 was a guest at the start that never revealed: a bot plays it from the start.
    assert verify(1, secret(1), commitment(HOST_REVEAL), proof, shown, start[:2] + [commitment("f" * 32)]) == []
    for bad in ([], start[:2], "x", {"0": 1}):
        assert verify(1, secret(1), commitment(HOST_REVEAL), proof, shown, bad) == [CHANGED]
