"""The game state machine: one object that owns every rule of a game of Thousand.

>>> from thousand import Game
>>> game = Game(players=3, seed=42)
>>> game.phase, game.to_move in (0, 1, 2)
('bidding', True)
>>> while not game.is_over:                      # everyone plays the first legal move
...     game.apply(game.legal_actions()[0])
>>> Game.replay(game.record()) == game           # a record replays to the same state
True

Seats are numbered clockwise from 0. Chance (the shuffle) is explicit: the
k-th deal of a game comes from :func:`thousand.rng.shuffled_deck` and depends
only on the seed, the player count and k.
"""

from __future__ import annotations

from typing import Iterable

from . import actions as A
from .actions import ACTIONS, Action
from .cards import (
    CARD_POINTS,
    FULL_DECK,
    NINES,
    cards_of,
    count,
    fast_points,
    mask_of,
    meld_value,
    parse_card,
    trump_after_meld,
)
from .legal import BIDDING, BLIND, CONTRACT, GIVING, OVER, PLAY, TALON, legal_actions
from .legal import bid_limit  # noqa: F401  (the bots import it from here)
from .outcomes import deal_outcomes
from .rng import first_dealer, shuffled_deck
from .rules import Rules
from .scoring import DASHED, GOAL, NOTHING, Note, Outcome, ScoreSheet, round_points
from .tricks import trick_winner

OPENING_BID = 100


class IllegalActionError(ValueError):
    """An action that is not legal now. The state is left unchanged."""


def choose_winner(totals: list[int], declarer: int | None, first_hand: int) -> int:
    """The highest total wins; a tie goes to the declarer of the last deal, then to
    the earliest tied seat clockwise from its first hand."""
    top = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == top]
    if declarer in leaders:
        return declarer
    n = len(totals)
    return next(s for s in ((first_hand + i) % n for i in range(n)) if s in leaders)


def sitter_seat(players: int, dealer: int, rules: Rules) -> int:
    """The seat that sits on the talon in a deal by ``dealer``: with 4 players the dealer's right
    (or, by the dealer_sits rule, the dealer); -1 with fewer players.

    >>> sitter_seat(4, 0, Rules()), sitter_seat(4, 0, Rules(dealer_sits=True)), sitter_seat(3, 0, Rules())
    (3, 0, -1)
    """
    if players != 4:
        return -1
    return dealer if rules.dealer_sits else (dealer + 3) % 4


def _hand_mask(cards: int | str | Iterable) -> int:
    if isinstance(cards, int):
        return cards
    if isinstance(cards, str):
        cards = cards.split()
    return mask_of(parse_card(c) if isinstance(c, str) else c for c in cards)


