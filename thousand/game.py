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
    KING,
    MARRIAGE_VALUES,
    MARRIAGES,
    NINES,
    QUEEN,
    cards_of,
    count,
    fast_points,
    marriage_points,
    mask_of,
    parse_card,
)
from .rng import first_dealer, shuffled_deck
from .rules import Rules
from .scoring import (
    DASH,
    DASHED,
    KEEP,
    NOTHING,
    RESET,
    WRITE_OFF_POINTS,
    Note,
    Outcome,
    GOAL,
    ScoreSheet,
    round_points,
)
from .tricks import legal_plays, trick_winner

BIDDING, TALON, GIVING, CONTRACT, PLAY, OVER = "bidding", "talon", "giving", "contract", "play", "over"
OPENING_BID = 100
BID_STEP = 10
BASE_LIMIT = 120


class IllegalActionError(ValueError):
    """An action that is not legal now. The state is left unchanged."""


def bid_limit(hand: int) -> int:
    """Highest bid or contract a hand may name: 120 plus its marriages."""
    return BASE_LIMIT + marriage_points(hand)


def _card_actions(mask: int) -> list[Action]:
    """Play actions for the cards of ``mask``, strongest suit and rank first."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(ACTIONS[top])
        mask ^= 1 << top
    return out


def choose_winner(totals: list[int], declarer: int | None, first_hand: int) -> int:
    """The highest total wins; a tie goes to the declarer of the last deal, then to
    the earliest tied seat clockwise from its first hand."""
    top = max(totals)
    leaders = [s for s, t in enumerate(totals) if t == top]
    if declarer in leaders:
        return declarer
    n = len(totals)
    return next(s for s in ((first_hand + i) % n for i in range(n)) if s in leaders)


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
        self.sheet = ScoreSheet(players)
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
                  used_write_off=None) -> "Game":
        """A game whose first deal is given by hand (for tests and puzzles).

        ``hands`` are indexed by seat (the 4-player sitter's hand is empty);
        cards may be masks, lists or strings like ``"Ah Kh 9s"``. Later deals
        come from ``seed``. ``totals`` etc. set the score sheet before the deal.
        """
        game = cls.__new__(cls)
        game._origin = dict(players=players, dealer=dealer, hands=hands, talon=talon, talons=talons, seed=seed,
                            rules=rules, totals=totals, dashes=dashes, used_fall=used_fall,
                            used_write_off=used_write_off)
        game.players = players
        game.seed = seed
        game.rules = rules or Rules()
        game.sheet = ScoreSheet(players, list(totals or []), list(dashes or []), list(used_fall or []),
                                list(used_write_off or []))
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
            if n == 4:
                self.sitter = (self.dealer + 3) % 4
                self.active = (first, (first + 1) % 4, self.dealer)
            else:
                self.sitter = -1
                self.active = tuple((first + i) % n for i in range(n))
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
            self._record(kind="redeal", outcomes=[DASHED if s in self.active else NOTHING for s in range(n)],
                         notes=(why,))
            self.deal_no += 1
        self.dealt_hands = tuple(self.hands)
        self.deal_start = len(self.history)  # the moves before this deal (a shared link replays them)
        self._next = {self.active[i]: self.active[(i + 1) % len(self.active)] for i in range(len(self.active))}
        self.phase = BIDDING
        self.bids: list[tuple[int, int | None]] = [(first, OPENING_BID)]
        self.bid = OPENING_BID
        self.high_bidder = first
        self.passed = 0
        self.to_move: int | None = self._next[first]
        self.declarer: int | None = None
        self.contract: int | None = None
        self.taken_talon: int | None = None
        self.gifts: list[tuple[int, int]] = []  # (card, seat)
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.last_trick: tuple[tuple[int, ...], tuple[int, ...], int] | None = None
        self.trump = -1
        self.melds: list[tuple[int, int]] = []  # (seat, suit) in order
        self.meld_points = [0] * n
        self.trick_points = [0] * n
        self.tricks_won = [0] * n
        self.played = 0
        self._legal_cache: list[int] | None = None

    def _redeal_reason(self) -> Note | None:
        """Why this deal must be redealt (the redealing hand is shown, so this is
        public), or None when it is played."""
        for seat, hand in enumerate(self.hands):
            if count(hand & NINES) == 4:
                return Note.make("note.redeal_nines_hand", seat=seat)
        if self.players > 2 and count(self.talons[0] & NINES) == 3:
            return Note.make("note.redeal_nines_talon")
        return None

    # --------------------------------------------------------------- queries
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def on_barrel(self, seat: int) -> bool:
        return self.sheet.on_barrel(seat)

    def legal_actions(self) -> list[Action]:
        """Legal actions of the player to move (empty when the game is over)."""
        return list(self._legal())

    def _legal(self) -> list[Action]:
        if self._legal_cache is not None:
            return self._legal_cache
        phase = self.phase
        p = self.to_move
        out: list[Action]
        if phase == PLAY:
            hand = self.hands[p]
            if self.trick:
                out = _card_actions(legal_plays(hand, self.trick[0] // 6, self.trump))
            else:
                out = _card_actions(hand)
                if not self.rules.meld_requires_trick or self.tricks_won[p]:
                    for s in range(4):
                        m = MARRIAGES[s]
                        if hand & m == m:
                            out.append(ACTIONS[A.MELD0 + s * 6 + KING])
                            out.append(ACTIONS[A.MELD0 + s * 6 + QUEEN])
        elif phase == BIDDING:
            out = [ACTIONS[A.PASS]]
            nxt = self.bid + BID_STEP
            if nxt <= bid_limit(self.hands[p]):
                out.append(ACTIONS[A.BID0 + nxt // 10])
        elif phase == GIVING:
            received = {seat for _, seat in self.gifts}
            hand_cards = cards_of(self.hands[p])
            out = [ACTIONS[A.GIVE0 + seat * 24 + c] for seat in self.active if seat != p and seat not in received
                   for c in hand_cards]
        elif phase == CONTRACT:
            values = [self.bid, *range(self.bid + BID_STEP, bid_limit(self.hands[p]) + 1, BID_STEP)]
            out = [ACTIONS[A.CONTRACT0 + v // 10] for v in values]
            if not self.sheet.used_fall[p]:
                out.append(ACTIONS[A.FALL])
            if not self.sheet.used_write_off[p]:
                out.append(ACTIONS[A.WRITE_OFF])
        elif phase == TALON:
            out = [ACTIONS[A.TALON0], ACTIONS[A.TALON0 + 1]]
        else:
            out = []
        self._legal_cache = out
        return out

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
        elif phase == BIDDING:
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
        if action == A.PASS:
            self.passed |= 1 << p
            self.bids.append((p, None))
            if len(self.active) - count(self.passed) == 1:
                self._end_bidding()
                return
        else:
            self.bid = (action - A.BID0) * 10
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
            self.sheet.used_fall[d] = True
            self._finish_deal("fall")
        elif action == A.WRITE_OFF:
            self.sheet.used_write_off[d] = True
            self._finish_deal("write_off")
        else:
            self.contract = (action - A.CONTRACT0) * 10
            self.phase = PLAY
            self.to_move = d

    def _play(self, action: int) -> None:
        p = self.to_move
        if action >= A.MELD0:
            card = action - A.MELD0
            suit = card // 6
            self.trump = suit
            self.melds.append((p, suit))
            self.meld_points[p] += MARRIAGE_VALUES[suit]
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
        n = self.players
        d = self.declarer
        barrel = self.sheet.on_barrel
        outcomes: list[Outcome] = []
        for s in range(n):
            if s == self.sitter:
                outcomes.append(self._sitter_outcome(kind))
            elif s == d:
                if kind == "fall":
                    outcomes.append(Outcome(-self.bid, RESET))
                elif kind == "write_off":
                    outcomes.append(Outcome(None, KEEP, "р"))
                else:
                    outcomes.append(self._declarer_outcome())
            elif kind == "fall":
                outcomes.append(DASHED)
            elif kind == "write_off":
                outcomes.append(Outcome(None, KEEP, note=Note.make("note.on_barrel", seat=s)) if barrel(s)
                                else Outcome(WRITE_OFF_POINTS, KEEP))
            elif barrel(s):
                outcomes.append(self._barrel_outcome(s))
            else:
                pts = round_points(self.trick_points[s] + self.meld_points[s])
                outcomes.append(Outcome(pts, RESET) if pts else DASHED)
        contract = self.contract if kind == "played" else self.bid
        self.last_deal = {
            "deal": self.deal_no, "kind": kind, "declarer": d, "contract": contract,
            "trick_points": list(self.trick_points), "meld_points": list(self.meld_points),
            "made": None if kind != "played" else outcomes[d].points > 0,
            "talons": [cards_of(t) for t in self.talons], "taken_talon": self.taken_talon, "bid": self.bid,
            "last_trick": self.last_trick,
        }
        self._record(kind, outcomes)
        self._after_deal()

    def _declarer_outcome(self) -> Outcome:
        """A played deal: exactly the contract if made, else minus it. On the barrel
        marriages do not count, which the note says when that lost the contract."""
        s = self.declarer
        on_barrel = self.sheet.on_barrel(s)
        pts = self.trick_points[s] + (0 if on_barrel else self.meld_points[s])
        if pts >= self.contract:
            return Outcome(self.contract, RESET)
        note = None
        if on_barrel and self.meld_points[s]:
            note = Note.make("note.barrel_no_melds", seat=s, tricks=self.trick_points[s], contract=self.contract)
        return Outcome(-self.contract, RESET, note=note)

    def _barrel_outcome(self, s: int) -> Outcome:
        """An opponent on the barrel in a played deal records nothing: a dash without
        a trick (with the strict barrel, always), else the series restarts."""
        if self.rules.strict_barrel:
            return Outcome(None, DASH, note=Note.make("note.barrel_dash_strict", seat=s))
        if not self.tricks_won[s]:
            return Outcome(None, DASH, note=Note.make("note.barrel_dash", seat=s))
        return Outcome(None, RESET, note=Note.make("note.on_barrel", seat=s))

    def _sitter_outcome(self, kind: str) -> Outcome:
        """4 players: the sitter scores the talon's cards and a marriage lying in it."""
        s = self.sitter
        if self.sheet.on_barrel(s):
            return Outcome(None, KEEP, note=Note.make("note.on_barrel", seat=s))
        talon = self.talons[0]
        pts = round_points(fast_points(talon) + marriage_points(talon))
        if kind == "write_off":  # a written-off deal leaves every dash series alone
            return Outcome(pts, KEEP)
        return Outcome(pts, RESET) if pts else DASHED

    def _record(self, kind: str, outcomes: list[Outcome], notes: tuple[Note, ...] = ()) -> None:
        declarer = None if kind == "redeal" else self.declarer
        contract = None if kind == "redeal" else (self.contract if kind == "played" else self.bid)
        self.sheet.record(self.deal_no, self.dealer, kind, declarer, contract, outcomes, notes)

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

    def _fresh(self) -> "Game":
        if self._origin is None:
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
                tuple(self.hands), tuple(self.talons), tuple(self.bids), self.bid, self.high_bidder, self.passed,
                self.declarer, self.contract, self.taken_talon, tuple(self.gifts), tuple(self.trick),
                tuple(self.trick_seats), self.last_trick, self.trump, tuple(self.melds), tuple(self.meld_points),
                tuple(self.trick_points), tuple(self.tricks_won), tuple(self.history), tuple(s.totals),
                tuple(s.dashes), tuple(s.used_fall), tuple(s.used_write_off), tuple(s.rows), self.winner)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    __hash__ = None  # mutable

    def view(self, seat: int) -> dict:
        """What ``seat`` may know, as JSON-ready data (see :mod:`thousand.view`)."""
        from .view import build_view

        return build_view(self, seat)

    def __repr__(self) -> str:
        return f"<Game players={self.players} seed={self.seed} deal={self.deal_no} phase={self.phase}>"

