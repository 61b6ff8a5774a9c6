"""The hint: the hard bot's move for the person, from the person's seat's
information only; counted per game, saved, never played by itself."""

from __future__ import annotations

import json

import pytest

from thousand import web
from thousand.bots import decide, make_bot


def call(fn, *args):
    return json.loads(fn(*args))


def person_to_move(query="?p=3&s=42&l=easy&r=std", moves=0):
    """The game of ``query`` at the person's turn, after ``moves`` of the person's
    own moves (each the first legal one) and the bots' replies."""
    s = call(web.from_link, query)
    while True:
        while s["bot_to_move"]:
            s = call(web.bot_step)
        if not moves:
            return s
        s = call(web.play, s["view"]["legal"][0]["id"])
        moves -= 1


def test_a_hint_is_the_hard_bot_s_legal_move_and_plays_nothing():
    for query, moves in (("?p=3&s=42&l=easy&r=std", 0), ("?p=3&s=7&l=medium&r=std", 3), ("?p=2&s=5&l=easy&r=std", 4)):
        before = person_to_move(query, moves)
        game = web._session.game
        expected = decide(make_bot("hard"), game.copy())
        reply = call(web.hint)
        assert reply["ok"], reply
        assert reply["hint"]["action"] == str(expected)
        assert reply["hint"]["action"] in [a["id"] for a in before["view"]["legal"]]
        assert reply["hints"] == 1
        assert reply["view"] == before["view"] and len(game.history) == len(web._session.game.history)


def test_a_gift_hint_names_the_card_and_the_seat():
    s = call(web.from_link, "?p=3&s=42&l=easy&r=std")
    for _ in range(300):
        if s["view"]["phase"] == "giving" and s["view"]["to_move"] == 0:
            break
        s = call(web.bot_step) if s["bot_to_move"] else call(web.play, s["view"]["legal"][-1]["id"])
    else:
        pytest.skip("the person never gave cards")
    reply = call(web.hint)
    assert reply["hint"]["kind"] == "give" and reply["hint"]["action"].startswith("g")
    assert reply["hint"]["card"] == reply["hint"]["action"][1:3] and reply["hint"]["to"] in (1, 2)


def test_hints_are_counted_saved_and_restored():
    person_to_move()
    call(web.hint)
    s = call(web.hint)
    assert s["hints"] == 2 and json.loads(s["save"])["hints"] == 2
    restored = call(web.restore, s["save"])
    assert restored["ok"] and restored["hints"] == 2
    # a save from before hints existed has none
    old = json.loads(s["save"])
    del old["hints"]
    assert call(web.restore, json.dumps(old))["hints"] == 0
    # a new game starts with none
    assert call(web.fresh, "3", "easy", "std")["hints"] == 0


@pytest.mark.parametrize("bad", [-1, "2", True, 1.5, None, web.MAX_HINTS + 1])
def test_a_tampered_count_of_hints_is_a_corrupt_save_and_changes_nothing(bad):
    person_to_move()
    s = call(web.state)
    data = json.loads(s["save"])
    data["hints"] = bad
    reply = call(web.restore, json.dumps(data))
    assert reply["ok"] is False and reply["error"]["key"] == "save.corrupt"
    assert call(web.state) == s


def test_no_hint_out_of_turn_or_in_the_guided_deal():
    s = call(web.from_link, "?p=3&s=42&l=easy&r=std")
    while not s["bot_to_move"]:
        s = call(web.play, s["view"]["legal"][0]["id"])
    reply = call(web.hint)
    assert reply["error"]["key"] == "game.not_your_turn"
    assert call(web.state)["hints"] == 0
    s = call(web.tutorial)
    while s["bot_to_move"]:
        s = call(web.bot_step)
    assert call(web.hint)["error"]["key"] == "hint.off"
