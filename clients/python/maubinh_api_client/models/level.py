from enum import StrEnum

class Level(StrEnum):
    BEGINNER = "beginner"
    BEST = "best"
    CASUAL = "casual"
    CLUB = "club"
    EXPERT = "expert"

    def __str__(self) -> str:
        return str(self.value)
