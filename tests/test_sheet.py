"""Scoring on the sheet: redeals, dashes, the barrel, penalties and the end of the game."""

import pytest

from deals import A_BIDDING, A_GIVING, A_PLAY, C_GIVING, C_PLAY, deal_a, deal_c, last_row, run
from thousand import Game, Rules
from thousand.game import choose_winner
from thousand.scoring import round_points

SCRIPT_A = f"{A_BIDDING} {A_GIVING} c120 {A_PLAY}"  # seat 0 makes 120; seat 1 takes no trick; seat 2 18


@pytest.mark.parametrize("points,expected", [(0, 0), (4, 0), (5, 10), (15, 20), (44, 40), (45, 50), (118, 120)])
def test_rounding_halves_up(points, expected):
    assert round_points(points) == expected


def test_redeal_on_four_nines_in_a_hand():
    hands = ["9h 9d 9c 9s Ah Th Kh", "Qh Jh Ad Td Kd Qd Jd", "Ac Tc Kc Qc Jc As Ts"]
    game = Game.from_deal(3, dealer=2, hands=hands, talon="Ks Qs Js", seed=5)
    row = game.sheet.rows[0]
    assert row.kind == "redeal" and row.dealer == 2
    assert [(e.points, e.dash) for e in row.entries] == [(None, True)] * 3
    assert game.dealer == 2 and game.deal_no == 1  # same dealer deals again, the next shuffle
    assert game.sheet.dashes == [1, 1, 1]


def test_redeal_on_three_nines_in_the_talon_counts_toward_three_dashes():
    hands = ["9h Ah Th Kh Qh Jh Ad", "Td Kd Qd Jd Ac Tc Kc", "Qc Jc As Ts Ks Qs Js"]
    game = Game.from_deal(3, dealer=2, hands=hands, talon="9d 9c 9s", seed=5, dashes=[2, 0, 1])
    assert game.sheet.rows[0].kind == "redeal"
    assert [(e.dash, e.penalty, e.total) for e in game.sheet.rows[0].entries] == [
        (True, -100, -100), (True, 0, 0), (True, 0, 0)]
    assert game.sheet.dashes == [0, 1, 2]


def test_four_players_redeal_dashes_every_player_the_sitter_too():
    """The house text: on a redeal "всім прочерк" (a dash for everyone), and a talon of three nines is worth
    nothing "to the one sitting on it" either. The sitter's third dash in a row costs 100 like any other."""
    hands = ["9h 9d 9c 9s Ah Th Kh", "Qh Jh Ad Td Kd Qd Jd", "", "Ac Tc Kc Qc Jc As Ts"]
    game = Game.from_deal(4, dealer=3, hands=hands, talon="Ks Qs Js", seed=5, totals=[0, 0, 300, 0],
                          dashes=[0, 0, 2, 0])
    assert game.sitter == 2 and game.sheet.rows[0].kind == "redeal"
    assert [(e.dash, e.penalty, e.total) for e in game.sheet.rows[0].entries] == [
        (True, 0, 0), (True, 0, 0), (True, -100, 200), (True, 0, 0)]
    hands = ["Ah Th Kh Qh Ad Td Ac", "Jh Kd Qd Jd Kc Qc Jc", "", "9h Tc As Ts Ks Qs Js"]
    talon = Game.from_deal(4, dealer=3, hands=hands, talon="9d 9c 9s", seed=5)
    assert talon.sheet.rows[0].kind == "redeal"
    assert [e.dash for e in talon.sheet.rows[0].entries] == [True] * 4


def test_two_players_three_nines_in_hand_and_one_in_a_talon_is_no_redeal():
    hands = ["9h 9d 9c Ah Th Kh Qh Jh Ad Td", "Kd Qd Jd Ac Tc Kc Qc Jc As Ts"]
    game = Game.from_deal(2, dealer=1, hands=hands, talons=("9s Ks", "Qs Js"))
    assert game.sheet.rows == [] and game.phase == "bidding"


