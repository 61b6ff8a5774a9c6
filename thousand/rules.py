"""Rule settings: a small immutable object whose defaults are the house rules.

Every table plays Thousand its own way, so each regional rule is one field of
:class:`Rules` with a short record code, read in one place of the engine.
Records and share links carry :meth:`Rules.code`, which names only the
settings that differ from the house rules, so records written before a
setting existed keep their meaning.

Code syntax: ``std`` for the house rules, else parts joined by ``-`` in the
fixed order of the fields. An on/off setting is its code alone (``sb``); a
setting with a value is its code followed by the value (``b880``, ``bolt120``,
``wo3``). Only letters, digits and ``-`` are used, so a code is URL-safe.

>>> Rules().code()
'std'
>>> r = Rules.parse("sb")
>>> r.strict_barrel, r.meld_requires_trick, r.code()
(True, False, 'sb')
>>> Rules(barrel=880, barrel_deals=3, dash_penalty=120).code()
'b880-bd3-bolt120'
>>> Rules.parse("bolt120-b880").barrel
880
>>> resolve("pl") == PRESETS["pl"]
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace

from .cards import NotationError

_PART = re.compile(r"([a-z]+)([0-9]*)")


def _setting(code: str, default: bool | int, label: str, values: tuple[int, ...] = ()):
    """A field of :class:`Rules`: its record code, its allowed values (numbers
    only; on/off settings are ``bool``) and an English label for menus."""
    return field(default=default, metadata={"code": code, "values": values, "label": label})


@dataclass(frozen=True)
class Rules:
    """One value per setting; the defaults are the house rules (code ``std``).

    Each setting's meaning, default and source are in RULES.md ("Settings").
    """

    strict_barrel: bool = _setting("sb", False, "Strict barrel: on the barrel tricks don't count either")
    meld_requires_trick: bool = _setting("mt", False, "A marriage only after taking a trick (not on the first lead)")
    barrel: int = _setting("b", 900, "Barrel at", (880, 900))
    barrel_deals: int = _setting("bd", 0, "Deals on the barrel before falling off with -120 (0: no limit)",
                                 (0, 1, 2, 3, 4, 5))
    dash_penalty: int = _setting("bolt", 100, "Penalty for three dashes (bolts)", (0, 100, 120))
    dashes_anywhere: bool = _setting("da", False, "Any three dashes count, not only three in a row")
    dump: bool = _setting("dump", False, "Dump: a total of exactly 555 or -555 drops to 0")
    write_offs: int = _setting("wo", 1, "Write-offs per player and game", (0, 1, 2, 3, 4, 5))
    no_write_off_negative: bool = _setting("nw", False, "No write-off with a negative total")
    bid_step: int = _setting("s", 10, "Bid step", (5, 10))
    rounding: int = _setting("r", 10, "Defenders' points rounded to", (5, 10))
    free_bidding: bool = _setting("fb", False, "Bid above 120 without a marriage")
    ace_marriage: bool = _setting("am", False, "Ace marriage: four aces are worth 200")
    golden: bool = _setting("gold", False, "Golden round: the first round counts double")
    blind: bool = _setting("bl", False, "Blind bidding: the first hand may bid 120 unseen, counting double")
    dealer_sits: bool = _setting("ds", False, "4 players: the dealer sits on the talon")
    weak_hand: int = _setting("wh", 0, "Redeal when a hand holds fewer points than (0: off)",
                              (0, *range(10, 21)))
    must_beat: bool = _setting("mb", False, "Must beat the card winning the trick when able")

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            values = f.metadata["values"]
            if isinstance(f.default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rule {f.name} is on or off (True/False), not {value!r}")
            elif type(value) is not int or value not in values:
                raise ValueError(f"rule {f.name} must be one of {list(values)}, not {value!r}")

    def code(self) -> str:
        """Short URL-safe code: ``std`` for the house rules, else the settings
        that differ from the default in field order (e.g. ``sb-mt``, ``b880-bd3``)."""
        parts = []
        for f in fields(self):
            value = getattr(self, f.name)
            if value != f.default:
                parts.append(f.metadata["code"] + ("" if isinstance(value, bool) else str(value)))
        return "-".join(parts) if parts else "std"

    @classmethod
    def parse(cls, text: str) -> "Rules":
        """The rules of a code; raises :class:`NotationError` naming the bad part.

        Parts may come in any order (``mt-sb`` is ``sb-mt``), but each setting
        at most once, with an allowed value that is not the default.
        """
        if text == "std":
            return cls()
        by_code = {f.metadata["code"]: f for f in fields(cls)}
        changes: dict[str, bool | int] = {}
        for part in text.split("-"):
            match = _PART.fullmatch(part)
            f = by_code.get(match.group(1)) if match else None
            if f is None:
                raise NotationError(f"unknown rules code {part!r} in {text!r}: expected 'std' or parts "
                                    f"from {sorted(by_code)}")
            digits = match.group(2)
            if isinstance(f.default, bool):
                if digits:
                    raise NotationError(f"rules code {part!r} in {text!r}: {f.metadata['code']!r} takes no number")
                value: bool | int = True
            else:
                allowed = [v for v in f.metadata["values"] if v != f.default]
                if digits not in [str(v) for v in allowed]:  # no int() of a text of any length
                    raise NotationError(f"rules code {part!r} in {text!r}: {f.metadata['code']!r} needs one of "
                                        f"{allowed} (the default {f.default} is written by leaving it out)")
                value = int(digits)
            if f.name in changes:
                raise NotationError(f"rules code {part!r} repeated in {text!r}")
            changes[f.name] = value
        return replace(cls(), **changes)

    def preset(self) -> str | None:
        """The name of the preset these rules are, if any."""
        return next((name for name, rules in PRESETS.items() if rules == self), None)


PRESETS = {
    "uk": Rules(),
    "ru": Rules(barrel=880, barrel_deals=3, dash_penalty=120, dashes_anywhere=True, dump=True, write_offs=3,
                bid_step=5, rounding=5, meld_requires_trick=True, dealer_sits=True),
    "pl": Rules(barrel=880, barrel_deals=3, dash_penalty=0, meld_requires_trick=True, ace_marriage=True,
                must_beat=True, dealer_sits=True),
}
"""Named starting points: ``uk`` the house rules (code ``std``), ``ru`` classic
Russian Thousand (the Russian rules texts), ``pl`` Polish Tysiąc. A preset is
only a way to fill in the settings: records carry the code, never the name,
so a record keeps its meaning if a preset changes."""


def resolve(text: str) -> Rules:
    """A preset name or a rules code (for menus and command lines; records use codes)."""
    return PRESETS[text] if text in PRESETS else Rules.parse(text)


def catalog() -> dict:
    """Every setting and preset as JSON-ready data, so a settings dialog can be
    built without knowing any rule: name, code, type, allowed values, default,
    English label, and each preset's values and code."""
    settings = []
    for f in fields(Rules):
        on_off = isinstance(f.default, bool)
        settings.append({
            "name": f.name, "code": f.metadata["code"], "type": "bool" if on_off else "int",
            "values": [False, True] if on_off else list(f.metadata["values"]), "default": f.default,
            "label": f.metadata["label"],
        })
    presets = [{"name": name, "code": rules.code(), "values": {f.name: getattr(rules, f.name) for f in fields(rules)}}
               for name, rules in PRESETS.items()]
    return {"settings": settings, "presets": presets, "default": "uk"}
