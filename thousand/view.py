"""``Game.view(seat)``: everything one seat may know, as JSON-ready data.

The web shell renders this and nothing else, so it carries what the table
needs without knowing any rule: the seat's hand with a reason for every card
it may not play, public cards, bids, the legal actions with notation and an
English label (the shell localizes by ``kind``), and a prompt. Hidden cards
(other hands, closed talons, gifts to others) never appear.

>>> from thousand import Game
>>> v = Game(players=3, seed=7).view(0)
>>> v["phase"], v["hand_sizes"], v["talons"][0]["cards"]     # the talon is still closed
('bidding', [7, 7, 7], None)
"""

from __future__ import annotations

from .actions import ACTIONS
from .cards import MARRIAGE_VALUES, SUIT_CHARS, SUIT_SYMBOLS, card_str, cards_of, count, marriage_points
from .game import BID_STEP, bid_limit
from .scoring import BARREL, GOAL

VIEW_VERSION = 1


def _cards(mask: int) -> list[str]:
    return [card_str(c) for c in cards_of(mask)]


def _action_json(action) -> dict:
    out = {"id": str(action), "kind": action.kind, "label": action.label()}
    if action.card is not None:
        out["card"] = card_str(action.card)
    if action.value is not None:
        out["value"] = action.value
    if action.target is not None:
        out["to"] = action.target
    return out


def talon_visible(game, seat: int, index: int) -> bool:
    """May ``seat`` see talon ``index`` now? (3/4 players: after the bidding, to
    everyone. 2 players: the taken talon to the declarer, and to the opponent
    only after real bidding; the other talon once the deal is over.)"""
    if game.declarer is None or game.taken_talon is None:
        return False
    if game.players > 2:
        return True
    if index != game.taken_talon:
        return False
    return seat == game.declarer or game.bid > 100


def _ended_talon_visible(last_deal: dict, seat: int, index: int) -> bool:
    """After a deal: the talon(s) seen during it, plus the 2-player talon left on
    the table, which went openly to the winner of the last trick."""
    if len(last_deal["talons"]) == 1:
        return True
    if index != last_deal["taken_talon"]:
        return last_deal["kind"] == "played"
    return seat == last_deal["declarer"] or last_deal["bid"] > 100


def _trick_json(trick: tuple | None) -> dict | None:
    """A finished trick (cards, their seats, the winner) as JSON, or None."""
    if trick is None:
        return None
    cards, seats, winner = trick
    return {"cards": [{"seat": s, "card": card_str(c)} for s, c in zip(seats, cards)], "winner": winner}


