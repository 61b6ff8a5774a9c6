"""Embed links (thousand.web_links.parse_embed, thousand.web_embed): a record at move n, or a share
link's game after n moves of the bots; anything else is a clear error."""

import json

import pytest

from thousand import Game, Record, web, web_embed
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
        s = call(web_embed.embed, f"?embed=1&rec={rec}&at={at}&l=easy")
        assert s["ok"], s
        want = Game(3, 5)
        for action in rec.actions[:at]:
            want.apply(action)
        assert s["view"] == want.view(0) and s["level"] == "easy"


def test_record_without_at_is_its_end_and_the_level_defaults():
    rec = a_record(12)
    s = call(web_embed.embed, f"embed=1&rec={rec}")
    assert s["ok"] and s["view"] == Game.replay(rec).view(0) and s["level"] == web.DEFAULT_LEVEL


def test_the_embedded_game_plays_on():
    rec = a_record(30)
    s = call(web_embed.embed, f"?embed=1&rec={rec}&at=30&l=easy")
    for _ in range(20):
        s = call(web.bot_step) if s["bot_to_move"] else call(web.play, s["view"]["legal"][0]["id"])
        assert s["ok"], s
    assert json.loads(s["save"])["record"].startswith(str(rec))


def test_share_link_plus_at_is_the_bots_game_after_n_moves():
    s = call(web_embed.embed, "?embed=1&p=3&s=42&l=easy&r=std&at=9")
    game, bot = Game(3, 42), make_bot("easy")
    for _ in range(9):
        game.apply(decide(bot, game))
    assert s["ok"] and s["view"] == game.view(0) and s["link"] == "p=3&s=42&l=easy&r=std"
    assert call(web_embed.embed, "?embed=1&p=3&s=42&l=easy&r=std")["view"] == Game(3, 42).view(0)


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
    s = call(web_embed.embed, query)
    assert s["ok"] is False and s["error"]["key"] == key and s["error"]["text"]
    assert call(web.state)["view"] == before["view"]  # the game in the worker is untouched


def test_error_args_fill_the_locale_placeholders():
    s = call(web_embed.embed, "?embed=1&rec=" + RECORD + "&at=9")
    assert s["error"]["args"] == {"value": "9", "most": 3}


def test_the_readme_example_shows_a_must_trump_position():
    import html
    import re
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    query = html.unescape(re.search(r'<iframe src="[^"?]*(\?embed=1[^"]*)"', readme).group(1))
    s = call(web_embed.embed, query)
    assert s["ok"] and s["view"]["to_move"] == 0
    assert {r["key"] for r in s["view"]["unplayable"].values()} == {"reason.trump"}


# ------------------------------------------------------------------ a share link's example, step by step

SLOW = "?embed=1&p=2&s=2&l=hard&r=std&at=100"  # 100 moves: the hard bots' took 17-25 s in a browser
# Where SLOW stood when the hard bots played its 100 moves (the record of the reply's save, before 7 Dec 2026).
HARD_BEFORE = (
    "T1_2_2_std_"
    "p.t2.g9s0.w.p.t2.g9s1.w.b110.p.t2.g9d1.c260.Ah.Th.mQh.9s.Kh.9c.Jh.Kc.mQd.Ad.As.Ks.Ts.Td.Kd.9d.Ac.Jc."
    "Jd.Js.9h.Tc.b110.b120.p.t1.g9c1.c180.Ah.Th.mQh.9s.Kh.9c.Jh.Js.9h.Jc.As.Ts.mQs.Td.9d.Ad.mQd.Jd.Tc.Kc."
    "Kd.Ks.p.t1.g9s0.c170.mQh.Ah.9s.Ks.Th.Jh.Ad.9d.Ac.9c.Td.Qd.Tc.Qc.Kh.Js.Kd.Qs.Jc.Ts.9h.As.b110.p.t1."
    "gJd0.c140.mQh.Th.mQs.Ts.Ad.9d"
)


def set_up(query: str) -> tuple[dict, list[dict]]:
    """embed_start, then embed_step until the setup is over: (the last reply, every reply on the way)."""
    s = call(web_embed.embed_start, query)
    replies = [s]
    while "setup" in s:
        s = call(web_embed.embed_step, str(s["setup"]["run"]))
        replies.append(s)
    return s, replies


def bots_play(players: int, seed: int, level: str, moves: int) -> Game:
    """What embed did in one call before it went step by step: one bot plays `moves` moves for every seat."""
    game, bot = Game(players, seed), make_bot(level)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(decide(bot, game))
    return game


