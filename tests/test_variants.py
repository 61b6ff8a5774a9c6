"""Every rule setting on a hand-made deal, asserting the exact sheet rows (see RULES.md, "Settings")."""

import pytest

from deals import A_BIDDING, A_GIVING, A_PLAY, C_HANDS, C_TALON, deal_a, deal_c, deal_d, last_row, legal, run
from thousand import Game, IllegalActionError, Rules
from thousand.cards import DIAMONDS, HEARTS, mask_of, mask_str, parse_card
from thousand.rules import catalog
from thousand.tricks import legal_plays

SCRIPT_A = f"{A_BIDDING} {A_GIVING} c120 {A_PLAY}"  # seat 0 makes 120; seat 1 takes no trick; seat 2 takes 18
FAIL_A = f"{A_BIDDING} {A_GIVING} c210 {A_PLAY}"  # the same play, but 102 + 100 does not make 210


# ----------------------------------------------------------------------------- the barrel
def test_barrel_at_880_pins_the_total_there():
    game = run(deal_a(Rules(barrel=880), totals=[800, 0, 0]), SCRIPT_A)
    assert last_row(game)[0] == (120, False, 0, 880, "")
    assert game.on_barrel(0) and game.view(1)["barrel_at"] == 880
    house = run(deal_a(totals=[800, 0, 0]), SCRIPT_A)
    assert last_row(house)[0] == (120, False, 0, 900, "")


def test_barrel_deals_run_out_with_minus_120():
    rules = Rules(barrel=880, barrel_deals=3)
    game = run(deal_a(rules, totals=[0, 880, 880], barrel_deals=[0, 2, 1]), SCRIPT_A)
    rows = last_row(game)
    assert rows[1] == (None, True, -120, 760, "")  # its third barrel deal: a dash, then off with -120
    assert rows[2] == (None, False, 0, 880, "")  # its second: still on the barrel
    assert game.sheet.barrel_deals == [0, 0, 2]
    assert game.sheet.rows[-1].entries[1].off_barrel and not game.sheet.rows[-1].entries[2].off_barrel


def test_without_a_limit_the_barrel_has_no_end():
    game = run(deal_a(Rules(barrel=880), totals=[0, 0, 880], barrel_deals=[0, 0, 7]), SCRIPT_A)
    assert last_row(game)[2] == (None, False, 0, 880, "")


def test_a_deal_sat_out_is_no_barrel_deal():
    rules = Rules(barrel_deals=1)
    game = run(deal_c(rules, totals=[0, 0, 900, 0]), "p p g9s1 gKs3 f")
    assert last_row(game)[2] == (None, False, 0, 900, "")  # the sitter on the barrel
    assert game.sheet.barrel_deals == [0, 0, 0, 0]


def test_three_dashes_on_the_barrel_take_the_penalty_once():
    rules = Rules(barrel_deals=3)
    game = run(deal_a(rules, totals=[0, 900, 0], dashes=[0, 2, 0], barrel_deals=[0, 2, 0]), SCRIPT_A)
    assert last_row(game)[1] == (None, True, -100, 800, "")  # the dash penalty already took it off


