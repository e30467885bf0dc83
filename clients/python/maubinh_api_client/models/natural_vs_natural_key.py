from enum import StrEnum

class NaturalVsNaturalKey(StrEnum):
    DRAW = "draw"
    HIGHER_WINS = "higher_wins"

    def __str__(self) -> str:
        return str(self.value)
