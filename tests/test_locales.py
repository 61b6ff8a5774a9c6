"""Every UI string exists in every locale, with the same placeholders."""

import json
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
LOCALES = sorted(p.stem for p in (WEB / "locales").glob("*.json"))
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def load(lang: str) -> dict:
    return json.loads((WEB / "locales" / f"{lang}.json").read_text(encoding="utf-8"))


def test_uk_and_en_exist():
    assert {"uk", "en"} <= set(LOCALES)


@pytest.mark.parametrize("lang", LOCALES)
def test_every_key_in_every_locale(lang):
    reference = load("uk")
    strings = load(lang)
    assert set(strings) == set(reference), f"{lang}: missing {set(reference) - set(strings)}, extra {set(strings) - set(reference)}"
    for key, text in strings.items():
        assert isinstance(text, str) and text.strip(), f"{lang}: {key} is empty"
        assert set(PLACEHOLDER.findall(text)) <= set(PLACEHOLDER.findall(reference[key])) | set(
            PLACEHOLDER.findall(load("en")[key])), f"{lang}: {key} has unknown placeholders"
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


# Strings the Python side already emits for the regional rules (the blind-bidding
# prompt) while web/ is being rewritten elsewhere; the rewrite adds them to every
# locale and empties this set.
PENDING = {"prompt.blind"}


def test_pending_keys_are_really_missing():
    """A pending key that the locales have gained must leave PENDING."""
    assert not PENDING & set(load("uk"))


def test_keys_for_python_messages_exist():
    """The session API's error keys and the view's prompt keys all have texts."""
    strings = {**load("uk"), **dict.fromkeys(PENDING, "pending")}
    web_py = (WEB.parent / "thousand" / "web.py").read_text(encoding="utf-8")
    for key in set(re.findall(r"\"((?:link|save|game)\.\w+)\"", web_py)):
        assert f"error.{key}" in strings, key
    view_py = (WEB.parent / "thousand" / "view.py").read_text(encoding="utf-8")
    for key in set(re.findall(r"\"key\": \"(\w+)\"", view_py)):
        assert f"prompt.{key}" in strings, key
    for fam, items in [("rank", "9JQKTA"), ("suit", "scdh")]:
        for x in items:
            assert f"{fam}.{x}" in strings
    built = ["speed." + x for x in ("slow", "normal", "fast", "instant")] + [
        "rules." + x for x in ("std", "sb", "mt", "sb-mt")] + [f"seat.bot{i}" for i in (1, 2, 3)] + [
        "load." + x for x in ("runtime", "package", "module")] + [
        f"contract.{k}{s}" for k in ("fall", "write_off") for s in ("", "_hint", "_used")] + [
        "say." + k for k in ("pass", "bid", "talon", "give", "contract", "fall", "write_off", "play", "meld")] + [
        "level.easy", "level.medium", "level.hard", "lang.uk", "lang.en", "settings.players", "settings.level",
        "settings.speed", "settings.lang", "settings.rule_sb", "settings.rule_mt"]
    for x in built:
        assert x in strings, x
    for x in ("reason.follow", "reason.trump", "row.played", "row.fall", "row.write_off", "row.redeal"):
        assert x in strings
