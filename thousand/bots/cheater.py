"""A hard bot that sees every card: for measuring the ceiling in the arena only.

It is never offered to players (it is not in :data:`thousand.bots.BOT_LEVELS`)
and it cannot play from an information state: the arena hands it the game.
The partial cheaters see every card in some phases only and decide the others
as the fair hard bot does, to tell where the fair bot loses its gap to the
cheater: ``cheater-play`` sees them in card play only, ``cheater-auction``
when bidding, taking the talon, giving and setting the contract. Card play is
split further: ``cheater-defence`` sees them in card play as a defender only,
``cheater-defence-early`` only before the exact phase (the tricks the hard bot
plays for the contract alone) and ``cheater-defence-late`` only in it.
``cheater-talon`` sees the closed talon, and nothing else, until it is taken:
it bids over worlds that hold the true talon and deal the other hands at
random, which tells what of ``cheater-auction``'s gain is the talon (no fair
bot can know it) and what is the other hands (which inference might read).
"""

from __future__ import annotations

from ..actions import Action
from ..game import Game
from ..rng import SplitMix64
from .hard import EXACT_TRICKS, HardBot, count_tricks_left
from .heuristics import best_discards, estimate
from .inference import same_talon
from .infostate import InfoState
from .worlds import World


AUCTION = frozenset({"blind", "bidding", "talon", "giving", "contract"})
PHASES = AUCTION | {"play"}
PLAY = frozenset({"play"})
# The defence cheaters: whether each sees before the exact phase, and in it.
DEFENCE = {"cheater-defence": (True, True), "cheater-defence-early": (True, False),
           "cheater-defence-late": (False, True)}
TALON = frozenset({"blind", "bidding", "talon"})
TALON_ONLY = "cheater-talon"  # sees the talon, not the other hands
CHEATERS = {"cheater": PHASES, TALON_ONLY: TALON, "cheater-play": PLAY, "cheater-auction": AUCTION} | {
    name: PLAY for name in DEFENCE}


def sees(name: str, info: InfoState) -> bool:
    """Does the cheater ``name`` see every card at this decision?"""
    if info.phase not in CHEATERS[name]:
        return False
    if name not in DEFENCE:
        return True
    early, late = DEFENCE[name]
    return info.seat != info.declarer and (late if count_tricks_left(info) <= EXACT_TRICKS else early)


class CheaterBot(HardBot):
    name = "cheater"

    def __init__(self, name: str = "cheater") -> None:
        super().__init__()
        self.name = name
        self.fair_worlds = (self.max_worlds, self.min_worlds)
        self.cheating = False
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
        self.cheating = sees(self.name, info)
        # One world, the true one, where it sees all; the hard bot's sampling elsewhere.
        sees_all = self.cheating and self.name != TALON_ONLY
        self.max_worlds, self.min_worlds = (1, 1) if sees_all else self.fair_worlds
        return super().act(info)

    def talon(self, info: InfoState) -> Action:
        """The better of the two talons it can see."""
        if not self.cheating:
            return super().talon(info)
        values = [self._value_with(info, t) for t in self.truth.talons]
        return Action.talon(1 + values.index(max(values)))

    def _value_with(self, info: InfoState, talon: int) -> int:
        full = info.hand | talon
        for card in best_discards(full, info.players, 1 if info.players == 2 else 2):
            full &= ~(1 << card)
        return int(estimate(full, info.players))

    def bid_target(self, info: InfoState) -> int:
        """With the talon in sight (2 players: the better of the two)."""
        if not self.cheating:
            return super().bid_target(info)
        return max(self._value_with(info, t) for t in self.truth.talons)

    def world(self, info: InfoState, rng: SplitMix64) -> World:
        if not self.cheating:
            return super().world(info, rng)
        if self.name == TALON_ONLY:  # the true talons, the other hands dealt again
            return same_talon(info, World(list(self.truth.hands), list(self.truth.talons)), rng)
        return self.truth

