"""The host's room (thousand.room): the message protocol, seats, faults, the proof."""

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from thousand import Game
from thousand.bots import decide, make_bot
from thousand.cards import card_str, cards_of
from thousand.fairdeal import commitment, derive_seed
from thousand.room import MAX_MESSAGE, Room
from thousand.rules import Rules
from thousand.view import talon_visible
from thousand import web_room
from thousand.web_room import verify

from rooms import HOST_REVEAL, error_key, hello, only, secret, seated, started


def test_guests_take_the_open_seats_in_order_and_everyone_hears_of_it():
    room = seated(4, 1)
    out = room.receive("p2", hello(2, "Оля"))
    assert out[0] == ("p2", out[0][1]) and out[0][1]["seat"] == 2 and out[0][1]["commit"] == commitment(HOST_REVEAL)
    assert [(p, m["t"]) for p, m in out[1:]] == [("p1", "lobby")]
    assert [s["kind"] for s in room.lobby()["seats"]] == ["host", "guest", "guest", "open"]
    assert room.lobby()["seats"][2]["name"] == "Оля"


@pytest.mark.parametrize("text, key", [
    ("not json", "room.bad_message"),
    ("[1, 2]", "room.bad_message"),
    ('{"t": "shout"}', "room.bad_message"),
    ('{"t": "move", "move": "p", "n": 0, "extra": 1}', "room.bad_message"),
    (json.dumps({"t": "move", "move": "p" * MAX_MESSAGE, "n": 0}), "room.bad_message"),
    (hello(1, v=2), "room.version"),
    (hello(1, token="XYZ"), "room.bad_message"),
    (hello(1, commit="0" * 63), "room.bad_message"),
    (hello(1, name=""), "room.bad_name"),
    (hello(1, name="x" * 21), "room.bad_name"),
    (hello(1, name="a\nb"), "room.bad_name"),
    (hello(1, name=5), "room.bad_name"),
    (hello(1, name="Me\n"), "room.bad_name"),  # refused, not trimmed away
    (hello(1, name="a\u2028b"), "room.bad_name"),  # a line separator
    (hello(1, name="a\u00a0b"), "room.bad_name"),  # a no-break space is not the plain space
    (hello(1, tab="XYZ"), "room.bad_message"),  # the tab is checked as the token is
    (hello(1, tab=None), "room.bad_message"),
    ('{"t": "move", "move": "p", "n": 0}', "room.not_seated"),
    pytest.param("[" * 999, "room.bad_message", id="nested-too-deep"),  # json.loads: RecursionError, no ValueError
    pytest.param('{"t": ["move"], "move": "p", "n": 0}', "room.bad_message", id="type-a-list"),  # was unhashable
    pytest.param('{"t": {}}', "room.bad_message", id="type-an-object"),
])
def test_bad_messages_get_a_clear_error_and_change_nothing(text, key):
    room = seated(3, 0)
    before = room.save()
    assert error_key(room.receive("p1", text)) == key
    assert room.save() == before


def test_a_full_room_and_a_started_game_refuse_newcomers():
    room = seated(2, 1)
    assert error_key(room.receive("p9", hello(9))) == "room.full"
    room = seated(3, 1)
    room.start()
    assert error_key(room.receive("p9", hello(9))) == "room.started"


def test_a_second_tab_on_a_seat_is_refused_and_a_reload_of_the_same_tab_takes_it():
    room = seated(3, 1)
    assert error_key(room.receive("p9", hello(1, tab=secret(999)))) == "room.other_tab"
    out = room.receive("p9", hello(1))  # the same tab, on a new connection (a reload)
    assert out[0][1]["seat"] == 1 and room.seat_of("p9") == 1 and room.seat_of("p1") is None


def test_moves_out_of_turn_illegal_stale_or_malformed_change_nothing():
    room = started()
    game = room.game
    mover = game.to_move
    other = next(s for s in (1, 2) if s != mover)
    n = len(game.history)
    legal = str(game.legal_actions()[0])
    illegal = "b400" if mover != 0 else "Ah"
    assert error_key(room.receive(f"p{other}", json.dumps({"t": "move", "move": legal, "n": n}))) in (
        "game.not_your_turn",)
    if mover:
        before = room.save()
        for move, nn, key in [(illegal, n, "game.illegal"), ("zz9", n, "game.illegal"),
                              (legal, n + 1, "room.stale_move"), (legal, True, "room.stale_move"),
                              (7, n, "game.illegal")]:
            assert error_key(room.receive(f"p{mover}", json.dumps({"t": "move", "move": move, "n": nn}))) == key
            assert room.save() == before


