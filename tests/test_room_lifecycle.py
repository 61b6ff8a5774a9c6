"""A game with friends over its life: messages at the limits, guests who leave and come back,
the grace before a bot plays an away guest, who may move, the host's save, and the guest's
check of the finished game (thousand.room, thousand.web_room; tests/test_room.py has the rest)."""

import json

import pytest

from thousand.bots import decide, make_bot
from thousand.fairdeal import commitment, derive_seed
from thousand import room as room_module
from thousand.room import MAX_MESSAGE, Room, Seat, is_room_id, parse_message
from thousand import web_room
from thousand.web import WebError
from thousand.web_room import verify

from rooms import HOST_REVEAL, error_key, hello, only, secret, seated, started


def reveal(i: int) -> str:
    return json.dumps({"t": "reveal", "value": secret(i)})


def move(room: Room, seat: int, text: str):
    """``seat`` plays ``text``: the host by play(), a guest by its message (peer p<seat>)."""
    if seat == 0:
        return room.play(text)
    return room.receive(f"p{seat}", json.dumps({"t": "move", "move": text, "n": len(room.game.history)}))


def to_giving(room: Room) -> None:
    """In started() (all three seats people) seat 1 bids 110 and the others pass: seat 1 gives next."""
    for seat, text in ((1, "b110"), (2, "p"), (0, "p")):
        assert room.game.to_move == seat
        move(room, seat, text)
    assert room.game.to_move == 1 and all(str(a)[0] == "g" for a in room.game.legal_actions())


def play_out(room: Room) -> None:
    bot = make_bot("easy")
    while not room.game.is_over:
        text = str(decide(bot, room.game))
        room.bot_step() if room.mover() == "bot" else move(room, room.game.to_move, text)


# ------------------------------------------------------------ messages


def test_a_message_of_exactly_the_size_limit_is_read_and_one_more_character_is_not():
    """The size limit is inclusive: a message of exactly MAX_MESSAGE characters is read."""
    text = '{"t": "move", "move": "p", "n": 0}'
    text += " " * (MAX_MESSAGE - len(text))
    assert parse_message(text)["move"] == "p"
    with pytest.raises(WebError):
        parse_message(text + " ")


def test_a_second_reveal_gets_an_error():
    """No reveal is due from a seat that revealed: a second one is refused."""
    room = seated()
    room.start()
    assert room.receive("p1", reveal(1)) == []
    assert error_key(room.receive("p1", reveal(1))) == "room.bad_message"


# ------------------------------------------------------------ rejoining


def test_a_guest_back_from_another_tab_holds_the_seat_against_its_old_tab():
    """A guest back from another tab holds the seat with that tab from then on."""
    room = seated(3, 1)
    room.start()
    room.drop("p1")
    room.receive("p2", hello(1, tab=secret(999)))  # back from another tab
    assert error_key(room.receive("p3", hello(1))) == "room.other_tab"  # the old tab, while the new one is here
    assert room.receive("p4", hello(1, tab=secret(999)))[0][1]["seat"] == 1  # the new tab reloads
    assert room.seat_of("p4") == 1


def test_a_guest_who_comes_back_under_another_name_is_shown_by_it():
    """A guest back under a new name is shown by it, in the room and in the lobby news."""
    room = started()
    room.drop("p1")
    out = room.receive("q1", hello(1, "Оля"))
    assert room.seats[1].name == "Оля" and out[0][1]["lobby"]["seats"][1]["name"] == "Оля"


def test_a_guest_back_before_it_revealed_is_asked_again_and_one_that_revealed_is_not():
    """A guest back while the others reveal is asked to reveal if it has not; once is enough."""
    room = seated()
    room.start()
    room.receive("p2", reveal(2))
    room.drop("p1")
    room.drop("p2")
    back = [m["t"] for p, m in room.receive("q1", hello(1)) if p == "q1"]
    assert back == ["seat", "start"]
    back = [m["t"] for p, m in room.receive("q2", hello(2)) if p == "q2"]
    assert back == ["seat"]


def test_a_guest_back_after_the_end_gets_the_table_and_the_proof():
    """A guest back after the end gets the seat, the last table and the proof of the deal."""
    room = started()
    play_out(room)
    room.drop("p1")
    out = room.receive("q1", hello(1))
    assert [m["t"] for p, m in out if p == "q1"] == ["seat", "view", "record"]
    assert out[2][1] == room.proof()


# ------------------------------------------------------------ drops and the grace


def test_the_drop_of_a_connection_that_never_took_a_seat_changes_nothing():
    """The host's page calls drop for every closed link, e.g. one refused as the room was full."""
    room = seated(2, 1)
    error_key(room.receive("p9", hello(9)))
    before = room.save()
    assert room.drop("p9") == [] and room.save() == before


@pytest.mark.parametrize("seat", [3, 4, 99])
def test_releasing_a_seat_the_room_does_not_have_does_nothing(seat):
    """A release names a seat the room has, or does nothing."""
    room = seated(3, 2)
    assert room.release(seat) == []


