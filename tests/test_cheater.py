"""The arena's cheaters: the full one sees every card; the partial ones see them in
some phases only and decide the rest exactly as the fair hard bot does."""

from __future__ import annotations

import pytest

from thousand import Game
from thousand.arena import main as arena_main
from thousand.bots import decide, make_bot
from thousand.bots.cheater import CheaterBot, sees
from thousand.bots.hard import EXACT_TRICKS, HardBot, count_tricks_left
from thousand.bots.infostate import InfoState
from thousand.cards import count
from thousand.rng import SplitMix64


def reach(players: int, seed: int, phase: str, skip: int = 0) -> Game:
    """The game of ``seed`` played by medium bots up to ``phase`` (and ``skip`` moves into it)."""
    game = Game(players, seed)
    medium = make_bot("medium")
    while game.phase != phase:
        game.apply(decide(medium, game))
    for _ in range(skip):
        game.apply(decide(medium, game))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_the_cheaters_take_the_better_talon_they_see_and_the_play_cheater_does_not(seed):
    game = reach(2, 300 + seed, "talon")
    seat = game.to_move
    cheater = CheaterBot("cheater")
    chosen = cheater.act_game(game)
    info = InfoState.from_game(game, seat)
    values = [cheater._value_with(info, t) for t in game.talons]
    assert chosen.value == 1 + values.index(max(values))
    assert CheaterBot("cheater-auction").act_game(game) == chosen
    assert CheaterBot("cheater-talon").act_game(game) == chosen  # the talons are all it sees, and all it needs here
    assert CheaterBot("cheater-play").act_game(game) == decide(HardBot(), game)  # a blind choice, as the fair bot's


@pytest.mark.parametrize("seed", range(3))
def test_a_partial_cheater_decides_as_the_fair_hard_bot_where_it_does_not_see(seed):
    bidding = reach(3, 500 + seed, "bidding")
    assert CheaterBot("cheater-play").act_game(bidding) == decide(HardBot(), bidding)
    assert not sees("cheater-play", InfoState.from_game(bidding, bidding.to_move))  # not merely the same bid
    play = reach(3, 500 + seed, "play", skip=4)
    assert CheaterBot("cheater-auction").act_game(play) == decide(HardBot(), play)
    assert CheaterBot("cheater-play").act_game(play) == CheaterBot("cheater").act_game(play)
    assert CheaterBot("cheater-talon").act_game(play) == decide(HardBot(), play)


def test_the_talon_cheater_bids_over_the_true_talon_and_guessed_hands():
    """While bidding each of its worlds holds the true talon and the seat's own hand, and the
    other hands are dealt again (not the true ones): it knows the talon, not the deal."""
    guessed = 0
    for seed in range(4):
        game = reach(3, 600 + seed, "bidding")
        seat = game.to_move
        bot = CheaterBot("cheater-talon")
        bot.act_game(game)
        info = InfoState.from_game(game, seat)
        rng = SplitMix64(seed)
        for _ in range(6):
            world = bot.world(info, rng)
            assert world.talons == [game.talons[0]]
            assert world.hands[seat] == game.hands[seat]
            assert sum(world.hands) == sum(game.hands)  # the same cards in the hands...
            assert [count(x) for x in world.hands] == [count(x) for x in game.hands]  # ...as many to each seat
            guessed += world.hands != list(game.hands)
    assert guessed >= 12


def test_sight_of_the_talon_changes_some_bids():
    differ = 0
    for seed in range(30):
        game = reach(3, 800 + seed, "bidding")
        differ += CheaterBot("cheater-talon").act_game(game) != decide(HardBot(), game)
    assert differ >= 1


def test_the_defence_cheaters_see_only_as_defenders_and_only_in_their_tricks():
    """``cheater-defence`` sees as ``cheater-play`` does but never as the declarer; ``-early`` only
    before the exact phase, ``-late`` only in it (else each decides as the fair hard bot)."""
    checked = {"declarer": 0, "early": 0, "late": 0}
    for seed in range(40):
        if min(checked.values()) >= 2:
            break
        for skip in (0, 1, 3, 4, 13):
            game = reach(3, 900 + seed, "play", skip=skip)
            if game.phase != "play":
                continue
            info = InfoState.from_game(game, game.to_move)
            fair, seeing = decide(HardBot(), game), CheaterBot("cheater-play").act_game(game)
            if fair == seeing:
                continue  # sight changes nothing here: nothing to tell apart
            if info.seat == info.declarer:
                role = "declarer"
                expected = {"cheater-defence": fair, "cheater-defence-early": fair, "cheater-defence-late": fair}
            else:
                role = "late" if count_tricks_left(info) <= EXACT_TRICKS else "early"
                expected = {"cheater-defence": seeing, "cheater-defence-early": seeing if role == "early" else fair,
                            "cheater-defence-late": seeing if role == "late" else fair}
            checked[role] += 1
            for name, move in expected.items():
                assert CheaterBot(name).act_game(game) == move, (seed, skip, name)
    assert min(checked.values()) >= 2, checked


def test_the_play_cheater_uses_the_cards_it_sees():
    """Over positions where the hidden cards matter, seeing them changes some card plays."""
    differ = 0
    for seed in range(12):
        game = reach(3, 700 + seed, "play", skip=3)
        if game.phase == "play":
            cheater = CheaterBot("cheater-play")
            differ += cheater.act_game(game) != decide(HardBot(), game)
            # The one world it searches is the deal itself.
            world = cheater.world(InfoState.from_game(game, game.to_move), SplitMix64(seed))
            assert world.hands == list(game.hands) and cheater.max_worlds == 1
    assert differ >= 1


def test_the_arena_refuses_a_bot_it_does_not_know(capsys):
    with pytest.raises(SystemExit):
        arena_main(["--bots", "hard,cheater-bid", "--sets", "1"])
    assert "unknown bot 'cheater-bid'" in capsys.readouterr().err