def test_a_guest_move_is_played_and_every_guest_sees_only_its_own_view():
    room = started()
    while room.mover() != "guest":
        room.bot_step() if room.mover() == "bot" else room.play(str(room.game.legal_actions()[0]))
    mover = room.game.to_move
    move = str(room.game.legal_actions()[0])
    out = room.receive(f"p{mover}", json.dumps({"t": "move", "move": move, "n": len(room.game.history)}))
    assert sorted(p for p, _ in out) == ["p1", "p2"]
    for peer, msg in out:
        seat = int(peer[1])
        assert msg["t"] == "view" and msg["n"] == len(room.game.history)
        assert msg["state"]["view"] == room.game.view(seat) and msg["state"]["human"] == seat
        assert msg["state"]["moved"]["seat"] == mover
        assert not {"save", "share", "record"} & set(msg["state"])
        assert str(room.game.seed) not in json.dumps(msg)


def test_the_seed_comes_from_every_reveal_and_a_wrong_reveal_is_refused():
    room = seated(3, 2)
    room.start()
    assert error_key(room.receive("p1", json.dumps({"t": "reveal", "value": secret(2)}))) == "room.bad_reveal"
    room.receive("p1", json.dumps({"t": "reveal", "value": secret(1)}))
    assert room.game is None  # seat 2 has not revealed
    room.receive("p2", json.dumps({"t": "reveal", "value": secret(2)}))
    assert room.game.seed == derive_seed(3, [HOST_REVEAL, secret(1), secret(2)])


def test_a_guest_who_never_reveals_is_a_bot_from_the_start():
    room = seated(3, 2)
    room.start()
    room.receive("p1", json.dumps({"t": "reveal", "value": secret(1)}))
    room.drop("p2")
    room.release(2)
    assert room.game.seed == derive_seed(3, [HOST_REVEAL, secret(1), None])
    assert room.seats[2].kind == "bot"


def test_a_dropped_guest_is_played_by_a_bot_after_the_grace_and_rejoins_with_the_whole_table():
    room = started()
    room.drop("p1")
    assert room.seats[1].peer is None and not room.seats[1].away
    room.release(1)
    while room.game.to_move != 1:
        room.bot_step() if room.mover() == "bot" else room.play(str(room.game.legal_actions()[0])) \
            if room.mover() == "host" else room.receive("p2", json.dumps(
                {"t": "move", "move": str(room.game.legal_actions()[0]), "n": len(room.game.history)}))
    assert room.mover() == "bot"
    room.bot_step()
    out = room.receive("p7", hello(1))
    kinds = [m["t"] for p, m in out if p == "p7"]
    assert kinds == ["seat", "view"] and out[1][1]["state"]["view"] == room.game.view(1)
    assert not room.seats[1].away


def test_in_the_lobby_a_dropped_guest_frees_the_seat():
    room = seated(3, 2)
    out = room.drop("p1")
    assert room.seats[1].kind == "open" and [p for p, _ in out] == ["p2"]


def test_after_the_host_reloads_in_the_lobby_a_guest_who_does_not_return_leaves_a_bot():
    room = Room.load(seated(3, 2).save())
    room.receive("q1", hello(1))
    assert room.release(2) and room.seats[2].kind == "open"
    out = room.start()
    assert [p for p, m in out] == ["q1"] and room.seats[2].kind == "bot"
    room.receive("q1", json.dumps({"t": "reveal", "value": secret(1)}))
    assert room.game.seed == derive_seed(3, [HOST_REVEAL, secret(1), None])


def test_the_host_reload_resumes_the_room_and_the_guests_come_back():
    room = started()
    for _ in range(5):
        room.bot_step() if room.mover() == "bot" else room.play(str(room.game.legal_actions()[0])) \
            if room.mover() == "host" else room.receive(f"p{room.game.to_move}", json.dumps(
                {"t": "move", "move": str(room.game.legal_actions()[0]), "n": len(room.game.history)}))
    again = Room.load(room.save())
    assert again.game == room.game and all(s.peer is None for s in again.seats)
    assert again.receive("q1", hello(1))[0][1]["seat"] == 1


