"""Hypothesis strategies for parts of request bodies that several quick-reader tests draw."""

from __future__ import annotations

from hypothesis import strategies as st

#: Variants as a body may send them: preset names, with overrides, and ones the schema refuses
#: (an unknown preset, an override out of range, not a variant at all).
VARIANTS = st.sampled_from(
    ["classic", "nope", {"preset": "online"}, {"preset": "online", "overrides": {"rake": "0.031"}},
     {"preset": "classic", "overrides": {"scoop_multiplier": -1}}, 3, None]
)  # fmt: skip
