"""Playing with the keyboard alone and a screen reader: keyboard focus is never dropped to the page
when the buttons it was on go (a deal's end, Continue, Cancel, a dialog's new contents), and the
live region says each trick's taker and the deal's end."""

from __future__ import annotations

import json
import re

from table_driver import click_move, find_seed, open_table, play_deal, policy, simulate
from thousand import web

FOCUSED = "() => document.activeElement === document.body ? 'body' : document.activeElement.outerHTML.slice(0, 80)"
# Every text written, even two in one task (an observer's callback comes once for both, after them).
LISTEN = """() => { window.said = { announce: [], status: [] };
    for (const id of ["announce", "status"]) {
        new MutationObserver((records) => { for (const r of records) {
            const added = [...r.addedNodes].map((n) => n.textContent).join("");
            const text = r.type === "characterData" ? r.target.data : added;
            if (text) window.said[id].push(text);
        } }).observe(document.getElementById(id), { childList: true, characterData: true, subtree: true });
    } }"""


def marriage_deal(page, base_url) -> list[str]:
    """Open a deal the person declares, gives in and leads a marriage in; return the person's moves."""
    seed = find_seed(3, lambda r: r[0]["declarer"] == 0 and r[0]["gave"] and r[0]["melded"])
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    return simulate(f"?p=3&s={seed}&l=easy&r=std")[0]["moves"]


def press_move(page, move: str) -> None:
    """A card played from the keyboard: focused in the hand, then Enter; other moves clicked."""
    if move[0] in "9JQKTA":
        page.locator(f'#hand [data-card="{move}"]').focus()
        page.keyboard.press("Enter")
    else:
        click_move(page, move)


def test_focus_stays_on_the_table_through_a_deal(page, base_url):
    """Cancel on the marriage question gives focus back to the card; the deal's end focuses Continue,
    and Continue focuses the hand: focus used to fall to the page each time (Tab then began at the menu)."""
    moves = marriage_deal(page, base_url)
    cancelled = False
    for move in moves:
        page.wait_for_selector("body[data-turn='you']", state="attached")
        legal = page.get_attribute("body", "data-legal").split()
        if move.startswith("m") and not cancelled:
            page.locator(f'#hand [data-card="{move[1:3]}"]').focus()
            page.keyboard.press("Enter")
            page.locator('#panel [data-ui="unselect"]').focus()
            page.keyboard.press("Enter")
            page.wait_for_selector('#panel [data-ui="unselect"]', state="detached")
            assert page.evaluate("document.activeElement.dataset.card") == move[1:3], page.evaluate(FOCUSED)
            cancelled = True
        press_move(page, move)
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    page.wait_for_selector("body[data-turn='summary']", state="attached")
    page.wait_for_function("() => document.activeElement.dataset.ui === 'continue'")
    page.keyboard.press("Enter")
    page.wait_for_selector("body:not([data-turn='summary'])", state="attached")
    page.wait_for_function("() => document.activeElement.classList.contains('hand-card')")
    assert cancelled


def test_a_dialog_keeps_focus_when_its_contents_change(page, base_url):
    """Review replaces "working…" with its answer, Settings redraws itself in the language chosen: the
    focused button went with the old contents, and focus fell to the page behind the modal dialog."""
    open_table(page, base_url, "?p=3&s=27&l=easy&r=std")
    page.wait_for_selector("body[data-turn='you']", state="attached")
    page.locator('.topbar [data-ui="review"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('#dialog[open] [data-ui="message"]')  # no deal has ended yet: it says so
    assert page.evaluate("document.getElementById('dialog').contains(document.activeElement)"), page.evaluate(FOCUSED)
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.activeElement.dataset.ui === 'review'")
    page.locator('.topbar [data-ui="settings"]').focus()
    page.keyboard.press("Enter")
    page.locator('#dialog [data-ui="set-lang"]').focus()
    page.keyboard.press("ArrowUp")  # English to the language before it in the list
    page.wait_for_function("() => document.documentElement.lang !== 'en'")
    page.wait_for_function("() => document.activeElement.dataset.ui === 'set-lang'")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.activeElement.dataset.ui === 'settings'")


def test_a_screen_reader_hears_the_tricks_and_the_end_of_the_deal(page, base_url):
    """The live region said each card and bid, but not who took a trick nor that the deal ended;
    the status line was written again with the text it already said (read out once more)."""
    moves = marriage_deal(page, base_url)
    page.evaluate(LISTEN)
    for move in moves:
        page.wait_for_selector("body[data-turn='you']", state="attached")
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, move)
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    page.wait_for_selector("body[data-turn='summary']", state="attached")
    said = page.evaluate("window.said")
    took = [text for text in said["announce"] if "took the trick" in text]
    assert len(took) == 8, said["announce"]  # 24 cards, 8 tricks
    assert "The deal is over. You played" in said["announce"][-1]
    assert said["announce"][-1].endswith(("Contract made", "Contract failed"))
    repeated = [a for a, b in zip(said["status"], said["status"][1:]) if a == b]
    assert repeated == [], said["status"]


