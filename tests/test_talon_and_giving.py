"""The talon (revealed, taken, the 2-player blind choice) and giving cards."""

import pytest

from deals import A_GIVING, D_BIDDING, D_PLAY, deal_a, deal_c, deal_d, legal, run
from thousand import IllegalActionError, Rules


def test_three_players_talon_is_revealed_to_all_and_taken():
    game = deal_a()
    assert all(game.view(s)["talons"][0]["cards"] is None for s in range(3))
    run(game, "p p")
    for seat in range(3):
        assert game.view(seat)["talons"][0]["cards"] == ["Qs", "Js", "9s"]
    assert game.view(0)["hand_sizes"] == [10, 7, 7]


def test_declarer_gives_one_card_to_each_opponent():
    game = run(deal_a(), "p p")
    assert set(legal(game)) == {f"g{c}{s}" for c in game.view(0)["hand"] for s in (1, 2)}
    run(game, "g9s1")
    assert all(a.endswith("2") for a in legal(game))  # seat 1 already has its card
    with pytest.raises(IllegalActionError):
        game.apply("gAh1")
    run(game, "gJs2")
    assert game.view(0)["hand_sizes"] == [8, 8, 8]
    assert game.phase == "contract"


def test_each_opponent_sees_only_the_card_given_to_it():
    game = run(deal_a(), f"p p {A_GIVING}")
    assert game.view(1)["given_to_you"] == ["9s"] and game.view(1)["you_gave"] == []
    assert game.view(2)["given_to_you"] == ["Js"]
    assert game.view(0)["you_gave"] == [{"card": "9s", "to": 1}, {"card": "Js", "to": 2}]
    assert "Js" not in str(game.view(1)["hand"])


def test_four_players_declarer_gives_to_the_two_players_in_the_game_only():
    game = run(deal_c(), "p p")
    assert {a[-1] for a in legal(game)} == {"1", "3"}


def test_two_players_talon_shown_to_opponent_only_after_real_bidding():
    game = run(deal_d(), f"{D_BIDDING} t1")  # bidding went to 120
    assert game.view(1)["talons"][0]["cards"] == ["Ks", "Qs"]
    assert game.view(1)["talons"][1]["cards"] is None
    forced = run(deal_d(), "p t2")  # the declarer only had the forced 100
    assert forced.view(0)["talons"][1]["cards"] == ["Js", "9s"]
    assert forced.view(1)["talons"][1]["cards"] is None
    assert forced.view(1)["talons"][1]["taken_by"] == 0


def test_two_players_talons_stay_closed_before_the_choice():
    game = run(deal_d(), D_BIDDING)
    assert [t["cards"] for t in game.view(0)["talons"]] == [None, None]


def ended_talons(game) -> list[list]:
    """What each seat sees of the talons of the deal that just ended."""
    return [game.view(seat)["last_deal"]["talons"] for seat in range(game.players)]


def test_two_players_after_a_played_deal_both_talons_are_shown_to_both():
    game = run(deal_d(), f"{D_BIDDING} t1 gKs1 c200 {D_PLAY}")
    assert ended_talons(game) == [[["Ks", "Qs"], ["Js", "9s"]]] * 2


def test_two_players_after_a_fall_the_talon_left_on_the_table_stays_closed():
    game = run(deal_d(), f"{D_BIDDING} t1 gKs1 f")  # bid 120: the taken talon was shown to both
    assert ended_talons(game) == [[["Ks", "Qs"], None]] * 2


def test_two_players_after_the_forced_100_only_the_declarer_saw_the_taken_talon():
    game = run(deal_d(), "p t2 g9s1 f")
    assert ended_talons(game) == [[None, ["Js", "9s"]], [None, None]]


def test_two_players_after_a_blind_contract_only_the_declarer_saw_the_taken_talon():
    game = run(deal_d(Rules(blind=True)), "d p t1 gKs1 f")
    assert game.last_deal["bid"] > 100 and game.last_deal["blind"]
    assert ended_talons(game) == [[["Ks", "Qs"], None], [None, None]]


def test_four_players_talon_is_revealed_to_the_sitter_too():
    """The house text: "Прикуп показують усім за столом" (the talon is shown to everyone at the table), the
    player sitting on it included."""
    game = run(deal_c(), "p p")
    assert game.sitter == 2
    assert [game.view(seat)["talons"][0]["cards"] for seat in range(4)] == [["Ks", "Qs", "9s"]] * 4
