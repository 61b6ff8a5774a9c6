"""What the bidding says about the hidden hands, for weighting sampled worlds.

Two kinds of evidence, both read from the public record of the deal:

- Certain: a bid or a contract above 120 needs marriages worth the excess in
  the hand that named it (the engine allows no more). A seat that bid 140
  held a marriage when it bid; a declarer that plays 160 holds 40 or more in
  marriages (cards it has played still count: they were in its hand).
- Likely: the other players are modelled by the medium bot, which raises
  while its hand estimate plus what a talon usually adds covers the next bid.
  A raise makes strong hands likelier, a pass weak ones; each action weighs a
  world by a smooth step of that margin, so no single action decides. In
  play, a world in which the medium bot would have followed to a recent
  trick with another card than the one played is less likely (policy-based
  inference: the others' cards are read through a model of how they play).

:func:`sample_weighted` draws worlds that meet the certain evidence (by
rejection, a few tries) and gives each a weight from the likely evidence.

>>> from thousand import Game
>>> game = Game(players=3, seed=7)
>>> bid_actions(InfoState.from_game(game, 0))   # only the forced opening so far: no evidence
[]
>>> game.apply("p")
>>> bid_actions(InfoState.from_game(game, 0))   # seat 1 passed facing 110
[(1, 110, False)]
"""

from __future__ import annotations

from dataclasses import replace

from ..actions import Action
from ..cards import count
from ..legal import bid_limit
from ..rng import SplitMix64
from ..tricks import legal_plays, trick_winner
from .heuristics import estimate
from .infostate import InfoState, shown_voids
from .medium import follow
from .worlds import World, sample_world

TALON_GAIN = {2: 15, 3: 25, 4: 25}  # what a talon adds to a 7- or 10-card estimate (medium's bid target, on average)
SPREAD = 12.0  # points: how far the medium bot's target strays from that
FLOOR = 0.05  # no single action makes a world less likely than this
SURPRISE = 0.35  # the weight of a follow the medium bot would not have made in that world
RECENT_TRICKS = 3  # follows read back (older ones cost time and tell less)


def bid_actions(info: InfoState) -> list[tuple[int, int, bool]]:
    """(seat, the bid at stake, raised?) for every free bidding action of the other seats.

    The first hand's opening 100 is forced and says nothing, nor does its blind
    bid right after it (blind bidding: made without looking at the cards).
    """
    out = []
    current = info.bids[0][1] if info.bids else 0
    for i, (seat, value) in enumerate(info.bids[1:], 1):
        if value is None:
            if seat != info.seat:
                out.append((seat, current + info.rules.bid_step, False))
        else:
            if seat != info.seat and not (i == 1 and seat == info.bids[0][0]):
                out.append((seat, value, True))
            current = value
    return out


def played_by(info: InfoState) -> list[int]:
    out = [0] * info.players
    for p in info.plays:
        out[p.seat] |= 1 << p.card
    return out


def bid_hand(info: InfoState, hands: list[int], seat: int, played: list[int]) -> int | None:
    """The cards ``seat`` held when it bid, as far as ``hands`` tell (None: the declarer, whose
    gifts to others may be unknown; its contract speaks for it instead).

    A defender has lost no card since the deal, so its cards now and played
    hold the dealt hand (with the gift it got, if any).
    """
    if seat == info.declarer:
        return None
    return hands[seat] | played[seat]


def plausible(info: InfoState, hands: list[int], played: list[int]) -> bool:
    """Do ``hands`` hold the marriages every bid and the contract needed (the rules' :func:`bid_limit`)?"""
    top: dict[int, int] = {}
    for seat, value, raised in bid_actions(info):
        if raised:
            top[seat] = max(top.get(seat, 0), value)
    for seat, value in top.items():
        held = bid_hand(info, hands, seat, played)
        if held is not None and value > bid_limit(held, info.rules):
            return False
    d = info.declarer
    if info.contract is not None and d != info.seat and info.contract > bid_limit(hands[d] | played[d], info.rules):
        return False
    return True


