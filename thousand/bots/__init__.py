"""Bots of three levels behind one interface: ``bot.act(info) -> Action``.

>>> from thousand import Game
>>> from thousand.bots import make_bot, decide
>>> game = Game(players=3, seed=7)
>>> decide(make_bot("medium"), game) in game.legal_actions()
True
"""

from __future__ import annotations

from .base import Bot, decide
from .easy import EasyBot
from .hard import HardBot
from .infostate import InfoState
from .medium import MediumBot

BOT_LEVELS = ("easy", "medium", "hard")


def make_bot(level: str) -> Bot:
    """A new bot of ``level`` (one of :data:`BOT_LEVELS`)."""
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot()
    raise ValueError(f"unknown bot level {level!r}: expected one of {BOT_LEVELS}")


__all__ = ["BOT_LEVELS", "Bot", "InfoState", "decide", "make_bot"]
