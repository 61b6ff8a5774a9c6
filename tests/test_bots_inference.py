"""Inference from the bidding: worlds the hard bot samples agree with what bids and
the contract say about the hidden hands."""

from __future__ import annotations

from dataclasses import replace

from thousand import Game
from thousand.bots import InfoState
from thousand.bots.dds import Solver
from thousand.bots.hard import HardBot
from thousand.bots.inference import bid_actions, likelihood, played_by, plausible, same_talon, sample_weighted
from thousand.bots.worlds import sample_world
from thousand.cards import ACES, HEARTS, MARRIAGES, marriage_points
from thousand.game import _hand_mask as h
from thousand.rng import SplitMix64
from thousand.rules import Rules

# Dealer 2: seat 0 opens 100. Seat 1 holds the ♥ marriage, seat 2 the ♣ and ♠ ones.
HANDS = ["Ah Th Ad Td Ac Tc As", "Kh Qh 9h Jh Kd Jd 9d", "Kc Qc Ks Qs Js 9s 9c"]
TALON = "Qd Jc Ts"


def auction() -> Game:
    """Seat 1 bids 130 (it needs its marriage for that) and loses the auction to seat 2 at 140."""
    game = Game.from_deal(3, 2, HANDS, talon=TALON)
    for a in "b110 b120 p b130 b140 p".split():
        game.apply(a)
    return game


def test_bid_actions_read_raises_and_passes_of_the_others() -> None:
    info = InfoState.from_game(auction(), 0)
    assert bid_actions(info) == [(1, 110, True), (2, 120, True), (1, 130, True), (2, 140, True), (1, 150, False)]
    assert (0, 130, False) not in bid_actions(info)  # the seat's own actions are no evidence to it


def test_a_bid_over_120_puts_a_marriage_in_every_sampled_world() -> None:
    info = InfoState.from_game(auction(), 0)
    rng = SplitMix64(5)
    plain = [sample_world(info, rng).hands[1] for _ in range(200)]
    assert any(marriage_points(hand) == 0 for hand in plain)  # without inference, many worlds lack it
    for _ in range(100):
        world = sample_weighted(info, rng)
        assert marriage_points(world.hands[1]) >= 10


def test_the_contract_puts_its_marriages_in_the_declarers_hand() -> None:
    game = auction()
    for a in ("gJs0", "g9s1", "c160", "9c"):  # seat 2 keeps 60 + 40 in marriages, plays 160, leads 9c
        game.apply(a)
    info = InfoState.from_game(game, 0)
    played = played_by(info)
    rng = SplitMix64(9)
    for _ in range(100):
        world = sample_weighted(info, rng)
        assert marriage_points(world.hands[2] | played[2]) >= 40
        assert plausible(info, world.hands, played)


def test_a_pass_makes_weak_hands_likelier() -> None:
    game = Game.from_deal(3, 2, HANDS, talon=TALON)
    game.apply("p")  # seat 1 passes facing 110
    info = InfoState.from_game(game, 0)
    played = played_by(info)
    weak = [info.hand, h("9h Jh Jd 9d Js 9s 9c"), h("Kh Qh Kd Kc Qc Ks Qs")]
    strong = [info.hand, h("Kh Qh Kd Kc Qc Ks Qs"), h("9h Jh Jd 9d Js 9s 9c")]
    assert likelihood(info, weak, played) > 2 * likelihood(info, strong, played)


def test_plays_read_through_the_medium_model() -> None:
    """With medium bots at the table the true deal explains every follow (weight 1);
    a world where a follower would have played another card weighs less."""
    from thousand.bots import decide, make_bot
    from thousand.bots.inference import play_likelihood

    medium = make_bot("medium")
    lighter = 0
    for seed in range(6):
        game = Game(3, seed)
        deal = game.deal_no
        rng = SplitMix64(seed)
        while game.deal_no == deal:
            if game.phase == "play" and game.played:
                info = InfoState.from_game(game, game.to_move)
                assert play_likelihood(info, list(game.hands)) == 1.0
                weights = [play_likelihood(info, sample_world(info, rng).hands) for _ in range(5)]
                assert all(0 < w <= 1 for w in weights)
                lighter += any(w < 1 for w in weights)
                # The hard bot's sampler carries both readings, the bids' and the plays', in its weight.
                world = sample_weighted(info, rng)
                played = played_by(info)
                assert world.weight == likelihood(info, world.hands, played) * play_likelihood(info, world.hands)
            game.apply(decide(medium, game))
    assert lighter >= 10


