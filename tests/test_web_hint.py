"""The hint's words (web/js/hint.js) run in Node with the English texts: the status line names the
move as the button that makes it does, its card in words (the line is read out, and a screen reader reads
"Q♠" as a letter and a symbol)."""

from __future__ import annotations

import json
import re

import pytest

from web_node import WEB, run_script

SCRIPT = r"""
const root = process.argv[2];
const texts = JSON.parse(await (await import("node:fs/promises")).readFile(new URL("en.json", root + "/"), "utf8"));
globalThis.document = { baseURI: root + "/", documentElement: {}, querySelectorAll: () => [] };
globalThis.fetch = async () => ({ ok: true, json: async () => texts });
const { loadLocale } = await import(root + "/js/i18n.js");
const { S } = await import(root + "/js/state.js");
const { hintText } = await import(root + "/js/hint.js");
await loadLocale("en");
S.st = { human: 0, names: null };
const say = (hint) => { S.hint = hint; return hintText(); };
process.stdout.write(JSON.stringify({
  aces: say({ seat: 0, kind: "meld", action: "mAh", card: "Ah", suit: null, aces: true, points: 200 }),
  marriage: say({ seat: 0, kind: "meld", action: "mKh", card: "Kh", suit: "h", aces: false, points: 100 }),
  play: say({ seat: 0, kind: "play", action: "Qs", card: "Qs" }),
  give: say({ seat: 0, kind: "give", action: "gTd1", card: "Td", to: 1 }),
}));
"""


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    root = tmp_path_factory.mktemp("hint")
    (root / "en.json").write_text((WEB / "locales" / "en.json").read_text(encoding="utf-8"), encoding="utf-8")
    return run_script(SCRIPT, root)


def test_a_hint_to_lead_an_ace_of_the_four_names_the_four_aces_not_a_marriage_of_its_suit(run):
    en = json.loads((WEB / "locales" / "en.json").read_text(encoding="utf-8"))
    assert run["aces"] == en["hint.says"].replace("{move}", en["play.meld_aces"].replace("{card}", "ace of hearts"))


def test_a_hint_to_declare_a_marriage_names_its_suit(run):
    assert run["marriage"].endswith(": king of hearts and declare the hearts marriage")


def test_a_hint_names_the_card_to_play_or_give_in_words(run):
    assert run["play"].endswith(": Just play the queen of spades"), run["play"]
    assert run["give"].startswith("Hint from the hard bot: Give the ten of diamonds to "), run["give"]


def test_only_the_table_writes_the_status_line():
    """hint.js wrote the status line itself, past setStatus (which keeps a screen reader from hearing a
    text again): the status line's rules stay in table.js."""
    write = re.compile(r"""\$\(\s*["']status["']\s*\)\s*\.\s*"""
                       r"(textContent|innerText|innerHTML|replaceChildren|append)\b")
    writers = [path.name for path in sorted((WEB / "js").glob("*.js"))
               if path.name != "table.js" and write.search(path.read_text(encoding="utf-8"))]
    assert writers == []
