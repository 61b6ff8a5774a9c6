"""The arena's figures: seatings, scoring by seat, the merged stats, the report lines and the per-set file."""

from __future__ import annotations

import io
import json
from types import SimpleNamespace

import pytest

from thousand import arena
from thousand.arena import Stats


def test_a_full_line_up_is_rotated_through_its_distinct_orders():
    assert arena.seatings(["hard", "medium", "medium"], 3) == [
        ("hard", "medium", "medium"), ("medium", "hard", "medium"), ("medium", "medium", "hard")]
    assert len(arena.seatings(["easy", "medium", "hard"], 3)) == 6


def test_fewer_bots_than_seats_are_seated_in_every_mix_with_each_present_and_balanced():
    seatings = arena.seatings(["easy", "medium"], 3)
    assert len(seatings) == 6 == len(set(seatings))  # 2**3 mixes less all-easy and all-medium
    for seat in range(3):
        assert sum(s[seat] == "easy" for s in seatings) == 3  # each bot sits each seat equally often
    assert all(set(s) == {"easy", "medium"} for s in seatings)


def _row(points, declarer, contract, kind="played"):
    return SimpleNamespace(entries=[SimpleNamespace(points=p) for p in points], declarer=declarer,
                           contract=contract, kind=kind)


def test_a_row_is_scored_to_the_bot_in_each_seat():
    stats = {"hard": Stats(), "medium": Stats()}
    seating = ("medium", "hard", "medium", "medium")
    assert arena._score_row(_row([20, 120, None, 15], 1, 120), seating, stats, 2) == [20, 120, 0, 15]
    arena._score_row(_row([-110, 10, 5, 0], 0, 110), seating, stats, 3)
    arena._score_row(_row([0, -100, 0, 0], 1, 100, "fall"), seating, stats, 0)
    hard, medium = stats["hard"], stats["medium"]
    assert hard.points == [120, 10, -100] and hard.in_play == [120, 10, -100] and hard.deals == 3
    assert (hard.declared, hard.contracts, hard.played, hard.made) == (2, 220, 1, 1)
    assert medium.points == [20, 0, 15, -110, 5, 0, 0, 0, 0]
    assert medium.in_play == [20, 15, -110, 5, 0, 0]  # the sitter's deals (seat 2, seat 3, seat 0) left out
    assert (medium.deals, medium.declared, medium.contracts, medium.played, medium.made) == (9, 1, 110, 1, 0)


def test_every_move_is_made_by_the_bot_seated_at_the_movers_seat(monkeypatch):
    """Seatings are played in order, one game each: the bot asked to move is the one in the mover's seat."""
    moves, games_seen, move = [], [], arena._move

    def recording(bot, game, stats):
        games_seen.append(game)  # kept alive, so their ids stay distinct
        moves.append((id(game), game.to_move, bot.level_name))
        move(bot, game, stats)

    make = arena.make

    def named(name):
        bot = make(name)
        bot.level_name = name
        return bot

    monkeypatch.setattr(arena, "_move", recording)
    monkeypatch.setattr(arena, "make", named)
    arena.play_set((5, 3, ["easy", "medium"], 0, "std"))
    games = list(dict.fromkeys(g for g, _, _ in moves))
    seatings = arena.seatings(["easy", "medium"], 3)
    assert len(games) == len(seatings)
    assert all(name == seatings[games.index(g)][seat] for g, seat, name in moves)


def test_a_redeal_after_the_deal_is_not_counted_as_a_deal():
    """Seed 5000018: in 3 players the deal after the first is redealt (the deck, whoever plays);
    each bot still has 9 seat-deals in its 6 seatings."""
    stats, _, _ = arena.play_set((5000018, 3, ["easy", "medium"], 0, "std"))
    for name in ("easy", "medium"):
        assert stats[name].deals == len(stats[name].points) == 9


@pytest.mark.parametrize("seed, players", [(7, 2), (7, 3), (5000018, 3), (5, 4)])
def test_a_set_s_means_are_each_bot_s_points_over_its_own_seat_deals(seed, players):
    stats, seated, in_play = arena.play_set((seed, players, ["easy", "medium"], 0, "std"))
    for name in ("easy", "medium"):
        assert seated[name] == pytest.approx(sum(stats[name].points) / len(stats[name].points))
        assert in_play[name] == pytest.approx(sum(stats[name].in_play) / len(stats[name].in_play))


def test_full_games_count_each_seat_game_and_one_winner_per_seating():
    stats, _, _ = arena.play_set((1, 3, ["easy", "medium"], 1, "std"))
    assert stats["easy"].games == stats["medium"].games == 9  # 6 seatings x 3 seats, half each
    assert stats["easy"].wins + stats["medium"].wins == 6


def test_a_move_s_latency_is_the_time_it_took():
    from thousand.game import Game
    stats = Stats()
    arena._move(arena.make("easy"), Game(3, 5), stats)
    assert len(stats.latency) == 1 and 0 < stats.latency[0] < 5


def test_mean_ci_is_the_normal_95_interval_of_the_mean():
    m, h = arena.mean_ci([1.0, 2.0, 3.0, 4.0])  # sample variance 5/3, n 4
    assert m == 2.5 and h == pytest.approx(1.96 * (5 / 3 / 4) ** 0.5)
    assert arena.mean_ci([7.0]) == (7.0, float("inf")) and arena.mean_ci([]) == (0.0, float("inf"))


