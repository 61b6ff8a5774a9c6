"""The daily deal: the date-to-seed rule (golden vectors), result links that
round-trip, tampered links rejected, the table of the day's order, and the
session API that keeps the daily apart from the saved game."""

from __future__ import annotations

import hashlib
import json

import pytest

from thousand import daily, web, web_daily
from thousand.actions import Action
from thousand.game import IllegalActionError
from thousand.cards import CARD_POINTS, meld_value
from thousand.daily import (Daily, DailyError, daily_seed, day_number, parse_result_link, rank, replay,
                            result_link)

DAY = "2026-12-03"


def test_golden_date_to_seed_vectors():
    assert daily_seed("2026-12-01") == 18183549549744090237
    assert daily_seed("2026-12-03") == 9017656262586217970
    assert daily_seed("2027-01-01") == 691008287303400852
    # the documented rule, spelled out once more
    digest = hashlib.sha256(b"thousand-daily-2026-12-03").digest()
    assert daily_seed(DAY) == int.from_bytes(digest[:8], "big")
    assert (day_number("2026-12-01"), day_number("2027-01-01")) == (1, 32)


@pytest.mark.parametrize("text", ["2026-11-30", "2026-02-30", "26-12-03", "2026-12-3", "2026-12-03x", ""])
def test_bad_days_are_refused(text):
    with pytest.raises(DailyError) as err:
        daily_seed(text)
    assert err.value.key == "daily.bad_day"


def play_first_legal(day: str) -> Daily:
    daily = Daily(day)
    while True:
        daily.run_bots()
        if daily.over:
            return daily
        daily.apply(daily.game.legal_actions()[0])


@pytest.fixture(scope="module")
def attempt() -> Daily:
    return play_first_legal(DAY)


def test_the_daily_is_one_deal_and_its_result_is_the_sheet_entry(attempt):
    result = attempt.result()
    row = next(r for r in attempt.game.sheet.rows if r.kind != "redeal")
    entry = row.entries[0]
    assert result["score"] == (entry.points or 0)
    assert result["code"] == ("w" if entry.mark else "d" if entry.points is None else str(entry.points))
    assert len(result["tricks"]) == 8  # 3 players: 8 tricks, each marked for the person's side or not
    assert result["number"] == 3
    with pytest.raises(IllegalActionError):
        attempt.apply(Action.parse("p"))


def test_same_moves_give_the_same_game(attempt):
    again = replay(DAY, attempt.moves())
    assert again.game == attempt.game
    assert again.tricks == attempt.tricks


def test_a_result_link_round_trips(attempt):
    result = attempt.result()
    link = result_link(DAY, attempt.moves(), "  Олена & co ", result["code"])
    entry = parse_result_link(link)
    assert entry["name"] == "Олена & co"
    assert entry["moves"] == ".".join(str(a) for a in attempt.moves())
    assert {k: entry[k] for k in result} == result


def tampered(attempt, **change) -> str:
    parts = {"daily": DAY, "m": ".".join(str(a) for a in attempt.moves()), "n": "Me",
             "v": attempt.result()["code"], "b": str(daily.BOTS), **change}
    return "&".join(f"{k}={v}" for k, v in parts.items())


@pytest.mark.parametrize("change, key", [
    ({"n": "x" * 21}, "daily.link_name"),
    ({"n": "a%0Ab"}, "daily.link_name"),
    ({"n": "%FF"}, "daily.link_name"),
    ({"n": ""}, "daily.link_name"),
    ({"n": "Me%0A"}, "daily.link_name"),  # a control character is refused, not trimmed away
    ({"n": "%09Me"}, "daily.link_name"),
    ({"n": "a%E2%80%A8b"}, "daily.link_name"),  # U+2028, a line separator
    ({"n": "a%C2%A0b"}, "daily.link_name"),  # a no-break space is not the plain space
    ({"b": "9" * daily.MAX_QUERY}, "daily.link_bad"),  # too long: refused before any part is read
    ({"daily": "2026-02-30"}, "daily.bad_day"),
    ({"m": "zz"}, "daily.link_bad"),
    ({"m": ".".join(["p"] * 41)}, "daily.link_bad"),
    ({"b": str(daily.BOTS + 1)}, "daily.link_version"),
    ({"b": "1"}, "daily.link_version"),  # a link from before the bots' version 2
    ({"b": ""}, "daily.link_version"),
])
def test_a_malformed_link_is_rejected_before_replaying(attempt, change, key):
    with pytest.raises(DailyError) as err:
        parse_result_link(tampered(attempt, **change))
    assert err.value.key == key


def test_unknown_missing_or_repeated_parts_are_rejected(attempt):
    good = tampered(attempt)
    for bad in (good + "&x=1", good + "&n=Me", good.replace("&v=", "&w="), good.replace("&n=Me", ""),
                good.replace(f"&b={daily.BOTS}", ""), good.replace("&b=", "&b"),  # a part without "="
                "?" + "a" * 900):
        with pytest.raises(DailyError) as err:
            parse_result_link(bad)
        assert err.value.key == "daily.link_bad"


