"""Rule settings: a small immutable object whose defaults are the house rules.

Each setting has a short code used in game records and share links. A new
regional variant is one more field here plus the one place in the engine that
reads it; records written before it existed keep their meaning because absent
codes mean the default.

>>> Rules().code()
'std'
>>> r = Rules.parse("sb")
>>> r.strict_barrel, r.meld_requires_trick, r.code()
(True, False, 'sb')
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from .cards import NotationError


@dataclass(frozen=True)
class Rules:
    strict_barrel: bool = False
    """Classic strict barrel (сувора бочка): on the barrel tricks don't count
    either, so every barrel deal that does not bring the player out is a dash."""

    meld_requires_trick: bool = False
    """A marriage may be declared only after its owner has taken a trick in this deal."""

    def code(self) -> str:
        """Short URL-safe code: ``std`` for the house rules, else the codes of the
        settings that differ from the default, joined by ``-`` (e.g. ``sb-mt``)."""
        parts = [CODES[f.name] for f in fields(self) if getattr(self, f.name) != f.default]
        return "-".join(parts) if parts else "std"

    @classmethod
    def parse(cls, text: str) -> "Rules":
        if text == "std":
            return cls()
        names = {code: name for name, code in CODES.items()}
        changes = {}
        for part in text.split("-"):
            if part not in names:
                raise NotationError(
                    f"unknown rules code {part!r} in {text!r}: expected 'std' or codes from {sorted(names)}"
                )
            if names[part] in changes:
                raise NotationError(f"rules code {part!r} repeated in {text!r}")
            changes[names[part]] = True
        return replace(cls(), **changes)


CODES = {"strict_barrel": "sb", "meld_requires_trick": "mt"}
"""Record code of each setting; every field of :class:`Rules` has one."""
