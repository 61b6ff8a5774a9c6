"""The hard bot: determinized double-dummy search (as Kermit in Skat, GIB in Bridge).

Card play samples worlds consistent with everything the seat knows
(:mod:`thousand.bots.worlds`) and asks the double-dummy solver, for each
legal move in each world, what the declarer takes from there. Each seat plays
for its score: the contract's result and, once few tricks remain (the exact
search is cheap then), the points, since a defender keeps its own trick
points and the declarer's extra points are the defenders' loss. Earlier only
the contract is asked; ties go to the medium bot's choice. The final
contract is chosen by the same simulation: the success rate of each
possible contract over sampled worlds against the cost of a write-off or a
fall. Bidding asks the solver which contracts sampled talons would make.

Work is counted in search nodes, not seconds, so a decision depends only on
the information state and the seed (records replay exactly): each world has
a node budget and so has the whole decision. A world whose search runs out is
dropped, and with too few worlds solved the bot plays the medium bot's move.
No clock is read: the budgets are sized so that a browser stays quick (see
BENCHMARKS.md), and a slow machine plays the same moves, later.
"""

from __future__ import annotations

from collections import Counter

from ..actions import Action
from ..cards import KING, MARRIAGES, QUEEN, fast_points
from ..game import bid_limit
from ..rng import SplitMix64
from .base import PhaseBot, bot_rng
from .dds import INFINITY, OutOfBudget, Solver
from .heuristics import best_discards, bid_target, estimate
from .infostate import InfoState
from .medium import choose_bid, give
from .medium import contract as medium_contract
from .medium import play as medium_play
from .inference import sample_weighted
from .worlds import World

SALT = 3
EXACT_TRICKS = 6  # with this many tricks left card play values every move exactly
DD_MARGIN = 10  # points a double-dummy line must spare before the bot counts on it
BID_WORTH = 30  # what declaring must be expected to score over defending (a defender's usual points)


