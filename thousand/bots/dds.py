"""Double-dummy solver: trick play with every hand open, declarer against the rest.

The question asked is the cheap one: "can the declarer still take at least
``need`` more points?" (a zero-window search). The declarer maximizes, the
defenders together minimize; values are the declarer's future trick points
plus the marriages it may still declare. Positions at trick boundaries are
kept in a transposition table as bounds on that value, so repeated questions
with other thresholds (and other root moves of the same world) reuse work.

Rules come from :mod:`thousand.tricks` (legal plays, the trick winner); the
solver only adds the bookkeeping of points and marriages.

>>> from thousand.game import _hand_mask as h
>>> s = Solver(players=2, declarer=0)
>>> s.made([h("Ah Th"), h("Kh 9s")], leader=0, trump=-1, trick=(), need=25)
True
>>> s.made([h("Ah Th"), h("Kh 9s")], leader=0, trump=-1, trick=(), need=26)
False
"""

from __future__ import annotations

from ..cards import ACE, ACES, CARD_POINTS, MARRIAGES, QUEEN, fast_points, marriage_points, meld_value, trump_after_meld
from ..rules import Rules
from ..tricks import beats, legal_plays, trick_winner

INFINITY = 1 << 20


class OutOfBudget(Exception):
    """The node budget of a search ran out."""


class Solver:
    """Zero-window double-dummy searches for one deal with open hands.

    ``players`` is the number of hands in a trick (2 or 3); positions are
    numbered in playing order. ``melds_count`` is false for a declarer on the
    barrel. ``leftover`` are the points of the 2-player talon that the winner
    of the last trick takes. ``rules`` bring the ace marriage and must-beat.
    """

    def __init__(self, players: int, declarer: int, melds_count: bool = True, leftover: int = 0,
                 budget: int = INFINITY, rules: Rules = Rules()) -> None:
        self.k = players
        self.declarer = declarer
        self.melds_count = melds_count
        self.aces = rules.ace_marriage
        self.must_beat = rules.must_beat
        self.leftover = leftover
        self.table: dict[tuple, tuple[int, int]] = {}
        self.nodes = 0
        self.budget = budget

    def made(self, hands: list[int], leader: int, trump: int, trick: tuple[int, ...], need: int) -> bool:
        """Can the declarer take ``need`` more points, from a position where
        ``leader`` led the cards in ``trick`` and the position after them is to move?"""
        return self._node(tuple(hands), leader, trump, trick, need)

    def value(self, hands: list[int], leader: int, trump: int, trick: tuple[int, ...]) -> int:
        """The exact number of points the declarer takes from here (by bisection on ``made``)."""
        lo, hi = 0, sum(fast_points(h) for h in hands) + sum(CARD_POINTS[c] for c in trick) + self.leftover + 400
        while lo < hi:  # invariant: value in [lo, hi]
            mid = (lo + hi + 1) // 2
            if self.made(hands, leader, trump, trick, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def after(self, hands: tuple[int, ...], leader: int, trump: int, trick: tuple[int, ...], card: int, meld: bool,
              need: int) -> bool:
        """``made`` for the position after the player to move plays ``card`` (declaring its marriage if ``meld``)."""
        k = self.k
        n = len(trick)
        mover = (leader + n) % k
        new_trump = trump_after_meld(card, trump) if meld else trump
        if meld and mover == self.declarer and self.melds_count:
            need -= meld_value(card)
        rest = list(hands)
        rest[mover] ^= 1 << card
        rest = tuple(rest)
        played = trick + (card,)
        if n + 1 < k:
            return self._node(rest, leader, new_trump, played, need)
        winner = (leader + trick_winner(played, new_trump)) % k
        last = not any(rest)
        if winner == self.declarer:
            need -= sum(CARD_POINTS[c] for c in played) + (self.leftover if last else 0)
        return need <= 0 if last else self._node(rest, winner, new_trump, (), need)

    def _meld_bonus(self, hand: int) -> int:
        return marriage_points(hand, self.aces)

    def _node(self, hands: tuple[int, ...], leader: int, trump: int, trick: tuple[int, ...], need: int) -> bool:
        if need <= 0:
            return True
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        k = self.k
        n = len(trick)
        decl = self.declarer
        key = None
        if n == 0:
            ceiling = sum(fast_points(h) for h in hands) + self.leftover
            if self.melds_count:
                ceiling += self._meld_bonus(hands[decl])
            if need > ceiling:
                return False
            key = (hands, leader, trump)
            bounds = self.table.get(key)
            if bounds is not None:
                if bounds[0] >= need:
                    return True
                if bounds[1] < need:
                    return False
        mover = (leader + n) % k
        maximizing = mover == decl
        result = not maximizing
        for card, meld in self._moves(hands, mover, leader, trump, trick, maximizing):
            if self.after(hands, leader, trump, trick, card, meld, need) == maximizing:
                result = maximizing
                break
        if key is not None:
            lo, hi = self.table.get(key, (0, INFINITY))
            self.table[key] = (max(lo, need), hi) if result else (lo, min(hi, need - 1))
        return result

    def _moves(self, hands: tuple[int, ...], mover: int, leader: int, trump: int, trick: tuple[int, ...],
               maximizing: bool) -> list[tuple[int, bool]]:
        """Legal moves, the likeliest best first (cut-offs come early)."""
        hand = hands[mover]
        if not trick:
            moves = []
            for s in range(4):
                m = MARRIAGES[s]
                if hand & m == m:  # leading half of a marriage always declares it
                    moves.append((s * 6 + QUEEN, True))
            held = hand
            for s in range(4):
                m = MARRIAGES[s]
                if hand & m == m:
                    held &= ~m
            cards = []
            while held:
                top = held.bit_length() - 1
                cards.append(top)
                held ^= 1 << top
            # Highest card of each suit first (the likely winners), then the rest low to high.
            tops = []
            seen = 0
            for c in cards:
                if not seen >> (c // 6) & 1:
                    seen |= 1 << (c // 6)
                    tops.append(c)
            rest = [c for c in reversed(cards) if c not in tops]
            aces = self.aces and hand & ACES == ACES  # then leading an ace always declares them
            return moves + [(c, aces and c % 6 == ACE) for c in tops + rest]
        led = trick[0] // 6
        win = trick_winner(trick, trump)
        best = trick[win]
        legal = legal_plays(hand, led, trump, best if self.must_beat else -1)
        winner_is_decl = (leader + win) % self.k == self.declarer
        my_side_winning = winner_is_decl == maximizing
        cards = []
        while legal:
            top = legal.bit_length() - 1
            cards.append(top)
            legal ^= 1 << top
        beating = [c for c in cards if beats(c, best, trump)]
        if my_side_winning:
            # Partner's trick: give it points (highest first), overtaking last.
            order = sorted(cards, key=lambda c: (c in beating, -CARD_POINTS[c]))
        else:
            order = sorted(beating, key=lambda c: (c // 6 == trump != led, c)) + \
                sorted((c for c in cards if c not in beating), key=lambda c: CARD_POINTS[c])
        return [(c, False) for c in order]

