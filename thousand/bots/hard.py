"""The hard bot: determinized double-dummy search (as Kermit in Skat, GIB in Bridge).

Card play samples worlds consistent with everything the seat knows
(:mod:`thousand.bots.worlds`) and asks the double-dummy solver, for each
legal move in each world, what the declarer takes from there. Each seat plays
for its score: the contract's result and, once few tricks remain (the exact
search is cheap then), the points, since a defender keeps its own trick
points and the declarer's extra points are the defenders' loss. Earlier only
the contract is asked; ties go to the medium bot's choice. A defender also
plays for its own points against the other defender's, a rival on the sheet:
its own marriages count (the solver counts only the declarer's), and when it
is last to a trick, whether it or the other defender takes the trick. The final
contract is chosen by the same simulation: the success rate of each
possible contract over sampled worlds against the cost of a write-off or a
fall. The declarer's gifts are weighed the same way (which of the cards the
heuristic would give away, to whom, keeps the bid safest), and bidding asks
the solver which contracts sampled talons would make, in groups of worlds
that share a talon (the contract is chosen knowing the talon, not the other
hands, so a bad talon can still be written off).

Work is counted in search nodes, not seconds, so a decision depends only on
the information state and the seed (records replay exactly): each world has
a node budget and so has the whole decision. A world whose search runs out is
dropped, and with too few worlds solved the bot plays the medium bot's move.
No clock is read: the budgets are sized so that a browser stays quick (see
BENCHMARKS.md), and a slow machine plays the same moves, later.
"""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from ..actions import Action
from ..cards import (ACE_MARRIAGE_VALUE, ACES, CARD_POINTS, KING, MARRIAGE_VALUES, MARRIAGES, QUEEN, count,
                     fast_points, meld_value)
from ..game import bid_limit
from ..rng import SplitMix64
from ..scoring import may_write_off
from ..tricks import trick_winner
from .base import PhaseBot, bot_rng
from .dds import INFINITY, OutOfBudget, Solver
from .heuristics import best_discards, bid_target, estimate
from .infostate import InfoState
from .medium import choose_bid
from .medium import give as medium_give
from .medium import contract as medium_contract
from .medium import play as medium_play
from .inference import same_talon, sample_weighted
from .worlds import World

SALT = 3
EXACT_TRICKS = 6  # with this many tricks left card play values every move exactly
DD_MARGIN = 10  # points a double-dummy line must spare before the bot counts on it
BID_WORTH = 30  # what declaring must be expected to score over defending (a defender's usual points)
CONTRACT_WORK = 3  # the contract is asked once a deal, from the first lead: it gets this many times the budget
# The declarer's card play before the exact phase gets this many times the budget: its first
# tricks are the largest searches, and with the plain budget about half of them fell back to
# the medium bot's move (paired arena: +3.0 points/deal, see BENCHMARKS.md).
DECLARER_WORK = 3
GIFT_POOL = 4  # the cards the hand misses least, whose every way of giving the gift simulation weighs


