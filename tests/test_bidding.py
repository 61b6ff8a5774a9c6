"""Bidding: forced opening, +10 steps, final passes, the marriage limit."""

import pytest

from deals import A_HANDS, A_TALON, deal_a, deal_c, deal_d, legal, run
from thousand import Game, IllegalActionError


def test_first_hand_opens_100_and_the_next_player_speaks():
    game = deal_a()
    assert game.bids == [(0, 100)] and game.bid == 100
    assert game.to_move == 1
    assert legal(game) == ["b110", "p"]  # exactly one step, never a jump


def test_cannot_jump_a_step():
    game = deal_a()
    with pytest.raises(IllegalActionError, match="bidding"):
        game.apply("b120")


def test_everyone_passes_first_hand_plays_100():
    game = run(deal_a(), "p p")
    assert (game.declarer, game.bid, game.phase) == (0, 100, "giving")


def test_pass_is_final_and_turns_skip_passed_players():
    game = run(deal_a(), "b110 p")  # seat 1 raises, seat 2 passes
    assert game.to_move == 0
    run(game, "b120")
    assert game.to_move == 1  # seat 2 passed for good
    run(game, "p")
    assert (game.declarer, game.bid) == (0, 120)


def test_bid_limit_is_120_plus_marriages_in_hand():
    game = run(deal_a(), "b110 b120 b130 b140")
    # Seat 2 has no marriage: it may not go above 120, so it can only pass.
    assert game.to_move == 2 and legal(game) == ["p"]
    run(game, "p")
    # Seat 0 holds the ♥ marriage (limit 220), seat 1 the ♦ and ♣ ones (limit 260).
    for value in range(150, 221, 20):
        run(game, f"b{value} b{value + 10}")
    assert game.bid == 220 and game.to_move == 0
    assert legal(game) == ["p"]
    run(game, "p")
    assert (game.declarer, game.bid) == (1, 220)


def test_four_players_bidding_skips_the_sitter():
    game = deal_c()
    assert game.to_move == 1
    run(game, "b110")
    assert game.to_move == 3  # seat 2 sits on the talon
    run(game, "p")
    assert game.to_move == 0


def test_two_players_opponent_answers_the_forced_100():
    game = deal_d()
    assert game.to_move == 1 and legal(game) == ["b110", "p"]
    run(game, "p")
    assert game.declarer == 0 and game.phase == "talon"


def test_seeded_bidding_starts_left_of_the_dealer():
    for players in (2, 3, 4):
        game = Game(players, seed=11)
        assert game.first_hand == (game.dealer + 1) % players
        assert game.bids[0] == (game.first_hand, 100)


def test_hand_made_deal_must_hold_every_card_once():
    with pytest.raises(ValueError, match="24 cards"):
        Game.from_deal(3, dealer=2, hands=A_HANDS, talon="Qs Js Ts")
