"""A hard bot that sees every card: for measuring the ceiling in the arena only.

It is never offered to players (it is not in :data:`thousand.bots.BOT_LEVELS`)
and it cannot play from an information state: the arena hands it the game.
"""

from __future__ import annotations

from ..actions import Action
from ..game import Game
from ..rng import SplitMix64
from .hard import HardBot
from .heuristics import best_discards, estimate
from .infostate import InfoState
from .worlds import World


class CheaterBot(HardBot):
    name = "cheater"

    def __init__(self) -> None:
        super().__init__(max_worlds=1, min_worlds=1)
        self.truth: World | None = None

    def act_game(self, game: Game) -> Action:
        """The move for the seat to move, knowing the whole deal."""
        info = InfoState.from_game(game, game.to_move)
        closed = [] if game.taken_talon is not None and game.players > 2 else \
            [t for i, t in enumerate(game.talons) if i != game.taken_talon]
        self.truth = World(list(game.hands), closed)
        return self.act(info)

    def act(self, info: InfoState) -> Action:
        if self.truth is None:
            raise RuntimeError("the cheater plays only through act_game (it must see the deal)")
        return super().act(info)

    def talon(self, info: InfoState) -> Action:
        """The better of the two talons it can see."""
        values = [self._value_with(info, t) for t in self.truth.talons]
        return Action.talon(1 + values.index(max(values)))

    def _value_with(self, info: InfoState, talon: int) -> int:
        full = info.hand | talon
        for card in best_discards(full, info.players, 1 if info.players == 2 else 2):
            full &= ~(1 << card)
        return int(estimate(full, info.players))

    def bid_target(self, info: InfoState) -> int:
        """With the talon in sight (2 players: the better of the two)."""
        return max(self._value_with(info, t) for t in self.truth.talons)

    def world(self, info: InfoState, rng: SplitMix64) -> World:
        return self.truth

