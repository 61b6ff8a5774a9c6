"""Regional rules at the table: a deal under the Russian preset in Russian and one
under the Polish preset in Polish, played by clicking with no raw key or
placeholder on the page; the New game dialog's preset and settings make the
rules code the share link carries; blind bidding in words; a bad rules code in
a link is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from table_driver import SETTINGS, TURN, click_move, continue_deal, open_table, policy, simulate
from thousand import web
from thousand.rules import PRESETS, Rules

LOCALES = Path(__file__).resolve().parent.parent / "web" / "locales"
PLACEHOLDER = re.compile(r"\{\w+\}")
TEXT_PARTS = ("#infobar", "#status", "#panel", "#center", "#seats")


def clean(page, lang: str) -> None:
    """No placeholder and no locale key shows anywhere on the table."""
    keys = set(json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8")))
    for part in TEXT_PARTS:
        text = page.locator(part).inner_text()
        assert not PLACEHOLDER.search(text), f"{part} shows a raw placeholder: {text!r}"
        shown = {word for word in re.findall(r"[\w.-]+\.[\w.-]+", text) if word in keys}
        assert not shown, f"{part} shows raw keys {shown}: {text!r}"


def seed_for(code: str, wanted, players: int = 3) -> int:
    """A seed whose first deal, played by the click policy under ``code``, meets ``wanted``."""
    for seed in range(1, 400):
        if wanted(simulate(f"?p={players}&s={seed}&l=easy&r={code}")[0]):
            return seed
    raise AssertionError(f"no seed for {code}")


def play_one_deal(page, lang: str) -> int:
    """Click the policy's moves until the deal's result shows; return how many moves."""
    made = 0
    while True:
        page.wait_for_selector(TURN, state="attached")
        clean(page, lang)
        turn = page.get_attribute("body", "data-turn")
        if turn in ("summary", "over"):
            return made
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, policy(legal))
        made += 1
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")


@pytest.mark.parametrize("preset, lang, chip", [("ru", "ru", "Правила: русские"),
                                                 ("pl", "pl", "Zasady: polskie (Tysiąc)")])
def test_a_deal_under_a_preset_in_its_language(page, base_url, shot, preset, lang, chip):
    code = PRESETS[preset].code()
    seed = seed_for(code, lambda d: d["declarer"] == 0 and d["rows"][0]["kind"] == "played")
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r={code}", lang=lang)
    assert page.locator('[data-ui="rules-chip"]').inner_text() == chip
    assert play_one_deal(page, lang) > 5
    shot(page, f"{preset}-summary")
    assert page.locator(".summary").is_visible()
    clean(page, lang)
    continue_deal(page)
    page.locator('.topbar [data-ui="sheet"]').click()
    sheet = page.locator('[data-ui="sheet-table"]')
    assert sheet.locator("tbody tr").count() == 1
    assert not PLACEHOLDER.search(sheet.inner_text())
    shot(page, f"{preset}-sheet")


def test_the_new_game_dialog_sets_the_rules_the_share_link_carries(page, base_url, shot):
    open_table(page, base_url, "?p=3&s=5&l=easy&r=std")
    assert page.locator('[data-ui="rules-chip"]').count() == 0  # house rules: no chip
    page.locator('.topbar [data-ui="new"]').click()
    page.locator('[data-ui="set-preset"]').select_option("ru")
    expected = Rules(**{**PRESETS["ru"].__dict__, "must_beat": True}).code()
    page.locator('[data-ui="rules-details"] summary').click()
    assert page.locator('[data-ui="set-rule-barrel"]').input_value() == "880"  # the preset filled the settings in
    page.locator('[data-ui="set-rule-must_beat"]').check()
    page.wait_for_selector(f'[data-ui="rules-code"]:has-text("{expected}")')
    assert page.locator('[data-ui="set-preset"]').input_value() == ""  # no preset matches now: custom
    shot(page, "dialog")
    page.locator('[data-ui="start-new"]').click()
    page.locator('[data-ui="confirm-start"]').click()
    page.wait_for_selector('[data-ui="rules-chip"]', state="attached")
    assert page.locator('[data-ui="rules-chip"]').inner_text() == "Rules: custom"
    page.locator('.topbar [data-ui="share"]').click()
    link = page.locator('[data-ui="share-link"]').input_value()
    assert link.endswith(f"&r={expected}")
    page.locator('[data-ui="close"]').click()
    # Opened again, the dialog shows the rules chosen: they stay for the next game.
    page.locator('.topbar [data-ui="new"]').click()
    page.wait_for_selector(f'[data-ui="rules-code"]:has-text("{expected}")')
    assert page.locator('[data-ui="set-rule-must_beat"]').is_checked()


def test_blind_bidding_in_words(page, base_url, shot):
    def first_hand(seed: int) -> bool:
        return json.loads(web.from_link(f"?p=3&s={seed}&l=easy&r=bl"))["view"]["phase"] == "blind"
    seed = next(s for s in range(1, 100) if first_hand(s))
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=bl")
    page.wait_for_selector("body[data-turn='you']", state="attached")
    assert page.locator('[data-ui="hidden-card"]').count() == 7 and page.locator("#hand [data-card]").count() == 0
    assert page.locator('[data-action="o"]').inner_text() == "Look at my cards"
    assert page.locator('[data-action="d"]').inner_text() == "Bid 120 blind"
    assert "blind" in page.locator("#status").inner_text()
    shot(page, "blind-choice")
    click_move(page, "d")
    page.wait_for_selector("body[data-phase='bidding'], body[data-phase='giving']", state="attached")
    clean(page, "en")
    if page.get_attribute("body", "data-phase") == "bidding":
        assert "120 (blind)" in page.locator("#panel").inner_text()
    play_one_deal(page, "en")
    shot(page, "blind-summary")


def test_a_bad_rules_code_in_a_link_is_refused(page, base_url, shot):
    open_table(page, base_url, "?p=3&s=1&l=easy&r=b850-<b>x</b>", settings={**SETTINGS, "rules": "mb"})
    message = page.locator('[data-ui="message"]')
    assert "not valid" in message.inner_text() and "unknown rules" in message.inner_text()
    assert page.locator("b").count() == 0  # nothing from the URL becomes HTML
    page.locator('[data-ui="fresh"]').click()
    page.wait_for_selector('[data-ui="rules-chip"]', state="attached")  # the new game: the person's own rules
    shot(page, "bad-rules")
