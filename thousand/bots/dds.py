"""Double-dummy solver: trick play with every hand open, declarer against the rest.

The value of a position is the declarer's future trick points plus the
marriages it may still declare (and, with 2 players, the talon left on the
table if it takes the last trick). :meth:`Solver.search` is a fail-soft
alpha-beta search for that value inside a window; :meth:`Solver.made` asks
the cheap question "at least ``need`` more points?" with a zero window, and
:meth:`Solver.value` asks for the exact value.

What makes it quick (each is checked against brute force in the tests):

- Equivalent cards are one move. Two cards of a hand are equivalent when no
  card in play (other hands, the trick on the table) lies between them in
  rank. They differ only in points, so when the side that takes this trick is
  already certain the higher card goes to the winners and the lower one to
  the losers: one move instead of several, and the value is exact.
- A transposition table at trick boundaries keyed on the remaining hands, the
  leader and the trump keeps lower and upper bounds of the value, so later
  questions (other thresholds, other root moves of the same world) reuse work.
- Quick-trick bounds: masters the leader can cash before anyone may ruff are
  a sure lower bound (declarer on lead) or a cut of the ceiling (defender).
- Move ordering: sure winners and marriages first, points to a partner's
  trick, the cheapest card when the trick is lost.

Rules come from :mod:`thousand.tricks` (legal plays, who beats whom); the
solver adds only the bookkeeping of points and marriages.

>>> from thousand.game import _hand_mask as h
>>> s = Solver(players=2, declarer=0)
>>> s.made([h("Ah Th"), h("Kh 9s")], leader=0, trump=-1, trick=(), need=25)
True
>>> s.made([h("Ah Th"), h("Kh 9s")], leader=0, trump=-1, trick=(), need=26)
False
>>> s.value([h("Ah Th"), h("Kh 9s")], leader=0, trump=-1, trick=())
25
"""

from __future__ import annotations

from ..cards import (ACE, ACES, CARD_POINTS, MARRIAGES, QUEEN, SUIT_MASKS, fast_points, iter_cards, marriage_points,
                     meld_value, trump_after_meld)
from ..rules import Rules
from ..tricks import beats, legal_plays, trick_winner

INFINITY = 1 << 20


class OutOfBudget(Exception):
    """The node budget of a search ran out."""


def _runs(mine: int, others: int) -> tuple[tuple[int, ...], ...]:
    """Ranks of ``mine`` (a 6-bit suit pattern) in runs with no rank of ``others`` between, strongest first."""
    out, run = [], []
    for rank in range(5, -1, -1):
        if others >> rank & 1 and run:
            out.append(tuple(run))
            run = []
        elif mine >> rank & 1:
            run.append(rank)
    if run:
        out.append(tuple(run))
    return tuple(out)


# RUNS[mine | others << 6]: the equivalence classes of a suit, strongest first.
RUNS = tuple(_runs(i & 63, i >> 6) for i in range(4096))
ALL_QUEENS = sum(1 << (s * 6 + QUEEN) for s in range(4))
# BEATERS[trump + 1][card]: every card that beats ``card`` on the table (by the engine's rule).
BEATERS = tuple(tuple(sum(1 << x for x in range(24) if beats(x, card, trump)) for card in range(24))
                for trump in range(-1, 4))


def _popcount(mask: int) -> int:
    return bin(mask).count("1")