def _unplayable_reasons(game, seat: int) -> dict[str, dict]:
    """Why each card of the hand may not be played now (shown on hover), as a
    locale key with its suits and the same in English."""
    if game.phase != "play" or game.to_move != seat or not game.trick:
        return {}
    legal = {a.card for a in game.legal_actions()}
    led = game.trick[0] // 6
    if any(c // 6 == led for c in legal):
        reason = {"key": "reason.follow", "args": {"led": SUIT_CHARS[led], "trump": None},
                  "text": f"follow suit: play a {SUIT_SYMBOLS[led]}"}
    else:
        reason = {"key": "reason.trump", "args": {"led": SUIT_CHARS[led], "trump": SUIT_CHARS[game.trump]},
                  "text": f"no {SUIT_SYMBOLS[led]}: you must trump with a {SUIT_SYMBOLS[game.trump]}"}
    return {card_str(c): reason for c in cards_of(game.hands[seat]) if c not in legal}


# The bidding and contract prompts, by what stops the player from raising: nothing,
# having no marriage (the limit is 120), or the limit of 120 plus the marriages.
RAISE_PROMPTS = {
    ("bidding", "free"): ("bid", "The bid is {bid}: raise to {next} or pass (you may bid up to {limit})"),
    ("bidding", "no_marriage"): ("bid_no_marriage", "The bid is {bid}: you may only pass. Bidding above {limit} "
                                                    "needs a marriage in your hand"),
    ("bidding", "limit"): ("bid_limit", "The bid is {bid}: you may only pass. Your limit is {limit}: 120 plus "
                                        "your marriages ({marriages})"),
    ("contract", "free"): ("contract", "Keep {bid} or raise it up to {limit} (120 plus your marriages), fall or "
                                       "write off"),
    ("contract", "no_marriage"): ("contract_no_marriage", "Keep {bid}, fall or write off. Raising above {limit} "
                                                          "needs a marriage in your hand"),
    ("contract", "limit"): ("contract_limit", "Keep {bid}, fall or write off. You may not raise: your limit is "
                                              "{limit}, 120 plus your marriages ({marriages})"),
}


def _raise_prompt(game, seat: int) -> dict:
    """Bids and contracts stop at 120 plus the marriages in hand: where that limit
    is what forbids raising, the prompt says so."""
    hand = game.hands[seat]
    args = {"bid": game.bid, "next": game.bid + BID_STEP, "limit": bid_limit(hand),
            "marriages": marriage_points(hand)}
    stop = "free" if args["next"] <= args["limit"] else "limit" if args["marriages"] else "no_marriage"
    key, text = RAISE_PROMPTS[game.phase, stop]
    return {"key": key, "args": args, "text": text.format(**args)}


def _prompt(game, seat: int) -> dict:
    phase, mover = game.phase, game.to_move
    if phase == "over":
        return {"key": "over", "args": {"winner": game.winner}, "text": f"Game over: seat {game.winner} wins"}
    if mover != seat:
        return {"key": "wait", "args": {"seat": mover, "phase": phase}, "text": f"Waiting for seat {mover}"}
    if phase in ("bidding", "contract"):
        return _raise_prompt(game, seat)
    if phase == "talon":
        return {"key": "talon", "args": {}, "text": "Take one of the two closed talons"}
    if phase == "giving":
        received = {s for _, s in game.gifts}
        left = [s for s in game.active if s != seat and s not in received]
        return {"key": "give", "args": {"seats": left}, "text": "Give one card to each opponent"}
    if game.trick:
        return {"key": "follow", "args": {}, "text": "Play a card"}
    return {"key": "lead", "args": {}, "text": "Lead a card (leading K or Q of a marriage may declare it)"}


def build_view(game, seat: int) -> dict:
    if not 0 <= seat < game.players:
        raise ValueError(f"no seat {seat} in a {game.players}-player game")
    n = game.players
    talons = []
    for i, mask in enumerate(game.talons):
        shown = talon_visible(game, seat, i)
        taken_by = game.declarer if game.taken_talon == i else None
        talons.append({"size": count(mask), "cards": _cards(mask) if shown else None, "taken_by": taken_by})
    is_declarer = seat == game.declarer
    trick = [{"seat": s, "card": card_str(c)} for s, c in zip(game.trick_seats, game.trick)]
    legal = [_action_json(a) for a in game.legal_actions()] if game.to_move == seat else []
    last_deal = None
    if game.last_deal is not None:
        ld = game.last_deal
        # Once a deal is over all its cards were played; both 2-player talons may be shown.
        last_deal = {k: v for k, v in ld.items() if k not in ("talons", "bid", "last_trick")}
        # The deal's final trick, for the page to show with the deal's result.
        last_deal["last_trick"] = _trick_json(ld["last_trick"])
        last_deal["talons"] = [[card_str(c) for c in t] if _ended_talon_visible(ld, seat, i) else None
                               for i, t in enumerate(ld["talons"])]
    sheet = game.sheet.to_json()
    return {
        "version": VIEW_VERSION,
        "players": n,
        "seat": seat,
        "rules": game.rules.code(),
        "phase": game.phase,
        # The deal's number for people: 1, 2, ... counting redeals (one sheet row
        # each), so after the game it is the deal that ended it.
        "deal": game.deal_no + 1,
        "dealer": game.dealer,
        "first_hand": game.first_hand,
        "sitter": game.sitter if game.sitter >= 0 else None,
        "active": list(game.active),
        "to_move": game.to_move,
        "hand": _cards(game.hands[seat]),
        "hand_sizes": [count(h) for h in game.hands],
        "unplayable": _unplayable_reasons(game, seat),
        "bids": [{"seat": s, "bid": b, "forced": i == 0} for i, (s, b) in enumerate(game.bids)],
        "bid": game.bid,
        "high_bidder": game.high_bidder,
        "declarer": game.declarer,
        "contract": game.contract,
        "talons": talons,
        "given_to_you": [card_str(c) for c, s in game.gifts if s == seat],
        "you_gave": [{"card": card_str(c), "to": s} for c, s in game.gifts] if is_declarer else [],
        "gifts_made": [s for _, s in game.gifts],
        "trick": trick,
        "last_trick": _trick_json(game.last_trick),
        "trump": SUIT_CHARS[game.trump] if game.trump >= 0 else None,
        "melds": [{"seat": s, "suit": SUIT_CHARS[u], "points": MARRIAGE_VALUES[u]} for s, u in game.melds],
        "trick_points": list(game.trick_points),
        "meld_points": list(game.meld_points),
        "tricks_won": list(game.tricks_won),
        "sheet": sheet,
        "barrel_at": BARREL,
        "goal": GOAL,
        "legal": legal,
        "prompt": _prompt(game, seat),
        "last_deal": last_deal,
        "winner": game.winner,
    }
