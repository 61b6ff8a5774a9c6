"""Hand-made deals shared by the rule tests, with their hand-checked scripts."""

from __future__ import annotations

from thousand import Game, Rules

# Deal A, 3 players, dealer 2 so seat 0 is the first hand (forced 100).
A_HANDS = ["Ah Th Kh Qh Ad Td Ac", "Jh 9h Kd Qd Jd Kc Qc", "9d Tc Jc 9c As Ts Ks"]
A_TALON = "Qs Js 9s"
# Seats 1 and 2 pass; seat 0 takes the talon, gives 9s and Js, plays for 120 and
# wins 7 of 8 tricks: 102 trick points + the ♥ marriage; seat 2 takes the last
# trick (18 points), seat 1 takes nothing.
A_BIDDING = "p p"
A_GIVING = "g9s1 gJs2"
A_PLAY = ("mKh 9h Js  Ah Jh 9c  Th 9s 9d  Qh Jd Jc  Ad Kd Tc  Td Qd Ts  Ac Qc Ks  Qs Kc As")


def deal_a(rules: Rules | None = None, **sheet) -> Game:
    return Game.from_deal(3, dealer=2, hands=A_HANDS, talon=A_TALON, rules=rules, **sheet)


# Deal C, 4 players: deal A's hands for seats 0, 1, 3; dealer 3, so seat 2 (the
# dealer's right) sits on the talon, which holds the ♠ marriage (7 + 40 = 47).
C_HANDS = ["Ah Th Kh Qh Ad Td Ac", "Jh 9h Kd Qd Jd Kc Qc", "", "9d Tc Jc 9c As Ts Js"]
C_TALON = "Ks Qs 9s"
C_GIVING = "g9s1 gKs3"
C_PLAY = ("mKh 9h Js  Ah Jh 9c  Th 9s 9d  Qh Jd Jc  Ad Kd Tc  Td Qd Ts  Ac Qc Ks  Qs Kc As")


def deal_c(rules: Rules | None = None, **sheet) -> Game:
    return Game.from_deal(4, dealer=3, hands=C_HANDS, talon=C_TALON, rules=rules, **sheet)


# Deal D, 2 players, dealer 1 so seat 0 is the first hand.
D_HANDS = ["Ah Th Kh Qh Ad Td Ac Tc Kc Qc", "Jh 9h Kd Qd Jd 9d Jc 9c As Ts"]
D_TALONS = ("Ks Qs", "Js 9s")
D_BIDDING = "b110 b120 p"
D_PLAY = "mKh 9h  Ah Jh  Th 9c  mKc Jc  Qh 9d  Ac Jd  Qc Qd  Tc Kd  Ad Ts  Td As  Qs Ks"


def deal_d(rules: Rules | None = None, **sheet) -> Game:
    return Game.from_deal(2, dealer=1, hands=D_HANDS, talons=D_TALONS, rules=rules, **sheet)


def run(game: Game, moves: str) -> Game:
    for move in moves.split():
        game.apply(move)
    return game


def last_row(game: Game) -> list[tuple]:
    """The newest sheet row as (points, dash, penalty, total, mark) per seat."""
    return [(e.points, e.dash, e.penalty, e.total, e.mark) for e in game.sheet.rows[-1].entries]


def legal(game: Game) -> list[str]:
    return sorted(str(a) for a in game.legal_actions())
