"""Learning the game in the browser: the first game step by step, the rules and
what's new pages, embed mode for rules sites, and the statistics."""

from __future__ import annotations

import json
import re
from pathlib import Path

from table_driver import click_move, hand, only_the_table, open_table, play_deal, policy

from thousand import Game, Record, tutorial, web
from thousand.bots import decide, make_bot

ROOT = Path(__file__).resolve().parent.parent
EN = json.loads((ROOT / "web" / "locales" / "en.json").read_text(encoding="utf-8"))
LINK = "?p=3&s=3&l=easy&r=std"


def saved(page) -> str | None:
    return page.evaluate("localStorage.getItem('thousand.save')")


def coach_at(page, step: str) -> None:
    page.wait_for_selector(f'[data-ui="coach-text"][data-step="{step}"]')


def wait_taken(page, legal: str) -> None:
    page.wait_for_selector(f"body:not([data-legal='{legal}'])", state="attached")


def test_the_tutorial_is_completed_by_clicking(page, base_url, shot):
    open_table(page, base_url, LINK)
    page.wait_for_selector("body[data-turn='you']", state="attached")
    mine, save = hand(page), saved(page)
    page.locator('.topbar [data-ui="more"]').click()
    page.locator('[data-ui="tutorial"]').click()
    coach_at(page, "intro")
    assert page.locator('.topbar [data-ui="new"]').is_hidden()
    shot(page, "intro")
    page.locator('[data-ui="tutorial-begin"]').click()
    for step in tutorial.PERSON_STEPS:
        coach_at(page, step.name)
        page.wait_for_selector("body[data-turn='you']", state="attached")
        assert page.locator(".coach-target").count() == 1, step
        legal = page.get_attribute("body", "data-legal")
        if step.name == "bid":
            # Another legal move is not played: it gets the step's explanation.
            page.locator('[data-action="p"]').click()
            why = page.locator('[data-ui="coach-why"]')
            why.wait_for()
            assert EN["tutorial.bid.why"] in why.inner_text()
            assert page.get_attribute("body", "data-legal") == legal
            shot(page, "wrong-move")
        if step.name in ("follow", "trump"):
            link = page.locator('[data-ui="rule-link"]')
            assert link.is_visible() and link.get_attribute("href") == "rules/en.html#playing-the-tricks"
            assert link.inner_text() == EN[f"rule_link.{step.name}"]
            shot(page, step.name)
        click_move(page, step.move)
        wait_taken(page, legal)
        assert page.locator('[data-ui="coach-why"]').count() == 0
    coach_at(page, "count")
    assert page.locator(".summary").is_visible()
    shot(page, "count")
    for step in ("dashes", "barrel", "done"):
        page.locator('[data-ui="tutorial-next"]').click()
        coach_at(page, step)
    # The tutorial saved nothing and counted nothing; leaving it goes back to the saved game.
    assert saved(page) == save
    assert page.evaluate("localStorage.getItem('thousand.stats')") is None
    page.locator('[data-ui="tutorial-end"]').click()
    page.wait_for_selector("body:not([data-tutorial])[data-turn='you']", state="attached")
    assert page.locator('[data-ui="coach"]').count() == 0
    assert hand(page) == mine and saved(page) == save


def tutorial_at_its_first_bid(page, base_url) -> str:
    """A saved game in progress, then the tutorial opened over it up to the person's first bid;
    returns the saved game's record."""
    open_table(page, base_url, LINK)
    page.wait_for_selector("body[data-turn='you']", state="attached")
    save = saved(page)
    page.locator('.topbar [data-ui="more"]').click()
    page.locator('[data-ui="tutorial"]').click()
    page.locator('[data-ui="tutorial-begin"]').click()
    coach_at(page, "bid")
    return save


def test_the_tutorial_can_be_left_at_any_time(page, base_url):
    save = tutorial_at_its_first_bid(page, base_url)
    page.locator('[data-ui="tutorial-leave"]').click()
    page.wait_for_selector("body:not([data-tutorial])[data-turn='you']", state="attached")
    assert saved(page) == save and page.locator('[data-ui="coach"]').count() == 0


