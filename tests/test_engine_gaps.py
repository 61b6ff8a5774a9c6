"""Rules of the engine that no other test pinned down (found by mutating the engine): each test names its rule."""

from deals import A_BIDDING, A_GIVING, A_PLAY, deal_a, last_row, legal, run
from thousand import Game, Rules
from thousand.game import choose_winner

# Deal T, 4 players, dealer 3: seat 0 is the first hand and seat 2 sits on the talon (A♥ K♥ Q♥: 18 + 100 -> 120).
# Seat 1 passes, seat 3 bids 110 and seat 0 passes; seat 3 takes every trick.
T_HANDS = ["Ks Qs Js 9s Kc Qc Jc", "9c Kd Qd Jd 9d Jh 9h", "", "As Ts Ac Tc Ad Td Th"]
T_PLAY = "Ah Qh Kh  Th Kc Jh  Ad Qc Kd  Td Jc Qd  Ac Ks 9c  Tc Qs 9h  As Js Jd  Ts 9s 9d"


def test_a_tie_goes_to_the_declarer_before_an_earlier_seat():
    """RULES.md, the end: a tie goes to the declarer of that deal, then to the earliest tied seat clockwise."""
    game = Game.from_deal(4, dealer=3, hands=T_HANDS, talon="Ah Kh Qh", totals=[0, 0, 890, 900])
    run(game, f"p b110 p gQh0 gKh1 c110 {T_PLAY}")
    assert game.sheet.totals == [0, 0, 1010, 1010]
    assert game.is_over and game.winner == 3  # the sitter, seat 2, comes first clockwise from seat 0


def test_a_tie_without_the_declarer_goes_clockwise_from_the_first_hand():
    """RULES.md, the end: without the declarer among them, "the earliest tied seat clockwise from that deal's first
    hand" wins: clockwise, not counterclockwise."""
    assert choose_winner([1010, 1010, 990], declarer=2, first_hand=2) == 0
    assert choose_winner([1000, 0, 0, 1000], declarer=1, first_hand=2) == 3


def test_the_ace_marriage_takes_all_four_aces():
    """RULES.md, ace_marriage: "four aces in one hand are a marriage worth 200"; three aces are no marriage."""
    game = run(deal_a(Rules(ace_marriage=True)), "p p g9s1 gJs2")  # seat 0 holds A♥ A♦ A♣, not A♠
    assert legal(game)[-3:] == ["c220", "f", "w"]  # 120 + the ♥ marriage only
    run(game, "c100")
    assert not [a for a in legal(game) if a.startswith("mA")]


def test_the_sitter_scores_a_marriage_only_with_both_halves_in_the_talon():
    """RULES.md, four players: the sitter scores the full value of a marriage "if the king and queen of one suit are
    both in the talon"; a lone king is worth its 4 points."""
    hands = ["Ah Th Kh Qh Ad Td Ac", "Jh Kd Qd Jd Kc Qc 9c", "", "9d Tc Jc As Ts 9h Qs"]
    game = Game.from_deal(4, dealer=3, hands=hands, talon="Ks Js 9s")  # K♠ without Q♠: 6 points -> 10
    run(game, "p p g9s1 gKs3 f")
    assert last_row(game)[2] == (10, False, 0, 10, "")


def test_a_new_deal_starts_with_no_trump_no_marriages_and_no_tricks():
    """RULES.md, playing the tricks: "At the start of a deal there is no trump"; marriages and tricks are per deal."""
    game = run(deal_a(), f"{A_BIDDING} {A_GIVING} c120 {A_PLAY}")  # ♥ declared; seat 0 took 7 tricks
    assert game.deal_no == 1 and game.phase == "bidding"
    view = game.view(1)
    assert view["trump"] is None and view["melds"] == [] and view["tricks_won"] == [0, 0, 0]
    assert game.meld_points == [0, 0, 0]