@pytest.mark.parametrize("tamper", [
    lambda d: d.update(record=d["record"].replace("_3_", "_2_")),
    lambda d: d["seats"][1].update(reveal="d" * 32),
    lambda d: d.update(v=9),
    lambda d: d.update(room="BAD"),
    lambda d: d["seats"][1].update(reveal="zz"),  # not a reveal (was an uncaught error)
    lambda d: d["seats"][1].update(reveal=5),
    lambda d: d["seats"][1].update(commit="d" * 64),  # the reveal is not the one its commitment fixed
    lambda d: d["seats"].append({**d["seats"][-1], "kind": "open"}),  # 4 seats for 3 players
    lambda d: d["seats"].pop(),
    lambda d: d.update(phase="lobby"),  # a game in the lobby
    lambda d: d.update(phase="revealing"),
    lambda d: d.update(record=None),  # playing without a game
    lambda d: d.update(rules=5),  # no text (was an uncaught error)
    lambda d: d.update(record=5),
    lambda d: (d.update(players=5, phase="lobby", record=None),  # loaded, and start() then failed
               d["seats"].extend([{**d["seats"][-1], "kind": "open", "commit": None, "reveal": None}] * 2)),
])
def test_a_corrupt_room_save_is_refused(tamper):
    data = json.loads(started().save())
    tamper(data)
    with pytest.raises(Exception) as err:
        Room.load(json.dumps(data))
    assert getattr(err.value, "key", None) == "save.corrupt"
    reply = json.loads(web_room.room_resume(json.dumps(data)))
    assert reply["ok"] is False and reply["error"]["key"] == "save.corrupt"


def _play_out(room: Room, shown: dict[int, list]) -> None:
    """Everyone plays as an easy bot would to the end (random moves may never
    end a game); each guest keeps what it was sent."""
    def keep(out):
        for peer, msg in out:
            shown[int(peer[1])].append(msg)
    bot = make_bot("easy")
    while not room.game.is_over:
        game = room.game
        move = str(decide(bot, game))
        if room.mover() == "bot":
            keep(room.bot_step())
        elif room.mover() == "host":
            keep(room.play(move))
        else:
            keep(room.receive(f"p{game.to_move}", json.dumps({"t": "move", "move": move, "n": len(game.history)})))


def test_at_the_end_every_guest_gets_the_proof_and_it_checks_every_view():
    room = started()
    shown = {1: [], 2: []}
    _play_out(room, shown)
    proof = shown[1][-1]
    assert proof["t"] == "record" and proof["reveals"][1] == secret(1)
    views = [[m["n"], m["state"]["view"]] for m in shown[1] if m["t"] == "view"]
    assert verify(1, secret(1), commitment(HOST_REVEAL), proof, views) == []
    # Tampering shows: a changed view, another host commitment, a wrong own secret, a cut record.
    views[3][1] = {**views[3][1], "hand": []}
    assert any("move" in p for p in verify(1, secret(1), commitment(HOST_REVEAL), proof, views))
    assert verify(1, secret(1), commitment("1" * 32), proof, [])
    assert verify(1, secret(3), commitment(HOST_REVEAL), proof, [])
    cut = {**proof, "record": proof["record"].rsplit(".", 1)[0]}
    assert "ends before" in " ".join(verify(1, secret(1), commitment(HOST_REVEAL), cut, []))


CARD = re.compile(r"^[mg]?([9JQKTA][scdh])\d?$")


def _cards_in(value) -> set[str]:
    """Every card named anywhere in a message (card fields, hands, move ids)."""
    if isinstance(value, dict):
        return set().union(*map(_cards_in, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_cards_in, value)) if value else set()
    m = CARD.match(value) if isinstance(value, str) else None
    return {m.group(1)} if m else set()


