"""build_site.py: the Markdown subset, its escaping, the anchors, and the pages it writes."""

from __future__ import annotations

import doctest
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import build_site  # noqa: E402
from build_site import headings, inline, slug, to_html  # noqa: E402

sys.path.remove(str(ROOT))


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def test_doctests():
    assert doctest.testmod(build_site).failed == 0


HOSTILE = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><b>', "a & b < c > d",
           "**<i>bold</i>**", "`<code>`", "[x](javascript:alert(1))", "\0**x**"]


@pytest.mark.parametrize("text", HOSTILE)
def test_everything_is_escaped_in_every_block(text):
    markdown = (f"# {text}\n\n{text}\n\n- {text}\n  {text}\n\n| {text} | b |\n| --- | --- |\n"
                f"| {text} | {text} |\n")
    html, _ = to_html(markdown)
    allowed = {"h1", "a", "p", "ul", "li", "div", "table", "thead", "tbody", "tr", "th", "td", "strong", "code"}
    parsed = Tags(html)
    assert {tag for tag, _ in parsed.tags} <= allowed, html
    for tag, attrs in parsed.tags:
        assert set(attrs) <= {"id", "class", "href", "tabindex"}, (tag, attrs)  # tabindex: a wide table scrolls
        if "href" in attrs:
            assert attrs["href"].startswith("#"), attrs
    assert "<script" not in html and "<img" not in html and "javascript:" not in "".join(
        a.get("href", "") for _, a in parsed.tags)


def test_inline_bold_and_code():
    assert inline("a **b** `c*d` e") == "a <strong>b</strong> <code>c*d</code> e"
    assert inline("**[setting] `mt`**") == "<strong>[setting] <code>mt</code></strong>"
    assert inline("`**not bold**`") == "<code>**not bold**</code>"
    assert inline("1 < 2 & 3") == "1 &lt; 2 &amp; 3"


def test_blocks_paragraphs_lists_and_tables():
    html, _ = to_html("One\nline.\n\n- a\n  b\n- c\n\nAfter.\n\n| x | y |\n| --- | --- |\n| 1 | 2 |\n")
    assert "<p>One line.</p>" in html
    assert "<ul>\n<li>a b</li>\n<li>c</li>\n</ul>" in html
    assert "<p>After.</p>" in html
    assert "<thead><tr><th>x</th><th>y</th></tr></thead>" in html and "<tr><td>1</td><td>2</td></tr>" in html


def test_a_line_that_only_looks_like_a_table_is_text():
    html, _ = to_html("| not a table\nstill text")
    assert html == "<p>| not a table still text</p>"


def test_anchors_are_ascii_and_unique():
    heads = headings("# A\n## Fixed\n## The barrel (бочка)\n### Fixed\n## Торги\n## Торги")
    assert [h.id for h in heads] == ["a", "fixed", "the-barrel", "fixed-2", "section", "section-2"]
    assert slug("Bidding (торги)") == "bidding"


def test_a_translation_takes_the_english_anchors_and_must_match_their_number():
    english = [h.id for h in headings("# Rules\n## Playing the tricks\n")]
    html, heads = to_html("# Правила\n## Розіграш взяток\n", english)
    assert [h.id for h in heads] == ["rules", "playing-the-tricks"]
    assert '<h2 id="playing-the-tricks">' in html
    with pytest.raises(ValueError, match="same 2 headings"):
        to_html("# Правила\n", english)


def test_the_translation_of_the_rules_has_the_same_structure():
    english = headings((ROOT / "RULES.md").read_text(encoding="utf-8"))
    for lang in build_site.rule_languages(ROOT)[1:]:
        other = headings((ROOT / f"RULES.{lang}.md").read_text(encoding="utf-8"))
        assert [h.level for h in other] == [h.level for h in english], lang
        source = (ROOT / f"RULES.{lang}.md").read_text(encoding="utf-8")
        assert source.count("[") == (ROOT / "RULES.md").read_text(encoding="utf-8").count("["), \
            f"RULES.{lang}.md marks a different number of [decision]s and [setting]s"


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> tuple[Path, dict]:
    dist = tmp_path_factory.mktemp("pages")
    return dist, build_site.build_pages(ROOT, dist)


def test_every_heading_of_the_sources_is_on_its_page(pages):
    dist, _ = pages
    # page: (its source, the source of its anchors)
    sources = {"rules/en.html": ("RULES.md", "RULES.md"), "rules/uk.html": ("RULES.uk.md", "RULES.md"),
               "news.html": ("CHANGELOG.md", "CHANGELOG.md")}
    for page, (source, anchors) in sources.items():
        parsed = Tags((dist / page).read_text(encoding="utf-8"))
        ids = [a["id"] for tag, a in parsed.tags if "id" in a and re.fullmatch(r"h\d", tag)]
        assert ids == [h.id for h in headings((ROOT / anchors).read_text(encoding="utf-8"))], page
        text = "".join(parsed.text)
        for line in re.findall(r"^#+\s+(.+)$", (ROOT / source).read_text(encoding="utf-8"), re.M):
            assert re.sub(r"[*`]", "", line).strip() in text, (page, line)


def test_the_pages_use_the_anchors_the_table_links_to(pages):
    dist, _ = pages
    rules_js = (ROOT / "web" / "js" / "rules.js").read_text(encoding="utf-8")
    anchors = set(re.findall(r'anchor: "([\w-]+)"', rules_js))
    langs = json.loads(re.search(r"RULES_LANGS = (\[.*?\]);", rules_js).group(1))
    assert anchors and sorted(langs) == sorted(build_site.rule_languages(ROOT))
    for lang in langs:
        html = (dist / "rules" / f"{lang}.html").read_text(encoding="utf-8")
        for anchor in anchors:
            assert f'id="{anchor}"' in html, (lang, anchor)


def test_the_news_id_follows_the_changelog(pages, tmp_path):
    _, info = pages
    assert re.fullmatch(r"[0-9a-f]{12}", info["news"])
    for name in ("RULES.md", "RULES.uk.md"):
        (tmp_path / name).write_text((ROOT / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "CHANGELOG.md").write_text("# What's new\n\n## 9.9\n\n- More.\n", encoding="utf-8")
    (tmp_path / "web").symlink_to(ROOT / "web")
    assert build_site.build_pages(tmp_path, tmp_path / "dist")["news"] != info["news"]


def test_the_changelog_has_a_section_per_day_newest_first():
    """What's new is read by players coming back: a section per day a release went out, newest first,
    each with Added, Changed or Fixed (in that order) and every entry a list item under one of them."""
    import datetime

    days, kinds = [], []
    for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()[1:]:
        if line.startswith("## "):
            days.append(datetime.datetime.strptime(line[3:], "%d %B %Y").date())
            kinds.append([])
        elif line.startswith("### "):
            assert days, "a kind of change before the first day"
            kinds[-1].append(line[4:])
        elif line.startswith("- "):
            assert kinds and kinds[-1], f"an entry under no kind of change: {line}"
        else:
            assert not line or line.startswith("  "), f"not an entry: {line}"
    assert days and days == sorted(set(days), reverse=True)
    order = ["Added", "Changed", "Fixed"]
    assert all(k and k == sorted(set(k), key=order.index) for k in kinds), kinds
