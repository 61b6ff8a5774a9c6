"""A saved game is never lost to a link or to "New game" without the person's choice."""

from __future__ import annotations

import json

import pytest

from table_driver import SETTINGS, click_move, hand, open_table, policy

LINK = "?p=3&s=777&l=easy&r=std"


def saved_record(page) -> str:
    return json.loads(page.evaluate("localStorage.getItem('thousand.save')"))["record"]


def game_in_progress(page, base_url) -> str:
    """Open a game, make the person's first bid, return the saved record."""
    open_table(page, base_url, "?p=3&s=3&l=easy&r=std")
    page.wait_for_selector("body[data-turn='you']", state="attached")
    page.locator('[data-action^="b"]').first.click()
    page.wait_for_selector("body[data-turn='you'], body[data-turn='summary']", state="attached")
    return saved_record(page)


def test_a_link_asks_before_it_replaces_a_saved_game(page, base_url, shot):
    record = game_in_progress(page, base_url)
    mine = hand(page)
    page.goto(base_url + LINK)
    page.wait_for_selector('[data-ui="open-link"]')
    assert "Deal 1" in page.locator("#dialog").inner_text()
    assert saved_record(page) == record  # nothing overwritten while the question is open
    shot(page, "asks")
    page.keyboard.press("Escape")  # dismissing keeps the saved game
    page.wait_for_selector("body[data-turn]", state="attached")
    assert hand(page) == mine and saved_record(page) == record
    assert "?" not in page.url

    page.goto(base_url + LINK)
    page.locator('[data-ui="keep-save"]').click()
    page.wait_for_selector("body[data-turn]", state="attached")
    assert saved_record(page) == record

    page.goto(base_url + LINK)
    page.locator('[data-ui="open-link"]').click()
    page.wait_for_selector("body[data-turn]", state="attached")
    assert saved_record(page).startswith("T1_3_777_std")


@pytest.mark.parametrize("close", ["Escape", "close"])
def test_closing_a_bad_link_message_keeps_the_saved_game(page, base_url, close):
    record = game_in_progress(page, base_url)
    page.goto(base_url + "?p=3&s=12ab&l=easy&r=std")
    assert "not valid" in page.locator('[data-ui="message"]').inner_text()
    if close == "Escape":
        page.keyboard.press("Escape")
    else:
        page.locator('[data-ui="close"]').click()
    page.wait_for_selector("body[data-turn]", state="attached")
    assert saved_record(page) == record


def test_a_link_opens_at_once_when_no_game_is_in_progress(page, base_url):
    open_table(page, base_url, LINK)
    page.wait_for_selector("body[data-turn]", state="attached")
    assert page.locator("#dialog[open]").count() == 0
    assert saved_record(page).startswith("T1_3_777_std")


def test_new_game_has_its_own_dialog_and_confirms(page, base_url, shot):
    record = game_in_progress(page, base_url)
    page.locator('.topbar [data-ui="new"]').click()
    dialog = page.locator("#dialog")
    assert dialog.locator('[data-ui="set-players"]').is_visible()
    assert dialog.locator('[data-ui="set-speed"]').count() == 0  # not the settings dialog
    page.locator('[data-ui="start-new"]').click()
    page.wait_for_selector('[data-ui="confirm-new"]:not([hidden])')
    shot(page, "confirm")
    page.locator('[data-ui="keep-playing"]').click()
    assert saved_record(page) == record
    page.locator('.topbar [data-ui="new"]').click()
    page.locator('[data-ui="set-players"]').select_option("4")
    page.locator('[data-ui="start-new"]').click()
    page.locator('[data-ui="confirm-start"]').click()
    page.wait_for_selector("body[data-players='4'][data-turn]", state="attached")
    assert saved_record(page).startswith("T1_4_")
    # The settings dialog does not start games.
    page.locator('.topbar [data-ui="settings"]').click()
    assert dialog.locator('[data-ui="set-speed"]').is_visible()
    assert dialog.locator('[data-ui="start-new"]').count() == 0


def test_new_game_over_the_daily_names_the_saved_game_it_replaces(page, base_url):
    """The daily leaves the saved game alone, but a new game replaces it: the question says so and
    names that game, not the daily on the table (it used to ask about the daily, or not at all)."""
    record = game_in_progress(page, base_url)
    page.locator('[data-ui="daily"]').click()
    page.locator('[data-ui="daily-play"]').click()
    page.wait_for_selector("body[data-daily='official']", state="attached")
    for choice in ("keep-playing", "confirm-start"):
        page.locator('.topbar [data-ui="new"]').click()
        page.locator('[data-ui="start-new"]').click()
        box = page.locator('[data-ui="confirm-new"]')
        box.wait_for()
        assert "replaces your saved game" in box.inner_text()
        assert "Deal 1" in page.locator('[data-ui="confirm-game"]').inner_text()
        assert saved_record(page) == record
        page.locator(f'[data-ui="{choice}"]').click()
    page.wait_for_selector("body:not([data-daily])[data-turn]", state="attached")
    page.wait_for_function("old => JSON.parse(localStorage.getItem('thousand.save')).record !== old", arg=record)


