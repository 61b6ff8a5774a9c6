"""Complete hand-made deals for 2, 3 and 4 players, asserting exact sheet rows."""

from deals import (A_BIDDING, A_GIVING, A_PLAY, C_GIVING, C_PLAY, D_BIDDING, D_PLAY, deal_a, deal_c, deal_d,
                   last_row, legal, run)


def test_three_player_deal_declarer_makes_with_marriage():
    game = run(deal_a(), f"{A_BIDDING} {A_GIVING} c120 {A_PLAY}")
    row = game.sheet.rows[0]
    assert (row.kind, row.declarer, row.contract) == ("played", 0, 120)
    # +120 exactly (not 202); seat 1 took nothing: a dash; seat 2: 18 rounds to 20.
    assert last_row(game) == [(120, False, 0, 120, ""), (None, True, 0, 0, ""), (20, False, 0, 20, "")]
    assert game.last_deal["trick_points"] == [102, 0, 18]
    assert game.last_deal["meld_points"] == [100, 0, 0]
    assert game.deal_no == 1 and game.dealer == 0 and game.phase == "bidding"


def test_three_player_deal_declarer_fails_a_raised_contract():
    # The same play but contract 210: 102 + 100 = 202 < 210.
    game = run(deal_a(), f"{A_BIDDING} {A_GIVING} c210 {A_PLAY}")
    assert last_row(game)[0] == (-210, False, 0, -210, "")


def test_four_player_deal_sitter_scores_talon_and_its_marriage():
    game = deal_c()
    assert (game.sitter, game.first_hand, game.active) == (2, 0, (0, 1, 3))
    assert game.hands[2] == 0
    run(game, f"p p {C_GIVING} c120 {C_PLAY}")
    # Sitter: Ks Qs 9s = 7 points + the ♠ marriage 40 = 47 -> 50.
    assert last_row(game) == [(120, False, 0, 120, ""), (None, True, 0, 0, ""), (50, False, 0, 50, ""),
                              (20, False, 0, 20, "")]


def test_two_player_deal_with_talon_choice_gift_and_last_trick_talon():
    game = run(deal_d(), D_BIDDING)
    assert game.phase == "talon" and legal(game) == ["t1", "t2"]
    run(game, "t1")
    assert game.phase == "giving" and len(game.legal_actions()) == 12  # 12 cards to the one opponent
    run(game, "gKs1")
    assert game.phase == "contract"
    assert "c280" in legal(game) and "c290" not in legal(game)  # 120 + ♥100 + ♣60
    run(game, f"c200 {D_PLAY}")
    # Declarer 111 + 160 melds; seat 1 took the last trick (7) and the talon left on the table (Js 9s: 2).
    assert game.last_deal["trick_points"] == [111, 9]
    assert last_row(game) == [(200, False, 0, 200, ""), (10, False, 0, 10, "")]
