"""The pages pass axe-core's checks (web/node_modules/axe-core, pinned in web/package.json): the
table, every dialog of the top bar, the first game, the embed, and the rules and what's-new pages,
in the light and the dark colour scheme, on a desktop and on a phone; and the keyboard's focus ring
stands out from the surface it is drawn on."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from table_driver import click_move, find_seed, open_table, policy, simulate

AXE = (ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
DIALOGS = ("new", "settings", "daily", "more", "sheet", "friends")
# A hand card's name is its card in words ("king of spades"); the rank and pips drawn in its picture
# are not a text label, which this rule (WCAG 2.5.3, label in name) would have the name repeat. So are
# the gift and play buttons' names: "Q♠" in them is read as a letter and a symbol's name.
EXEMPT = {"label-content-name-mismatch": ".hand-card, #panel .act-give, #panel .act-play, #panel .act-meld"}

RUN = """async ([exempt]) => {
    const found = await axe.run(document, { resultTypes: ["violations"] });
    return found.violations.flatMap((v) => v.nodes
        .filter((node) => !(exempt[v.id] && document.querySelector(node.target[0])?.matches(exempt[v.id])))
        .map((node) => `${v.id} (${v.impact}) at ${node.target.join(" ")}: ${node.failureSummary}`));
}"""


def violations(page) -> list[str]:
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE)  # not a script tag: the site's Content-Security-Policy would refuse it
    return page.evaluate(RUN, [EXEMPT])


@pytest.fixture(params=["light", "dark"])
def scheme(request):
    return request.param


@pytest.fixture(params=[(1280, 800), (360, 740)], ids=["desktop", "phone"])
def viewed(request, browser, console, scheme):
    """A page of the given size and colour scheme."""
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  is_mobile=width < 800, has_touch=width < 800)
    context.set_default_timeout(90_000)
    page = context.new_page()
    console.attach(page)
    yield page
    context.close()
    assert not console.errors, console.errors


def open_tool(page, ui: str) -> None:
    if page.locator(".menu-toggle").is_visible():
        page.locator(".menu-toggle").click()
    page.locator(f'.topbar [data-ui="{ui}"]').click()


def test_the_table_and_its_dialogs(viewed, base_url):
    page = viewed
    open_table(page, base_url, "?p=3&s=27&l=easy&r=std")
    page.wait_for_selector("body[data-turn='you']", state="attached")
    found = {"table": violations(page)}
    for ui in DIALOGS:
        open_tool(page, ui)
        page.wait_for_selector("#dialog[open] .dialog-head")
        page.wait_for_timeout(300)  # the daily ranks its table, the rules menu asks Python
        found[ui] = violations(page)
        page.keyboard.press("Escape")
        page.wait_for_selector("#dialog:not([open])", state="attached")
    open_tool(page, "more")
    page.locator('[data-ui="tutorial"]').click()
    page.wait_for_selector('[data-ui="coach"]')
    found["first game"] = violations(page)
    assert {where: v for where, v in found.items() if v} == {}


@pytest.mark.parametrize("path", ["news.html", "rules/en.html", "rules/uk.html", "?embed=1&rec=T1_3_42_std_p&at=1"])
def test_the_other_pages(viewed, base_url, path):
    page = viewed
    page.goto(base_url + path)
    if "embed" in path:
        page.wait_for_selector("body[data-ready='1']", state="attached")
    assert violations(page) == []


RING = """([selector, surface]) => {
    const rgb = (text) => (text.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
    const probe = document.createElement("i");  // the surface's colour variable, resolved for the scheme
    probe.style.color = `var(${surface})`;
    document.body.append(probe);
    const behind = rgb(getComputedStyle(probe).color);
    probe.remove();
    const node = document.activeElement;
    if (!node.matches(selector) || !node.matches(":focus-visible")) throw new Error(`no focus ring on ${selector}`);
    return [rgb(getComputedStyle(node).outlineColor), behind];
}"""


def ring(page, selector: str, surface: str) -> list:
    """The focus ring's colour on `selector`, reached from the keyboard (so the ring is drawn), and
    the colour of `surface`, the variable of the surface around it."""
    target = page.locator(selector)
    target.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    css = target.evaluate("node => node.tagName.toLowerCase() + (node.dataset.ui ? `[data-ui='${node.dataset.ui}']`"
                          " : node.dataset.card ? `[data-card='${node.dataset.card}']` : '')")
    return page.evaluate(RING, [css, surface])


def contrast(a: list[float], b: list[float]) -> float:
    def luminance(rgb):
        parts = [(c / 255 / 12.92) if c / 255 <= 0.04045 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_focus_ring_stands_out_wherever_it_is_drawn(viewed, base_url):
    """The keyboard's focus ring was the gold accent everywhere: about 1.6:1 against the light top bar,
    dialogs and the deal's result, under WCAG's 3:1 for a focus indicator. It must reach 3:1 against the
    surface it is drawn on, in both colour schemes: the top bar, the felt (the hand), the deal's result."""
    page = viewed
    open_table(page, base_url, "?p=3&s=27&l=easy&r=std")
    page.wait_for_selector("body[data-turn='you']", state="attached")
    rings = {"topbar": ring(page, ".topbar .tool:visible >> nth=0", "--bg"),
             "hand": ring(page, "#hand .hand-card[tabindex='0']", "--felt")}
    while page.get_attribute("body", "data-turn") != "summary":  # play to the deal's result
        click_move(page, policy(page.get_attribute("body", "data-legal").split()))
        page.wait_for_selector("body[data-turn='you'], body[data-turn='summary']", state="attached")
    rings["summary"] = ring(page, '#center [data-ui="continue"]', "--dialog")
    low = {where: round(contrast(*pair), 2) for where, pair in rings.items() if contrast(*pair) < 3}
    assert low == {}, rings


RANKS = {"9": "nine", "J": "jack", "Q": "queen", "K": "king", "T": "ten", "A": "ace"}
SUITS = {"s": "spades", "c": "clubs", "d": "diamonds", "h": "hearts"}
SYMBOLS = {"s": "♠", "c": "♣", "d": "♦", "h": "♥"}


def symbol(card: str) -> str:
    """A card as the table shows it in English: Q♠, 10♥."""
    return ("10" if card[0] == "T" else card[0]) + SYMBOLS[card[1]]


def test_the_gift_and_play_buttons_name_their_card_in_words(page, base_url):
    """The buttons that give a card or play the card chosen showed "Give Q♠ to Ostap", and that was their
    name too: a screen reader said "Q black spade suit". They keep the symbol and are named in words."""
    seed = find_seed(3, lambda r: r[0]["declarer"] == 0 and r[0]["gave"] and r[0]["melded"])
    moves = simulate(f"?p=3&s={seed}&l=easy&r=std")[0]["moves"]
    gift = next(m for m in moves if m.startswith("g"))
    meld = next(m for m in moves if m.startswith("m"))
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    shown = "#panel [data-action]"
    spoken = "nodes => nodes.map((n) => [n.textContent, n.getAttribute('aria-label')])"
    for move in moves[:moves.index(meld)]:
        page.wait_for_selector("body[data-turn='you']", state="attached")
        if move == gift:
            page.locator(f'#hand [data-card="{move[1:3]}"]').click()
            card = f"the {RANKS[move[1]]} of {SUITS[move[2]]}"
            buttons = page.eval_on_selector_all(shown, spoken)
            to = [re.fullmatch(rf"Give {re.escape(symbol(move[1:3]))} to (\w+)", text) for text, _ in buttons]
            assert len(buttons) == 2 and all(to), buttons
            assert [name for _, name in buttons] == [f"Give {card} to {m[1]}" for m in to]
            assert violations(page) == []
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, move)
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")
    page.wait_for_selector("body[data-turn='you']", state="attached")
    page.locator(f'#hand [data-card="{meld[1:3]}"]').click()
    card, suit = f"{RANKS[meld[1]]} of {SUITS[meld[2]]}", meld[2]
    assert sorted(page.eval_on_selector_all(shown, spoken)) == sorted([
        [f"{symbol(meld[1:3])} and declare the {SYMBOLS[suit]} marriage",
         f"{card} and declare the {SUITS[suit]} marriage"],
        [f"Just play {symbol(meld[1:3])}", f"Just play the {card}"]])
    assert violations(page) == []
