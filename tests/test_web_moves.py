"""bot_step's ``moved`` tells the page everything public about a bot's move, so
it can announce marriages, raised contracts, falls and write-offs."""

import json

import pytest

from thousand import Action, web
from thousand.web import describe_move


@pytest.mark.parametrize("seat, move, bid, trump, extra", [
    (1, "Ah", 120, -1, {"card": "Ah"}),
    (1, "mQd", 120, -1, {"card": "Qd", "suit": "d", "aces": False, "points": 80, "trump": "d", "previous_trump": None}),
    (2, "mKs", 120, 3, {"card": "Ks", "suit": "s", "aces": False, "points": 40, "trump": "s", "previous_trump": "h"}),
    (1, "b130", 120, -1, {"value": 130}),
    (1, "p", 120, -1, {}),
    (1, "t2", 100, -1, {"value": 2}),
    (1, "gAh0", 100, -1, {"to": 0, "card": "Ah"}),
    (1, "c120", 120, -1, {"value": 120, "raised": False}),
    (1, "c150", 120, -1, {"value": 150, "raised": True}),
    (2, "f", 130, -1, {"value": 130}),
    (2, "w", 110, -1, {"value": 110}),
])
def test_every_kind_of_move_says_what_is_public(seat, move, bid, trump, extra):
    action = Action.parse(move)
    assert describe_move(seat, action, bid, trump) == {"seat": seat, "kind": action.kind, "action": move, **extra}


def test_a_card_given_to_another_bot_stays_hidden():
    assert describe_move(1, Action.parse("gAh2"), 100, -1) == {"seat": 1, "kind": "give", "action": None, "to": 2}


def test_bot_moves_agree_with_the_table_after_them():
    melds = contracts = 0
    for seed in range(1, 30):
        s = json.loads(web.from_link(f"?p=3&s={seed}&l=easy&r=std"))
        while s["view"]["deal"] == 1 and s["view"]["phase"] != "over":
            if not s["bot_to_move"]:
                legal = [a["id"] for a in s["view"]["legal"]]
                s = json.loads(web.play("p" if "p" in legal else legal[0]))
                continue
            s = json.loads(web.bot_step())
            moved, view = s["moved"], s["view"]
            if moved["kind"] == "meld":
                melds += 1
                assert view["trump"] == moved["trump"] == moved["suit"]
                meld = view["melds"][-1]
                assert {k: meld[k] for k in ("seat", "card", "suit", "aces", "points")} == {
                    k: moved[k] for k in ("seat", "card", "suit", "aces", "points")}
            if moved["kind"] == "contract":
                contracts += 1
                assert view["contract"] == moved["value"]
        if melds and contracts:
            return
    pytest.fail("no bot declared a marriage")