def test_the_tutorial_opens_over_the_daily_and_leaves_to_the_saved_game(page, base_url):
    """The daily's source had no Python of its own for the tutorial to take: starting the first
    game over the daily threw, and the daily's bots stayed stopped."""
    open_table(page, base_url, LINK)
    page.wait_for_selector("body[data-turn='you']", state="attached")
    save = saved(page)
    page.locator('[data-ui="daily"]').click()
    page.locator('[data-ui="daily-play"]').click()
    page.wait_for_selector("body[data-daily='official']", state="attached")
    page.locator('.topbar [data-ui="more"]').click()
    page.locator('[data-ui="tutorial"]').click()
    coach_at(page, "intro")
    page.locator('[data-ui="tutorial-leave"]').click()
    page.wait_for_selector("body:not([data-tutorial]):not([data-daily])[data-turn='you']", state="attached")
    assert saved(page) == save


def test_a_move_on_the_tutorial_being_left_does_not_reach_the_saved_game(page, base_url):
    """The tutorial's table stays drawn while the saved game is read back: a click on it then (here
    "Pass", legal in both) was played in the saved game behind the table, which then showed the game
    before it: every move was refused ("not your turn") and no bot moved."""
    save = tutorial_at_its_first_bid(page, base_url)
    page.evaluate("""() => {
        document.querySelector('[data-ui="tutorial-leave"]').click();
        document.querySelector('#panel [data-action="p"]').click();
    }""")
    page.wait_for_selector("body:not([data-tutorial])[data-turn='you']", state="attached")
    page.wait_for_timeout(500)  # a move on its way would be saved by now
    assert saved(page) == save
    click_move(page, "p")  # the table and the game behind it are in step: the person's pass is taken
    page.wait_for_function("save => localStorage.getItem('thousand.save') !== save", arg=save)


def test_a_new_game_chosen_while_the_tutorial_loads_is_the_game_opened(page, base_url):
    """The tutorial went on after its deal came back even if a new game had been chosen meanwhile:
    the tutorial was drawn over the new game behind it, and the new game was never shown or saved."""
    open_table(page, base_url, LINK)
    page.wait_for_selector("body[data-turn='you']", state="attached")
    save = saved(page)
    page.locator('.topbar [data-ui="more"]').click()
    page.locator('[data-ui="tutorial"]').wait_for()
    page.evaluate("""() => {
        document.querySelector('[data-ui="tutorial"]').click();
        document.querySelector('.topbar [data-ui="new"]').click();
        document.querySelector('[data-ui="start-new"]').click();
        document.querySelector('[data-ui="confirm-start"]').click();
    }""")
    page.wait_for_function("save => localStorage.getItem('thousand.save') !== save", arg=save)
    page.wait_for_timeout(500)
    assert page.get_attribute("body", "data-tutorial") is None and page.locator('[data-ui="coach"]').count() == 0


def first_visit(page, base_url, save: str | None = None) -> None:
    """Open the site as a newcomer (English, instant play), maybe with a game saved before."""
    script = ("localStorage.setItem('thousand.lang', 'en');"
              "localStorage.setItem('thousand.settings', JSON.stringify({speed: 'instant'}));")
    if save:
        script += f"localStorage.setItem('thousand.save', {json.dumps(save)});"
    page.add_init_script("if (!sessionStorage.getItem('seeded')) {" + script
                         + "sessionStorage.setItem('seeded', '1'); }")
    page.goto(base_url)
    page.wait_for_selector("body[data-ready='1']", state="attached")


def test_the_first_visit_offers_the_tutorial(page, base_url, shot):
    first_visit(page, base_url)
    offer = page.locator('[data-ui="offer"]')
    offer.wait_for()
    assert EN["offer.saved"] not in offer.inner_text()  # nothing was saved before
    shot(page, "offer")
    page.locator('[data-ui="offer-yes"]').click()
    coach_at(page, "intro")
    page.locator('[data-ui="tutorial-leave"]').click()
    page.wait_for_selector("body:not([data-tutorial])", state="attached")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert page.locator('[data-ui="offer"]').count() == 0  # once only


def test_the_offer_over_a_saved_game_says_it_stays(page, base_url):
    state = json.loads(web.from_link(LINK))
    first_visit(page, base_url, save=state["save"])
    offer = page.locator('[data-ui="offer"]')
    assert EN["offer.saved"] in offer.inner_text()
    page.locator('[data-ui="offer-no"]').click()
    assert offer.count() == 0 and json.loads(saved(page))["record"] == json.loads(state["save"])["record"]


