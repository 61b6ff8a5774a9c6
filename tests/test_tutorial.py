"""The guided first deal: the script is a real deal, each lesson happens where
its coach mark says, and the session refuses any other legal move with the
step's explanation."""

import json
from pathlib import Path

from thousand import tutorial, web
from thousand.tutorial import PERSON, SCRIPT

LOCALES = Path(__file__).resolve().parent.parent / "web" / "locales"


def call(fn, *args):
    return json.loads(fn(*args))


def walk():
    """The game before each scripted step, with the step."""
    game = tutorial.deal()
    for step in SCRIPT:
        yield game, step
        game.apply(step.move)


def test_every_expected_move_is_legal_for_the_seat_to_move():
    for game, step in walk():
        assert game.to_move == step.seat, step
        assert step.move in [str(a) for a in game.legal_actions()], step
        assert (step.name is not None) == (step.seat == PERSON), step


def test_replaying_the_script_completes_the_deal():
    game = tutorial.deal()
    for step in SCRIPT:
        game.apply(step.move)
    assert len(game.sheet.rows) == 1 and tutorial.expected(game) is None
    row = game.sheet.rows[0]
    assert (row.kind, row.declarer, row.contract) == ("played", PERSON, 150)
    entries = [(e.points, e.dash) for e in row.entries]
    assert entries == [(150, False), (40, False), (None, True)]  # made; 36 rounds to 40; a dash
    assert game.last_deal["trick_points"] == [84, 36, 0] and game.last_deal["meld_points"] == [100, 0, 0]


def test_each_lesson_happens_at_its_step():
    start = tutorial.deal()
    assert start.first_hand == PERSON and start.bids == [(PERSON, 100)]  # the forced 100
    seen = {}
    for game, step in walk():
        if step.name:
            seen[step.name] = game.view(PERSON)
    assert seen["bid"]["phase"] == "bidding" and seen["bid"]["bid"] == 110
    give = seen["give_first"]
    assert give["phase"] == "giving" and sorted(give["talons"][0]["cards"]) == ["9d", "Jd", "Js"]
    assert len(give["hand"]) == 10  # the talon is in the person's hand
    assert seen["raise"]["phase"] == "contract"
    assert {"mKh", "mQh"} <= {a["id"] for a in seen["marriage"]["legal"]} and seen["marriage"]["trump"] is None
    assert seen["let_go"]["trump"] == "h"
    follow = seen["follow"]
    assert {r["key"] for r in follow["unplayable"].values()} == {"reason.follow"}
    trump = seen["trump"]
    assert {r["key"] for r in trump["unplayable"].values()} == {"reason.trump"}


def test_every_coach_mark_has_its_texts_in_every_locale():
    movers = {s.name for s in SCRIPT if s.name}
    for path in sorted(LOCALES.glob("*.json")):
        strings = json.loads(path.read_text(encoding="utf-8"))
        for name in tutorial.STEPS:
            assert f"tutorial.{name}" in strings, (path.name, name)
        for name in movers:
            assert f"tutorial.{name}.why" in strings, (path.name, name)


def play_until_person(state):
    while state["bot_to_move"]:
        state = call(web.bot_step)
        assert state["ok"], state
    return state


def test_the_session_refuses_another_legal_move_and_explains():
    state = call(web.tutorial)
    assert state["ok"] and state["save"] is None and state["tutorial"]["step"] == "bid"
    state = play_until_person(state)
    assert state["view"]["to_move"] == PERSON
    wrong = call(web.play, "p")  # legal, but the script bids 120 here
    assert wrong["ok"] is False
    assert wrong["error"]["key"] == "tutorial.wrong"
    assert wrong["error"]["args"] == {"step": "bid", "expected": "b120"}
    assert call(web.state)["view"] == state["view"]  # nothing was played
    assert call(web.play, "Ah")["error"]["key"] == "game.illegal"  # not legal at all: the usual error
    state = call(web.play, "b120")
    assert state["ok"] and state["tutorial"]["step"] == "give_first"


def test_the_session_plays_through_and_then_stops():
    state = call(web.tutorial)
    for step in SCRIPT:
        if step.seat == PERSON:
            state = play_until_person(state)
            assert (state["tutorial"]["step"], state["tutorial"]["expected"]) == (step.name, step.move)
            state = call(web.play, step.move)
        assert state["ok"], state
    state = play_until_person(state)
    assert state["tutorial"] == {"step": "count", "expected": None, "n": 12, "of": 12, "done": True,
                                 "after": ["count", "dashes", "barrel", "done"]}
    assert state["bot_to_move"] is False and state["view"]["sheet"]["rows"][0]["contract"] == 150
    assert call(web.bot_step)["error"]["key"] in ("tutorial.over", "game.no_bot_to_move")
    if state["view"]["to_move"] == PERSON:
        assert call(web.play, state["view"]["legal"][0]["id"])["error"]["key"] == "tutorial.over"


def test_the_first_game_has_no_share_link():
    """Its deal is hand-made: the link Share gave (seed 0) dealt other cards."""
    state = call(web.tutorial)
    assert state["share"] is None and state["save"] is None
    assert call(web.from_link, "?p=3&s=0&l=easy&r=std")["share"]["link"] == "p=3&s=0&l=easy&r=std"
