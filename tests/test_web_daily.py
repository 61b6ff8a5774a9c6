"""The daily's official attempt as web/js/daily.js keeps it, run in Node with a stand-in local storage:
the first result of the day stays, even when a second tab played the same attempt on."""

from __future__ import annotations

import pytest

from web_node import run_script

SCRIPT = r"""
const { DailyGame } = await import(process.argv[2] + "/js/daily.js");
const KEY = "thousand.daily.attempts";
const day = "2026-12-07";
const state = (moves, result = null) => ({ ok: true, daily: { day, moves, over: Boolean(result), result } });
const out = {};

const tab = new DailyGame(day, false);
tab.keep(state(""));
tab.keep(state("p"));
out.in_progress = JSON.parse(store.get(KEY))[day];
// Another tab, opened on the attempt in progress, finishes it first.
const finished = { moves: "p.Ah", result: { code: "d", score: 0 }, link: "daily=x" };
store.set(KEY, JSON.stringify({ [day]: finished }));
tab.keep(state("p.Kd"));  // this tab plays its copy on
tab.keep(state("p.Kd.Qd", { code: "120", score: 120 }));
out.after_other_tab = JSON.parse(store.get(KEY))[day];
out.expected = finished;
// A practice replay keeps nothing.
store.delete(KEY);
new DailyGame(day, true).keep(state("p"));
out.practice = store.has(KEY);
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return run_script(SCRIPT, tmp_path_factory.mktemp("daily"))


def test_an_attempt_in_progress_is_kept_move_by_move(run):
    assert run["in_progress"] == {"moves": "p", "result": None}


def test_a_finished_official_attempt_is_not_overwritten_by_a_second_tab(run):
    assert run["after_other_tab"] == run["expected"]


def test_a_practice_replay_keeps_nothing(run):
    assert run["practice"] is False