def test_tampered_moves_result_and_day_are_rejected(attempt):
    moves = [str(a) for a in attempt.moves()]
    code = attempt.result()["code"]
    cases = {
        "daily.link_short": tampered(attempt, m=".".join(moves[:-1])),
        "daily.link_long": tampered(attempt, m=".".join(moves + [moves[-1]])),
        "daily.link_illegal": tampered(attempt, m=".".join(["c300"] + moves[1:])),
        "daily.link_result": tampered(attempt, v="d" if code != "d" else "120"),
    }
    for key, link in cases.items():
        with pytest.raises(DailyError) as err:
            parse_result_link(link)
        assert err.value.key == key, link
    with pytest.raises(DailyError):  # another day's deal does not accept these moves with this result
        parse_result_link(tampered(attempt, daily="2026-12-04"))


def entry(name, score, declarer=1, declarer_points=100, moves="p"):
    return {"name": name, "score": score, "declarer": declarer, "declarer_points": declarer_points, "moves": moves}


def test_the_table_ranks_by_score_then_points_left_to_the_declarer_then_name():
    entries = [entry("b", 40), entry("a", 40), entry("c", 120, declarer=0, declarer_points=125),
               entry("d", 120, declarer=0, declarer_points=140), entry("e", -120, declarer=0),
               entry("f", 40, declarer_points=90), entry("g", 0)]
    assert [e["name"] for e in rank(entries)] == ["d", "c", "f", "a", "b", "g", "e"]


def test_the_daily_session_never_touches_the_saved_game():
    main = json.loads(web.fresh("3", "easy", "std"))
    st = json.loads(web_daily.daily_start(DAY, ""))
    assert st["ok"] and st["daily"]["day"] == DAY and not st["daily"]["over"]
    while not st["daily"]["over"]:
        if st["bot_to_move"]:
            st = json.loads(web_daily.daily_bot_step())
        else:
            st = json.loads(web_daily.daily_play(st["view"]["legal"][0]["id"]))
        assert st["ok"]
    assert st["view"]["legal"] == [] and not st["bot_to_move"]
    assert json.loads(web_daily.daily_play("p"))["error"]["key"] == "game.not_your_turn"
    assert json.loads(web.state())["save"] == main["save"]
    # an attempt in progress comes back from its moves
    again = json.loads(web_daily.daily_start(DAY, st["daily"]["moves"]))
    assert again["daily"]["result"] == st["daily"]["result"]
    par = json.loads(web_daily.daily_par())
    result = st["daily"]["result"]
    if par["par"] is not None:
        sign = 1 if result["declarer"] == 0 else -1
        assert par["diff"] == sign * (result["declarer_points"] - par["par"])
    review = json.loads(web_daily.review_start("daily"))
    assert review["ok"] and review["done"] == 0 and review["total"] >= 1
    while "review" not in review:
        review = json.loads(web_daily.review_next())
    assert review["review"]["par"] == par["par"]
    shared = json.loads(web_daily.daily_share("Me"))
    checked = json.loads(web_daily.daily_check(shared["link"]))
    assert checked["ok"] and checked["entry"]["code"] == st["daily"]["result"]["code"]
    ranked = json.loads(web_daily.daily_rank(json.dumps([checked["entry"]])))
    assert ranked["entries"] == [checked["entry"]]
    assert json.loads(web_daily.daily_rank("[1]"))["error"]["key"] == "daily.table_bad"
    assert json.loads(web_daily.daily_start(DAY, "zz"))["error"]["key"] == "daily.bad_attempt"


# Whole daily games, the person's moves picked without a bot (the first or the last
# legal move each time), pinned by the SHA-256 prefix of the full move record. If a
# change to the hard bot breaks one, the bots reply differently: bump daily.BOTS
# (old links are then refused as another version) and pin the new games.
PINNED_GAMES = [
    ("2026-12-03", 0, 29, "258f634a06737d9c"),  # version 3: a26a3031ea32e9da
    ("2026-12-03", -1, 5, "af506e6be75d6f30"),
    ("2026-12-04", 0, 29, "b44643d458419be2"),  # version 4: aac061370f155b6a
    ("2026-12-04", -1, 31, "82c9f41382896c5c"),  # version 4: 9a2035956d29c596
    ("2026-12-05", 0, 29, "eb97245b15683e77"),  # version 3: 2add1ad66d159f43
    ("2026-12-19", 0, 29, "4a6cfbf23355d00c"),  # version 2 played it differently (87cc085136bf1f8b)
]


