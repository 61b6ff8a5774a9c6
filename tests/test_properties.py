"""Invariants over thousands of random games (hypothesis), under the house rules and
under random combinations of the rule settings."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rule_sets import rule_sets
from thousand import Game, Record
from thousand.cards import FULL_DECK, TOTAL_POINTS, card_str, cards_of
from thousand.rng import SplitMix64
from thousand.scoring import GOAL

seeds = st.integers(0, 2**64 - 1)
player_counts = st.sampled_from([2, 3, 4])
MAX_DEALS = 3000
RANDOM_RULES_DEALS = 60  # random play under some rules never reaches 1000 (every total sinks): check books on the way


def sane_policy(game: Game, rng: SplitMix64):
    """Random but not suicidal, so that games finish: mostly pass, keep the bid, look before bidding."""
    actions = game.legal_actions()
    if game.phase == "bidding":
        return actions[0] if rng.below(10) < 8 else actions[-1]
    if game.phase == "contract":
        return actions[0] if rng.below(20) else actions[-1]
    if game.phase == "blind":
        return actions[0] if rng.below(10) else actions[-1]
    return actions[rng.below(len(actions))]


def check_books(game: Game, rows_seen: int) -> int:
    """After each new sheet row: a played deal's trick points make 120; totals are
    the sums of the rows; every total is below the barrel, on it, or at the goal."""
    if len(game.sheet.rows) > rows_seen:
        ld = game.last_deal
        if ld is not None and ld["kind"] == "played" and ld["deal"] == game.sheet.rows[-1].deal:
            assert sum(ld["trick_points"]) == TOTAL_POINTS
        sheet = game.sheet
        for seat in range(game.players):
            assert sheet.totals[seat] == sum(row.entries[seat].delta for row in sheet.rows)
            assert sheet.totals[seat] <= sheet.barrel or sheet.totals[seat] >= GOAL
    return len(game.sheet.rows)


def check_cards_conserved(game: Game) -> None:
    parts = list(game.hands) + [game.played]
    parts += [t for i, t in enumerate(game.talons) if i != game.taken_talon]
    union = 0
    for part in parts:
        assert union & part == 0, "a card is in two places"
        union |= part
    assert union == FULL_DECK


def known_cards(game: Game, seat: int) -> set[str]:
    """Cards the seat may know, computed independently of the view code. With
    blind bidding the first hand knows no card of its own until it looks, and a
    blind declarer shows the talon to nobody."""
    looked = not (seat == game.first_hand and (game.phase == "blind" or game.phase == "bidding" and game.blind))
    known = set(cards_of(game.played) + (cards_of(game.hands[seat]) if looked else []))
    if game.declarer is not None and game.taken_talon is not None:
        taken = game.talons[game.taken_talon]
        if seat == game.declarer or not game.blind and (game.players > 2 or game.bid > 100):
            known |= set(cards_of(taken))
        if seat == game.declarer:
            known |= {c for c, _ in game.gifts}
    known |= {c for c, s in game.gifts if s == seat}
    ld = game.last_deal  # the previous deal's talons: those seen in it, and the 2-player one left on the table
    if ld is not None:
        for i, talon in enumerate(ld["talons"]):
            if i == ld["taken_talon"]:
                if seat == ld["declarer"] or not ld["blind"] and (len(ld["talons"]) == 1 or ld["bid"] > 100):
                    known |= set(talon)
            elif ld["kind"] == "played":
                known |= set(talon)
        if ld["last_trick"] is not None:  # played openly, shown with the deal's result
            known |= set(ld["last_trick"][0])
    return {card_str(c) for c in known}


def cards_in(obj) -> set[str]:
    """Every card-notation string anywhere in a view, the legal actions' cards included."""
    found = set()
    if isinstance(obj, dict):
        for key, value in obj.items():
            found |= cards_in(value) | (cards_in(key) if isinstance(key, str) else set())
    elif isinstance(obj, list):
        for value in obj:
            found |= cards_in(value)
    elif isinstance(obj, str) and len(obj) == 2 and obj[0] in "9JQKTA" and obj[1] in "scdh":
        found.add(obj)
    return found


@settings(max_examples=800, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=player_counts, policy_seed=st.integers(0, 2**32))
def test_whole_games_end_and_keep_their_books(seed, players, policy_seed):
    game = Game(players, seed)
    rng = SplitMix64(policy_seed)
    rows_seen = 0
    # A random policy can drift forever (one seat far below zero, the others short
    # of 1000): such a game stops at MAX_DEALS and its books are checked all the same.
    while not game.is_over and game.deal_no < MAX_DEALS:
        game.apply(sane_policy(game, rng))
        rows_seen = check_books(game, rows_seen)
    sheet = game.sheet
    if game.is_over:
        assert max(sheet.totals) >= 1000 and sheet.totals[game.winner] == max(sheet.totals)
    else:
        assert max(sheet.totals) < 1000
    assert Game.replay(Record.parse(str(game.record()))) == game


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, players=player_counts, policy_seed=st.integers(0, 2**32), rules=rule_sets())
def test_any_rules_keep_the_books_and_replay(seed, players, policy_seed, rules):
    game = Game(players, seed, rules)
    rng = SplitMix64(policy_seed)
    rows_seen = 0
    while not game.is_over and game.deal_no < RANDOM_RULES_DEALS:
        game.apply(sane_policy(game, rng))
        rows_seen = check_books(game, rows_seen)
    if game.is_over:
        assert game.sheet.totals[game.winner] == max(game.sheet.totals) >= GOAL
    assert Game.replay(Record.parse(str(game.record()))) == game


@settings(max_examples=300, deadline=None)
@given(seed=seeds, players=player_counts, policy_seed=st.integers(0, 2**32), rules=rule_sets())
def test_every_state_conserves_cards_and_views_hide_what_they_must(seed, players, policy_seed, rules):
    game = Game(players, seed, rules)
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
@given(seed=seeds, players=player_counts, policy_seed=st.integers(0, 2**32), cut=st.integers(0, 200),
       rules=rule_sets())
def test_replay_and_undo_reach_the_same_state(seed, players, policy_seed, cut, rules):
    game = Game(players, seed, rules)
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
