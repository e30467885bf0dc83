from enum import StrEnum

class WheelKey(StrEnum):
    LOW = "low"
    SECOND = "second"

    def __str__(self) -> str:
        return str(self.value)