@pytest.mark.parametrize("phase", ["lobby", "revealing", "playing"])
def test_the_grace_running_out_after_the_guest_came_back_changes_nothing(phase):
    """The host's page releases a dropped seat after the grace even if the guest has come back."""
    room = seated()
    if phase != "lobby":
        room.start()
    if phase == "playing":
        room.receive("p1", reveal(1))
        room.receive("p2", reveal(2))
    room.drop("p1")
    room.receive("q1", hello(1))
    before = room.save()
    assert room.release(1) == [] and room.save() == before and room.seat_of("q1") == 1
    assert room.phase == phase


def test_a_guest_who_revealed_and_then_stays_away_keeps_its_seat_and_its_secret():
    """A guest who revealed keeps its seat while away: its reveal is part of the seed and it can return."""
    room = seated()
    room.start()
    room.receive("p1", reveal(1))
    room.drop("p1")
    room.release(1)
    assert room.seats[1].kind == "guest" and room.seats[1].away
    room.receive("p2", reveal(2))
    assert room.game.seed == derive_seed(3, [HOST_REVEAL, secret(1), secret(2)])
    assert room.receive("q1", hello(1))[0][1]["seat"] == 1 and not room.seats[1].away


def test_a_guest_not_back_when_the_host_starts_is_a_bot_and_the_others_reveal():
    """Guests not back to a reloaded host when it starts are bots; the others reveal."""
    room = Room.load(seated(3, 2).save())
    room.receive("q1", hello(1))
    assert [p for p, _ in room.start()] == ["q1"]
    assert room.seats[2].kind == "bot"
    room.receive("q1", reveal(1))
    assert room.game.seed == derive_seed(3, [HOST_REVEAL, secret(1), None])


def test_nothing_is_sent_to_a_guest_who_is_away():
    """Messages go only to guests whose connection is here."""
    room = started()
    room.drop("p2")
    out = move(room, 1, str(room.game.legal_actions()[0]))
    assert [p for p, _ in out] == ["p1"]
    assert [p for p, _ in room.drop("p1")] == []


def test_the_lobby_shows_the_host_and_bots_here_and_a_dropped_guest_away():
    """The lobby marks the host, bots and connected guests here, and a dropped guest away."""
    room = Room.load(seated(4, 2).save())  # the guests have not come back to the reloaded host
    room.receive("q1", hello(1))
    assert [s["here"] for s in room.lobby()["seats"]] == [True, True, False, True]
    room.start()
    assert [s["here"] for s in room.lobby()["seats"]] == [True, True, True, True]  # seats 2 and 3 now bots


# ------------------------------------------------------------ who moves


def test_the_host_cannot_play_for_another_seat():
    """play() is the host's own move: not on another seat's turn."""
    room = started()
    assert room.game.to_move == 1
    before = room.save()
    with pytest.raises(WebError) as err:
        room.play("p")
    assert err.value.key == "game.not_your_turn" and room.save() == before


def test_no_bot_moves_for_a_guest_who_is_here():
    """bot_step() plays for a bot or an away guest only."""
    room = started()
    assert room.mover() == "guest"
    before = room.save()
    with pytest.raises(WebError) as err:
        room.bot_step()
    assert err.value.key == "game.no_bot_to_move" and room.save() == before


def test_a_fall_is_announced_with_the_bid_it_concedes():
    """A fall names the bid it concedes, not the next deal's 100."""
    room = started()
    to_giving(room)
    move(room, 1, str(room.game.legal_actions()[0]))
    move(room, 1, str(room.game.legal_actions()[0]))
    out = move(room, 1, "f")
    assert room.game.bid == 100  # the next deal
    for peer, msg in out:
        assert msg["state"]["moved"] == {"seat": 1, "kind": "fall", "action": "f", "value": 110}, peer


def test_the_host_does_not_see_a_card_one_guest_gives_another():
    """The host's news of a gift between two guests says who got a card, not which."""
    web_room._room = room = started()
    to_giving(room)
    give = next(str(a) for a in room.game.legal_actions() if str(a).endswith("2"))
    text = json.dumps({"t": "move", "move": give, "n": len(room.game.history)})
    reply = json.loads(web_room.room_receive("p1", text))
    assert reply["moved"] == {"seat": 1, "kind": "give", "action": None, "to": 2}
    assert give[1:3] not in json.dumps(reply["moved"])


# ------------------------------------------------------------ the host's save


def test_a_room_name_outside_the_alphabet_is_refused():
    """A room's name uses only the room alphabet."""
    assert is_room_id("abcdefghjkmn")
    for bad in ("ABCDEFGHJKMN", "abcdefghjkm0", "abcdefghjkml", "abcdefghjkm "):
        assert not is_room_id(bad)


