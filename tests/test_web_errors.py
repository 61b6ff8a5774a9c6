"""Every error the session API can reply with reads well in every locale: its
key has a text, and the reply's args fill every placeholder of that text."""

import json
import re

import pytest

from locale_text import LOCALES, ROOT, readable, t
from thousand import web, web_embed


def call(fn, *args):
    return json.loads(fn(*args))


def _human_to_move(query="?p=3&s=42&l=easy&r=std"):
    s = call(web.from_link, query)
    while s["bot_to_move"]:
        s = call(web.bot_step)
    return s


def _not_your_turn():
    s = call(web.from_link, "?p=3&s=42&l=easy&r=std")
    while not s["bot_to_move"]:
        s = call(web.play, s["view"]["legal"][0]["id"])
    return call(web.play, "p")


def _no_game(monkeypatch):
    monkeypatch.setattr(web, "_session", None)
    return call(web.state)


def _tutorial_to_person():
    s = call(web.tutorial)
    while s["bot_to_move"]:
        s = call(web.bot_step)
    return s


def _tutorial_wrong(mp):
    s = _tutorial_to_person()
    expected = web._session._due().move
    return call(web.play, next(a["id"] for a in s["view"]["legal"] if a["id"] != expected))


def _tutorial_over(mp):
    s = _tutorial_to_person()
    mp.setattr(web.script, "expected", lambda game: None)  # as after the script's last step
    return call(web.play, s["view"]["legal"][0]["id"])


TRIGGERS = {
    "embed.bad_at": lambda mp: call(web_embed.embed, "?embed=1&rec=T1_3_42_std_p&at=5"),
    "embed.bad_record": lambda mp: call(web_embed.embed, "?embed=1&rec=T9_x"),
    "embed.mixed": lambda mp: call(web_embed.embed, "?embed=1&rec=T1_3_42_std_p&p=3"),
    "embed.not_embed": lambda mp: call(web_embed.embed, "?embed=0&rec=T1_3_42_std_p"),
    "embed.setting_up": lambda mp: (call(web_embed.embed_start, "?embed=1&p=3&s=42&l=easy&r=std&at=9"),
                                    call(web.play, "p"))[1],
    "embed.setup_over": lambda mp: call(web_embed.embed_step, "0"),
    "tutorial.wrong": _tutorial_wrong,
    "hint.off": lambda mp: (_tutorial_to_person(), call(web.hint))[1],
    "tutorial.over": _tutorial_over,
    "link.bad_players": lambda mp: call(web.from_link, "?p=5&s=42&l=easy&r=std"),
    "link.bad_seed": lambda mp: call(web.from_link, "?p=3&s=4x&l=easy&r=std"),
    "link.bad_level": lambda mp: call(web.from_link, "?p=3&s=42&l=god&r=std"),
    "link.bad_rules": lambda mp: call(web.from_link, "?p=3&s=42&l=easy&r=zz"),
    "link.unknown_param": lambda mp: call(web.from_link, "?p=3&s=42&l=easy&r=std&x=1"),
    "link.repeated_param": lambda mp: call(web.from_link, "?p=3&p=3&s=42&l=easy&r=std"),
    "link.missing_value": lambda mp: call(web.from_link, "?p&s=42&l=easy&r=std"),
    "link.missing_param": lambda mp: call(web.from_link, "?p=3&s=42&l=easy"),
    "link.too_long": lambda mp: call(web.from_link, "?s=" + "1" * (web.MAX_QUERY + 1)),
    "link.bad_move": lambda mp: call(web.from_link, "?p=3&s=42&l=easy&r=std&m=p.zz"),
    "link.illegal_move": lambda mp: call(web.from_link, "?p=3&s=42&l=easy&r=std&m=p.Ah"),
    "link.not_deal_start": lambda mp: call(web.from_link, "?p=3&s=42&l=easy&r=std&m=p"),
    "save.corrupt": lambda mp: call(web.restore, "{not json"),
    "save.old": lambda mp: call(web.restore, '{"v":0,"record":"T1_3_1_std_","level":"easy"}'),
    "save.newer": lambda mp: call(web.restore, '{"v":2,"record":"T2_3_1_std_","level":"easy"}'),
    "game.none": _no_game,
    "game.not_your_turn": lambda mp: _not_your_turn(),
    "game.illegal": lambda mp: (_human_to_move(), call(web.play, "zz"))[1],
    "game.no_bot_to_move": lambda mp: (_human_to_move(), call(web.bot_step))[1],
    "rules.bad": lambda mp: call(web.rules_code, '{"barrel": 850}'),
}


def test_every_error_key_of_the_code_has_a_trigger_here():
    names = ("web.py", "web_links.py", "web_embed.py")
    code = "".join((ROOT / "thousand" / name).read_text(encoding="utf-8") for name in names)
    raised = set(re.findall(r"WebError\(\s*\"([\w.]+)\"", code))
    assert raised == set(TRIGGERS)


@pytest.mark.parametrize("key", sorted(TRIGGERS))
def test_error_reply_renders_without_placeholders(key, monkeypatch):
    reply = TRIGGERS[key](monkeypatch)
    assert reply["ok"] is False and reply["error"]["key"] == key
    args = reply["error"]["args"]
    assert isinstance(args, dict)
    readable(f"error.{key}", args)


def test_the_bad_value_reaches_the_text():
    reply = call(web.from_link, "?p=5&s=42&l=easy&r=std")
    assert reply["error"]["args"] == {"value": "5"}
    assert "«5»" in t(LOCALES["uk"], "error.link.bad_players", reply["error"]["args"])
