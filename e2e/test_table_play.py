"""Whole deals played by clicking, as a person would, in headless Chromium.

Seeds are chosen by replaying the same click policy in CPython against the same
deterministic bots (see table_driver.py), so each test meets its situation.
"""

from __future__ import annotations

import pytest

from table_driver import SETTINGS, click_move, continue_deal, drag_gift, find_seed, hand, open_table, play_deal


def sheet_rows(page) -> int:
    page.locator('.topbar [data-ui="sheet"]').click()
    rows = page.locator('[data-ui="sheet-table"] tbody tr').count()
    return rows


def close_dialog(page) -> None:
    page.locator('[data-ui="close"]').click()


def test_declarer_deal_three_players(page, base_url, shot):
    """Bid, take the talon, give a card to each opponent, raise, play every trick."""
    def wanted(r):
        d = r[0]
        bids = [int(m[1:]) for m in d["moves"] if m.startswith("b")]
        contract = [int(m[1:]) for m in d["moves"] if m.startswith("c")]
        return (d["declarer"] == 0 and d["gave"] and d["rows"][0]["kind"] == "played"
                and bids and contract and contract[0] > max(bids))
    seed = find_seed(3, wanted)
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    shot(page, "start")
    seen = set()

    def on_move(move, legal):
        kind = move[0]
        if kind == "b" and "bid" not in seen:
            seen.add("bid")
            shot(page, "bidding")
        if kind == "g" and "give" not in seen:
            seen.add("give")
            # the talon is revealed and taken: the hand holds 10 cards
            assert len(hand(page)) == 10
            page.locator(f'#hand [data-card="{move[1:3]}"]').click()
            shot(page, "giving")
        if kind == "c" and "contract" not in seen:
            seen.add("contract")
            assert page.locator('[data-action="f"]').is_enabled()
            assert page.locator('[data-action="w"]').is_enabled()
            shot(page, "contract")
        if kind not in "bgcpt" and "play" not in seen:
            seen.add("play")
            shot(page, "play")

    gifts = []

    def make_move(page, move):
        # the first card is given by click and confirm, the second by drag and drop
        if move.startswith("g"):
            gifts.append(move)
            if len(gifts) == 2:
                return drag_gift(page, move)
        click_move(page, move)

    moves = play_deal(page, on_move=on_move, make_move=make_move)
    assert {"bid", "give", "contract", "play"} <= seen, moves
    assert len(gifts) == 2
    shot(page, "summary")
    assert page.locator(".summary").is_visible()
    continue_deal(page)
    assert sheet_rows(page) == 1
    shot(page, "sheet")
    close_dialog(page)
    assert page.get_attribute("body", "data-deal") == "2"


def test_defender_deal_three_players(page, base_url, shot):
    def wanted(r):
        d = r[0]
        return d["declarer"] not in (None, 0) and d["received"] and d["rows"][0]["kind"] == "played"
    seed = find_seed(3, wanted)
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    shots = []

    def on_move(move, legal):
        if move[0] not in "bp" and not shots:
            shots.append(shot(page, "defending"))
            # a card the declarer gave us is in our hand: 8 cards
            assert len(hand(page)) == 8
    play_deal(page, on_move=on_move)
    assert shots
    shot(page, "summary")
    continue_deal(page)
    assert sheet_rows(page) >= 1  # a redeal may follow
    assert page.locator('[data-ui="sheet-table"] tbody tr.row-played').count() == 1


def test_last_trick_and_dimmed_cards(page, base_url, shot):
    """Illegal cards are dimmed with a reason; the last trick can be viewed."""
    def wanted(r):
        return r[0]["rows"][0]["kind"] == "played"
    seed = find_seed(3, wanted, start=40)
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    checked = {}

    def on_move(move, legal):
        dimmed = page.locator("#hand .hand-card.dimmed")
        if "dim" not in checked and dimmed.count():
            checked["dim"] = True
            assert dimmed.first.get_attribute("title")
            assert dimmed.first.get_attribute("data-action") is None
            dimmed.first.hover()
            shot(page, "dimmed")
        if "last" not in checked and page.locator(".hand-card").count() <= 6:
            checked["last"] = True
            page.keyboard.press("l")
            assert page.locator('[data-ui="last-trick-cards"] .card').count() == 3
            shot(page, "last-trick")
            close_dialog(page)
    play_deal(page, on_move=on_move)
    assert "last" in checked


