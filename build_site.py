"""The site's static pages, built from the project's Markdown by build.py.

    rules/<lang>.html   RULES.md (English) and its translations RULES.<lang>.md
    news.html           what's new: CHANGELOG.md
    pages.css           their style sheet (copied from web/, as every other file)

Only the small Markdown subset these files use is understood: ``#``..``###``
headings, paragraphs, ``-`` bullet lists (continuation lines indented),
tables (``| a | b |`` with a ``| --- |`` line) and, inside text, ``**bold**``
and ```code```. Every character of the source is escaped, so no text can
become markup; the pages have no script and no inline style (the site's CSP).

Every heading gets an anchor. A translation must have the same headings in
the same order as the English text and gets the English anchors, so a link to
``rules/uk.html#playing-the-tricks`` works in every language.

>>> html, heads = to_html("## Must <trump>\\nA **bold** `x&y` text.")
>>> print(html)
<h2 id="must-trump"><a class="anchor" href="#must-trump">Must &lt;trump&gt;</a></h2>
<p>A <strong>bold</strong> <code>x&amp;y</code> text.</p>
>>> heads
[Heading(level=2, text='Must <trump>', id='must-trump')]
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

DEFAULT_LANG = "en"
PAGE_TEXTS = ("pages.back", "pages.contents", "pages.rules", "pages.news", "pages.lang")


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    id: str


def slug(text: str) -> str:
    """An anchor from a heading: ASCII letters and digits joined by hyphens ('' if none).

    >>> slug("Seats, dealer and the deal"), slug("The barrel (бочка)")
    ('seats-dealer-and-the-deal', 'the-barrel')
    """
    return "-".join(re.findall(r"[a-z0-9]+", text.lower()))


def inline(text: str) -> str:
    """Escaped text with ``**bold**`` and ```code``` (code is kept as written, escaped)."""
    codes: list[str] = []

    def keep(m: re.Match) -> str:
        codes.append(f"<code>{escape(m.group(1))}</code>")
        return f"\0{len(codes) - 1}\0"

    out = escape(re.sub(r"`([^`]+)`", keep, text.replace("\0", "")))
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)
    return re.sub(r"\0(\d+)\0", lambda m: codes[int(m.group(1))], out)


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def blocks(markdown: str) -> list[tuple]:
    """The source as blocks: ("h", level, text), ("p", text), ("ul", [items]), ("table", head, rows)."""
    out: list[tuple] = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif m := re.match(r"(#{1,6})\s+(.*?)\s*#*\s*$", line):
            out.append(("h", len(m.group(1)), m.group(2)))
            i += 1
        elif line.startswith("- "):
            items: list[str] = []
            while i < len(lines) and (lines[i].startswith("- ")
                                      or (items and lines[i].startswith("  ") and lines[i].strip())):
                if lines[i].startswith("- "):
                    items.append(lines[i][2:].strip())
                else:
                    items[-1] += " " + lines[i].strip()
                i += 1
            out.append(("ul", items))
        elif (line.startswith("|") and i + 1 < len(lines)
              and re.fullmatch(r"\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*", lines[i + 1])):
            head = _cells(line)
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            out.append(("table", head, rows))
        else:
            text = [line.strip()]  # a line that starts no other block is a paragraph's first line
            i += 1
            while i < len(lines) and lines[i].strip() and not re.match(r"#{1,6}\s|- |\|", lines[i]):
                text.append(lines[i].strip())
                i += 1
            out.append(("p", " ".join(text)))
    return out


def headings(markdown: str) -> list[Heading]:
    """The headings with their anchors (a repeated anchor gets -2, -3 ...)."""
    seen: dict[str, int] = {}
    out = []
    for block in blocks(markdown):
        if block[0] == "h":
            base = slug(block[2]) or "section"
            seen[base] = seen.get(base, 0) + 1
            out.append(Heading(block[1], block[2], base if seen[base] == 1 else f"{base}-{seen[base]}"))
    return out


def to_html(markdown: str, anchors: list[str] | None = None) -> tuple[str, list[Heading]]:
    """The body HTML of a Markdown text and its headings; ``anchors`` replace the
    headings' own anchors (a translation uses the English ones)."""
    heads = headings(markdown)
    if anchors is not None:
        if len(anchors) != len(heads):
            raise ValueError(f"a translation needs the same {len(anchors)} headings as the original, "
                             f"not {len(heads)}")
        heads = [Heading(h.level, h.text, a) for h, a in zip(heads, anchors)]
    parts = []
    queue = iter(heads)
    for block in blocks(markdown):
        kind = block[0]
        if kind == "h":
            h = next(queue)
            parts.append(f'<h{h.level} id="{escape(h.id)}"><a class="anchor" href="#{escape(h.id)}">'
                         f"{inline(h.text)}</a></h{h.level}>")
        elif kind == "p":
            parts.append(f"<p>{inline(block[1])}</p>")
        elif kind == "ul":
            parts.append("<ul>\n" + "\n".join(f"<li>{inline(item)}</li>" for item in block[1]) + "\n</ul>")
        else:
            head = "".join(f"<th>{inline(c)}</th>" for c in block[1])
            rows = "\n".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>" for row in block[2])
            # Focusable: on a narrow screen the table scrolls sideways, by keyboard too.
            parts.append(f'<div class="table-wrap" tabindex="0"><table>\n<thead><tr>{head}</tr></thead>\n'
                         f"<tbody>\n{rows}\n</tbody>\n</table></div>")
    return "\n".join(parts), heads


