"""The page's text for a locale key: web/js/i18n.js ``t()`` in Python, for tests
that check what a person would read."""

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = {lang: json.loads((ROOT / "web" / "locales" / f"{lang}.json").read_text(encoding="utf-8"))
           for lang in ("en", "uk")}


def js_string(value) -> str:
    """JavaScript's ``String(value)`` for JSON values."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, list):
        return ",".join(js_string(v) for v in value)
    return str(value)


def t(strings: dict, key: str, args: dict) -> str:
    """web/js/i18n.js ``t()``: fill ``{name}`` from args, leave unknown ones as they are."""
    return re.sub(r"\{(\w+)\}", lambda m: js_string(args[m.group(1)]) if m.group(1) in args else m.group(0),
                  strings[key])


def readable(key: str, args: dict) -> dict[str, str]:
    """The text of ``key`` with ``args`` in every locale; fails if the key is
    missing anywhere or a placeholder stays unfilled."""
    out = {}
    for lang, strings in LOCALES.items():
        assert key in strings, (lang, key)
        out[lang] = t(strings, key, args)
        assert "{" not in out[lang] and "}" not in out[lang], (lang, out[lang])
    return out
