"""The table as a newcomer finds it: a whole game to 1000 by clicking with no raw
placeholder anywhere, the trick's winner marked, the bots' big moments announced,
the card you were given marked, and keyboard focus where the next key press goes."""

from __future__ import annotations

import json
import re

from table_driver import SETTINGS, TURN, click_move, continue_deal, find_seed, hand, open_table, policy, simulate
from thousand import web

PLACEHOLDER = re.compile(r"\{\w+\}")
TEXT_PARTS = ("#infobar", "#status", "#panel", "#center", "#seats")


def no_placeholders(page) -> None:
    for part in TEXT_PARTS:
        text = page.locator(part).inner_text()
        assert not PLACEHOLDER.search(text), f"{part} shows a raw placeholder: {text!r}"


def test_a_whole_game_to_1000_by_clicking(page, base_url, shot):
    """Ukrainian page, 3 players, easy bots: every prompt, summary and sheet reads clean."""
    open_table(page, base_url, "?p=3&s=31&l=easy&r=std", lang="uk")
    deals = 0
    while True:
        page.wait_for_selector(TURN, state="attached")
        no_placeholders(page)
        turn = page.get_attribute("body", "data-turn")
        if turn == "over":
            break
        if turn == "summary":
            deals += 1
            page.keyboard.press("l")  # the deal's last trick can still be seen
            if page.locator('[data-ui="last-trick-cards"]').count():
                assert page.locator('[data-ui="last-trick-cards"] .card').count() >= 2
                page.keyboard.press("Escape")
            continue_deal(page)
            continue
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, policy(legal, bid_to=130))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    assert deals >= 3, (deals, page.locator("#status").inner_text(), page.get_attribute("body", "data-deal"))
    page.keyboard.press("s")
    sheet = page.locator('[data-ui="sheet-table"]')
    assert not PLACEHOLDER.search(sheet.inner_text())
    assert sheet.locator("tbody tr").count() == int(page.get_attribute("body", "data-deal"))
    shot(page, "final-sheet")


def test_the_trick_winner_is_marked(page, base_url):
    seed = find_seed(3, lambda r: r[0]["declarer"] == 0 and r[0]["rows"][0]["kind"] == "played")
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std", settings={**SETTINGS, "speed": "slow"})
    winners = []
    for _ in range(60):
        page.wait_for_selector(f"{TURN}, .trick-card.winner", state="attached")
        if page.locator(".trick-card.winner").count():
            winners.append(page.locator('[data-ui="trick-winner"]').inner_text())
            break
        turn = page.get_attribute("body", "data-turn")
        if turn != "you":
            break
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, policy(legal))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}']), .trick-card.winner", state="attached")
    assert winners and "took the trick" in winners[0]
    assert page.locator(".trick-card.winner").count() == 1


def bot_meld_seed() -> int:
    """A seed where a bot declares a marriage in the first deal (the person passes)."""
    for seed in range(1, 500):
        state = json.loads(web.from_link(f"?p=3&s={seed}&l=easy&r=std"))
        while not state["view"]["sheet"]["rows"]:
            if state["bot_to_move"]:
                state = json.loads(web.bot_step())
                if state["moved"]["kind"] == "meld":
                    return seed
            else:
                legal = [a["id"] for a in state["view"]["legal"]]
                state = json.loads(web.play("p" if "p" in legal else policy(legal)))
    raise AssertionError("no seed")


def test_a_bot_marriage_is_announced_at_its_seat(page, base_url, shot):
    seed = bot_meld_seed()
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std", settings={**SETTINGS, "speed": "fast"})
    for _ in range(40):
        page.wait_for_selector(f"{TURN}, [data-ui='callout']", state="attached")
        if page.locator("[data-ui='callout']").count():
            break
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, "p" if "p" in legal else policy(legal))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}']), [data-ui='callout']", state="attached")
    callout = page.locator("[data-ui='callout']")
    assert "Marriage" in callout.inner_text() and "Trumps" in callout.inner_text()
    shot(page, "callout")


def test_the_card_you_were_given_is_marked(page, base_url):
    seed = find_seed(3, lambda r: r[0]["received"] and r[0]["declarer"] != 0)
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    while not page.locator("#hand .hand-card.given").count():
        page.wait_for_selector(f"{TURN}, #hand .hand-card.given", state="attached")
        if page.locator("#hand .hand-card.given").count():
            break
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, policy(legal))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}']), #hand .hand-card.given", state="attached")
    given = page.locator("#hand .hand-card.given")
    assert given.count() == 1 and given.get_attribute("data-card") in hand(page)
    assert "given" in given.get_attribute("aria-label")