def page(lang: str, title: str, body: str, nav: list[tuple[str, str, bool]], root: str) -> str:
    """A whole page: ``nav`` is (href, text, current) links; ``root`` leads to the site's root."""
    current_page = ' aria-current="page"'
    links = "\n".join(f'<a href="{escape(href)}"{current_page if current else ""}>{escape(text)}</a>'
                      for href, text, current in nav)
    return (
        "<!doctype html>\n"
        f'<html lang="{escape(lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{escape(title)}</title>\n"
        f'<link rel="icon" href="{root}favicon.svg" type="image/svg+xml">\n'
        f'<link rel="stylesheet" href="{root}pages.css">\n</head>\n<body>\n'
        f'<nav class="pages-nav">\n{links}\n</nav>\n<main class="page">\n{body}\n</main>\n</body>\n</html>\n'
    )


def _texts(web: Path, lang: str) -> dict[str, str]:
    """The pages' own words from the site's locale (English where the locale has none)."""
    def load(code: str) -> dict:
        path = web / "locales" / f"{code}.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    strings = {**load(DEFAULT_LANG), **load(lang)}
    return {key: strings[key] for key in PAGE_TEXTS}


def _contents(heads: list[Heading], label: str) -> str:
    items = "\n".join(f'<li><a href="#{escape(h.id)}">{inline(h.text)}</a></li>' for h in heads if h.level == 2)
    return f'<nav class="contents" aria-label="{escape(label)}">\n<ol>\n{items}\n</ol>\n</nav>'


def rule_languages(root: Path) -> list[str]:
    """English (RULES.md) and every translation RULES.<lang>.md, English first."""
    found = sorted(m.group(1) for p in root.glob("RULES.*.md") if (m := re.fullmatch(r"RULES\.([a-z]{2})\.md", p.name)))
    return [DEFAULT_LANG, *found]


def build_pages(root: Path, dist: Path) -> dict[str, str]:
    """Write the rules and what's-new pages into ``dist``; return {"news": id of CHANGELOG.md}."""
    web = root / "web"
    langs = rule_languages(root)
    english = (root / "RULES.md").read_text(encoding="utf-8")
    anchors = [h.id for h in headings(english)]
    (dist / "rules").mkdir(parents=True, exist_ok=True)
    for lang in langs:
        source = english if lang == DEFAULT_LANG else (root / f"RULES.{lang}.md").read_text(encoding="utf-8")
        body, heads = to_html(source, anchors)
        words = _texts(web, lang)
        nav = [("../", words["pages.back"], False), ("../news.html", words["pages.news"], False)]
        nav += [(f"{code}.html", _texts(web, code)["pages.lang"], code == lang) for code in langs]
        title = heads[0].text if heads else words["pages.rules"]
        first_h2 = body.find("<h2")
        body = body[:first_h2] + _contents(heads, words["pages.contents"]) + "\n" + body[first_h2:]
        (dist / "rules" / f"{lang}.html").write_text(page(lang, title, body, nav, "../"), encoding="utf-8")
    changelog = (root / "CHANGELOG.md").read_text(encoding="utf-8")
    body, heads = to_html(changelog)
    words = _texts(web, DEFAULT_LANG)
    nav = [("./", words["pages.back"], False), (f"rules/{DEFAULT_LANG}.html", words["pages.rules"], False)]
    title = heads[0].text if heads else words["pages.news"]
    (dist / "news.html").write_text(page(DEFAULT_LANG, title, body, nav, ""), encoding="utf-8")
    return {"news": hashlib.sha256(changelog.encode()).hexdigest()[:12]}