@pytest.mark.parametrize("day, pick, length, digest", PINNED_GAMES)
def test_the_daily_bots_reply_as_their_version_says(day, pick, length, digest):
    assert daily.BOTS == 5, "a new bots version: pin its games here"
    d = Daily(day)
    while True:
        d.run_bots()
        if d.over:
            break
        d.apply(d.game.legal_actions()[pick])
    record = ".".join(str(a) for a in d.game.history)
    assert (len(d.game.history), hashlib.sha256(record.encode()).hexdigest()[:16]) == (length, digest), record


@pytest.mark.parametrize("rules", ["pl", "ru", "bl-am-mb"])
def test_the_daily_and_the_tutorial_keep_the_house_rules_whatever_the_game_plays(rules):
    """The day's deal is the same for everyone: a game under other rules changes nothing of it."""
    house = json.loads(web_daily.daily_start(DAY, ""))
    assert json.loads(web.fresh("3", "easy", rules))["view"]["rules"] != "std"
    daily = json.loads(web_daily.daily_start(DAY, ""))
    assert daily["view"]["rules"] == "std" and daily["view"]["hand"] == house["view"]["hand"]
    assert daily["link"] == house["link"]
    assert json.loads(web.tutorial())["view"]["rules"] == "std"


def test_a_table_of_the_day_over_the_size_limit_is_damaged():
    """Not even one that is valid JSON is read."""
    text = json.dumps([entry("a", 0)])
    padded = text + " " * (web_daily.MAX_ENTRIES + 1 - len(text))
    assert json.loads(web_daily.daily_rank(padded))["error"]["key"] == "daily.table_bad"
    assert json.loads(web_daily.daily_rank(padded[:-1]))["ok"]


BOT_DECLARES = "2026-12-10"  # the person passes; bot 1 declares, gives a card to each and writes off


@pytest.fixture(scope="module")
def bot_declares():
    """Every reply of that day's deal, the person passing."""
    replies = [json.loads(web_daily.daily_start(BOT_DECLARES, ""))]
    while not replies[-1]["daily"]["over"]:
        step = web_daily.daily_bot_step() if replies[-1]["bot_to_move"] else web_daily.daily_play("p")
        replies.append(json.loads(step))
        assert replies[-1]["ok"], replies[-1]
    return replies


def test_after_the_daily_deal_it_is_nobodys_turn(bot_declares):
    """The game would go on to a next deal with seat 0 to move; the daily deal does not."""
    end = bot_declares[-1]
    assert end["view"]["to_move"] == 0 and end["view"]["legal"] == []
    for move in ("p", "b110"):
        assert json.loads(web_daily.daily_play(move))["error"]["key"] == "game.not_your_turn"


def test_a_bots_gift_to_the_other_bot_stays_hidden_in_the_daily(bot_declares):
    gifts = [r["moved"] for r in bot_declares if r.get("moved", {}).get("kind") == "give"]
    assert [g["seat"] for g in gifts] == [1, 1]
    shown = [g["action"] for g in gifts if g["action"] is not None]
    assert len(shown) == 1 and Action.parse(shown[0]).target == 0


def test_names_tie_break_whatever_their_case_and_then_the_moves_decide():
    entries = [entry("Bob", 40), entry("alice", 40), entry("Carl", 40), entry("dan", 40, moves="p.b"),
               entry("Dan", 40, moves="p.a")]
    assert [(e["name"], e["moves"]) for e in rank(entries)] == [
        ("alice", "p"), ("Bob", "p"), ("Carl", "p"), ("Dan", "p.a"), ("dan", "p.b")]


def test_the_result_marks_each_trick_for_the_persons_side_and_counts_the_declarers_marriages():
    """2026-12-01, the person passing and then playing its first legal card: bot 1 declares 120
    and melds a marriage; the defenders take tricks 2, 7 and 8 (pinned with the bots of daily.BOTS)."""
    game, winners, melds = Daily("2026-12-01"), [], 0
    while True:
        game.run_bots()
        if game.over:
            break
        legal = game.game.legal_actions()
        game.apply(next((a for a in legal if str(a) == "p"), legal[0]))
    table = daily.new_game("2026-12-01")
    for action in game.game.history:
        before, rows = table.last_trick, len(table.sheet.rows)
        if action.kind == "meld" and table.to_move == 1:
            melds += meld_value(action.card)
        table.apply(action)
        if len(table.sheet.rows) > rows:  # the deal's last trick
            winners.append(table.last_deal["last_trick"])
        elif table.last_trick is not before and table.last_trick is not None:
            winners.append(table.last_trick)
    result = game.result()
    assert (result["declarer"], result["contract"], result["kind"], melds) == (1, 120, "played", 100)
    assert result["tricks"] == "".join("0" if w == 1 else "1" for _, _, w in winners) == "01000011"
    won = [c for cards, _, w in winners if w == 1 for c in cards]
    assert result["declarer_points"] == sum(CARD_POINTS[c] for c in won) + melds
