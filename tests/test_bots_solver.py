"""The double-dummy solver's speed-ups against a plain minimax: equivalent-card
merging, the transposition table and the quick-trick bounds change no value."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from thousand.bots.dds import RUNS, OutOfBudget, Solver
from thousand.cards import (ACE, ACES, CARD_POINTS, MARRIAGE_VALUES, MARRIAGES, QUEEN, iter_cards, meld_value,
                            trump_after_meld)
from thousand.game import _hand_mask as h
from thousand.rng import SplitMix64
from thousand.rules import Rules
from thousand.tricks import legal_plays, trick_winner


def minimax(hands: list[int], leader: int, trump: int, trick: tuple[int, ...], k: int, decl: int,
            melds: bool, leftover: int, rules: Rules = Rules(), took: int = -1) -> int:
    """Declarer's future points with best play, every legal card tried (leading a
    marriage half, or an ace of the four with the ace marriage on, declares it, as
    in the solver; must-beat as the rules say; with a marriage only after a trick,
    only the positions in ``took`` and the winners of tricks to come declare): no
    merging, no table, no bounds."""
    n = len(trick)
    mover = (leader + n) % k
    hand = hands[mover]
    options: list[tuple[int, bool]] = []
    if n == 0 and rules.meld_requires_trick and not took >> mover & 1:
        options = [(c, False) for c in iter_cards(hand)]
    elif n == 0:
        for s in range(4):
            if hand & MARRIAGES[s] == MARRIAGES[s]:
                options.append((s * 6 + QUEEN, True))
                hand &= ~MARRIAGES[s]
        if rules.ace_marriage and hand & ACES == ACES:
            options += [(s * 6 + ACE, True) for s in range(4)]
            hand &= ~ACES
        options += [(c, False) for c in iter_cards(hand)]
    else:
        beat = trick[trick_winner(trick, trump)] if rules.must_beat else -1
        options = [(c, False) for c in iter_cards(legal_plays(hand, trick[0] // 6, trump, beat))]
    values = []
    for card, meld in options:
        rest = list(hands)
        rest[mover] ^= 1 << card
        t = trump_after_meld(card, trump) if meld else trump
        gain = meld_value(card) if meld and mover == decl and melds else 0
        played = trick + (card,)
        if n + 1 < k:
            values.append(gain + minimax(rest, leader, t, played, k, decl, melds, leftover, rules, took))
            continue
        winner = (leader + trick_winner(played, t)) % k
        if winner == decl:
            gain += sum(CARD_POINTS[c] for c in played) + (0 if rest[0] else leftover)
        later = minimax(rest, winner, t, (), k, decl, melds, leftover, rules, took | 1 << winner) if rest[0] else 0
        values.append(gain + later)
    return max(values) if mover == decl else min(values)


def random_position(seed: int, k: int, tricks: int,
                    partial: bool = True) -> tuple[list[int], int, int, tuple[int, ...]]:
    """Random hands of ``tricks`` cards each, a random trump and leader, and (if ``partial``) part of a trick played."""
    rng = SplitMix64(seed)
    deck = list(range(24))
    for i in range(23, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    hands = [sum(1 << c for c in deck[p * tricks:(p + 1) * tricks]) for p in range(k)]
    trump = rng.below(5) - 1
    leader = rng.below(k)
    trick: tuple[int, ...] = ()
    for j in range(rng.below(k) if partial else 0):  # a legal start of the first trick
        p = (leader + j) % k
        legal = legal_plays(hands[p], trick[0] // 6 if trick else -1, trump)
        cards = list(iter_cards(legal))
        card = cards[rng.below(len(cards))]
        hands[p] ^= 1 << card
        trick += (card,)
    return hands, leader, trump, trick


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), k=st.sampled_from([2, 3]), melds=st.booleans())
def test_value_and_every_threshold_match_plain_minimax(seed: int, k: int, melds: bool) -> None:
    tricks = 5 if k == 2 else 4
    hands, leader, trump, trick = random_position(seed, k, tricks)
    decl = seed % k
    leftover = 7 * (seed % 3) if k == 2 else 0
    exact = minimax(hands, leader, trump, trick, k, decl, melds, leftover)
    solver = Solver(k, decl, melds, leftover)
    assert solver.value(hands, leader, trump, trick) == exact
    # One table for every question: bounds stored by one threshold must not mislead another.
    for need in sorted({0, exact - 10, exact - 1, exact, exact + 1, exact + 7, 5, 30}, key=lambda v: -v % 17):
        assert solver.made(hands, leader, trump, trick, need) == (exact >= need), need
    fresh = Solver(k, decl, melds, leftover)
    for alpha, beta in ((exact - 20, exact - 5), (exact + 3, exact + 30), (exact - 1, exact + 1)):
        v = fresh.search(hands, leader, trump, trick, alpha, beta)  # fail-soft bounds
        assert (v <= alpha and exact <= v) or (v >= beta and exact >= v) or (alpha < v < beta and v == exact)


def with_cards(hands: list[int], seat: int, cards) -> list[int]:
    """The hands with ``seat`` holding ``cards``, each swapped for one of its lowest
    other cards (with another hand, or with the cards out of play)."""
    hands = list(hands)
    wanted = sum(1 << c for c in cards)
    for card in cards:
        if hands[seat] >> card & 1:
            continue
        low = min(c for c in iter_cards(hands[seat] & ~wanted))
        hands[seat] ^= 1 << low | 1 << card
        for p, hand in enumerate(hands):
            if p != seat and hand >> card & 1:
                hands[p] ^= 1 << low | 1 << card
    return hands


def with_all_aces(hands: list[int], seat: int) -> list[int]:
    return with_cards(hands, seat, [s * 6 + ACE for s in range(4)])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), k=st.sampled_from([2, 3]), aces=st.booleans(), must_beat=st.booleans(),
       melds=st.booleans())
def test_the_ace_marriage_and_must_beat_match_plain_minimax(seed: int, k: int, aces: bool, must_beat: bool,
                                                           melds: bool) -> None:
    tricks = 5 if k == 2 else 4
    hands, leader, trump, _ = random_position(seed, k, tricks, partial=False)
    hands = with_all_aces(hands, seed % k if aces else (seed + 1) % k)
    decl = seed % k
    rules = Rules(ace_marriage=aces, must_beat=must_beat)
    exact = minimax(hands, leader, trump, (), k, decl, melds, 0, rules)
    solver = Solver(k, decl, melds, rules=rules)
    assert solver.value(hands, leader, trump, ()) == exact
    for need in (exact - 1, exact, exact + 1):
        assert solver.made(hands, leader, trump, (), need) == (exact >= need), need


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), k=st.sampled_from([2, 3]))
def test_quick_tricks_are_sure(seed: int, k: int) -> None:
    """Masters the leader can cash are a lower bound on its side's points."""
    hands, leader, trump, _ = random_position(seed, k, 5 if k == 2 else 4, partial=False)
    decl = seed % k
    solver = Solver(k, decl, True, 0)
    quick = solver._quick(hands, leader, trump)
    exact = minimax(hands, leader, trump, (), k, decl, True, 0)
    if leader == decl:
        assert exact >= quick
    else:
        everything = sum(hands)
        ceiling = sum(CARD_POINTS[c] for c in iter_cards(everything)) + sum(
            MARRIAGE_VALUES[s] for s in range(4) if hands[decl] & MARRIAGES[s] == MARRIAGES[s])
        assert exact <= ceiling - quick