def test_two_player_deal(page, base_url, shot):
    def wanted(r):
        d = r[0]
        return d["declarer"] == 0 and d["talon"] and d["rows"][0]["kind"] == "played"
    seed = find_seed(2, wanted)
    open_table(page, base_url, f"?p=2&s={seed}&l=easy&r=std")

    def on_move(move, legal):
        if move == "t1":
            assert page.locator('[data-action="t2"]').is_visible()
            shot(page, "blind-talons")
    moves = play_deal(page, on_move=on_move)
    assert "t1" in moves
    shot(page, "summary")
    continue_deal(page)
    assert sheet_rows(page) == 1


def test_four_players_with_the_person_sitting_out(page, base_url, shot):
    def wanted(r):
        return r[0]["sat_out"] and not r[1]["sat_out"] and r[1]["rows"][0]["kind"] != "redeal"
    seed = find_seed(4, wanted, deals=2)
    # at a visible pace, so the table can be seen while the bots play on
    open_table(page, base_url, f"?p=4&s={seed}&l=easy&r=std", settings={**SETTINGS, "speed": "fast"})
    assert page.locator('.seat-bottom .badge.sitter').count() == 1
    page.wait_for_selector(".trick .card", state="attached")
    shot(page, "sitting-out")
    shot(page, "bots-play-on")
    assert play_deal(page) == []  # the bots play the deal on their own
    moves_seen = []
    shot(page, "sat-out-summary")
    continue_deal(page)
    moves = play_deal(page, on_move=lambda move, legal: len(moves_seen) or moves_seen.append(shot(page, "second-deal")))
    assert moves and moves_seen
    continue_deal(page)
    assert sheet_rows(page) >= 2


def test_fall_then_write_off(page, base_url, shot):
    """Fall in one deal, write off in the next; each is offered once per game."""
    def wanted(r):
        return ([d["declarer"] for d in r] == [0, 0]
                and [d["rows"][-1]["kind"] for d in r] == ["fall", "write_off"])
    seed = find_seed(3, wanted, deals=2, contracts=("fall", "write_off"))
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    def costs(move, legal):
        if move == "f":  # the buttons say what each costs in this game (view.py's "once")
            assert page.get_attribute('[data-action="w"]', "title") == \
                "Write off: each opponent scores 60 (write-offs left: 1 of 1)"
            assert page.get_attribute('[data-action="f"]', "title").startswith("Concede: you lose 1")
    assert "f" in play_deal(page, contract="fall", on_move=costs)
    shot(page, "fell")
    continue_deal(page)
    seen = []

    def on_move(move, legal):
        if move == "w":
            # the fall is used up: shown, but not offered
            assert page.locator('[data-action="f"]').count() == 0
            assert page.locator("#panel .once button:disabled").count() == 1
            seen.append(shot(page, "fall-used"))
    assert "w" in play_deal(page, contract="write_off", on_move=on_move)
    assert seen
    continue_deal(page)
    page.keyboard.press("s")
    table = page.locator('[data-ui="sheet-table"]')
    assert table.locator("tbody tr").count() >= 2
    assert table.locator(".mark").first.inner_text() == "w/o"  # the English mark, not the Ukrainian "р"
    shot(page, "sheet")


def test_a_deal_followed_by_a_redeal_keeps_its_verdict_under_its_row(page, base_url, shot):
    """The deal's result and the next deal's redeal come together: "Contract made/failed" and the
    declarer's points stood under the redeal, as if they were its."""
    seed = find_seed(3, lambda r: r[0]["rows"][0]["kind"] == "played"
                     and any(row["kind"] == "redeal" for row in r[0]["rows"][1:]))
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    play_deal(page)
    shot(page, "played-then-redeal")
    order = page.eval_on_selector_all(".summary .summary-line[data-kind], .summary .summary-verdict",
                                      "nodes => nodes.map((n) => n.dataset.kind || 'verdict')")
    assert order[:2] == ["played", "verdict"] and "redeal" in order[2:], order


def test_no_card_is_offered_while_a_finished_trick_is_on_show(page, base_url):
    """The cards looked playable while a finished trick was on show, but a click then was dropped."""
    open_table(page, base_url, "?p=3&s=3&l=easy&r=std", settings={**SETTINGS, "speed": "fast"})
    page.evaluate("""() => {
        window.offered = 0;
        new MutationObserver(() => {
            if (document.querySelector('[data-ui="trick-winner"]') && document.querySelector("#hand .playable")) {
                window.offered++;
            }
        }).observe(document.body, { subtree: true, childList: true, attributes: true });
    }""")
    play_deal(page)
    assert page.evaluate("window.offered") == 0


