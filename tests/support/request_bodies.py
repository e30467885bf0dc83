"""Parts of request bodies that several tests send: an arrangement written as text, and Hypothesis
strategies the quick-reader tests draw."""

from __future__ import annotations

from hypothesis import strategies as st

#: Variants as a body may send them: preset names, with overrides, and ones the schema refuses
#: (an unknown preset, an override out of range, not a variant at all).
VARIANTS = st.sampled_from(
    ["classic", "nope", {"preset": "online"}, {"preset": "online", "overrides": {"rake": "0.031"}},
     {"preset": "classic", "overrides": {"scoop_multiplier": -1}}, 3, None]
)  # fmt: skip


def arrangement(text: str) -> dict[str, list[str]]:
    """An ``Arrangement`` body from ``"back | middle | front"``, the cards space-separated."""
    back, middle, front = (part.split() for part in text.split("|"))
    return {"back": back, "middle": middle, "front": front}
