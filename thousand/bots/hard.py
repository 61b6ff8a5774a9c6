"""The hard bot: determinized double-dummy search (as Kermit in Skat, GIB in Bridge).

Card play samples worlds consistent with everything the seat knows
(:mod:`thousand.bots.worlds`) and asks the double-dummy solver, for each
legal move in each world, whether the declarer still makes the contract.
The declarer picks the move that makes it in most worlds, a defender the one
that beats it in most. Ties (all worlds agree) are broken by exact
double-dummy values once few tricks remain, else by the medium bot's choice.
The final contract is chosen by the same simulation: the success rate of
each possible contract over sampled worlds against the cost of a write-off or
a fall. Bidding uses the hand estimate over many sampled talons.

Work is counted in search nodes, not seconds, so a decision depends only on
the information state and the seed (records replay exactly): each world has
a node budget and so has the whole decision. A world whose search runs out is
dropped, and with too few worlds solved the bot plays the medium bot's move.
A wall-clock limit is kept only as a safety net for a machine far slower than
the budgets were tuned on.
"""

from __future__ import annotations

import time
from collections import Counter

from ..actions import Action
from ..cards import KING, MARRIAGES, QUEEN, fast_points
from ..game import bid_limit
from ..rng import SplitMix64
from .base import PhaseBot, bot_rng
from .dds import OutOfBudget, Solver
from .heuristics import best_discards, bid_target, estimate
from .infostate import InfoState
from .medium import choose_bid, give
from .medium import contract as medium_contract
from .medium import play as medium_play
from .worlds import World, sample_world

SALT = 3
EXACT_TRICKS = 4  # with this many tricks left ties are broken by exact values
DD_MARGIN = 10  # points a double-dummy line must spare before the bot counts on it
BID_WORTH = 30  # what declaring must be expected to score over defending (a defender's usual points)


