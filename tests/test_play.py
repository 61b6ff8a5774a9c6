"""Trick play: follow suit, must trump, no need to beat; marriages and trump changes."""

import pytest

from deals import A_BIDDING, A_GIVING, deal_a, legal, run
from thousand import IllegalActionError, Rules
from thousand.cards import HEARTS, SPADES, mask_of, parse_card
from thousand.tricks import legal_plays, trick_winner


def playing(rules=None):
    return run(deal_a(rules), f"{A_BIDDING} {A_GIVING} c120")


def cards(text):
    return [parse_card(c) for c in text.split()]


def test_declarer_leads_the_first_trick_with_any_card_or_a_marriage():
    game = playing()
    assert game.to_move == 0
    assert legal(game) == sorted("Ah Th Kh Qh Ad Td Ac Qs mKh mQh".split())


def test_must_follow_suit_with_any_card_of_it():
    game = run(playing(), "Ad")
    assert legal(game) == ["Jd", "Kd", "Qd"]  # a low card is fine: no obligation to beat


def seat1_declares():
    """Seat 1 wins the bidding at 110, gives 9♠ to seat 0 and J♠ to seat 2."""
    return run(deal_a(), "b110 p p g9s0 gJs2 c110")


def test_without_led_suit_or_trump_any_card():
    game = run(playing(), "mKh 9h Js Ah Jh 9c Th")  # ♥ trump; seat 1 has no ♥ left
    assert game.to_move == 1
    assert legal(game) == sorted(game.view(1)["hand"])


def test_trump_is_compulsory_when_void_in_the_led_suit():
    # ♦ then ♣ declared by seat 1; seat 0 leads A♥; seat 2 has no ♥ but holds ♣ trumps.
    game = run(seat1_declares(), "mKd 9d Td 9s Qs Js mKc Tc Ac Ah 9h")
    assert game.to_move == 2 and game.trump == 1
    assert legal(game) == ["9c", "Jc"]


def test_trump_rule_in_isolation():
    hand = mask_of(cards("9s Ks Ad"))
    assert legal_plays(hand, led_suit=HEARTS, trump=SPADES) == mask_of(cards("9s Ks"))
    assert legal_plays(hand, led_suit=HEARTS, trump=-1) == hand
    assert legal_plays(hand, led_suit=SPADES, trump=HEARTS) == mask_of(cards("9s Ks"))


def test_trick_winner_highest_trump_else_highest_of_led_suit():
    assert trick_winner(cards("Kd Ad Td"), trump=-1) == 1
    assert trick_winner(cards("Ad 9h Jh"), trump=HEARTS) == 2
    assert trick_winner(cards("Ad As Ks"), trump=HEARTS) == 0  # off-suit aces never win
    assert trick_winner(cards("Td Kd"), trump=-1) == 0  # the ten beats the king


def test_marriage_sets_trump_at_once_and_scores():
    game = run(playing(), "mKh")
    assert game.trump == HEARTS and game.meld_points == [100, 0, 0]
    assert game.view(2)["melds"] == [{"seat": 0, "card": "Kh", "suit": "h", "aces": False, "points": 100}]


def test_leading_king_without_declaring_is_legal():
    game = run(playing(), "Kh")
    assert game.trump == -1 and game.meld_points == [0, 0, 0]


def test_later_marriage_replaces_the_trump():
    game = run(seat1_declares(), "mKd")
    assert game.trump == 2
    run(game, "9d Td 9s Qs Js mKc")  # seat 1 wins the ♠ trick and declares ♣
    assert game.trump == 1 and game.meld_points == [0, 140, 0]
    # The ♣ marriage was led: seat 2 must follow ♣.
    assert game.to_move == 2 and legal(game) == ["9c", "Jc", "Tc"]


def test_cannot_declare_when_partner_card_is_gone():
    game = run(playing(), "Kh 9h Js")  # K♥ played without declaring
    assert "mQh" not in legal(game)
    with pytest.raises(IllegalActionError, match="play"):
        game.apply("mQh")


def test_meld_requires_trick_setting():
    game = playing(Rules(meld_requires_trick=True))
    assert "mKh" not in legal(game)
    run(game, "Ah Jh 9c")  # seat 0 takes a trick
    assert "mKh" in legal(game)


def test_after_a_new_marriage_play_goes_on_under_the_new_trump():
    game = run(seat1_declares(), "mKd 9d Td 9s Qs Js mKc Tc Ac")  # ♣ now trump; A♣ takes it
    assert game.to_move == 0
    run(game, "Ad")  # an ordinary ♦ lead
    assert game.to_move == 1 and legal(game) == ["Jd", "Qd"]
