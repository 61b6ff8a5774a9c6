"""Sheet rows explain what the barrel, the three-dash penalty and redeals did,
as notes (a locale key and its values) that the page shows as one line each."""

import re

import pytest

from deals import A_BIDDING, A_GIVING, A_PLAY, C_GIVING, C_PLAY, deal_a, deal_c, run
from locale_text import LOCALES, readable
from thousand import Game, Record, Rules
from thousand.scoring import NOTE_TEXTS

SCRIPT_A = f"{A_BIDDING} {A_GIVING} c120 {A_PLAY}"  # seat 0 makes 120; seat 1 takes no trick; seat 2 18


def notes(game: Game) -> list[tuple]:
    """The newest row's notes as (key, args), checked to read in every locale."""
    out = []
    for note in game.view(0)["sheet"]["rows"][-1]["notes"]:
        seat = note["args"].get("seat")
        readable(note["key"], {**note["args"], "name": "X" if seat is None else f"seat {seat}"})
        out.append((note["key"], note["args"]))
    return out


def test_an_ordinary_deal_has_no_notes():
    assert notes(run(deal_a(), SCRIPT_A)) == []


def test_points_past_900_are_held_at_the_barrel():
    game = run(deal_a(totals=[800, 0, 0]), SCRIPT_A)
    assert notes(game) == [("note.barrel_capped", {"seat": 0, "points": 120, "sum": 920, "barrel": 900})]
    row = game.view(0)["sheet"]["rows"][-1]
    assert row["notes"][0]["text"] == ("seat 0: 120 would make 920, but the barrel holds the score at 900. "
                                       "From now on only a made contract scores")


def test_reaching_exactly_900_says_the_player_is_on_the_barrel():
    assert notes(run(deal_a(totals=[780, 0, 0]), SCRIPT_A)) == [("note.barrel_reached", {"seat": 0, "barrel": 900})]


def test_on_the_barrel_tricks_without_the_contract_score_nothing():
    game = run(deal_a(totals=[0, 0, 900]), SCRIPT_A)  # seat 2 takes the last trick
    assert notes(game) == [("note.on_barrel", {"seat": 2})]


def test_on_the_barrel_no_trick_is_a_dash():
    assert notes(run(deal_a(totals=[0, 900, 0]), SCRIPT_A)) == [("note.barrel_dash", {"seat": 1})]


def test_strict_barrel_dash_names_the_setting():
    game = run(deal_a(Rules(strict_barrel=True), totals=[0, 900, 900]), SCRIPT_A)
    assert notes(game) == [("note.barrel_dash_strict", {"seat": 1}), ("note.barrel_dash_strict", {"seat": 2})]


def test_three_dashes_cost_100():
    game = run(deal_a(totals=[0, 300, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert notes(game) == [("note.bolt", {"seat": 1, "penalty": 100})]


def test_three_dashes_on_the_barrel_take_the_player_off():
    game = run(deal_a(totals=[0, 900, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert notes(game) == [("note.barrel_dash", {"seat": 1}), ("note.bolt", {"seat": 1, "penalty": 100}),
                           ("note.off_barrel", {"seat": 1, "total": 800})]


def test_a_contract_lost_on_the_barrel_because_marriages_do_not_count():
    # 102 in tricks + the ♥ marriage would make 200, but on the barrel only tricks count.
    game = run(deal_a(totals=[900, 0, 0]), f"{A_BIDDING} {A_GIVING} c200 {A_PLAY}")
    assert notes(game) == [("note.barrel_no_melds", {"seat": 0, "tricks": 102, "contract": 200}),
                           ("note.off_barrel", {"seat": 0, "total": 700})]


def test_falling_on_the_barrel_takes_the_player_off():
    game = run(deal_a(totals=[900, 0, 0]), f"{A_BIDDING} {A_GIVING} f")
    assert notes(game) == [("note.off_barrel", {"seat": 0, "total": 800})]


def test_no_60_from_a_write_off_on_the_barrel():
    game = run(deal_a(totals=[0, 900, 0]), f"{A_BIDDING} {A_GIVING} w")
    assert notes(game) == [("note.on_barrel", {"seat": 1})]


def test_the_sitter_on_the_barrel_scores_nothing():
    game = run(deal_c(totals=[0, 0, 900, 0]), f"p p {C_GIVING} c120 {C_PLAY}")
    assert notes(game) == [("note.on_barrel", {"seat": 2})]


def test_a_redeal_names_the_hand_with_four_nines():
    hands = ["Qh Jh Ad Td Kd Qd Jd", "9h 9d 9c 9s Ah Th Kh", "Ac Tc Kc Qc Jc As Ts"]
    game = Game.from_deal(3, dealer=2, hands=hands, talon="Ks Qs Js", seed=5)
    row = game.view(0)["sheet"]["rows"][0]
    assert row["kind"] == "redeal"
    assert row["notes"] == [{"key": "note.redeal_nines_hand", "args": {"seat": 1},
                             "text": "Redeal: seat 1 held all four nines"}]


def test_a_redeal_for_three_nines_in_the_talon():
    hands = ["9h Ah Th Kh Qh Jh Ad", "Td Kd Qd Jd Ac Tc Kc", "Qc Jc As Ts Ks Qs Js"]
    game = Game.from_deal(3, dealer=2, hands=hands, talon="9d 9c 9s", seed=5)
    assert game.view(2)["sheet"]["rows"][0]["notes"] == [
        {"key": "note.redeal_nines_talon", "args": {}, "text": "Redeal: the talon held three nines"}]


def test_a_seeded_first_shuffle_redeal_carries_its_reason():
    seed = next(s for s in range(1, 5000) if Game(3, s).sheet.rows)
    game = Game(3, seed)
    note = game.view(0)["sheet"]["rows"][0]["notes"][0]
    assert note["key"] in ("note.redeal_nines_hand", "note.redeal_nines_talon")
    assert Game.replay(Record.parse(str(game.record()))) == game


@pytest.mark.parametrize("key", sorted(NOTE_TEXTS))
def test_every_note_has_the_same_placeholders_in_every_locale(key):
    wanted = set(re.findall(r"\{(\w+)\}", NOTE_TEXTS[key]))
    for lang, strings in LOCALES.items():
        assert set(re.findall(r"\{(\w+)\}", strings[key])) == wanted, lang
