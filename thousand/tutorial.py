"""The guided first deal: a prepared three-player deal and the script of every move in it.

The person sits at seat 0 and is the first hand (the forced 100). Ostap
(seat 1) bids 110, Marta (seat 2) passes, the person bids 120 and takes the
talon, gives away both spades, raises to 150, and plays the eight tricks: an
ace, the ♥ marriage (hearts become trumps), a diamond let go, follow suit,
must trump, and the last three tricks. The person makes 84 in tricks + 100 for
the marriage, so records exactly 150; Ostap's 36 rounds to 40; Marta takes
nothing: a dash.

Every move of the deal is scripted, the others' moves too, so the deal is the
same whatever the bots of the day would do. Each of the person's moves has a
step name: the page shows the coach mark ``tutorial.<name>`` for it, and
``tutorial.<name>.why`` when the person tries another legal move.

>>> game = deal()
>>> expected(game)
Step(seat=1, move='b110', name=None)
>>> for step in SCRIPT:
...     game.apply(step.move)
>>> game.sheet.rows[0].entries[0].points, game.last_deal["trick_points"]
(150, [84, 36, 0])
"""

from __future__ import annotations

from dataclasses import dataclass

from .game import Game

PERSON = 0
DEALER = 2  # so the person, at the dealer's left, is the first hand
HANDS = ("Ah Th Kh Qh Ac Kd 9s", "9c 9h Ad Td As Ks Qc", "Jc Jh Qd Tc Qs Kc Ts")
TALON = "Jd 9d Js"
# Coach marks around the moves: before the first one, and the deal's result after the last.
INTRO = "intro"
AFTER = ("count", "dashes", "barrel", "done")


@dataclass(frozen=True)
class Step:
    """One move of the deal: who makes it and, for the person, the coach mark's name."""

    seat: int
    move: str
    name: str | None = None


def _script(*lines: str) -> tuple[Step, ...]:
    """Steps from lines like ``"1 b110"`` (a bot) or ``"0 b120 bid"`` (the person, with its step)."""
    steps = []
    for line in lines:
        seat, move, *name = line.split()
        steps.append(Step(int(seat), move, name[0] if name else None))
    return tuple(steps)


SCRIPT = _script(
    # Bidding: the person opened at 100 (forced, not a move).
    "1 b110", "2 p", "0 b120 bid", "1 p",
    # The talon (Jd 9d Js) is shown and taken; one card to each opponent; the final contract.
    "0 g9s1 give_first", "0 gJs2 give_second", "0 c150 raise",
    # Tricks 1-3: the person leads.
    "0 Ac lead_ace", "1 9c", "2 Jc",
    "0 mKh marriage", "1 9h", "2 Jh",
    "0 9d let_go", "1 Ad", "2 Qd",
    # Tricks 4-5: Ostap leads; the person must follow suit, then must trump.
    "1 Td", "2 Tc", "0 Jd follow",
    "1 As", "2 Js", "0 Qh trump",
    # Tricks 6-8: the person's winners.
    "0 Ah cash_ace", "1 9s", "2 Ts",
    "0 Th cash_ten", "1 Qc", "2 Kc",
    "0 Kd last", "1 Ks", "2 Qs",
)

PERSON_STEPS = tuple(s for s in SCRIPT if s.name)
# Every coach mark, in the order the person meets them.
STEPS = (INTRO, *(s.name for s in PERSON_STEPS), *AFTER)


def deal() -> Game:
    """The tutorial's game at its start (later deals would come from seed 0; the tutorial ends first)."""
    return Game.from_deal(3, dealer=DEALER, hands=list(HANDS), talon=TALON)


def expected(game: Game) -> Step | None:
    """The scripted move due now, or None once the deal is over."""
    done = len(game.history)
    return SCRIPT[done] if done < len(SCRIPT) else None


def coach(game: Game) -> dict:
    """What the page's coach shows: the person's next step (its name, its move, its
    number ``n`` of ``of``), whether the scripted deal is ``done``, and the marks
    shown ``after`` it.

    >>> coach(deal())["step"], coach(deal())["expected"], coach(deal())["n"], coach(deal())["of"]
    ('bid', 'b120', 1, 12)
    """
    moved = len(game.history)
    upcoming = [s for s in SCRIPT[moved:] if s.name]
    step = upcoming[0] if upcoming else None
    return {
        "step": step.name if step else AFTER[0],
        "expected": step.move if step else None,
        "n": len(PERSON_STEPS) - len(upcoming) + (1 if step else 0),
        "of": len(PERSON_STEPS),
        "done": moved >= len(SCRIPT),
        "after": list(AFTER),
    }
