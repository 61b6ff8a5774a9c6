"""The worker's session API (thousand.web): strings in, JSON out, clear errors."""

import json

import pytest

from thousand import Game, Record
from thousand import web, web_daily, web_room
from thousand.fairdeal import commitment


def call(fn, *args):
    out = fn(*args)
    assert isinstance(out, str)
    return json.loads(out)


def test_link_starts_the_seeded_game():
    s = call(web.from_link, "?p=3&s=42&l=easy&r=std")
    assert s["ok"] and s["link"] == "p=3&s=42&l=easy&r=std"
    assert s["view"]["hand"] == Game(3, 42).view(0)["hand"]
    assert s["view"]["seat"] == 0


def test_link_without_question_mark_and_other_rules():
    s = call(web.from_link, "p=2&s=7&l=easy&r=sb-mt")
    assert s["ok"] and s["view"]["players"] == 2 and s["view"]["rules"] == "sb-mt"


@pytest.mark.parametrize("query, key", [
    ("", "link.missing_param"),
    ("?p=3&s=42&l=easy", "link.missing_param"),
    ("?p=5&s=42&l=easy&r=std", "link.bad_players"),
    ("?p=3&s=-1&l=easy&r=std", "link.bad_seed"),
    ("?p=3&s=99999999999999999999999&l=easy&r=std", "link.bad_seed"),
    ("?p=3&s=4x&l=easy&r=std", "link.bad_seed"),
    ("?p=3&s=42&l=god&r=std", "link.bad_level"),
    ("?p=3&s=42&l=easy&r=zz", "link.bad_rules"),
    ("?p=3&s=42&l=easy&r=std&x=1", "link.unknown_param"),
    ("?p=3&p=3&s=42&l=easy&r=std", "link.repeated_param"),
    ("?p&s=42&l=easy&r=std", "link.missing_value"),
    ("?p=3&s=42&l=easy&r=std&<script>=1", "link.unknown_param"),
    ("?s=" + "1" * (web.MAX_QUERY + 1), "link.too_long"),
])
def test_bad_links_are_clear_errors(query, key):
    s = call(web.from_link, query)
    assert s["ok"] is False
    assert s["error"]["key"] == key
    assert s["error"]["text"]


def test_error_replies_carry_the_values_for_the_locale_placeholders():
    s = call(web.from_link, "?p=5&s=42&l=easy&r=std")
    assert s["error"]["args"] == {"value": "5"}


def test_human_plays_and_bots_move_through_several_deals():
    s = call(web.fresh, "3", "easy", "std")
    assert s["ok"]
    steps = 0
    while len(s["view"]["sheet"]["rows"]) < 3:
        steps += 1
        assert steps < 1000
        if s["bot_to_move"]:
            before = s["view"]["to_move"]
            s = call(web.bot_step)
            assert s["moved"]["seat"] == before
        else:
            legal = [a["id"] for a in s["view"]["legal"]]
            pick = next((a for a in legal if a not in ("f", "w")), legal[0])
            s = call(web.play, pick)
        assert s["ok"], s
    # the save replays to the same game
    again = call(web.restore, s["save"])
    assert again["ok"] and again["view"]["sheet"] == s["view"]["sheet"]


def test_illegal_and_out_of_turn_actions():
    s = call(web.from_link, "?p=3&s=42&l=easy&r=std")
    if s["bot_to_move"]:
        err = call(web.play, "p")
        assert err["error"]["key"] == "game.not_your_turn"
        while s["bot_to_move"]:
            s = call(web.bot_step)
    err = call(web.play, "zz")
    assert err["error"]["key"] == "game.illegal"
    err = call(web.play, "Ah")
    assert err["error"]["key"] == "game.illegal"
    assert call(web.state)["view"] == s["view"]  # unchanged


def test_bot_step_when_human_to_move_is_an_error():
    s = call(web.from_link, "?p=3&s=42&l=easy&r=std")
    while s["bot_to_move"]:
        s = call(web.bot_step)
    assert call(web.bot_step)["error"]["key"] == "game.no_bot_to_move"


def test_save_round_trip_mid_game():
    s = call(web.from_link, "?p=4&s=9&l=easy&r=sb")
    for _ in range(6):
        s = call(web.bot_step) if s["bot_to_move"] else call(web.play, s["view"]["legal"][0]["id"])
    save = s["save"]
    data = json.loads(save)
    assert data["v"] == 1 and Record.parse(data["record"]).players == 4
    r = call(web.restore, save)
    assert r["ok"] and r["view"] == s["view"] and r["link"] == "p=4&s=9&l=easy&r=sb"


@pytest.mark.parametrize("save, key", [
    ("", "save.corrupt"),
    ("{not json", "save.corrupt"),
    ("[1,2]", "save.old"),
    ('{"v":0,"record":"T1_3_1_std_","level":"easy"}', "save.old"),
    ('{"v":2,"record":"T1_3_1_std_","level":"easy"}', "save.newer"),
    ('{"v":true,"record":"T1_3_1_std_","level":"easy"}', "save.old"),
    ('{"v":1,"level":"easy"}', "save.corrupt"),
    ('{"v":1,"record":"T9_3_1_std_","level":"easy"}', "save.corrupt"),
    ('{"v":1,"record":"T1_3_1_std_Ah.Ah","level":"easy"}', "save.corrupt"),
    ('{"v":1,"record":"T1_3_1_std_","level":"nope"}', "save.corrupt"),
    ('{"v":1,"record":"T1_3_1_std_","level":5}', "save.corrupt"),
])
def test_corrupt_saves_are_clear_errors(save, key):
    s = call(web.restore, save)
    assert s["ok"] is False and s["error"]["key"] == key