@pytest.mark.parametrize("players", [3])
def test_share_link_gives_the_same_cards(page, friend_page, base_url, shot, players):
    open_table(page, base_url, f"?p={players}&s=4242&l=medium&r=sb")
    mine = hand(page)
    page.locator('.topbar [data-ui="share"]').click()
    link = page.locator('[data-ui="share-link"]').input_value()
    assert link.endswith(f"?p={players}&s=4242&l=medium&r=sb")
    assert "deal 1" in page.locator('[data-ui="share-line"]').inner_text()
    shot(page, "share")
    other = friend_page  # another person's browser: no saved game there
    open_table(other, "", link)
    other.wait_for_selector("body[data-turn]", state="attached")
    assert hand(other) == mine
    assert other.url.split("?")[0] == link.split("?")[0]  # the query is dropped once opened


@pytest.mark.parametrize("query", ["?p=3&s=12ab&l=easy&r=std", "?p=3&s=1&l=easy", "?p=3&s=1&l=easy&r=std&x=<b>hi</b>"])
def test_bad_link_offers_a_fresh_game(page, base_url, shot, query):
    open_table(page, base_url, query)
    message = page.locator('[data-ui="message"]')
    assert message.is_visible()
    assert "not valid" in message.inner_text()
    assert page.locator("b").count() == 0  # nothing from the URL becomes HTML
    shot(page, "bad-link")
    page.locator('[data-ui="fresh"]').click()
    page.wait_for_selector("body[data-turn]", state="attached")
    assert len(hand(page)) in (7, 10)  # 10 when the person is first hand and both bots pass


def test_reload_resumes_and_a_corrupt_save_is_replaced(page, base_url, shot):
    open_table(page, base_url, "?p=3&s=3&l=easy&r=std")
    page.wait_for_selector("body[data-turn='you']", state="attached")
    page.locator('[data-action^="b"]').first.click()
    page.wait_for_selector("body[data-turn='you'], body[data-turn='summary']", state="attached")
    before = hand(page)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    page.wait_for_selector("body[data-turn]", state="attached")
    assert hand(page) == before
    page.evaluate("localStorage.setItem('thousand.save', '{\"v\":1,\"record\":\"T1_3_3_std_Ah\",\"level\":\"easy\"}')")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", state="attached")
    assert "could not be restored" in page.locator('[data-ui="message"]').inner_text()
    shot(page, "corrupt-save")


def test_phone_portrait_layout(browser, base_url, console, shot):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    context.set_default_timeout(90_000)
    try:
        page = context.new_page()
        console.attach(page)
        open_table(page, base_url, "?p=3&s=3&l=easy&r=std", settings=SETTINGS)
        page.wait_for_selector("body[data-turn='you']", state="attached")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"page is {width}px wide on a 360px phone"
        page.locator('[data-action^="b"]').first.tap()
        shot(page, "phone")
    finally:
        context.close()
    assert not console.errors, console.errors


def test_game_over_screen_and_play_again(page, base_url, shot):
    """A saved game one move from its end: finish it, see the winner, play again."""
    import json

    from table_driver import policy
    from thousand import web
    state = json.loads(web.from_link("?p=3&s=3&l=easy&r=std"))
    while state["view"]["phase"] != "over":
        state = json.loads(web.bot_step()) if state["bot_to_move"] else json.loads(
            web.play(policy([a["id"] for a in state["view"]["legal"]])))
    save = json.loads(state["save"])
    save["record"] = save["record"].rsplit(".", 1)[0]  # all but the last move
    page.add_init_script("localStorage.setItem('thousand.save', " + json.dumps(json.dumps(save)) + ");")
    open_table(page, base_url)
    play_deal(page)
    page.wait_for_selector("body[data-turn='over']", state="attached")
    over = page.locator('[data-ui="game-over"]')
    assert over.is_visible()
    winner = state["view"]["winner"]
    assert ("You win" in over.inner_text()) == (winner == 0)
    shot(page, "game-over")
    page.keyboard.press("s")
    assert page.locator('[data-ui="sheet-table"] tbody tr').count() == len(state["view"]["sheet"]["rows"])
    shot(page, "final-sheet")
    page.locator('[data-ui="close"]').click()
    page.locator('[data-ui="play-again"]').click()
    # (a new game whose first shuffle was a redeal shows that first: "summary")
    page.wait_for_selector("body[data-turn='you'], body[data-turn='wait'], body[data-turn='summary']", state="attached")
    # A fresh game: a new record in which no deal has been played yet (its first shuffle
    # may have been a redeal, so the deal number alone does not tell).
    from thousand import Game, Record
    fresh = json.loads(page.evaluate("localStorage.getItem('thousand.save')"))
    assert fresh["record"] != save["record"]
    game = Game.replay(Record.parse(fresh["record"]))
    assert all(row.kind == "redeal" for row in game.sheet.rows) and not game.is_over