def _hidden_from(game: Game, seat: int) -> set[str]:
    """Cards ``seat`` may not know now: the others' hands and closed talons, but
    for its own hand and cards seen in an open talon or given away by this seat."""
    seen = {card_str(c) for c, _ in game.gifts} if seat == game.declarer else set()
    hidden = set()
    for i, talon in enumerate(game.talons):
        cards = set(map(card_str, cards_of(talon)))
        if talon_visible(game, seat, i):
            seen |= cards
        elif i != game.taken_talon:  # a taken talon's cards are in a hand, or played openly
            hidden |= cards
    for other in range(game.players):
        if other != seat:
            hidden |= set(map(card_str, cards_of(game.hands[other])))
    return hidden - seen - set(map(card_str, cards_of(game.hands[seat])))


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), policy=st.integers(0, 2**32))
def test_no_guest_message_ever_names_a_card_its_seat_may_not_see(players, policy):
    room = Room("abcdefghjkmn", players, "easy", Rules(), HOST_REVEAL)
    guests = range(1, players)
    for i in guests:
        room.receive(f"p{i}", hello(i))
    room.start()
    for i in guests:
        room.receive(f"p{i}", json.dumps({"t": "reveal", "value": secret(i)}))
    rng = random.Random(policy)
    checked = 0
    while not room.game.is_over and checked < 400:
        game = room.game
        hidden_before = {s: _hidden_from(game, s) for s in guests}
        mover = game.to_move
        move = str(rng.choice(game.legal_actions()))
        out = room.bot_step() if room.mover() == "bot" else room.play(move) if mover == 0 else room.receive(
            f"p{mover}", json.dumps({"t": "move", "move": move, "n": len(game.history)}))
        for peer, msg in out:
            seat = int(peer[1])
            if msg["t"] != "view":
                continue
            state = msg["state"]
            table = {k: v for k, v in state["view"].items() if k != "last_deal"}  # a past deal: all played
            assert not _cards_in(table) & _hidden_from(game, seat), (seat, state["view"]["phase"])
            moved = state.get("moved", {})
            if moved.get("kind") == "give" and moved["to"] != seat:  # played cards are public, gifts are not
                assert not _cards_in(moved) & hidden_before[seat]
            assert not {"save", "share", "record"} & set(state)
            checked += 1
    assert checked


def test_the_worker_api_sends_each_guest_its_messages_and_the_host_the_move():
    s = json.loads(web_room.room_open("abcdefghjkmn", "2", "easy", "std", HOST_REVEAL))
    s = json.loads(web_room.room_receive("p1", hello(1)))
    assert [peer for peer, _ in s["out"]] == ["p1"] and json.loads(s["out"][0][1])["t"] == "seat"
    s = json.loads(web_room.room_start())
    assert json.loads(s["out"][0][1]) == {"t": "start", "commits": [commitment(HOST_REVEAL), commitment(secret(1))]}
    s = json.loads(web_room.room_receive("p1", json.dumps({"t": "reveal", "value": secret(1)})))
    assert s["view"]["seat"] == 0 and json.loads(s["out"][0][1])["t"] == "view"
    while s["mover"] != "guest":
        s = json.loads(web_room.room_bot_step() if s["mover"] == "bot"
                       else web_room.room_play(s["view"]["legal"][0]["id"]))
    legal = json.loads(s["out"][-1][1])["state"]["view"]["legal"] if s["out"] else None
    n = len(web_room._room.game.history)
    move = str(web_room._room.game.legal_actions()[0])
    s = json.loads(web_room.room_receive("p1", json.dumps({"t": "move", "move": move, "n": n})))
    assert s["moved"]["seat"] == 1 and s["moved"]["action"] == move and legal != []
    bad = json.loads(web_room.room_receive("p1", "{oops"))
    assert bad["ok"] and json.loads(bad["out"][0][1])["key"] == "room.bad_message" and "moved" not in bad


def test_a_malformed_proof_is_a_failed_check_not_a_crash():
    out = json.loads(web_room.guest_verify("1", secret(1), commitment(HOST_REVEAL), "{bad", "[]"))
    assert out["ok"] and out["problems"]
    out = json.loads(web_room.guest_verify("1", secret(1), commitment(HOST_REVEAL), '{"record": 5}', "[]"))
    assert out["ok"] and out["problems"]


def test_one_connection_takes_one_seat():
    room = seated(3, 1)
    before = room.save()
    assert error_key(room.receive("p1", hello(2))) == "room.bad_message"
    assert room.save() == before and [s.kind for s in room.seats] == ["host", "guest", "open"]