class HardBot(PhaseBot):
    name = "hard"
    salt = SALT

    def __init__(self, work: int = 15000, world_nodes: int = 6000, max_worlds: int = 24, min_worlds: int = 4,
                 bid_worlds: int = 12) -> None:
        self.work = work  # search nodes per decision
        self.world_nodes = world_nodes  # search nodes per world
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.bid_worlds = bid_worlds
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
        reach: list[tuple[int, float]] = []  # (highest contract made, the world's weight)
        spent = 0
        while len(reach) < self.bid_worlds and spent < self.work:
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
                            budget=self.world_nodes // 2, rules=info.rules, took=0)
            try:
                reach.append((highest_made(solver, [hands[s] for s in order],
                                           range(start, bid_limit(hand, info.rules) + 1, 10)), world.weight))
            except OutOfBudget:
                continue
            finally:
                spent += solver.nodes
        if len(reach) < self.min_worlds:
            return choose_bid(info, self.bid_target(info))
        worth = max(v * (2 * share(reach, v) - 1) for v in range(start, max(max(r for r, _ in reach), start) + 1, 10))
        return bids[0] if worth >= BID_WORTH else Action.parse("p")

    def bid_target(self, info: InfoState) -> int:
        return bid_target(bot_rng(info, SALT), info.hand, info.unseen, info.players, 48, 0.5, info.rules.ace_marriage)

    def world(self, info: InfoState, rng: SplitMix64) -> World:
        return sample_weighted(info, rng)

    # ------------------------------------------------------------ contract
    def contract(self, info: InfoState) -> Action:
        """Pick the contract with the best expected score over sampled worlds."""
        rng = bot_rng(info, SALT)
        values = sorted(a.value for a in info.legal if a.kind == "contract")
        seat = info.seat
        order = list(info.active)
        melds_count = not info.on_barrel(seat)
        reach: list[tuple[int, float]] = []
        spent = 0
        while len(reach) < self.max_worlds and spent < self.work:
            world = self.world(info, rng)
            leftover = fast_points(world.talons[0]) if info.players == 2 else 0
            solver = Solver(len(order), order.index(seat), melds_count, leftover, budget=self.world_nodes,
                            rules=info.rules, took=0)
            try:
                reach.append((highest_made(solver, [world.hands[s] for s in order], values), world.weight))
            except OutOfBudget:
                continue
            finally:
                spent += solver.nodes
        if len(reach) < self.min_worlds:
            return medium_contract(info, estimate(info.hand, info.players, aces=info.rules.ace_marriage))
        return choose_contract(info, values, reach)

    # ------------------------------------------------------------ card play
    def play(self, info: InfoState) -> Action:
        """The move with the best score over sampled worlds.

        With few tricks left each move is valued exactly in each world: the
        contract's result and the points (a defender keeps its own trick
        points, so beating the contract is not all). Earlier only the
        contract is asked, and ties go to the medium bot's move.
        """
        fallback = medium_play(info)
        decl = info.declarer
        melds_count = not info.on_barrel(decl)
        need = info.contract - info.trick_points[decl] - (info.meld_points[decl] if melds_count else 0)
        moves = candidates(info)
        if len(moves) == 1:
            return moves[0]
        exact = count_tricks_left(info) <= EXACT_TRICKS
        if need <= 0 and not exact:
            return fallback  # made early: the points are left to the medium bot's card play
        rng = bot_rng(info, SALT)
        order = list(info.active)
        k = len(order)
        leader = order.index(info.trick_seats[0] if info.trick else info.seat)
        declaring = info.seat == decl
        # Marriages only after a trick: who leads later has just won one, so only the first trick matters.
        took = 0 if len(info.plays) < k else None
        stake = (2 if k == 2 else 4) * info.contract  # the contract's swing against a point, see score()
        totals = [0.0] * len(moves)
        solved = 0
        failures = 0
        spent = 0
        while solved < self.max_worlds and spent < self.work and failures < 2:
            world = self.world(info, rng)
            hands = tuple(world.hands[s] for s in order)
            leftover = fast_points(world.talons[0]) if info.players == 2 else 0
            solver = Solver(k, order.index(decl), melds_count, leftover, budget=self.world_nodes, rules=info.rules,
                            took=took)
            window = (-INFINITY, INFINITY) if exact else (need - 1, need)
            try:
                values = [solver.after_search(hands, leader, info.trump, info.trick, m.card, m.kind == "meld", *window)
                          for m in moves]
            except OutOfBudget:
                failures += 1
                continue
            finally:
                spent += solver.nodes
            solved += 1
            for i, v in enumerate(values):
                totals[i] += world.weight * score(v, need, stake if exact else 1, exact, declaring)
        self.searched[solved] += 1
        if solved < self.min_worlds:
            return fallback
        best = max(totals)
        tied = [m for m, t in zip(moves, totals) if t >= best - 1e-9]
        return fallback if fallback in tied else tied[0]


def score(value: int, need: int, stake: int, points: bool, declaring: bool) -> float:
    """What a world's double-dummy ``value`` (the declarer's points to come) is worth to the mover.

    Each seat plays for its own score against the others' average: with 3 in
    play the declarer's swing of twice the contract weighs 4 x contract
    against one point of the declarer (the defenders' points are shared by
    two), and the same holds for a defender; with 2 players it is 2 x contract.
    Without ``points`` only the contract counts.
    """
    made = value >= need
    if declaring:
        return stake * made + (value if points else 0)
    return stake * (not made) - (value if points else 0)


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


def share(reach: list[tuple[int, float]], v: int) -> float:
    """The weighted share of worlds whose highest made contract is at least ``v``."""
    return sum(w for r, w in reach if r >= v) / max(sum(w for _, w in reach), 1e-300)


def choose_contract(info: InfoState, values: list[int], reach: list[tuple[int, float]]) -> Action:
    """Best expected score: a contract ``v`` made with probability ``p`` is worth ``v(2p-1)``;
    a write-off costs the 60 points each opponent gets (half counted), a fall the bid."""
    best_value, best = -1e9, Action.contract(values[0])
    for v in values:
        p = share(reach, v)
        ev = v * (2 * p - 1)
        if ev > best_value:
            best_value, best = ev, Action.contract(v)
    opponents = len(info.active) - 1
    if Action.parse("w") in info.legal and -30 * opponents > best_value:
        return Action.parse("w")
    if Action.parse("f") in info.legal and -info.bid > best_value + 20 * opponents:
        return Action.parse("f")
    return best
