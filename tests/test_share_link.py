"""A share link opens exactly the current deal: the same cards and the same sheet
before it. Links carry the moves of the earlier deals; a tampered link is a
clear error and changes nothing."""

import json

import pytest

from thousand import Game, web
from thousand.bots import decide, make_bot
from thousand.bots.cheater import CHEATERS
from thousand.cards import card_str, cards_of

START = "p=3&s=42&l=easy&r=std"


def call(fn, *args):
    return json.loads(fn(*args))


def step(s: dict) -> dict:
    """One move: the bot's, or the person's first legal move that is not a fall or write-off."""
    if s["bot_to_move"]:
        return call(web.bot_step)
    legal = [a["id"] for a in s["view"]["legal"]]
    return call(web.play, next((a for a in legal if a not in ("f", "w")), legal[0]))


def play_to_deal(number: int, query: str = START) -> dict:
    """The state at the very start of deal ``number`` (before its first bid)."""
    s = call(web.from_link, query)
    while s["view"]["deal"] < number:
        s = step(s)
        assert s["ok"], s
    assert s["view"]["deal"] == number
    return s


def comparable(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "moved"}


def test_the_first_deal_keeps_the_short_link():
    s = call(web.from_link, START)
    assert s["link"] == s["share"]["link"] == START
    assert s["share"] == {"link": START, "deal": 1, "totals": [0, 0, 0], "fits": True}


def test_a_later_deal_links_to_itself_with_the_moves_before_it():
    at_start = play_to_deal(3)
    link = at_start["share"]["link"]
    assert link.startswith(START + "&m=") and link.count("&") == 4
    assert at_start["share"]["deal"] == 3
    assert at_start["share"]["totals"] == at_start["view"]["sheet"]["totals"]
    s = at_start
    for _ in range(5):  # the link stays the deal's link while it is played
        s = step(s)
        assert s["share"]["link"] == link and s["view"]["deal"] == 3
        assert s["link"] == START  # the game's own link, which tells games apart, stays
    opened = call(web.from_link, "?" + link)
    assert opened["ok"] and opened["share"]["link"] == link
    assert comparable(opened) == comparable(at_start)  # same cards, sheet, phase, save, everything
    assert opened["view"]["phase"] == "bidding" and len(opened["view"]["bids"]) == 1


def finished_game() -> Game:
    """A whole game between easy bots: seed 9 ends after 18 deals."""
    game, bot = Game(3, 9), make_bot("easy")
    while not game.is_over:
        game.apply(decide(bot, game))
    return game


def test_the_link_after_the_game_opens_its_last_deal():
    game = finished_game()
    web._session = web.Session(game, "easy")
    s = call(web.state)
    last_deal = s["view"]["deal"]
    assert s["share"]["deal"] == last_deal == len(game.sheet.rows)
    assert s["share"]["totals"] == [e.total for e in game.sheet.rows[-2].entries]
    opened = call(web.from_link, s["share"]["link"])
    assert opened["ok"] and opened["view"]["deal"] == last_deal
    assert opened["view"]["sheet"]["rows"] == s["view"]["sheet"]["rows"][:-1]
    assert opened["view"]["hand"] == [card_str(c) for c in cards_of(game.dealt_hands[0])]
    assert opened["view"]["sheet"]["totals"] == s["share"]["totals"]


def test_a_first_shuffle_redeal_is_part_of_the_short_link():
    seed = next(n for n in range(1, 5000) if Game(3, n).sheet.rows)
    s = call(web.from_link, f"p=3&s={seed}&l=easy&r=std")
    assert s["share"]["link"] == f"p=3&s={seed}&l=easy&r=std" and s["share"]["deal"] == 2


def tampered(link: str, fn) -> str:
    head, moves = link.split("&m=")
    return f"{head}&m={fn(moves.split('.'))}"


@pytest.fixture(scope="module")
def deal3_link():
    return play_to_deal(3)["share"]["link"]


@pytest.mark.parametrize("change, key, args", [
    (lambda m: ".".join(m[:4] + ["zz"] + m[5:]), "link.bad_move", {"index": 5, "move": "zz"}),
    (lambda m: ".".join(["Ah"] + m[1:]), "link.illegal_move", {"index": 1, "move": "Ah"}),
    (lambda m: ".".join(m[:-1]), "link.not_deal_start", None),
    (lambda m: ".".join(m + ["p"]), "link.not_deal_start", None),
    (lambda m: ".".join(m) + "&m=p", "link.repeated_param", {"param": "m"}),
    (lambda m: "", "link.missing_value", {"param": "m"}),
    (lambda m: ".".join(m) + "&x=1", "link.unknown_param", {"param": "x"}),
    (lambda m: ".".join(m * 200), "link.too_long", {"length": None, "limit": web.MAX_QUERY}),
])
def test_a_tampered_link_is_a_clear_error_and_changes_nothing(deal3_link, change, key, args):
    before = call(web.from_link, START)
    reply = call(web.from_link, tampered(deal3_link, change))
    assert reply["ok"] is False and reply["error"]["key"] == key, reply
    if args is not None:
        got = reply["error"]["args"]
        assert got == {k: got[k] if v is None else v for k, v in args.items()}
    assert call(web.state) == before