# ----------------------------------------------------------------------------- dashes (bolts)
def test_bolt_120_costs_120():
    game = run(deal_a(Rules(dash_penalty=120), totals=[0, 300, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert last_row(game)[1] == (None, True, -120, 180, "")


def test_bolt_0_has_no_penalty_but_restarts_the_count():
    game = run(deal_a(Rules(dash_penalty=0), totals=[0, 300, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert last_row(game)[1] == (None, True, 0, 300, "") and game.sheet.dashes == [0, 0, 0]


def test_dashes_anywhere_are_not_reset_by_points():
    game = run(deal_a(Rules(dashes_anywhere=True), dashes=[1, 1, 2]), SCRIPT_A)
    assert game.sheet.dashes == [1, 2, 2]  # seat 0 and seat 2 scored but keep their dashes
    house = run(deal_a(dashes=[1, 1, 2]), SCRIPT_A)
    assert house.sheet.dashes == [0, 2, 0]


# ----------------------------------------------------------------------------- the dump
def test_dump_555_and_minus_555_drop_to_zero():
    game = run(deal_a(Rules(dump=True), totals=[-345, 0, 535]), FAIL_A)
    assert last_row(game) == [(-210, False, 0, 0, ""), (None, True, 0, 0, ""), (20, False, 0, 0, "")]
    entries = game.sheet.rows[-1].entries
    assert [e.dump for e in entries] == [True, False, True] and [e.delta for e in entries] == [345, 0, -535]
    house = run(deal_a(totals=[-345, 0, 535]), FAIL_A)
    assert [e[3] for e in last_row(house)] == [-555, 0, 555]


# ----------------------------------------------------------------------------- writing off
def test_write_offs_per_game():
    def contract_legal(rules, **sheet):
        return legal(run(deal_a(rules, **sheet), f"{A_BIDDING} {A_GIVING}"))

    assert "w" in contract_legal(Rules(write_offs=2), used_write_off=[1, 0, 0])
    assert "w" not in contract_legal(Rules(write_offs=2), used_write_off=[2, 0, 0])
    assert "w" not in contract_legal(Rules(write_offs=0))
    game = run(deal_a(Rules(write_offs=2), used_write_off=[1, 0, 0]), f"{A_BIDDING} {A_GIVING} w")
    assert last_row(game) == [(None, False, 0, 0, "р"), (60, False, 0, 60, ""), (60, False, 0, 60, "")]
    assert game.sheet.used_write_off == [2, 0, 0] and game.view(0)["sheet"]["can_write_off"] == [False, True, True]


def test_no_write_off_with_a_negative_total():
    rules = Rules(no_write_off_negative=True)
    assert "w" not in legal(run(deal_a(rules, totals=[-10, 0, 0]), f"{A_BIDDING} {A_GIVING}"))
    assert "w" in legal(run(deal_a(rules, totals=[0, 0, 0]), f"{A_BIDDING} {A_GIVING}"))


# ----------------------------------------------------------------------------- bidding
def test_bid_step_5():
    game = deal_a(Rules(bid_step=5))
    assert legal(game) == ["b105", "p"]
    run(game, "b105 b110 b115 p p")
    assert (game.declarer, game.bid) == (0, 115)
    run(game, A_GIVING)
    assert [a for a in legal(game) if a.startswith("c")] == sorted(f"c{v}" for v in range(115, 221, 5))


def test_rounding_to_5():
    # Deal C's talon holds K♠ Q♠ 9♠: 7 + 40 = 47 for the sitter, 50 rounded to ten, 45 to five.
    house = run(deal_c(), "p p g9s1 gKs3 f")
    fives = run(deal_c(Rules(rounding=5)), "p p g9s1 gKs3 f")
    assert last_row(house)[2][0] == 50 and last_row(fives)[2][0] == 45


def test_free_bidding_goes_above_120_without_a_marriage():
    house = run(deal_a(), "b110 b120 b130 b140")
    free = run(deal_a(Rules(free_bidding=True)), "b110 b120 b130 b140")
    assert legal(house) == ["p"] and legal(free) == ["b150", "p"]  # seat 2 holds no marriage
    run(free, "b150 p p")
    run(free, "gKs0 gTs1")
    assert legal(free)[-3:] == ["c400", "f", "w"]  # up to 120 + every marriage


# ----------------------------------------------------------------------------- the ace marriage
# Deal Z: seat 0 holds the four aces and the ♥ marriage; seat 2 gets the last trick.
Z_HANDS = ["Ah Ad Ac As Th Kh Qh", "Jh 9h Kd Qd Jd Kc Qc", "9d Tc Jc 9c Ts Ks Td"]
Z_PLAY = "mAh 9h 9c  mKh Jh 9d  Qh 9s Jc  Th Jd Js  Ad Kd Td  Ac Qc Tc  As Qd Ks  Qs Kc Ts"


def deal_z(rules=None):
    return Game.from_deal(3, dealer=2, hands=Z_HANDS, talon="Qs Js 9s", rules=rules)


def test_ace_marriage_is_worth_200_and_sets_no_trump():
    rules = Rules(ace_marriage=True)
    game = run(deal_z(rules), "p p g9s1 gJs2")
    assert legal(game)[-3:] == ["c420", "f", "w"]  # 120 + ♥ 100 + four aces 200
    assert legal(run(deal_z(), "p p g9s1 gJs2"))[-3:] == ["c220", "f", "w"]
    run(game, "c400")
    assert {"mAh", "mAd", "mAc", "mAs", "mKh", "mQh"} <= set(legal(game))
    run(game, "mAh")
    assert game.trump == -1 and game.meld_points == [200, 0, 0]
    assert game.view(1)["melds"] == [{"seat": 0, "card": "Ah", "suit": None, "aces": True, "points": 200}]
    run(game, Z_PLAY.split(maxsplit=1)[1])
    assert game.last_deal["trick_points"] == [103, 0, 17] and game.last_deal["meld_points"] == [300, 0, 0]
    assert last_row(game) == [(400, False, 0, 400, ""), (None, True, 0, 0, ""), (20, False, 0, 20, "")]


def test_ace_marriage_off_or_before_a_trick():
    assert "mAh" not in legal(run(deal_z(), "p p g9s1 gJs2 c100"))
    with pytest.raises(IllegalActionError):
        run(deal_z(), "p p g9s1 gJs2 c100 mAh")
    after_trick = Rules(ace_marriage=True, meld_requires_trick=True)
    assert not [a for a in legal(run(deal_z(after_trick), "p p g9s1 gJs2 c100")) if a.startswith("m")]


# ----------------------------------------------------------------------------- the golden round
def test_golden_round_counts_every_score_double():
    game = run(deal_a(Rules(golden=True)), SCRIPT_A)
    assert last_row(game) == [(240, False, 0, 240, ""), (None, True, 0, 0, ""), (40, False, 0, 40, "")]
    assert game.sheet.rows[-1].golden


def test_golden_round_is_the_first_deal_of_each_seat():
    game = Game(3, seed=11, rules=Rules(golden=True))
    while sum(row.kind != "redeal" for row in game.sheet.rows) < 5:
        assert game.golden_deal == (sum(row.kind != "redeal" for row in game.sheet.rows) < 3)
        game.apply(game.legal_actions()[0])
    assert [row.golden for row in game.sheet.rows if row.kind != "redeal"] == [True, True, True, False, False]


# ----------------------------------------------------------------------------- blind bidding
def test_blind_first_hand_decides_before_seeing_its_cards():
    game = deal_a(Rules(blind=True))
    assert (game.phase, game.to_move, legal(game)) == ("blind", 0, ["d", "o"])
    view = game.view(0)
    assert view["hand"] == [] and view["hand_hidden"] and view["hand_sizes"] == [7, 7, 7]
    assert game.view(1)["hand"] and not game.view(1)["hand_hidden"]
    run(game, "o")  # look: the bidding goes on as usual
    assert (game.phase, game.to_move, legal(game), game.view(0)["hand_hidden"]) == ("bidding", 1, ["b110", "p"], False)


def test_blind_contract_counts_double_and_hides_the_talon():
    game = run(deal_a(Rules(blind=True)), "d")
    assert (game.bid, game.blind, game.to_move) == (120, True, 1)
    assert legal(game) == ["b130", "p"]  # seat 1 holds marriages: it may overbid the blind bid
    run(game, "p")
    assert legal(game) == ["p"]  # seat 2 holds none
    assert game.view(0)["hand_hidden"]
    run(game, "p")
    assert game.view(0)["hand"] and game.view(0)["talons"][0]["cards"] == ["Qs", "Js", "9s"]
    assert game.view(1)["talons"][0]["cards"] is None and game.view(2)["talons"][0]["cards"] is None
    run(game, A_GIVING)
    assert legal(game) == ["c120", "f", "w"]  # a blind bid is not raised
    run(game, f"c120 {A_PLAY}")
    assert last_row(game) == [(240, False, 0, 240, ""), (None, True, 0, 0, ""), (20, False, 0, 20, "")]
    assert game.sheet.rows[-1].blind


def test_blind_fall_and_write_off_count_double():
    fall = run(deal_a(Rules(blind=True)), f"d p p {A_GIVING} f")
    assert last_row(fall) == [(-240, False, 0, -240, ""), (None, True, 0, 0, ""), (None, True, 0, 0, "")]
    write_off = run(deal_a(Rules(blind=True)), f"d p p {A_GIVING} w")
    assert last_row(write_off) == [(None, False, 0, 0, "р"), (120, False, 0, 120, ""), (120, False, 0, 120, "")]


def test_a_blind_talon_stays_hidden_after_the_deal():
    """RULES.md, blind: the declarer takes the talon without showing it to anyone, also once the deal is over."""
    for end in ("f", "w", f"c120 {A_PLAY}"):
        game = run(deal_a(Rules(blind=True)), f"d p p {A_GIVING} {end}")
        assert [game.view(s)["last_deal"]["talons"] for s in range(3)] == [[["Qs", "Js", "9s"]], [None], [None]]


def test_overbidding_a_blind_bid_ends_it():
    game = run(deal_a(Rules(blind=True)), "d b130 p")
    assert not game.blind and not game.view(0)["hand_hidden"]
    assert legal(game) == ["b140", "p"]  # seat 0 now plays with open cards
    run(game, "p g9s2 gJs0")
    assert game.declarer == 1 and not game.blind


def test_blind_with_two_players_keeps_the_talon_closed():
    game = run(deal_d(Rules(blind=True)), "d p t1")
    assert game.view(0)["talons"][0]["cards"] == ["Ks", "Qs"] and game.view(1)["talons"][0]["cards"] is None


# ----------------------------------------------------------------------------- four players: who sits
def test_four_players_dealer_sits_on_the_talon():
    game = Game.from_deal(4, dealer=2, hands=C_HANDS, talon=C_TALON, rules=Rules(dealer_sits=True))
    assert (game.sitter, game.first_hand, game.active, game.to_move) == (2, 3, (3, 0, 1), 0)
    run(game, "p p g9s0 gKs1 f")
    assert last_row(game) == [(None, True, 0, 0, ""), (None, True, 0, 0, ""), (50, False, 0, 50, ""),
                              (-100, False, 0, -100, "")]


def test_four_players_by_default_the_dealers_right_sits():
    game = deal_c()
    assert (game.sitter, game.dealer, game.active) == (2, 3, (0, 1, 3))


# ----------------------------------------------------------------------------- redeal on a weak hand
W_HANDS = ["Ah Th Kh Qh Ad Td Kd", "9h Jh 9d Jd 9c Jc Qs", "Ac Tc Kc Qc As Ts Ks"]  # seat 1: 9 points


def test_weak_hand_redeal_gives_no_dashes():
    game = Game.from_deal(3, dealer=2, hands=W_HANDS, talon="Qd Js 9s", seed=5, rules=Rules(weak_hand=14))
    row = game.sheet.rows[0]
    assert row.kind == "redeal" and [(e.points, e.dash) for e in row.entries] == [(None, False)] * 3
    assert (game.dealer, game.deal_no, game.sheet.dashes) == (2, 1, [0, 0, 0])
    assert Game.from_deal(3, dealer=2, hands=W_HANDS, talon="Qd Js 9s", rules=Rules(weak_hand=10)).sheet.rows
    assert Game.from_deal(3, dealer=2, hands=W_HANDS, talon="Qd Js 9s").sheet.rows == []


# ----------------------------------------------------------------------------- must beat
# Deal M: seat 0 leads J♦; seat 1 holds Q♦ and 9♦, seat 2 only higher diamonds.
M_HANDS = ["Jd Ah Th Kh Qh Ac Tc", "Qd 9d Jh 9h Kc Qc Jc", "Td Kd Ad 9c As Ts Ks"]


def deal_m(rules=None):
    return Game.from_deal(3, dealer=2, hands=M_HANDS, talon="Qs Js 9s", rules=rules)


def test_must_beat_the_card_winning_the_trick():
    game = run(deal_m(Rules(must_beat=True)), "p p g9s1 gJs2 c100 Jd")
    assert legal(game) == ["Qd"]
    assert game.view(1)["unplayable"]["9d"]["key"] == "reason.beat"
    house = run(deal_m(), "p p g9s1 gJs2 c100 Jd")
    assert legal(house) == ["9d", "Qd"]
    run(game, "Qd")
    assert legal(game) == ["Ad", "Kd", "Td"]  # all three beat Q♦


def test_must_beat_then_trumps_must_overtrump():
    from thousand.cards import mask_of, mask_str, parse_card
    from thousand.tricks import legal_plays

    hand = mask_of(parse_card(c) for c in "9h Ah Kc".split())
    # ♦ led, the winning card the 10♥ (a trump): the only higher trump must be played.
    assert mask_str(legal_plays(hand, 2, 3, beat=parse_card("Th"))) == "Ah"
    assert mask_str(legal_plays(hand, 2, 3)) == "Ah 9h"
    # A plain ♦ winning: any trump beats it.
    assert mask_str(legal_plays(hand, 2, 3, beat=parse_card("Ad"))) == "Ah 9h"


# Deal B: seat 0 leads J♦; seat 1 holds K♦ and 9♦; seat 2 holds Q♦ (beats the J♦ led, not the K♦) and A♦.
B_HANDS = ["Jd Ah Th Kh Qh Ac Tc", "Kd 9d Jh 9h Kc Qc Jc", "Qd Ad 9c As Ts Ks Js"]


def test_must_beat_the_card_winning_the_trick_not_the_card_led():
    """RULES.md, must_beat: a player who follows suit "must play a card that **beats the card now winning the
    trick** if they hold one" [decision]: the card winning the trick, not only the card led."""
    game = Game.from_deal(3, dealer=2, hands=B_HANDS, talon="Td Qs 9s", rules=Rules(must_beat=True))
    run(game, "p p g9s1 gQs2 c100 Jd")
    assert legal(game) == ["Kd"]
    run(game, "Kd")
    assert legal(game) == ["Ad"]  # Q♦ beats the J♦ led but not the K♦ now winning
    house = run(Game.from_deal(3, dealer=2, hands=B_HANDS, talon="Td Qs 9s"), "p p g9s1 gQs2 c100 Jd Kd")
    assert legal(house) == ["Ad", "Qd"]


def test_must_beat_still_follows_suit_first():
    """RULES.md, must_beat: following suit comes first. Holding only a low ♦ and a trump, a player must follow
    with the ♦ even though the trump would beat the A♦."""
    hand = mask_of(parse_card(c) for c in "9d Ah".split())
    assert mask_str(legal_plays(hand, DIAMONDS, HEARTS, beat=parse_card("Ad"))) == "9d"


def test_weak_hand_limit_goes_up_to_20():
    """RULES.md settings table: `weak_hand` is `wh10`…`wh20`. A hand of 19 points is "fewer than 20"."""
    rules = Rules.parse("wh20")
    assert rules.weak_hand == 20 and rules.code() == "wh20"
    hands = ["9h 9d Jd 9c Jc Kc As", "Ah Th Kh Qh Jh Ad Td", "Ac Tc Qc Ts Ks Qs Js"]  # seat 0: 19 points
    game = Game.from_deal(3, dealer=2, hands=hands, talon="Kd Qd 9s", seed=5, rules=rules)
    row = game.sheet.rows[0]
    assert row.kind == "redeal" and row.notes[0].key == "note.redeal_weak"
    assert dict(row.notes[0].args) == {"seat": 0, "points": 19, "limit": 20}


def test_the_number_settings_allow_the_values_rules_md_lists():
    """RULES.md, the settings table: `b880`, `bd1`…`bd5`, `bolt0`/`bolt120`, `wo0`, `wo2`…`wo5`, `s5`, `r5`,
    `wh10`…`wh20`. Pinned, like the presets, so that an end of a range dropped is seen."""
    values = {s["name"]: s["values"] for s in catalog()["settings"] if s["type"] == "int"}
    assert values == {"barrel": [880, 900], "barrel_deals": [0, 1, 2, 3, 4, 5], "dash_penalty": [0, 100, 120],
                      "write_offs": [0, 1, 2, 3, 4, 5], "bid_step": [5, 10], "rounding": [5, 10],
                      "weak_hand": [0, *range(10, 21)]}


def test_golden_round_does_not_count_redeals():
    """RULES.md, golden: "the first round, one deal dealt by each player (redeals aside), counts double". The
    first deal is redealt (four nines); the three deals played after it are the golden round."""
    hands = ["9h 9d 9c 9s Ah Th Kh", "Qh Jh Ad Td Kd Qd Jd", "Ac Tc Kc Qc Jc As Ts"]
    game = Game.from_deal(3, dealer=2, hands=hands, talon="Ks Qs Js", seed=5, rules=Rules(golden=True))
    assert game.sheet.rows[0].kind == "redeal" and not game.sheet.rows[0].golden
    while sum(row.kind != "redeal" for row in game.sheet.rows) < 4:
        game.apply(game.legal_actions()[0])
    assert [row.golden for row in game.sheet.rows if row.kind != "redeal"] == [True, True, True, False]


def test_golden_round_doubles_a_lost_contract_and_a_fall_too():
    """RULES.md, golden: "every score written in those rows (contracts, the others' points, the sitter's points,
    the 60s of a write-off) is doubled". A failed contract of 210 costs 420; a fall at 100 costs 200."""
    failed = run(deal_a(Rules(golden=True)), FAIL_A)
    assert last_row(failed) == [(-420, False, 0, -420, ""), (None, True, 0, 0, ""), (40, False, 0, 40, "")]
    fall = run(deal_a(Rules(golden=True)), f"{A_BIDDING} {A_GIVING} f")
    assert last_row(fall)[0] == (-200, False, 0, -200, "")


# Seat 1 holds the four aces and no king-queen marriage.
AA_HANDS = ["Kh Qh Th Kd Qd Td 9h", "Ah Ad Ac As Jh Jd 9d", "Kc Qc Tc Jc 9c Ks Ts"]


def test_four_aces_may_overbid_a_blind_bid():
    """RULES.md, ace_marriage: the four aces count "as a marriage for overbidding a blind bid" [decision]."""
    game = run(Game.from_deal(3, dealer=2, hands=AA_HANDS, talon="Qs Js 9s",
                              rules=Rules(blind=True, ace_marriage=True)), "d")
    assert (game.to_move, legal(game)) == (1, ["b130", "p"])
    house = run(Game.from_deal(3, dealer=2, hands=AA_HANDS, talon="Qs Js 9s", rules=Rules(blind=True)), "d")
    assert legal(house) == ["p"]  # without the setting four aces are no marriage


def test_meld_requires_trick_counts_a_trick_without_points():
    """RULES.md, meld_requires_trick: a marriage only "after its owner has taken a trick in this deal". Seat 1
    takes 9♠ 9♥ 9♦ (0 points) and may then declare its ♣ marriage."""
    hands = ["Kh Qh Ah Th As Ks 9s", "Jh 9h Js 9c Jc Qc Kc", "Qs Ts 9d Ac Tc Ad Td"]
    game = Game.from_deal(3, dealer=2, hands=hands, talon="Kd Qd Jd", rules=Rules(meld_requires_trick=True))
    run(game, "p p gJd1 gQd2 c100 As Js Qs mKh Jh Ts 9s 9h 9d")  # seat 0 declares ♥ after its first trick
    assert game.to_move == 1 and game.trick_points[1] == 0 and game.tricks_won[1] == 1
    assert {"mKc", "mQc"} <= set(legal(game))


def test_dump_looks_at_the_total_after_the_dash_penalty():
    """RULES.md, dump: "a player whose total after a deal (**its penalties included**) is exactly 555 or −555
    drops to 0". 655 with a third dash: 555 after the 100 penalty, dumped."""
    game = run(deal_a(Rules(dump=True), totals=[0, 655, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert last_row(game)[1] == (None, True, -100, 0, "")
    assert game.sheet.rows[-1].entries[1].dump