# ------------------------------------------------------------------ the pages

def heading_texts(markdown: str) -> list[str]:
    """The headings of a Markdown text as a reader sees them (no ** or `)."""
    return [re.sub(r"[*`]", "", m) for m in re.findall(r"^#{1,6}\s+(.+?)\s*$", markdown, re.M)]


def test_the_rules_and_whats_new_pages_render_from_the_sources(page, base_url, shot):
    english = (ROOT / "RULES.md").read_text(encoding="utf-8")
    for lang, source in (("en", english), ("uk", (ROOT / "RULES.uk.md").read_text(encoding="utf-8"))):
        page.goto(f"{base_url}rules/{lang}.html")
        shown = page.eval_on_selector_all("main h1, main h2, main h3", "nodes => nodes.map(n => n.textContent)")
        assert shown == heading_texts(source), lang
        assert page.locator("#playing-the-tricks").count() == 1  # the anchor the table links to
        assert page.get_attribute("html", "lang") == lang
        shot(page, f"rules-{lang}")
    page.goto(f"{base_url}news.html")
    shown = page.eval_on_selector_all("main h1, main h2, main h3", "nodes => nodes.map(n => n.textContent)")
    assert shown == heading_texts((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))
    shot(page, "news")


def test_the_menu_marks_whats_new_until_it_is_read(page, base_url, context, shot):
    page.add_init_script("localStorage.setItem('thousand.visited', '1');"
                         "if (!sessionStorage.getItem('seeded')) { localStorage.setItem('thousand.news', 'older');"
                         "sessionStorage.setItem('seeded', '1'); }")
    open_table(page, base_url, LINK)
    more = page.locator('.topbar [data-ui="more"]')
    assert "has-news" in more.get_attribute("class")
    more.click()
    assert page.locator('[data-ui="new-mark"]').is_visible()
    shot(page, "more")
    assert page.get_attribute('[data-ui="rules"]', "href") == "rules/en.html"
    with context.expect_page() as opened:
        page.locator('[data-ui="news"]').click()
    opened.value.wait_for_load_state()
    assert opened.value.url.endswith("/news.html")
    assert "has-news" not in more.get_attribute("class")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert "has-news" not in page.locator('.topbar [data-ui="more"]').get_attribute("class")


# ------------------------------------------------------------------ embed mode

def must_trump_position(seed: int = 1) -> tuple[Record, int, dict]:
    """A record of easy bots playing every seat, and a move number at which seat 0
    must trump (some of its cards are dimmed for that reason)."""
    for s in range(seed, seed + 200):
        game, bot = Game(3, s), make_bot("easy")
        while not game.is_over and len(game.sheet.rows) < 2:
            if game.to_move == 0:
                view = game.view(0)
                if any(r["key"] == "reason.trump" for r in view["unplayable"].values()):
                    at = len(game.history)
                    for _ in range(12):
                        game.apply(decide(bot, game))
                    return game.record(), at, view
            game.apply(decide(bot, game))
    raise AssertionError("no position found")


def embed_url(base_url: str, rec: Record, at: int) -> str:
    return f"{base_url}?embed=1&rec={rec}&at={at}&l=easy"


def test_embed_mode_shows_the_position_at_move_n_and_plays_on(page, base_url, shot):
    rec, at, view = must_trump_position()
    page.add_init_script("localStorage.setItem('thousand.save', 'my game');"
                         "localStorage.setItem('thousand.settings', JSON.stringify({speed: 'instant'}));"
                         "localStorage.setItem('thousand.lang', 'en');")
    page.goto(embed_url(base_url, rec, at))
    page.wait_for_selector("body[data-ready='1'][data-turn='you']", state="attached")
    assert only_the_table(page)
    assert sorted(hand(page)) == sorted(view["hand"])
    legal = page.get_attribute("body", "data-legal")
    assert legal == " ".join(a["id"] for a in view["legal"])
    assert page.locator('[data-ui="rule-link"]').inner_text() == EN["rule_link.trump"]
    shot(page, "embed")
    click_move(page, view["legal"][0]["id"])
    wait_taken(page, legal)
    page.wait_for_selector("body[data-turn='you'], body[data-turn='summary']", state="attached")
    assert "?embed=1" in page.url  # the example's link stays, so "Start again" and reloads show it again
    assert saved(page) == "my game"  # never read or written
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0
    page.locator('[data-ui="embed-again"]').click()
    page.wait_for_selector(f"body[data-turn='you'][data-legal='{legal}']", state="attached")


