"""The table on a phone: every tool reachable, full-size tap targets while giving,
the deal's result fits the screen, and the hand stays in view when held sideways."""

from __future__ import annotations

import re

import pytest

from table_driver import SETTINGS, click_move, find_seed, open_table, play_deal, policy


@pytest.fixture
def phone(browser, console):
    """phone(width, height): a page in a touch-screen context of that size."""
    contexts = []

    def make(width: int, height: int):
        context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True)
        context.set_default_timeout(90_000)
        contexts.append(context)
        page = context.new_page()
        console.attach(page)
        return page
    yield make
    for context in contexts:
        context.close()
    assert not console.errors, console.errors


def giving_seed() -> int:
    return find_seed(3, lambda r: r[0]["declarer"] == 0 and r[0]["gave"])


def play_until_giving(page) -> None:
    while page.get_attribute("body", "data-phase") != "giving":
        page.wait_for_selector("body[data-turn='you']", state="attached")
        if page.get_attribute("body", "data-phase") == "giving":
            break
        legal = page.get_attribute("body", "data-legal").split()
        click_move(page, policy(legal))
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")


def visible_widths(page) -> list[float]:
    """How wide each hand card shows (overlapped cards show only up to the next one)."""
    boxes = [page.locator("#hand .hand-card").nth(i).bounding_box()
             for i in range(page.locator("#hand .hand-card").count())]
    out = []
    for box, after in zip(boxes, boxes[1:] + [None]):
        same_row = after is not None and abs(after["y"] - box["y"]) < box["height"] / 2
        out.append(after["x"] - box["x"] if same_row else box["width"])
    return out


def test_phone_portrait_every_tool_and_full_tap_targets(phone, base_url, shot):
    page = phone(360, 740)
    open_table(page, base_url, f"?p=3&s={giving_seed()}&l=easy&r=std", settings=SETTINGS)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for ui in ("new", "share", "last-trick", "sheet", "settings"):
        page.locator('[data-ui="menu"]').tap()
        tool = page.locator(f'.tools [data-ui="{ui}"]')
        box = tool.bounding_box()
        assert tool.is_visible() and box["x"] >= 0 and box["x"] + box["width"] <= 360, ui
        page.keyboard.press("Escape")
        assert not tool.is_visible()
    play_until_giving(page)
    widths = visible_widths(page)
    assert len(widths) == 10 and min(widths) >= 44, widths
    shot(page, "giving")


def test_phone_contract_stepper_and_summary_fit(phone, base_url, shot):
    seed = find_seed(3, lambda r: r[0]["declarer"] == 0 and any(m.startswith("c") for m in r[0]["moves"]))
    page = phone(360, 740)
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std", settings=SETTINGS)

    def on_move(move, legal):
        if move.startswith("c"):
            raises = [a for a in legal if a.startswith("c")]
            # one button to keep, one to raise with −/+ (not a button for every value)
            assert page.locator("#panel .act-contract").count() == (2 if len(raises) > 1 else 1)
            if len(raises) > 2:
                page.locator('[data-ui="raise-more"]').tap()
                assert page.locator(f'[data-action="{raises[2]}"]').is_visible()
                page.locator('[data-ui="raise-less"]').tap()
            shot(page, "stepper")
    play_deal(page, on_move=on_move)
    summary = page.locator(".summary")
    box = summary.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["y"] >= 0 and box["y"] + box["height"] <= 740
    assert page.locator('[data-ui="continue"]').is_visible()
    assert re.search(r"\b(1 point|\d+ points) in tricks", summary.inner_text()), summary.inner_text()
    shot(page, "summary")


def test_phone_landscape_shows_the_hand(phone, base_url, shot):
    page = phone(740, 360)
    open_table(page, base_url, f"?p=3&s={giving_seed()}&l=easy&r=std", settings=SETTINGS)
    play_until_giving(page)
    for i in range(page.locator("#hand .hand-card").count()):
        box = page.locator("#hand .hand-card").nth(i).bounding_box()
        assert box["y"] + box["height"] <= 360, f"card {i} is below the screen"
    assert min(visible_widths(page)) >= 44
    shot(page, "landscape")


def overlap(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] \
        and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


@pytest.mark.parametrize("width", [320, 360])
def test_phone_the_persons_bid_does_not_cover_the_status(phone, base_url, width, shot):
    """On a narrow phone the person's seat showed its bid beside its name and ran over the line
    that says what to do ("The bid is 110: raise to 120...")."""
    page = phone(width, 740)
    open_table(page, base_url, "?p=3&s=1&l=easy&r=std", settings=SETTINGS)  # the person opens at 100
    page.wait_for_selector("body[data-turn='you'] .seat-bottom .bubble", state="attached")
    shot(page, f"bid-{width}")
    seat, status = page.locator(".seat-bottom").bounding_box(), page.locator("#status").bounding_box()
    assert status["height"] > 0 and not overlap(seat, status), (seat, status)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_phone_the_open_menu_is_above_the_table(phone, base_url, shot):
    """The talon's cards were drawn over the open menu, hiding "Score sheet" on a 360 px phone."""
    page = phone(360, 740)
    open_table(page, base_url, "?p=3&s=1&l=easy&r=std", settings=SETTINGS)
    page.locator(".menu-toggle").click()
    page.wait_for_selector(".topbar.open .tools")
    shot(page, "menu")
    covered = page.evaluate("""() => [...document.querySelectorAll('.topbar .tools .tool')]
        .filter((tool) => tool.offsetParent !== null)
        .filter((tool) => {
            const box = tool.getBoundingClientRect();
            for (const [fx, fy] of [[0.2, 0.5], [0.5, 0.5], [0.8, 0.5]]) {
                const hit = document.elementFromPoint(box.left + box.width * fx, box.top + box.height * fy);
                if (!tool.contains(hit)) return true;
            }
            return false;
        }).map((tool) => tool.dataset.ui)""")
    assert covered == []
