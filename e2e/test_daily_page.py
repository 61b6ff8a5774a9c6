"""The daily deal in the browser: play it by clicking, share the result, open
the link in a fresh browser context and find the entry in the table of the day;
the second attempt is practice; the review opens and shows values; a tampered
link changes nothing."""

from __future__ import annotations

from table_driver import continue_deal, open_table, play_deal

from thousand.bots import decide, make_bot
from thousand.daily import HUMAN, Daily, result_link

SLOW = 240_000  # the hard bots and the replay of a link run in Pyodide on a busy machine


def test_daily_share_table_practice_and_review(page, friend_page, base_url, shot):
    open_table(page, base_url)
    save = page.evaluate("localStorage.getItem('thousand.save')")
    page.locator('[data-ui="daily"]').click()
    page.locator('[data-ui="daily-play"]').wait_for()
    assert page.locator('[data-ui="daily-chart"]').count() == 0  # no result yet: no empty chart
    page.locator('[data-ui="daily-play"]').click()
    page.wait_for_selector("body[data-daily='official']", state="attached")
    play_deal(page)
    continue_deal(page)
    result = page.locator('[data-ui="daily-result"]')
    result.wait_for(timeout=SLOW)
    text = result.inner_text()
    shot(page, "result")
    assert page.evaluate("localStorage.getItem('thousand.save')") == save  # the daily never touches the saved game

    page.locator('[data-ui="daily-review"]').click()
    decisions = page.locator('[data-ui="review-decisions"] li')
    decisions.first.wait_for(timeout=SLOW)
    losses = page.eval_on_selector_all('[data-ui="review-decisions"] li', "n => n.map(x => x.dataset.loss)")
    assert any(x.isdigit() for x in losses)
    assert "par" in page.locator('[data-ui="review-summary"]').inner_text()
    page.locator('[data-ui="review-next"]').click()
    assert "Move 2 of" in page.locator('[data-ui="review-move"]').inner_text()
    shot(page, "review")
    page.locator('[data-ui="close"]').click()
    continue_deal(page)  # the result again

    page.locator('[data-ui="daily-share"]').click()
    page.locator('[data-ui="daily-name"]').fill("Tester <b>x</b>")
    page.locator('[data-ui="daily-make-link"]').click()
    link = page.locator('[data-ui="daily-link"]').input_value(timeout=SLOW)
    assert "?daily=" in link
    share_text = page.locator('[data-ui="daily-share-text"]').inner_text()
    assert "#" in share_text and ("🟩" in share_text or "⬛" in share_text)

    other = friend_page
    open_table(other, base_url, link[link.index("?"):])
    entry = other.locator('[data-ui="daily-entry"]').first
    entry.wait_for(timeout=SLOW)
    assert entry.locator("strong").inner_text() == "Tester <b>x</b>"  # the name is text, not markup
    assert other.locator('[data-ui="daily-entry"] b').count() == 0
    assert "shared with this device" in other.locator("#dialog").inner_text()
    assert other.locator('[data-ui="daily-replay"]').count() == 0  # no spoilers before the day's own attempt
    shot(other, "friend-table")
    # a tampered link is refused and the table stays as it was
    tampered = link[link.index("?"):].replace("&v=", "&v=9")
    other.goto(base_url + tampered)
    other.wait_for_selector('[data-ui="message"]', timeout=SLOW)
    assert "does not hold up" in other.locator('[data-ui="message"]').inner_text()
    entries = other.evaluate("Object.keys(localStorage).filter(k => k.startsWith('thousand.daily.table.'))"
                             ".map(k => JSON.parse(localStorage.getItem(k)).length)")
    assert entries == [1]

    page.locator('[data-ui="close"]').click()
    page.locator('[data-ui="daily"]').click()
    assert text.split(" (")[0] in page.locator('[data-ui="daily-status"]').inner_text()
    page.locator('[data-ui="daily-entry"]').first.wait_for()  # the table is filled once ranked
    assert page.locator('[data-ui="daily-entry"]').count() == 1
    assert page.locator('[data-ui="daily-chart"] rect').count() == 1  # today's official result
    page.locator('[data-ui="daily-play"]').click()
    page.wait_for_selector("body[data-daily='practice']", state="attached")


