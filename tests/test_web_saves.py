"""The page's saved game as its modules handle it (web/js/source.js, web/js/saves.js), run in Node
with a stand-in local storage: a tab saves a move only over the save it opened or wrote itself, so
two tabs of the site never overwrite each other's games (the e2e test shows the page's side)."""

from __future__ import annotations

import pytest

from web_node import run_script

SCRIPT = r"""
const dir = process.argv[2] + "/js";
const { LocalGame } = await import(dir + "/source.js");
const { readSave, readShown } = await import(dir + "/saves.js");
const py = { call: async (fn, ...args) => ({ ok: !args.includes("bad"), fn, args }) };
const state = (save) => ({ ok: true, save, view: { phase: "play" }, human: 0, level: "easy", link: "p=3" });
const out = {};
let conflicts = 0;
const game = new LocalGame(py);
game.onConflict = () => conflicts++;

store.set("thousand.save", "X");
await game.restore("X");
game.keep(state("X1"));  // a move over the save this tab opened
out.own_move = readSave();
store.set("thousand.save", "Y");  // another tab plays on
game.keep(state("X2"));
out.over_other_tab = [readSave(), conflicts];
game.keep(state("Y"));  // the same save as stored: nothing to overwrite
out.same_save = [readSave(), conflicts];
await game.restore("Y");  // "Continue here": the latest save
game.keep(state("Y1"));
out.after_continue = [readSave(), conflicts];
store.set("thousand.save", "Z");
await game.fresh("3", "easy", "std");  // a new game the person chose replaces any save
game.keep(state("N"));
game.keep(state("N1"));
out.new_game = [readSave(), conflicts];
store.set("thousand.save", "W");
await game.fromLink("p=3&s=1");
game.keep(state("L"));
out.link = [readSave(), conflicts];
store.delete("thousand.save");  // the save removed elsewhere: the game on the table is saved again
game.keep(state("L1"));
out.removed = [readSave(), conflicts];

// A new game that failed (refused rules): the game on the table still saves only over its own save.
await game.fresh("3", "easy", "bad");
store.set("thousand.save", "V");
game.keep(state("L2"));
out.failed_fresh = [readSave(), conflicts];
await game.restore("V");
// A full storage: the move is not saved, and the next one is not taken for another tab's.
const setItem = localStorage.setItem;
localStorage.setItem = () => { throw new Error("QuotaExceededError"); };
game.keep(state("V1"));
localStorage.setItem = setItem;
game.keep(state("V2"));
out.full_storage = [readSave(), conflicts];

// What the table showed, kept beside the save: with its share link, or without a damaged one.
const fresh = new LocalGame(py);
await fresh.fresh("3", "easy", "std");
fresh.keep(state("S0"));
out.shown_share = readShown().share === undefined && JSON.parse(store.get("thousand.shown")).save === "S0";
fresh.keep({ ...state("S"), share: { link: "p=3&s=9", totals: [0, 0, 0], deal: 1, fits: true } });
out.share = readShown().share.link;
store.set("thousand.shown", JSON.stringify({ ...JSON.parse(store.get("thousand.shown")), share: { link: 5 } }));
out.bad_share = readShown().share === undefined && readShown().view.phase === "play";
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return run_script(SCRIPT, tmp_path_factory.mktemp("saves"))


def test_a_move_is_saved_over_the_save_the_tab_opened(run):
    assert run["own_move"] == "X1"


def test_a_move_is_not_saved_over_another_tabs_save_and_the_tab_is_told(run):
    assert run["over_other_tab"] == ["Y", 1]
    assert run["same_save"] == ["Y", 1]


def test_continuing_from_the_latest_save_saves_again(run):
    assert run["after_continue"] == ["Y1", 1]


def test_a_new_game_or_a_link_the_person_chose_replaces_any_save(run):
    assert run["new_game"] == ["N1", 1]
    assert run["link"] == ["L", 1]
    assert run["removed"] == ["L1", 1]


def test_a_new_game_that_failed_leaves_the_check_on(run):
    assert run["failed_fresh"] == ["V", 2]


def test_a_move_storage_could_not_keep_is_no_conflict(run):
    assert run["full_storage"] == ["V2", 2]


def test_the_shown_state_keeps_the_share_link_and_drops_a_damaged_one(run):
    assert run["shown_share"] is True
    assert run["share"] == "p=3&s=9"
    assert run["bad_share"] is True
