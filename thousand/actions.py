"""Actions: every move a player can make, as interned small-integer values.

An :class:`Action` is an ``int`` (cheap to store, compare and hash, which the
bots' search relies on) with a readable notation:

======================  ===========  =========================================
kind                    notation     meaning
======================  ===========  =========================================
``bid``                 ``b110``     raise the bid to 110
``pass``                ``p``        pass; out of the bidding for this deal
``look``                ``o``        blind-bidding rule: open (look at) the cards
``blind``               ``d``        blind-bidding rule: bid 120 without looking
``talon``               ``t1``       2 players: take talon 1 (or ``t2``), blind
``give``                ``gAh2``     give A♥ to seat 2
``contract``            ``c120``     keep or raise the final contract to 120
``fall``                ``f``        fall (впасти): concede the contract
``write_off``           ``w``        write off (розписати) the deal
``play``                ``Ah``       play A♥
``meld``                ``mKh``      play K♥ and declare the ♥ marriage
                        ``mAh``      ace-marriage rule: play A♥, declare four aces
======================  ===========  =========================================

Bid and contract values are multiples of 5 from 100 to 600 (what is legal
depends on the rules: steps of 10 by default, at most 120 plus marriages).

>>> a = Action.parse("mKh")
>>> a.kind, a.card, str(a)
('meld', 21, 'mKh')
>>> Action.parse("b110").value, Action.bid(110) == Action.parse("b110")
(110, True)
"""

from __future__ import annotations

from .cards import (
    ACE,
    KING,
    NotationError,
    QUEEN,
    SUIT_SYMBOLS,
    card_label,
    card_str,
    meld_value,
    parse_card,
)

PLAY0 = 0
MELD0 = 24
PASS = 48
TALON0 = 49  # t1, t2
FALL = 51
WRITE_OFF = 52
LOOK = 53
BLIND = 54
BLIND_BID = 120  # what a blind bid (``d``) bids
GIVE0 = 64  # + seat * 24 + card
BID0 = 160  # + value // 5
MAX_VALUE = 600  # 120 + all four marriages + the ace marriage, a bound no hand reaches
CONTRACT0 = BID0 + MAX_VALUE // 5 + 1  # + value // 5
SIZE = CONTRACT0 + MAX_VALUE // 5 + 1


class Action(int):
    """A move. Instances are interned: ``Action.parse`` and the constructors
    return the same object for the same move."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        return _KIND[self]

    @property
    def card(self) -> int | None:
        """The card played, declared or given."""
        if self < MELD0 + 24:
            return self % 24
        if GIVE0 <= self < BID0:
            return (self - GIVE0) % 24
        return None

    @property
    def target(self) -> int | None:
        """The seat a card is given to."""
        return (self - GIVE0) // 24 if GIVE0 <= self < BID0 else None

    @property
    def value(self) -> int | None:
        """The bid or contract value, or the talon number (1 or 2)."""
        if BID0 <= self < CONTRACT0:
            return (self - BID0) * 5
        if self >= CONTRACT0:
            return (self - CONTRACT0) * 5
        if self in (TALON0, TALON0 + 1):
            return self - TALON0 + 1
        if self == BLIND:
            return BLIND_BID
        return None

    def __str__(self) -> str:
        return _NOTATION[self]

    def __repr__(self) -> str:
        return f"Action({_NOTATION[self]!r})"

    def label(self, seat_names: list[str] | None = None) -> str:
        """Short English description for people (the web shell localizes by kind)."""
        kind = self.kind
        if kind == "play":
            return f"Play {card_label(self.card)}"
        if kind == "meld":
            name = "ace" if self.card % 6 == ACE else SUIT_SYMBOLS[self.card // 6]
            return f"Play {card_label(self.card)} and declare the {name} marriage ({meld_value(self.card)})"
        if kind == "bid":
            return f"Bid {self.value}"
        if kind == "pass":
            return "Pass"
        if kind == "look":
            return "Look at your cards"
        if kind == "blind":
            return f"Bid {BLIND_BID} blind (the contract counts double)"
        if kind == "talon":
            return f"Take talon {self.value}"
        if kind == "give":
            who = seat_names[self.target] if seat_names else f"seat {self.target}"
            return f"Give {card_label(self.card)} to {who}"
        if kind == "contract":
            return f"Play for {self.value}"
        if kind == "fall":
            return "Fall (concede the contract)"
        return "Write off (each opponent scores 60)"

    # Constructors -----------------------------------------------------------
    @staticmethod
    def play(card: int) -> "Action":
        return ACTIONS[PLAY0 + card]

    @staticmethod
    def meld(card: int) -> "Action":
        return ACTIONS[MELD0 + card]

    @staticmethod
    def bid(value: int) -> "Action":
        return ACTIONS[BID0 + value // 5]

    @staticmethod
    def contract(value: int) -> "Action":
        return ACTIONS[CONTRACT0 + value // 5]

    @staticmethod
    def give(card: int, seat: int) -> "Action":
        return ACTIONS[GIVE0 + seat * 24 + card]

    @staticmethod
    def talon(number: int) -> "Action":
        return ACTIONS[TALON0 + number - 1]

    @staticmethod
    def parse(text: str) -> "Action":
        """Parse notation; raises :class:`NotationError` naming the bad token."""
        action = _BY_NOTATION.get(text)
        if action is None:
            raise NotationError(
                f"bad action {text!r}: expected a card like 'Ah', 'mKh' (meld), 'b110', 'p', "
                "'o', 'd', 't1', 'gAh2', 'c120', 'f' or 'w'"
            )
        return action


def _build() -> tuple[list[Action | None], dict[int, str], dict[int, str]]:
    table: list[Action | None] = [None] * SIZE
    kinds: dict[int, str] = {}
    notes: dict[int, str] = {}

    def add(code: int, kind: str, note: str) -> None:
        table[code] = Action(code)
        kinds[code] = kind
        notes[code] = note

    for card in range(24):
        add(PLAY0 + card, "play", card_str(card))
        if card % 6 in (KING, QUEEN, ACE):
            add(MELD0 + card, "meld", "m" + card_str(card))
        for seat in range(4):
            add(GIVE0 + seat * 24 + card, "give", f"g{card_str(card)}{seat}")
    add(PASS, "pass", "p")
    add(TALON0, "talon", "t1")
    add(TALON0 + 1, "talon", "t2")
    add(FALL, "fall", "f")
    add(WRITE_OFF, "write_off", "w")
    add(LOOK, "look", "o")
    add(BLIND, "blind", "d")
    for v in range(100, MAX_VALUE + 1, 5):
        add(BID0 + v // 5, "bid", f"b{v}")
        add(CONTRACT0 + v // 5, "contract", f"c{v}")
    return table, kinds, notes


ACTIONS, _KIND, _NOTATION = _build()
_BY_NOTATION = {note: ACTIONS[code] for code, note in _NOTATION.items()}