def test_a_hard_example_is_set_up_by_the_medium_bots_step_by_step_and_played_on_by_hard_ones():
    s, replies = set_up(SLOW)
    assert s["ok"] and "setup" not in s
    medium = bots_play(2, 2, "medium", 100)
    assert json.loads(s["save"])["record"] == str(medium.record()) != HARD_BEFORE
    assert s["view"] == medium.view(0) and json.loads(s["save"])["level"] == "hard"
    assert len(replies) > 100 // web_embed.STEP_MOVES  # a few moves a call: the page draws the table between them
    assert [r["setup"]["move"] for r in replies[:-1]] == sorted({r["setup"]["move"] for r in replies[:-1]})
    assert web_embed.EmbedSession(Game(2, 2), "hard", 1, ()).bot.__class__ is make_bot("hard").__class__


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_examples_are_set_up_by_their_own_bots(level):
    s, _ = set_up(f"?embed=1&p=3&s=5&l={level}&r=std&at=40")
    assert s["view"] == bots_play(3, 5, level, 40).view(0)


def test_the_first_reply_is_the_start_and_nothing_is_played_during_the_setup():
    s = call(web_embed.embed_start, "?embed=1&p=3&s=42&l=easy&r=std&at=30")
    assert s["ok"] and s["view"]["players"] == 3
    assert s["setup"]["move"] == 0 and s["setup"]["of"] == 30
    assert s["view"]["hand"] == Game(3, 42).view(0)["hand"] and s["view"]["legal"] == []
    assert s["bot_to_move"] is False
    for refused in (lambda: call(web.play, "p"), lambda: call(web.play, "b110"), lambda: call(web.bot_step),
                    lambda: call(web.hint)):
        assert refused()["error"]["key"] == "embed.setting_up"
    assert call(web.state)["view"] == s["view"] and call(web.state)["hints"] == 0  # nothing moved


def test_a_restart_during_the_setup_mixes_nothing_of_the_first_run():
    query = "?embed=1&p=3&s=42&l=medium&r=std&at=40"
    first = call(web_embed.embed_start, query)
    first = call(web_embed.embed_step, str(first["setup"]["run"]))
    again = call(web_embed.embed_start, query)
    assert again["setup"]["move"] == 0 and again["setup"]["run"] != first["setup"]["run"]
    late = call(web_embed.embed_step, str(first["setup"]["run"]))  # the first run's loop, one call late
    assert late["ok"] is False and late["error"]["key"] == "embed.setup_over"
    assert call(web.state)["view"] == again["view"]  # and it played nothing
    s = again
    while "setup" in s:
        s = call(web_embed.embed_step, str(s["setup"]["run"]))
    assert s["view"] == bots_play(3, 42, "medium", 40).view(0)


def test_start_again_once_set_up_replays_the_moves_without_the_bots(monkeypatch):
    query = "?embed=1&p=3&s=43&l=medium&r=std&at=25"
    reached, _ = set_up(query)
    assert reached["view"] == bots_play(3, 43, "medium", 25).view(0)
    call(web.from_link, "?p=3&s=1&l=easy&r=std")  # another game in between
    monkeypatch.setattr(web.Session, "bot_action", lambda self: pytest.fail("a bot thought out a move again"))
    again = call(web_embed.embed_start, query)
    assert "setup" not in again and again["view"] == reached["view"] and again["save"] == reached["save"]
    other = call(web_embed.embed_start, query.replace("at=25", "at=24"))  # another position: set up anew
    assert other["setup"]["move"] == 0 and other["setup"]["of"] == 24


def test_without_moves_to_play_there_is_no_setup():
    for query in ("?embed=1&p=3&s=42&l=easy&r=std", f"?embed=1&rec={RECORD}&at=2"):
        s = call(web_embed.embed_start, query)
        assert s["ok"] and "setup" not in s and (s["bot_to_move"] or s["view"]["legal"])


def test_a_bad_link_starts_nothing_step_by_step_either():
    before = call(web.from_link, "?p=3&s=1&l=easy&r=std")
    assert call(web_embed.embed_start, "?embed=1&p=3&s=42&l=easy&r=std&at=101")["error"]["key"] == "embed.bad_at"
    assert call(web_embed.embed_step, "1")["error"]["key"] == "embed.setup_over"
    assert call(web.state)["view"] == before["view"]
