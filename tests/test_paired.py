"""bench/paired.py: sets are paired by seed, and the change is reported with its own interval."""

from __future__ import annotations

import json

import pytest

from bench_scripts import load


def write(path, rows):
    path.write_text("".join(json.dumps({"seed": s, "means": {"hard": h, "medium": m}}) + "\n" for s, h, m in rows))
    return str(path)


def test_sets_are_paired_by_seed_whatever_the_order_of_the_lines(tmp_path):
    """Edges before 10, 10, 10 (and a set only before); after 10, 16, 22 on seeds 1, 2, 3 written out of
    order (and a set only after): changes 0, 6, 12, mean 6, sd 6, half-width 1.96 * 6 / 3 ** 0.5 = 6.8."""
    before = write(tmp_path / "before.jsonl", [(1, 10.0, 0.0), (2, 12.0, 2.0), (3, 5.0, -5.0), (9, 0.0, 40.0)])
    after = write(tmp_path / "after.jsonl", [(3, 22.0, 0.0), (4, 99.0, 0.0), (1, 10.0, 0.0), (2, 13.0, -3.0)])
    line = load("paired").main([before, after])
    assert line == "paired: hard vs medium: +10.0 -> +16.0, change +6.0 (95% CI -0.8..+12.8) over 3 sets, 2 changed"


def test_every_set_the_change_altered_is_counted_however_small_or_negative(tmp_path):
    before = write(tmp_path / "before.jsonl", [(1, 10.0, 0.0), (2, 10.0, 0.0), (3, 10.0, 0.0)])
    after = write(tmp_path / "after.jsonl", [(1, 10.0, 0.0), (2, 10.25, 0.0), (3, 8.0, 0.0)])
    assert load("paired").main([before, after]).endswith("over 3 sets, 2 changed")


def test_fewer_than_two_sets_in_common_is_refused(tmp_path):
    before = write(tmp_path / "before.jsonl", [(1, 10.0, 0.0), (2, 10.0, 0.0)])
    after = write(tmp_path / "after.jsonl", [(2, 12.0, 0.0), (3, 10.0, 0.0)])
    with pytest.raises(SystemExit, match="fewer than two deal sets in common"):
        load("paired").main([before, after])
