"""The daily deal, more of its behaviour: days whose deal starts or ends next to a
redeal, a dash and a write-off as results, result links as the page passes them
(with "?"), the exact limits of a link, the par of a defender whose side leads a
marriage, and turns in the session API."""

from __future__ import annotations

import json

import pytest

from thousand import daily, web_daily
from thousand.actions import Action
from thousand.daily import Daily, DailyError, parse_result_link, result_link
from thousand.review import par

# The days were found by search. The first two depend on the shuffle only; the others on the hard bots'
# replies too: if daily.BOTS changes, check that they still give what their comments say.
DAY = "2026-12-03"
FIRST_IS_REDEAL = "2027-06-16"  # the day's first shuffle has four nines in a hand or three in the talon
NEXT_IS_REDEAL = "2027-01-22"  # the shuffle after the day's deal is a redeal
DASH_DAY = "2026-12-02"  # the person passing writes a dash; the declaring bot leads a marriage
WRITE_OFF_DAY = "2026-12-01"  # the person bidding wins the contract and may write off


def passing(legal: list[str]) -> str:
    return "p" if "p" in legal else legal[0]


def writing_off(legal: list[str]) -> str:
    return "w" if "w" in legal else next((a for a in legal if a.startswith("b")), legal[0])


def play(day: str, pick=passing) -> Daily:
    d = Daily(day)
    while True:
        d.run_bots()
        if d.over:
            return d
        d.apply(Action.parse(pick([str(a) for a in d.game.legal_actions()])))


def link(d: Daily, name: str = "Me", **change) -> str:
    parts = {"daily": d.day, "m": ".".join(str(a) for a in d.moves()), "n": name,
             "v": d.result()["code"], "b": str(daily.BOTS), **change}
    return "&".join(f"{k}={v}" for k, v in parts.items())


@pytest.fixture(scope="module")
def attempt() -> Daily:
    return play(DAY)


def test_a_redeal_before_the_days_deal_does_not_end_it():
    d = Daily(FIRST_IS_REDEAL)
    assert [r.kind for r in d.game.sheet.rows] == ["redeal"] and not d.over
    d = play(FIRST_IS_REDEAL)
    result = d.result()
    assert result["kind"] != "redeal" and result["contract"] is not None
    assert parse_result_link(link(d))["code"] == result["code"]


def test_a_redeal_after_the_days_deal_is_not_its_result():
    d = play(NEXT_IS_REDEAL)
    assert d.game.sheet.rows[-1].kind == "redeal"  # dealt by itself once the deal was over
    row = next(r for r in d.game.sheet.rows if r.kind != "redeal")
    result = d.result()
    assert result["kind"] == row.kind != "redeal" and result["contract"] == row.contract is not None
    assert result["code"] == ("d" if row.entries[0].points is None else str(row.entries[0].points))


def test_a_dash_scores_zero_and_ranks():
    d = play(DASH_DAY)
    result = d.result()
    assert (result["code"], result["score"]) == ("d", 0)
    entry = parse_result_link(link(d))
    assert daily.rank([entry, {**entry, "name": "a", "score": 20}])[0]["name"] == "a"


def test_the_persons_write_off_is_the_code_w():
    d = play(WRITE_OFF_DAY, writing_off)
    result = d.result()
    assert (result["code"], result["kind"], result["declarer"]) == ("w", "write_off", 0)
    assert parse_result_link(link(d))["code"] == "w"
    with pytest.raises(DailyError) as err:
        parse_result_link(link(d, v=str(result["score"])))
    assert err.value.key == "daily.link_result"


def test_a_result_link_as_the_page_passes_it_with_its_question_mark(attempt):
    assert parse_result_link("?" + link(attempt)) == parse_result_link(link(attempt))


def test_a_name_of_exactly_twenty_characters_is_kept(attempt):
    name = "Ж" * daily.MAX_NAME
    query = result_link(DAY, attempt.moves(), name, attempt.result()["code"])
    assert parse_result_link(query)["name"] == name