def test_third_dash_in_a_row_costs_100_and_restarts_the_series():
    game = run(deal_a(totals=[0, 300, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert last_row(game)[1] == (None, True, -100, 200, "")
    assert game.sheet.dashes == [0, 0, 0]


def test_points_reset_the_dash_series_even_when_negative():
    game = run(deal_a(dashes=[2, 1, 2]), f"{A_BIDDING} {A_GIVING} c210 {A_PLAY}")  # seat 0 fails: -210
    assert game.sheet.dashes == [0, 2, 0]


def test_reaching_900_puts_the_player_on_the_barrel_at_exactly_900():
    game = run(deal_a(totals=[820, 0, 0]), SCRIPT_A)
    assert last_row(game)[0] == (120, False, 0, 900, "")
    assert game.on_barrel(0) and game.view(1)["sheet"]["barrel"] == [True, False, False]


def test_reaching_1000_in_one_deal_jumps_the_barrel_and_wins():
    game = run(deal_a(totals=[890, 0, 0]), SCRIPT_A)
    assert game.is_over and game.winner == 0 and game.sheet.totals[0] == 1010


def test_on_the_barrel_made_contract_wins():
    game = run(deal_a(totals=[900, 0, 0]), f"{A_BIDDING} {A_GIVING} c100 {A_PLAY}")  # 102 trick points
    assert game.is_over and game.winner == 0 and game.sheet.totals == [1000, 0, 20]


def test_on_the_barrel_melds_count_for_nothing():
    # 102 trick points + ♥ 100 would make 200, but on the barrel only tricks count.
    game = run(deal_a(totals=[900, 0, 0]), f"{A_BIDDING} {A_GIVING} c200 {A_PLAY}")
    assert last_row(game)[0] == (-200, False, 0, 700, "")
    assert not game.on_barrel(0) and not game.is_over


def test_barrel_defender_scores_nothing_dash_only_without_a_trick():
    game = run(deal_a(totals=[0, 900, 900]), SCRIPT_A)
    rows = last_row(game)
    assert rows[1] == (None, True, 0, 900, "")  # no trick: a dash
    assert rows[2] == (None, False, 0, 900, "")  # took the last trick: no dash, no points


def test_strict_barrel_every_barrel_deal_not_won_is_a_dash():
    game = run(deal_a(Rules(strict_barrel=True), totals=[0, 900, 900]), SCRIPT_A)
    assert [r[1] for r in last_row(game)] == [False, True, True]


def test_three_barrel_dashes_take_the_player_off_with_minus_100():
    game = run(deal_a(totals=[0, 900, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert last_row(game)[1] == (None, True, -100, 800, "")
    assert not game.on_barrel(1)


def test_barrel_player_gets_a_dash_from_an_opponents_fall_and_no_60_from_a_write_off():
    fall = run(deal_a(totals=[0, 900, 0]), f"{A_BIDDING} {A_GIVING} f")
    assert last_row(fall)[1] == (None, True, 0, 900, "")
    write_off = run(deal_a(totals=[0, 900, 0]), f"{A_BIDDING} {A_GIVING} w")
    assert last_row(write_off)[1] == (None, False, 0, 900, "")
    assert last_row(write_off)[2] == (60, False, 0, 60, "")


def test_write_off_can_put_an_opponent_on_the_barrel():
    game = run(deal_a(totals=[0, 850, 0]), f"{A_BIDDING} {A_GIVING} w")
    assert last_row(game)[1] == (60, False, 0, 900, "")


def test_four_players_sitter_on_the_barrel_records_nothing_and_no_dash():
    game = run(deal_c(totals=[0, 0, 900, 0], dashes=[0, 0, 2, 0]), f"p p {C_GIVING} c120 {C_PLAY}")
    assert last_row(game)[2] == (None, False, 0, 900, "")
    assert game.sheet.dashes[2] == 2


def test_several_players_may_sit_on_the_barrel():
    game = run(deal_a(totals=[900, 900, 880]), f"{A_BIDDING} {A_GIVING} f")
    assert game.sheet.totals == [800, 900, 880]
    assert game.sheet.dashes == [0, 1, 1]


def test_game_ends_at_1000_and_highest_total_wins():
    # Seat 0 wins with 1010 even though seat 2 also plays this deal.
    game = run(deal_a(totals=[890, 0, 880]), SCRIPT_A)
    assert game.is_over and game.winner == 0 and game.phase == "over" and game.legal_actions() == []
    assert game.view(0)["prompt"]["key"] == "over"


# Deal F, 4 players: the sitter (seat 2) holds A♥ K♥ Q♥ in the talon: 18 + 100 -> 120.
# Seat 0 plays the forced 100 and takes all 120 trick points.
F_HANDS = ["As Ts Ac Tc Ad Td Th", "Ks Qs Js 9s Kc Qc Jc", "", "9c Kd Qd Jd 9d Jh 9h"]
F_SCRIPT = "p p gQh1 gKh3 c100 As 9s 9c Ts Js 9d Ac Jc 9h Tc Qc Jh Ad Qh Kd Td Qs Qd Th Kc Kh Ah Ks Jd"


def deal_f(**sheet):
    return Game.from_deal(4, dealer=3, hands=F_HANDS, talon="Ah Kh Qh", **sheet)


def test_tie_above_1000_goes_to_the_declarer():
    game = run(deal_f(totals=[900, 0, 880, 0]), F_SCRIPT)
    assert game.sheet.totals == [1000, 0, 1000, 0]  # seats 1 and 3 took nothing: dashes
    assert game.is_over and game.winner == 0


def test_sitter_can_win_the_game_from_the_talon():
    game = run(deal_f(totals=[890, 0, 880, 0]), F_SCRIPT)
    assert game.sheet.totals[0] == 900 and game.sheet.totals[2] == 1000
    assert game.winner == 2


def test_tie_without_the_declarer_goes_to_the_earliest_seat_from_the_first_hand():
    assert choose_winner([1000, 1010, 1010], declarer=0, first_hand=2) == 2
    assert choose_winner([1010, 1010, 990], declarer=2, first_hand=1) == 1
    assert choose_winner([1010, 1010, 990], declarer=1, first_hand=0) == 1


def test_four_players_sitter_with_a_pointless_talon_gets_a_dash():
    hands = ["Ah Th Kh Qh Ad Td Ac", "Jh Kd Qd Jd Kc Qc 9c", "", "9d Tc Jc As Ts Ks Qs"]
    game = Game.from_deal(4, dealer=3, hands=hands, talon="9h Js 9s")  # 2 points -> 0
    run(game, "p p g9h1 g9s3 f")
    assert last_row(game)[2] == (None, True, 0, 0, "")


def test_two_players_fall_and_write_off():
    from deals import D_BIDDING, deal_d

    fall = run(deal_d(), f"{D_BIDDING} t1 gKs1 f")
    assert last_row(fall) == [(-120, False, 0, -120, ""), (None, True, 0, 0, "")]
    write_off = run(deal_d(), f"{D_BIDDING} t2 g9s1 w")
    assert last_row(write_off) == [(None, False, 0, 0, "р"), (60, False, 0, 60, "")]


def test_a_contract_reached_exactly_is_made():
    """RULES.md: "if trick points plus the declarer's own marriages (not rounded) **reach** the contract, the
    declarer records exactly the contract". 120 in tricks makes a contract of 120."""
    game = run(deal_f(), F_SCRIPT.replace("c100", "c120"))
    assert game.last_deal["trick_points"] == [120, 0, 0, 0] and game.last_deal["made"]
    assert last_row(game)[0] == (120, False, 0, 120, "")


# Deal N: seat 1 (on the barrel) trumps the 9♠ with the 9♥ under seat 0's ♥ trump and takes 9♠ 9♥ 9♦, a trick
# worth 0 points; it takes no other trick.
N_HANDS = ["Kh Qh Ah Th As Ks 9s", "Jh 9h Js 9c Jc Qc Kc", "Qs Ts 9d Ac Tc Ad Td"]
N_SCRIPT = "p p gJd1 gQd2 c100 mKh Jh Ts As Js Qs 9s 9h 9d Jd Ad Kd Td Qh 9c Ks Jc Qd Ah Qc Tc Th Kc Ac"


# Deal N2: deal N with the gifts swapped: seat 1 (off the barrel) trumps the 9♠ with the 9♥ and takes 9♠ 9♥ J♦,
# 2 points, its only trick.
N2_SCRIPT = "p p gQd1 gJd2 c100 mKh Jh Ts As Js Qs 9s 9h Jd Qd Ad Kd Td Qh 9c Ah Jc 9d Th Qc Ac Ks Kc Tc"


def test_a_defenders_points_that_round_to_zero_are_a_dash_even_with_a_trick():
    """The house text: a dash is a deal with nothing recorded, "нуль після округлення" (zero after rounding); only
    on the barrel does taking a trick count. Seat 1 takes a trick worth 2 points: 0, its third dash, minus 100."""
    game = Game.from_deal(3, dealer=2, hands=N_HANDS, talon="Kd Qd Jd", totals=[0, 300, 0], dashes=[0, 2, 0])
    run(game, N2_SCRIPT)
    assert game.last_deal["trick_points"] == [100, 2, 18]
    assert last_row(game)[1] == (None, True, -100, 200, "")


def test_two_players_redeal_on_four_nines_in_a_hand():
    """The house text: four nines in a hand are a redeal, "всім прочерк", with two players too."""
    hands = ["9h 9d 9c 9s Ah Th Kh Qh Jh Ad", "Td Kd Qd Jd Ac Tc Kc Qc Jc As"]
    game = Game.from_deal(2, dealer=1, hands=hands, talons=("Ts Ks", "Qs Js"), seed=5, dashes=[2, 0])
    row = game.sheet.rows[0]
    assert row.kind == "redeal" and game.dealer == 1 and game.deal_no == 1
    assert [(e.dash, e.penalty, e.total) for e in row.entries] == [(True, -100, -100), (True, 0, 0)]


def test_on_the_barrel_a_trick_without_points_is_still_a_trick():
    """RULES.md, the barrel: a barrel deal in which the player takes **no trick** is a dash, and one without a
    dash ends their series. A trick of three nines is a trick."""
    game = Game.from_deal(3, dealer=2, hands=N_HANDS, talon="Kd Qd Jd", totals=[0, 900, 0], dashes=[0, 2, 0])
    run(game, N_SCRIPT)
    assert game.last_deal["trick_points"] == [103, 0, 17]  # seat 1: one trick, 0 points
    assert last_row(game)[1] == (None, False, 0, 900, "")  # no dash, so no third dash and no -100
    assert game.sheet.dashes[1] == 0 and game.on_barrel(1)


def test_on_the_barrel_a_deal_with_a_trick_ends_the_dash_series():
    """RULES.md, dashes: "a barrel deal without a dash in which the player records nothing" ends their series.
    Seat 2, on the barrel with two dashes, takes the last trick: no dash, series over."""
    game = run(deal_a(totals=[0, 0, 900], dashes=[0, 0, 2]), SCRIPT_A)
    assert last_row(game)[2] == (None, False, 0, 900, "")
    assert game.sheet.dashes[2] == 0


def test_four_players_write_off_leaves_the_sitters_dash_series_alone():
    """RULES.md, dashes: "A written-off deal leaves every series unchanged"; the sitter still records the
    talon's points (50 here)."""
    game = run(deal_c(dashes=[0, 1, 2, 1]), "p p g9s1 gKs3 w")
    assert last_row(game)[2] == (50, False, 0, 50, "")
    assert game.sheet.dashes == [0, 1, 2, 1]


def test_a_fall_ends_the_declarers_dash_series():
    """RULES.md, dashes: "Any deal in which a player records points, even negative ones, ends their series";
    falling records minus the bid."""
    game = run(deal_a(dashes=[2, 1, 0]), f"{A_BIDDING} {A_GIVING} f")
    assert last_row(game)[0] == (-100, False, 0, -100, "")
    assert game.sheet.dashes == [0, 2, 1]


def test_a_write_off_leaves_the_declarers_own_series_alone():
    """RULES.md: "A written-off deal neither adds a dash to anyone nor resets anyone's series of dashes"."""
    game = run(deal_a(dashes=[2, 1, 0]), f"{A_BIDDING} {A_GIVING} w")
    assert last_row(game)[0] == (None, False, 0, 0, "р")
    assert game.sheet.dashes == [2, 1, 0]


def test_a_redeal_is_no_barrel_deal():
    """RULES.md, barrel_deals: each deal played while on the barrel counts, "a redeal does not". Seat 1 has used
    2 of its 3 barrel deals; a redeal gives it a dash but no third deal, so it stays on the barrel."""
    hands = ["9h 9d 9c 9s Ah Th Kh", "Qh Jh Ad Td Kd Qd Jd", "Ac Tc Kc Qc Jc As Ts"]
    game = Game.from_deal(3, dealer=2, hands=hands, talon="Ks Qs Js", seed=5, rules=Rules(barrel_deals=3),
                          totals=[0, 900, 0], barrel_deals=[0, 2, 0])
    row = game.sheet.rows[0]
    assert row.kind == "redeal"
    entry = row.entries[1]
    assert (entry.points, entry.dash, entry.penalty, entry.total, entry.off_barrel) == (None, True, 0, 900, False)
    assert game.on_barrel(1)


def test_falls_and_write_offs_on_the_barrel_use_up_barrel_deals():
    """RULES.md, barrel_deals: "Each deal played while on the barrel counts (played, fallen or written off ...)".
    On its third and last barrel deal, a declarer who writes off and an opponent of a fall both lose 120."""
    rules = Rules(barrel_deals=3)
    write_off = run(deal_a(rules, totals=[900, 0, 0], barrel_deals=[2, 0, 0]), f"{A_BIDDING} {A_GIVING} w")
    assert last_row(write_off)[0] == (None, False, -120, 780, "р")
    fall = run(deal_a(rules, totals=[0, 900, 0], barrel_deals=[0, 2, 0]), f"{A_BIDDING} {A_GIVING} f")
    assert last_row(fall)[1] == (None, True, -120, 780, "")


def test_winning_on_the_last_barrel_deal_is_no_barrel_penalty():
    """RULES.md, barrel_deals: "After the last of them, a player **still on the barrel** loses 120". Seat 0
    makes 100 on its third and last barrel deal: 1000, the game is won, and no 120 is lost."""
    game = run(deal_a(Rules(barrel_deals=3), totals=[900, 0, 0], barrel_deals=[2, 0, 0]),
               f"{A_BIDDING} {A_GIVING} c100 {A_PLAY}")  # 102 in tricks
    assert last_row(game)[0] == (100, False, 0, 1000, "")
    assert game.is_over and game.winner == 0


# ------------------------------------------------------------ the barrel's marks, notes and the columns


def test_a_winner_past_1000_is_not_shown_on_the_barrel():
    """RULES.md: the barrel is 900 or more "but less than 1000"; 1010 wins the game and skips the barrel."""
    game = run(deal_a(totals=[890, 0, 0]), SCRIPT_A)
    assert game.is_over and game.sheet.totals[0] == 1010
    assert not game.on_barrel(0)
    assert game.view(0)["sheet"]["barrel"] == [False, False, False]


def test_winning_from_the_barrel_is_no_note_of_leaving_it():
    """A made contract on the barrel wins the game (900 -> 1000): the row says nothing about "off the barrel"."""
    game = run(deal_a(totals=[900, 0, 0]), f"{A_BIDDING} {A_GIVING} c100 {A_PLAY}")  # 102 in tricks
    assert game.is_over and game.sheet.totals[0] == 1000
    assert [n["key"] for n in game.view(0)["sheet"]["rows"][-1]["notes"]] == []


def test_the_barrel_mark_of_a_cell_is_the_state_after_the_row():
    """Entry.barrel: on the barrel *after* this row: set in the row that reaches 900, clear in the row that
    leaves it."""
    onto = run(deal_a(totals=[820, 0, 0]), SCRIPT_A)
    assert onto.view(0)["sheet"]["rows"][-1]["entries"][0]["barrel"] is True
    off = run(deal_a(totals=[900, 0, 0]), f"{A_BIDDING} {A_GIVING} c200 {A_PLAY}")  # fails on the barrel: 700
    assert off.view(0)["sheet"]["rows"][-1]["entries"][0]["barrel"] is False
    stays = run(deal_a(totals=[0, 900, 0]), SCRIPT_A)  # a barrel deal without a trick: still 900
    assert stays.view(0)["sheet"]["rows"][-1]["entries"][1]["barrel"] is True


def test_the_sheet_shows_who_has_fallen_and_written_off():
    """Each player may fall once and write off once per game; the sheet (the page's columns) shows who still may."""
    fall = run(deal_a(), f"{A_BIDDING} {A_GIVING} f")
    assert fall.view(1)["sheet"]["can_fall"] == [False, True, True]
    assert fall.view(1)["sheet"]["can_write_off"] == [True, True, True]
    write_off = run(deal_a(), f"{A_BIDDING} {A_GIVING} w")
    assert write_off.view(1)["sheet"]["can_fall"] == [True, True, True]
    assert write_off.view(1)["sheet"]["can_write_off"] == [False, True, True]


# ------------------------------------------------------------ what a deal earns

# Deal A without declaring the ♥ marriage: seat 0 takes the same tricks (102 points) but has no marriage.
A_PLAY_NO_MELD = A_PLAY.replace("mKh", "Kh", 1)


def keys(game) -> list[str]:
    return [n["key"] for n in game.view(0)["sheet"]["rows"][-1]["notes"]]


def test_a_defenders_own_marriage_counts_toward_its_points():
    """RULES.md, scoring a deal: other players record "trick points plus their own marriages", rounded.
    Seat 0 gives Q♠ to seat 2, which wins the first trick with A♠ and declares the ♠ marriage (40)."""
    game = run(deal_a(), "p p g9s1 gQs2 c100 Js 9s As mKs "
                         "Ac 9h 9c Ad Kc Jd 9d Td Ah Jh Qs Jc Kh Qc Kd Ts Qh Tc Th Qd")
    assert game.last_deal["trick_points"] == [12, 24, 84] and game.last_deal["meld_points"] == [0, 0, 40]
    assert last_row(game)[2] == (120, False, 0, 120, "")  # 84 + 40 = 124 -> 120


def test_a_failed_blind_contract_counts_double():
    """RULES.md, blind: "Made, failed or fallen it counts double: +240 or -240"."""
    game = run(deal_a(Rules(blind=True)), f"d p p g9s1 gJs2 c120 {A_PLAY_NO_MELD}")  # 102 in tricks, no marriage
    assert game.last_deal["trick_points"] == [102, 0, 18]
    assert last_row(game)[0] == (-240, False, 0, -240, "")


def test_a_contract_lost_on_the_barrel_without_marriages_has_no_marriage_note():
    """note.barrel_no_melds explains a contract lost because marriages do not count on the barrel; a declarer
    on the barrel who declared none just loses (off the barrel)."""
    game = run(deal_a(totals=[900, 0, 0]), f"p p g9s1 gJs2 c120 {A_PLAY_NO_MELD}")
    assert last_row(game)[0] == (-120, False, 0, 780, "")
    assert keys(game) == ["note.off_barrel"]


def test_a_contract_lost_off_the_barrel_has_no_barrel_note():
    """Off the barrel marriages count: 102 + 100 falls short of 210 with no note about the barrel."""
    game = run(deal_a(), f"p p g9s1 gJs2 c210 {A_PLAY}")
    assert last_row(game)[0] == (-210, False, 0, -210, "")
    assert keys(game) == []
