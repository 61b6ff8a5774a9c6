"""Hand evaluation and card knowledge shared by the medium and hard bots.

The hand estimate is a club player's count: marriages are worth their value,
the top cards of a suit that nobody can beat win tricks and bring their own
points plus what the others must follow with, and long trumps win late.

>>> from thousand.game import _hand_mask
>>> estimate(_hand_mask("Ah Th Kh Qh As Ts Ac 9c"), players=3) > 150
True
>>> estimate(_hand_mask("Jh 9h Qs Js Kc 9c 9d Jd"), players=3) < 40
True
"""

from __future__ import annotations

from ..actions import Action
from ..cards import (
    ACE,
    ACE_MARRIAGE_VALUE,
    ACES,
    CARD_POINTS,
    MARRIAGE_VALUES,
    MARRIAGES,
    SUIT_MASKS,
    count,
    iter_cards,
    meld_value,
)
from ..rng import SplitMix64

# What the other players put on a trick the declarer wins, per opponent (they
# keep their high cards when they can).
CAPTURE_PER_OPPONENT = 3.5


def best_trump(hand: int) -> int:
    """The suit of the highest marriage in ``hand`` (-1 without one)."""
    for suit in (3, 2, 1, 0):
        if hand & MARRIAGES[suit] == MARRIAGES[suit]:
            return suit
    return -1


def estimate(hand: int, players: int, gone: int = 0, aces: bool = False) -> float:
    """Expected trick and meld points of a declarer holding ``hand``.

    ``gone`` are cards already out of play, which promote the cards below them;
    ``aces``: the ace marriage counts (four aces are worth 200 more).
    """
    opponents = 1 if players == 2 else 2
    capture = CAPTURE_PER_OPPONENT * opponents
    value = 0.0
    if aces and hand & ACES == ACES:
        value += ACE_MARRIAGE_VALUE
    trump = -1
    for suit in (3, 2, 1, 0):
        if hand & MARRIAGES[suit] == MARRIAGES[suit]:
            value += MARRIAGE_VALUES[suit]
            if trump < 0:
                trump = suit
    for suit in range(4):
        mine = hand & SUIT_MASKS[suit]
        if not mine:
            continue
        length = count(mine)
        winners = 0
        rank = ACE
        while rank >= 0:
            bit = 1 << (suit * 6 + rank)
            if mine & bit:
                winners += 1
                value += CARD_POINTS[suit * 6 + rank] + capture
            elif not gone & bit:
                break
            rank -= 1
        if suit == trump:
            # Trumps beyond the top run win once the others' trumps are out.
            others = 6 - length - count(gone & SUIT_MASKS[suit])
            extra = max(0, length - winners - max(0, others - winners))
            value += extra * (capture + 2)
        elif trump >= 0 and winners < length and length >= 4:
            value -= 5  # a long side suit gets trumped
    if trump < 0:
        value *= 0.9  # without a trump the others' voids take tricks
    return value


def best_discards(hand: int, players: int, k: int, aces: bool = False) -> list[int]:
    """The ``k`` cards whose loss hurts the declarer's ``estimate`` least (greedy)."""
    out = []
    for _ in range(k):
        best, best_score = -1, -1e9
        for card in iter_cards(hand):
            score = estimate(hand & ~(1 << card), players, aces=aces) - 0.3 * CARD_POINTS[card]
            if score > best_score:
                best, best_score = card, score
        out.append(best)
        hand &= ~(1 << best)
    return out


def sample_cards(rng: SplitMix64, pool: int, k: int) -> int:
    """``k`` cards drawn uniformly from ``pool``."""
    cards = list(iter_cards(pool))
    out = 0
    for i in range(k):
        j = i + rng.below(len(cards) - i)
        cards[i], cards[j] = cards[j], cards[i]
        out |= 1 << cards[i]
    return out


def bid_target(rng: SplitMix64, hand: int, unseen: int, players: int, samples: int, quantile: float,
               aces: bool = False) -> int:
    """Highest bid this hand expects to make with a random talon.

    Each sample draws the talon from the unseen cards, drops the best gifts
    and estimates the rest; the result is the ``quantile`` of the samples
    (below the median is cautious).
    """
    if players == 2:
        size, gifts = 2, 1
    else:
        size, gifts = 3, 2
    values = []
    for _ in range(samples):
        full = hand | sample_cards(rng, unseen, size)
        for card in best_discards(full, players, gifts, aces):
            full &= ~(1 << card)
        values.append(estimate(full, players, aces=aces))
    values.sort()
    return int(values[int((1 - quantile) * (len(values) - 1))])


def best_meld(melds: list[Action], hand: int) -> Action:
    """The declaration to make among the legal ``melds``: the most valuable; of
    the four aces the one of the longest suit, and of a marriage its queen (the
    cheaper card to lose)."""
    value = max(meld_value(a.card) for a in melds)
    best = [a for a in melds if meld_value(a.card) == value]
    if best[0].card % 6 == ACE:
        return max(best, key=lambda a: (count(hand & SUIT_MASKS[a.card // 6]), a.card))
    return min(best, key=lambda a: a.card)
