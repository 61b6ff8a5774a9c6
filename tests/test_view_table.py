"""What the table shows between and during deals: the deal's number, the last
trick of a finished deal, the card the declarer gave you, the bids and the talons taken."""

from deals import A_BIDDING, A_GIVING, A_PLAY, deal_a, deal_d, run
from thousand import Game, Rules

SCRIPT_A = f"{A_BIDDING} {A_GIVING} c120 {A_PLAY}"  # seat 2 takes the last trick: Qs Kc As


def first_redeal_seed(players: int) -> int:
    return next(s for s in range(1, 5000) if Game(players, s).sheet.rows)


def test_the_deal_number_counts_from_one():
    game = deal_a()
    assert game.view(0)["deal"] == 1
    run(game, SCRIPT_A)
    assert game.view(0)["deal"] == 2 and len(game.sheet.rows) == 1


def test_a_first_shuffle_redeal_makes_the_first_played_deal_number_two():
    game = Game(3, first_redeal_seed(3))
    assert game.sheet.rows[0].kind == "redeal"
    assert game.view(0)["deal"] == 2


def test_after_the_game_the_deal_number_is_the_deal_that_ended_it():
    game = run(deal_a(totals=[890, 0, 0]), SCRIPT_A)
    assert game.is_over
    assert game.view(0)["deal"] == 1 == len(game.sheet.rows)


def test_the_deal_number_is_the_sheet_rows_so_far_plus_one_while_playing():
    game = Game(3, first_redeal_seed(3))
    while not game.is_over:
        assert game.view(0)["deal"] == len(game.sheet.rows) + 1
        game.apply(game.legal_actions()[0])
    assert game.view(0)["deal"] == len(game.sheet.rows)


LAST = {"cards": [{"seat": 0, "card": "Qs"}, {"seat": 1, "card": "Kc"}, {"seat": 2, "card": "As"}], "winner": 2}


def test_the_last_trick_of_a_finished_deal_stays_in_last_deal():
    game = run(deal_a(), SCRIPT_A)
    view = game.view(1)
    assert view["last_trick"] is None  # nothing played yet in the new deal
    assert view["last_deal"]["last_trick"] == LAST


def test_the_last_trick_of_the_deal_that_ended_the_game():
    view = run(deal_a(totals=[890, 0, 0]), SCRIPT_A).view(0)
    assert view["last_deal"]["last_trick"] == LAST == view["last_trick"]


def test_a_deal_not_played_has_no_last_trick():
    view = run(deal_a(), f"{A_BIDDING} {A_GIVING} f").view(0)
    assert view["last_deal"]["kind"] == "fall" and view["last_deal"]["last_trick"] is None


def test_the_card_given_to_you_stays_known_through_the_play():
    game = run(deal_a(), f"{A_BIDDING} {A_GIVING} c120")
    for move in A_PLAY.split():
        assert game.view(1)["given_to_you"] == ["9s"]  # also after seat 1 plays it (third trick)
        assert game.view(2)["given_to_you"] == ["Js"]
        assert game.view(0)["given_to_you"] == []
        game.apply(move)
    assert game.view(1)["given_to_you"] == []  # a new deal


def test_only_the_first_hands_bid_right_after_its_forced_100_is_marked_blind():
    blind = run(deal_a(Rules(blind=True)), "d").view(1)["bids"]
    assert [(b["seat"], b["bid"], b["forced"], b["blind"]) for b in blind] == [(0, 100, True, False),
                                                                                (0, 120, False, True)]
    open_bid = run(deal_a(), "b110").view(0)["bids"]
    assert [(b["seat"], b["forced"], b["blind"]) for b in open_bid] == [(0, True, False), (1, False, False)]


def test_only_the_talon_the_declarer_took_is_marked_taken():
    game = run(deal_d(), "p t2")
    assert [t["taken_by"] for t in game.view(1)["talons"]] == [None, 0]
    assert [t["taken_by"] for t in deal_d().view(0)["talons"]] == [None, None]
