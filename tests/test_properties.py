"""Invariants over thousands of random games (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from thousand import Game, Record
from thousand.cards import FULL_DECK, TOTAL_POINTS, card_str, cards_of
from thousand.rng import SplitMix64
from thousand.scoring import BARREL

seeds = st.integers(0, 2**64 - 1)
player_counts = st.sampled_from([2, 3, 4])
MAX_DEALS = 3000


def sane_policy(game: Game, rng: SplitMix64):
    """Random but not suicidal, so that games finish: mostly pass, keep the bid."""
    actions = game.legal_actions()
    if game.phase == "bidding":
        return actions[0] if rng.below(10) < 8 else actions[-1]
    if game.phase == "contract":
        return actions[0] if rng.below(20) else actions[-1]
    return actions[rng.below(len(actions))]


def check_cards_conserved(game: Game) -> None:
    parts = list(game.hands) + [game.played]
    parts += [t for i, t in enumerate(game.talons) if i != game.taken_talon]
    union = 0
    for part in parts:
        assert union & part == 0, "a card is in two places"
        union |= part
    assert union == FULL_DECK


def known_cards(game: Game, seat: int) -> set[str]:
    """Cards the seat may know, computed independently of the view code."""
    known = set(cards_of(game.hands[seat]) + cards_of(game.played))
    if game.declarer is not None and game.taken_talon is not None:
        taken = game.talons[game.taken_talon]
        if game.players > 2 or seat == game.declarer or game.bid > 100:
            known |= set(cards_of(taken))
        if seat == game.declarer:
            known |= {c for c, _ in game.gifts}
    known |= {c for c, s in game.gifts if s == seat}
    ld = game.last_deal  # the previous deal's cards are all out by now
    if ld is not None:
        known |= {c for t in ld["talons"] for c in t}
        if ld["last_trick"] is not None:  # played openly, shown with the deal's result
            known |= set(ld["last_trick"][0])
    return {card_str(c) for c in known}


def cards_in(obj) -> set[str]:
    """Every card-notation string anywhere in a view, except legal-action ids."""
    found = set()
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key == "legal":
                continue
            found |= cards_in(value) | (cards_in(key) if isinstance(key, str) else set())
    elif isinstance(obj, list):
        for value in obj:
            found |= cards_in(value)
    elif isinstance(obj, str) and len(obj) == 2 and obj[0] in "9JQKTA" and obj[1] in "scdh":
        found.add(obj)
    return found


@settings(max_examples=1200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=player_counts, policy_seed=st.integers(0, 2**32))
def test_whole_games_end_and_keep_their_books(seed, players, policy_seed):
    game = Game(players, seed)
    rng = SplitMix64(policy_seed)
    rows_seen = 0
    # A random policy can drift forever (one seat far below zero, the others short
    # of 1000): such a game stops at MAX_DEALS and its books are checked all the same.
    while not game.is_over and game.deal_no < MAX_DEALS:
        game.apply(sane_policy(game, rng))
        if len(game.sheet.rows) > rows_seen:
            rows_seen = len(game.sheet.rows)
            ld = game.last_deal
            if ld is not None and ld["kind"] == "played" and ld["deal"] == game.sheet.rows[-1].deal:
                assert sum(ld["trick_points"]) == TOTAL_POINTS
    sheet = game.sheet
    for seat in range(players):
        assert sheet.totals[seat] == sum(row.entries[seat].delta for row in sheet.rows)
        assert sheet.totals[seat] < BARREL or sheet.totals[seat] == BARREL or sheet.totals[seat] >= 1000
    if game.is_over:
        assert max(sheet.totals) >= 1000 and sheet.totals[game.winner] == max(sheet.totals)
    else:
        assert max(sheet.totals) < 1000
    assert Game.replay(Record.parse(str(game.record()))) == game


@settings(max_examples=300, deadline=None)
@given(seed=seeds, players=player_counts, policy_seed=st.integers(0, 2**32))
def test_every_state_conserves_cards_and_views_hide_what_they_must(seed, players, policy_seed):
    game = Game(players, seed)
    rng = SplitMix64(policy_seed)
    for _ in range(120):  # a few deals, checking every state
        if game.is_over:
            break
        check_cards_conserved(game)
        for seat in range(players):
            view = game.view(seat)
            leaked = cards_in(view) - known_cards(game, seat)
            assert not leaked, f"seat {seat} sees {leaked} in phase {game.phase}"
            assert (view["legal"] != []) == (game.to_move == seat)
        game.apply(sane_policy(game, rng))


@settings(max_examples=200, deadline=None)
@given(seed=seeds, players=player_counts, policy_seed=st.integers(0, 2**32), cut=st.integers(0, 200))
def test_replay_and_undo_reach_the_same_state(seed, players, policy_seed, cut):
    game = Game(players, seed)
    rng = SplitMix64(policy_seed)
    for _ in range(cut):
        if game.is_over:
            break
        game.apply(sane_policy(game, rng))
    assert Game.replay(game.record()) == game
    if game.history:
        before = game.copy()
        action = game.legal_actions()[0] if not game.is_over else None
        if action is not None:
            game.apply(action)
            assert game.pop() == action
            assert game == before