def test_keyboard_play(page, base_url, shot):
    """Keys: B bids, P passes, arrows walk the hand, Enter plays, S and L open panels."""
    def wanted(r):
        d = r[0]
        return d["declarer"] not in (None, 0) and d["rows"][0]["kind"] == "played" and d["moves"][:2] == ["b110", "p"]
    seed = find_seed(3, wanted)
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    page.wait_for_selector("body[data-turn='you']", state="attached")
    assert page.get_attribute("body", "data-legal").split() == ["p", "b110"]
    page.keyboard.press("b")
    page.wait_for_selector("body[data-turn='you'], body[data-turn='summary']", state="attached")
    if "p" in (page.get_attribute("body", "data-legal") or "").split():
        page.keyboard.press("p")
    page.wait_for_selector("body[data-phase='play'][data-turn='you']", state="attached")
    legal = page.get_attribute("body", "data-legal").split()
    cards = hand(page)
    page.locator("#hand .hand-card").first.focus()
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == cards[0]
    while focused not in legal:  # walk right to the first card that may be played
        page.keyboard.press("ArrowRight")
        now = page.evaluate("document.activeElement.dataset.card")
        assert cards.index(now) == cards.index(focused) + 1
        focused = now
    page.keyboard.press("Enter")
    # The card leaves the hand once Python has taken the move (the legal moves may
    # change earlier: they are cleared while the move is on its way).
    page.wait_for_selector(f'#hand [data-card="{focused}"]', state="detached")
    assert focused not in hand(page)
    page.keyboard.press("s")
    assert page.locator('[data-ui="sheet-table"]').is_visible()
    page.keyboard.press("Escape")
    shot(page, "keyboard")


def test_forced_moves_play_themselves_when_asked(page, base_url, shot):
    seed = find_seed(3, lambda r: r[0]["rows"][0]["kind"] == "played" and r[0]["declarer"] != 0)
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std", settings={**SETTINGS, "autoForced": True})
    clicked = []
    play_deal(page, on_move=lambda move, legal: clicked.append(legal))
    assert clicked and all(len(legal) > 1 for legal in clicked)
    assert page.get_attribute("body", "data-turn") == "summary"


def test_closing_the_bad_link_message_still_gives_a_game(page, base_url):
    open_table(page, base_url, "?p=3&s=1&l=nobody&r=std")
    assert "bot level" in page.locator('[data-ui="message"]').inner_text()
    page.keyboard.press("Escape")
    page.wait_for_selector("body[data-turn]", state="attached")
    assert len(hand(page)) in (7, 10)
    assert "?" not in page.url


def test_the_second_click_of_a_double_click_makes_no_move(page, base_url):
    """Instant bots answer within a double click: its second click landed on the next Bid button (130)."""
    open_table(page, base_url, "?p=2&s=1&l=easy&r=std", settings={**SETTINGS, "players": "2"})
    page.wait_for_selector("body[data-turn='you'][data-legal='p b110']", state="attached")
    box = page.locator('[data-action="b110"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down(click_count=1)
    page.mouse.up(click_count=1)
    page.wait_for_selector("body[data-turn='you'][data-legal='p b130']", state="attached")  # the bot bid 120
    page.mouse.down(click_count=2)  # the same double click, on the button now under the pointer
    page.mouse.up(click_count=2)
    page.wait_for_timeout(500)
    assert page.get_attribute("body", "data-legal") == "p b130"
    assert "b130" not in page.evaluate("localStorage.getItem('thousand.save')")
