"""The pages pass axe-core's checks (web/node_modules/axe-core, pinned in web/package.json): the
table, every dialog of the top bar, the first game, the embed, and the rules and what's-new pages,
in the light and the dark colour scheme, on a desktop and on a phone."""

from __future__ import annotations

import pytest

from conftest import ROOT
from table_driver import open_table

AXE = (ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
DIALOGS = ("new", "settings", "daily", "more", "sheet", "friends")
# A hand card's name is its card in words ("K♠"); the rank and pips drawn in its picture are not a
# text label, which this rule (WCAG 2.5.3, label in name) would have the name repeat.
EXEMPT = {"label-content-name-mismatch": ".hand-card"}

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