def test_a_link_of_exactly_the_limit_is_read(attempt):
    """MAX_QUERY characters are read (here refused for its name), one more is too long."""
    base = link(attempt, name="")
    exact = link(attempt, name="x" * (daily.MAX_QUERY - len(base)))
    assert len(exact) == daily.MAX_QUERY
    for query, key in ((exact, "daily.link_name"), (exact + "x", "daily.link_bad")):
        with pytest.raises(DailyError) as err:
            parse_result_link(query)
        assert err.value.key == key


def test_forty_moves_are_replayed_and_forty_one_are_too_many(attempt):
    """MAX_MOVES moves are read (and refused when replayed), one more is refused unread."""
    for count, key in ((daily.MAX_MOVES, "daily.link_illegal"), (daily.MAX_MOVES + 1, "daily.link_bad")):
        with pytest.raises(DailyError) as err:
            parse_result_link(link(attempt, m=".".join(["p"] * count)))
        assert err.value.key == key


def test_a_part_without_an_equals_sign_is_malformed(attempt):
    for part in ("n", "m"):
        bad = link(attempt).replace(f"&{part}=", f"&{part}@").split("@")
        query = bad[0] + "&" + bad[1].split("&", 1)[1]  # the part is there, with neither "=" nor value
        with pytest.raises(DailyError) as err:
            parse_result_link(query)
        assert err.value.key == "daily.link_bad", query


def test_the_person_cannot_move_for_a_bot():
    st = json.loads(web_daily.daily_start("2026-12-01", ""))
    assert st["bot_to_move"]
    reply = json.loads(web_daily.daily_play("p"))
    assert reply["ok"] is False and reply["error"]["key"] == "game.not_your_turn"
    assert json.loads(web_daily.daily_bot_step())["daily"]["moves"] == ""


def test_the_par_of_a_defender_counts_from_the_first_lead_even_a_marriage():
    """On that day the declaring bot leads a marriage: the par is the value of the position
    before it, and the defender's difference is the par less the declarer's points."""
    st = json.loads(web_daily.daily_start(DASH_DAY, ""))
    while not st["daily"]["over"]:
        if st["bot_to_move"]:
            st = json.loads(web_daily.daily_bot_step())
        else:
            st = json.loads(web_daily.daily_play(passing([a["id"] for a in st["view"]["legal"]])))
    game = daily.new_game(DASH_DAY)
    history = web_daily._current().game.history
    lead = next(a for a in history if a.kind in ("play", "meld"))
    assert lead.kind == "meld"
    for action in history[:history.index(lead)]:
        game.apply(action)
    reply = json.loads(web_daily.daily_par())
    result = st["daily"]["result"]
    assert result["declarer"] != 0 and reply["par"] == par(game) is not None
    assert reply["diff"] == reply["par"] - result["declarer_points"]


def test_after_its_last_step_the_review_is_gone():
    st = json.loads(web_daily.daily_start("2026-12-10", ""))
    while not st["daily"]["over"]:
        st = json.loads(web_daily.daily_bot_step() if st["bot_to_move"] else web_daily.daily_play("p"))
    review = json.loads(web_daily.review_start("daily"))
    while "review" not in review:
        review = json.loads(web_daily.review_next())
    assert json.loads(web_daily.review_next())["error"]["key"] == "review.none"


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e400"])
def test_a_table_of_the_day_with_a_number_json_does_not_have_is_damaged(number):
    """Ranked, it went back as a reply the page's JSON.parse refuses (its call never settled)."""
    entry = '{"score": %s, "declarer": 1, "declarer_points": 0, "name": "a", "moves": "p"}' % number
    reply = json.loads(web_daily.daily_rank(f"[{entry}]"), parse_constant=lambda name: pytest.fail(name))
    assert reply["ok"] is False and reply["error"]["key"] == "daily.table_bad"
