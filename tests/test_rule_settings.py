"""Rule settings: codes, presets, the catalog for the settings dialog, and where the engine reads them."""

import json
import re
from dataclasses import fields
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rule_sets import rule_sets
from thousand import Game, NotationError, Record, Rules, web
from thousand.rules import PRESETS, catalog, resolve

URL_SAFE = set("abcdefghijklmnopqrstuvwxyz0123456789-")
ENGINE = Path(__file__).resolve().parent.parent / "thousand"


@given(rule_sets())
def test_every_rules_value_has_one_url_safe_code_that_parses_back(rules):
    code = rules.code()
    assert set(code) <= URL_SAFE and Rules.parse(code) == rules
    assert (code == "std") == (rules == Rules())


@given(rule_sets(), st.randoms(use_true_random=False))
def test_parts_in_any_order_give_the_same_rules_and_the_canonical_code(rules, random):
    parts = rules.code().split("-")
    random.shuffle(parts)
    shuffled = "-".join(parts)
    assert Rules.parse(shuffled) == rules and Rules.parse(shuffled).code() == rules.code()


def test_old_codes_keep_their_meaning():
    assert Rules.parse("std") == Rules()
    assert Rules.parse("sb") == Rules(strict_barrel=True)
    assert Rules.parse("mt") == Rules(meld_requires_trick=True)
    assert Rules.parse("sb-mt") == Rules.parse("mt-sb") == Rules(True, True)
    assert Rules(True, True).code() == "sb-mt"


def test_codes_of_values():
    rules = Rules(barrel=880, barrel_deals=3, dash_penalty=120, write_offs=2, bid_step=5, weak_hand=14)
    assert rules.code() == "b880-bd3-bolt120-wo2-s5-wh14"
    assert Rules(dash_penalty=0, write_offs=0).code() == "bolt0-wo0"


@pytest.mark.parametrize("code, needle", [
    ("", "unknown rules code ''"),
    ("zz", "unknown rules code 'zz'"),
    ("std-sb", "unknown rules code 'std'"),
    ("SB", "unknown rules code 'SB'"),
    ("sb-sb", "repeated"),
    ("b880-b880", "repeated"),
    ("b850", "needs one of [880]"),
    ("b900", "the default 900 is written by leaving it out"),
    ("b0880", "needs one of"),
    ("b", "needs one of"),
    ("sb1", "takes no number"),
    ("bolt-5", "'bolt' needs one of [0, 120]"),
    ("wh9", "needs one of"),
])
def test_bad_codes_are_clear_errors(code, needle):
    with pytest.raises(NotationError, match=re.escape(needle)):
        Rules.parse(code)


@pytest.mark.parametrize("values", [
    {"barrel": 850}, {"barrel": 880.0}, {"barrel": True}, {"strict_barrel": 1}, {"bid_step": 20}, {"weak_hand": 5},
])
def test_rules_values_are_checked(values):
    with pytest.raises(ValueError, match="rule "):
        Rules(**values)


def test_presets_are_pinned():
    """A preset is a product choice: changing one must be deliberate (records carry codes, not names)."""
    assert {name: rules.code() for name, rules in PRESETS.items()} == {
        "uk": "std",
        "ru": "mt-b880-bd3-bolt120-da-dump-wo3-s5-r5-ds",
        "pl": "mt-b880-bd3-bolt0-am-ds-mb",
    }
    assert [resolve(name).preset() for name in PRESETS] == list(PRESETS)
    assert Rules(dump=True).preset() is None


def test_the_house_rules_are_the_defaults():
    """The defaults (``std``, preset ``uk``) are the house text (seed 004), not a variant's."""
    assert {f.name: getattr(Rules(), f.name) for f in fields(Rules)} == {
        "strict_barrel": False,  # "сувору» бочку ... можна ввімкнути в налаштуваннях": an option
        "meld_requires_trick": False,  # a marriage "за замовчуванням" from the first lead, "не взявши жодної взятки"
        "barrel": 900,  # "З 900 очок гравець заходить на бочку"
        "barrel_deals": 0,  # no limit of deals on the barrel
        "dash_penalty": 100,  # "Три прочерки підряд — штраф 100 очок"
        "dashes_anywhere": False,  # "підряд": in a row
        "dump": False,  # no dump (555) in the house text
        "write_offs": 1,  # "Кожне з двох можна використати лише раз за партію"
        "no_write_off_negative": False,
        "bid_step": 10,  # "рівно на один крок — 10 очок за раз"
        "rounding": 10,  # "округлене до десятків"
        "free_bidding": False,  # RULES.md [decision]: 120 plus the marriages in hand
        "ace_marriage": False,  # the marriages are king and queen: 40, 60, 80, 100
        "golden": False,
        "blind": False,
        "dealer_sits": False,  # "Гравець праворуч від роздавача сидить на прикупі"
        "weak_hand": 0,  # "Перездача — на чотирьох девʼятках у руці або трьох девʼятках у прикупі" only
        "must_beat": False,  # "Козиряти обовʼязково, перебивати — ні"
    }


def test_resolve_takes_a_preset_or_a_code():
    assert resolve("ru") == PRESETS["ru"] and resolve("uk") == Rules() and resolve("b880") == Rules(barrel=880)
    with pytest.raises(NotationError, match="unknown rules code 'de'"):
        resolve("de")


def test_records_carry_the_code_not_the_preset_name():
    game = Game(3, seed=5, rules=PRESETS["pl"])
    text = str(game.record())
    assert text.startswith("T1_3_5_mt-b880-bd3-bolt0-am-ds-mb_")
    assert Record.parse(text).rules == PRESETS["pl"]


