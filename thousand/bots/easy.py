"""The easy bot: a beginner's rules of thumb with some noise.

It bids on a simple count (aces and marriages), never raises the contract,
declares a marriage as soon as it leads, leads aces, takes a trick with
points when it can and otherwise throws its cheapest card. Now and then it
plays another legal card instead, as beginners do, and with blind bidding it
sometimes bids blind for the thrill of it.
"""

from __future__ import annotations

from ..actions import Action
from ..cards import ACE, CARD_POINTS, marriage_points
from ..tricks import beats, trick_winner
from .base import blind_gamble, bot_rng, chance
from .heuristics import best_meld
from .infostate import InfoState

SALT = 1
NOISE = 0.12
BLIND_THRILL = 0.05


class EasyBot:
    name = "easy"

    def act(self, info: InfoState) -> Action:
        legal = info.legal
        if len(legal) == 1:
            return legal[0]
        rng = bot_rng(info, SALT)
        phase = info.phase
        if phase == "blind":
            return Action.parse("d" if blind_gamble(info) or chance(rng, BLIND_THRILL) else "o")
        if phase == "bidding":
            aces = sum(1 for s in range(4) if info.hand >> (s * 6 + ACE) & 1)
            melds = marriage_points(info.hand, info.rules.ace_marriage)
            limit = 60 + 15 * aces + melds + 10 * rng.below(2)
            bids = [a for a in legal if a.kind == "bid" and a.value <= limit]
            return bids[0] if bids else Action.parse("p")
        if phase == "talon":
            return legal[rng.below(2)]
        if phase == "giving":
            return min((a for a in legal if a.kind == "give"), key=lambda a: (CARD_POINTS[a.card], a.card, a.target))
        if phase == "contract":
            return Action.contract(info.bid)
        melds = [a for a in legal if a.kind == "meld"]
        if melds:
            return best_meld(melds, info.hand)
        cards = [a.card for a in legal]
        if chance(rng, NOISE):
            return Action.play(cards[rng.below(len(cards))])
        cheapest = min(cards, key=lambda c: (CARD_POINTS[c], c))
        if not info.trick:
            aces = [c for c in cards if c % 6 == ACE]
            return Action.play(aces[0] if aces else cheapest)
        best = info.trick[trick_winner(info.trick, info.trump)]
        winners = [c for c in cards if beats(c, best, info.trump)]
        if winners and sum(CARD_POINTS[c] for c in info.trick) >= 10:
            return Action.play(min(winners, key=lambda c: (CARD_POINTS[c], c)))
        return Action.play(cheapest)
