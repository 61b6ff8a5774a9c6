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

from dataclasses import replace
from typing import TYPE_CHECKING

from .cards import fast_points, marriage_points
from .scoring import DASH, DASHED, KEEP, RESET, WRITE_OFF_POINTS, Note, Outcome

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
                outcomes.append(_declarer_outcome(game, double))
        elif kind == "fall":
            outcomes.append(DASHED)
        elif kind == "write_off":
            outcomes.append(Outcome(None, KEEP, note=Note.make("note.on_barrel", seat=s)) if barrel(s)
                            else Outcome(WRITE_OFF_POINTS * double, KEEP))
        elif barrel(s):
            outcomes.append(_barrel_outcome(game, s))
        else:
            pts = game.round(game.trick_points[s] + game.meld_points[s])
            outcomes.append(Outcome(pts, RESET) if pts else DASHED)
    if game.golden_deal:
        outcomes = [o if o.points is None else replace(o, points=o.points * 2) for o in outcomes]
    return outcomes


def _declarer_outcome(game: "Game", double: int) -> Outcome:
    """A played deal: exactly the contract if made, else minus it (double if blind).
    On the barrel marriages do not count, which the note says when that lost the contract."""
    s = game.declarer
    on_barrel = game.sheet.on_barrel(s)
    pts = game.trick_points[s] + (0 if on_barrel else game.meld_points[s])
    if pts >= game.contract:
        return Outcome(game.contract * double, RESET)
    note = None
    if on_barrel and game.meld_points[s]:
        note = Note.make("note.barrel_no_melds", seat=s, tricks=game.trick_points[s], contract=game.contract)
    return Outcome(-game.contract * double, RESET, note=note)


def _barrel_outcome(game: "Game", s: int) -> Outcome:
    """An opponent on the barrel in a played deal records nothing: a dash without
    a trick (with the strict barrel, always), else the series restarts."""
    if game.rules.strict_barrel:
        return Outcome(None, DASH, note=Note.make("note.barrel_dash_strict", seat=s))
    if not game.tricks_won[s]:
        return Outcome(None, DASH, note=Note.make("note.barrel_dash", seat=s))
    return Outcome(None, RESET, note=Note.make("note.on_barrel", seat=s))


def _sitter_outcome(game: "Game", kind: str) -> Outcome:
    """4 players: the sitter scores the talon's cards and a marriage lying in it."""
    s = game.sitter
    if game.sheet.on_barrel(s):
        return Outcome(None, KEEP, note=Note.make("note.on_barrel", seat=s))
    talon = game.talons[0]
    pts = game.round(fast_points(talon) + marriage_points(talon))
    if kind == "write_off":  # a written-off deal leaves every dash series alone
        return Outcome(pts, KEEP)
    return Outcome(pts, RESET) if pts else DASHED

