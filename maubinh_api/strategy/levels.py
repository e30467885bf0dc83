"""The levels a bot plays at (and a hand history's player is measured against): one name each,
from the beginner to the best play.

>>> [level.value for level in Level]
['beginner', 'casual', 'club', 'expert', 'best']
"""

from __future__ import annotations

from ..rules.labels import LabelledCode
from ..rules.texts import words, words_in

__all__ = ["Level"]


class Level(LabelledCode):
    """How well the bot plays."""

    BEGINNER = "beginner", words("Beginner")
    CASUAL = "casual", words("Casual")
    CLUB = "club", words("Club")
    EXPERT = "expert", words("Expert")
    # TRANSLATORS: the level of a bot that always plays the best arrangement (a verdict's "Best" is another word).
    BEST = "best", words_in("level", "Best")
