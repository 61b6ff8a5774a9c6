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
    """A bot with one method per phase (``blind``, ``bid``, ``talon``, ``give``, ``contract``,
    ``play``); a forced move is made without asking them."""

    name = "phase"
    salt = 0  # keeps each level's random stream apart

    def act(self, info: InfoState) -> Action:
        if len(info.legal) == 1:
            return info.legal[0]
        return getattr(self, PHASE_METHODS[info.phase])(info)

    def talon(self, info: InfoState) -> Action:
        """Both talons are closed: a blind choice."""
        return info.legal[bot_rng(info, self.salt).below(2)]

    def blind(self, info: InfoState) -> Action:
        """Blind bidding, before seeing the cards: bid blind only as a gamble when far behind."""
        return Action.parse("d" if blind_gamble(info) else "o")


PHASE_METHODS = {"blind": "blind", "bidding": "bid", "talon": "talon", "giving": "give", "contract": "contract",
                 "play": "play"}

# A blind 120 needs a hand that nobody has seen: about one in three makes it, so
# at twice the stake it loses on average. Worth it only when the game is being
# lost anyway: an opponent near the end and this seat far behind.
BLIND_BEHIND = 300
BLIND_LATE = 100  # an opponent within this of the barrel


def blind_gamble(info: InfoState) -> bool:
    """Should the first hand bid blind? Decided from the scores alone (it has not seen its cards)."""
    mine = info.totals[info.seat]
    leader = max(t for s, t in enumerate(info.totals) if s != info.seat)
    return leader >= info.rules.barrel - BLIND_LATE and leader - mine >= BLIND_BEHIND


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