def test_reset_forgets_the_game_and_reseeds_random():
    """After a restore from a memory snapshot, nothing of the earlier visit is left:
    no game, and `random` does not continue from the snapshot's state."""
    import random

    call(web.from_link, "?p=3&s=42&l=easy&r=std")
    random.seed(7)
    snapshot_state = random.getstate()
    assert call(web.reset) == {"ok": True}
    assert call(web.state)["error"]["key"] == "game.none"
    assert random.getstate() != snapshot_state
    # The next game starts as usual.
    assert call(web.from_link, "?p=3&s=42&l=easy&r=std")["ok"]


def test_fresh_validates_its_options():
    assert call(web.fresh, "7", "easy", "std")["error"]["key"] == "link.bad_players"
    assert call(web.fresh, "3", "x", "std")["error"]["key"] == "link.bad_level"
    assert call(web.fresh, "3", "easy", "q")["error"]["key"] == "link.bad_rules"
    s = call(web.fresh, "2", "easy", "std")
    assert s["ok"] and s["link"].startswith("p=2&s=")


def test_unplayable_cards_have_localizable_reasons():
    s = call(web.from_link, "?p=3&s=42&l=easy&r=std")
    for _ in range(400):
        if s["view"]["unplayable"]:
            why = next(iter(s["view"]["unplayable"].values()))
            assert why["key"] in ("reason.follow", "reason.trump")
            assert why["args"]["led"] in "scdh"
            return
        s = call(web.bot_step) if s["bot_to_move"] else call(web.play, s["view"]["legal"][-1]["id"])
    pytest.fail("no unplayable card came up")


def test_bot_moves_never_reveal_a_card_given_to_another_bot():
    seen_hidden = seen_public = False
    for seed in range(1, 40):
        s = call(web.from_link, f"?p=3&s={seed}&l=easy&r=std")
        while (s["view"]["phase"] in ("bidding", "giving", "talon", "contract")
               or s["view"]["deal"] == 1 and not s["view"]["trick"]):
            if not s["bot_to_move"]:
                s = call(web.play, "p" if "p" in [a["id"] for a in s["view"]["legal"]] else s["view"]["legal"][0]["id"])
                continue
            s = call(web.bot_step)
            moved = s["moved"]
            if moved["kind"] == "give":
                if moved["action"] is None:
                    seen_hidden = True
                else:
                    assert moved["action"].endswith("0")  # given to the person, who sees it anyway
                    seen_public = True
            if s["view"]["phase"] == "play":
                break
        if seen_hidden and seen_public:
            return
    assert seen_hidden


def test_the_page_keeps_to_the_content_security_policy():
    """No inline scripts or styles, no HTML from strings, no eval: the CSP forbids
    them and nothing from a URL or from Python may become markup."""
    import re
    from pathlib import Path

    web_dir = Path(__file__).resolve().parent.parent / "web"
    html = (web_dir / "index.html").read_text(encoding="utf-8")
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "inline <script>"
    assert " style=" not in html and "<style" not in html
    scripts = [*sorted(web_dir.glob("*.js")), *sorted((web_dir / "js").glob("*.js"))]
    for path in scripts:
        code = path.read_text(encoding="utf-8")
        for banned in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function",
                       'setAttribute("style"'):
            assert banned not in code, f"{path.name} uses {banned}"


def test_the_generated_pages_keep_to_the_content_security_policy(tmp_path):
    """The rules and what's new pages (build_site.py) have no script, no inline
    style and no event handler, and take their style sheet from the site itself."""
    import re
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    try:
        import build_site
    finally:
        sys.path.remove(str(root))
    build_site.build_pages(root, tmp_path)
    pages = sorted(tmp_path.rglob("*.html"))
    assert {p.relative_to(tmp_path).as_posix() for p in pages} >= {"rules/en.html", "rules/uk.html", "news.html"}
    for page in pages:
        html = page.read_text(encoding="utf-8")
        assert "<script" not in html and "<style" not in html and " style=" not in html, page
        assert not re.search(r"\son[a-z]+\s*=", html), page
        sheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
        assert sheets and all(not re.match(r"(https?:)?//", href) for href in sheets), page
        css = (page.parent / sheets[0]).resolve()
        assert css.name == "pages.css" and (root / "web" / "pages.css").is_file()


def test_every_json_input_nested_too_deep_is_a_clear_error():
    """json.loads of "[[[..." raises RecursionError (no ValueError) once the nesting is deeper than
    the interpreter allows; each is far under its input's size limit."""
    deep = "[" * 999
    assert call(web.restore, deep)["error"]["key"] == "save.corrupt"
    assert call(web.rules_code, deep)["error"]["key"] == "rules.bad"
    assert call(web_daily.daily_rank, deep)["error"]["key"] == "daily.table_bad"
    assert call(web_room.room_resume, deep)["error"]["key"] == "save.corrupt"
    for proof, shown in ((deep, "[]"), ("{}", deep)):
        checked = call(web_room.guest_verify, "1", "c" * 32, commitment("0" * 32), proof, shown)
        assert checked["ok"] and checked["problems"]