def test_cards_are_named_in_words(page, base_url):
    """A screen reader read "Д♠" as a letter and a symbol (if at all); a card on the table had no name."""
    open_table(page, base_url, "?p=3&s=27&l=easy&r=std", lang="uk")
    page.evaluate(LISTEN)
    ranks = "девʼятка|валет|дама|король|десятка|туз"  # the Ukrainian apostrophe, U+02BC, as the locale writes it
    words = rf"^({ranks}) (пік|треф|бубон|чирв)$"
    names = page.eval_on_selector_all("#hand .hand-card", "nodes => nodes.map((n) => n.getAttribute('aria-label'))")
    assert names and all(re.match(words, name) for name in names), names
    for _ in range(40):  # play on (by clicks) until a card is on the table
        if page.locator("#center .trick-card").count():
            break
        page.wait_for_selector("body[data-turn='you']", state="attached")
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, policy(legal))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    label = page.locator("#center .trick-card").first.get_attribute("aria-label")
    assert re.match(rf"^.+: ({ranks}) (пік|треф|бубон|чирв)$", label), label
    # A bot's card is said with its name (the person's own is not said): it may come after the person's lead.
    page.wait_for_function("(ranks) => window.said.announce.some((text) => new RegExp(`: (${ranks}) `).test(text))",
                           arg=ranks)


def test_a_bot_move_is_one_status(page, base_url):
    """Each bot's move turned the status line (a live region) from "Marta to move" to "Marta is thinking…":
    a screen reader heard two texts for one move. It says the bot is thinking at once."""
    open_table(page, base_url, "?p=3&s=27&l=easy&r=std")
    page.evaluate(LISTEN)
    play_deal(page)
    status = page.evaluate("window.said.status")
    # The bots' 16 cards and bids; one who takes a trick and leads the next is still thinking (said once).
    assert len([text for text in status if text.endswith(" is thinking…")]) >= 8, status
    assert [text for text in status if text.endswith(" to move")] == [], status


def test_letters_go_to_the_talons_the_fall_and_the_write_off(page, base_url):
    """The talons, the fall and the write-off had no key: T moves focus from talon to talon, F and W go to
    the fall and the write-off; Enter then takes the move (a key alone makes none of them)."""
    open_table(page, base_url, "?p=2&s=2&l=easy&r=std")  # you bid 110, take a talon and give a card
    page.wait_for_selector("body[data-turn='you']", state="attached")
    click_move(page, "b110")
    page.wait_for_selector("body[data-legal='t1 t2']", state="attached")
    focused = []
    for _ in range(3):
        page.keyboard.press("t")
        focused.append(page.evaluate("document.activeElement.dataset.action"))
    assert focused == ["t1", "t2", "t1"]
    assert page.get_attribute('[data-action="t2"]', "aria-keyshortcuts") == "T"
    page.keyboard.press("Enter")
    page.wait_for_selector("body:not([data-legal='t1 t2'])", state="attached")
    click_move(page, "gJs1")
    page.wait_for_selector("body[data-phase='contract'][data-turn='you']", state="attached")
    legal = page.get_attribute("body", "data-legal")
    assert {"f", "w"} <= set(legal.split()), legal
    for key, action in (("f", "f"), ("w", "w"), ("f", "f")):
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.dataset.action") == action
        assert page.get_attribute(f'[data-action="{action}"]', "aria-keyshortcuts") == key.upper()
    assert page.get_attribute("body", "data-legal") == legal  # nothing played
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-turn='summary']", state="attached")
    assert "You fell at" in page.locator('#center [data-kind="fall"]').inner_text()


def test_the_score_sheet_scrolls_from_the_keyboard(page, base_url):
    """The sheet's box scrolls (its latest rows first), but had no place in the Tab order nor a name:
    from the keyboard its first deals could not be reached."""
    state = json.loads(web.from_link("?p=3&s=27&l=easy&r=std"))
    while len(state["view"]["sheet"]["rows"]) < 12:
        state = json.loads(web.bot_step() if state["bot_to_move"] else web.play(
            policy([a["id"] for a in state["view"]["legal"]], bid_to=130)))
        assert state["ok"], state
    page.set_viewport_size({"width": 1000, "height": 560})
    page.add_init_script(f"localStorage.setItem('thousand.save', {json.dumps(state['save'])});")
    open_table(page, base_url)
    page.wait_for_selector("body[data-turn='you'], body[data-turn='summary']", state="attached")
    page.keyboard.press("s")
    box = page.locator('#dialog[open] [data-ui="sheet-scroll"]')
    assert box.evaluate("n => n.scrollHeight > n.clientHeight + 100 && n.scrollTop > 0")
    for _ in range(3):
        if page.evaluate("document.activeElement.dataset.ui") == "sheet-scroll":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.ui") == "sheet-scroll"
    assert (box.get_attribute("tabindex"), box.get_attribute("role"), box.get_attribute("aria-label")) == (
        "0", "region", "Score sheet")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.querySelector('[data-ui=\"sheet-scroll\"]').scrollTop === 0")
