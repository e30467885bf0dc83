from enum import StrEnum

class StyleKey(StrEnum):
    AUTO = "auto"
    BEST = "best"
    CLOSE = "close"
    FOUL = "foul"
    FRONT_HEAVY = "front_heavy"
    NATURAL_MISSED = "natural_missed"
    PAIR_BROKEN = "pair_broken"

    def __str__(self) -> str:
        return str(self.value)