def test_percentile_is_the_nearest_rank():
    """The smallest value with at least q of the values at or below it."""
    values = [float(v) for v in (7, 3, 10, 1, 5, 9, 2, 8, 4, 6)]
    assert arena.percentile(values, 0.55) == 6.0
    assert arena.percentile(values, 0.5) == 5.0 and arena.percentile([1.0, 2.0], 0.5) == 1.0
    assert arena.percentile(values, 0.95) == 10.0 and arena.percentile([float(v) for v in range(1, 101)], 0.95) == 95
    assert arena.percentile(values, 1.0) == 10.0 and arena.percentile(values, 0.0) == 1.0
    assert arena.percentile([], 0.5) == 0.0


BASE = 3 * 1_000_003
FAKE = {  # per deal set: each bot's stats, seated means and in-play means
    0: ({"hard": Stats(points=[10, 30], in_play=[10, 30], deals=2, declared=1, contracts=120, played=1, made=1,
                       games=4, wins=3, latency=[i / 1000 for i in range(1, 11)]),
         "medium": Stats(points=[0, -10], in_play=[0], deals=2, declared=1, contracts=100, played=1, made=0,
                         games=4, wins=1, latency=[0.002])},
        {"hard": 20.0, "medium": -5.0}, {"hard": 25.0, "medium": -10.0}),
    1: ({"hard": Stats(points=[-10], in_play=[], deals=1, declared=1, contracts=110, played=0, made=0,
                       games=4, wins=0, latency=[i / 1000 for i in range(11, 21)]),
         "medium": Stats(points=[5], in_play=[5], deals=1, declared=0, contracts=0, played=0, made=0,
                         games=4, wins=0, latency=[0.004])},
        {"hard": -10.0, "medium": 5.0}, {"hard": -10.0, "medium": 10.0}),
}


@pytest.fixture
def fake_sets(monkeypatch):
    jobs = []

    def play_set(job):
        jobs.append(job)
        return FAKE[job[0] - BASE]

    monkeypatch.setattr(arena, "play_set", play_set)
    return jobs


def test_the_report_adds_up_the_sets(fake_sets, tmp_path):
    out, path = io.StringIO(), tmp_path / "sets.jsonl"
    summary = arena.run(4, ["hard", "medium"], 5, 2, 3, 1, out=out, per_set_file=str(path))
    assert [job[0] for job in fake_sets] == [BASE, BASE + 1]  # 2 games: --games wins over --sets
    lines = out.getvalue().splitlines()
    assert lines[0] == "arena: 4 players, 2 games, seatings 14, seed 3, rules std"
    # hard: points 10, 30, -10; declares 2 of 3 deals, contracts 120 + 110, made 1 of the 1 played;
    # its interval over the sets' means 20 and -10: half-width 1.96 * 15 * 2 ** 0.5 / 2 ** 0.5 = 29.4
    # (not over its 3 seat-deals: a set's seatings replay the same cards);
    # latency 1..20 ms: p50 the 10th, p95 the 19th
    assert lines[1].startswith("  hard       +10.0 ±29.4 ")
    assert "points/deal; declares 66.7% (avg contract 115.0, made 100.0% of 1 played); in play +20.0; " \
           "wins 37.5% of 8 seat-games; latency p50 10.0 ms p95 19.0 ms max 20 ms" in lines[1]
    assert lines[2].startswith("  medium      -1.7 ±")
    assert "declares 33.3% (avg contract 100.0, made   0.0% of 1 played); in play +2.5; wins 12.5% of 8" in lines[2]
    # edges per set 25 and -15: mean 5, sd 20 * 2 ** 0.5, half-width 1.96 * 20 = 39.2;
    # in play 35 and -20: mean 7.5, half-width 1.96 * 27.5 = 53.9
    assert summary == ("arena: hard vs medium: +5.0 points/deal (95% CI -34.2..+44.2) over 2 games; "
                       "in play +7.5 (95% CI -46.4..+61.4); hard wins 37.5% of its seat-games")
    assert lines[3] == summary
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert rows == [{"seed": BASE, "means": {"hard": 20.0, "medium": -5.0}},
                    {"seed": BASE + 1, "means": {"hard": -10.0, "medium": 5.0}}]


def test_the_summary_measures_the_first_named_bot_against_the_second(fake_sets):
    summary = arena.run(3, ["medium", "hard"], 2, 0, 3, 1, out=io.StringIO())
    assert summary.startswith("arena: medium vs hard: -5.0 points/deal (95% CI -44.2..+34.2) over 2 deal sets")


def test_the_command_line_passes_its_settings_to_the_run(monkeypatch):
    calls = []
    monkeypatch.setattr(arena, "run", lambda *args, **kw: calls.append((args, kw)))
    arena.main(["--players", "3", "--bots", "hard,medium,medium", "--games", "2", "--seed", "7", "--workers", "1"])
    arena.main(["--players", "2", "--bots", "cheater-play,medium", "--sets", "4"])
    assert calls == [((3, ["hard", "medium", "medium"], 100, 2, 7, 1), {"rules": "std", "per_set_file": None}),
                     ((2, ["cheater-play", "medium"], 4, 0, 1, 2), {"rules": "std", "per_set_file": None})]
