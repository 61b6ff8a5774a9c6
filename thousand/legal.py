"""Which moves the player to move may make: the legal actions of a game state.

The game state machine (:mod:`thousand.game`) asks :func:`legal_actions` and
caches the answer; trick play itself (follow suit, trump, beat) is
:func:`thousand.tricks.legal_plays`. The marriage limit on bids and the
declarations a hand holds live here too, for the bots' use as well.

>>> from thousand.game import _hand_mask as h
>>> bid_limit(h("Kh Qh Ks Qs Ah"))                      # 120 + 100 + 40
260
>>> bid_limit(h("Ah Ad Ac As"), Rules(ace_marriage=True))
320
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from .actions import ACTIONS, Action
from .cards import ACE, ACES, FULL_DECK, KING, QUEEN, cards_of, marriage_points
from .rules import Rules
from .tricks import legal_plays, trick_winner

if TYPE_CHECKING:
    from .game import Game

BLIND, BIDDING, TALON, GIVING, CONTRACT, PLAY, OVER = "blind", "bidding", "talon", "giving", "contract", "play", "over"
BASE_LIMIT = 120
HOUSE = Rules()
KINGS = sum(1 << (s * 6 + KING) for s in range(4))
# Leading one of these cards may declare: each marriage's king then queen, then the four aces.
MELD_ORDER = tuple(s * 6 + r for s in range(4) for r in (KING, QUEEN)) + tuple(s * 6 + ACE for s in range(4))


def meld_cards(hand: int, rules: Rules = HOUSE) -> int:
    """Cards of ``hand`` that declare when led: both halves of each marriage, and
    the four aces under the ace-marriage rule."""
    kings = hand & hand << 1 & KINGS  # a king whose queen (the bit below it) is held too
    mask = kings | kings >> 1
    if hand & ACES == ACES and rules.ace_marriage:
        mask |= ACES
    return mask


def bid_limit(hand: int, rules: Rules = HOUSE) -> int:
    """Highest bid or contract a hand may name: 120 plus its marriages (the four
    aces included under the ace-marriage rule). With free bidding, 120 plus
    every marriage the rules know, whatever the hand holds."""
    cards = FULL_DECK if rules.free_bidding else hand
    return BASE_LIMIT + marriage_points(meld_cards(cards, rules), aces=True)


def _card_actions(mask: int) -> list[Action]:
    """Play actions for the cards of ``mask``, strongest suit and rank first."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(ACTIONS[top])
        mask ^= 1 << top
    return out


def raise_bounds(game: "Game", hand: int) -> tuple[int, int]:
    """The lowest raise over the current bid (one bid step up) and the highest
    value ``hand`` may name (its :func:`bid_limit`)."""
    return game.bid + game.rules.bid_step, bid_limit(hand, game.rules)


def _raises(game: "Game", hand: int) -> range:
    """Values above the current bid that ``hand`` may name, in steps of the bid step."""
    low, high = raise_bounds(game, hand)
    return range(low, high + 1, low - game.bid)


def legal_actions(game: "Game") -> list[Action]:
    """Legal actions of the player to move (empty when the game is over)."""
    phase = game.phase
    p = game.to_move
    rules = game.rules
    if phase == PLAY:
        hand = game.hands[p]
        trick = game.trick
        if trick:
            beat = trick[trick_winner(trick, game.trump)] if rules.must_beat else -1
            return _card_actions(legal_plays(hand, trick[0] // 6, game.trump, beat))
        out = _card_actions(hand)
        if not rules.meld_requires_trick or game.tricks_won[p]:
            melds = meld_cards(hand, rules)
            if melds:
                out += [ACTIONS[A.MELD0 + c] for c in MELD_ORDER if melds >> c & 1]
        return out
    if phase == BIDDING:
        out = [ACTIONS[A.PASS]]
        raises = _raises(game, game.hands[p])
        # Overbidding a blind bid takes a marriage in hand.
        if raises and not (game.blind and not meld_cards(game.hands[p], rules)):
            out.append(Action.bid(raises[0]))
        return out
    if phase == GIVING:
        received = {seat for _, seat in game.gifts}
        hand_cards = cards_of(game.hands[p])
        return [ACTIONS[A.GIVE0 + seat * 24 + c] for seat in game.active if seat != p and seat not in received
                for c in hand_cards]
    if phase == CONTRACT:
        values = [game.bid, *([] if game.blind else _raises(game, game.hands[p]))]  # a blind bid is not raised
        out = [Action.contract(v) for v in values]
        if not game.sheet.used_fall[p]:
            out.append(ACTIONS[A.FALL])
        if game.sheet.may_write_off(p):
            out.append(ACTIONS[A.WRITE_OFF])
        return out
    if phase == TALON:
        return [ACTIONS[A.TALON0], ACTIONS[A.TALON0 + 1]]
    if phase == BLIND:
        return [ACTIONS[A.LOOK], ACTIONS[A.BLIND]]
    return []