def test_keyboard_focus_follows_the_choice(page, base_url):
    """Enter on a marriage card focuses "with marriage"; after giving a card focus is in the hand."""
    def wanted(r):
        return r[0]["declarer"] == 0 and r[0]["gave"] and r[0]["melded"]
    seed = find_seed(3, wanted)
    moves = simulate(f"?p=3&s={seed}&l=easy&r=std")[0]["moves"]
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    gave = melded = False
    for move in moves:
        page.wait_for_selector("body[data-turn='you']", state="attached")
        legal = page.get_attribute("body", "data-legal").split()
        assert move in legal
        if move.startswith("g") and not gave:
            page.locator(f'#hand [data-card="{move[1:3]}"]').focus()
            page.keyboard.press("Enter")
            page.locator(f'[data-action="{move}"]').click()
            page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
            # focus moves to the hand once the game has answered (it fails by timing out)
            page.wait_for_function("() => document.activeElement.classList.contains('hand-card')")
            gave = True
            continue
        if move.startswith("m") and not melded:
            page.locator(f'#hand [data-card="{move[1:3]}"]').focus()
            page.keyboard.press("Enter")
            assert page.evaluate("document.activeElement.dataset.action") == move
            page.keyboard.press("Enter")
            page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
            melded = True
            break
        click_move(page, move)
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    assert gave and melded


def game_until(query: str, found, limit: int = 4000):
    """Play a game in CPython with the driver's policy until `found(state)`; return
    the save made at the start of that deal and the state found."""
    state = json.loads(web.from_link(query))
    deal_save = state["save"]
    for _ in range(limit):
        if found(state):
            return deal_save, state
        if state["view"]["phase"] == "over":
            break
        rows = len(state["view"]["sheet"]["rows"])
        state = json.loads(web.bot_step()) if state["bot_to_move"] else json.loads(
            web.play(policy([a["id"] for a in state["view"]["legal"]], bid_to=130)))
        if len(state["view"]["sheet"]["rows"]) > rows and not found(state):
            deal_save = state["save"]
    raise AssertionError("not found")


def test_the_barrel_is_explained_in_the_summary(page, base_url, shot):
    def barrel_note(state):
        rows = state["view"]["sheet"]["rows"]
        return bool(rows) and any(n["key"].startswith("note.barrel") for n in rows[-1]["notes"])
    for seed in range(1, 40):
        try:
            save, state = game_until(f"?p=3&s={seed}&l=easy&r=std", barrel_note)
            break
        except AssertionError:
            continue
    page.add_init_script("localStorage.setItem('thousand.save', " + json.dumps(save) + ");")
    open_table(page, base_url)
    while page.get_attribute("body", "data-turn") != "summary":
        page.wait_for_selector(TURN, state="attached")
        if page.get_attribute("body", "data-turn") == "summary":
            break
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, policy(legal, bid_to=130))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    notes = page.locator('.summary [data-ui="note"]').all_inner_texts()
    assert any("barrel" in n for n in notes), notes
    assert not any(PLACEHOLDER.search(n) for n in notes)
    shot(page, "barrel-note")


def test_a_game_that_opens_with_a_redeal_says_why(page, base_url):
    seed = next(s for s in range(1, 3000)
                if json.loads(web.from_link(f"?p=3&s={s}&l=easy&r=std"))["view"]["sheet"]["rows"])
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std", past_redeal=False)
    page.wait_for_selector("body[data-turn='summary']", state="attached")
    text = page.locator(".summary").inner_text()
    assert "dealt again" in text and "nines" in text
    assert page.locator('[data-ui="deal"]').text_content() == "Deal 2"  # (hidden under the notice)


def test_the_bid_limit_is_explained(page, base_url):
    """At 120 with no marriage in hand the prompt says why only a pass is left."""
    def at_limit(state):
        v = state["view"]
        return v["to_move"] == 0 and v["prompt"]["key"] == "bid_no_marriage"
    for seed in range(1, 300):
        try:
            save, state = game_until(f"?p=3&s={seed}&l=easy&r=std", at_limit, limit=60)
            break
        except AssertionError:
            continue
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    while True:
        page.wait_for_selector("body[data-turn='you']", state="attached")
        legal = page.get_attribute("body", "data-legal").split()
        if legal == ["p"]:
            break
        click_move(page, policy(legal, bid_to=130))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    status = page.locator("#status").inner_text()
    assert "only pass" in status and "marriage" in status, status


def test_share_opens_the_current_deal(page, friend_page, base_url):
    """Shared at deal 3, the link opens deal 3: the same cards, the same sheet before it."""
    open_table(page, base_url, "?p=3&s=5&l=easy&r=std")
    while int(page.get_attribute("body", "data-deal")) < 3:
        page.wait_for_selector(TURN, state="attached")
        if page.get_attribute("body", "data-turn") == "summary":
            continue_deal(page)
            continue
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, policy(legal))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    if page.get_attribute("body", "data-turn") == "summary":
        continue_deal(page)
    page.wait_for_selector("body[data-turn='you'], body[data-turn='wait']", state="attached")
    deal = page.get_attribute("body", "data-deal")
    mine = hand(page)
    page.locator('.topbar [data-ui="share"]').click()
    link = page.locator('[data-ui="share-link"]').input_value()
    assert "&m=" in link and f"deal {deal}" in page.locator('[data-ui="share-line"]').inner_text()
    other = friend_page
    open_table(other, "", link)
    other.wait_for_selector("body[data-turn]", state="attached")
    assert other.get_attribute("body", "data-deal") == deal
    assert sorted(hand(other)) == sorted(mine)
    other.locator('.topbar [data-ui="sheet"]').click()
    assert other.locator('[data-ui="sheet-table"] tbody tr').count() == int(deal) - 1
