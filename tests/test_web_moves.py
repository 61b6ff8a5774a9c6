"""bot_step's ``moved`` tells the page everything public about a bot's move, so
it can announce marriages, raised contracts, falls and write-offs."""

import json

import pytest

from deals import A_BIDDING, A_GIVING, A_PLAY, deal_a, run
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


def call(fn, *args):
    return json.loads(fn(*args))


class Scripted(web.Session):
    """A session whose bots play the given moves, so a test knows what they do."""

    def __init__(self, game, moves: str) -> None:
        super().__init__(game, "easy")
        self.moves = [Action.parse(m) for m in moves.split()]

    def bot_action(self) -> Action:
        return self.moves.pop(0)

    def link(self) -> str:  # a hand-made deal has no seed record (as in TutorialSession)
        return "test"

    def save(self) -> None:
        return None


def over_game():
    game = run(deal_a(totals=[890, 0, 0]), f"{A_BIDDING} {A_GIVING} c120 {A_PLAY}")  # seat 0 reaches 1010
    assert game.is_over and game.to_move is None
    return game


def test_a_finished_game_has_no_bot_to_move(monkeypatch):
    monkeypatch.setattr(web, "_session", None)
    state = web._reply(lambda: web._start_session(Scripted(over_game(), "")))
    assert json.loads(state)["bot_to_move"] is False


def test_bot_step_after_the_game_is_over_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(web, "_session", web.Session(over_game(), "easy"))
    reply = call(web.bot_step)
    assert reply["ok"] is False and reply["error"]["key"] == "game.no_bot_to_move"


def test_a_bots_fall_is_announced_with_the_bid_it_concedes(monkeypatch):
    """describe_move gets the bid just before the move; the fall ends the deal and the next one opens at 100."""
    monkeypatch.setattr(web, "_session", Scripted(deal_a(), "b110 p gQs0 gJs2 f"))
    call(web.bot_step), call(web.bot_step)
    assert call(web.play, "p")["ok"]
    call(web.bot_step), call(web.bot_step)
    moved = call(web.bot_step)["moved"]
    assert moved == {"seat": 1, "kind": "fall", "action": "f", "value": 110}


def test_a_bots_first_marriage_has_no_previous_trump(monkeypatch):
    monkeypatch.setattr(web, "_session", Scripted(deal_a(), "b110 p gQs0 gJs2 c110 mKd"))
    call(web.bot_step), call(web.bot_step)
    assert call(web.play, "p")["ok"]
    for _ in range(3):
        call(web.bot_step)
    moved = call(web.bot_step)["moved"]
    assert (moved["kind"], moved["trump"], moved["previous_trump"]) == ("meld", "d", None)


def test_a_marriage_over_spades_names_spades_as_the_previous_trump():
    """Suit 0 is spades (SUIT_CHARS "scdh"): a ♠ trump is a trump like any other."""
    move = describe_move(1, Action.parse("mKh"), 120, 0)
    assert (move["trump"], move["previous_trump"]) == ("h", "s")
