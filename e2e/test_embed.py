"""An embed link where the bots play the first moves (a share link's p, s, l, r and at=n): its start is
drawn at once, then the bots' moves a few at a time, with a status that says so and the reader's controls
off, until the example's position; "Start again" on the way begins it afresh, mixing nothing of the first run.
(Embed links in general: e2e/test_learn.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from thousand import Game, web_embed

ROOT = Path(__file__).resolve().parent.parent
EN = json.loads((ROOT / "web" / "locales" / "en.json").read_text(encoding="utf-8"))
SLOW = "?embed=1&p=2&s=2&l=hard&r=std&at=100"  # 100 moves (the medium bots', for a hard example)
SET_UP_MS = 120_000
SETUP_TEXT = re.compile(re.escape(EN["embed.setup"]).replace(r"\{move\}", r"(\d+)").replace(r"\{of\}", "100"))
# Every value body[data-setup] takes, in order, with what the table was then; when the example became ready
# (the bots then play on from there at once), its hand and how many of those values came before. With
# window.__again set, the observer presses "Start again" as soon as the first run has played a move.
WATCH = """window.__setup = [];
new MutationObserver(() => {
    const body = document.body;
    if (!body || window.__ready) return;
    const hand = [...document.querySelectorAll("#hand [data-card]")].map((n) => n.dataset.card).sort();
    const setup = body.dataset.setup;
    if (setup !== undefined && window.__setup.at(-1)?.move !== Number(setup)) {
        window.__setup.push({ move: Number(setup), ready: Boolean(body.dataset.ready), hand: hand.length,
            inert: document.getElementById("hand").inert, status: document.getElementById("status").textContent,
            actions: document.querySelectorAll("#table [data-action]").length });
        if (window.__again && Number(setup) > 0) {
            window.__again = false;
            document.querySelector('[data-ui="embed-again"]').click();
        }
    }
    if (body.dataset.ready) window.__ready = { hand, setup: setup ?? null, after: window.__setup.length };
}).observe(document, { attributes: true, subtree: true, childList: true });"""


@pytest.fixture(scope="module")
def example() -> dict:
    """The example's position, as Python sets it up in one call."""
    return json.loads(web_embed.embed(SLOW))


def ready_at(example: dict, after: int) -> dict:
    """window.__ready at the example's position, ready after `after` values of body[data-setup]."""
    return {"hand": sorted(example["view"]["hand"]), "setup": None, "after": after}


def open_example(page, base_url: str, again: bool = False) -> None:
    page.add_init_script("localStorage.setItem('thousand.settings', JSON.stringify({speed: 'instant'}));"
                         "localStorage.setItem('thousand.lang', 'en');" + f"window.__again = {str(again).lower()};"
                         + WATCH)
    page.goto(base_url + SLOW)


def test_the_start_is_drawn_at_once_and_the_position_follows(page, base_url, example):
    open_example(page, base_url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=SET_UP_MS)
    steps = page.evaluate("window.__setup")
    assert page.evaluate("window.__ready") == ready_at(example, len(steps))
    # The start first, its cards drawn, before the position: a table long before the example is ready.
    assert steps[0]["move"] == 0 and steps[0]["hand"] == len(Game(2, 2).view(0)["hand"])
    moves = [s["move"] for s in steps]
    assert moves == sorted(set(moves)) and len(moves) >= 100 // web_embed.STEP_MOVES, moves  # a few a call
    for step in steps:  # on the way: nothing to press, the hand out of reach, the status says so
        assert not step["ready"] and step["inert"] and step["actions"] == 0, step
        status = SETUP_TEXT.fullmatch(step["status"])
        assert status and int(status.group(1)) == min(step["move"] + 1, 100), step
    assert not page.evaluate("document.getElementById('hand').inert")
    assert not SETUP_TEXT.fullmatch(page.inner_text("#status"))


def test_start_again_during_the_setup_begins_afresh_and_mixes_nothing(page, base_url, example):
    open_example(page, base_url, again=True)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=SET_UP_MS)
    moves = [s["move"] for s in page.evaluate("window.__setup")]
    # Ready once, after the second run's steps: the click came during the first run's setup.
    assert page.evaluate("window.__ready") == ready_at(example, len(moves))
    restart = moves.index(0, 1)  # the second run, from its start
    first, second = moves[:restart], moves[restart:]
    assert first == sorted(set(first)) and second == sorted(set(second)), moves
    assert page.locator('[data-ui="message"]').count() == 0


OVERLAP = """() => {
    const again = document.querySelector('[data-ui="embed-again"]').getBoundingClientRect();
    return [...document.querySelectorAll("#hand .hand-card")].map((n) => n.getBoundingClientRect())
        .filter((r) => r.left < again.right && again.left < r.right && r.top < again.bottom && again.top < r.bottom)
        .length;
}"""


@pytest.mark.parametrize("size", [(360, 640), (320, 480)])
def test_start_again_covers_no_card_on_a_phone(browser, base_url, size):
    """ "Start again" sits fixed in the bottom corner: on a phone it lay over the last cards of the hand."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('thousand.lang', 'en');")
        page.goto(base_url + "?embed=1&p=3&s=7&l=easy&r=std&at=60")
        page.wait_for_selector("body[data-ready='1'] #hand .hand-card", state="attached", timeout=SET_UP_MS)
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        assert page.evaluate(OVERLAP) == 0
    finally:
        context.close()
