"""The seeded shuffle: a small documented PRNG that never changes.

Python's ``random`` module may change between versions, and shared deals must
not. The generator is SplitMix64 (Steele, Lea & Flood 2014): a 64-bit state
advanced by the golden-ratio constant and passed through a fixed mixer.

The k-th shuffle of a game with ``players`` players and seed ``seed`` starts
from the state ``mix(seed) ^ mix(players << 32 | k)`` (all arithmetic modulo
2**64) and is a Fisher-Yates shuffle of the cards 0..23, drawing each index by
rejection sampling so that every permutation is equally likely. The first dealer
is drawn from stream ``k = 0xFFFFFFFF`` of the same construction. See
NOTATION.md for the exact algorithm and test vectors.

>>> shuffled_deck(seed=1, players=3, k=0)[:5]
[1, 4, 22, 13, 3]
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
DEALER_STREAM = 0xFFFFFFFF
MAX_SEED = MASK64


def mix(z: int) -> int:
    """SplitMix64's output mixer (a bijection on 64-bit integers)."""
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 & MASK64
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB & MASK64
    return z ^ (z >> 31)


class SplitMix64:
    """SplitMix64 generator; ``next()`` returns 64-bit integers."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        return mix(self.state)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` by rejection (no modulo bias)."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> list:
        """Shuffle ``items`` in place (Fisher-Yates from the last place down) and return it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def stream(seed: int, players: int, k: int) -> SplitMix64:
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be an integer in 0..{MAX_SEED}, got {seed}")
    return SplitMix64(mix(seed) ^ mix((players << 32) | k))


def shuffled_deck(seed: int, players: int, k: int) -> list[int]:
    """The deck (cards 0..23) after the k-th shuffle of this game."""
    return stream(seed, players, k).shuffle(list(range(24)))


def first_dealer(seed: int, players: int) -> int:
    return stream(seed, players, DEALER_STREAM).below(players)
