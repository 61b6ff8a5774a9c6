"""Embed links (thousand.web.parse_embed / embed): a record at move n, or a share
link's game after n moves of the bots; anything else is a clear error."""

import json

import pytest

from thousand import Game, Record, web
from thousand.bots import decide, make_bot

# Seed 42: a pass, a bid of 110 and a pass (the bidding is over: the giving comes next).
RECORD = "T1_3_42_std_p.b110.p"


def call(fn, *args):
    return json.loads(fn(*args))


def a_record(moves: int = 40) -> Record:
    """A real record: easy bots play every seat of seed 5 for `moves` moves."""
    game, bot = Game(3, 5), make_bot("easy")
    for _ in range(moves):
        game.apply(decide(bot, game))
    return game.record()


def test_record_at_move_n_is_that_position():
    rec = a_record()
    for at in (0, 7, 23, len(rec.actions)):
        s = call(web.embed, f"?embed=1&rec={rec}&at={at}&l=easy")
        assert s["ok"], s
        want = Game(3, 5)
        for action in rec.actions[:at]:
            want.apply(action)
        assert s["view"] == want.view(0) and s["level"] == "easy"


def test_record_without_at_is_its_end_and_the_level_defaults():
    rec = a_record(12)
    s = call(web.embed, f"embed=1&rec={rec}")
    assert s["ok"] and s["view"] == Game.replay(rec).view(0) and s["level"] == web.DEFAULT_LEVEL


def test_the_embedded_game_plays_on():
    rec = a_record(30)
    s = call(web.embed, f"?embed=1&rec={rec}&at=30&l=easy")
    for _ in range(20):
        s = call(web.bot_step) if s["bot_to_move"] else call(web.play, s["view"]["legal"][0]["id"])
        assert s["ok"], s
    assert json.loads(s["save"])["record"].startswith(str(rec))


def test_share_link_plus_at_is_the_bots_game_after_n_moves():
    s = call(web.embed, "?embed=1&p=3&s=42&l=easy&r=std&at=9")
    game, bot = Game(3, 42), make_bot("easy")
    for _ in range(9):
        game.apply(decide(bot, game))
    assert s["ok"] and s["view"] == game.view(0) and s["link"] == "p=3&s=42&l=easy&r=std"
    assert call(web.embed, "?embed=1&p=3&s=42&l=easy&r=std")["view"] == Game(3, 42).view(0)


@pytest.mark.parametrize("query, key", [
    ("", "embed.not_embed"),
    ("?rec=" + RECORD, "embed.not_embed"),
    ("?embed=2&rec=" + RECORD, "embed.not_embed"),
    ("?embed=1", "link.missing_param"),
    ("?embed=1&rec=" + RECORD + "&p=3", "embed.mixed"),
    ("?embed=1&rec=T2_3_42_std_p", "embed.bad_record"),
    ("?embed=1&rec=T1_3_42_std_Zz", "embed.bad_record"),
    ("?embed=1&rec=T1_3_42_std_Ah", "embed.bad_record"),  # not legal: a tampered record
    ("?embed=1&rec=" + RECORD + ".Ah.Ah&at=1", "embed.bad_record"),  # illegal after `at` too
    ("?embed=1&rec=" + RECORD + "&at=5", "embed.bad_at"),
    ("?embed=1&rec=" + RECORD + "&at=-1", "embed.bad_at"),
    ("?embed=1&rec=" + RECORD + "&at=1e2", "embed.bad_at"),
    ("?embed=1&rec=" + RECORD + "&at=%D9%A3", "embed.bad_at"),  # an Arabic-Indic 3 is not a move number
    ("?embed=1&rec=" + RECORD + "&l=god", "link.bad_level"),
    ("?embed=1&rec=" + RECORD + "&rec=" + RECORD, "link.repeated_param"),
    ("?embed=1&rec=" + RECORD + "&<img src=x>=1", "link.unknown_param"),
    ("?embed=1&rec", "link.missing_value"),
    ("?embed=1&p=3&s=42&l=easy", "link.missing_param"),
    ("?embed=1&p=3&s=42&l=easy&r=std&at=101", "embed.bad_at"),
    ("?embed=1&p=9&s=42&l=easy&r=std", "link.bad_players"),
    ("?embed=1&rec=" + "T1_3_42_std_" + ".p" * 3000, "link.too_long"),
])
def test_bad_embed_links_are_clear_errors_and_change_nothing(query, key):
    before = call(web.from_link, "?p=3&s=1&l=easy&r=std")
    s = call(web.embed, query)
    assert s["ok"] is False and s["error"]["key"] == key and s["error"]["text"]
    assert call(web.state)["view"] == before["view"]  # the game in the worker is untouched


def test_error_args_fill_the_locale_placeholders():
    s = call(web.embed, "?embed=1&rec=" + RECORD + "&at=9")
    assert s["error"]["args"] == {"value": "9", "most": 3}


def test_the_readme_example_shows_a_must_trump_position():
    import html
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    query = html.unescape(re.search(r'<iframe src="[^"?]*(\?embed=1[^"]*)"', readme).group(1))
    s = call(web.embed, query)
    assert s["ok"] and s["view"]["to_move"] == 0
    assert {r["key"] for r in s["view"]["unplayable"].values()} == {"reason.trump"}
