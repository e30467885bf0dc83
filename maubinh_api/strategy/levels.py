"""The levels a bot plays at (and a hand history's player is measured against): one name each,
from the beginner to the best play.

>>> [level.value for level in Level]
['beginner', 'casual', 'club', 'expert', 'best']
"""

from __future__ import annotations

from ..rules.labels import LabelledCode

__all__ = ["Level"]


class Level(LabelledCode):
    """How well the bot plays."""

    BEGINNER = "beginner", "Beginner", "Mới chơi"
    CASUAL = "casual", "Casual", "Chơi vui"
    CLUB = "club", "Club", "Câu lạc bộ"
    EXPERT = "expert", "Expert", "Cao thủ"
    BEST = "best", "Best", "Tối ưu"
