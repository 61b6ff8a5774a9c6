"""Sampling the hidden cards consistently with what a seat knows.

A *world* places every card the seat has not seen: each other seat gets
exactly as many cards as it holds, including the cards known to be there, and
no card of a suit it has shown it lacks; the rest fills the closed talons.
Shown talon cards whose place is uncertain (one of them may have been given
to the other defender) go to the declarer when they can (and elsewhere when
that leaves no place for a card another seat may hold).

The draw is not exactly uniform over consistent worlds (cards are dealt in a
random order to random seats with room, the most constrained first), which
is the usual trade of determinized search: fast and close enough.
"""

from __future__ import annotations

from ..cards import SUIT_MASKS, count, iter_cards
from ..rng import SplitMix64
from .infostate import InfoState


class World:
    """One full guess of the deal: ``hands`` per seat and the closed ``talons`` (as the seat's
    phase has them), with a ``weight`` for how likely the seat thinks it (see :mod:`.inference`)."""

    __slots__ = ("hands", "talons", "weight")

    def __init__(self, hands: list[int], talons: list[int], weight: float = 1.0) -> None:
        self.hands = hands
        self.talons = talons
        self.weight = weight


def _allowed(voids: int) -> int:
    mask = 0
    for suit in range(4):
        if not voids >> suit & 1:
            mask |= SUIT_MASKS[suit]
    return mask


def closed_talon_sizes(info: InfoState) -> list[int]:
    """Sizes of the talons whose cards this seat cannot see and that are in nobody's hand."""
    if info.taken_talon is None:
        return [2, 2] if info.players == 2 else [3]
    return [2] if info.players == 2 else []


def sample_world(info: InfoState, rng: SplitMix64, tries: int = 20) -> World:
    """A random world consistent with ``info``."""
    n = info.players
    seats = [s for s in range(n) if s != info.seat and info.hand_sizes[s]]
    talon_sizes = closed_talon_sizes(info)
    # Slots: other seats, then closed talons; each has room and a mask of cards it may take.
    room = [info.hand_sizes[s] - count(info.known[s]) for s in seats] + talon_sizes
    allowed = [_allowed(info.voids[s]) for s in seats] + [-1] * len(talon_sizes)
    pool = info.unseen
    cards = list(iter_cards(pool))
    for attempt in range(tries + 1):
        strict = attempt < tries  # the last try ignores voids rather than fail
        # The shown talon cards go to the declarer first, but not in the later tries: a card it
        # gave away may be the only one another seat can take (the others' voids).
        prefer = attempt < tries // 2
        left = list(room)
        got = [0] * len(left)
        order = rng.shuffle(cards[:])
        if prefer and info.declarer is not None and info.declarer in seats:
            d = seats.index(info.declarer)
            likely = info.likely[info.declarer]
            front = [c for c in order if likely >> c & 1]
            order = front + [c for c in order if not likely >> c & 1]
            for c in front:
                if left[d] > 0 and (allowed[d] >> c & 1 or not strict):
                    got[d] |= 1 << c
                    left[d] -= 1
            order = order[len(front):] + [c for c in front if not got[d] >> c & 1]
        if strict:
            order.sort(key=lambda c: sum(1 for i in range(len(left)) if allowed[i] >> c & 1))
        ok = True
        for c in order:
            total = 0
            for i in range(len(left)):
                if left[i] > 0 and (not strict or allowed[i] >> c & 1):
                    total += left[i]
            if not total:
                ok = False
                break
            r = rng.below(total)
            for i in range(len(left)):
                if left[i] > 0 and (not strict or allowed[i] >> c & 1):
                    r -= left[i]
                    if r < 0:
                        got[i] |= 1 << c
                        left[i] -= 1
                        break
        if ok:
            break
    hands = [0] * n
    hands[info.seat] = info.hand
    for i, s in enumerate(seats):
        hands[s] = info.known[s] | got[i]
    return World(hands, got[len(seats):])
