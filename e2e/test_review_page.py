"""The review of a deal of the main game, opened from the top bar after a deal the
person declared: each bid is a valued decision, the gifts are one, and the steps
replay the deal."""

from __future__ import annotations

from table_driver import find_seed, open_table, play_deal


def test_review_values_the_person_s_gifts(page, base_url, shot):
    def wanted(r):
        d = r[0]
        bid = any(m.startswith("b") for m in d["moves"])  # a bid where passing was open too
        return d["declarer"] == 0 and d["gave"] and bid and d["rows"][0]["kind"] == "played"
    seed = find_seed(3, wanted, contracts=("keep",))
    open_table(page, base_url, f"?p=3&s={seed}&l=easy&r=std")
    choices = []  # the person's bids and passes where both were open: each is a valued decision
    moves = play_deal(page, contract="keep", on_move=lambda move, legal: choices.append(move) if
                      "p" in legal and any(m.startswith("b") for m in legal) and len(legal) == 2 else None)
    gifts = [m for m in moves if m.startswith("g")]
    assert len(gifts) == 2

    page.locator('.topbar [data-ui="review"]').click()
    decisions = page.locator('[data-ui="review-decisions"] li')
    decisions.first.wait_for(timeout=120_000)
    texts = decisions.all_inner_texts()
    gift_lines = [t for t in texts if ": gifts " in t]
    assert len(gift_lines) == 1, texts  # both gifts, one decision
    line = gift_lines[0]
    assert "not valued" not in line and "{" not in line, line
    assert line.count(" to ") >= 2, line
    loss = page.eval_on_selector_all('[data-ui="review-decisions"] li',
                                      "n => n.filter(x => x.textContent.includes(': gifts ')).map(x => x.dataset.loss)")
    assert loss[0] != "" and int(loss[0]) >= 0
    # a line for each bid or pass, one for the gifts, one for the contract, one for each card played
    cards = [m for m in moves if len(m) == 2 or m.startswith("m")]
    assert choices and len(texts) == len(choices) + 2 + len(cards), texts
    bid_lines = texts[:len(choices)]
    assert all((": bid " in t or ": pass" in t) and "not valued" not in t for t in bid_lines), bid_lines
    assert page.get_by_text("Bids are valued as if the bidding had ended there").is_visible()
    # the cards as the table shows them ("Q♠"); the words ("queen of spades") are for screen readers
    assert all(any(suit in t for suit in "♠♣♦♥") and " of " not in t for t in texts[-len(cards):]), texts
    shot(page, "review-gifts")