def test_bid_actions_follow_the_rules_step_and_skip_a_blind_bid() -> None:
    """A pass faces the current bid plus the rules' step; the first hand's blind bid,
    made without seeing the cards, says nothing about them."""
    game = Game.from_deal(3, 2, HANDS, talon=TALON, rules=Rules(bid_step=5, blind=True))
    for a in "d b125 p".split():  # seat 0 bids 120 blind, seat 1 overbids (with its marriage), seat 2 passes
        game.apply(a)
    info = InfoState.from_game(game, 1)
    assert bid_actions(info) == [(2, 130, False)]
    assert bid_actions(InfoState.from_game(game, 2)) == [(1, 125, True)]


def test_the_ace_marriage_counts_toward_the_bid_limit_in_sampled_worlds() -> None:
    """Under the ace marriage a bid over 120 may rest on four aces instead of a marriage:
    such a hand is plausible, and sampled worlds give the bidder four aces where it has no marriage."""
    hands = ["Kh Qh 9h Jh Kd Jd 9d", "Ah Ad Ac As Th Td Tc", "Kc Qc Ks Qs Js 9s 9c"]
    game = Game.from_deal(3, 2, hands, talon=TALON, rules=Rules(ace_marriage=True))
    for a in "b110 b120 p b130 b140 p".split():  # seat 1 bid 130 holding no marriage, only the four aces
        game.apply(a)
    info = InfoState.from_game(game, 0)
    assert plausible(info, [h(x) for x in hands], played_by(info))
    assert not plausible(replace(info, rules=Rules()), [h(x) for x in hands], played_by(info))  # no marriage
    rng = SplitMix64(4)
    worlds = [sample_weighted(info, rng).hands[1] for _ in range(60)]
    assert all(marriage_points(w) or w & ACES == ACES for w in worlds)
    assert any(not marriage_points(w) for w in worlds)  # the aces alone stand for the bid


def test_same_talon_deals_the_other_hands_again_and_keeps_the_evidence() -> None:
    """Bidding worlds come in groups sharing a talon: the seat's hand and the talon stay, the
    other seats' cards are dealt again among them (same sizes), and a bid of 130 still needs
    a marriage in the hand that made it."""
    game = Game.from_deal(3, 2, HANDS, talon=TALON)
    for a in "b110 b120 p b130".split():
        game.apply(a)
    info = InfoState.from_game(game, 2)
    played = played_by(info)
    rng = SplitMix64(11)
    first = sample_weighted(info, rng)
    others = first.hands[0] | first.hands[1]
    seen = set()
    met = 0
    for _ in range(60):
        world = same_talon(info, first, rng)
        assert world.talons == first.talons and world.hands[2] == info.hand
        assert world.hands[0] | world.hands[1] == others and not world.hands[0] & world.hands[1]
        assert [bin(h).count("1") for h in world.hands] == [bin(h).count("1") for h in first.hands]
        met += plausible(info, world.hands, played) and marriage_points(world.hands[1]) >= 10
        assert world.weight == likelihood(info, world.hands, played)
        seen.add(world.hands[0])
    assert len(seen) > 30  # dealt again, not copied
    assert met >= 57, met  # the evidence holds, where a plain deal of the same cards often misses it:
    plain = 0
    for _ in range(60):
        hands = list(first.hands)
        cards = [c for c in range(24) if others >> c & 1]
        hands[1] = sum(1 << cards[i] for i in sorted(range(14), key=lambda _: rng.next())[:7])
        plain += marriage_points(hands[1]) >= 10
    assert plain < 45, plain


def test_a_bid_that_shows_the_heart_marriage_makes_the_declarer_write_off() -> None:
    """Seat 1 bid 130, so it holds a marriage. Seat 0 held the K♣, the ♦ marriage and the Q♠
    when it bid, so for seat 0 the marriage can only be the ♥ one, worth 100 (and after giving
    the 9♥ it holds no heart). Once seat 1 takes a trick it declares it, and hearts are trump
    against a declarer without them. With every card open seat 0 takes 101, short of the 140 it
    bid. Reading the bid, the hard bot writes the deal off; the same bot sampling worlds without
    the bid's evidence plays 140."""
    game = Game.from_deal(3, 2, ["Qs As Kc Jd Qd Kd 9h", "Ts Qc Ac Qh Kh Th Ah", "9s Js Ks 9c Jc Ad Jh"],
                          talon="Tc 9d Td")
    for a in "b110 p b120 b130 b140 p g9h1 gQs2".split():
        game.apply(a)
    assert game.phase == "contract" and game.declarer == 0
    info = InfoState.from_game(game, 0)
    rng = SplitMix64(3)
    assert all(sample_weighted(info, rng).hands[1] & MARRIAGES[HEARTS] == MARRIAGES[HEARTS] for _ in range(50))
    assert Solver(3, 0, took=0).value(list(game.hands), 0, -1, ()) == 101

    class Unread(HardBot):
        def world(self, info, rng):
            return sample_world(info, rng)

    assert str(HardBot().act(info)) == "w"
    assert str(Unread().act(info)) == "c140"
