from enum import StrEnum

class Objective(StrEnum):
    EV = "ev"
    STRONGEST = "strongest"

    def __str__(self) -> str:
        return str(self.value)