def test_ones_own_result_link_opened_here_is_one_row(page, base_url):
    """The person opens the link of their own official result (to try it): it was put in the table of
    the day beside their own row, so they were listed twice."""
    open_table(page, base_url)
    day = page.evaluate("() => new Date().toISOString().slice(0, 10)")
    daily, person = Daily(day), make_bot("easy")
    while not daily.over:
        if daily.game.to_move == HUMAN:
            daily.apply(decide(person, daily.game))
        else:
            daily.bot_move()
    result = daily.result()
    moves = ".".join(str(a) for a in daily.moves())
    link = result_link(day, daily.moves(), "Me", result["code"])
    attempt = {day: {"moves": moves, "result": result, "link": link}}
    page.evaluate("""a => { localStorage.setItem('thousand.daily.attempts', JSON.stringify(a));
                             localStorage.setItem('thousand.daily.name', 'Me'); }""", attempt)
    page.goto(f"{base_url}?{link}")
    page.locator('[data-ui="daily-entry"]').first.wait_for(timeout=SLOW)
    assert page.locator('[data-ui="daily-entry"]').count() == 1
    assert page.locator('[data-ui="daily-entry"][data-own]').count() == 1


def test_an_attempt_that_does_not_replay_starts_again_instead_of_blocking_the_day(page, base_url):
    """Moves of an official attempt in progress that this version cannot replay (its bots answer them
    otherwise, after a release mid-attempt) made every "Play" say the attempt was damaged, all day."""
    open_table(page, base_url)
    day = page.evaluate("() => new Date().toISOString().slice(0, 10)")
    page.evaluate("a => localStorage.setItem('thousand.daily.attempts', JSON.stringify(a))",
                  {day: {"moves": "Zz", "result": None}})
    page.locator('[data-ui="daily"]').click()
    page.locator('[data-ui="daily-play"]').click()
    page.wait_for_selector("body[data-daily='official']", state="attached", timeout=SLOW)
    assert "damaged" in page.locator('[data-ui="message"]').inner_text()
    page.locator('[data-ui="close"]').click()
    page.wait_for_function("day => JSON.parse(localStorage.getItem('thousand.daily.attempts'))[day].moves !== 'Zz'",
                           arg=day, timeout=SLOW)


def test_attempts_edited_by_hand_do_not_stop_the_daily(page, base_url):
    """A day's attempt that is no object (storage edited by hand, or by an extension) made the
    chart throw: the daily's dialog never opened."""
    open_table(page, base_url)
    page.evaluate("a => localStorage.setItem('thousand.daily.attempts', JSON.stringify(a))",
                  {"2026-12-01": None, "2026-12-02": 5, "2026-12-03": {"moves": "p", "result": {"score": "x"}}})
    page.locator('[data-ui="daily"]').click()
    page.locator('[data-ui="daily-play"]').wait_for()
    assert page.locator('[data-ui="daily-chart"]').count() == 0


def test_share_during_the_daily_gives_no_link_to_its_cards(page, base_url):
    """Share gave the deal's link (the day's seed): anyone could try the day's cards before their
    official attempt. The daily shares its result instead."""
    open_table(page, base_url)
    page.locator('[data-ui="daily"]').click()
    page.locator('[data-ui="daily-play"]').click()
    page.wait_for_selector("body[data-daily='official']", state="attached", timeout=SLOW)
    page.locator('[data-ui="share"]').click()
    page.wait_for_selector("#toast:not([hidden])")
    assert "share your result" in page.locator("#toast").inner_text()
    assert page.locator('[data-ui="share-link"]').count() == 0
