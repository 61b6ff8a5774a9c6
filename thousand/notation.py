"""Game records: players, rules, seed and moves in one short URL-safe string.

A record is ``T1_<players>_<seed>_<rules>_<moves>`` where moves are action
notations joined by ``.`` (see :mod:`thousand.actions`). It uses only
letters, digits, ``_``, ``-`` and ``.``, so it can travel in a URL as is.

>>> rec = Record.parse("T1_3_42_std_p.b110")
>>> rec.players, rec.seed, [str(a) for a in rec.actions]
(3, 42, ['p', 'b110'])
>>> str(rec)
'T1_3_42_std_p.b110'
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import NotationError
from .rng import MAX_SEED
from .rules import Rules

MAGIC = "T1"
MAX_SEED_DIGITS = len(str(MAX_SEED))


def parse_seed(text: str) -> int:
    """A seed in decimal, 0..2**64-1; raises :class:`NotationError`."""
    if not text.isascii() or not text.isdigit() or len(text) > MAX_SEED_DIGITS or int(text) > MAX_SEED:
        raise NotationError(f"bad seed {text!r}: expected a whole number from 0 to {MAX_SEED}")
    return int(text)


def parse_players(text: str) -> int:
    if text not in ("2", "3", "4"):
        raise NotationError(f"bad player count {text!r}: expected 2, 3 or 4")
    return int(text)


@dataclass(frozen=True)
class Record:
    players: int
    rules: Rules
    seed: int
    actions: tuple[Action, ...] = ()

    def __str__(self) -> str:
        moves = ".".join(str(a) for a in self.actions)
        return f"{MAGIC}_{self.players}_{self.seed}_{self.rules.code()}_{moves}"

    @classmethod
    def parse(cls, text: str) -> "Record":
        """Parse a record; the error names the bad field or move. Legality of the
        moves is checked by :meth:`thousand.Game.replay`."""
        parts = text.split("_")
        if len(parts) != 5 or parts[0] != MAGIC:
            raise NotationError(
                f"bad record: expected '{MAGIC}_<players>_<seed>_<rules>_<moves>', got {text[:40]!r}"
            )
        players = parse_players(parts[1])
        seed = parse_seed(parts[2])
        rules = Rules.parse(parts[3])
        actions = []
        if parts[4]:
            for i, token in enumerate(parts[4].split(".")):
                try:
                    actions.append(Action.parse(token))
                except NotationError as err:
                    raise NotationError(f"record move {i + 1}: {err}") from None
        return cls(players, rules, seed, tuple(actions))
