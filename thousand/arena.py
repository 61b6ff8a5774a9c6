"""Bots against bots in duplicate format: ``python -m thousand.arena``.

Every deal set is one shuffle played once for each seating of the bots (every
arrangement of the named bots over the seats, each bot present), so the luck
of the cards cancels out and what remains is the difference in play. With
``--games`` whole games to 1000 are played instead, again once per seating.

Reports per bot: points per deal with a 95% confidence interval, how often it
declares, its average contract and success rate, the win rate in full games,
and decision latency. The last line is a one-line summary, e.g.
``arena: hard vs medium: +12.4 points/deal (95% CI +8.1..+16.7) over 600 deal sets``.

``cheater`` (evaluation only) is the hard bot with sight of every card;
``cheater-play`` and ``cheater-auction`` see them only in card play, or only
from the bidding to the contract (where does the fair bot lose its gap?);
``cheater-defence`` sees them in card play as a defender only, ``-early`` and
``-late`` only before the exact phase or only in it; ``cheater-talon`` sees
only the closed talon, until it is taken.
With 4 players the summary adds the edge in the deals each seat plays: a
seat sits out one deal in four and scores the talon, whichever bot sits.
``--rules`` plays every deal under a preset (``uk``, ``ru``, ``pl``) or a rules code.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import sys
import time
from dataclasses import dataclass, field

from .bots import BOT_LEVELS, Bot, decide, make_bot
from .bots.cheater import CHEATERS, CheaterBot
from .cards import NotationError
from .game import Game, sitter_seat
from .rules import PRESETS, resolve


@dataclass
class Stats:
    """Everything measured for one bot (all its seats together)."""

    points: list[float] = field(default_factory=list)  # per deal seated (active or sitting)
    in_play: list[float] = field(default_factory=list)  # per deal played (with 4 players, not sat out)
    deals: int = 0
    declared: int = 0
    contracts: int = 0  # sum of final contracts (or bids at a fall/write-off)
    played: int = 0
    made: int = 0
    games: int = 0
    wins: int = 0
    latency: list[float] = field(default_factory=list)

    def merge(self, other: "Stats") -> None:
        for name in ("deals", "declared", "contracts", "played", "made", "games", "wins"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.points += other.points
        self.in_play += other.in_play
        self.latency += other.latency


def make(name: str) -> Bot:
    return CheaterBot(name) if name in CHEATERS else make_bot(name)


def seatings(names: list[str], players: int) -> list[tuple[str, ...]]:
    """Seatings to rotate through: the distinct orders of ``names`` when it names
    every seat, else every assignment of the distinct names with each present."""
    if len(names) == players:
        return sorted(set(itertools.permutations(names)))
    distinct = sorted(set(names))
    return [s for s in itertools.product(distinct, repeat=players) if set(s) == set(distinct)]


def _move(bot: Bot, game: Game, stats: Stats) -> None:
    start = time.perf_counter()
    action = bot.act_game(game) if isinstance(bot, CheaterBot) else decide(bot, game)
    stats.latency.append(time.perf_counter() - start)
    game.apply(action)


def _score_row(row, seating: tuple[str, ...], stats: dict[str, Stats], sitter: int) -> list[float]:
    points = []
    for seat, entry in enumerate(row.entries):
        s = stats[seating[seat]]
        value = entry.points or 0
        s.points.append(value)
        if seat != sitter:
            s.in_play.append(value)
        s.deals += 1
        points.append(value)
        if seat == row.declarer:
            s.declared += 1
            s.contracts += row.contract
            if row.kind == "played":
                s.played += 1
                s.made += value > 0
    return points


Means = dict[str, float]


def play_set(job: tuple[int, int, list[str], int, str]) -> tuple[dict[str, Stats], Means, Means]:
    """One deal set (or one game seed): returns the stats and each bot's mean points per deal,
    seated and (with 4 players, the sitter's deals left out) in play."""
    seed, players, names, games, code = job
    rules = resolve(code)
    bots = {name: make(name) for name in set(names)}
    stats = {name: Stats() for name in bots}
    totals = {name: [0.0, 0] for name in bots}
    played = {name: [0.0, 0] for name in bots}
    for seating in seatings(names, players):
        game = Game(players, seed, rules)
        start = len(game.sheet.rows)
        while not game.is_over:
            name = seating[game.to_move]
            _move(bots[name], game, stats[name])
            if not games and len(game.sheet.rows) > start:
                break
        rows = [r for r in game.sheet.rows[start:] if r.kind != "redeal"]
        for row in rows:
            sitter = sitter_seat(players, row.dealer, rules)
            for seat, value in enumerate(_score_row(row, seating, stats, sitter)):
                for tally in (totals, played) if seat != sitter else (totals,):
                    tally[seating[seat]][0] += value
                    tally[seating[seat]][1] += 1
        if games:
            for seat, name in enumerate(seating):
                stats[name].games += 1
                stats[name].wins += game.winner == seat
    return stats, *({name: t / max(k, 1) for name, (t, k) in tally.items()} for tally in (totals, played))


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n < 2:
        return (values[0] if values else 0.0), float("inf")
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile: the smallest value with at least ``q`` of the values at or below it
    (p50 of [1, 2] is 1, p95 of 1..100 is 95)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered) - 1e-9) - 1)]