def test_runs_group_cards_with_nothing_in_play_between() -> None:
    # Mine A, T, Q, 9 of a suit; the others hold K and J: runs {A, T}, {Q}, {9}.
    mine = 0b110101
    others = 0b001010
    assert RUNS[mine | others << 6] == ((5, 4), (2,), (0,))
    assert RUNS[mine] == ((5, 4, 2, 0),)  # nothing else in play: one class


def test_equivalent_cards_are_one_move_when_the_trick_is_settled() -> None:
    """Last to play with A and T of the led suit: both win, so only the ace (more
    points for the winner) is searched; the value is that of the ace."""
    solver = Solver(2, 0)
    hands = [h("Ah Th"), h("Ks")]
    nine = h("9h").bit_length() - 1
    assert solver.value(hands, 1, -1, (nine,)) == 11 + 0 + 10 + 4  # 9h led by seat 1
    assert solver._follow_moves(hands[0], 1, -1, 1, 3, nine, 0, hands[1] | 1 << nine, 0) == [nine + 5]  # the ace


def test_merging_searches_fewer_nodes_and_the_table_is_reused() -> None:
    hands = [h("Ah Th Kh Ad Td"), h("Qh Jh 9h Kd Qd")]
    solver = Solver(2, 0)
    first = solver.value(hands, 0, -1, ())
    nodes = solver.nodes
    assert solver.value(hands, 0, -1, ()) == first
    assert solver.nodes - nodes <= 1  # answered from the table
    assert first == minimax(hands, 0, -1, (), 2, 0, True, 0)


