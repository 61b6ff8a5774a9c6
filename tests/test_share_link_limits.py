"""Share and embed links, more of their behaviour: the totals a share line gives
for any number of players, the length limit of what fits, percent-encoded values,
the length of a value an error repeats, and a record that must come alone."""

import json

import pytest

from thousand import web, web_embed, web_links
from thousand.game import Game

START = "p=3&s=42&l=easy&r=std"
RECORD = "T1_3_42_std_p.b110.p"


def call(fn, *args):
    return json.loads(fn(*args))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_deal_shares_a_zero_total_for_every_player(players):
    s = call(web.from_link, f"p={players}&s=42&l=easy&r=std")
    assert s["ok"] and s["share"]["totals"] == [0] * players
    assert s["share"]["totals"] == s["view"]["sheet"]["totals"]


def test_a_link_of_exactly_the_limit_fits_and_one_more_does_not(monkeypatch):
    """``fits`` says whether the link opens: parse_link reads MAX_QUERY characters."""
    game = Game(3, 42)
    link = web_links.deal_link(game, "easy")
    monkeypatch.setattr(web_links, "MAX_QUERY", len(link))
    assert web_links.share(game, "easy")["fits"] is True
    assert web_links.parse_link(link)["seed"] == 42
    monkeypatch.setattr(web_links, "MAX_QUERY", len(link) - 1)
    assert web_links.share(game, "easy")["fits"] is False


def test_a_percent_encoded_value_is_read_as_a_browser_reads_it():
    """Values are decoded like names (URLSearchParams does so), then checked."""
    assert call(web.from_link, "p=%33&s=4%32&l=e%61sy&r=st%64")["link"] == START
    assert [str(a) for a in web_links.parse_link(f"{START}&m=p%2Ep")["moves"]] == ["p", "p"]


def test_an_error_repeats_a_value_of_exactly_the_shown_length_whole():
    whole = "x" * web.SHOWN
    assert call(web.from_link, f"p=3&s=42&l={whole}&r=std")["error"]["args"]["value"] == whole
    longer = call(web.from_link, f"p=3&s=42&l={whole}y&r=std")["error"]["args"]["value"]
    assert longer == "x" * (web.SHOWN - 1) + "…"


@pytest.mark.parametrize("param", ["p=3", "s=42", "r=std"])
def test_a_record_with_any_part_of_a_share_link_is_mixed(param):
    """A record means the same position forever: no seed, players or rules beside it."""
    before = call(web.from_link, "?p=3&s=1&l=easy&r=std")
    s = call(web_embed.embed, f"?embed=1&rec={RECORD}&{param}")
    assert s["ok"] is False and s["error"]["key"] == "embed.mixed"
    assert s["error"]["args"] == {"param": param.split("=")[0]}
    assert call(web.state)["view"] == before["view"]