def test_a_bad_embed_link_is_a_clear_message(page, base_url):
    page.add_init_script("localStorage.setItem('thousand.lang', 'en');")
    page.goto(base_url + "?embed=1&rec=%3Cimg%20src%3Dx%3E&at=2")
    message = page.locator('[data-ui="message"]')
    message.wait_for()
    assert "This example cannot be shown" in message.inner_text()
    assert page.locator("#dialog img").count() == 0
    assert only_the_table(page)


# ------------------------------------------------------------------ statistics

def one_move_from_the_end() -> tuple[dict, dict]:
    """LINK's game played to its end in Python: (its last state, its save one move from the end)."""
    state = json.loads(web.from_link(LINK))
    while state["view"]["phase"] != "over":
        state = json.loads(web.bot_step()) if state["bot_to_move"] else json.loads(
            web.play(policy([a["id"] for a in state["view"]["legal"]])))
    save = json.loads(state["save"])
    save["record"] = save["record"].rsplit(".", 1)[0]
    return state, save

def test_statistics_update_after_a_finished_game_and_survive_a_reload(page, base_url, shot):
    state, save = one_move_from_the_end()
    page.add_init_script("localStorage.setItem('thousand.visited', '1');"
                         "if (!sessionStorage.getItem('seeded')) { localStorage.setItem('thousand.save', "
                         + json.dumps(json.dumps(save)) + "); sessionStorage.setItem('seeded', '1'); }")
    open_table(page, base_url)
    page.locator('.topbar [data-ui="more"]').click()
    page.locator('[data-ui="stats"]').click()
    assert page.locator('[data-ui="stats-none"]').is_visible()
    page.locator('[data-ui="close"]').click()
    play_deal(page)
    page.wait_for_selector("body[data-turn='over']", state="attached")
    me = state["view"]["sheet"]["rows"][-1]["entries"][0]
    won = state["view"]["winner"] == 0

    def check(name):
        page.locator('.topbar [data-ui="more"]').click()
        page.locator('[data-ui="stats"]').click()
        value = lambda ui: page.locator(f'[data-ui="{ui}"]').inner_text()  # noqa: E731
        assert (value("stats-games"), value("stats-won"), value("stats-deals")) == ("1", "1" if won else "0", "1")
        assert value("stats-average") == str(me["delta"])
        assert value("stats-best").startswith(f'{state["view"]["sheet"]["totals"][0]} points')
        assert page.locator('[data-ui="stats-levels"] tr[data-level="easy"]').count() == 1
        assert page.locator('[data-ui="stats-chart"] rect').count() == 1
        shot(page, name)
        page.locator('[data-ui="close"]').click()

    check("stats")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    check("stats-after-reload")


def test_a_game_that_ends_is_counted_even_if_the_page_is_reloaded_while_its_last_trick_shows(page, base_url):
    """The game is saved as over before its last trick has been shown: a reload then (or a new game)
    must not leave it out of the statistics, and the reopened game is not counted again."""
    state, save = one_move_from_the_end()
    page.add_init_script("if (!sessionStorage.getItem('seeded')) { localStorage.setItem('thousand.save', "
                         + json.dumps(json.dumps(save)) + "); sessionStorage.setItem('seeded', '1'); }")
    open_table(page, base_url, settings={"speed": "slow", "autoForced": False, "players": "3", "level": "easy",
                                         "rules": "std"})
    play_deal(page)  # returns as the table turns "over": the last trick is still on show
    assert page.locator(".trick-card").count() == 3
    page.reload()
    page.wait_for_selector("body[data-ready='1'][data-turn='over']", state="attached")
    page.wait_for_timeout(3000)  # longer than a shown trick: nothing more is counted
    stats = json.loads(page.evaluate("localStorage.getItem('thousand.stats')") or "null")
    assert stats is not None, "the finished game was never counted"
    easy = stats["levels"]["easy"]
    assert (easy["games"], easy["deals"]) == (1, 1)