@pytest.mark.parametrize("k", [2, 3])
def test_budget_stops_a_search(k: int) -> None:
    hands, leader, trump, trick = random_position(3, k, 8 if k == 3 else 10)
    with pytest.raises(OutOfBudget):
        Solver(k, 0, True, 0, budget=50).value(hands, leader, trump, trick)


def test_a_partner_forced_to_ruff_ends_the_quick_tricks() -> None:
    """Seat 2 (defender) leads clubs, ♦ trump; the declarer has no club and no trump,
    but the partner must ruff the ace and then leads into the declarer's Ah and Ts:
    only the first master is sure, and the declarer takes 33."""
    hands = [h("Ah 9h Ts"), h("Kh Kd Qs"), h("Ac Qc Jc")]
    solver = Solver(3, 0, False, 0)
    assert solver.value(hands, 2, 2, ()) == minimax(hands, 2, 2, (), 3, 0, False, 0) == 33
    assert solver._quick(hands, 2, 2) <= 48 - 33
    for need in range(30, 37):
        assert Solver(3, 0, False, 0).made(hands, 2, 2, (), need) == (need <= 33)


def test_a_marriage_waits_for_a_trick_when_the_rules_say_so() -> None:
    """The declarer leads K♥ Q♥ against 9♠ 10♠ (no trump): declaring takes 100 + the
    tricks (117); with marriages only after a trick and none taken yet, only the
    tricks (17); once a trick is taken the marriage is there again."""
    hands, after_trick = [h("Kh Qh"), h("9s Ts")], Rules(meld_requires_trick=True)
    assert Solver(2, 0).value(hands, 0, -1, ()) == 117
    assert Solver(2, 0, rules=after_trick, took=0).value(hands, 0, -1, ()) == 17
    assert Solver(2, 0, rules=after_trick, took=0b01).value(hands, 0, -1, ()) == 117
    assert Solver(2, 0, rules=after_trick).value(hands, 0, -1, ()) == 117  # not told: everyone may declare
    assert Solver(2, 0, took=0).value(hands, 0, -1, ()) == 117  # without the rule, ``took`` changes nothing


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), k=st.sampled_from([2, 3]), took=st.integers(0, 7), melds=st.booleans())
@example(seed=372, k=2, took=0, melds=True)  # K♠ Q♠ 9♠ were once one move: leading the 9 keeps the marriage
def test_marriages_only_after_a_trick_match_plain_minimax(seed: int, k: int, took: int, melds: bool) -> None:
    tricks = 5 if k == 2 else 4
    hands, leader, trump, _ = random_position(seed, k, tricks, partial=False)
    for p in range(2):  # a marriage in two hands, the leader's among them
        suit = (seed >> (2 * p)) % 4
        hands = with_cards(hands, (leader + p) % k, [suit * 6 + QUEEN, suit * 6 + QUEEN + 1])
    decl = seed % k
    took &= (1 << k) - 1
    rules = Rules(meld_requires_trick=True)
    exact = minimax(hands, leader, trump, (), k, decl, melds, 0, rules, took)
    solver = Solver(k, decl, melds, rules=rules, took=took)
    assert solver.value(hands, leader, trump, ()) == exact
    for need in (exact - 1, exact, exact + 1):
        assert solver.made(hands, leader, trump, (), need) == (exact >= need), need