def play_one(page) -> None:
    """The person's move by the driver's policy; returns once it is saved. (The table's moves change
    as soon as a card is chosen for a gift, before the move is made.)"""
    page.wait_for_selector("body[data-turn='you']:not([data-legal=''])", state="attached")
    before = saved_record(page)
    click_move(page, policy(page.get_attribute("body", "data-legal").split()))
    page.wait_for_function("(before) => JSON.parse(localStorage.getItem('thousand.save')).record !== before",
                           arg=before)


def same_hand(page, cards: list[str]) -> None:
    """Wait until the person's hand on `page` is `cards` (a game opened from the save)."""
    page.wait_for_function("(cards) => JSON.stringify([...document.querySelectorAll('#hand [data-card]')]"
                           ".map((n) => n.dataset.card)) === JSON.stringify(cards)", arg=cards)
    page.wait_for_selector("body[data-turn='you'], body[data-turn='wait']", state="attached")


def test_a_tab_stops_when_another_tab_plays_the_saved_game_on(page, new_page, base_url, shot):
    """Two tabs share one save: the one left behind stops (a move there would overwrite the other
    tab's), says why, and continues from the latest save when asked."""
    game_in_progress(page, base_url)
    other = new_page()
    other.goto(base_url)
    play_one(other)
    newer = saved_record(other)
    page.wait_for_selector('[data-ui="play-here"]')
    shot(page, "stopped")
    assert "another tab" in page.locator("#dialog").inner_text()
    assert page.locator("#dialog[open]").count() == 1  # modal: no move can be made here meanwhile
    assert saved_record(page) == newer
    page.keyboard.press("Escape")  # closing it continues from the latest save...
    page.wait_for_selector("#dialog:not([open])", state="attached")
    page.wait_for_function("newer => JSON.parse(localStorage.getItem('thousand.save')).record === newer", arg=newer)
    play_one(other)  # ...and the other tab plays on again
    newer = saved_record(other)
    page.wait_for_selector('[data-ui="play-here"]')

    page.locator('[data-ui="play-here"]').click()
    same_hand(page, hand(other))  # the stopped table showed the old hand until the save was opened
    assert saved_record(page) == newer
    play_one(page)
    other.wait_for_selector('[data-ui="play-here"]')
    assert saved_record(other) == saved_record(page) != newer
    other.keyboard.press("Escape")  # closing the message also continues from the latest save
    other.wait_for_selector("#dialog:not([open])", state="attached")
    same_hand(other, hand(page))


def test_rules_this_version_refuses_give_the_house_rules_and_a_message(page, base_url):
    """A rules code stored by another version (or edited) that Python refuses: the new game uses the
    house rules and the page says so; it used to leave an empty, dead table."""
    open_table(page, base_url, settings={**SETTINGS, "rules": "zz9-q"})
    page.wait_for_selector('[data-ui="message"]:has-text("house rules")')
    page.keyboard.press("Escape")
    page.wait_for_selector("body[data-turn]", state="attached")  # a random deal: it may open with redeals
    assert saved_record(page).startswith("T1_3_") and "_std" in saved_record(page)
    assert json.loads(page.evaluate("localStorage.getItem('thousand.settings')"))["rules"] == "std"


def newer_version_of(save: str) -> str:
    """The save as a release with a newer save format might write it."""
    data = json.loads(save)
    return json.dumps({**data, "v": data["v"] + 1, "more": {"from": "a later release"}})


def asks_to_update(page) -> None:
    page.wait_for_selector('#dialog[open] [data-ui="update-page"]')
    assert "newer version" in page.locator("#dialog").inner_text()


def test_a_save_from_a_newer_version_is_kept_and_the_page_asks_to_update(page, new_page, base_url, shot):
    """A tab of an older release met a newer release's save (written by another tab after an update):
    it reported it as damaged and removed it. Now it keeps it, plays nothing, and asks to be updated."""
    game_in_progress(page, base_url)
    newer = newer_version_of(page.evaluate("localStorage.getItem('thousand.save')"))
    other = new_page()  # the other tab, updated, saves in its format
    other.goto(base_url + "?embed=1&rec=T1_3_42_std_p")  # a page of the site that opens no game of its own
    other.evaluate("(save) => localStorage.setItem('thousand.save', save)", newer)
    page.wait_for_selector('[data-ui="play-here"]')
    page.locator('[data-ui="play-here"]').click()
    asks_to_update(page)
    shot(page, "asks-to-update")
    page.keyboard.press("Escape")  # closing the question does not open or start a game: it comes back
    asks_to_update(page)
    assert page.evaluate("localStorage.getItem('thousand.save')") == newer

    page.reload()  # this page again (no newer release is served here): it opens nothing either
    asks_to_update(page)
    assert page.evaluate("localStorage.getItem('thousand.save')") == newer
    page.locator('[data-ui="update-page"]').click()  # no service worker in this test: a reload
    page.wait_for_load_state()
    asks_to_update(page)
    assert page.evaluate("localStorage.getItem('thousand.save')") == newer
