"""Cards of the 24-card deck as small integers and sets of cards as bitmasks.

A card is ``suit * 6 + rank``. Suits are ordered by the value of their marriage
(♠ 40, ♣ 60, ♦ 80, ♥ 100); ranks are ordered by strength in a trick
(9 < J < Q < K < 10 < A), so inside one suit a higher bit is a stronger card.
A hand, a talon or any set of cards is an ``int`` with one bit per card: the
engine and the bots' search share these primitives.

>>> card = parse_card("Th")
>>> card_str(card), card_label(card), CARD_POINTS[card]
('Th', '10♥', 10)
>>> mask_str(mask_of([parse_card(c) for c in ("Ah", "9s", "Kh")]))
'Ah Kh 9s'
"""

from __future__ import annotations

from typing import Iterable, Iterator

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)
SUITS = (SPADES, CLUBS, DIAMONDS, HEARTS)
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)

SUIT_CHARS = "scdh"
SUIT_SYMBOLS = "♠♣♦♥"
RANK_CHARS = "9JQKTA"
RANK_LABELS = ("9", "J", "Q", "K", "10", "A")
RANK_POINTS = (0, 2, 3, 4, 10, 11)
MARRIAGE_VALUES = (40, 60, 80, 100)
"""Value of the marriage (мельдунок) of each suit."""

DECK_SIZE = 24
FULL_DECK = (1 << DECK_SIZE) - 1
SUIT_MASKS = tuple(0b111111 << (6 * s) for s in SUITS)
NINES = sum(1 << (s * 6 + NINE) for s in SUITS)
KINGS = tuple(1 << (s * 6 + KING) for s in SUITS)
QUEENS = tuple(1 << (s * 6 + QUEEN) for s in SUITS)
MARRIAGES = tuple(KINGS[s] | QUEENS[s] for s in SUITS)
ACES = sum(1 << (s * 6 + ACE) for s in SUITS)
ACE_MARRIAGE_VALUE = 200
"""Four aces, when the ace-marriage rule is on."""

CARD_POINTS = tuple(RANK_POINTS[c % 6] for c in range(DECK_SIZE))
TOTAL_POINTS = sum(CARD_POINTS)  # 120


def suit_of(card: int) -> int:
    return card // 6


def rank_of(card: int) -> int:
    return card % 6


def make_card(suit: int, rank: int) -> int:
    return suit * 6 + rank


def card_str(card: int) -> str:
    """Notation of a card: rank then suit, e.g. ``Ah``, ``Ts``, ``9d``."""
    return RANK_CHARS[card % 6] + SUIT_CHARS[card // 6]


def card_label(card: int) -> str:
    """Human label with a suit symbol, e.g. ``10♥``."""
    return RANK_LABELS[card % 6] + SUIT_SYMBOLS[card // 6]


class NotationError(ValueError):
    """Malformed or tampered notation: a card, an action or a game record."""


def parse_card(text: str) -> int:
    """Parse a card in notation (``Ah``, ``Ts``); raises :class:`NotationError`."""
    if len(text) != 2 or text[0] not in RANK_CHARS or text[1] not in SUIT_CHARS:
        raise NotationError(
            f"bad card {text!r}: expected a rank from {RANK_CHARS!r} and a suit from {SUIT_CHARS!r}, e.g. 'Ah'"
        )
    return SUIT_CHARS.index(text[1]) * 6 + RANK_CHARS.index(text[0])


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    """Cards of a mask, strongest suit (♥) first and, inside a suit, strongest first."""
    out = []
    while mask:
        top = mask.bit_length() - 1
        out.append(top)
        mask ^= 1 << top
    return out


def iter_cards(mask: int) -> Iterator[int]:
    """Cards of a mask from the lowest bit up (cheap, unordered for display)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: int) -> int:
    return bin(mask).count("1")


def points(mask: int) -> int:
    return sum(CARD_POINTS[c] for c in iter_cards(mask))


def marriages_in(mask: int) -> list[int]:
    """Suits whose king and queen are both in ``mask``."""
    return [s for s in SUITS if mask & MARRIAGES[s] == MARRIAGES[s]]


def marriage_points(mask: int, aces: bool = False) -> int:
    """Value of the marriages in ``mask``, with the four aces if ``aces`` (the ace-marriage rule)."""
    value = sum(MARRIAGE_VALUES[s] for s in SUITS if mask & MARRIAGES[s] == MARRIAGES[s])
    return value + ACE_MARRIAGE_VALUE if aces and mask & ACES == ACES else value


def meld_value(card: int) -> int:
    """Points for declaring with ``card``: its suit's marriage (K or Q), or the ace marriage (an ace)."""
    return ACE_MARRIAGE_VALUE if card % 6 == ACE else MARRIAGE_VALUES[card // 6]


def trump_after_meld(card: int, trump: int) -> int:
    """The trump once ``card`` is led declaring: a marriage makes its suit trump,
    the ace marriage leaves the trump as it was."""
    return trump if card % 6 == ACE else card // 6


def mask_str(mask: int) -> str:
    return " ".join(card_str(c) for c in cards_of(mask))


# Per-suit tables for the search: points and count of each 6-bit suit pattern.
SUIT_PATTERN_POINTS = tuple(sum(RANK_POINTS[r] for r in range(6) if p >> r & 1) for p in range(64))


def fast_points(mask: int) -> int:
    """Points of a mask by four table look-ups (the search's hot path)."""
    return (
        SUIT_PATTERN_POINTS[mask & 63]
        + SUIT_PATTERN_POINTS[mask >> 6 & 63]
        + SUIT_PATTERN_POINTS[mask >> 12 & 63]
        + SUIT_PATTERN_POINTS[mask >> 18 & 63]
    )