def test_a_link_that_fits_opens():
    room = web.MAX_QUERY - len(f"{START}&m=")
    query = f"?{START}&m=" + ".".join(["b110"] + ["p"] * ((room - 4) // 2))
    assert len(query) == web.MAX_QUERY + 1  # with its "?", as the page passes location.search
    assert call(web.from_link, query)["error"]["key"] == "link.illegal_move"  # read, not refused for length
    assert call(web.from_link, query + ".p")["error"]["key"] == "link.too_long"


def test_a_bad_move_shows_only_the_start_of_a_long_token():
    reply = call(web.from_link, START + "&m=" + "x" * 500)
    assert reply["error"]["key"] == "link.bad_move"
    assert len(reply["error"]["args"]["move"]) <= web.SHOWN


def test_a_game_over_record_is_not_a_deal_start():
    moves = ".".join(str(a) for a in finished_game().history)
    reply = call(web.from_link, f"p=3&s=9&l=easy&r=std&m={moves}")
    assert reply["error"]["key"] == "link.not_deal_start"


def test_a_seed_of_thousands_of_digits_is_a_bad_seed_not_a_crash():
    """int() of a text over 4,300 digits raises ValueError: the bound on digits comes first."""
    reply = call(web.from_link, f"p=3&s={'1' * 5000}&l=easy&r=std")
    assert reply["ok"] is False and reply["error"]["key"] == "link.bad_seed"
    assert len(reply["error"]["args"]["value"]) <= web.SHOWN


def test_a_rules_value_of_thousands_of_digits_is_a_clear_error_and_changes_nothing():
    huge = "1" * 5000
    before = call(web.from_link, "p=3&s=1&l=easy&r=std")
    reply = call(web.from_link, f"p=3&s=42&l=easy&r=b{huge}")
    assert reply["ok"] is False and reply["error"]["key"] == "link.bad_rules"
    assert call(web.rules_of, "bd" + huge)["error"]["key"] == "link.bad_rules"
    assert call(web.fresh, "3", "easy", "s" + huge)["error"]["key"] == "link.bad_rules"
    save = json.dumps({"v": 1, "record": f"T1_3_1_b{huge}_", "level": "easy"})
    assert call(web.restore, save)["error"]["key"] == "save.corrupt"
    assert call(web.state) == before


@pytest.mark.parametrize("players", ["0", "1", "5"])
def test_a_link_or_a_new_game_for_one_player_is_a_bad_player_count(players):
    assert call(web.from_link, f"p={players}&s=42&l=easy&r=std")["error"]["key"] == "link.bad_players"
    assert call(web.fresh, players, "easy", "std")["error"]["key"] == "link.bad_players"


def test_the_link_length_limit_is_exact():
    """MAX_QUERY characters are read; one more is too long (a leading "?" does not count)."""
    assert call(web.from_link, "s=" + "1" * (web.MAX_QUERY - 2))["error"]["key"] == "link.missing_param"
    assert call(web.from_link, "?s=" + "1" * (web.MAX_QUERY - 2))["error"]["key"] == "link.missing_param"
    reply = call(web.from_link, "s=" + "1" * (web.MAX_QUERY - 1))
    assert reply["error"]["key"] == "link.too_long" and reply["error"]["args"]["length"] == web.MAX_QUERY + 1


def test_a_percent_encoded_parameter_name_is_read_as_a_browser_reads_it():
    """Names are decoded like values (URLSearchParams does so), then checked."""
    assert call(web.from_link, "%70=3&s=42&l=easy&r=std")["link"] == START
    reply = call(web.from_link, f"{START}&%3Cb%3E=1")
    assert reply["error"]["key"] == "link.unknown_param" and reply["error"]["args"] == {"param": "<b>"}


@pytest.mark.parametrize("level", [*sorted(CHEATERS), "Easy", "hard ", "expert"])
def test_only_the_three_bot_levels_open(level):
    """The arena's cheaters (and anything else) are not levels a link may choose."""
    before = call(web.from_link, "p=3&s=1&l=easy&r=std")
    reply = call(web.from_link, f"p=3&s=42&l={level}&r=std")
    assert reply["ok"] is False and reply["error"]["key"] == "link.bad_level"
    assert call(web.fresh, "3", level, "std")["error"]["key"] == "link.bad_level"
    assert call(web.state) == before


@pytest.mark.parametrize("tail, key", [("&m=p", "link.not_deal_start"), ("&m=Ah", "link.illegal_move"),
                                       ("&m=p.zz", "link.bad_move")])
def test_a_bad_link_leaves_another_game_as_it_was(tail, key):
    """The game before is not the link's own first deal, so a game started before the moves are
    checked would show."""
    before = call(web.from_link, "p=4&s=7&l=hard&r=sb")
    reply = call(web.from_link, START + tail)
    assert reply["ok"] is False and reply["error"]["key"] == key
    assert call(web.state) == before


def test_a_save_without_a_version_is_from_another_version():
    before = call(web.from_link, "p=3&s=1&l=easy&r=std")
    data = json.loads(before["save"])
    del data["v"]
    reply = call(web.restore, json.dumps(data))
    assert reply["ok"] is False and reply["error"]["key"] == "save.old"
    assert call(web.state) == before


def test_the_save_size_limit_is_exact_and_changes_nothing():
    """A save just over MAX_SAVE is refused even when it would replay."""
    save = call(web.from_link, "p=3&s=2&l=medium&r=std")["save"]
    before = call(web.from_link, "p=3&s=1&l=easy&r=std")
    too_large = save + " " * (web.MAX_SAVE + 1 - len(save))
    reply = call(web.restore, too_large)
    assert reply["ok"] is False and reply["error"]["key"] == "save.corrupt"
    assert call(web.state) == before
    assert call(web.restore, too_large[:-1])["link"] == "p=3&s=2&l=medium&r=std"
