"""Rooms for the tests of a game with friends: guests' messages, a room seated or started."""

import json

from thousand.fairdeal import commitment
from thousand.room import Room
from thousand.rules import Rules

HOST_REVEAL = "0" * 32


def secret(i: int) -> str:
    return f"{i:x}".rjust(32, "c")


def hello(i: int, name: str = "Guest", **over) -> str:
    msg = {"t": "hello", "v": 1, "name": name, "token": secret(100 + i), "tab": secret(200 + i),
           "commit": commitment(secret(i))}
    return json.dumps({**msg, **over})


def only(out, kind=None):
    assert len(out) == 1, out
    peer, msg = out[0]
    if kind:
        assert msg["t"] == kind, msg
    return peer, msg


def error_key(out) -> str:
    return only(out, "error")[1]["key"]


def seated(players: int = 3, guests: int = 2, level: str = "easy") -> Room:
    room = Room("abcdefghjkmn", players, level, Rules(), HOST_REVEAL)
    for i in range(1, guests + 1):
        assert room.receive(f"p{i}", hello(i))[0][1]["t"] == "seat"
    return room


def started(players: int = 3, guests: int = 2) -> Room:
    room = seated(players, guests)
    out = room.start()
    assert [m["t"] for _, m in out] == ["start"] * guests
    for i in range(1, guests + 1):
        room.receive(f"p{i}", json.dumps({"t": "reveal", "value": secret(i)}))
    assert room.phase == "playing"
    return room
