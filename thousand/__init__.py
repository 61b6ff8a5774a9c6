"""Thousand (Тисяча): the rules engine, notation and bots.

>>> from thousand import Game
>>> game = Game(players=3, seed=7)
>>> [str(a) for a in game.legal_actions()]
['p', 'b110']
"""

from .actions import Action
from .cards import NotationError
from .game import Game, IllegalActionError
from .notation import Record
from .rules import Rules

__version__ = "0.1.0"
__all__ = ["Action", "Game", "IllegalActionError", "NotationError", "Record", "Rules", "__version__"]