@pytest.mark.parametrize("value", ["zz", 5, None, "C" * 32, secret(1) + "\n"])
def test_a_malformed_reveal_is_a_clear_error_not_a_crash(value):
    room = seated()
    room.start()
    before = room.save()
    assert error_key(room.receive("p1", json.dumps({"t": "reveal", "value": value}))) == "room.bad_reveal"
    assert room.save() == before


def test_no_reveal_is_taken_before_the_host_starts():
    """Before the start the other commitments are not fixed: a reveal then would let a later
    guest (or the host) choose its own secret knowing this one."""
    room = seated(3, 1)
    before = room.save()
    assert error_key(room.receive("p1", json.dumps({"t": "reveal", "value": secret(1)}))) == "room.bad_message"
    assert room.save() == before and room.seats[1].reveal is None


def test_a_move_number_true_is_stale_even_after_one_move():
    """True == 1 to Python, so the check that it is no bool matters once one move is played."""
    room = started()
    assert room.game.to_move == 1
    room.receive("p1", json.dumps({"t": "move", "move": "p", "n": 0}))
    assert len(room.game.history) == 1 and room.game.to_move == 2
    before = room.save()
    move = str(room.game.legal_actions()[0])
    assert error_key(room.receive("p2", json.dumps({"t": "move", "move": move, "n": True}))) == "room.stale_move"
    assert room.save() == before


def test_the_host_starts_once():
    """A second start while the guests reveal would hand a dropped guest's seat to a bot."""
    room = seated()
    room.start()
    room.drop("p2")
    before = room.save()
    with pytest.raises(Exception) as err:
        room.start()
    assert getattr(err.value, "key", None) == "room.started" and room.save() == before


def test_after_a_drop_the_guest_takes_its_seat_back_from_a_new_tab():
    """Another tab is refused only while the seat's own tab is connected."""
    room = seated(3, 1)
    room.start()
    room.drop("p1")
    out = room.receive("p9", hello(1, tab=secret(999)))
    assert out[0][1]["t"] == "seat" and out[0][1]["seat"] == 1 and room.seat_of("p9") == 1


@pytest.mark.parametrize("room_id, reveal", [("abcdefghjkmn", "x"), ("abcdefghjkmn", "0" * 31),
                                             ("BAD", "0" * 32), ("abcdefghjkmno", "0" * 32)])
def test_a_room_needs_a_good_name_and_reveal(room_id, reveal):
    """The room's name and the host's reveal are checked before anything is made."""
    web_room._room = None
    reply = json.loads(web_room.room_open(room_id, "3", "easy", "std", reveal))
    assert reply["ok"] is False and reply["error"]["key"] == "room.bad_id"
    assert json.loads(web_room.room_state())["error"]["key"] == "room.none"


def test_releasing_a_seat_that_is_not_an_ascii_number_does_nothing():
    """"²".isdigit() is True, yet int("²") raises."""
    web_room.room_open("abcdefghjkmn", "3", "easy", "std", HOST_REVEAL)
    before = web_room.room_state()
    assert web_room.room_release("²") == before


def test_a_view_for_a_move_the_record_lacks_is_a_problem():
    room = started()
    room.receive("p1", json.dumps({"t": "move", "move": "p", "n": 0}))
    proof = room.proof()
    moves = len(room.game.history)
    lacking = "a table was shown for a move the record does not have"
    assert lacking in verify(1, secret(1), commitment(HOST_REVEAL), proof, [[moves + 1, room.game.view(1)]])
    assert lacking not in verify(1, secret(1), commitment(HOST_REVEAL), proof, [[moves, room.game.view(1)]])


def test_a_proof_over_the_size_limit_is_not_read():
    """Not even one that is valid JSON."""
    room = started()
    text = json.dumps(room.proof())
    padded = text + " " * (web_room.MAX_PROOF + 1 - len(text))
    check = lambda proof: json.loads(web_room.guest_verify("1", secret(1), commitment(HOST_REVEAL), proof, "[]"))
    assert check(padded) == {"ok": True, "problems": ["the record is too large"]}
    assert check(padded[:-1])["problems"] != ["the record is too large"]