@pytest.mark.parametrize("tamper", [
    lambda d: d.update(phase="over"),  # a phase the room does not have
    lambda d: d["seats"][1].update(commit="zz"),  # a guest's commitment that no reveal can match
    lambda d: d["seats"][1].update(kind="alien"),  # a seat kind the room does not have
    lambda d: d["seats"][0].update(kind="guest"),  # the host's seat as a guest's
    lambda d: d["seats"][2].update(kind="host"),  # a second host
    lambda d: d["seats"][1].update(token=None),  # a guest without its token
    lambda d: d["seats"][1].update(name=7),  # a name that is no text
], ids=["phase", "commit", "kind", "host-as-guest", "two-hosts", "token", "name"])
def test_a_corrupt_lobby_save_is_refused(tamper):
    data = json.loads(seated(3, 2).save())
    tamper(data)
    with pytest.raises(WebError) as err:
        Room.load(json.dumps(data))
    assert err.value.key == "save.corrupt"


def test_a_save_whose_record_has_another_seed_is_refused():
    """A saved game whose seed does not follow from the reveals is corrupt."""
    room = started()
    data = json.loads(room.save())
    magic, players, seed, rules, moves = data["record"].split("_")
    data["record"] = "_".join([magic, players, str(int(seed) ^ 1), rules, moves])
    with pytest.raises(WebError) as err:
        Room.load(json.dumps(data))
    assert err.value.key == "save.corrupt"


# ------------------------------------------------------------ the worker API and the guest's check


def test_releasing_a_seat_that_is_no_number_does_nothing():
    """A release from the page that is no seat number does nothing (no error out of the worker)."""
    web_room.room_open("abcdefghjkmn", "3", "easy", "std", HOST_REVEAL)
    before = web_room.room_state()
    assert web_room.room_release("x") == before and web_room.room_release("-1") == before


@pytest.fixture(scope="module")
def finished():
    """A game played to the end: the proof and the views guest 1 was shown, after move n each."""
    room = started()
    shown = [[0, room.game.view(1)]]
    bot = make_bot("easy")
    while not room.game.is_over:
        out = room.bot_step() if room.mover() == "bot" else move(room, room.game.to_move, str(decide(bot, room.game)))
        shown += [[m["n"], m["state"]["view"]] for p, m in out if p == "p1" and m["t"] == "view"]
    return room.proof(), shown


@pytest.mark.parametrize("which, field, value", [(0, "hand", []), (-1, "winner", 2)], ids=["first", "last"])
def test_a_changed_first_or_last_table_is_a_problem(finished, which, field, value):
    """The first and the last table are checked too:
    a host deals the guest other cards, or names another winner at the end."""
    proof, shown = finished
    assert verify(1, secret(1), commitment(HOST_REVEAL), proof, shown) == []
    n, view = shown[which]
    assert view[field] != value
    changed = shown[:]
    changed[which] = [n, {**view, field: value}]
    assert verify(1, secret(1), commitment(HOST_REVEAL), proof, changed) == [
        f"the table shown after move {n} is not the one the record gives"]


def test_a_proof_for_fewer_seats_than_the_guests_is_a_problem_not_a_crash():
    """A proof for fewer seats than the guest's is a problem reported, not a crash."""
    two = started(2, 1)
    out = json.loads(web_room.guest_verify("2", secret(2), commitment(HOST_REVEAL), json.dumps(two.proof()), "[]"))
    assert out["ok"] and out["problems"]


def test_a_false_table_sent_again_correctly_after_the_same_move_is_still_a_problem(finished):
    """A rejoin sends the table again, so a guest may hold two tables after one move: each is checked.
    A host cannot show a false table, force a reconnect and send the true one to hide it."""
    proof, shown = finished
    n, view = shown[0]
    false = [n, {**view, "hand": []}]
    for tables in ([false, shown[0]], [shown[0], false]):
        assert verify(1, secret(1), commitment(HOST_REVEAL), proof, tables + shown[1:]) == [
            f"the table shown after move {n} is not the one the record gives"]
    assert verify(1, secret(1), commitment(HOST_REVEAL), proof, [shown[0]] + shown) == []


def test_a_room_save_for_more_players_than_a_room_has_is_refused_before_a_seat_is_made(monkeypatch):
    """A save of a few bytes must not make a seat for each of 100,000 players (10**9 took the memory)."""
    data = json.loads(seated(3, 1).save())
    made = []
    monkeypatch.setattr(room_module, "Seat", lambda *args, **kw: made.append(1) or Seat(*args, **kw))
    for players in (10**5, -1, 1, True, "3", None):
        data["players"] = players
        with pytest.raises(WebError) as err:
            Room.load(json.dumps(data))
        assert err.value.key == "save.corrupt" and len(made) < 10, players


def test_releasing_a_seat_of_thousands_of_digits_does_nothing():
    """int() of more than 4300 digits raises: that was an error out of the worker."""
    web_room.room_open("abcdefghjkmn", "3", "easy", "std", HOST_REVEAL)
    before = web_room.room_state()
    assert web_room.room_release("1" * 5000) == before
