from enum import StrEnum

class PositionKey(StrEnum):
    BACK = "back"
    FRONT = "front"
    MIDDLE = "middle"

    def __str__(self) -> str:
        return str(self.value)
