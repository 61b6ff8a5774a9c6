"""The hint on the table: the hard bot's move for the person is marked (the same
move CPython's bot picks), nothing is played, and the count of hints is on the
sheet and survives a reload."""

from __future__ import annotations

import json

from table_driver import open_table
from thousand import web

QUERY = "?p=3&s=42&l=easy&r=std"


def expected_hint() -> dict:
    """The hint CPython gives at the person's first turn of the same game."""
    s = json.loads(web.from_link(QUERY))
    while s["bot_to_move"]:
        s = json.loads(web.bot_step())
    return json.loads(web.hint())["hint"]


def test_hint_marks_the_hard_bot_s_move_and_is_counted(page, base_url, shot):
    expected = expected_hint()
    open_table(page, base_url, QUERY)
    page.wait_for_selector("body[data-turn='you']", state="attached")
    legal = page.get_attribute("body", "data-legal")
    page.locator('[data-ui="hint"]').click()
    marked = page.locator(".hinted").first
    marked.wait_for()
    assert marked.get_attribute("data-action") == expected["action"]
    assert expected["action"] in legal.split()
    assert page.locator("#status").inner_text().startswith("Hint from the hard bot:")
    assert page.get_attribute("body", "data-legal") == legal  # nothing was played
    shot(page, "hinted")

    # "H" asks again: still one move marked, and two hints counted
    page.keyboard.press("h")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('thousand.save') || '{}').hints === 2")
    page.locator('.topbar [data-ui="sheet"]').click()
    assert page.locator('[data-ui="sheet-hints"]').inner_text() == "Hints used in this game: 2"
    page.locator('[data-ui="close"]').click()

    # the mark goes with the next move, the count stays with the game
    marked.click()
    page.wait_for_selector(f"body:not([data-legal='{legal}'])", state="attached")
    assert page.locator(".hinted").count() == 0
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    page.locator('.topbar [data-ui="sheet"]').click()
    assert page.locator('[data-ui="sheet-hints"]').inner_text() == "Hints used in this game: 2"
