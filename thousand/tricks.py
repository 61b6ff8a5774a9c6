"""Trick play: which cards may be played and who wins a trick.

This is the one place where "follow suit, else trump, else anything" lives; the
game state and the bots' search both call it.

>>> from thousand.cards import parse_card as c, mask_of, mask_str, HEARTS, SPADES
>>> hand = mask_of([c("Ah"), c("9s"), c("Ks")])
>>> mask_str(legal_plays(hand, led_suit=HEARTS, trump=SPADES))   # must follow
'Ah'
>>> mask_str(legal_plays(hand, led_suit=CLUBS, trump=SPADES))     # no clubs: must trump
'Ks 9s'
>>> trick_winner([c("Qd"), c("Ad"), c("9s")], trump=SPADES)       # the lone trump wins
2
>>> mask_str(legal_plays(mask_of([c("Ah"), c("9h")]), HEARTS, NO_TRUMP, beat=c("Kh")))  # must beat: Ah
'Ah'
"""

from __future__ import annotations

from typing import Sequence

from .cards import CLUBS, SUIT_MASKS  # noqa: F401  (CLUBS is used by the doctest)

NO_TRUMP = -1


def legal_plays(hand: int, led_suit: int, trump: int, beat: int = -1) -> int:
    """Mask of the cards of ``hand`` that may be played.

    ``led_suit`` is the suit of the trick's first card, or ``NO_TRUMP`` (-1) when
    leading. Follow suit with any card of it; without it, play any trump; with
    neither, play anything. There is no obligation to beat unless ``beat`` is
    the card now winning the trick (the must-beat rule): then, of those cards,
    one that beats it must be played if there is one.
    """
    if led_suit < 0:
        return hand
    allowed = hand & SUIT_MASKS[led_suit] or (trump >= 0 and hand & SUIT_MASKS[trump]) or hand
    if beat < 0:
        return allowed
    return allowed & beaters(beat, trump) or allowed


def beaters(best: int, trump: int) -> int:
    """Mask of every card that beats ``best``: the higher cards of its suit, and
    the trumps if it is not a trump."""
    suit_mask = SUIT_MASKS[best // 6]
    higher = suit_mask & ~((1 << (best + 1)) - 1)
    if trump >= 0 and best // 6 != trump:
        higher |= SUIT_MASKS[trump]
    return higher


def beats(card: int, best: int, trump: int) -> bool:
    """Does ``card`` beat ``best``, the card now winning the trick?"""
    suit = card // 6
    best_suit = best // 6
    if suit == best_suit:
        return card > best  # same suit: higher id is higher rank
    return suit == trump


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Index in ``cards`` (in play order) of the card that takes the trick."""
    win = 0
    best = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if beats(card, best, trump):
            win, best = i, card
    return win
