"""The final contract (keep or raise), fall (впасти) and write-off (розписати)."""

from deals import A_BIDDING, A_GIVING, A_PLAY, deal_a, deal_c, legal, run


def contract_phase(**sheet):
    return run(deal_a(**sheet), f"{A_BIDDING} {A_GIVING}")


def test_keep_or_raise_by_tens_up_to_the_limit_after_giving():
    game = contract_phase()
    # After the talon and giving seat 0 keeps the ♥ marriage: limit 220.
    assert legal(game) == sorted([f"c{v}" for v in range(100, 221, 10)] + ["f", "w"])


def test_limit_counts_the_hand_after_giving():
    # Seat 0 gives away the Q♥: no marriage left, so the limit is 120.
    game = run(deal_a(), "p p gQh1 gJs2")
    assert [a for a in legal(game) if a.startswith("c")] == ["c100", "c110", "c120"]


def test_fall_gives_declarer_minus_bid_and_opponents_dashes():
    game = run(contract_phase(), "f")
    row = game.sheet.rows[0]
    assert (row.kind, row.contract) == ("fall", 100)
    assert [(e.points, e.dash, e.total) for e in row.entries] == [(-100, False, -100), (None, True, 0), (None, True, 0)]
    assert game.sheet.used_fall == [True, False, False]
    assert game.sheet.dashes == [0, 1, 1]


def test_write_off_gives_r_and_60_to_each_opponent_without_touching_dashes():
    game = run(contract_phase(dashes=[0, 2, 1]), "w")
    assert [(e.points, e.dash, e.total, e.mark) for e in game.sheet.rows[0].entries] == [
        (None, False, 0, "р"), (60, False, 60, ""), (60, False, 60, "")]
    assert game.sheet.dashes == [0, 2, 1]  # neither added nor reset
    assert game.sheet.used_write_off == [True, False, False]


def test_fall_and_write_off_once_per_game_each():
    game = contract_phase(used_fall=[True, False, False], used_write_off=[True, False, False])
    assert "f" not in legal(game) and "w" not in legal(game)


def test_fall_and_write_off_are_counted_apart():
    """The house text: "Кожне з двох можна використати лише раз за партію" (each of the two once per game): a
    write-off used leaves the fall, and a fall used leaves the write-off."""
    assert {"f", "w"} - set(legal(contract_phase(used_write_off=[True, False, False]))) == {"w"}
    assert {"f", "w"} - set(legal(contract_phase(used_fall=[True, False, False]))) == {"f"}


def test_four_players_write_off_gives_sitter_only_its_talon():
    game = run(deal_c(), "p p g9s1 gKs3 w")
    assert [(e.points, e.dash) for e in game.sheet.rows[0].entries] == [(None, False), (60, False), (50, False),
                                                                        (60, False)]


def test_four_players_fall_gives_sitter_no_dash():
    game = run(deal_c(), "p p g9s1 gKs3 f")
    assert [(e.points, e.dash) for e in game.sheet.rows[0].entries] == [(-100, False), (None, True), (50, False),
                                                                        (None, True)]


def test_contract_of_the_script_is_what_is_scored():
    game = run(contract_phase(), f"c150 {A_PLAY}")
    assert game.sheet.rows[0].contract == 150 and game.sheet.totals[0] == 150