def likelihood(info: InfoState, hands: list[int], played: list[int]) -> float:
    """How likely the medium bot would have bid as the other seats did with ``hands``."""
    weight = 1.0
    gain = TALON_GAIN[info.players]
    cache: dict[int, float] = {}
    for seat, value, raised in bid_actions(info):
        held = bid_hand(info, hands, seat, played)
        if held is None:
            continue
        if seat not in cache:
            cache[seat] = estimate(held, info.players) + gain
        margin = (cache[seat] - value) / SPREAD
        if not raised:
            margin = -margin
        # A logistic-like curve from +, -, *, / only: every runtime rounds these alike (exp may not).
        weight *= max(0.5 + 0.5 * margin / (1 + abs(margin)), FLOOR)
    return weight


def play_likelihood(info: InfoState, hands: list[int]) -> float:
    """How likely the medium bot would have followed to the recent tricks as the others did with ``hands``.

    For each follow by another seat (not a lead: a meld may lead anything) the
    seat's view then is rebuilt: its cards then are its cards now plus those it
    played since.
    """
    k = len(info.active)
    plays = info.plays
    start = max(0, (len(plays) - 1) // k * k - (RECENT_TRICKS - 1) * k)
    weight = 1.0
    for i in range(start, len(plays)):
        p = plays[i]
        first = i - i % k
        if i == first or p.seat == info.seat:
            continue
        later = 0
        for q in plays[i:]:
            if q.seat == p.seat:
                later |= 1 << q.card
        hand = hands[p.seat] | later
        led = plays[first].card // 6
        table = [q.card for q in plays[first:i]]
        beat = table[trick_winner(table, p.trump)] if info.rules.must_beat else -1
        legal = legal_plays(hand, led, p.trump, beat)
        if legal & (legal - 1) == 0:
            continue  # forced: no evidence
        then = replace(info, seat=p.seat, hand=hand, plays=plays[:i], trump=p.trump,
                       trick=tuple(table), trick_seats=tuple(q.seat for q in plays[first:i]),
                       legal=tuple(Action.play(c) for c in range(24) if legal >> c & 1),
                       voids=tuple(shown_voids(plays[:i], info.players, k)))
        if follow(then, [a.card for a in then.legal]) != p.card:
            weight *= SURPRISE
    return weight


def sample_weighted(info: InfoState, rng: SplitMix64, tries: int = 24) -> World:
    """A world that meets the bidding's certain evidence (the last draw if none of
    ``tries`` does), weighted by its likely evidence."""
    played = played_by(info)
    for _ in range(tries):
        world = sample_world(info, rng)
        if plausible(info, world.hands, played):
            break
    world.weight = likelihood(info, world.hands, played) * play_likelihood(info, world.hands)
    return world


def same_talon(info: InfoState, world: World, rng: SplitMix64, tries: int = 24) -> World:
    """Another world with ``world``'s talons: the other seats' cards dealt again among them.

    For bidding, before anything but the seat's own hand is known: the talon
    decides the contract the seat would choose, the others' hands whether it
    is made, so worlds are drawn in groups that share a talon. As in
    :func:`sample_weighted`, a deal that meets the certain evidence is kept (the
    last draw if none of ``tries`` does), weighted by the likely evidence.
    """
    seats = [s for s in range(info.players) if s != info.seat and info.hand_sizes[s]]
    pool = [c for s in seats for c in range(24) if world.hands[s] >> c & 1]
    played = played_by(info)
    for _ in range(tries):
        order = rng.shuffle(pool[:])
        hands = list(world.hands)
        at = 0
        for s in seats:
            size = count(world.hands[s])
            hands[s] = 0
            for c in order[at:at + size]:
                hands[s] |= 1 << c
            at += size
        if plausible(info, hands, played):
            break
    return World(hands, list(world.talons), likelihood(info, hands, played))
