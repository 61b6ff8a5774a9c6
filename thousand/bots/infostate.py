"""What one seat may know: the only input a fair bot decides from.

:meth:`InfoState.from_game` copies from a :class:`~thousand.game.Game` the
seat's own hand and the public record of the deal (bids, the revealed talon,
every card played with who played it and the trump then, melds, the sheet)
plus the gifts this seat gave or received. Other hands, closed talons and
gifts between other seats never enter it, so two games that differ only in
cards this seat cannot see give equal information states.

From that record it derives what a careful player infers: how many cards each
seat holds, cards certainly in a seat's hand (a card this seat gave, the
partner of a declared marriage, a talon shown to everyone), suits a seat has
shown it lacks, and the pool of unseen cards. A first hand that has not
looked at its cards (blind bidding) holds an empty ``hand``: its cards are unseen.

>>> from thousand import Game
>>> info = InfoState.from_game(Game(players=3, seed=7), 1)
>>> info.phase, info.hand_sizes, count(info.unseen)
('bidding', (7, 7, 7), 17)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..actions import Action
from ..cards import ACE, ACES, FULL_DECK, MARRIAGES, SUIT_MASKS, count, trump_after_meld
from ..game import Game
from ..rules import Rules
from ..tricks import trick_winner
from ..view import talon_visible


class Play(NamedTuple):
    """One card played in this deal."""

    seat: int
    card: int
    trump: int  # the trump in force for this trick (after a meld led it)
    meld: bool


@dataclass(frozen=True)
class InfoState:
    players: int
    seat: int
    rules: Rules
    seed: int
    deal_no: int
    history_len: int
    dealer: int
    sitter: int  # -1 unless 4 players
    active: tuple[int, ...]
    phase: str
    to_move: int
    hand: int
    bids: tuple[tuple[int, int | None], ...]
    bid: int
    high_bidder: int
    declarer: int | None
    contract: int | None
    taken_talon: int | None
    talon: int | None  # talon cards this seat has seen (mask), else None
    gifts: tuple[tuple[int | None, int], ...]  # (card or None if unseen, receiving seat)
    plays: tuple[Play, ...]
    trick: tuple[int, ...]
    trick_seats: tuple[int, ...]
    trump: int
    melds: tuple[tuple[int, int], ...]  # (seat, card led to declare)
    blind: bool  # a blind bid stands, or the contract is blind
    trick_points: tuple[int, ...]
    meld_points: tuple[int, ...]
    totals: tuple[int, ...]
    used_fall: tuple[bool, ...]
    used_write_off: tuple[bool, ...]
    legal: tuple[Action, ...]  # empty unless this seat is to move
    # Inferences from the fields above.
    hand_sizes: tuple[int, ...]
    known: tuple[int, ...]  # cards certainly in each seat's hand (own hand included)
    likely: tuple[int, ...]  # shown talon cards presumably still with the declarer
    voids: tuple[int, ...]  # per seat, a bit per suit it has shown it lacks
    unseen: int  # cards whose place this seat does not know

    @classmethod
    def from_game(cls, game: Game, seat: int) -> "InfoState":
        n = game.players
        active = tuple(game.active)
        declarer = game.declarer
        talon = None
        if declarer is not None and game.taken_talon is not None and talon_visible(game, seat, game.taken_talon):
            talon = game.talons[game.taken_talon]
        gifts = tuple((card if seat in (declarer, target) else None, target) for card, target in game.gifts)
        plays = _plays(game)
        played = game.played

        sizes = []
        for s in range(n):
            if s not in active:
                sizes.append(0)
                continue
            size = 10 if n == 2 else 7
            if s == declarer and game.taken_talon is not None:
                size += count(game.talons[game.taken_talon]) - len(game.gifts)
            size += sum(1 for _, t in game.gifts if t == s)
            size -= sum(1 for p in plays if p.seat == s)
            sizes.append(size)

        hand = 0 if game.hand_hidden(seat) else game.hands[seat]
        known = [0] * n
        known[seat] = hand
        for card, target in gifts:
            if card is not None and target != seat:
                known[target] |= 1 << card
        for s, card in game.melds:
            known[s] |= ACES if card % 6 == ACE else MARRIAGES[card // 6]
        for s in range(n):
            known[s] &= ~played
        likely = [0] * n
        if talon is not None and seat != declarer:
            rest = talon & ~played & ~hand & ~known[declarer]
            if n == 2:  # one gift, and this seat received it: the rest is certainly the declarer's
                known[declarer] |= rest
            else:  # one of them may have gone to the other defender
                likely[declarer] = rest

        voids = shown_voids(plays, n, len(active))
        for s in range(n):
            for suit in range(4):
                if voids[s] >> suit & 1:
                    likely[s] &= ~SUIT_MASKS[suit]
        unseen = FULL_DECK & ~played & ~hand
        for m in known:
            unseen &= ~m

        sheet = game.sheet
        return cls(
            players=n, seat=seat, rules=game.rules, seed=game.seed, deal_no=game.deal_no,
            history_len=len(game.history), dealer=game.dealer, sitter=game.sitter, active=active,
            phase=game.phase, to_move=game.to_move, hand=hand, bids=tuple(game.bids), bid=game.bid,
            high_bidder=game.high_bidder, declarer=declarer, contract=game.contract,
            taken_talon=game.taken_talon, talon=talon, gifts=gifts, plays=plays, trick=tuple(game.trick),
            trick_seats=tuple(game.trick_seats), trump=game.trump, melds=tuple(game.melds), blind=game.blind,
            trick_points=tuple(game.trick_points), meld_points=tuple(game.meld_points),
            totals=tuple(sheet.totals), used_fall=tuple(sheet.used_fall), used_write_off=tuple(sheet.used_write_off),
            legal=tuple(game.legal_actions()) if seat == game.to_move else (), hand_sizes=tuple(sizes),
            known=tuple(known), likely=tuple(likely), voids=tuple(voids), unseen=unseen,
        )

    # ------------------------------------------------------------ helpers
    @property
    def played(self) -> int:
        mask = 0
        for p in self.plays:
            mask |= 1 << p.card
        return mask

    def on_barrel(self, seat: int) -> bool:
        return self.totals[seat] == self.rules.barrel

    def next_seat(self, seat: int) -> int:
        return self.active[(self.active.index(seat) + 1) % len(self.active)]

    def is_partner(self, a: int, b: int) -> bool:
        """During play: are ``a`` and ``b`` on the same side (both defenders, or the same seat)?"""
        return a == b or (a != self.declarer and b != self.declarer)


def shown_voids(plays: tuple[Play, ...], players: int, k: int) -> list[int]:
    """Per seat, a bit per suit it has shown it lacks in ``plays`` (``k`` cards a trick):
    it did not follow the led suit, or, not following, did not trump either."""
    voids = [0] * players
    for i in range(0, len(plays), k):
        trick = plays[i:i + k]
        led = trick[0].card // 6
        for p in trick[1:]:
            if p.card // 6 != led:
                voids[p.seat] |= 1 << led
                if p.trump >= 0 and p.card // 6 != p.trump:
                    voids[p.seat] |= 1 << p.trump
    return voids


def _plays(game: Game) -> tuple[Play, ...]:
    """Cards played so far in this deal, rebuilt from the public history."""
    n_cards = count(game.played)
    if not n_cards:
        return ()
    actions = game.history[len(game.history) - n_cards:]
    out: list[Play] = []
    leader = game.declarer
    trump = -1
    trick: list[int] = []
    seats: list[int] = []
    seat = leader
    k = len(game.active)
    for a in actions:
        meld = a.kind == "meld"
        card = a.card
        if meld:
            trump = trump_after_meld(card, trump)
        out.append(Play(seat, card, trump, meld))
        trick.append(card)
        seats.append(seat)
        if len(trick) == k:
            seat = seats[trick_winner(trick, trump)]
            trick, seats = [], []
        else:
            seat = game.active[(game.active.index(seat) + 1) % k]
    return tuple(out)
