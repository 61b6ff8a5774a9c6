"""A hypothesis strategy for rule settings: any combination of allowed values."""

from __future__ import annotations

from dataclasses import fields

from hypothesis import strategies as st

from thousand import Rules


def rule_sets() -> st.SearchStrategy[Rules]:
    """Every setting drawn independently from its allowed values."""
    parts = {f.name: st.booleans() if isinstance(f.default, bool) else st.sampled_from(f.metadata["values"])
             for f in fields(Rules)}
    return st.fixed_dictionaries(parts).map(lambda values: Rules(**values))
