"""Play the table like a person, by clicking, with one simple policy that CPython
can replay to pick seeds where a situation arises (the bots are deterministic).

The page exposes `body[data-turn]` ("you", "wait", "summary", "over") and
`body[data-legal]` (the legal moves while it is the person's turn); moves are
made only by clicking elements with `data-action` (after selecting a card in
the hand with `data-card` where the table asks for that, e.g. to give a card or
to declare a marriage).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from thousand import web  # noqa: E402

SETTINGS = {"speed": "instant", "autoForced": False, "players": "3", "level": "easy", "rules": "std"}
TURN = "body[data-turn='you'], body[data-turn='summary'], body[data-turn='over']"


def policy(legal: list[str], contract: str = "raise", bid_to: int = 120) -> str:
    """The person's move: bid up to `bid_to`, take talon 1, give the weakest card,
    then `contract` ("raise", "keep", "fall" or "write_off"); declare a marriage
    when leading one, else play the first legal card."""
    bids = [a for a in legal if a.startswith("b") and int(a[1:]) <= bid_to]
    if bids:
        return bids[0]
    if "p" in legal:
        return "p"
    if "t1" in legal:
        return "t1"
    gives = [a for a in legal if a.startswith("g")]
    if gives:
        return gives[-1]
    contracts = [a for a in legal if a.startswith("c")]
    if contracts:
        if contract == "fall" and "f" in legal:
            return "f"
        if contract == "write_off" and "w" in legal:
            return "w"
        return contracts[1] if contract == "raise" and len(contracts) > 1 else contracts[0]
    melds = [a for a in legal if a.startswith("m")]
    return melds[0] if melds else legal[0]


def simulate(query: str, deals: int = 1, contracts=("raise",), bid_to: int = 120) -> list[dict]:
    """Play `deals` deals in CPython with the policy; return, per deal, what the
    person did and the sheet rows it produced."""
    state = json.loads(web.from_link(query))
    assert state["ok"], state
    out = []
    for d in range(deals):
        rows_before = len(state["view"]["sheet"]["rows"])
        moves: list[str] = []
        info = {"declarer": None, "gave": False, "received": False, "talon": False, "melded": False,
                "sat_out": state["view"]["sitter"] == 0}
        contract = contracts[min(d, len(contracts) - 1)]
        while len(state["view"]["sheet"]["rows"]) == rows_before and state["view"]["phase"] != "over":
            v = state["view"]
            if v["declarer"] is not None:
                info["declarer"] = v["declarer"]
            if v["given_to_you"]:
                info["received"] = True
            if state["bot_to_move"]:
                state = json.loads(web.bot_step())
            else:
                move = policy([a["id"] for a in v["legal"]], contract, bid_to)
                moves.append(move)
                info["gave"] |= move.startswith("g")
                info["talon"] |= move.startswith("t")
                info["melded"] |= move.startswith("m")
                state = json.loads(web.play(move))
            assert state["ok"], state
        info["moves"] = moves
        info["rows"] = state["view"]["sheet"]["rows"][rows_before:]
        out.append(info)
    return out


def find_seed(players: int, wanted, deals: int = 1, contracts=("raise",), start: int = 1, limit: int = 3000) -> int:
    for seed in range(start, start + limit):
        result = simulate(f"?p={players}&s={seed}&l=easy&r=std", deals, contracts)
        if wanted(result):
            return seed
    raise AssertionError("no seed found")


# ------------------------------------------------------------- in the browser

def only_the_table(page) -> bool:
    """An embed shows only the table: no tools; the top bar is kept for screen readers alone (its
    title is the page's heading), one pixel in size. `page` may be a frame."""
    bar = page.locator(".topbar")
    box = bar.bounding_box()
    return page.locator(".topbar .tools").is_hidden() and page.locator(".menu-toggle").is_hidden() \
        and box is not None and box["width"] <= 1 and box["height"] <= 1


def open_table(page, base_url: str, query: str = "", settings: dict | None = None, lang: str = "en",
               past_redeal: bool = True) -> None:
    """Open the site with test settings (instant animation), as a returning visitor
    (no first-visit offer), and wait until ready. A new game whose first shuffles
    were redeals shows them first: unless `past_redeal` is false, that notice is
    closed, as a player would."""
    page.add_init_script(
        "localStorage.setItem('thousand.settings', " + json.dumps(json.dumps(settings or SETTINGS)) + ");"
        f"localStorage.setItem('thousand.lang', {json.dumps(lang)});"
        "localStorage.setItem('thousand.visited', '1');")
    page.goto(base_url + query)
    page.wait_for_selector("body[data-ready='1']", state="attached")
    if past_redeal and query and page.get_attribute("body", "data-turn") == "summary":
        page.locator('[data-ui="continue"]').click()


def hand(page) -> list[str]:
    return page.eval_on_selector_all("#hand [data-card]", "nodes => nodes.map(n => n.dataset.card)")


def click_move(page, move: str, timeout: float | None = None) -> None:
    """Make a move by clicking, selecting a card first where the table asks for it."""
    target = page.locator(f'[data-action="{move}"]')
    if target.count() == 0 and move[0] == "c":
        # A raise is chosen on the stepper: step towards this value until it shows.
        while target.count() == 0:
            shown = int(page.locator("#panel .act-contract.raise").get_attribute("data-action", timeout=timeout)[1:])
            step = "raise-more" if shown < int(move[1:]) else "raise-less"
            page.locator(f'[data-ui="{step}"]').click(timeout=timeout)
    elif target.count() == 0 and (move[0] in "gm" or not move[0].islower()):  # a gift, a meld or a card
        card = move[1:3] if move[0] in "gm" else move
        page.locator(f'#hand [data-card="{card}"]').click(timeout=timeout)
    page.locator(f'[data-action="{move}"]').click(timeout=timeout)


def play_deal(page, contract: str = "raise", bid_to: int = 120, on_move=None, make_move=None) -> list[str]:
    """Play until the deal's result is shown; return the person's moves.
    `make_move(page, move)` may make a move another way than `click_move`."""
    moves = []
    while True:
        page.wait_for_selector(TURN, state="attached")
        turn = page.get_attribute("body", "data-turn")
        if turn in ("summary", "over"):
            return moves
        legal = (page.get_attribute("body", "data-legal") or "").split()
        move = policy(legal, contract, bid_to)
        if on_move:
            on_move(move, legal)
        (make_move or click_move)(page, move)
        moves.append(move)
        # wait until the click was taken: the legal moves change (or the turn passes)
        page.wait_for_selector(f"body:not([data-legal='{' '.join(legal)}'])", state="attached")


def continue_deal(page) -> None:
    page.locator('[data-ui="continue"]').click()


def drag_gift(page, move: str) -> None:
    """Give a card by dragging it onto the opponent's seat (gAh1: A♥ to seat 1)."""
    page.locator(f'#hand [data-card="{move[1:3]}"]').drag_to(page.locator(f'.seat[data-seat="{move[3]}"]'))