class HardBot(PhaseBot):
    name = "hard"
    salt = SALT

    def __init__(self, work: int = 15000, world_nodes: int = 6000, max_worlds: int = 24, min_worlds: int = 4,
                 bid_talons: int = 4, talon_worlds: int = 3) -> None:
        self.work = work  # search nodes per decision
        self.world_nodes = world_nodes  # search nodes per world
        self.max_worlds = max_worlds
        self.min_worlds = min_worlds
        self.bid_talons = bid_talons  # talons drawn when bidding
        self.talon_worlds = talon_worlds  # deals of the other hands per talon
        self.searched: Counter[int] = Counter()  # how often a card play solved so many worlds (for the benchmark)

    def give(self, info: InfoState) -> Action:
        """Give the cards that best keep the bid safe over sampled worlds.

        The heuristic names the few cards the hand misses least; each way of
        giving them (which card to which opponent still owed one) is played out
        with open cards in every sampled world, asking once whether the
        declarer then makes the bid (with the double-dummy margin). The way
        made in the most worlds is given; ties keep the medium bot's gift, and
        so do too few solved worlds. Raising is decided afterwards, by
        :meth:`contract`. (Counting against a way the marriages it completes in
        an opponent's hand, as a cost, played worse on the deals measured.)
        """
        fallback = medium_give(info)
        targets = sorted({a.target for a in info.legal})
        targets.remove(fallback.target)
        targets.insert(0, fallback.target)
        pool = best_discards(info.hand, info.players, min(GIFT_POOL, count(info.hand)), info.rules.ace_marriage)
        ways = sorted(permutations(pool, len(targets)), key=lambda way: way[0] != fallback.card)  # stable
        rng = bot_rng(info, SALT)
        seat = info.seat
        order = list(info.active)
        shares = [0.0] * len(ways)
        spent = 0
        worlds = 0
        while worlds < self.max_worlds and spent < self.work:
            world = self.world(info, rng)
            leftover = fast_points(world.talons[0]) if info.players == 2 else 0
            solver = Solver(len(order), order.index(seat), not info.on_barrel(seat), leftover,
                            budget=self.world_nodes, rules=info.rules, took=0)
            made = []
            try:
                for way in ways:
                    hands = list(world.hands)
                    for card, target in zip(way, targets):
                        hands[seat] &= ~(1 << card)
                        hands[target] |= 1 << card
                    made.append(solver.made([hands[s] for s in order], solver.declarer, -1, (),
                                            info.bid + DD_MARGIN))
            except OutOfBudget:
                continue
            finally:
                spent += solver.nodes
            worlds += 1
            for i, ok in enumerate(made):
                shares[i] += world.weight * ok
        if worlds < self.min_worlds:
            return fallback
        best = ways[shares.index(max(shares))]
        return Action.give(best[0], targets[0])

    def bid(self, info: InfoState) -> Action:
        """Bid on when declaring at the next bid is worth more than defending.

        Worlds are drawn in groups that share a talon: the seat would choose
        its contract knowing the talon but not the other hands. In each world
        the bot takes the talon, gives away the cards its hand misses least
        and asks the solver which contracts it would make; each talon is worth
        the best choice over its group (a contract, or writing off or falling
        when none pays), and declaring is worth the weighted mean over talons.
        Without enough solved worlds it bids on the hand estimate.
        """
        bids = [a for a in info.legal if a.kind == "bid"]
        if not bids:
            return Action.parse("p")
        start = bids[0].value
        rng = bot_rng(info, SALT)
        seat = info.seat
        order = list(info.active)
        others = [s for s in order if s != seat]
        can_write_off = may_write_off(info.rules, info.used_write_off[seat], info.totals[seat])
        worth = weight = 0.0
        solved = spent = talons = 0
        while talons < self.bid_talons and spent < self.work:
            first = self.world(info, rng)
            talons += 1
            talon = first.talons[0]  # 2 players: the talons are closed, so the first is as good as any
            hand = info.hand | talon
            gifts = best_discards(hand, info.players, len(others))
            for card in gifts:
                hand &= ~(1 << card)
            values = range(start, max(bid_limit(hand, info.rules), start) + 1, 10)
            reach: list[tuple[int, float]] = []
            for j in range(self.talon_worlds):
                world = first if j == 0 else same_talon(info, first, rng)
                hands = list(world.hands)
                for target, card in zip(others, gifts):
                    hands[target] |= 1 << card
                hands[seat] = hand
                leftover = fast_points(world.talons[1]) if info.players == 2 else 0
                solver = Solver(len(order), order.index(seat), not info.on_barrel(seat), leftover,
                                budget=self.world_nodes // 2, rules=info.rules, took=0)
                try:
                    reach.append((highest_made(solver, [hands[s] for s in order], values), world.weight))
                except OutOfBudget:
                    continue
                finally:
                    spent += solver.nodes
            if not reach:
                continue
            solved += len(reach)
            mass = sum(w for _, w in reach)
            worth += mass * best_choice(info, list(values), reach, start, can_write_off, not info.used_fall[seat])[0]
            weight += mass
        if solved < self.min_worlds or weight <= 0:
            return choose_bid(info, self.bid_target(info))
        return bids[0] if worth / weight >= BID_WORTH else Action.parse("p")

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
        while len(reach) < self.max_worlds and spent < CONTRACT_WORK * self.work:
            world = self.world(info, rng)
            leftover = fast_points(world.talons[0]) if info.players == 2 else 0
            solver = Solver(len(order), order.index(seat), melds_count, leftover,
                            budget=CONTRACT_WORK * self.world_nodes, rules=info.rules, took=0)
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
        contract is asked, and ties go to the medium bot's move; the declarer
        then searches with DECLARER_WORK times the budget.
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
        # A defender's own points, which the solver (the declarer's points) does not see.
        own = [a + b for a, b in zip(own_melds(info, moves, k), own_trick(info, moves, k))]
        totals = [0.0] * len(moves)
        solved = 0
        failures = 0
        spent = 0
        early = declaring and not exact  # the declarer before the exact phase: see read_each()
        boost = DECLARER_WORK if early else 1
        while solved < self.max_worlds and spent < boost * self.work and failures < 2:
            world = self.world(info, rng)
            hands = tuple(world.hands[s] for s in order)
            leftover = fast_points(world.talons[0]) if info.players == 2 else 0
            solver = Solver(k, order.index(decl), melds_count, leftover, budget=boost * self.world_nodes,
                            rules=info.rules, took=took)
            window = (-INFINITY, INFINITY) if exact else (need - 1, need)
            try:
                if early:
                    values = read_each(solver, hands, leader, info, moves, need, boost * self.world_nodes)
                else:
                    values = [solver.after_search(hands, leader, info.trump, info.trick, m.card, m.kind == "meld",
                                                  *window) for m in moves]
            except OutOfBudget:
                failures += 1
                continue
            finally:
                spent += solver.nodes
            solved += 1
            for i, v in enumerate(values):
                totals[i] += world.weight * (score(v, need, stake if exact else 1, exact, declaring)
                                             + (own[i] if exact else own[i] / stake))
        self.searched[solved] += 1
        # The declarer's early worlds read each move on its own, and the medium bot's move is kept where it
        # ties: a world or two where it fails and another move makes the contract outweigh its guess.
        if solved < (min(1, self.min_worlds) if early else self.min_worlds):
            return fallback
        best = max(totals)
        tied = [m for m, t in zip(moves, totals) if t >= best - 1e-9]
        return fallback if fallback in tied else tied[0]


def read_each(solver: Solver, hands: tuple[int, ...], leader: int, info: InfoState, moves: list[Action], need: int,
              budget: int) -> list[int]:
    """The declarer's early question, whether each move makes ``need``, each move on ``budget`` nodes of its own.

    A move whose line is not read within its budget counts as failing: the declarer does not count on a
    line it has not read. Asked all at once, one slow move dropped the whole world, and after two such
    worlds the first lead fell back to the medium bot's move, which declares a marriage at once, even a
    short one that hands the lead and the trumps to the defenders (BENCHMARKS.md, "the declarer reads each move").
    A world holds at most twice the budget; with no move read it runs out like any other.
    """
    values = []
    read = 0
    for m in moves:
        solver.budget = min(solver.nodes + budget, 2 * budget)
        took = solver.took
        try:
            values.append(solver.after_search(hands, leader, info.trump, info.trick, m.card, m.kind == "meld",
                                              need - 1, need))
            read += 1
        except OutOfBudget:
            solver.took = took
            values.append(need - 1)
    if not read:
        raise OutOfBudget
    return values


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


def own_melds(info: InfoState, moves: list[Action], k: int) -> list[int]:
    """What declaring each move's marriage is worth to a defender, in :func:`score`'s units.

    Against the others' average a defender's own point counts 1 with 2 in play
    and 4 with 3 (where a declarer's point costs it a quarter, see
    :func:`score`). The declarer's marriages are in the solver's value, and a
    defender on the barrel scores none.
    """
    if info.seat == info.declarer or info.on_barrel(info.seat):
        return [0] * len(moves)
    unit = 1 if k == 2 else 4
    return [unit * meld_value(m.card) if m.kind == "meld" else 0 for m in moves]


def own_trick(info: InfoState, moves: list[Action], k: int) -> list[int]:
    """For a defender last to a trick: who of the two defenders takes it, in :func:`score`'s units.

    The solver counts the defenders' points as one side's, as if shared evenly
    (a point worth 1 to each). To a defender its own point is worth 4 against
    the others' average and its partner's -2: 3 more, or 3 less, than shared.
    """
    if k != 3 or len(info.trick) != k - 1 or info.seat == info.declarer:
        return [0] * len(moves)
    out = []
    for m in moves:
        table = info.trick + (m.card,)
        winner = (info.trick_seats + (info.seat,))[trick_winner(table, info.trump)]
        side = 3 if winner == info.seat else -3 if winner != info.declarer else 0
        out.append(side * sum(CARD_POINTS[c] for c in table))
    return out


def highest_made(solver: Solver, hands: list[int], values) -> int:
    """The highest of ``values`` (ascending) the declarer, on lead, makes in this world (0 if none).

    Each contract is asked with a margin for the declarer's double-dummy optimism, save one that the
    declarer's best marriage covers: declared on the first lead, it is made for sure. Being made
    is monotone in the contract, so after the lowest (which most weak hands miss) the rest is
    a binary search: a strong hand costs a few questions, not one per step of 10.
    """
    values = list(values)
    sure = sure_meld(solver, hands[solver.declarer])

    def made(v: int) -> bool:
        return v <= sure or solver.made(hands, solver.declarer, -1, (), v + DD_MARGIN)

    if not values or not made(values[0]):
        return 0
    lo, hi = 0, len(values)  # values[lo] is made; values[hi:] are not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if made(values[mid]):
            lo = mid
        else:
            hi = mid
    return values[lo]


def sure_meld(solver: Solver, hand: int) -> int:
    """The points of the best marriage the declarer, on the first lead, may declare at once (0 if none).

    Without this a hand whose only sure points are the ♥ marriage, stuck with the first hand's 100,
    was written off: the solver finds the 100 and nothing more, short of the margin.
    """
    if not solver.melds_count or not solver.took >> solver.declarer & 1:
        return 0
    best = max((MARRIAGE_VALUES[s] for s in range(4) if hand & MARRIAGES[s] == MARRIAGES[s]), default=0)
    return max(best, ACE_MARRIAGE_VALUE) if solver.aces and hand & ACES == ACES else best


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


def best_choice(info: InfoState, values: list[int], reach: list[tuple[int, float]], bid: int,
                can_write_off: bool, can_fall: bool) -> tuple[float, Action]:
    """The best expected score and its choice: a contract ``v`` made with probability ``p`` is worth
    ``v(2p-1)``; a write-off costs the 60 points each opponent gets (half counted), a fall the bid."""
    best_value, best = -1e9, Action.contract(values[0])
    for v in values:
        p = share(reach, v)
        ev = v * (2 * p - 1)
        if ev > best_value:
            best_value, best = ev, Action.contract(v)
    opponents = len(info.active) - 1
    if can_write_off and -30 * opponents > best_value:
        return -30 * opponents, Action.parse("w")
    if can_fall and -bid > best_value + 20 * opponents:
        return -bid - 20 * opponents, Action.parse("f")
    return best_value, best


def choose_contract(info: InfoState, values: list[int], reach: list[tuple[int, float]]) -> Action:
    return best_choice(info, values, reach, info.bid, Action.parse("w") in info.legal,
                       Action.parse("f") in info.legal)[1]