def test_catalog_describes_every_setting_and_preset():
    data = catalog()
    assert json.loads(json.dumps(data)) == data
    names = [f.name for f in fields(Rules)]
    assert [s["name"] for s in data["settings"]] == names
    for s in data["settings"]:
        assert s["default"] in s["values"] and s["type"] in ("bool", "int") and s["label"] and s["code"]
        assert Rules(**{s["name"]: s["default"]}) == Rules()
    assert data["default"] == "uk"
    for preset in data["presets"]:
        assert Rules(**preset["values"]) == PRESETS[preset["name"]]
        assert preset["code"] == PRESETS[preset["name"]].code()


def test_web_catalog_and_code_from_chosen_settings():
    reply = json.loads(web.rules_catalog())
    assert reply["ok"] and reply["settings"] == catalog()["settings"]
    chosen = dict(PRESETS["ru"].__dict__)
    reply = json.loads(web.rules_code(json.dumps(chosen)))
    assert reply == {"ok": True, "code": PRESETS["ru"].code(), "preset": "ru"}
    assert json.loads(web.rules_code('{"dump": true}')) == {"ok": True, "code": "dump", "preset": None}


@pytest.mark.parametrize("settings, needle", [
    ("{", "not valid JSON"), ("[1]", "JSON object"), ('{"colour": 1}', "colour"), ('{"barrel": 850}', "barrel"),
    ('{"barrel": "880"}', "barrel"),
])
def test_web_rules_code_rejects_bad_settings(settings, needle):
    reply = json.loads(web.rules_code(settings))
    assert reply["ok"] is False and reply["error"]["key"] == "rules.bad" and needle in reply["error"]["text"]


def test_the_longest_code_fits_a_share_link():
    longest = {}
    for s in catalog()["settings"]:
        others = [v for v in s["values"] if v != s["default"]]
        longest[s["name"]] = max(others, key=lambda v: len(str(v)))
    code = Rules(**longest).code()
    query = web.link_query(4, 2**64 - 1, "medium", code)
    assert len(query) <= web.MAX_QUERY
    reply = json.loads(web.from_link(query))
    assert reply["ok"] and reply["view"]["rules"] == code


def test_web_starts_a_preset_and_links_carry_its_code():
    reply = json.loads(web.fresh("3", "easy", "pl"))
    assert reply["ok"] and reply["view"]["rules"] == PRESETS["pl"].code() and reply["view"]["rules_preset"] == "pl"
    assert reply["link"].endswith("&r=" + PRESETS["pl"].code())
    assert json.loads(web.from_link("?p=3&s=1&l=easy&r=pl"))["error"]["key"] == "link.bad_rules"


def test_each_setting_is_read_in_one_place_of_the_engine():
    """Each rule is consulted by exactly one spot of the engine (bots and the settings module aside)."""
    reads: dict[str, list[str]] = {f.name: [] for f in fields(Rules)}
    for path in sorted(ENGINE.glob("*.py")):
        if path.name == "rules.py":
            continue
        for name in re.findall(r"\brules\.(\w+)", path.read_text(encoding="utf-8")):
            if name in reads:
                reads[name].append(path.name)
    assert {name: len(where) for name, where in reads.items()} == {name: 1 for name in reads}, reads


def test_arena_and_terminal_take_a_preset_or_a_code(capsys, monkeypatch):
    import builtins

    from thousand import arena
    from thousand.__main__ import main

    arena.main(["--players", "3", "--bots", "easy", "--sets", "1", "--workers", "1", "--rules", "pl"])
    assert f"rules {PRESETS['pl'].code()}" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        arena.main(["--rules", "b850"])
    assert "'b' needs one of [880]" in capsys.readouterr().err
    monkeypatch.setattr(builtins, "input", lambda prompt="": "q")
    assert main(["--players", "3", "--seed", "4", "--rules", "bl-s5"]) == 0
    out = capsys.readouterr().out
    assert "rules s5-bl" in out and "Game record: T1_3_4_s5-bl_" in out


def test_web_rules_of_gives_the_settings_of_a_code_or_preset():
    reply = json.loads(web.rules_of(PRESETS["ru"].code()))
    assert reply == {"ok": True, "values": dict(PRESETS["ru"].__dict__), "code": PRESETS["ru"].code(), "preset": "ru"}
    assert json.loads(web.rules_of("pl"))["values"] == dict(PRESETS["pl"].__dict__)
    assert json.loads(web.rules_of("std"))["preset"] == "uk"


@pytest.mark.parametrize("code", ["zz", "b850", "mb-mb", "", "std-mb", "MB"])
def test_web_rules_of_a_bad_code_is_an_error_that_changes_nothing(code):
    before = json.loads(web.fresh("3", "easy", "b880"))
    reply = json.loads(web.rules_of(code))
    assert reply["ok"] is False and reply["error"]["key"] == "link.bad_rules"
    assert json.loads(web.state()) == before


@pytest.mark.parametrize("values", [{"barrel_deals": True}, {"write_offs": True}, {"weak_hand": False},
                                    {"dash_penalty": False}])
def test_a_number_setting_refuses_true_and_false(values):
    """A bool is an int to Python, and Rules(barrel_deals=True) would write the code bdTrue."""
    with pytest.raises(ValueError, match="rule "):
        Rules(**values)
    reply = json.loads(web.rules_code(json.dumps(values)))
    assert reply["ok"] is False and reply["error"]["key"] == "rules.bad"
