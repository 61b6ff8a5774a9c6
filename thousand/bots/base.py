"""The bot interface and the seeded randomness every bot shares.

A bot is anything with ``act(info) -> Action``, where ``info`` is the
:class:`~thousand.bots.infostate.InfoState` of the seat to move and the
returned action is one of ``info.legal``.
"""

from __future__ import annotations

from typing import Protocol

from ..actions import Action
from ..game import Game
from ..rng import SplitMix64, mix
from .infostate import InfoState


class Bot(Protocol):
    name: str

    def act(self, info: InfoState) -> Action: ...


class PhaseBot:
    """A bot with one method per phase (``bid``, ``talon``, ``give``, ``contract``, ``play``);
    a forced move is made without asking them."""

    name = "phase"
    salt = 0  # keeps each level's random stream apart

    def act(self, info: InfoState) -> Action:
        if len(info.legal) == 1:
            return info.legal[0]
        return getattr(self, PHASE_METHODS[info.phase])(info)

    def talon(self, info: InfoState) -> Action:
        """Both talons are closed: a blind choice."""
        return info.legal[bot_rng(info, self.salt).below(2)]


PHASE_METHODS = {"bidding": "bid", "talon": "talon", "giving": "give", "contract": "contract", "play": "play"}


def decide(bot: Bot, game: Game) -> Action:
    """The bot's move for the seat to move in ``game``, from that seat's information only."""
    return bot.act(InfoState.from_game(game, game.to_move))


def bot_rng(info: InfoState, salt: int) -> SplitMix64:
    """A generator fixed by the game seed, the deal, the seat and the move number.

    The seed only makes the bot's own choices repeatable; no bot ever rebuilds
    the shuffle from it.
    """
    state = mix(info.seed & (2**64 - 1))
    for part in (info.deal_no, info.seat, info.history_len, salt):
        state = mix(state ^ (part & (2**64 - 1)))
    return SplitMix64(state)


def chance(rng: SplitMix64, probability: float) -> bool:
    return rng.next() < probability * 2**64
