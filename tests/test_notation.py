"""Notation of cards, actions, rules and records: exact round trips and clear errors."""

import pytest

from thousand import Action, Game, IllegalActionError, NotationError, Record, Rules
from thousand.actions import ACTIONS
from thousand.cards import card_str, parse_card
from thousand.notation import parse_seed

URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def test_every_card_round_trips():
    assert [parse_card(card_str(c)) for c in range(24)] == list(range(24))


def test_every_action_round_trips_and_is_url_safe():
    for action in ACTIONS:
        if action is None:
            continue
        text = str(action)
        assert Action.parse(text) is action
        assert set(text) <= URL_SAFE


def test_rules_codes_round_trip():
    for rules in (Rules(), Rules(strict_barrel=True), Rules(meld_requires_trick=True), Rules(True, True)):
        assert Rules.parse(rules.code()) == rules


def test_record_round_trips_and_is_url_safe():
    game = Game(4, seed=123456789, rules=Rules(strict_barrel=True))
    for _ in range(60):
        game.apply(game.legal_actions()[-1])
    text = str(game.record())
    assert set(text) <= URL_SAFE
    assert Record.parse(text) == game.record()
    assert str(Record.parse(text)) == text


@pytest.mark.parametrize("text,needle", [
    ("", "bad card"), ("A", "bad card"), ("Ax", "bad card"), ("1h", "bad card"), ("ah", "bad card"),
])
def test_bad_cards(text, needle):
    with pytest.raises(NotationError, match=needle):
        parse_card(text)


@pytest.mark.parametrize("text", ["b103", "b99", "c1000", "c605", "q", "l", "dd", "gAh5", "mJh", "m9s", "t3", "Ah ",
                                  "<script>"])
def test_bad_actions_name_the_token(text):
    with pytest.raises(NotationError, match="bad action"):
        Action.parse(text)


@pytest.mark.parametrize("text,needle", [
    ("T2_3_1_std_", "expected 'T1_"),
    ("T1_5_1_std_", "player count"),
    ("T1_3_-1_std_", "bad seed"),
    ("T1_3_18446744073709551616_std_", "bad seed"),
    ("T1_3_１_std_", "bad seed"),
    ("T1_3_1_xx_", "unknown rules code"),
    ("T1_3_1_sb-sb_", "repeated"),
    ("T1_3_1_std_p.b110.zz", "record move 3"),
    ("T1_3_1_std_p..p", "record move 2"),
    ("T1_3_1_std", "expected 'T1_"),
])
def test_malformed_records_say_what_and_where(text, needle):
    with pytest.raises(NotationError, match=needle):
        Record.parse(text)


def test_tampered_record_with_an_illegal_move_names_the_move():
    game = Game(3, seed=8)
    moves = [str(a) for a in game.legal_actions()[:1]]
    text = f"T1_3_8_std_{'.'.join(moves)}.b400"
    with pytest.raises(IllegalActionError, match="record move 2"):
        Game.replay(Record.parse(text))


def test_seed_parsing():
    assert parse_seed("0") == 0 and parse_seed(str(2**64 - 1)) == 2**64 - 1


@pytest.mark.parametrize("text, needle", [
    ("T1_3_1_std_p_x", "expected 'T1_"),  # an extra field is not ignored
    ("T1_3_1_std__", "expected 'T1_"),
    ("T1_1_1_std_", "player count"),
    ("T1_3_1_std_.", "record move 1"),  # a move list of dots holds empty moves
    ("T1_3_1_std_..", "record move 1"),
])
def test_more_malformed_records_say_what_and_where(text, needle):
    with pytest.raises(NotationError, match=needle):
        Record.parse(text)


@pytest.mark.parametrize("text", ["b95", "c95", "b0", "c5", "P", "B110", "F", "W", "D", "O", "T1", "MKh", "AH"])
def test_values_below_100_and_other_cases_are_not_moves(text):
    """Bids and contracts run from 100 in steps of 5 or 10, and the notation is case-sensitive."""
    with pytest.raises(NotationError, match="bad action"):
        Action.parse(text)


def test_a_rules_value_of_thousands_of_digits_is_a_notation_error():
    """int() refuses a text of over 4,300 digits with its own ValueError: the code is compared as text."""
    huge = "1" * 5000
    with pytest.raises(NotationError, match="needs one of"):
        Rules.parse("b" + huge)
    with pytest.raises(NotationError, match="needs one of"):
        Record.parse(f"T1_3_1_wo{huge}_")
