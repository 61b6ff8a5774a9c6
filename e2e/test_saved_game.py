"""A saved game is never lost to a link or to "New game" without the person's choice."""

from __future__ import annotations

import json

import pytest

from table_driver import hand, open_table

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
    page.wait_for_function(f"JSON.parse(localStorage.getItem('thousand.save')).record !== {json.dumps(record)}")
