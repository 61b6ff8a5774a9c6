"""The person's settings (web/js/settings.js) run in Node with a stand-in local storage: each tab
writes all of them, so a change made in another tab must reach this tab before it saves again."""

from __future__ import annotations

import pytest

from web_node import run_script

SCRIPT = r"""
const dir = process.argv[2] + "/js";
const listeners = [];
globalThis.addEventListener = (type, fn) => { if (type === "storage") listeners.push(fn); };
globalThis.document = { documentElement: { style: { setProperty: () => {} } } };
store.set("thousand.settings", JSON.stringify({ speed: "normal", level: "easy", players: "3", rules: "std" }));
const { settings, saveSettings } = await import(dir + "/settings.js");
const out = {};
// Another tab sets the speed to fast (its storage event reaches this tab), then this tab changes the level.
const other = JSON.stringify({ ...JSON.parse(store.get("thousand.settings")), speed: "fast" });
store.set("thousand.settings", other);
for (const fn of listeners) fn({ key: "thousand.settings", newValue: other });
settings.level = "hard";
saveSettings();
out.stored = JSON.parse(store.get("thousand.settings"));
// A damaged value from elsewhere is not taken: the defaults' check applies as on loading.
store.set("thousand.settings", "{\"speed\": \"warp\", \"level\": \"hard\"}");
for (const fn of listeners) fn({ key: "thousand.settings", newValue: store.get("thousand.settings") });
out.after_damaged = settings.speed;
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return run_script(SCRIPT, tmp_path_factory.mktemp("settings"))


def test_a_setting_changed_in_another_tab_is_not_put_back_by_this_tabs_save(run):
    assert run["stored"]["speed"] == "fast"
    assert run["stored"]["level"] == "hard"


def test_a_damaged_setting_from_another_tab_falls_back_to_the_default(run):
    assert run["after_damaged"] == "normal"
