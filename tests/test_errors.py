"""Illegal actions raise a specific error naming the phase and the options; nothing changes."""

import pytest

from deals import A_BIDDING, A_GIVING, deal_a, run
from thousand import Game, IllegalActionError, NotationError


@pytest.mark.parametrize("prefix,bad", [
    ("", "Ah"),                 # playing in the bidding
    ("", "b130"),               # jumping a step
    (A_BIDDING, "p"),           # passing after the bidding
    (f"{A_BIDDING} g9s1", "gAh1"),  # a second card to the same opponent
    (f"{A_BIDDING} {A_GIVING}", "c230"),  # over the limit
    (f"{A_BIDDING} {A_GIVING} c120", "9h"),  # a card that is not in the hand
    (f"{A_BIDDING} {A_GIVING} c120 Ah", "Kc"),  # not following suit
])
def test_illegal_action_leaves_the_state_unchanged(prefix, bad):
    game = run(deal_a(), prefix)
    before = game.copy()
    with pytest.raises(IllegalActionError) as info:
        game.apply(bad)
    message = str(info.value)
    assert repr(game.phase) in message and "legal:" in message
    assert all(str(a) in message for a in game.legal_actions())
    assert game == before


def test_unknown_notation_is_a_notation_error():
    game = Game(3, seed=1)
    with pytest.raises(NotationError):
        game.apply("hello")


def test_out_of_range_codes_are_rejected():
    game = Game(3, seed=1)
    with pytest.raises(IllegalActionError):
        game.apply(10_000)


def test_no_moves_after_the_game_is_over():
    game = run(deal_a(totals=[890, 0, 0]), "p p g9s1 gJs2 c120 mKh 9h Js Ah Jh 9c Th 9s 9d Qh Jd Jc Ad Kd Tc "
                                        "Td Qd Ts Ac Qc Ks Qs Kc As")
    assert game.is_over
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply("p")


def test_bad_player_count_and_seed():
    with pytest.raises(ValueError):
        Game(5)
    with pytest.raises(ValueError):
        Game(3, seed=-1)
