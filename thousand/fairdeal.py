"""The fair-deal proof of a game with friends: the seed by commit-reveal.

Every person at the table (the host and each guest) draws a secret *reveal*
(32 lowercase hex digits) and first sends only its *commitment*, the SHA-256 of
the reveal's text. Once all commitments are fixed, the guests send their
reveals to the host, which checks each against its commitment and derives the
seed from all of them (see NOTATION.md, "Games with friends"). The host alone
learns the reveals during the game, since the seed gives every card away; the
guests get them with the record when the game is over and check that the seed
is the one every commitment fixed, so no one, the host included, could choose
the cards.

>>> r = "0123456789abcdef0123456789abcdef"
>>> commitment(r)[:16]
'3eb1bd439947eb76'
>>> (derive_seed(3, [r, None, r]) == derive_seed(3, [r, None, r]),
...  derive_seed(3, [r, r, None]) != derive_seed(3, [r, None, r]))
(True, True)
"""

from __future__ import annotations

import hashlib
import re

REVEAL = re.compile(r"[0-9a-f]{32}")
COMMIT = re.compile(r"[0-9a-f]{64}")
BOT_MARK = "-"  # a seat without a person has no reveal


class FairDealError(ValueError):
    """A commitment, reveal or seed that does not check."""


def is_reveal(text: object) -> bool:
    return isinstance(text, str) and REVEAL.fullmatch(text) is not None


def is_commitment(text: object) -> bool:
    return isinstance(text, str) and COMMIT.fullmatch(text) is not None


def commitment(reveal: str) -> str:
    """SHA-256 of the reveal's ASCII text, as 64 lowercase hex digits."""
    if not is_reveal(reveal):
        raise FairDealError("a reveal is 32 lowercase hex digits")
    return hashlib.sha256(reveal.encode("ascii")).hexdigest()


def derive_seed(players: int, reveals: list[str | None]) -> int:
    """The game's seed: the first 8 bytes, big-endian, of SHA-256 of
    ``thousand-room|<players>|<r0>|<r1>|...`` (one field per seat in seat order,
    ``-`` for a seat a bot plays from the start)."""
    if len(reveals) != players:
        raise FairDealError(f"{len(reveals)} reveals for {players} seats")
    fields = []
    for r in reveals:
        if r is not None and not is_reveal(r):
            raise FairDealError("a reveal is 32 lowercase hex digits")
        fields.append(BOT_MARK if r is None else r)
    text = "|".join(["thousand-room", str(players), *fields])
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def check(players: int, commits: list[str | None], reveals: list[str | None], seed: int) -> None:
    """Raise :class:`FairDealError` unless every reveal matches its seat's
    commitment (a seat has both or neither) and ``seed`` derives from them."""
    if len(commits) != players or len(reveals) != players:
        raise FairDealError("the commitments and reveals do not cover every seat")
    for seat, (c, r) in enumerate(zip(commits, reveals)):
        if (c is None) != (r is None):
            raise FairDealError(f"seat {seat} has a commitment or a reveal but not both")
        if c is not None and commitment(r) != c:
            raise FairDealError(f"seat {seat}'s reveal does not match its commitment")
    if derive_seed(players, reveals) != seed:
        raise FairDealError("the seed does not derive from the reveals")
