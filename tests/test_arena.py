"""The arena's per-set output and bench/paired.py's set-by-set comparison."""

from __future__ import annotations

import json

from thousand import arena

from bench_scripts import load


def paired():
    return load("paired")


def test_per_set_lines_replay_and_agree_with_the_summary(tmp_path, capsys):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        arena.main(["--players", "3", "--bots", "easy,medium", "--sets", "3", "--seed", "5", "--workers", "1",
                    "--per-set", str(path)])
    summary = capsys.readouterr().out.strip().splitlines()[-1]
    rows = [json.loads(line) for line in first.read_text().splitlines()]
    assert [r["seed"] for r in rows] == [5 * 1_000_003 + i for i in range(3)]
    edge = sum(r["means"]["easy"] - r["means"]["medium"] for r in rows) / 3
    assert f"easy vs medium: {edge:+.1f} points/deal" in summary
    assert first.read_text() == second.read_text()  # the same deals and bots score the same
    assert paired().main([str(first), str(second), "--bots", "easy,medium"]).endswith(
        "change +0.0 (95% CI +0.0..+0.0) over 3 sets, 0 changed")


def test_paired_reports_the_change_on_the_sets_in_common(tmp_path):
    before, after = tmp_path / "before.jsonl", tmp_path / "after.jsonl"
    before.write_text("".join(json.dumps({"seed": s, "means": {"hard": 10.0, "medium": 0.0}}) + "\n"
                              for s in (1, 2, 3)))
    after.write_text("".join(json.dumps({"seed": s, "means": {"hard": 10.0 + d, "medium": -d}}) + "\n"
                             for s, d in ((1, 0.0), (2, 3.0), (3, 6.0), (4, 50.0))))
    line = paired().main([str(before), str(after)])
    assert line.startswith("paired: hard vs medium: +10.0 -> +16.0, change +6.0 (95% CI")
    assert line.endswith("over 3 sets, 2 changed")


def test_paired_compares_two_bots_on_the_same_sets(tmp_path):
    fair, seeing = tmp_path / "fair.jsonl", tmp_path / "seeing.jsonl"
    fair.write_text("".join(json.dumps({"seed": s, "means": {"hard": 10.0, "medium": 0.0}}) + "\n" for s in (1, 2)))
    seeing.write_text("".join(json.dumps({"seed": s, "means": {"cheater-play": 10.0 + d, "medium": 0.0}}) + "\n"
                              for s, d in ((1, 2.0), (2, 4.0))))
    line = paired().main([str(fair), str(seeing), "--after-bots", "cheater-play,medium"])
    assert line.startswith("paired: hard vs medium -> cheater-play vs medium: +10.0 -> +13.0, change +3.0 (95% CI")
    assert line.endswith("over 2 sets, 2 changed")


def test_four_players_the_edge_in_play_leaves_the_sitters_deals_out():
    """With 4 players the seat on the dealer's right sits out (RULES.md) and scores the talon, the
    same whichever bot sits there: over a set each bot sits in a quarter of its seat-deals, so the
    edge in play is the seated edge times 4/3, and each bot's deals in play are 3/4 of its deals."""
    stats, seated, in_play = arena.play_set((5, 4, ["easy", "medium"], 0, "std"))
    for name in ("easy", "medium"):
        assert 4 * len(stats[name].in_play) == 3 * len(stats[name].points) > 0
    edge, edge_in_play = seated["easy"] - seated["medium"], in_play["easy"] - in_play["medium"]
    assert edge != 0
    assert abs(edge_in_play - 4 / 3 * edge) < 1e-9  # not so if another seat's deals were left out


def test_four_players_summary_says_the_edge_in_play(capsys):
    line = arena.run(4, ["easy", "medium"], 2, 0, 5, 1)
    edge = float(line.split(": ")[2].split(" ")[0])
    in_play = float(line.split("; in play ")[1].split(" ")[0])
    assert abs(in_play - 4 / 3 * edge) <= 0.06
    assert "in play" not in arena.run(3, ["easy", "medium"], 1, 0, 5, 1)
