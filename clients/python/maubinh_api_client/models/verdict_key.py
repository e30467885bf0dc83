from enum import StrEnum

class VerdictKey(StrEnum):
    BEST = "best"
    BLUNDER = "blunder"
    FOUL = "foul"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"

    def __str__(self) -> str:
        return str(self.value)