class Game:
    """A whole game to 1000 for 2, 3 or 4 players."""

    def __init__(self, players: int = 3, seed: int = 0, rules: Rules | None = None) -> None:
        if players not in (2, 3, 4):
            raise ValueError(f"Thousand is played by 2, 3 or 4 players, not {players}")
        self.players = players
        self.seed = seed
        self.rules = rules or Rules()
        self.sheet = ScoreSheet(players, self.rules)
        self.history: list[Action] = []
        self.deal_no = 0  # index of the shuffle behind the current deal (redeals count)
        self.dealer = first_dealer(seed, players)
        self.winner: int | None = None
        self.last_deal: dict | None = None
        self._custom_deal: tuple | None = None
        self._origin: dict | None = None
        self._start_deal()

    # ------------------------------------------------------------------ setup
    @classmethod
    def from_deal(cls, players: int, dealer: int, hands, talon=None, talons=None, *, seed: int = 0,
                  rules: Rules | None = None, totals=None, dashes=None, used_fall=None,
                  used_write_off=None, barrel_deals=None) -> "Game":
        """A game whose first deal is given by hand (for tests and puzzles).

        ``hands`` are indexed by seat (the 4-player sitter's hand is empty);
        cards may be masks, lists or strings like ``"Ah Kh 9s"``. Later deals
        come from ``seed``. ``totals`` etc. set the score sheet before the deal.
        """
        game = cls.__new__(cls)
        game._origin = dict(players=players, dealer=dealer, hands=hands, talon=talon, talons=talons, seed=seed,
                            rules=rules, totals=totals, dashes=dashes, used_fall=used_fall,
                            used_write_off=used_write_off, barrel_deals=barrel_deals)
        game.players = players
        game.seed = seed
        game.rules = rules or Rules()
        game.sheet = ScoreSheet(players, game.rules, list(totals or []), list(dashes or []), list(used_fall or []),
                                list(used_write_off or []), list(barrel_deals or []))
        game.history = []
        game.deal_no = 0
        game.dealer = dealer
        game.winner = None
        game.last_deal = None
        masks = [_hand_mask(h) for h in hands]
        extra = [_hand_mask(talon)] if players > 2 else [_hand_mask(t) for t in talons]
        everything = masks + extra
        if len(masks) != players or sum(count(m) for m in everything) != 24 or \
                mask_of(c for m in everything for c in cards_of(m)) != FULL_DECK:
            raise ValueError("a hand-made deal must hold every one of the 24 cards exactly once")
        game._custom_deal = (masks, extra)
        game._start_deal()
        return game

    def _start_deal(self) -> None:
        """Deal the cards for deal ``deal_no``; redeal (same dealer) while a redeal is due."""
        n = self.players
        while True:
            first = (self.dealer + 1) % n
            self.first_hand = first
            self.sitter = sitter_seat(n, self.dealer, self.rules)
            self.active = tuple((first + i) % n for i in range(n) if (first + i) % n != self.sitter)
            self.hands = [0] * n
            if self._custom_deal is not None and self.deal_no == 0:
                masks, extra = self._custom_deal
                self.hands = list(masks)
            else:
                deck = shuffled_deck(self.seed, n, self.deal_no)
                size = 10 if n == 2 else 7
                for i, seat in enumerate(self.active):
                    self.hands[seat] = mask_of(deck[i * size:(i + 1) * size])
                if n == 2:
                    extra = [mask_of(deck[20:22]), mask_of(deck[22:24])]
                else:
                    extra = [mask_of(deck[21:24])]
            self.talons = extra
            why = self._redeal_reason()
            if why is None:
                break
            # Nines: every player a dash, the 4-player sitter too ("всім прочерк"); a weak hand: nobody.
            dash = NOTHING if why.key == "note.redeal_weak" else DASHED
            self._record(kind="redeal", outcomes=[dash] * n, notes=(why,))
            self.deal_no += 1
        self.dealt_hands = tuple(self.hands)
        self.deal_start = len(self.history)  # the moves before this deal (a shared link replays them)
        self._next = {self.active[i]: self.active[(i + 1) % len(self.active)] for i in range(len(self.active))}
        # With blind bidding the first hand decides first, before looking at the cards.
        self.phase = BLIND if self.rules.blind else BIDDING
        self.blind = False  # a blind bid stands (until overbid), or the contract is blind
        self.bids: list[tuple[int, int | None]] = [(first, OPENING_BID)]
        self.bid = OPENING_BID
        self.high_bidder = first
        self.passed = 0
        self.to_move: int | None = first if self.phase == BLIND else self._next[first]
        self.declarer: int | None = None
        self.contract: int | None = None
        self.taken_talon: int | None = None
        self.gifts: list[tuple[int, int]] = []  # (card, seat)
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.last_trick: tuple[tuple[int, ...], tuple[int, ...], int] | None = None
        self.trump = -1
        self.melds: list[tuple[int, int]] = []  # (seat, card led to declare) in order
        self.meld_points = [0] * n
        self.trick_points = [0] * n
        self.tricks_won = [0] * n
        self.played = 0
        self._legal_cache: list[int] | None = None

    def _redeal_reason(self) -> Note | None:
        """Why this deal must be redealt (the redealing hand is shown, so this is
        public), or None when it is played: four nines in a hand, three in the
        talon, or (the weak_hand rule) a hand below that many points."""
        for seat, hand in enumerate(self.hands):
            if count(hand & NINES) == 4:
                return Note.make("note.redeal_nines_hand", seat=seat)
        if self.players > 2 and count(self.talons[0] & NINES) == 3:
            return Note.make("note.redeal_nines_talon")
        weak = self.rules.weak_hand
        if weak:
            for seat in self.active:
                points = fast_points(self.hands[seat])
                if points < weak:
                    return Note.make("note.redeal_weak", seat=seat, points=points, limit=weak)
        return None

    # --------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def on_barrel(self, seat: int) -> bool:
        return self.sheet.on_barrel(seat)

    def hand_hidden(self, seat: int) -> bool:
        """Blind bidding: the first hand has not looked at its cards yet (it decides
        blind or look, or its blind bid still stands in the bidding)."""
        return seat == self.first_hand and (self.phase == BLIND or self.phase == BIDDING and self.blind)

    @property
    def golden_deal(self) -> bool:
        """Is this deal in the golden round (the first deal dealt by each seat), where every score counts double?"""
        return self.rules.golden and sum(row.kind != "redeal" for row in self.sheet.rows) < self.players

    def round(self, points: int) -> int:
        """A defender's or the sitter's points, rounded as the rules say."""
        return round_points(points, self.rules.rounding)

    def legal_actions(self) -> list[Action]:
        """Legal actions of the player to move (empty when the game is over)."""
        return list(self._legal())

    def _legal(self) -> list[Action]:
        if self._legal_cache is None:
            self._legal_cache = legal_actions(self)
        return self._legal_cache

    # --------------------------------------------------------------- actions
    def apply(self, action: Action | int | str) -> None:
        """Apply a legal action (an :class:`Action`, its code or its notation).

        Raises :class:`IllegalActionError` (state unchanged) if it is not legal now.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        legal = self._legal()
        if action not in legal:
            options = " ".join(str(a) for a in legal) or "none (the game is over)"
            try:
                name = str(ACTIONS[action])
            except (IndexError, TypeError):
                name = repr(action)
            raise IllegalActionError(
                f"illegal action {name!r} in phase {self.phase!r} for seat {self.to_move}; legal: {options}"
            )
        self._legal_cache = None
        self.history.append(ACTIONS[action])
        phase = self.phase
        if phase == PLAY:
            self._play(action)
        elif phase in (BIDDING, BLIND):
            self._bid(action)
        elif phase == GIVING:
            self._give(action)
        elif phase == CONTRACT:
            self._contract(action)
        else:
            self._take_talon(action - A.TALON0)

    push = apply

    def _bid(self, action: int) -> None:
        p = self.to_move
        self.phase = BIDDING  # after the first hand's look or blind bid, if blind bidding is on
        if action == A.PASS:
            self.passed |= 1 << p
            self.bids.append((p, None))
            if len(self.active) - count(self.passed) == 1:
                self._end_bidding()
                return
        elif action != A.LOOK:
            self.blind = action == A.BLIND  # any other bid overbids a blind one, whose bidder then looks
            self.bid = ACTIONS[action].value
            self.high_bidder = p
            self.bids.append((p, self.bid))
        nxt = self._next[p]
        while self.passed >> nxt & 1:
            nxt = self._next[nxt]
        self.to_move = nxt

    def _end_bidding(self) -> None:
        d = self.high_bidder
        self.declarer = d
        self.to_move = d
        if self.players == 2:
            self.phase = TALON
        else:
            self.taken_talon = 0
            self.hands[d] |= self.talons[0]
            self.phase = GIVING

    def _take_talon(self, index: int) -> None:
        self.taken_talon = index
        self.hands[self.declarer] |= self.talons[index]
        self.phase = GIVING

    def _give(self, action: int) -> None:
        seat, card = divmod(action - A.GIVE0, 24)
        d = self.declarer
        self.hands[d] &= ~(1 << card)
        self.hands[seat] |= 1 << card
        self.gifts.append((card, seat))
        if len(self.gifts) == len(self.active) - 1:
            self.phase = CONTRACT

    def _contract(self, action: int) -> None:
        d = self.declarer
        if action == A.FALL:
            self.sheet.used_fall[d] += 1
            self._finish_deal("fall")
        elif action == A.WRITE_OFF:
            self.sheet.used_write_off[d] += 1
            self._finish_deal("write_off")
        else:
            self.contract = ACTIONS[action].value
            self.phase = PLAY
            self.to_move = d

    def _play(self, action: int) -> None:
        p = self.to_move
        if action >= A.MELD0:
            card = action - A.MELD0
            self.trump = trump_after_meld(card, self.trump)
            self.melds.append((p, card))
            self.meld_points[p] += meld_value(card)
        else:
            card = action
        self.hands[p] &= ~(1 << card)
        self.played |= 1 << card
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(p)
        if len(trick) < len(self.active):
            self.to_move = self._next[p]
            return
        winner = self.trick_seats[trick_winner(trick, self.trump)]
        self.trick_points[winner] += CARD_POINTS[trick[0]] + CARD_POINTS[trick[1]] + (
            CARD_POINTS[trick[2]] if len(trick) == 3 else 0)
        self.tricks_won[winner] += 1
        self.last_trick = (tuple(trick), tuple(self.trick_seats), winner)
        self.trick = []
        self.trick_seats = []
        self.to_move = winner
        if not self.hands[winner]:
            if self.players == 2:  # the talon left on the table goes to the last trick
                self.trick_points[winner] += fast_points(self.talons[1 - self.taken_talon])
            self._finish_deal("played")

    # ---------------------------------------------------------------- scoring
    def _finish_deal(self, kind: str) -> None:
        outcomes = deal_outcomes(self, kind)
        d = self.declarer
        contract = self.contract if kind == "played" else self.bid
        self.last_deal = {
            "deal": self.deal_no, "kind": kind, "declarer": d, "contract": contract,
            "trick_points": list(self.trick_points), "meld_points": list(self.meld_points),
            "made": None if kind != "played" else outcomes[d].points > 0,
            "talons": [cards_of(t) for t in self.talons], "taken_talon": self.taken_talon, "bid": self.bid,
            "last_trick": self.last_trick, "blind": self.blind, "golden": self.golden_deal,
        }
        self._record(kind, outcomes)
        self._after_deal()

    def _record(self, kind: str, outcomes: list[Outcome], notes: tuple[Note, ...] = ()) -> None:
        redeal = kind == "redeal"
        declarer = None if redeal else self.declarer
        contract = None if redeal else (self.contract if kind == "played" else self.bid)
        self.sheet.record(self.deal_no, self.dealer, kind, declarer, contract, outcomes, notes, self.sitter,
                          not redeal and self.blind, not redeal and self.golden_deal)

    def _after_deal(self) -> None:
        if max(self.sheet.totals) >= GOAL:
            self.winner = choose_winner(self.sheet.totals, self.declarer, self.first_hand)
            self.phase = OVER
            self.to_move = None
            self._legal_cache = None
            return
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.players
        self._start_deal()

    # ------------------------------------------------------- records and undo
    def record(self) -> "Record":
        from .notation import Record

        if self._custom_deal is not None:
            raise ValueError("a game started from a hand-made deal has no seed record")
        return Record(self.players, self.rules, self.seed, tuple(self.history))

    @classmethod
    def replay(cls, record: "Record") -> "Game":
        """Replay a record; raises :class:`IllegalActionError` naming the bad move."""
        game = cls(record.players, record.seed, record.rules)
        for i, action in enumerate(record.actions):
            try:
                game.apply(action)
            except IllegalActionError as err:
                raise IllegalActionError(f"record move {i + 1} ({action}): {err}") from None
        return game

    def pop(self) -> Action:
        """Undo the last action (by replaying the rest)."""
        if not self.history:
            raise IndexError("no action to undo")
        last = self.history[-1]
        actions = self.history[:-1]
        fresh = self._fresh()
        for a in actions:
            fresh.apply(a)
        self.__dict__.update(fresh.__dict__)
        return last

    @property
    def hand_made(self) -> bool:
        """Was the first deal given by hand (:meth:`from_deal`)? Then no link or seed rebuilds it."""
        return self._origin is not None

    def _fresh(self) -> "Game":
        if not self.hand_made:
            return Game(self.players, self.seed, self.rules)
        return Game.from_deal(**self._origin)

    def copy(self) -> "Game":
        """An independent copy (cheap: lists are copied, values are shared)."""
        other = Game.__new__(Game)
        d = dict(self.__dict__)
        for key in ("hands", "talons", "bids", "gifts", "trick", "trick_seats", "melds", "meld_points",
                    "trick_points", "tricks_won", "history"):
            d[key] = list(d[key])
        d["sheet"] = self.sheet.copy()
        d["_legal_cache"] = None
        other.__dict__.update(d)
        return other

    def _key(self) -> tuple:
        s = self.sheet
        return (self.players, self.rules, self.seed, self.phase, self.deal_no, self.dealer, self.to_move,
                tuple(self.hands), tuple(self.talons), tuple(self.bids), self.bid, self.blind, self.high_bidder,
                self.passed,
                self.declarer, self.contract, self.taken_talon, tuple(self.gifts), tuple(self.trick),
                tuple(self.trick_seats), self.last_trick, self.trump, tuple(self.melds), tuple(self.meld_points),
                tuple(self.trick_points), tuple(self.tricks_won), tuple(self.history), tuple(s.totals),
                tuple(s.dashes), tuple(s.used_fall), tuple(s.used_write_off), tuple(s.barrel_deals), tuple(s.rows),
                self.winner)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    __hash__ = None  # mutable

    def view(self, seat: int) -> dict:
        """What ``seat`` may know, as JSON-ready data (see :mod:`thousand.view`)."""
        from .view import build_view

        return build_view(self, seat)

    def __repr__(self) -> str:
        return f"<Game players={self.players} seed={self.seed} deal={self.deal_no} phase={self.phase}>"