class Solver:
    """Double-dummy searches for one deal with open hands.

    ``players`` is the number of hands in a trick (2 or 3); positions are
    numbered in playing order. ``melds_count`` is false for a declarer on the
    barrel. ``leftover`` are the points of the 2-player talon that the winner
    of the last trick takes. ``budget`` caps the nodes over the solver's life.
    ``rules`` bring the ace marriage, must-beat and marriages only after a
    trick: then ``took`` (positions with a bit each, in playing order) must say
    who has taken a trick so far; only they may declare, and so may each winner
    of a trick to come. Left at ``None`` everyone may declare, as without the rule.
    (Whoever leads after the first trick has just won one, so in a deal this
    bars only a marriage on the first lead.)
    """

    def __init__(self, players: int, declarer: int, melds_count: bool = True, leftover: int = 0,
                 budget: int = INFINITY, rules: Rules = Rules(), took: int | None = None) -> None:
        self.k = players
        self.declarer = declarer
        self.melds_count = melds_count
        self.aces = rules.ace_marriage
        self.must_beat = rules.must_beat
        self.meld_needs_trick = rules.meld_requires_trick
        self.took = 0
        self.set_took(took)
        self.leftover = leftover
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.budget = budget
        self.hands: list[int] = []

    def set_took(self, took: int | None) -> None:
        """Who has taken a trick (see the class), for the questions to come."""
        everyone = (1 << self.k) - 1
        self.took = everyone if took is None or not self.meld_needs_trick else took & everyone

    # ------------------------------------------------------------ questions
    def search(self, hands, leader: int, trump: int, trick: tuple[int, ...], alpha: int, beta: int) -> int:
        """The declarer's future points, fail-soft: a value ``<= alpha`` is an
        upper bound, ``>= beta`` a lower bound, anything between is exact."""
        self.hands = list(hands)
        n = len(trick)
        if not n:
            return self._lead(leader, trump, alpha, beta)
        win = trick_winner(trick, trump)
        mask = 0
        for c in trick:
            mask |= 1 << c
        in_play = mask
        for h in hands:
            in_play |= h
        return self._follow(leader, trump, n, trick[0] // 6, trick[win], win, fast_points(mask), in_play,
                            alpha, beta)

    def made(self, hands, leader: int, trump: int, trick: tuple[int, ...], need: int) -> bool:
        """Can the declarer take ``need`` more points, from a position where
        ``leader`` led the cards in ``trick`` and the position after them is to move?"""
        return need <= 0 or self.search(hands, leader, trump, trick, need - 1, need) >= need

    def value(self, hands, leader: int, trump: int, trick: tuple[int, ...]) -> int:
        """The exact number of points the declarer takes from here."""
        return self.search(hands, leader, trump, trick, -INFINITY, INFINITY)

    def after_search(self, hands, leader: int, trump: int, trick: tuple[int, ...], card: int, meld: bool,
                     alpha: int, beta: int) -> int:
        """:meth:`search` for the position after the player to move plays ``card``
        (declaring its marriage if ``meld``), counting the meld and the trick it may end."""
        k = self.k
        n = len(trick)
        mover = (leader + n) % k
        rest = list(hands)
        rest[mover] ^= 1 << card
        gain = 0
        if meld:
            trump = trump_after_meld(card, trump)
            if mover == self.declarer and self.melds_count:
                gain = meld_value(card)
        played = tuple(trick) + (card,)
        if n + 1 < k:
            return gain + self.search(rest, leader, trump, played, alpha - gain, beta - gain)
        winner = (leader + trick_winner(played, trump)) % k
        if winner == self.declarer:
            gain += sum(CARD_POINTS[c] for c in played) + (self.leftover if not rest[0] else 0)
        if not rest[0]:
            return gain
        took = self.took
        self.took = took | 1 << winner
        try:
            return gain + self.search(rest, winner, trump, (), alpha - gain, beta - gain)
        finally:
            self.took = took

    def after(self, hands, leader: int, trump: int, trick: tuple[int, ...], card: int, meld: bool,
              need: int) -> bool:
        """:meth:`made` for the position after the player to move plays ``card``."""
        return self.after_search(hands, leader, trump, trick, card, meld, need - 1, need) >= need

    # ------------------------------------------------------------ bounds
    def _quick(self, hands: list[int], leader: int, trump: int) -> int:
        """Points the leader's side takes for sure by cashing masters from the lead.

        Side-suit masters count while every other player who holds a trump
        must still follow the suit; master trumps always count. Halves of a
        marriage are left out (leading one declares it and changes the trump).
        """
        hand = hands[leader]
        for s in range(4):
            if hand & MARRIAGES[s] == MARRIAGES[s]:
                hand &= ~MARRIAGES[s]
        if not hand:
            return 0
        # A defender's partner counts as an opponent here: forced to ruff or overtake, it would
        # take the lead away and end the run (the trick is the side's, the next masters are not sure).
        opponents = [h for p, h in enumerate(hands) if p != leader]
        theirs = 0
        for h in opponents:
            theirs |= h
        ruffers = [h for h in opponents if trump >= 0 and h & SUIT_MASKS[trump]]
        total = 0
        for s in range(4):
            mine = hand & SUIT_MASKS[s]
            if not mine:
                continue
            top = (theirs & SUIT_MASKS[s]).bit_length()
            masters = mine >> top << top
            if not masters:
                continue
            if s != trump and ruffers:
                room = min(_popcount(h & SUIT_MASKS[s]) for h in ruffers)
                while masters and _popcount(masters) > room:
                    masters &= masters - 1  # drop the lowest master
            total += fast_points(masters)
        return total

    # ------------------------------------------------------------ search
    def _lead(self, leader: int, trump: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        hands = self.hands
        decl = self.declarer
        everything = 0
        # Only the leader's own trick matters: whoever leads later has just taken one.
        key = (leader << 3 | (trump + 1)) << 1 | (self.took >> leader & 1 if self.meld_needs_trick else 0)
        for h in hands:
            everything |= h
            key = key << 24 | h
        entry = self.table.get(key)
        if entry is None:  # the bounds of a stored entry already include these
            lo, hi = 0, fast_points(everything) + self.leftover
            if self.melds_count:
                hi += marriage_points(hands[decl], self.aces)
            if hi > alpha and lo < beta:
                quick = self._quick(hands, leader, trump)
                if leader == decl:
                    lo = quick
                else:
                    hi -= quick
        else:
            lo, hi = entry
        if lo >= beta or lo >= hi:
            return lo
        if hi <= alpha:
            return hi
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi

        hand = hands[leader]
        maximizing = leader == decl
        best = -INFINITY if maximizing else INFINITY
        for card, meld in self._lead_moves(hand, everything ^ hand, leader, trump):
            hands[leader] = hand ^ (1 << card)
            if meld:
                new_trump = trump_after_meld(card, trump)
                gain = meld_value(card) if maximizing and self.melds_count else 0
                v = gain + self._follow(leader, new_trump, 1, card // 6, card, 0, CARD_POINTS[card], everything,
                                        a - gain, b - gain)
            else:
                v = self._follow(leader, trump, 1, card // 6, card, 0, CARD_POINTS[card], everything, a, b)
            hands[leader] = hand
            if maximizing:
                if v > best:
                    best = v
                    if v > a:
                        a = v
                        if a >= b:
                            break
            elif v < best:
                best = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        new_lo, new_hi = lo, hi
        if best <= (alpha if alpha > lo else lo):
            new_hi = min(hi, best)
        elif best >= (beta if beta < hi else hi):
            new_lo = max(lo, best)
        else:
            new_lo = new_hi = best
        self.table[key] = (new_lo, new_hi)
        return best

    def _follow(self, leader: int, trump: int, n: int, led: int, top: int, win: int, points: int, in_play: int,
                alpha: int, beta: int) -> int:
        """Position ``n`` of a trick is to play; ``top`` (played at position ``win``) is winning it;
        ``in_play`` are the cards of the hands and the table (the hands when the trick began)."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        hands = self.hands
        k = self.k
        decl = self.declarer
        mover = (leader + n) % k
        hand = hands[mover]
        maximizing = mover == decl
        last = n + 1 == k
        best = -INFINITY if maximizing else INFINITY
        beaters = BEATERS[trump + 1][top]
        for card in self._follow_moves(hand, leader, trump, n, led, top, win, in_play & ~hand, mover):
            hands[mover] = hand ^ (1 << card)
            if beaters >> card & 1:
                new_top, new_win = card, n
            else:
                new_top, new_win = top, win
            total = points + CARD_POINTS[card]
            if last:
                winner = (leader + new_win) % k
                gain = total + (0 if hands[mover] else self.leftover) if winner == decl else 0
                if not hands[mover]:
                    v = gain
                elif self.took >> winner & 1:
                    v = gain + self._lead(winner, trump, alpha - gain, beta - gain)
                else:  # the winner's first trick: from now on it may declare
                    self.took |= 1 << winner
                    v = gain + self._lead(winner, trump, alpha - gain, beta - gain)
                    self.took ^= 1 << winner
            else:
                v = self._follow(leader, trump, n + 1, led, new_top, new_win, total, in_play, alpha, beta)
            hands[mover] = hand
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    # ------------------------------------------------------------ moves
    def _settled(self, card: int, leader: int, trump: int, led: int, n: int, win_side: bool) -> bool:
        """After ``card`` (now winning, or not) at position ``n``: can no later player of the
        other side than the winner's (``win_side``: is the winner the declarer?) take the trick?"""
        k = self.k
        hands = self.hands
        beaters = BEATERS[trump + 1][card]
        for j in range(n + 1, k):
            p = (leader + j) % k
            if (p == self.declarer) != win_side and legal_plays(hands[p], led, trump) & beaters:
                return False
        return True

    def _held_marriages(self, hand: int) -> int:
        """The cards of the marriages in ``hand`` (with the ace-marriage rule, the four aces too)."""
        queens = hand & hand >> 1 & ALL_QUEENS
        held = queens | queens << 1
        if self.aces and hand & ACES == ACES:
            held |= ACES
        return held

    def _lead_moves(self, hand: int, others: int, leader: int, trump: int) -> list[tuple[int, bool]]:
        """Marriages first (leading a half always declares it, and so does leading an ace
        of the four with the ace marriage on), then sure winners, then the rest low first."""
        moves = []
        plain = hand
        if not self.took >> leader & 1:  # no trick taken yet: no marriage may be declared
            held = self._held_marriages(hand)  # yet its halves are never equivalent to other cards: it may come later
            return self._plain_leads(moves, plain & ~held, others, leader, trump) + [
                (c, False) for c in iter_cards(held)]
        for s in (3, 2, 1, 0):
            if hand & MARRIAGES[s] == MARRIAGES[s]:
                moves.append((s * 6 + QUEEN, True))
                plain &= ~MARRIAGES[s]
        if self.aces and hand & ACES == ACES:
            moves += [(s * 6 + ACE, True) for s in (3, 2, 1, 0)]
            plain &= ~ACES
        return self._plain_leads(moves, plain, others, leader, trump)

    def _plain_leads(self, moves: list[tuple[int, bool]], plain: int, others: int, leader: int,
                     trump: int) -> list[tuple[int, bool]]:
        """``moves`` (the marriages), then the leads of ``plain``: sure winners, then the rest low first."""
        winners, rest = [], []
        is_decl = leader == self.declarer
        for s in range(4):
            mine = plain >> (6 * s) & 63
            if not mine:
                continue
            for run in RUNS[mine | (others >> (6 * s) & 63) << 6]:
                top = s * 6 + run[0]
                if self._settled(top, leader, trump, s, 0, is_decl):
                    winners.append(top)
                else:
                    rest += [s * 6 + r for r in run]
        winners.sort(key=CARD_POINTS.__getitem__, reverse=True)
        rest.sort(key=CARD_POINTS.__getitem__)
        return moves + [(c, False) for c in winners + rest]

    def _follow_moves(self, hand: int, leader: int, trump: int, n: int, led: int, top: int, win: int,
                      others: int, mover: int) -> list[int]:
        """Legal cards by equivalence class (``others``: every other card in play, the table's
        included); points onto a partner's trick, a cheap winner, else the cheapest loser."""
        k = self.k
        decl = self.declarer
        legal = legal_plays(hand, led, trump, top if self.must_beat else -1)
        marriages = self._held_marriages(hand)  # never equivalent to other cards
        me_decl = mover == decl
        top_decl = (leader + win) % k == decl
        partner_winning = top_decl == me_decl
        beaters = BEATERS[trump + 1][top]
        last = n + 1 == k  # the last card decides the trick: one card per class
        gifts, takers, losers = [], [], []
        for s in range(4):
            mine = legal >> (6 * s) & 63
            if not mine:
                continue
            single = marriages >> (6 * s) & mine
            runs = RUNS[(mine & ~single) | (others >> (6 * s) & 63) << 6]
            if single:
                runs += tuple((r,) for r in range(5, -1, -1) if single >> r & 1)
            for run in runs:
                card = s * 6 + run[0]
                takes = beaters >> card & 1
                winner_decl = me_decl if takes else top_decl
                if last or self._settled(card if takes else top, leader, trump, led, n, winner_decl):
                    cards = [card if winner_decl == me_decl else s * 6 + run[-1]]
                else:
                    cards = [s * 6 + r for r in run]
                if takes and not partner_winning:
                    takers += cards
                elif partner_winning and not takes:
                    gifts += cards
                else:
                    losers += cards
        if partner_winning:
            gifts.sort(key=CARD_POINTS.__getitem__, reverse=True)
            losers.sort(key=CARD_POINTS.__getitem__)
            return gifts + losers
        if len(takers) > 1:
            takers.sort(key=lambda c: (c // 6 == trump != led, c))
        losers.sort(key=CARD_POINTS.__getitem__)
        return takers + losers
