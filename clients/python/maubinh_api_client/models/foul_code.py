from enum import StrEnum

class FoulCode(StrEnum):
    BACK_EQUALS_MIDDLE = "back_equals_middle"
    BACK_WEAKER_THAN_MIDDLE = "back_weaker_than_middle"
    MIDDLE_WEAKER_THAN_FRONT = "middle_weaker_than_front"

    def __str__(self) -> str:
        return str(self.value)