class HardBot(PhaseBot):
    name = "hard"
    salt = SALT

    def __init__(self, work: int = 40000, world_nodes: int = 12000, max_worlds: int = 24, min_worlds: int = 4,
                 bid_worlds: int = 12, time_limit: float = 2.0) -> None:
        self.work = work  # search nodes per decision
        self.world_nodes = world_nodes  # search nodes per world
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.bid_worlds = bid_worlds
        self.time_limit = time_limit
        self.searched: Counter[int] = Counter()  # how often a card play solved so many worlds (for the benchmark)

    def give(self, info: InfoState) -> Action:
        return give(info)

    def bid(self, info: InfoState) -> Action:
        """Bid on when declaring at the next bid is worth more than defending.

        Each sampled world deals the talon and the other hands; the bot takes
        the talon, gives away the cards its hand misses least and asks the
        solver which contracts it would make. Without enough solved worlds it
        bids on the hand estimate.
        """
        bids = [a for a in info.legal if a.kind == "bid"]
        if not bids:
            return Action.parse("p")
        start = bids[0].value
        rng = bot_rng(info, SALT)
        seat = info.seat
        order = list(info.active)
        others = [s for s in order if s != seat]
        reach: list[int] = []
        spent = 0
        deadline = time.perf_counter() + self.time_limit
        while len(reach) < self.bid_worlds and spent < self.work and time.perf_counter() < deadline:
            world = self.world(info, rng)
            hands = list(world.hands)
            talon = world.talons[0]  # 2 players: the talons are closed, so the first is as good as any
            hand = hands[seat] | talon
            for target, card in zip(others, best_discards(hand, info.players, len(others))):
                hand &= ~(1 << card)
                hands[target] |= 1 << card
            hands[seat] = hand
            leftover = fast_points(world.talons[1]) if info.players == 2 else 0
            solver = Solver(len(order), order.index(seat), not info.on_barrel(seat), leftover,
                            budget=self.world_nodes // 2, rules=info.rules)
            try:
                reach.append(highest_made(solver, [hands[s] for s in order],
                                          range(start, bid_limit(hand, info.rules) + 1, 10)))
            except OutOfBudget:
                continue
            finally:
                spent += solver.nodes
        if len(reach) < self.min_worlds:
            return choose_bid(info, self.bid_target(info))
        n = len(reach)
        worth = max(v * (2 * sum(1 for r in reach if r >= v) / n - 1) for v in range(start, max(max(reach), start) + 1, 10))
        return bids[0] if worth >= BID_WORTH else Action.parse("p")

    def bid_target(self, info: InfoState) -> int:
        return bid_target(bot_rng(info, SALT), info.hand, info.unseen, info.players, 48, 0.5, info.rules.ace_marriage)

    def world(self, info: InfoState, rng: SplitMix64) -> World:
        return sample_world(info, rng)

    # ------------------------------------------------------------ contract
    def contract(self, info: InfoState) -> Action:
        """Pick the contract with the best expected score over sampled worlds."""
        deadline = time.perf_counter() + self.time_limit
        rng = bot_rng(info, SALT)
        values = sorted(a.value for a in info.legal if a.kind == "contract")
        seat = info.seat
        order = list(info.active)
        melds_count = not info.on_barrel(seat)
        reach: list[int] = []
        spent = 0
        while len(reach) < self.max_worlds and spent < 2 * self.work and time.perf_counter() < deadline:
            world = self.world(info, rng)
            leftover = fast_points(world.talons[0]) if info.players == 2 else 0
            solver = Solver(len(order), order.index(seat), melds_count, leftover, budget=self.world_nodes,
                            rules=info.rules)
            try:
                reach.append(highest_made(solver, [world.hands[s] for s in order], values))
            except OutOfBudget:
                continue
            finally:
                spent += solver.nodes
        if len(reach) < self.min_worlds:
            return medium_contract(info, estimate(info.hand, info.players, aces=info.rules.ace_marriage))
        return choose_contract(info, values, reach)

    # ------------------------------------------------------------ card play
    def play(self, info: InfoState) -> Action:
        fallback = medium_play(info)
        decl = info.declarer
        melds_count = not info.on_barrel(decl)
        need = info.contract - info.trick_points[decl] - (info.meld_points[decl] if melds_count else 0)
        moves = candidates(info)
        if len(moves) == 1:
            return moves[0]
        if need <= 0:
            return fallback  # the contract is made: only the defenders' points are left to play for
        deadline = time.perf_counter() + self.time_limit
        rng = bot_rng(info, SALT)
        order = list(info.active)
        k = len(order)
        leader = order.index(info.trick_seats[0] if info.trick else info.seat)
        trick = info.trick
        counts = [0] * len(moves)
        solved = []
        failures = 0
        spent = 0
        while len(solved) < self.max_worlds and spent < self.work and failures < 2 and time.perf_counter() < deadline:
            world = self.world(info, rng)
            hands = tuple(world.hands[s] for s in order)
            leftover = fast_points(world.talons[0]) if info.players == 2 else 0
            solver = Solver(k, order.index(decl), melds_count, leftover, budget=self.world_nodes, rules=info.rules)
            try:
                made = [solver.after(hands, leader, info.trump, trick, m.card, m.kind == "meld", need) for m in moves]
            except OutOfBudget:
                failures += 1
                continue
            finally:
                spent += solver.nodes
            solved.append((hands, solver))
            for i, ok in enumerate(made):
                counts[i] += ok
        self.searched[len(solved)] += 1
        if len(solved) < self.min_worlds:
            return fallback
        declaring = info.seat == decl
        target = max(counts) if declaring else min(counts)
        tied = [m for m, c in zip(moves, counts) if c == target]
        if len(tied) == 1:
            return tied[0]
        if count_tricks_left(info) <= EXACT_TRICKS:
            return exact_tiebreak(info, tied, solved, leader, declaring, self.world_nodes) or \
                (fallback if fallback in tied else tied[0])
        return fallback if fallback in tied else tied[0]


def highest_made(solver: Solver, hands: list[int], values) -> int:
    """The highest of ``values`` (ascending) the declarer, on lead, makes in this world (0 if none).

    Each contract is asked with a margin for the declarer's double-dummy optimism.
    """
    best = 0
    for v in values:
        if not solver.made(hands, solver.declarer, -1, (), v + DD_MARGIN):
            break
        best = v
    return best


def count_tricks_left(info: InfoState) -> int:
    return info.hand_sizes[info.seat] + (1 if info.trick else 0)


def candidates(info: InfoState) -> list[Action]:
    """Legal moves worth searching: leading half of a marriage always declares it (with the queen).

    The solver assumes the same, and that a marriage may be declared on any lead.
    """
    out = []
    for a in info.legal:
        card = a.card
        suit = card // 6
        may_declare = Action.meld(suit * 6 + QUEEN) in info.legal  # not before a trick under that house rule
        if may_declare and card % 6 in (KING, QUEEN) and (a.kind != "meld" or card % 6 == KING):
            continue
        out.append(a)
    return out


def exact_tiebreak(info: InfoState, tied: list[Action], solved: list, leader: int, declaring: bool,
                   nodes: int) -> Action | None:
    """Among moves equal on the contract, the one with the best total of exact declarer points."""
    totals = [0] * len(tied)
    for hands, solver in solved[:8]:
        solver.nodes, solver.budget = 0, nodes  # a fresh budget: the endgame is small and its table warm
        for i, m in enumerate(tied):
            lo, hi = 0, 400
            while lo < hi:  # bisection on "the declarer takes at least mid more points"
                mid = (lo + hi + 1) // 2
                try:
                    ok = solver.after(hands, leader, info.trump, info.trick, m.card, m.kind == "meld", mid)
                except OutOfBudget:
                    return None
                lo, hi = (mid, hi) if ok else (lo, mid - 1)
            totals[i] += lo
    best = max(totals) if declaring else min(totals)
    return tied[totals.index(best)]


def choose_contract(info: InfoState, values: list[int], reach: list[int]) -> Action:
    """Best expected score: a contract ``v`` made with probability ``p`` is worth ``v(2p-1)``;
    a write-off costs the 60 points each opponent gets (half counted), a fall the bid."""
    n = len(reach)
    best_value, best = -1e9, Action.contract(values[0])
    for v in values:
        p = sum(1 for r in reach if r >= v) / n
        ev = v * (2 * p - 1)
        if ev > best_value:
            best_value, best = ev, Action.contract(v)
    opponents = len(info.active) - 1
    if Action.parse("w") in info.legal and -30 * opponents > best_value:
        return Action.parse("w")
    if Action.parse("f") in info.legal and -info.bid > best_value + 20 * opponents:
        return Action.parse("f")
    return best
