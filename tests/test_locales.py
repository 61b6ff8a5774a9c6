"""Every UI string exists in every locale, with the same placeholders; counted
words have exactly the plural forms their language needs."""

import json
import re
from pathlib import Path

import pytest

from thousand.rules import catalog
from thousand.view import RAISE_PROMPTS

WEB = Path(__file__).resolve().parent.parent / "web"
LOCALES = sorted(p.stem for p in (WEB / "locales").glob("*.json"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# The categories Intl.PluralRules gives for integers in each language.
PLURAL_FORMS = {"uk": {"one", "few", "many", "other"}, "ru": {"one", "few", "many", "other"},
                "pl": {"one", "few", "many", "other"}, "en": {"one", "other"}}


def load(lang: str) -> dict:
    return json.loads((WEB / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def test_uk_and_en_exist():
    assert {"uk", "en"} <= set(LOCALES)


@pytest.mark.parametrize("lang", LOCALES)
def test_every_key_in_every_locale(lang):
    reference = load("uk")
    strings = load(lang)
    assert set(strings) == set(reference), (
        f"{lang}: missing {set(reference) - set(strings)}, extra {set(strings) - set(reference)}")
    for key, value in strings.items():
        if isinstance(value, dict):
            assert isinstance(reference[key], dict), f"{lang}: {key} is counted here but not in uk"
            assert set(value) == PLURAL_FORMS[lang], f"{lang}: {key} has forms {sorted(value)}"
            for text in value.values():
                assert isinstance(text, str) and text.strip(), f"{lang}: {key} has an empty form"
                assert set(PLACEHOLDER.findall(text)) == {"n"}, f"{lang}: {key}: a form without {{n}}"
            continue
        text = value
        assert isinstance(text, str) and text.strip(), f"{lang}: {key} is empty"
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(reference[key])), (
            f"{lang}: {key} placeholders differ from uk")


def _code_keys() -> set[str]:
    """Keys used literally in the page code: t("..."), data-i18n="...", and the
    families built at run time (prompt.<key>, error.<key>, ...)."""
    keys = set()
    for path in [WEB / "index.html", WEB / "app.js", *sorted((WEB / "js").glob("*.js"))]:
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"\bt\(\s*\"([\w.-]+)\"", text))
        keys |= set(re.findall(r"data-i18n(?:-title)?=\"([\w.-]+)\"", text))
    return keys


def test_keys_used_by_the_page_exist():
    strings = load("uk")
    missing = {k for k in _code_keys() if k not in strings}
    assert not missing, f"used in web/ but missing from the locales: {sorted(missing)}"


def test_keys_for_python_messages_exist():
    """The session API's error keys and the view's prompt keys all have texts."""
    strings = load("uk")
    web_py = "".join((WEB.parent / "thousand" / name).read_text(encoding="utf-8")
                     for name in ("web.py", "web_embed.py"))
    for key in set(re.findall(r"\"((?:link|save|game|embed|tutorial)\.\w+)\"", web_py)):
        assert f"error.{key}" in strings, key
    view_py = (WEB.parent / "thousand" / "view.py").read_text(encoding="utf-8")
    for key in set(re.findall(r"\"key\": \"(\w+)\"", view_py)) | {k for k, _ in RAISE_PROMPTS.values()}:
        assert f"prompt.{key}" in strings, key
    for fam, items in [("rank", "9JQKTA"), ("suit", "scdh")]:
        for x in items:
            assert f"{fam}.{x}" in strings
    built = ["speed." + x for x in ("slow", "normal", "fast", "instant")] + [
        "preset." + x for x in ("uk", "ru", "pl", "custom")] + [f"seat.bot{i}" for i in (1, 2, 3)] + [
        "load." + x for x in ("runtime", "package", "module")] + [
        f"contract.{k}{s}" for k in ("fall", "write_off") for s in ("", "_hint", "_used")] + [
        "say." + k for k in ("pass", "bid", "talon", "give", "contract", "fall", "write_off", "play", "meld", "look",
                             "blind")] + [
        "level.easy", "level.medium", "level.hard", "settings.players", "settings.level", "settings.speed",
        "settings.lang"] + [f"lang.{lang}" for lang in LOCALES]
    for x in built:
        assert x in strings, x
    for setting in catalog()["settings"]:  # the New game dialog names every rule setting
        assert f"rule.{setting['name']}" in strings, setting["name"]
    for x in ("reason.follow", "reason.trump", "reason.beat", "row.played", "row.fall", "row.write_off", "row.redeal"):
        assert x in strings


def test_plural_forms_are_those_of_intl():
    """PLURAL_FORMS above is what the browser's Intl.PluralRules uses (Node has the same ICU data)."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    script = ("const out = {}; for (const l of process.argv.slice(1)) out[l] = "
              "new Intl.PluralRules(l).resolvedOptions().pluralCategories;"
              "console.log(JSON.stringify(out));")
    got = json.loads(subprocess.run([node, "-e", script, *PLURAL_FORMS],
                                    capture_output=True, text=True, check=True).stdout)
    # Intl also lists "other" for fractions in Slavic languages; every locale needs it as the fallback.
    assert {lang: set(cats) for lang, cats in got.items()} == PLURAL_FORMS


def test_counted_words_take_the_right_form_in_the_page_code():
    """web/js/i18n.js's t() picks the plural form for args.n (run in Node with a tiny DOM stub)."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if not node:
        pytest.skip("node is not installed")
    script = """
const fs = await import("node:fs");
const { pathToFileURL } = await import("node:url");
// The page's address is web/ (index.html's folder): the module fetches locales from there.
const baseURI = new URL("..", pathToFileURL(process.argv[1])).href;
globalThis.document = { documentElement: {}, querySelectorAll: () => [], title: "", baseURI };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.fetch = async (url) => ({ ok: true, json: async () => JSON.parse(fs.readFileSync(url, "utf8")) });
const i18n = await import(process.argv[1]);
const out = {};
for (const lang of ["uk", "en", "ru", "pl"]) {
  await i18n.loadLocale(lang);
  out[lang] = [1, 2, 5, 21, 64, 111].map((n) => i18n.t("count.points", { n }));
}
console.log(JSON.stringify(out));
"""
    got = json.loads(subprocess.run([node, "--input-type=module", "-e", script, str(WEB / "js" / "i18n.js")],
                                    capture_output=True, text=True, check=True).stdout)
    assert got["uk"] == ["1 очко", "2 очки", "5 очок", "21 очко", "64 очки", "111 очок"]
    assert got["en"] == ["1 point", "2 points", "5 points", "21 points", "64 points", "111 points"]
    assert got["ru"] == ["1 очко", "2 очка", "5 очков", "21 очко", "64 очка", "111 очков"]
    assert got["pl"] == ["1 punkt", "2 punkty", "5 punktów", "21 punktów", "64 punkty", "111 punktów"]


@pytest.mark.parametrize("lang", LOCALES)
def test_the_settings_name_every_letter_key_of_the_table(lang):
    """The Settings dialog's list of keys is where keyboard players learn them (H, the hint, was missing)."""
    letters = set(re.findall(r'key === "([a-z])"', (WEB / "js" / "keyboard.js").read_text(encoding="utf-8")))
    assert {"h", "t", "f", "w"} <= letters
    listed = load(lang)["settings.keys"]
    assert {x for x in letters if not re.search(rf"\b{x.upper()}\b", listed)} == set()
