"""What each seat earns from a finished deal, before the sheet applies dashes and the barrel.

The game calls :func:`deal_outcomes` once per deal (played, fallen or written
off); the score sheet (:mod:`thousand.scoring`) turns the outcomes into a row.
A blind contract counts double for its declarer (and a blind write-off gives
each opponent double); every score of a golden-round deal counts double.

>>> from thousand import Game
>>> game = Game.from_deal(3, dealer=2, hands=["Ah Th Kh Qh Ad Td Ac", "Jh 9h Kd Qd Jd Kc Qc",
...                                            "9d Tc Jc 9c As Ts Ks"], talon="Qs Js 9s")
>>> for move in "p p g9s1 gJs2 f".split():
...     game.apply(move)
>>> [(e.points, e.dash) for e in game.sheet.rows[0].entries]    # a fall: minus the bid, dashes for the rest
[(-100, False), (None, True), (None, True)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import fast_points, marriage_points
from .scoring import DASHED, KEEP, NOTHING, RESET, WRITE_OFF_POINTS, Outcome

if TYPE_CHECKING:
    from .game import Game


def deal_outcomes(game: "Game", kind: str) -> list[Outcome]:
    """The outcome of every seat for a deal that ended by ``kind``: "played", "fall" or "write_off"."""
    d = game.declarer
    barrel = game.sheet.on_barrel
    double = 2 if game.blind else 1
    outcomes: list[Outcome] = []
    for s in range(game.players):
        if s == game.sitter:
            outcomes.append(_sitter_outcome(game, kind))
        elif s == d:
            if kind == "fall":
                outcomes.append(Outcome(-game.bid * double, RESET))
            elif kind == "write_off":
                outcomes.append(Outcome(None, KEEP, "р"))
            else:
                pts = game.trick_points[s] + (0 if barrel(s) else game.meld_points[s])
                value = game.contract if pts >= game.contract else -game.contract
                outcomes.append(Outcome(value * double, RESET))
        elif kind == "fall":
            outcomes.append(DASHED)
        elif kind == "write_off":
            outcomes.append(NOTHING if barrel(s) else Outcome(WRITE_OFF_POINTS * double, KEEP))
        elif barrel(s):
            dash = game.rules.strict_barrel or not game.tricks_won[s]
            outcomes.append(DASHED if dash else Outcome(None, RESET))
        else:
            pts = game.round(game.trick_points[s] + game.meld_points[s])
            outcomes.append(Outcome(pts, RESET) if pts else DASHED)
    if game.golden_deal:
        outcomes = [o if o.points is None else Outcome(o.points * 2, o.series, o.mark) for o in outcomes]
    return outcomes


def _sitter_outcome(game: "Game", kind: str) -> Outcome:
    """4 players: the sitter scores the talon's cards and a marriage lying in it."""
    s = game.sitter
    if game.sheet.on_barrel(s):
        return NOTHING
    talon = game.talons[0]
    pts = game.round(fast_points(talon) + marriage_points(talon))
    if kind == "write_off":  # a written-off deal leaves every dash series alone
        return Outcome(pts, KEEP)
    return Outcome(pts, RESET) if pts else DASHED

