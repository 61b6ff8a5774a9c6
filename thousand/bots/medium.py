"""The medium bot: a solid club player without search.

It counts cards (which higher cards are still out), infers voids from play,
bids from the hand estimate averaged over possible talons, gives away the
cards it misses least, and in play draws trumps, cashes masters, feeds points
to the other defender and throws cheap cards to the declarer.
"""

from __future__ import annotations

from ..actions import Action
from ..cards import CARD_POINTS, FULL_DECK, KING, MARRIAGES, QUEEN, SUIT_MASKS, count
from ..tricks import beats, trick_winner
from .base import PhaseBot, bot_rng
from .heuristics import best_discards, best_meld, bid_target, estimate
from .infostate import InfoState

SALT = 2


class MediumBot(PhaseBot):
    name = "medium"
    salt = SALT

    def __init__(self, samples: int = 24) -> None:
        self.samples = samples

    def bid(self, info: InfoState) -> Action:
        target = bid_target(bot_rng(info, SALT), info.hand, info.unseen, info.players, self.samples, 0.55,
                            info.rules.ace_marriage)
        return choose_bid(info, target)

    def give(self, info: InfoState) -> Action:
        return give(info)

    def contract(self, info: InfoState) -> Action:
        return contract(info, estimate(info.hand, info.players, aces=info.rules.ace_marriage))

    def play(self, info: InfoState) -> Action:
        return play(info)


def choose_bid(info: InfoState, target: int) -> Action:
    """Raise while the next bid is within ``target``, else pass."""
    for a in info.legal:
        if a.kind == "bid" and a.value <= target:
            return a
    return Action.parse("p")


def give(info: InfoState) -> Action:
    """Give the card the hand misses least, the cheaper one to the player further behind."""
    k = len(info.active) - 1 - len(info.gifts)
    cards = best_discards(info.hand, info.players, k, info.rules.ace_marriage)
    card = min(cards, key=lambda c: CARD_POINTS[c])
    targets = sorted({a.target for a in info.legal}, key=lambda s: info.totals[s])
    return Action.give(card, targets[0])


def contract(info: InfoState, expected: float) -> Action:
    """Keep or raise to what the hand expects to make; write off or fall when it expects to fail badly
    (a blind contract is never dropped by falling, which costs as much as failing)."""
    bid = info.bid
    legal = set(info.legal)
    if expected < bid - 15:
        if Action.parse("w") in legal:
            return Action.parse("w")
        if expected < bid - 40 and Action.parse("f") in legal and not info.blind:
            return Action.parse("f")
    best = Action.contract(bid)
    for a in info.legal:
        if a.kind == "contract" and a.value <= expected - 15:
            best = max(best, a, key=lambda x: x.value)
    return best


# ------------------------------------------------------------------ card play
def outstanding(info: InfoState) -> int:
    """Cards that other players may still hold."""
    return FULL_DECK & ~info.played & ~info.hand


def higher_out(card: int, out: int) -> int:
    """Cards of ``out`` that beat ``card`` in its own suit."""
    suit_mask = SUIT_MASKS[card // 6]
    return out & suit_mask & ~((1 << (card + 1)) - 1)


def may_ruff(info: InfoState, seat: int, suit: int, trump: int, out: int) -> bool:
    """Could ``seat`` trump a lead of ``suit``?"""
    if trump < 0 or suit == trump or info.voids[seat] >> trump & 1 or not out & SUIT_MASKS[trump]:
        return False
    return bool(info.voids[seat] >> suit & 1) or count(out & SUIT_MASKS[suit]) < 3


def safe(info: InfoState, card: int, behind: list[int], trump: int, led: int, out: int) -> bool:
    """Will ``card`` still be winning after the players in ``behind`` have played?"""
    if not behind:
        return True
    if higher_out(card, out) and any(not info.voids[s] >> (card // 6) & 1 for s in behind):
        return False
    if card // 6 == trump:
        return True
    return not any(may_ruff(info, s, led, trump, out) for s in behind)


def play(info: InfoState) -> Action:
    """Choose a card (or a meld) to play."""
    legal = info.legal
    melds = [a for a in legal if a.kind == "meld"]
    if melds:
        return best_meld(melds, info.hand)
    cards = [a.card for a in legal]
    if not info.trick:
        return Action.play(lead(info, cards))
    return Action.play(follow(info, cards))


def _keep_value(info: InfoState, card: int) -> float:
    """How much a card is worth keeping: its points, more for a marriage half or a master."""
    value = CARD_POINTS[card]
    suit = card // 6
    if card % 6 in (KING, QUEEN) and info.hand & MARRIAGES[suit] == MARRIAGES[suit]:
        value += 30
    if not higher_out(card, outstanding(info)):
        value += 8
    if suit == info.trump:
        value += 6
    return value


def lead(info: InfoState, cards: list[int]) -> int:
    out = outstanding(info)
    trump = info.trump
    me = info.seat
    others = [s for s in info.active if s != me]
    opponents = [s for s in others if not info.is_partner(me, s)]
    # Draw trumps with a master trump while an opponent may still hold one.
    if trump >= 0 and me == info.declarer and out & SUIT_MASKS[trump]:
        masters = [c for c in cards if c // 6 == trump and not higher_out(c, out)]
        if masters and any(not info.voids[s] >> trump & 1 for s in opponents):
            return max(masters)
    # Cash a master nobody can trump.
    masters = [c for c in cards if not higher_out(c, out) and safe(info, c, others, trump, c // 6, out)]
    if masters:
        return max(masters, key=lambda c: (CARD_POINTS[c], c))
    partners = [s for s in others if info.is_partner(me, s)]
    if partners and trump >= 0:
        # Lead a suit the other defender can trump and the declarer must follow.
        for c in sorted(cards, key=lambda c: CARD_POINTS[c]):
            suit = c // 6
            if suit != trump and info.voids[partners[0]] >> suit & 1 and not info.voids[partners[0]] >> trump & 1 \
                    and not any(info.voids[s] >> suit & 1 for s in opponents) and CARD_POINTS[c] < 10:
                return c
    return min(cards, key=lambda c: (_keep_value(info, c), c))


def follow(info: InfoState, cards: list[int]) -> int:
    out = outstanding(info)
    trump = info.trump
    me = info.seat
    trick = list(info.trick)
    led = trick[0] // 6
    win_i = trick_winner(trick, trump)
    winner, best = info.trick_seats[win_i], trick[win_i]
    behind = []
    s = info.next_seat(me)
    while s != info.trick_seats[0]:
        behind.append(s)
        s = info.next_seat(s)
    on_table = sum(CARD_POINTS[c] for c in trick)
    if info.is_partner(me, winner):
        if safe(info, best, behind, trump, led, out):
            # The other defender takes it: add the most points that are not a future winner.
            return max(cards, key=lambda c: (CARD_POINTS[c] - (15 if not higher_out(c, out) and c // 6 != led else 0)
                                             - (30 if _keep_value(info, c) >= 30 else 0), -c))
        return min(cards, key=lambda c: (_keep_value(info, c), c))
    winners = [c for c in cards if beats(c, best, trump)]
    if winners:
        sure = [c for c in winners if safe(info, c, behind, trump, led, out)]
        if sure:
            # Take it with the card that is worth most now but least later.
            return max(sure, key=lambda c: (CARD_POINTS[c] - (4 if c // 6 == trump and led != trump else 0), -c))
        if on_table >= 10 and behind:
            return max(winners, key=lambda c: c)
    return min(cards, key=lambda c: (_keep_value(info, c), c))