def run(players: int, names: list[str], sets: int, games: int, seed: int, workers: int, out=None,
        rules: str = "std", per_set_file: str | None = None) -> str:
    out = out or sys.stdout  # looked up per call: a default bound at import misses later redirections
    count = games or sets
    jobs = [(seed * 1_000_003 + i, players, names, games, rules) for i in range(count)]
    if workers > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            results = pool.map(play_set, jobs, chunksize=max(1, count // (workers * 8)))
    else:
        results = [play_set(job) for job in jobs]
    stats = {name: Stats() for name in set(names)}
    per_set: dict[str, list[float]] = {name: [] for name in stats}
    per_set_played: dict[str, list[float]] = {name: [] for name in stats}
    for s, means, in_play in results:
        for name in stats:
            stats[name].merge(s[name])
            per_set[name].append(means[name])
            per_set_played[name].append(in_play[name])
    if per_set_file:  # one line per deal set, for paired comparisons of two versions (bench/paired.py)
        with open(per_set_file, "w", encoding="utf-8") as f:
            for (job_seed, *_), (_, means, _) in zip(jobs, results):
                f.write(json.dumps({"seed": job_seed, "means": means}, sort_keys=True) + "\n")
    unit = "games" if games else "deal sets"
    print(f"arena: {players} players, {count} {unit}, seatings {len(seatings(names, players))}, seed {seed}, "
          f"rules {resolve(rules).code()}", file=out)
    for name in sorted(stats, key=lambda x: -sum(per_set[x])):
        s = stats[name]
        # The mean of every seat-deal; its interval over deal sets, since a set's seatings replay the same cards.
        m, h = sum(s.points) / max(len(s.points), 1), mean_ci(per_set[name])[1]
        lat = s.latency
        line = (f"  {name:8s} {m:+7.1f} ±{h:4.1f} points/deal; declares {100 * s.declared / max(s.deals, 1):4.1f}% "
                f"(avg contract {s.contracts / max(s.declared, 1):5.1f}, made {100 * s.made / max(s.played, 1):5.1f}% "
                f"of {s.played} played)")
        if players == 4:
            line += f"; in play {mean_ci(s.in_play)[0]:+.1f}"
        if games:
            line += f"; wins {100 * s.wins / max(s.games, 1):4.1f}% of {s.games} seat-games"
        line += (f"; latency p50 {1000 * percentile(lat, 0.5):.1f} ms p95 {1000 * percentile(lat, 0.95):.1f} ms "
                 f"max {1000 * max(lat, default=0):.0f} ms")
        print(line, file=out)
    distinct = list(dict.fromkeys(names))
    if len(distinct) < 2:
        summary = f"arena: {distinct[0]}: {mean_ci(per_set[distinct[0]])[0]:+.1f} points/deal over {count} {unit}"
    else:
        a, b = distinct[0], distinct[1]
        diffs = [x - y for x, y in zip(per_set[a], per_set[b])]
        m, h = mean_ci(diffs)
        summary = f"arena: {a} vs {b}: {m:+.1f} points/deal (95% CI {m - h:+.1f}..{m + h:+.1f}) over {count} {unit}"
        if players == 4:  # one deal in four a seat sits out, scoring the talon whichever bot sits there
            m, h = mean_ci([x - y for x, y in zip(per_set_played[a], per_set_played[b])])
            summary += f"; in play {m:+.1f} (95% CI {m - h:+.1f}..{m + h:+.1f})"
        if games:
            summary += f"; {a} wins {100 * stats[a].wins / max(stats[a].games, 1):.1f}% of its seat-games"
    print(summary, file=out)
    return summary


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m thousand.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--bots", default="hard,medium",
                        help=f"comma-separated bots from {BOT_LEVELS + tuple(CHEATERS)}; naming every seat "
                             "(e.g. hard,medium,medium) rotates that line-up, else every mix of them is seated")
    parser.add_argument("--sets", type=int, default=100, help="duplicate deal sets (single deals)")
    parser.add_argument("--games", type=int, default=0, help="play this many full games to 1000 per seating instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rules", default="std",
                        help=f"a preset ({', '.join(PRESETS)}) or a rules code such as b880-bd3-mb (RULES.md)")
    parser.add_argument("--per-set", metavar="FILE",
                        help="also write each deal set's points per deal by bot, one JSON line per set")
    args = parser.parse_args(argv)
    try:
        resolve(args.rules)
    except NotationError as err:
        parser.error(str(err))
    names = [n.strip() for n in args.bots.split(",") if n.strip()]
    for n in names:
        if n not in BOT_LEVELS and n not in CHEATERS:
            parser.error(f"unknown bot {n!r}")
    if len(names) > args.players:
        parser.error("more bots than seats")
    run(args.players, names, args.sets, args.games, args.seed, args.workers, rules=args.rules,
        per_set_file=args.per_set)


if __name__ == "__main__":
    main()
