"""``Game.view(seat)``: everything one seat may know, as JSON-ready data.

The web shell renders this and nothing else, so it carries what the table
needs without knowing any rule: the seat's hand with a reason for every card
it may not play, public cards, bids, the legal actions with notation and an
English label (the shell localizes by ``kind``), and a prompt. Hidden cards
(other hands, closed talons, gifts to others, and with blind bidding the
first hand's own cards until it looks) never appear.

>>> from thousand import Game
>>> v = Game(players=3, seed=7).view(0)
>>> v["phase"], v["hand_sizes"], v["talons"][0]["cards"]     # the talon is still closed
('bidding', [7, 7, 7], None)
"""

from __future__ import annotations

from .actions import BLIND_BID
from .cards import ACE, SUIT_CHARS, SUIT_SYMBOLS, card_str, cards_of, count, marriage_points, meld_value
from .legal import BASE_LIMIT, meld_cards, raise_bounds
from .scoring import GOAL, WRITE_OFF_POINTS

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
    only after real bidding; the other talon once the deal is over. A blind
    declarer shows the talon to nobody.)"""
    if game.declarer is None or game.taken_talon is None:
        return False
    if game.blind:
        return seat == game.declarer and index == game.taken_talon
    if game.players > 2:
        return True
    if index != game.taken_talon:
        return False
    return seat == game.declarer or game.bid > 100


def _ended_talon_visible(last_deal: dict, seat: int, index: int) -> bool:
    """After a deal: the talon(s) seen during it, plus the 2-player talon left on
    the table, which went openly to the winner of the last trick. A blind
    declarer showed its talon to nobody, with any number of players."""
    if len(last_deal["talons"]) == 1:
        return not last_deal["blind"] or seat == last_deal["declarer"]
    if index != last_deal["taken_talon"]:
        return last_deal["kind"] == "played"
    return seat == last_deal["declarer"] or last_deal["bid"] > 100 and not last_deal["blind"]


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
    hand = game.hands[seat]
    led = game.trick[0] // 6
    suit = next(iter(legal)) // 6  # every legal card is of one suit, or any card may be played
    if any(c // 6 != suit for c in legal):
        return {}
    args = {"led": SUIT_CHARS[led], "trump": SUIT_CHARS[game.trump] if game.trump >= 0 else None}
    if sum(1 for c in cards_of(hand) if c // 6 == suit) > len(legal):  # the must-beat rule left out lower cards
        reason = {"key": "reason.beat", "args": {**args, "suit": SUIT_CHARS[suit]},
                  "text": f"you must beat the trick: play a higher {SUIT_SYMBOLS[suit]}"}
    elif suit == led:
        reason = {"key": "reason.follow", "args": args, "text": f"follow suit: play a {SUIT_SYMBOLS[led]}"}
    else:
        reason = {"key": "reason.trump", "args": args,
                  "text": f"no {SUIT_SYMBOLS[led]}: you must trump with a {SUIT_SYMBOLS[game.trump]}"}
    return {card_str(c): reason for c in cards_of(hand) if c not in legal}


# The bidding and contract prompts, by what stops the player from raising: nothing
# ("raise"; "free" with free bidding, where the limit is not the hand's), having no
# marriage (the limit is 120), the limit of 120 plus the marriages, the highest bid
# there is (free bidding), or a blind bid (overbid only with a marriage, never raised).
_BID = ("bid", "The bid is {bid}: raise to {next} or pass (you may bid up to {limit})")
RAISE_PROMPTS = {
    ("bidding", "raise"): _BID,
    ("bidding", "free"): _BID,
    ("bidding", "no_marriage"): ("bid_no_marriage", "The bid is {bid}: you may only pass. Bidding above {limit} "
                                                    "needs a marriage in your hand"),
    ("bidding", "limit"): ("bid_limit", "The bid is {bid}: you may only pass. Your limit is {limit}: 120 plus "
                                        "your marriages ({marriages})"),
    ("bidding", "top"): ("bid_top", "The bid is {bid}: you may only pass, {limit} is the highest bid"),
    ("bidding", "blind"): ("bid_blind", "The bid is {bid}, bid blind: you may only pass. Overbidding a blind bid "
                                        "needs a marriage in your hand"),
    ("contract", "raise"): ("contract", "Keep {bid} or raise it up to {limit} (120 plus your marriages), fall or "
                                        "write off"),
    ("contract", "free"): ("contract_free", "Keep {bid} or raise it up to {limit}, fall or write off"),
    ("contract", "no_marriage"): ("contract_no_marriage", "Keep {bid}, fall or write off. Raising above {limit} "
                                                          "needs a marriage in your hand"),
    ("contract", "limit"): ("contract_limit", "Keep {bid}, fall or write off. You may not raise: your limit is "
                                              "{limit}, 120 plus your marriages ({marriages})"),
    ("contract", "top"): ("contract_top", "Keep {bid}, fall or write off. {limit} is the highest contract"),
    ("contract", "blind"): ("contract_blind", "Keep {bid}, fall or write off. A blind contract is not raised"),
}


def _raise_prompt(game, seat: int) -> dict:
    """Bids and contracts stop at 120 plus the marriages in hand (by the rules'
    step, marriages and free bidding): where the limit or a blind bid is what
    forbids raising, the prompt says so."""
    hand = game.hands[seat]
    low, high = raise_bounds(game, hand)
    args = {"bid": game.bid, "next": low, "limit": high,
            "marriages": marriage_points(meld_cards(hand, game.rules), aces=True)}
    own = high == BASE_LIMIT + args["marriages"]  # else free bidding set a limit that is not the hand's
    if any(a.kind in ("bid", "contract") and a.value > game.bid for a in game.legal_actions()):
        stop = "raise" if own else "free"
    elif game.blind and (game.phase == "contract" or low <= high):
        stop = "blind"
    elif not own:
        stop = "top"
    else:
        stop = "limit" if args["marriages"] else "no_marriage"
    key, text = RAISE_PROMPTS[game.phase, stop]
    return {"key": key, "args": args, "text": text.format(**args)}


def _once(game, seat: int) -> dict | None:
    """For the declarer setting the contract: what falling and writing off cost and whether each is
    left, with why not (the texts by the buttons name the rules of this game, not the house rules')."""
    if game.phase != "contract" or seat != game.declarer:
        return None
    scale = (2 if game.blind else 1) * (2 if game.golden_deal else 1)
    return {"fall": {"left": not game.sheet.used_fall[seat], "points": game.bid * scale},
            "write_off": {**game.sheet.write_off_state(seat), "points": WRITE_OFF_POINTS * scale}}


def _prompt(game, seat: int) -> dict:
    phase, mover = game.phase, game.to_move
    if phase == "over":
        return {"key": "over", "args": {"winner": game.winner}, "text": f"Game over: seat {game.winner} wins"}
    if mover != seat:
        return {"key": "wait", "args": {"seat": mover, "phase": phase}, "text": f"Waiting for seat {mover}"}
    if phase == "blind":
        return {"key": "blind", "args": {"bid": BLIND_BID},
                "text": f"Look at your cards, or bid {BLIND_BID} blind: the contract counts double"}
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
    hidden = game.hand_hidden(seat)
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
        "rules_preset": game.rules.preset(),
        "phase": game.phase,
        # The deal's number for people: 1, 2, ... counting redeals (one sheet row
        # each), so after the game it is the deal that ended it.
        "deal": game.deal_no + 1,
        "dealer": game.dealer,
        "first_hand": game.first_hand,
        "sitter": game.sitter if game.sitter >= 0 else None,
        "active": list(game.active),
        "to_move": game.to_move,
        "hand": [] if hidden else _cards(game.hands[seat]),
        "hand_hidden": hidden,
        "hand_sizes": [count(h) for h in game.hands],
        "unplayable": _unplayable_reasons(game, seat),
        # Only a blind bid follows the first hand's own forced opening directly.
        "bids": [{"seat": s, "bid": b, "forced": i == 0, "blind": i == 1 and s == game.first_hand}
                 for i, (s, b) in enumerate(game.bids)],
        "bid": game.bid,
        "blind": game.blind,
        "golden": game.golden_deal,
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
        "melds": [{"seat": s, "card": card_str(c), "suit": None if c % 6 == ACE else SUIT_CHARS[c // 6],
                   "aces": c % 6 == ACE, "points": meld_value(c)} for s, c in game.melds],
        "trick_points": list(game.trick_points),
        "meld_points": list(game.meld_points),
        "tricks_won": list(game.tricks_won),
        "sheet": sheet,
        "barrel_at": game.sheet.barrel,
        "goal": GOAL,
        "legal": legal,
        "prompt": _prompt(game, seat),
        "once": _once(game, seat),
        "last_deal": last_deal,
        "winner": game.winner,
    }
