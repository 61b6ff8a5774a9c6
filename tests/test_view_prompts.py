"""The view's prompt says why a player may not raise: bids and contracts stop at
120 plus the marriages in hand."""

from deals import A_BIDDING, A_GIVING, A_HANDS, A_TALON, deal_a, legal, run
from locale_text import readable
from thousand import Game, Rules


def prompt(game: Game) -> dict:
    p = game.view(game.to_move)["prompt"]
    readable(f"prompt.{p['key']}", p["args"])  # every prompt reads in every locale
    return p


def duel_to(game: Game, top: int) -> Game:
    """The players still bidding raise in turn, one step at a time, up to ``top``."""
    for value in range(game.bid + 10, top + 1, 10):
        game.apply(f"b{value}")
    return game


def test_the_bid_prompt_names_the_players_limit():
    game = deal_a()  # seat 1 holds the ♦ and ♣ marriages: 120 + 80 + 60
    assert prompt(game) == {"key": "bid", "args": {"bid": 100, "next": 110, "limit": 260, "marriages": 140},
                            "text": "The bid is 100: raise to 110 or pass (you may bid up to 260)"}


def test_at_120_without_a_marriage_the_prompt_says_only_pass_and_why():
    # Dealer 0: seat 1 opens 100, seat 2 (no marriage) bids 110, seat 0 120, seat 1 passes.
    game = run(Game.from_deal(3, dealer=0, hands=A_HANDS, talon=A_TALON), "b110 b120 p")
    assert game.to_move == 2 and legal(game) == ["p"]
    p = prompt(game)
    assert (p["key"], p["args"]) == ("bid_no_marriage", {"bid": 120, "next": 130, "limit": 120, "marriages": 0})
    texts = readable("prompt.bid_no_marriage", p["args"])
    assert "130" not in texts["en"] and "marriage" in texts["en"] and "мельдунок" in texts["uk"]


def test_above_the_limit_with_marriages_the_prompt_gives_the_limit():
    game = duel_to(run(deal_a(), "b110 p"), 230)  # seat 0 (♥ marriage: limit 220) faces 230
    assert game.to_move == 0 and legal(game) == ["p"]
    p = prompt(game)
    assert (p["key"], p["args"]) == ("bid_limit", {"bid": 230, "next": 240, "limit": 220, "marriages": 100})


def test_contract_prompt_gives_the_limit_the_raises_stop_at():
    game = run(deal_a(), f"{A_BIDDING} {A_GIVING}")
    p = prompt(game)
    assert (p["key"], p["args"]) == ("contract", {"bid": 100, "next": 110, "limit": 220, "marriages": 100})
    assert max(a.value for a in game.legal_actions() if a.kind == "contract") == 220


def test_contract_without_a_marriage_at_120_cannot_be_raised_and_says_why():
    game = run(deal_a(), "b110 p b120 p gQh1 gJs2")  # seat 0 declares 120, gives its Q♥ away
    assert [a for a in legal(game) if a.startswith("c")] == ["c120"]
    p = prompt(game)
    assert (p["key"], p["args"]) == ("contract_no_marriage", {"bid": 120, "next": 130, "limit": 120, "marriages": 0})


def test_contract_at_the_limit_with_a_marriage_says_the_limit():
    game = run(duel_to(run(deal_a(), "b110 p"), 220), f"p {A_GIVING}")  # seat 0 declares 220 = its limit
    assert [a for a in legal(game) if a.startswith("c")] == ["c220"]
    p = prompt(game)
    assert (p["key"], p["args"]) == ("contract_limit", {"bid": 220, "next": 230, "limit": 220, "marriages": 100})


def test_a_seat_not_to_move_is_told_whom_it_waits_for_and_has_no_moves():
    game = run(deal_a(), "p p g9s1")
    for seat in (1, 2):
        view = game.view(seat)
        assert view["prompt"]["key"] == "wait" and view["prompt"]["args"] == {"seat": 0, "phase": "giving"}
        assert view["legal"] == []
    readable("prompt.wait", game.view(1)["prompt"]["args"])


def test_the_giving_prompt_names_the_opponents_still_to_get_a_card():
    game = run(deal_a(), "p p")
    assert prompt(game) == {"key": "give", "args": {"seats": [1, 2]}, "text": "Give one card to each opponent"}
    run(game, "gJs2")
    assert prompt(game)["args"] == {"seats": [1]}


def once(game: Game) -> dict:
    out = game.view(game.to_move)["once"]
    readable("contract.fall_hint", out["fall"])
    readable("contract.write_off_hint", out["write_off"])
    return out


def test_the_fall_and_write_off_say_what_they_cost_in_this_game():
    game = run(deal_a(), f"{A_BIDDING} {A_GIVING}")  # seat 0 declares 100
    assert once(game) == {"fall": {"left": True, "points": 100},
                          "write_off": {"left": 1, "of": 1, "why": None, "points": 60}}
    assert game.view(1)["once"] is None  # only the declarer sets the contract
    for move, seat, points in (("w", 1, 60), ("f", 0, -100)):  # what the sheet then records
        assert run(game.copy(), move).sheet.rows[-1].entries[seat].points == points
    three = run(deal_a(Rules.parse("wo3"), used_write_off=[1, 0, 0]), f"{A_BIDDING} {A_GIVING}")
    assert once(three)["write_off"] == {"left": 2, "of": 3, "why": None, "points": 60}


def test_a_write_off_not_left_says_why():
    none = run(deal_a(Rules.parse("wo0")), f"{A_BIDDING} {A_GIVING}")
    assert once(none)["write_off"]["why"] == "none" and "w" not in legal(none)
    used = run(deal_a(used_write_off=[1, 0, 0], used_fall=[True, False, False]), f"{A_BIDDING} {A_GIVING}")
    assert once(used)["write_off"]["why"] == "used" and once(used)["fall"]["left"] is False
    minus = run(deal_a(Rules.parse("nw"), totals=[-40, 0, 0]), f"{A_BIDDING} {A_GIVING}")
    assert once(minus)["write_off"]["why"] == "negative" and "w" not in legal(minus)
