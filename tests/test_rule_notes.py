"""Notes and prompts follow the rule settings: they give the rules' own values
(barrel 880, bolts of 120, bid step 5, free bidding, blind bids) and explain what
only some settings do (the barrel's deals running out, the dump, the weak-hand
redeal)."""

from deals import A_BIDDING, A_GIVING, deal_a, run
from locale_text import readable
from test_notes import SCRIPT_A, notes
from test_view_prompts import duel_to, prompt
from thousand import Game, Rules


# ----------------------------------------------------------------------------- notes
def test_the_barrel_at_880_says_880():
    reached = run(deal_a(Rules(barrel=880), totals=[760, 0, 0]), SCRIPT_A)
    assert notes(reached) == [("note.barrel_reached", {"seat": 0, "barrel": 880})]
    capped = run(deal_a(Rules(barrel=880), totals=[800, 0, 0]), SCRIPT_A)
    assert notes(capped) == [("note.barrel_capped", {"seat": 0, "points": 120, "sum": 920, "barrel": 880})]
    assert capped.sheet.totals[0] == 880
    text = capped.view(0)["sheet"]["rows"][-1]["notes"][0]["text"]
    assert "holds the score at 880" in text and "900" not in text
    assert all("880" in t for t in readable("note.barrel_capped", {"name": "X", "points": 120, "sum": 920,
                                                                   "barrel": 880}).values())


def test_a_bolt_of_120_says_120():
    game = run(deal_a(Rules(dash_penalty=120), totals=[0, 300, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert notes(game) == [("note.bolt", {"seat": 1, "penalty": 120})]
    assert game.sheet.totals[1] == 180


def test_three_dashes_anywhere_do_not_say_in_a_row():
    game = run(deal_a(Rules(dashes_anywhere=True), totals=[0, 300, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert notes(game) == [("note.bolt_any", {"seat": 1, "penalty": 100})]


def test_without_a_bolt_penalty_three_dashes_need_no_note():
    game = run(deal_a(Rules(dash_penalty=0), totals=[0, 300, 0], dashes=[0, 2, 0]), SCRIPT_A)
    assert notes(game) == [] and game.sheet.totals[1] == 300 and game.sheet.dashes[1] == 0


def test_the_barrel_deals_running_out_is_a_note_of_its_own():
    # Seat 2 sits on the 880 barrel for its third deal and takes a trick: no 1000, so -120.
    game = run(deal_a(Rules(barrel=880, barrel_deals=3), totals=[0, 0, 880], barrel_deals=[0, 0, 2]), SCRIPT_A)
    assert notes(game) == [("note.on_barrel", {"seat": 2}),
                           ("note.barrel_deals_out", {"seat": 2, "deals": 3, "penalty": 120, "total": 760})]
    assert game.sheet.totals[2] == 760


def test_an_earlier_barrel_deal_says_only_that_nothing_is_recorded():
    game = run(deal_a(Rules(barrel=880, barrel_deals=3), totals=[0, 0, 880], barrel_deals=[0, 0, 1]), SCRIPT_A)
    assert notes(game) == [("note.on_barrel", {"seat": 2})]


def test_the_dump_is_a_note_for_555_and_minus_555():
    # Seat 0 makes 120 (435 -> 555); seat 2 scores 20 (-575 -> -555); both drop to 0.
    game = run(deal_a(Rules(dump=True), totals=[435, 0, -575]), SCRIPT_A)
    assert notes(game) == [("note.dump", {"seat": 0, "total": 555}), ("note.dump", {"seat": 2, "total": -555})]
    assert game.sheet.totals == [0, 0, 0]


def test_the_weak_hand_redeal_names_the_hand_and_gives_no_dash():
    hands = ["9h 9d 9c Jh Jd Jc Kd", "9s Js Qs Ks Ts As Ah", "Th Kh Qh Td Qd Ad Qc"]  # seat 0: 10 points
    game = Game.from_deal(3, dealer=2, hands=hands, talon="Kc Tc Ac", rules=Rules(weak_hand=14), seed=5)
    row = game.view(0)["sheet"]["rows"][0]
    assert row["kind"] == "redeal" and not any(e["dash"] for e in row["entries"])
    assert row["notes"] == [{"key": "note.redeal_weak", "args": {"seat": 0, "points": 10, "limit": 14},
                             "text": "Redeal: seat 0 held under 14 points (only 10)"}]
    readable("note.redeal_weak", {"name": "X", "points": 10, "limit": 14})
    played = Game.from_deal(3, dealer=2, hands=hands, talon="Kc Tc Ac", rules=Rules(weak_hand=10), seed=5)
    assert not played.sheet.rows  # 10 points is not under 10


# ----------------------------------------------------------------------------- prompts
def test_with_step_5_the_prompts_name_the_next_step():
    game = deal_a(Rules(bid_step=5))
    assert prompt(game)["args"] == {"bid": 100, "next": 105, "limit": 260, "marriages": 140}
    contract = run(deal_a(Rules(bid_step=5)), f"{A_BIDDING} {A_GIVING}")
    assert prompt(contract)["args"] == {"bid": 100, "next": 105, "limit": 220, "marriages": 100}


def test_free_bidding_prompts_give_the_highest_bid_not_the_hands_marriages():
    game = deal_a(Rules(free_bidding=True))
    assert (prompt(game)["key"], prompt(game)["args"]["limit"]) == ("bid", 400)
    contract = run(deal_a(Rules(free_bidding=True)), f"{A_BIDDING} {A_GIVING}")
    p = prompt(contract)
    assert (p["key"], p["args"]["limit"]) == ("contract_free", 400) and "marriages" not in p["text"]
    top = duel_to(deal_a(Rules(free_bidding=True)), 400)  # seat 0 bids 400
    assert (top.to_move, prompt(top)["key"]) == (1, "bid_top")
    top = run(top, f"p p {A_GIVING}")
    p = prompt(top)
    assert (p["key"], p["args"]["bid"], [str(a) for a in top.legal_actions()][0]) == ("contract_top", 400, "c400")


def test_a_blind_bid_prompts_say_why_there_is_no_raise():
    free = run(deal_a(Rules(blind=True, free_bidding=True)), "d p")  # seat 2 holds no marriage
    assert [str(a) for a in free.legal_actions()] == ["p"]
    assert prompt(free)["key"] == "bid_blind"
    contract = run(deal_a(Rules(blind=True)), f"d p p {A_GIVING}")
    assert prompt(contract)["key"] == "contract_blind"


def test_the_blind_prompt_reads_in_every_locale():
    game = deal_a(Rules(blind=True))
    assert prompt(game) == {"key": "blind", "args": {"bid": 120},
                            "text": "Look at your cards, or bid 120 blind: the contract counts double"}

